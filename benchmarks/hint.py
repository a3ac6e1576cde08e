"""Time `assistant.bowling.solver.hint`: frame-start and mid-frame states, each solved from cold.

    .venv/bin/python benchmarks/hint.py [--deals 200] [--mid 300] [--seed 0] [--json]

Frame-start: 200 random deals, game objective, default rolls (7 unseen cards).
Mid-frame: a few hundred random reachable states after at least one play
(random plays, sometimes ending ball 1), game objective.  Every hint starts
with an empty memo, as a web request with a fresh state would; "warm" is the
same mid-frame state again with the deal's memo kept (the tracker's case).
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from assistant.bowling import solver
from assistant.bowling.frame import Frame
from assistant.bowling.layout import FULL
from assistant.bowling.solver import hint


def timed(state) -> float:
    solver._cache.clear()
    t = time.perf_counter()
    hint(state)
    return time.perf_counter() - t


def mid_frame_states(n: int, rng: random.Random) -> list:
    out = []
    while len(out) < n:
        f = Frame.dealt(rng)
        steps = rng.randint(1, 6)
        while not f.over and steps:
            plays = f.legal_plays()
            if rng.random() < 0.15 and f.ball == 1:
                f.end_ball()
            else:
                p = rng.choice(plays)
                f.play(p.pile, p.pins)
            steps -= 1
        if not f.over and f.state().standing != FULL:
            out.append(f.state())
    return out


def stats(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"n": len(xs), "median_ms": round(1e3 * statistics.median(xs), 2),
            "p95_ms": round(1e3 * xs[int(0.95 * (len(xs) - 1))], 2),
            "max_ms": round(1e3 * xs[-1], 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--mid", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(f"bench:{args.seed}")
    hint(Frame.dealt(random.Random(1)).state())          # build the rule tables once
    starts = []
    while len(starts) < args.deals:
        f = Frame.dealt(rng)
        if f.ball == 1 and not f.over:
            starts.append(f.state())
    start_times = [timed(s) for s in starts]
    mids = mid_frame_states(args.mid, rng)
    mid_times = [timed(s) for s in mids]
    warm = []
    for s in mids[:100]:
        hint(s)
        t = time.perf_counter()
        hint(s)
        warm.append(time.perf_counter() - t)
    result = {"machine": f"{platform.processor() or platform.machine()}, "
                         f"Python {platform.python_version()}",
              "frame_start": stats(start_times), "mid_frame": stats(mid_times),
              "mid_frame_warm": stats(warm)}
    if args.json:
        print(json.dumps(result))
    else:
        for k in ("frame_start", "mid_frame", "mid_frame_warm"):
            r = result[k]
            print(f"{k:15s} n={r['n']:4d}  median {r['median_ms']:7.2f} ms  "
                  f"p95 {r['p95_ms']:7.2f} ms  max {r['max_ms']:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
