"""`tableside pyramid solve | hint | simulate`: the solver from the command line.

`register_solver(pyramid_subs)` adds the three commands to the `pyramid` group
made by `assistant.cli.pyramid` (its `register` calls this with the group's
subparsers), so the group has one home.
"""
from __future__ import annotations

import json

from ..common import TablesideError
from .args import add_rules_options
from ..pyramid.rules import Rules
from ..pyramid.policies import POLICIES


def register_solver(group) -> None:
    p = group.add_parser(
        "solve", help="perfect information: is a deal winnable, a shortest win",
        description="Solve a whole deal with every card known: winnable or not, a shortest "
                    "winning line (every removal, draw and recycle is a move), and for a lost deal "
                    "the most pyramid cards removable. The deck is 52 cards: the 28 pyramid cards "
                    "row by row, then the stock from the top (6s Ts 8c Kc ...; T or 10 for a ten).")
    p.add_argument("deck", metavar="DECK|FILE|-", help="the deck text, a file holding it, or - (stdin)")
    add_rules_options(p)
    p.add_argument("--json", action="store_true", help="print the solution as JSON")
    p.set_defaults(func=_solve)

    p = group.add_parser(
        "hint", help="the best move of a state, every legal move ranked by its chance to win",
        description="Rank every legal move of a Pyramid state (JSON) by the probability of "
                    "clearing the pyramid over the unseen stock's possible orders (exact when few "
                    "cards are unseen, sampled before), tie-broken on pyramid cards removed.")
    p.add_argument("state", metavar="STATE", help="state JSON file, or - for standard input")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled stock orders (default 0)")
    p.add_argument("--json", action="store_true", help="print the hint as JSON")
    p.set_defaults(func=_hint)

    p = group.add_parser(
        "simulate", help="play seeded deals with a policy: win rate, cards removed",
        description="Play N seeded deals (deal i is the shuffle of seed S+i) with a policy: "
                    "perfect (sees the whole deal), hint (plays blind with the hint engine) or "
                    "naive (pair at once, draw when stuck); prints the win rate with a 95 %% "
                    "interval, pyramid cards removed per deal and the time.")
    p.add_argument("--deals", type=int, default=100, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--policy", choices=POLICIES, default="perfect")
    p.add_argument("--hint-budget", type=int, default=100_000, metavar="STATES",
                   help="positions each sampled hint may search under --policy hint (default "
                        "100000, about a tenth of a second; `pyramid hint` uses 400000)")
    add_rules_options(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=_simulate)


def _solve(args) -> int:
    from ..pyramid.deck import read_deck
    from ..pyramid.solver import solve
    s = solve(read_deck(args.deck), Rules.from_text(args.rules, args.set))
    if args.json:
        print(json.dumps(s.to_json()))
        return 0
    if s.winnable:
        print(f"Winnable: a shortest win takes {len(s.moves)} moves "
              f"({s.states:,} positions searched, {s.seconds:.3f} s).")
    else:
        print(f"Not winnable: at most {s.removed} of 28 pyramid cards can be removed "
              f"({s.states:,} positions searched, {s.seconds:.3f} s).")
    for n, m in enumerate(s.moves, 1):
        print(f"{n:3d}. {_move_text(m)}")
    return 0


def _move_text(m: dict) -> str:
    if "draw" in m:
        return "draw"
    if "recycle" in m:
        return "recycle the waste"
    return "remove " + " + ".join(m["remove"])


def _hint(args) -> int:
    from .args import read_json_arg
    from ..pyramid.hint import hint
    h = hint(read_json_arg(args.state), seed=args.seed)
    if args.json:
        print(json.dumps(h))
        return 0
    print(h["explanation"])
    for a in h["actions"]:
        print(f"  {_move_text(a['move']):28s} win {100 * a['win']:5.1f} %   removed {a['removed']:5.2f}")
    return 0


def _simulate(args) -> int:
    from ..pyramid.simulate import simulate
    if args.deals < 1:
        raise TablesideError("--deals must be at least 1")
    if args.hint_budget < 1:
        raise TablesideError("--hint-budget must be at least 1")
    s = simulate(args.deals, args.seed, args.policy, Rules.from_text(args.rules, args.set),
                 hint_budget=args.hint_budget)
    print(json.dumps(s.to_json()) if args.json else s.line())
    return 0
