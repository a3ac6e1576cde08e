"""Fit cards.FAINTER: the lower Canny levels whose edge loops the outline masks add.

White paper on a white patterned cloth (flowers, stripes, dots) is no lighter than the cloth,
and at the photo's faint level (Canny 15/40) the cards' outlines stay broken, so nothing is
found.  At lower levels they close; too low, and noise joins everything.  Each candidate
set of levels (low, high = 2.5 x low) is tried on the even-numbered photos of the
independent renderer's set (the fit half); the one with most positions right wins (ties:
fewer wrong and unflagged, then fewer levels, then the higher).  The odd-numbered photos
(the check half) are then read with the winner and with the levels in the code.  Only
photos that reach the outline masks (fewer than two number cards at the first look) can
change, so a first pass finds them (the outline look asked for, at the levels in the code) and
only those are scored: the rest read the same at every candidate.

    .venv/bin/python tools/fit_fainter.py [--values "10;8;6;8,6;10,6"]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import cv2  # noqa: E402

from fit_detail_long import _bench, figures, figures_line  # noqa: E402
from recognizer import cards, pipeline  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402

cv2.setNumThreads(1)


def use(levels: tuple) -> None:
    cards.FAINTER = levels
    cards.LOOPS = ("edge_loops",) + tuple(f"edge_loops{lo}" for lo, _ in levels)
    cards.OUTLINE_MASKS = ("faint_fill",) + cards.LOOPS[1:]


def reaching_outlines(folder: Path, parity: int, into: Path) -> Path:
    """half() of the photos whose first look asks for the outline masks."""
    into.mkdir()
    first = pipeline._read_cards
    asked = []

    def spy(photo, outlines=False, twice=False):
        asked.append(outlines)
        if outlines:
            raise _Stop          # the outline look is asked for: no need to run it
        return first(photo, outlines, twice)
    for jf in sorted(folder.glob("*.json")):
        if not (jf.stem.isdigit() and int(jf.stem) % 2 == parity):
            continue
        asked.clear()
        pipeline._read_cards = spy
        try:
            spy(load_image(str(jf.with_suffix(".jpg"))))
        except _Stop:
            pass
        finally:
            pipeline._read_cards = first
        if True in asked:
            for f in (jf, jf.with_suffix(".jpg")):
                (into / f.name).symlink_to(f)
    return into


class _Stop(Exception):
    pass


def score(bench, folder: Path, levels: tuple) -> dict:
    use(levels)
    return {"levels": levels, **figures(bench, folder)}


def line(name: str, r: dict) -> str:
    return f"  {name:6s} {str(r['levels']):22s}: " + figures_line(r)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--values", default=";10;8;6;8,6;10,6", help="candidate sets of low levels, ';' between sets")
    ap.add_argument("--dir", default=str(_bench().INDEPENDENT))
    a = ap.parse_args()
    bench = _bench()
    current = cards.FAINTER
    cands = [tuple((int(lo), round(2.5 * int(lo))) for lo in v.split(",") if lo) for v in a.values.split(";")]
    cands = list(dict.fromkeys(cands + [current]))
    with tempfile.TemporaryDirectory() as tmp:
        fit = reaching_outlines(Path(a.dir), 0, Path(tmp) / "even")
        check = reaching_outlines(Path(a.dir), 1, Path(tmp) / "odd")
        print(f"fit half (the {len(list(fit.glob('*.json')))} even photos of {a.dir} that reach the outline "
              f"look; {len(list(check.glob('*.json')))} odd ones):", flush=True)
        results = []
        for c in cands:
            results.append(score(bench, fit, c))
            print(line("fit", results[-1]), flush=True)
        best = max(results, key=lambda r: (r["right"], -r["unflagged"], -len(r["levels"]),
                                           min((lo for lo, _ in r["levels"]), default=99)))
        print(f"best on the fit half: {best['levels']} (in the code: {current})")
        print("check half (odd photos):")
        for c in dict.fromkeys([best["levels"], current, ()]):
            print(line("check", score(bench, check, c)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
