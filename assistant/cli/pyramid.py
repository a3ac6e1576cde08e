"""`tableside pyramid ...`: Pyramid Solitaire on the command line.

`legal STATE` prints the legal moves of a state as JSON; `play` is a whole dealt
game in the terminal.  `pyramid_subparsers` makes the `pyramid` command group and
returns its subparsers, so the solver's module adds `solve`, `hint` and
`simulate` to the same group (`register_solver(pyramid_subs)`).
"""
from __future__ import annotations

from .args import add_rules_options, group_help
from .pyramid_solver import register_solver
from .texts import PYRAMID_PLAY_HELP as HELP


def pyramid_subparsers(subs):
    """Add the `pyramid` command group; returns its subparsers for more commands."""
    p = subs.add_parser("pyramid", help="Pyramid Solitaire: legal moves, a game in the terminal",
                        description="Pyramid Solitaire (pairs totalling 13 leave, a King alone).")
    p.set_defaults(func=lambda args: group_help(p))
    return p.add_subparsers(dest="pyramid_command", metavar="COMMAND")


def register(subs) -> None:
    group = pyramid_subparsers(subs)
    p = group.add_parser("legal", help="the legal moves of a state (JSON)",
                         description="Print every legal move of a Pyramid state as JSON, in the "
                                     "engine's stable order.")
    p.add_argument("state", metavar="STATE", help="state JSON file, or - for standard input")
    p.set_defaults(func=lambda args: _commands().legal(args))

    p = group.add_parser("deal", help="the state JSON of a deal (a deck, or a seed's shuffle)",
                         description="Print the starting state of a deal as state JSON. The deck is "
                                     "52 cards, the 28 pyramid cards row by row, then the stock from "
                                     "the top (6s Ts 8c Kc ...; T or 10 for a ten).")
    p.add_argument("deck", metavar="DECK|FILE|-", nargs="?", help="the deck text, a file, or - (stdin)")
    p.add_argument("--seed", type=int, default=None, help="deal a seed's shuffle instead of a deck")
    p.add_argument("--reveal", action="store_true",
                   help="include the stock's order (stock_order), for full-knowledge tools")
    add_rules_options(p)
    p.set_defaults(func=lambda args: _commands().deal(args))

    p = group.add_parser("move", help="apply one move to a state (JSON in, JSON out)",
                         description="Apply a move to a state and print the new state JSON; an "
                                     "illegal move is refused with the reason (exit 2).")
    p.add_argument("state", metavar="STATE", help="state JSON file, or - for standard input")
    p.add_argument("move", metavar="MOVE",
                   help='the move as JSON ({"remove": ["7.1", "7.3"]}) or typed: "7.1 7.3", "draw"')
    p.add_argument("--turned", default="", metavar="CARDS",
                   help="the cards a draw turns face up when the state has no stock_order, e.g. 8h")
    p.set_defaults(func=lambda args: _commands().move(args))

    p = group.add_parser("play", help="play a whole dealt game in the terminal",
                         description="Play Pyramid Solitaire in the terminal. " + HELP)
    p.add_argument("--seed", type=int, default=None, help="seed of the shuffle (replayable)")
    add_rules_options(p)
    p.set_defaults(func=lambda args: _commands().play(args))
    register_solver(group)      # solve, hint, simulate: the solver's commands


def _commands():
    """The group's handlers, imported when one of its commands runs: listing and parsing
    commands needs no game engine (`tableside --help` in under 0.1 s)."""
    from . import pyramid_commands
    return pyramid_commands
