"""Fit sweep.MIN_SHARE (how strong a rectangle of a card's sides must be to be read) or sweep.PEAK_APART.

The sweep (recognizer/sweep.py) reads the strongest card-sized rectangles on the table
plane that no found card covers.  Its floor is a share of the found cards' own score: too
high, and a card whose edges are fainter than its neighbours' (touching, in glare, on a
light table) is never read; too low, and rectangles straddling two cards or a pattern take
the MAX_TRIED reads first.  Each candidate is tried on the even-numbered photos of the
independent renderer's set (the fit half); the one with most positions right wins (ties:
fewer wrong and unflagged, then the higher floor, which reads less).  The odd-numbered photos
(the check half) are then read with the winner and with the value in the code.

PEAK_APART (`--param peak_apart`), how far apart (card widths) the places tried must lie, is
fitted the same way: too far, and a rectangle straddling two touching cards, a little
stronger than either, hides the true places beside it; too near, and the reads go to near
copies of one place (ties: the larger, the old spacing).

    .venv/bin/python tools/fit_sweep.py [--param min_share|peak_apart] [--values 0.4,0.5,0.6]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import cv2  # noqa: E402

from fit_detail_long import _bench, fit_on_halves  # noqa: E402
from recognizer import sweep  # noqa: E402

cv2.setNumThreads(1)


def _min_share(value: float) -> None:
    sweep.MIN_SHARE = value


def _peak_apart(value: float) -> None:
    sweep.PEAK_APART = value


# each parameter: its setter, the value in the code, the values tried by default
PARAMS = {"min_share": (_min_share, sweep.MIN_SHARE, "0.4,0.5,0.6"),
          "peak_apart": (_peak_apart, sweep.PEAK_APART, "0.2,0.3,0.45,0.6")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--param", choices=sorted(PARAMS), default="min_share")
    ap.add_argument("--values", help="comma-separated values to try (default: the parameter's own)")
    ap.add_argument("--dir", default=str(_bench().INDEPENDENT))
    a = ap.parse_args()
    use, current, tried = PARAMS[a.param]
    values = sorted({float(v) for v in (a.values or tried).split(",")} | {current})
    fit_on_halves(_bench(), Path(a.dir), values, current, use,
                  lambda v: f"{a.param} {v:.2f}", higher_wins_ties=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
