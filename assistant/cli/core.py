"""`tableside legal` and `tableside score`: the rules engine and the pad, as JSON."""
from __future__ import annotations

import json

from ..bowling.scoring import ScoreError, score_rolls
from ..bowling.state import FrameState
from .args import add_variant_option, read_json_arg, variant_arg


def register(subs) -> None:
    p = subs.add_parser("legal", help="list the legal plays of a state (JSON)",
                        description="Print every legal play of a state as JSON.")
    p.add_argument("state", metavar="STATE", help="state JSON file, or - for standard input")
    add_variant_option(p)
    p.set_defaults(func=_legal)

    p = subs.add_parser("score", help="score a game from its rolls (JSON)",
                        description="Score ten-pin rolls (pins per ball) as a bowling pad.")
    p.add_argument("rolls", metavar="ROLL", nargs="*", help="pins knocked down by each ball")
    p.add_argument("--final", action="store_true", help="also refuse a game that is not complete")
    p.set_defaults(func=_score)


def _legal(args) -> int:
    state = FrameState.from_json(read_json_arg(args.state))
    plays = [] if state.frame_over else [p.to_json() for p in
                                         state.legal_plays(variant_arg(args))]
    print(json.dumps({"plays": plays, "can_end_ball": not state.frame_over}))
    return 0


def _score(args) -> int:
    rolls = []
    for n, r in enumerate(args.rolls, start=1):
        try:
            rolls.append(int(r))
        except ValueError:
            raise ScoreError(f"roll {n} is {r!r}: a roll is a whole number of pins") from None
    print(json.dumps(score_rolls(rolls, final=args.final).to_json()))
    return 0
