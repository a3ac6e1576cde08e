"""Fit cards.FAN_SEAM and cards.FAN_SHIFT: when a fan's cut is the top card's side.

Overlapping cards side by side make one clean rectangle (cards._fan_cards); the top card's
free side is a straight edge across it, near a card's width from one end.  FAN_SHIFT is how
far off a card's proportions the cut may lie (decks and perspective differ), FAN_SEAM the
share of the cut that must run along edges.  Too loose, and a court card's picture frame or
a pattern is taken for a side (the reading then rejects most); too strict, and real fans are
missed.  Each pair is tried on the real photos' tuning half (edje-train, odd: every other
photo from the second, as benchmarks/recognize.py --real-half odd); the one finding most
cards wins (ties: fewer J/Q/K read as a number, fewer cards reported where none is labelled,
then the stricter).  The held-out half (even) is then read with the winner and with the
values in the code.  Fans are only cut on the second look (no layout found), so the
independent renders and the own renders, whose layouts the first look reads, do not move.

    .venv/bin/python tools/fit_fan.py [--seams 0.6,0.7,0.8,0.9,1.0] [--shifts 0.04,0.08,0.12,0.16]
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


def figures(seam: float, shift: float, names: list[str]) -> dict:
    cards.FAN_SEAM, cards.FAN_SHIFT = seam, shift
    return {"seam": seam, "shift": shift, **real_counts(names)}


def line(f: dict) -> str:
    return f"FAN_SEAM {f['seam']:.2f} FAN_SHIFT {f['shift']:.2f}: " + real_counts_line(f)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seams", default="0.6,0.7,0.8,0.9,1.0")
    ap.add_argument("--shifts", default="0.04,0.08,0.12,0.16")
    args = ap.parse_args(argv)
    rows = real_labels()
    fit, check = real_half(rows, "odd"), real_half(rows, "even")
    in_code = (cards.FAN_SEAM, cards.FAN_SHIFT)
    tried = []
    for seam in (float(v) for v in args.seams.split(",")):
        for shift in (float(v) for v in args.shifts.split(",")):
            tried.append(figures(seam, shift, fit))
            print("fit half  ", line(tried[-1]), flush=True)
    best = max(tried, key=lambda f: (*real_rank(f), f["seam"]))
    print("\nbest on the fit half:", line(best))
    for seam, shift in {(best["seam"], best["shift"]), in_code}:
        print("check half", line(figures(seam, shift, check)), "(in the code)" if (seam, shift) == in_code else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
