"""`tableside print ...`: the printables on the command line.

`register(subparsers)` adds the `print` command to the main `tableside`
parser; each sub-command sets `func(args) -> int`.  Options are checked here,
not by argparse types/choices, so every mistake is one line on stderr
("tableside: ...") and exit status 2, never a usage dump or a traceback.

The printables load ReportLab as they are imported, so the handlers import them
when a PDF is asked for, and `tableside hint` never pays for them; the options
are refused as TablesideError (the same one line) before ReportLab is needed.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..common import TablesideError

EXIT_OK, EXIT_USAGE = 0, 2


def _fail(message: str) -> int:
    print(f"tableside: {message}", file=sys.stderr)
    return EXIT_USAGE


def _one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """argparse's own complaints (unknown option, missing command) as one line too."""
    def error(message):
        where = parser.prog.split(" ", 1)[1] + ": " if " " in parser.prog else ""
        print(f"tableside: {where}{message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)
    parser.error = error
    return parser


def _int_option(value, name: str, *, minimum: int = 1) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise TablesideError(f"--{name} must be a whole number (got {value!r})") from None
    if number < minimum:
        raise TablesideError(f"--{name} must be at least {minimum} (got {number})")
    return number


def _paper(value: str, papers) -> str:
    key = str(value).strip().lower()
    if key not in papers:
        raise TablesideError(f"unsupported paper {value!r} (choose {' or '.join(papers)})")
    return key


def _output(args):
    """The --out target: a path, or stdout's bytes for '-'."""
    if not args.out:
        raise TablesideError(f"print {args.print_command} needs --out FILE (or --out - for stdout)")
    if args.out == "-":
        return sys.stdout.buffer
    return Path(args.out)


def _run(build, args) -> int:
    """Write one PDF: build(target, paper) with --out and --paper checked."""
    # heavy: printables.paper loads ReportLab, so only a print command pays for it
    from printables.paper import PAPERS, PrintError
    try:
        target = _output(args)
        written = build(target, _paper(args.paper, PAPERS))
    except (PrintError, TablesideError) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"cannot write {args.out}: {exc.strerror or exc}")
    if isinstance(written, Path):
        print(f"wrote {written}")
    return EXIT_OK


def cmd_scorepad(args) -> int:
    from printables.scorepad import build_scorepad, max_players  # heavy (ReportLab)

    def build(out, paper):
        players = _int_option(args.players, "players")
        limit = max_players(paper)
        if players > limit:
            raise TablesideError(f"{players} players do not fit on a {paper} page (at most {limit})")
        games = None if args.games is None else _int_option(args.games, "games")
        return build_scorepad(out, players=players, games=games, paper=paper, title=args.title)
    return _run(build, args)


def cmd_rules(args) -> int:
    from printables.rules_card import build_rules, check_lang  # heavy (ReportLab)

    def build(out, paper):
        return build_rules(out, lang=check_lang(args.lang), paper=paper)
    return _run(build, args)


def cmd_mat(args) -> int:
    from printables.mat import build_mat  # heavy (ReportLab, OpenCV's ArUco markers)

    def build(out, paper):
        return build_mat(out, paper=paper)
    return _run(build, args)


def cmd_sheet(args) -> int:
    from printables.sheet import build_sheet, parse_game  # heavy (ReportLab)

    def build(out, paper):
        if args.game == "-":
            text = sys.stdin.read()
        else:
            try:
                text = Path(args.game).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                reason = getattr(exc, "strerror", None) or str(exc)
                raise TablesideError(f"cannot read game file {args.game}: {reason}") from None
        return build_sheet(parse_game(text), out, paper=paper)
    return _run(build, args)


def register(subparsers) -> argparse.ArgumentParser:
    """Add `print` with scorepad / rules / mat / sheet to the main CLI's subparsers."""
    parser = _one_line_errors(subparsers.add_parser(
        "print", help="print score pads, the rules card, the play mat or a score sheet (PDF)",
        description="Printable PDFs for playing with real cards."))
    commands = parser.add_subparsers(dest="print_command", metavar="WHAT")
    commands.required = True

    def add(name, help_text, func):
        p = _one_line_errors(commands.add_parser(name, help=help_text, description=help_text))
        p.add_argument("--paper", default="letter", metavar="letter|a4",
                       help="paper size (default: letter)")
        p.add_argument("--out", metavar="FILE", help="PDF to write ('-' for stdout)")
        p.set_defaults(func=func)
        return p

    pad = add("scorepad", "a blank bowling score pad", cmd_scorepad)
    pad.add_argument("--players", default="1", metavar="N", help="rows per game (default 1)")
    pad.add_argument("--games", default=None, metavar="K",
                     help="games in the pad (default: as many as fill one page)")
    pad.add_argument("--title", default="Bowling Solitaire", metavar="TEXT", help="page title")

    rules = add("rules", "the rules card (one sheet, two sides)", cmd_rules)
    rules.add_argument("--lang", default="en", metavar="en|es|de", help="language (default en)")

    add("mat", "the two-sheet play mat with ArUco markers", cmd_mat)

    sheet = add("sheet", "a filled score sheet of a game (JSON)", cmd_sheet)
    sheet.add_argument("game", metavar="GAME", help="game JSON file, or '-' for stdin")
    return parser


def main(argv=None) -> int:
    """A parser holding only `print` (the tests drive it), answering exactly as `tableside print`."""
    parser = _one_line_errors(argparse.ArgumentParser(prog="tableside"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    register(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
