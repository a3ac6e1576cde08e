"""Fit image_io.DETAIL_LONG: the long side, in pixels, that the recogniser reads cards at.

More pixels show a far card's index and pips more clearly, but every pixel costs time, and
the recogniser's steps that work in pixels were grown at one resolution, so the answer is
measured, not assumed.  Each candidate is tried on the even-numbered photos of the
independent renderer's set (the fit half); the one with most positions right wins (ties:
fewer wrong and unflagged, then the smaller).  The odd-numbered photos (the check half) are
then read at the winner and at the value in the code, and both halves' figures printed,
with the seconds per photo.  --own DIR adds a folder of own renders (benchmarks/recognize.py
--out DIR), read at the same two values: a resolution must not cost our own photos.

    .venv/bin/python tools/fit_detail_long.py [--values 1700,2000,2200,2400,2600] [--own /tmp/own]
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from recognizer import image_io  # noqa: E402

cv2.setNumThreads(1)


def _bench():
    """benchmarks/recognize.py: one definition of scoring and of "flagged"."""
    spec = importlib.util.spec_from_file_location("bench_recognize", ROOT / "benchmarks" / "recognize.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def half(folder: Path, parity: int, into: Path) -> Path:
    """A folder of links to the photos (and truths) whose number has this parity."""
    into.mkdir()
    for jf in sorted(folder.glob("*.json")):
        if jf.stem.isdigit() and int(jf.stem) % 2 == parity:
            for f in (jf, jf.with_suffix(".jpg")):
                if f.exists():
                    (into / f.name).symlink_to(f)
    return into


def figures(bench, folder: Path) -> dict:
    """The independent benchmark's figures for a folder, as the fitting scripts compare them."""
    t = bench.score_independent(folder)
    tot = t["total"]
    return {"right": tot["right"] / max(tot["positions"], 1), "layouts": tot["layouts_ok"],
            "photos": tot["photos"], "unflagged": tot["unflagged"], "errors": tot["errors"],
            "median_s": t["median_s"], "max_s": t["max_s"]}


def figures_line(r: dict) -> str:
    return (f"positions {100 * r['right']:6.2f} %, layouts {r['layouts']}/{r['photos']}, wrong and unflagged "
            f"{r['unflagged']}, errors {r['errors']}, median {r['median_s']:.2f} s, max {r['max_s']:.2f} s")


def fit_on_halves(bench, folder: Path, values: list, current, use, shown, higher_wins_ties: bool = False):
    """The fitting scripts' one procedure: each value, put in the code by use(v), is tried on
    the even-numbered photos of folder (the fit half) and its figures printed (shown(v) names
    it); the one with most positions right wins (ties: fewer wrong and unflagged, then the
    smaller value, or the larger with higher_wins_ties); the odd-numbered photos (the check
    half) are then read at the winner and at `current`, the value in the code.  Returns the
    winner."""
    def score(part: Path, v) -> dict:
        use(v)
        return {"value": v, **figures(bench, part)}
    sign = 1 if higher_wins_ties else -1
    with tempfile.TemporaryDirectory() as tmp:
        fit = half(folder, 0, Path(tmp) / "even")
        check = half(folder, 1, Path(tmp) / "odd")
        print(f"fit half (even photos of {folder}):", flush=True)
        results = []
        for v in values:
            results.append(score(fit, v))
            print(f"  {shown(v)}: " + figures_line(results[-1]), flush=True)
        best = max(results, key=lambda r: (r["right"], -r["unflagged"], sign * r["value"]))["value"]
        print(f"best on the fit half: {shown(best)} (in the code: {shown(current)})")
        print("check half (odd photos):")
        for v in sorted({best, current}):
            print(f"  {shown(v)}: " + figures_line(score(check, v)), flush=True)
    return best


def _use(value: int) -> None:
    image_io.DETAIL_LONG = value


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--values", default="1700,2000,2200,2400,2600")
    ap.add_argument("--dir", default=str(_bench().INDEPENDENT))
    ap.add_argument("--own", help="a folder of own renders with truth, read at the winner and the current value")
    a = ap.parse_args()
    bench = _bench()
    current = image_io.DETAIL_LONG
    values = sorted({int(v) for v in a.values.split(",")} | {current})
    best = fit_on_halves(bench, Path(a.dir), values, current, _use, lambda v: f"{v:5d} px")
    if a.own:
        for v in sorted({best, current}):
            image_io.DETAIL_LONG = v
            s = bench.score_synthetic(Path(a.own))
            print(f"  own renders at {v} px: per card {100 * s['per_card']:.2f} %, layouts "
                  f"{100 * s['layout_exact']:.2f} %", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
