"""Measure cards.WHOLE_OVER_PART: in a pyramid photo, how much larger a whole card's outline
is than the most common size find_cards sees (often a covered card's visible part).

    .venv/bin/python tools/measure_pyramid_sizes.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  Per photo: the common size find_cards sets (_card_size) over the
truth's whole-card area; where it is a part's size (below PART), the clean single outlines
found, each over that size: the whole cards' cluster.  WHOLE_OVER_PART must take in those
clusters and, where the common size is already a whole card's, leave out the odd outline of
two cards merged (printed too: such outlines of at least two places would be taken for the
whole cards' size).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer import cards  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402

PART = 0.6          # a common size below this share of a whole card's is a covered card's part


def measured(jpg: Path) -> tuple[float, list[float]] | None:
    """(the common size over the truth's whole card, each clean single outline over the
    common size, one per place); None when nothing sizes the cards or no card lies whole."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    work, fw = cards.work_image(photo.image)
    m = cards.card_masks(work)
    h, w = work.shape[:2]
    edge_near = cv2.dilate(m["edges"], np.ones((3, 3), np.uint8))
    blobs, _, _ = cards._proposals(m, (h, w), edge_near, False, False)
    sized = cards._card_size(blobs, False)
    whole = [c for c in t["cards"] if c["role"] != "stock" and c.get("visible", 1.0) > 0.95]
    if sized is None or not whole:
        return None
    truth = float(np.median([cv2.contourArea(np.float32(c["corners"]) / photo.scale / fw) for c in whole]))
    singles = cards._once(cards._single_cards(blobs, cards.CLEAN))
    return sized[0] / truth, sorted(b[1] / sized[0] for b in singles)


def main(dirs: list[str]) -> None:
    part_sized, merged = [], []
    for d in dirs:
        for jpg in sorted(Path(d).glob("*.jpg")):
            got = measured(jpg)
            if got is None:
                continue
            share, over = got
            larger = [round(v, 2) for v in over if v > 1.4]
            print(f"  {jpg.stem:40s} common size {share:.2f} of a whole card; outlines 1.4x and more: {larger}", flush=True)
            (part_sized if share < PART else merged).append(larger)
    clusters = [v for larger in part_sized for v in larger]
    print(f"{len(part_sized)} photos sized by a part: their larger outlines lie at "
          f"{min(clusters, default=0):.2f}-{max(clusters, default=0):.2f} of it")
    lo, hi = cards.WHOLE_OVER_PART
    twice = sum(sum(lo < v < hi for v in larger) >= 2 for larger in merged)
    print(f"{len(merged)} photos sized by a whole card: {twice} with two or more outlines in "
          f"WHOLE_OVER_PART {cards.WHOLE_OVER_PART} (would be taken for the whole cards)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
