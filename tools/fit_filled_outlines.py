"""Fit pyramid_pipeline.FILLED: how fully a whole card's paper region, holes filled, fills its
minimum-area rectangle (filled_outlines, the pyramid reader's look for whole cards beside
the pyramid that find_cards missed).

    .venv/bin/python tools/fit_filled_outlines.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  Each photo is placed on the truth's own lattice (truth_fit); every
region of the paper masks filled_outlines reads that measures a card there is counted as a
card when its centre lies well inside a whole card of the truth (the waste, the stock, the
bottom row), else as none (regions on the pyramid's covered cards are left out: the reader
never looks there).  Prints both fills' spread and FILLED, the cards' 5th percentile less
0.01: the fill is what keeps a region a card's, not what tells a card from the rest (the
reading and the place do that).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_pipeline import card_regions  # noqa: E402
from synth.render_pyramid import truth_fit  # noqa: E402


def _inside(q: np.ndarray, pt: np.ndarray, depth: float = 0.0) -> bool:
    return cv2.pointPolygonTest(np.float32(q).reshape(-1, 1, 2), (float(pt[0]), float(pt[1])), True) > depth


def fills(jpg: Path) -> tuple[list[float], list[float]]:
    """(the fills of card-sized regions on a whole card of the truth, of those off every card)."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    fit = truth_fit(t, photo.scale)
    quads = [(np.array(c["corners"], np.float64) / photo.scale, c["role"], c.get("position") or "") for c in t["cards"]]
    whole = [q for q, role, pos in quads if role != "pyramid" or pos.startswith("7.")]
    pyramid = [q for q, role, _ in quads if role == "pyramid"]
    cards, other = [], []
    for q, fill in card_regions(photo.image, fit.H):
        ctr = q.mean(0)
        if any(_inside(k, ctr, 0.3 * np.linalg.norm(k[1] - k[0])) for k in whole):
            cards.append(fill)
        elif not any(_inside(k, ctr) for k in pyramid):
            other.append(fill)
    return cards, other


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    cards, other = [], []
    for d in argv:
        for jpg in sorted(Path(d).glob("*.jpg")):
            c, o = fills(jpg)
            cards += c
            other += o
    for name, v in (("whole cards", cards), ("off every card", other)):
        if v:
            print(f"{name}: {len(v)} regions, fill 5th percentile {np.percentile(v, 5):.3f}, "
                  f"median {np.median(v):.3f}, least {min(v):.3f}")
    if cards:
        print(f"FILLED = {np.percentile(cards, 5) - 0.01:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
