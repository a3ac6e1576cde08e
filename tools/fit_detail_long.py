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


def score(bench, folder: Path, value: int) -> dict:
    image_io.DETAIL_LONG = value
    return {"value": value, **figures(bench, folder)}


def line(name: str, r: dict) -> str:
    return f"  {name:10s} {r['value']:5d} px: " + figures_line(r)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--values", default="1700,2000,2200,2400,2600")
    ap.add_argument("--dir", default=str(_bench().INDEPENDENT))
    ap.add_argument("--own", help="a folder of own renders with truth, read at the winner and the current value")
    a = ap.parse_args()
    bench = _bench()
    current = image_io.DETAIL_LONG
    values = sorted({int(v) for v in a.values.split(",")} | {current})
    with tempfile.TemporaryDirectory() as tmp:
        fit = half(Path(a.dir), 0, Path(tmp) / "even")
        check = half(Path(a.dir), 1, Path(tmp) / "odd")
        print(f"fit half ({fit.name} photos of {a.dir}):", flush=True)
        results = []
        for v in values:
            results.append(score(bench, fit, v))
            print(line("fit", results[-1]), flush=True)
        best = max(results, key=lambda r: (r["right"], -r["unflagged"], -r["value"]))
        print(f"best on the fit half: {best['value']} px (in the code: {current} px)")
        print("check half (odd photos):")
        for v in sorted({best["value"], current}):
            print(line("check", score(bench, check, v)), flush=True)
    if a.own:
        for v in sorted({best["value"], current}):
            image_io.DETAIL_LONG = v
            s = bench.score_synthetic(Path(a.own))
            print(f"  own renders at {v} px: per card {100 * s['per_card']:.2f} %, layouts "
                  f"{100 * s['layout_exact']:.2f} %", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
