"""The `tableside` command line: one entry point, a group of subcommands per area.

Each group module defines its subcommands with `register(subparsers)` at import
time, importing nothing heavy: a handler that needs OpenCV, Flask or ReportLab
imports it when it runs, so `tableside hint` starts without them.  This file
only lists the groups, dispatches, and turns user errors into a one-line
message and exit status 2.  A traceback is never shown: an unexpected failure
prints one line too.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..common import TablesideError
from .args import read_json_arg  # noqa: F401  (importable from here as before; bound before the groups load)
from . import core, play, printing, pyramid, recognize, serve, solver, topple

# The command groups, in the order --help lists them.  A new group (a new game's
# `tableside pyramid ...`) is a module with `register(subparsers)`, named here once.
GROUPS = (core, play, solver, topple, pyramid, recognize, printing, serve)


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
    for group in GROUPS:
        group.register(subs)
    return parser


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
