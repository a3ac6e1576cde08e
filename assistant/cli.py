"""The `tableside` command line: one entry point, a subcommand per job.

Each area registers its own subcommands (`register(subparsers)`), so this file
only dispatches and turns user errors into a one-line message and exit status
2.  A traceback is never shown: an unexpected failure prints one line too.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, Sequence

from .errors import TablesideError

# Modules that add subcommands, in the order they appear in --help.
_COMMAND_MODULES = (
    "assistant.cli_core",
    "assistant.cli_play",
    "assistant.cli_solver",
    "assistant.pyramid.cli",
    "recognizer.cli",
    "printables.cli",
    "assistant.web.cli",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own usage errors: status 2, one line
        self.print_usage(sys.stderr)
        raise SystemExit(_fail(message))


def _fail(message: str) -> int:
    print(f"tableside: {message}", file=sys.stderr)
    return 2


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tableside",
        description="Tableside: best plays, frame tracking and scoring for Sid Sackson's "
                    "Bowling Solitaire played with real cards.")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(subs)
    return parser


def read_json_arg(path: str) -> Any:
    """Read JSON from a file path or '-' (standard input) with a clear message on failure."""
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as e:
        raise TablesideError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise TablesideError(f"{path} is not a text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        where = "standard input" if path == "-" else path
        raise TablesideError(f"{where} is not valid JSON ({e.msg}, line {e.lineno})") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0 if args.command is None else 2
    try:
        return int(args.func(args) or 0)
    except TablesideError as e:
        return _fail(str(e))
    except KeyboardInterrupt:
        return _fail("interrupted")
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug: still one line, never a traceback
        return _fail(f"internal error ({type(e).__name__}: {e}); please report it") or 1


if __name__ == "__main__":
    sys.exit(main())
