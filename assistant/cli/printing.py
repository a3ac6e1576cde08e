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
import json
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
        paper = None if args.paper is None else _paper(args.paper, PAPERS)  # None: follows --lang
        written = build(target, paper)
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
    from printables.paper import paper_for
    from printables.rules_card import build_rules, check_lang  # heavy (ReportLab)

    def build(out, paper):
        lang = check_lang(args.lang)
        return build_rules(out, lang=lang, paper=paper_for(lang, paper))
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


def _read_json(path: str):
    """JSON from a file or '-' (stdin); one-line TablesideError when unreadable or malformed."""
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise TablesideError(f"cannot read {path}: {reason}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TablesideError(f"malformed JSON in {path}: {exc.msg} at line {exc.lineno} "
                         f"column {exc.colno}") from None


def _names(value) -> list[str]:
    return [] if not value else [n.strip() for n in value.split(",")]


def cmd_topple_rules(args) -> int:
    from printables.topple_rules import build_topple_rules

    def build(out, paper):
        return build_topple_rules(out, lang=args.lang, paper=paper)
    return _run(build, args)


def cmd_topple_sheet(args) -> int:
    from printables.topple_sheet import blank_topple_sheet, topple_sheet

    def build(out, paper):
        if args.data is not None:
            if args.players is not None or args.names:
                raise TablesideError("--players and --names are for a blank sheet; a filled sheet "
                                 "takes its players from --data")
            game = _read_json(args.data)
            if not isinstance(game, dict):
                raise TablesideError("malformed game: expected an object with \"players\", "
                                 "\"rounds\" and \"target\"")
            return topple_sheet(game.get("players"), game.get("rounds", []), game.get("target"),
                                out, lang=args.lang, paper=paper)
        names = _names(args.names)
        count = (_int_option(args.players, "players") if args.players is not None
                 else len(names) or 2)
        target = None if args.target is None else _int_option(args.target, "target")
        return blank_topple_sheet(out, players=count, names=names, target=target,
                                  lang=args.lang, paper=paper)
    return _run(build, args)


def cmd_pyramid_rules(args) -> int:
    from printables.pyramid_rules import build_pyramid_rules

    def build(out, paper):
        return build_pyramid_rules(out, lang=args.lang, paper=paper)
    return _run(build, args)


def cmd_pyramid_tally(args) -> int:
    from printables.pyramid_tally import pyramid_tally

    def build(out, paper):
        rows = None                         # no --data: a blank sheet
        if args.data is not None:
            data = _read_json(args.data)
            rows = data.get("rows", "missing") if isinstance(data, dict) else data
            if not isinstance(rows, list):
                raise TablesideError("malformed tally: expected a list of games or {\"rows\": [...]}")
        return pyramid_tally(rows, out, lang=args.lang, paper=paper)
    return _run(build, args)


def register(subparsers) -> argparse.ArgumentParser:
    """Add `print` with scorepad / rules / mat / sheet (Bowling), topple-rules / topple-sheet and
    pyramid-rules / pyramid-tally to the main CLI's subparsers."""
    parser = _one_line_errors(subparsers.add_parser(
        "print", help="print score pads, rules cards, the play mat or score sheets (PDF)",
        description="Printable PDFs for playing with real cards."))
    commands = parser.add_subparsers(dest="print_command", metavar="WHAT")
    commands.required = True

    def add(name, help_text, func, *, paper_follows_lang=False):
        p = _one_line_errors(commands.add_parser(name, help=help_text, description=help_text))
        if paper_follows_lang:
            p.add_argument("--paper", default=None, metavar="letter|a4",
                           help="paper size (default: letter for en, a4 for the other languages)")
        else:
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

    rules = add("rules", "the rules card (one sheet, two sides)", cmd_rules,
                paper_follows_lang=True)
    rules.add_argument("--lang", default="en", metavar="en|es|de", help="language (default en)")

    add("mat", "the two-sheet play mat with ArUco markers", cmd_mat)

    sheet = add("sheet", "a filled score sheet of a game (JSON)", cmd_sheet)
    sheet.add_argument("game", metavar="GAME", help="game JSON file, or '-' for stdin")

    t_rules = add("topple-rules", "the Topple rules card (one side)", cmd_topple_rules,
                  paper_follows_lang=True)
    t_rules.add_argument("--lang", default="es", metavar="es|en", help="language (default es)")

    t_sheet = add("topple-sheet", "a Topple score sheet, blank or filled from --data",
                  cmd_topple_sheet, paper_follows_lang=True)
    t_sheet.add_argument("--players", default=None, metavar="N",
                         help="players on a blank sheet, 2-4 (default: as many as --names, or 2)")
    t_sheet.add_argument("--names", default=None, metavar="A,B,...",
                         help="players' names on a blank sheet, comma-separated")
    t_sheet.add_argument("--target", default=None, metavar="N", help="winning score to print")
    t_sheet.add_argument("--data", default=None, metavar="GAME",
                         help="JSON {players, rounds, target} to fill in ('-' for stdin)")
    t_sheet.add_argument("--lang", default="en", metavar="en|es", help="language (default en)")

    p_rules = add("pyramid-rules", "the Pyramid Solitaire rules card (one side)",
                  cmd_pyramid_rules, paper_follows_lang=True)
    p_rules.add_argument("--lang", default="eu", metavar="eu|en|es",
                         help="language (default eu, the seed's)")

    tally = add("pyramid-tally", "a Pyramid Solitaire tally sheet, blank or filled from --data",
                cmd_pyramid_tally, paper_follows_lang=True)
    tally.add_argument("--data", default=None, metavar="ROWS",
                       help="JSON list of games, or {\"rows\": [...]} ('-' for stdin)")
    tally.add_argument("--lang", default="en", metavar="eu|en|es", help="language (default en)")
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
