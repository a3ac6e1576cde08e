"""Offline: what a strike or spare is worth in later points (bonus_values.json).

    python -m assistant.bowling.calibrate [--deals 3000] [--seed 1969] [--workers 2]

The `game` objective needs, for each deal, the weights (m1, m2, s, p) of its
linear utility.  m1, m2 follow from the rolls; s and p are the expected extra
points that a strike or spare made now brings in the following deals, when
those are played to maximise the expected final score too.  With W(f, a, b)
the expected score from the start of frame f onwards, where a and b are the
extra counts that earlier strikes and spares put on its first two rolls:

    W(f, a, b) = E[best value of a frame-f deal with weights w(f, a, b)] + W(f+1, 0, 0)
    w(f, a, b) = (1+a, 1+b, W(f+1, b+1, 1) - W(f+1, 0, 0), W(f+1, 1, 0) - W(f+1, 0, 0))

and for the tenth frame and its bonus deals

    E1          = E[best pins of a one-ball deal]
    BS(b)       = E[best value of the strike-bonus deal, weights (1+b, 1, E1, 0)]
    w(10, a, b) = (1+a, 1+b, BS(b), E1)

The expectations are means of the solver's exact deal values over the same N
seeded deals for every weight (common random numbers), computed backwards from
the tenth frame.  Once a frame's s and p equal the next frame's (the fixed
point, reached a few frames before the tenth), earlier frames reuse them.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

from .frame import Frame
from .objectives import BONUS_VALUES, PENDING, Weights
from .rules import Variant
from .solver import DealSolver

FRAMES = 10
CONVERGED = 1e-4     # a frame's s, p within this of the next frame's: fixed point


def deal_value(w: Weights, variant: Variant, seed: int, index: int) -> tuple:
    """(value, pins ball 1, pins ball 2, P strike, P spare) of one seeded deal under best play."""
    rng = random.Random(f"calibrate:{seed}:{index}")
    frame = Frame.dealt(rng, 1 if w.one_ball else 2, variant)
    if frame.over:      # a one-ball deal with no legal play at all
        return (0.0, 0.0, 0.0, 0.0, 0.0)
    state = frame.state()
    actions = DealSolver(frame.pin_values, w, variant).actions(state)
    best = max(actions, key=lambda a: a.value)
    return (best.value, best.pins_ball1, best.pins_ball2, best.p_strike, best.p_spare)


def _chunk(job):
    w, variant, seed, lo, hi = job
    return [deal_value(w, variant, seed, i) for i in range(lo, hi)]


class Evaluator:
    """Deal values for several weights at once, over the same N deals, in a process pool."""

    def __init__(self, deals: int, seed: int, variant: Variant, workers: int):
        self.deals, self.seed, self.variant = deals, seed, variant
        self.pool = multiprocessing.get_context("fork").Pool(workers) if workers > 1 else None
        self.solved = 0

    def run(self, weights: list[Weights]) -> list[list[tuple]]:
        step = 25
        jobs = [(w, self.variant, self.seed, lo, min(lo + step, self.deals))
                for w in weights for lo in range(0, self.deals, step)]
        mapper = self.pool.imap if self.pool else map
        chunks = []
        for n, part in enumerate(mapper(_chunk, jobs), start=1):
            chunks.append(part)
            print(f"\r  {len(weights)} weight set(s): {100 * n // len(jobs)}%", end="",
                  file=sys.stderr, flush=True)
        print(file=sys.stderr)
        per = len(range(0, self.deals, step))
        self.solved += len(weights) * self.deals
        return [[r for c in chunks[k * per:(k + 1) * per] for r in c]
                for k in range(len(weights))]

    def close(self):
        if self.pool:
            self.pool.close()
            self.pool.join()


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, 1.96 * math.sqrt(var / n)


def summary(rows: list[tuple]) -> dict:
    cols = list(zip(*rows))
    names = ("value", "pins_ball1", "pins_ball2", "p_strike", "p_spare")
    out = {}
    for name, col in zip(names, cols):
        m, ci = mean_ci(list(col))
        out[name] = round(m, 6)
        if name == "value":
            out["value_ci95"] = round(ci, 6)
    return out


def calibrate(deals: int, seed: int, variant: Variant, workers: int) -> dict:
    ev = Evaluator(deals, seed, variant, workers)
    t0 = time.time()
    try:
        # the one-ball deal: pins only, counted once
        (one,) = ev.run([Weights(1, 0, 0, 0, one_ball=True)])
        e1, e1_ci = mean_ci([r[0] for r in one])
        # the strike-bonus deal of the tenth; b = extra count on bonus ball 1
        bs_rows = ev.run([Weights(1 + b, 1, e1, 0) for b in (0, 1)])
        bs = {b: mean_ci([r[0] for r in rows])[0] for b, rows in zip((0, 1), bs_rows)}
        W: dict[int, dict] = {}
        weights: dict[int, dict] = {}
        stats: dict[int, dict] = {}
        diffs_ci: dict[int, dict] = {}
        rows_by: dict[tuple, list] = {}
        for f in range(FRAMES, 0, -1):
            if f == FRAMES:
                ws = {(a, b): Weights(1 + a, 1 + b, bs[b], e1) for a, b in PENDING}
            else:
                base = W[f + 1][(0, 0)]
                ws = {(a, b): Weights(1 + a, 1 + b, W[f + 1][(b + 1, 1)] - base,
                                      W[f + 1][(1, 0)] - base) for a, b in PENDING}
                # s and p are differences of means over the same deals: their CI
                nxt = {k: [r[0] for r in rows_by[(f + 1, k)]] for k in PENDING}
                diffs_ci[f] = {
                    f"{a},{b}": [round(mean_ci([x - y for x, y in
                                                zip(nxt[(b + 1, 1)], nxt[(0, 0)])])[1], 4),
                                 round(mean_ci([x - y for x, y in
                                                zip(nxt[(1, 0)], nxt[(0, 0)])])[1], 4)]
                    for a, b in PENDING}
            converged = f < FRAMES - 1 and all(
                abs(ws[k].s - weights[f + 1][k].s) < CONVERGED and
                abs(ws[k].p - weights[f + 1][k].p) < CONVERGED for k in PENDING)
            if converged:
                rows = {k: rows_by[(f + 1, k)] for k in PENDING}   # same weights, same deals
            else:
                print(f"frame {f}", file=sys.stderr)
                got = ev.run([ws[k] for k in PENDING])
                rows = dict(zip(PENDING, got))
            later = W[f + 1][(0, 0)] if f < FRAMES else 0.0
            W[f] = {k: mean_ci([r[0] for r in rows[k]])[0] + later for k in PENDING}
            weights[f] = ws
            stats[f] = {k: summary(rows[k]) for k in PENDING}
            for k in PENDING:
                rows_by[(f, k)] = rows[k]
    finally:
        ev.close()
    key = lambda k: f"{k[0]},{k[1]}"  # noqa: E731
    return {
        "about": "Bonus values for the 'game' objective; made by python -m assistant.bowling.calibrate, "
                 "derivation in docs/solver.md.",
        "variant": variant.value,
        "deals": deals,
        "seed": seed,
        "date": datetime.date.today().isoformat(),
        "solves": ev.solved,
        "seconds": round(time.time() - t0, 1),
        "one_ball_deal": round(e1, 6),
        "one_ball_deal_ci95": round(e1_ci, 6),
        "strike_bonus_deal": {str(b): round(v, 6) for b, v in bs.items()},
        "strike_bonus_deal_stats": {str(b): summary(rows) for b, rows in zip((0, 1), bs_rows)},
        "expected_game_score": round(W[1][(0, 0)], 4),
        "frame_values": {str(f): {key(k): round(v, 6) for k, v in W[f].items()}
                         for f in sorted(W)},
        "weights": {str(f): {key(k): [w.m1, w.m2, round(w.s, 6), round(w.p, 6)]
                             for k, w in weights[f].items()} for f in sorted(weights)},
        "s_p_ci95": {str(f): v for f, v in sorted(diffs_ci.items()) if v},
        "frame_stats": {str(f): {key(k): v for k, v in stats[f].items()} for f in sorted(stats)},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m assistant.bowling.calibrate", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1969)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--variant", choices=[v.value for v in Variant], default="sackson")
    ap.add_argument("--out", type=Path, default=BONUS_VALUES)
    args = ap.parse_args(argv)
    variant = Variant(args.variant)
    table = calibrate(args.deals, args.seed, variant, args.workers)
    try:
        existing = json.loads(args.out.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        existing = {}
    variants = existing.get("variants", {}) if isinstance(existing, dict) else {}
    variants[variant.value] = table
    args.out.write_text(json.dumps({"variants": variants}, indent=1) + "\n")
    print(f"wrote {args.out}: one-ball deal {table['one_ball_deal']:.3f} pins, expected game "
          f"score {table['expected_game_score']:.2f}, {table['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
