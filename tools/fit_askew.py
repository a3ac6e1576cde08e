"""Fit cards.ASKEW_EDGES: how much of a card's outline must run along edges for two square
corners in a row to make it a card (the second look's cards lying askew over another).

A card lying on top of another shows its whole outline, so it runs along edges nearly all
round; a patterned cloth's or a picture's corners that happen to stand square make the same
shape with little edge along it.  Too low, and such shapes are proposed (the corner index gate
then rejects most, but a wrong outline of a true card can pass); too high, and real top cards
are missed.  Each value is tried on the real photos' tuning half (edje-train, odd, as
benchmarks/recognize.py --real-half odd); the one finding most cards wins (ties: fewer J/Q/K
read as a number, fewer A/9/10 wrong and not asked, fewer cards reported where none is
labelled, then the stricter).  The held-out half (even) is then read with the winner and with
the value in the code.  Askew corners are only used on the second look (no layout found): the
own renders' layouts never reach it; the independent renders' patterned cloths do, so check
them with benchmarks/recognize.py --independent after a change.

    .venv/bin/python tools/fit_askew.py [--values 0.1,0.2,0.25,0.3,0.35,0.4,0.5,0.6]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from benchmarks.recognize import real_counts, real_counts_line, real_half, real_labels, real_rank  # noqa: E402
from recognizer import cards  # noqa: E402

cv2.setNumThreads(1)


def figures(value: float, names: list[str]) -> dict:
    cards.ASKEW_EDGES = value
    return {"value": value, **real_counts(names)}


def line(f: dict) -> str:
    return f"ASKEW_EDGES {f['value']:.2f}: " + real_counts_line(f)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--values", default="0.1,0.2,0.25,0.3,0.35,0.4,0.5,0.6")
    args = ap.parse_args(argv)
    rows = real_labels()
    fit, check = real_half(rows, "odd"), real_half(rows, "even")
    in_code = cards.ASKEW_EDGES
    tried = []
    for value in (float(v) for v in args.values.split(",")):
        tried.append(figures(value, fit))
        print("fit half  ", line(tried[-1]), flush=True)
    best = max(tried, key=lambda f: (*real_rank(f), f["value"]))
    print("\nbest on the fit half:", line(best))
    for value in sorted({best["value"], in_code}):
        print("check half", line(figures(value, check)), "(in the code)" if value == in_code else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
