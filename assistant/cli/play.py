"""`tableside play`: a whole game in the terminal on virtual deals.

For people without a camera (and for trying the rules out).  Plays are typed
as "1 FH" (pile 1's card takes F and H); "end" stops the ball, "hint" asks the
solver, "undo" takes the last action back, "sheet" shows the pad, "quit" stops.
"""
from __future__ import annotations

from .args import add_variant_option
from .texts import BOWLING_PLAY_HELP as HELP


def register(subs) -> None:
    p = subs.add_parser("play", help="play a whole game in the terminal on virtual deals",
                        description="Play Bowling Solitaire in the terminal. " + HELP)
    p.add_argument("--seed", type=int, default=None, help="seed for the shuffles (replayable)")
    p.add_argument("--players", default="Player",
                   help="comma-separated player names, e.g. Ann,Bob (default: Player)")
    add_variant_option(p)
    p.set_defaults(func=lambda args: _commands().play(args))


def _commands():
    """The group's handlers, imported when one of its commands runs: listing and parsing
    commands needs no game engine (`tableside --help` in under 0.1 s)."""
    from . import play_commands
    return play_commands
