"""Pyramid Solitaire's true numbers: solve times, perfect-information win rates, the hint
policy and the naive player, beside the rules document's section 10.

    .venv/bin/python benchmarks/pyramid.py                 # defaults: a few minutes on one core
    .venv/bin/python benchmarks/pyramid.py --rate-deals 10000 --time-deals 1500 --policy-deals 200

Deal i is `shuffled_deck(seed + i)`, the same deals for every row.  Times are CPU
seconds of the C search (`Solution.seconds`), so a busy machine does not inflate
them.  A deal whose search passes --max-states is counted apart ("unresolved"),
never as a loss.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.pyramid.deck import shuffled_deck  # noqa: E402
from assistant.pyramid.rules import PRESETS, Rules  # noqa: E402
from assistant.pyramid.simulate import play_hint, play_naive, wilson  # noqa: E402
from assistant.pyramid.solver import SolverError, solve  # noqa: E402

# (name, rules, the rules document's figure for it)
RATE_ROWS = [
    ("seed", Rules(), "3.71 % ± 0.12 (measured, 25,000)"),
    ("seed + overlap_pairs", Rules(overlap_pairs=True), "12.4 % ± 0.5 (measured, 5000)"),
    ("three_piles + waste_pairs", Rules(draw="three_piles"), "44.4 % ± 0.7 (measured, 5000)"),
    ("three_piles - waste_pairs", Rules(draw="three_piles", waste_pairs=False),
     "22.6 % ± 0.6 (measured, 5000)"),
    ("stock_top", Rules(stock_top_available=True), "9.02 % published (8.84 ± 0.23 measured)"),
    ("stock_top + overlap", Rules(stock_top_available=True, overlap_pairs=True), "22.77 % published"),
    ("stock_top + all52", Rules(stock_top_available=True, goal="all52"), "6.80 % published"),
    ("stock_top + all52 + overlap", Rules(stock_top_available=True, goal="all52", overlap_pairs=True),
     "15.92 % published"),
    ("stock_top + unlimited", Rules(stock_top_available=True, passes=None), "66.87 % published"),
    ("stock_top + unlimited + overlap", Rules(stock_top_available=True, passes=None, overlap_pairs=True),
     "83.15 % published"),
    ("microsoft", PRESETS["microsoft"], "66.5 % (998 of 1500, mchung94's decks)"),
]


def pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def rate_line(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins}/{n} = {pct(wins / n if n else 0)} [{pct(lo)}, {pct(hi)}]"


def solve_times(name: str, rules: Rules, deals: int, seed: int, max_states: int) -> dict:
    """`solve` as the CLI calls it: a shortest win, or the most cards for a loss."""
    secs, states, unresolved = [], [], 0
    for i in range(deals):
        try:
            s = solve(shuffled_deck(seed + i), rules, max_states=max_states)
        except SolverError:
            unresolved += 1
            continue
        secs.append(s.seconds)
        states.append(s.states)
    secs.sort()
    out = {"rules": name, "deals": deals, "unresolved": unresolved}
    if secs:
        out.update(median_ms=round(1000 * statistics.median(secs), 2),
                   p95_ms=round(1000 * secs[min(len(secs) - 1, int(0.95 * len(secs)))], 2),
                   max_s=round(secs[-1], 3), median_states=int(statistics.median(states)),
                   max_states=max(states))
    return out


def win_rate(rules: Rules, deals: int, seed: int, max_states: int) -> dict:
    """Perfect information: the verdict only (any win, no shortest line needed)."""
    wins = unresolved = 0
    t0 = time.process_time()
    for i in range(deals):
        try:
            wins += solve(shuffled_deck(seed + i), rules, shortest=False, best=False,
                          max_states=max_states).winnable
        except SolverError:
            unresolved += 1
    n = deals - unresolved
    lo, hi = wilson(wins, n)
    return {"deals": deals, "resolved": n, "unresolved": unresolved, "wins": wins,
            "rate": wins / n if n else 0.0, "interval95": [lo, hi],
            "cpu_s": round(time.process_time() - t0, 1)}


def policies(rules: Rules, deals: int, seed: int, hint_budget: int, max_states: int) -> dict:
    out = {}
    for name, play in (("naive", play_naive), ("hint", lambda d, r: play_hint(d, r, hint_budget))):
        wins = removed = 0
        t0 = time.process_time()
        for i in range(deals):
            won, rm = play(shuffled_deck(seed + i), rules)
            wins += won
            removed += rm
        out[name] = {"deals": deals, "wins": wins, "removed_mean": removed / deals,
                     "cpu_s_per_deal": round((time.process_time() - t0) / deals, 2)}
    perfect = win_rate(rules, deals, seed, max_states)
    out["perfect"] = {"deals": perfect["resolved"], "wins": perfect["wins"],
                      "unresolved": perfect["unresolved"]}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-deals", type=int, default=100, help="deals for solve times (per preset)")
    ap.add_argument("--rate-deals", type=int, default=300, help="deals per perfect-information row")
    ap.add_argument("--microsoft-deals", type=int, default=60,
                    help="deals for the microsoft rows (three passes cost far more)")
    ap.add_argument("--policy-deals", type=int, default=10, help="deals for the hint / naive rows")
    ap.add_argument("--hint-budget", type=int, default=100_000,
                    help="positions each hint may search while playing")
    ap.add_argument("--max-states", type=int, default=3_000_000)
    ap.add_argument("--rows", default="", help="comma-separated win-rate rows to run (default: all)")
    ap.add_argument("--sections", default="times,rates,policies",
                    help="which parts to run (default: times,rates,policies)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    figures: dict = {"seed": args.seed, "max_states": args.max_states}
    only = {r.strip() for r in args.rows.split(",") if r.strip()}

    print(f"Pyramid benchmark: deals shuffled_deck({args.seed} + i); CPU time of the C search; "
          f"searches past {args.max_states:,} positions counted as unresolved.\n")
    sections = set(args.sections.split(","))
    print("Solve times (solve(): a shortest win, or the most pyramid cards for a loss)")
    figures["solve_times"] = []
    for name in (("seed", "microsoft") if "times" in sections else ()):
        n = args.time_deals if name == "seed" else min(args.time_deals, args.microsoft_deals)
        t = solve_times(name, PRESETS[name], n, args.seed, args.max_states)
        figures["solve_times"].append(t)
        print(f"  {name:10s} {json.dumps(t)}", flush=True)

    print("\nPerfect-information win rates (95 % Wilson intervals)")
    figures["win_rates"] = []
    for name, rules, ref in RATE_ROWS:
        if (only and name not in only) or "rates" not in sections:
            continue
        n = args.microsoft_deals if name == "microsoft" else args.rate_deals
        w = win_rate(rules, n, args.seed, args.max_states)
        w.update(rules=name, reference=ref)
        figures["win_rates"].append(w)
        extra = f", {w['unresolved']} unresolved" if w["unresolved"] else ""
        print(f"  {name:28s} {rate_line(w['wins'], w['resolved']):40s} document: {ref}"
              f"  ({w['cpu_s']} s CPU{extra})", flush=True)

    print("\nPlaying blind: the hint policy and the naive player on the same deals, "
          "beside perfect information")
    figures["policies"] = []
    for name in (("seed", "microsoft") if "policies" in sections else ()):
        p = policies(PRESETS[name], args.policy_deals, args.seed, args.hint_budget, args.max_states)
        p["rules"] = name
        figures["policies"].append(p)
        for pol in ("naive", "hint", "perfect"):
            d = p[pol]
            more = (f", {d['removed_mean']:.2f} pyramid cards removed per deal, "
                    f"{d['cpu_s_per_deal']} s CPU a deal" if pol != "perfect" else "")
            print(f"  {name:10s} {pol:8s} {rate_line(d['wins'], d['deals'])}{more}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
