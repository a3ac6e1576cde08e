"""Fit pyramid_pipeline.FOUND_IOU: how much a card found whole must overlap an exposed place of
the fitted pyramid to be taken as that place's card (read_places takes its surer reading).

    .venv/bin/python tools/fit_found_there.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  Each photo is read as the reader does up to the placing; every
outline found overlapping an exposed place (intersection over union above 0.1) counts as that
place's card when it lies on the truth's card there (overlapping the truth's corners at least
half), else as another card's (a neighbour the place half covers, lying with its centre
inside, or the place's card on a misplaced fit).  Prints both overlaps' spread and
FOUND_IOU, the threshold with fewest outlines on the wrong side (the middle of the widest such
gap).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_layout import exposed, in_order  # noqa: E402
from recognizer.polygons import quad_iou  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards, paper_masks, place_pyramid  # noqa: E402


def overlaps(jpg: Path) -> tuple[list[float], list[float]]:
    """(the overlaps of outlines read as the place's card, of those read as another)."""
    truth = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    card_at = {c["position"]: np.array(c["corners"], np.float64) / photo.scale
               for c in truth["cards"] if c["role"] == "pyramid"}
    faces, _ = _whole_cards(photo, paper_masks(photo.image))
    fit, _ = place_pyramid(photo.image, faces, None)
    same, other = [], []
    if fit is None:
        return same, other
    open_ = exposed(fit.present)
    for p in in_order(fit.present):
        if p not in open_:
            continue
        for c, _ in faces:
            iou = quad_iou(c, fit.corners(p))
            if iou > 0.1:
                mine = p in card_at and quad_iou(c, card_at[p]) >= 0.5
                (same if mine else other).append(iou)
    return same, other


def best_threshold(same: list[float], other: list[float]) -> float:
    """The threshold with fewest outlines on the wrong side; of equals, the widest gap's middle."""
    values = sorted(set(same) | set(other))
    cuts = [(a + b) / 2 for a, b in zip(values, values[1:])]
    cost = lambda t: sum(v < t for v in same) + sum(v >= t for v in other)    # noqa: E731
    least = min(cost(t) for t in cuts)
    gaps = [(b - a, (a + b) / 2) for a, b in zip(values, values[1:]) if cost((a + b) / 2) == least]
    return max(gaps)[1]


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    same, other = [], []
    for d in argv:
        for jpg in sorted(Path(d).glob("*.jpg")):
            s, o = overlaps(jpg)
            same += s
            other += o
    for name, v in (("the place's card", same), ("another card", other)):
        if v:
            print(f"{name}: {len(v)} outlines, overlap 5th percentile {np.percentile(v, 5):.3f}, "
                  f"median {np.median(v):.3f}, 95th percentile {np.percentile(v, 95):.3f}")
    if same and other:
        print(f"FOUND_IOU = {best_threshold(same, other):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
