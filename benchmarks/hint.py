"""Time `assistant.bowling.solver.hint`: frame-start and mid-frame states, each solved from cold,
and `tableside hint` / `tableside --help` as whole processes.

    .venv/bin/python benchmarks/hint.py [--deals 200] [--mid 300] [--runs 21] [--seed 0] [--json]

Frame-start: 200 random deals, game objective, default rolls (7 unseen cards).
Mid-frame: a few hundred random reachable states after at least one play
(random plays, sometimes ending ball 1), game objective.  Every hint starts
with an empty memo, as a web request with a fresh state would; "warm" is the
same mid-frame state again with the deal's memo kept (the tracker's case).
Whole process: `tableside hint STATE` on the first --runs fresh deals (one process each) and
`tableside --help` --runs times, each a new process, from start to exit: what a
player waits for at the terminal (interpreter start-up and imports included).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from assistant.bowling import solver
from assistant.bowling.frame import Frame
from assistant.bowling.layout import FULL
from assistant.bowling.solver import hint


def timed(state, answers: list) -> float:
    solver._cache.clear()
    t = time.perf_counter()
    h = hint(state)
    elapsed = time.perf_counter() - t
    answers.append([[a.play.to_json() if a.play else None, round(a.value, 9)] for a in h.actions])
    return elapsed


def digest(answers: list) -> str:
    """One fingerprint of every action value: equal digests, equal hints."""
    return hashlib.sha256(json.dumps(answers).encode()).hexdigest()[:16]


def tableside_command() -> list[str]:
    """The installed `tableside` script beside this Python, else `python -m assistant.cli`."""
    script = Path(sys.executable).with_name("tableside")
    return [str(script)] if script.exists() else [sys.executable, "-m", "assistant.cli"]


def process_times(argvs: list[list[str]]) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) times of `tableside ARGV` as a new process, once per ARGV.
    On a busy machine the wall time waits for the cores; the CPU time barely moves."""
    wall, cpu = [], []
    for argv in argvs:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(tableside_command() + argv, check=True, stdout=subprocess.DEVNULL)
        wall.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu


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
    ap.add_argument("--runs", type=int, default=21, help="whole-process runs of each command")
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
    answers: list = []
    start_times = [timed(s, answers) for s in starts]
    mids = mid_frame_states(args.mid, rng)
    mid_times = [timed(s, answers) for s in mids]
    warm = []
    for s in mids[:100]:
        hint(s)
        t = time.perf_counter()
        hint(s)
        warm.append(time.perf_counter() - t)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = []                  # a different fresh deal for each run: deals differ in effort
        for i, state in enumerate(starts[:args.runs]):
            fresh.append(os.path.join(tmp, f"fresh{i}.json"))
            with open(fresh[-1], "w", encoding="utf-8") as f:
                json.dump(state.to_json(), f)
        hint_wall, hint_cpu = process_times([["hint", path] for path in fresh])
        help_wall, help_cpu = process_times([["--help"]] * args.runs)
    result = {"machine": f"{platform.processor() or platform.machine()}, "
                         f"Python {platform.python_version()}",
              "load_average": [round(x, 2) for x in os.getloadavg()],
              "values_digest": digest(answers),
              "frame_start": stats(start_times), "mid_frame": stats(mid_times),
              "mid_frame_warm": stats(warm),
              "frame_start_process": stats(hint_wall), "frame_start_process_cpu": stats(hint_cpu),
              "help_process": stats(help_wall), "help_process_cpu": stats(help_cpu)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{'':15s} {'in process (hint)':>45s}   whole process (tableside ...)")
        for k, process in (("frame_start", "frame_start_process"), ("mid_frame", None),
                           ("mid_frame_warm", None)):
            r = result[k]
            line = (f"{k:15s} n={r['n']:4d}  median {r['median_ms']:7.2f} ms  "
                    f"p95 {r['p95_ms']:7.2f} ms  max {r['max_ms']:7.2f} ms")
            if process:
                p, c = result[process], result[process + "_cpu"]
                line += (f"   hint: n={p['n']}  median {p['median_ms']:7.1f} ms  p95 "
                         f"{p['p95_ms']:7.1f} ms  (CPU median {c['median_ms']:.1f} ms)")
            print(line)
        p, c = result["help_process"], result["help_process_cpu"]
        print(f"{'--help':15s} {'':45s}   --help: n={p['n']}  median {p['median_ms']:7.1f} ms  "
              f"p95 {p['p95_ms']:7.1f} ms  (CPU median {c['median_ms']:.1f} ms)")
        print(f"load average {result['load_average']} (whole-process times grow with it); "
              f"digest of every action value {result['values_digest']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
