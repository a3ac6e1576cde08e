"""`tableside topple ...`: score a game file, list legal spaces, rank spaces, play at the table.

A public contract (README, "Topple"): `score --json` prints exactly one object
{"events": [{"changes": {...}}, ...], "totals": {...}, "round": N, "over": B,
"winners": [...]} (plus "out" in the junior version).  Impossible input ends
with one line `tableside: <reason>` and status 2, through the main CLI.
"""
from __future__ import annotations

from .args import group_help
from .texts import TOPPLE_PLAY_HELP as PLAY_HELP


def register(subs) -> None:
    top = subs.add_parser("topple", help="Topple: score a game, legal and best spaces, play",
                          description="Topple's scorekeeper and rules engine.")
    top.set_defaults(func=lambda args: group_help(top))
    group = top.add_subparsers(dest="topple_command", metavar="COMMAND",
                               parser_class=type(top))

    p = group.add_parser("score", help="replay a game file and print the scores",
                         description="Replay a Topple game (JSON: players, target, rules, "
                                     "events) and print every change of score and the totals.")
    p.add_argument("game", metavar="GAME", help="game JSON file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object (the contract)")
    p.set_defaults(func=lambda args: _commands().score(args))

    p = group.add_parser("legal", help="the spaces a roll allows",
                         description="List the spaces a die roll allows (1: C3; 2-5: that "
                                     "level; 6: any space).")
    p.add_argument("--roll", type=int, required=True, help="the die, 1-6")
    p.add_argument("--json", action="store_true", help='print {"roll": N, "spaces": [...]}')
    p.set_defaults(func=lambda args: _commands().legal(args))

    p = group.add_parser("best", help="rank the legal spaces for a roll",
                         description="Rank the legal spaces for the player in turn: by the "
                                     "points scored now, then by the next player's expected "
                                     "best score (lower first), then by space name.")
    p.add_argument("game", metavar="GAME", help="game JSON file, or - for standard input")
    p.add_argument("--roll", type=int, required=True, help="the die, 1-6")
    p.add_argument("--json", action="store_true", help="print the ranking as JSON")
    p.set_defaults(func=lambda args: _commands().best(args))

    p = group.add_parser("play", help="keep score of a game at the table, in the terminal",
                         description="Keep the score of a game on the physical board. "
                                     + PLAY_HELP)
    p.add_argument("--set", dest="switches", default="", metavar="K=V,...",
                   help="rule switches, e.g. tall_stack=after3,completion_counts_own_stack=true")
    p.add_argument("--save", metavar="FILE",
                   help="write the game file (for `topple score`) after every event")
    p.set_defaults(func=lambda args: _commands().play(args))


def _commands():
    """The group's handlers, imported when one of its commands runs: listing and parsing
    commands needs no Topple engine (`tableside --help` in under 0.1 s)."""
    from . import topple_commands
    return topple_commands
