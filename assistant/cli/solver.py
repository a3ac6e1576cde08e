"""`tableside hint` and `tableside simulate`: the solver from the command line."""
from __future__ import annotations

import json
import os
import sys

from ..bowling.objectives import OBJECTIVES
from ..bowling.solver import hint
from ..bowling.state import FrameState
from ..common import TablesideError
from .args import add_variant_option, read_json_arg, variant_arg


def register(subs) -> None:
    p = subs.add_parser(
        "hint", help="the best play of a state, with the value of every action",
        description="Value every legal action of a frame state (JSON) by its exact expected "
                    "utility over the unseen cards, and name the best.")
    p.add_argument("state", metavar="STATE", help="state JSON file, or - for standard input")
    p.add_argument("--objective", choices=OBJECTIVES, default="game",
                   help="what to maximise: game (expected final score, default), pins, "
                        "strike (chance) or clear (chance of a strike or spare)")
    p.add_argument("--weights", metavar="M1,M2,S,P",
                   help="custom utility m1*pins1 + m2*pins2 + s*strike + p*spare "
                        "(overrides --objective)")
    add_variant_option(p)
    p.add_argument("--json", action="store_true", help="print the hint as JSON")
    p.set_defaults(func=_hint)

    p = subs.add_parser(
        "simulate", help="play whole games on virtual deals and report the scores",
        description="Play N ten-frame games (with tenth-frame bonus balls) on seeded virtual "
                    "deals and report mean score, strikes, spares and open frames.")
    p.add_argument("--games", type=int, default=100, metavar="N")
    p.add_argument("--policy", choices=("optimal", "greedy", "random"), default="optimal")
    p.add_argument("--objective", choices=OBJECTIVES, default="game",
                   help="what the optimal policy maximises (default: game)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help=f"processes to use (this machine has {os.cpu_count()} cores)")
    p.add_argument("--perfect-information", action="store_true",
                   help="let the optimal policy see every face-down card: an upper bound")
    add_variant_option(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=_simulate)


def _hint(args) -> int:
    state = FrameState.from_json(read_json_arg(args.state))
    h = hint(state, args.objective, args.weights, variant_arg(args))
    if args.json:
        print(json.dumps(h.to_json()))
        return 0
    print(h.explanation)
    print()
    for a in h.actions:
        name = "end the ball" if a.play is None else \
            f"pile {a.play.pile} takes {'+'.join(a.play.pins)}"
        print(f"  {a.value:9.4f}  {name}")
    w = h.weights
    print(f"\nobjective {h.objective}: {w.m1:g}*pins1 + {w.m2:g}*pins2 + {w.s:.3f}*strike "
          f"+ {w.p:.3f}*spare" + (" (one-ball deal)" if w.one_ball else ""))
    return 0


def _simulate(args) -> int:
    # heavy for a start-up: simulate brings multiprocessing (a tenth of `tableside hint`'s imports)
    from ..bowling.simulate import simulate

    policy = args.policy
    if args.perfect_information:
        if policy != "optimal":
            raise TablesideError("--perfect-information goes with the optimal policy only")
        policy = "perfect"
    summary = simulate(args.games, policy, args.objective, args.seed, args.workers,
                       variant_arg(args), progress=sys.stderr.isatty() or args.games >= 50)
    print(json.dumps(summary.to_json()) if args.json else summary.text())
    return 0
