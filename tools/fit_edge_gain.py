"""Fit pyramid_layout.EDGE_SHARE: how strong a place's top edge must be, as a share of the
edges of the cards found on a lattice, to count as a card there on a photo whose edges are
all weak (soft focus, dim or tinted light, a deck whose edges are thin lines).

    .venv/bin/python tools/fit_edge_gain.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  On each photo, every place of the truth's own placing is scored
(edge_score) and the photo's reference is the median score of the places where card finding
outlined a card (what the reader knows on a lattice fitted from the outlines).  A place
counts as a card above min(JOIN, EDGE_SHARE x reference), never below SEEN_EDGE (the level
nearly every place without a card stays under).  Prints, for each share, the places
on the wrong side (a card below, an empty place above), and the share with fewest (of equals,
the middle of the run).
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
from recognizer.pyramid_lattice import to_photo  # noqa: E402
from recognizer.pyramid_layout import JOIN, PLACES, SEEN_EDGE, edge_score  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards, paper_level, paper_masks  # noqa: E402
from synth.render_pyramid import truth_fit  # noqa: E402

SHARES = np.round(np.arange(0.20, 0.91, 0.05), 2)


def photo_scores(jpg: Path) -> tuple[float, list[tuple[float, bool]]] | None:
    """(the reference, [(a place's score, a card there?)]) on the truth's placing."""
    truth = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    fit = truth_fit(truth, photo.scale)
    faces, _ = _whole_cards(photo, paper_masks(photo.image))
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    paper = paper_level(photo.image, [c for c, _ in faces])
    scores = {p: edge_score(grey, fit.H, *fit.places[p], fit.pitch_y, paper)[0] for p in PLACES}
    inv = np.linalg.inv(fit.H)
    outlined = set()
    for quad, _ in faces:
        centre = to_photo(inv, [np.mean(quad, 0)])[0]
        near = min(PLACES, key=lambda p: np.hypot(*np.subtract(fit.places[p], centre)))
        # a whole card's centre, or a covered card's visible top's (half a card above it)
        if np.hypot(*np.subtract(fit.places[near], centre)) < 30 and truth["pyramid"][near]:
            outlined.add(near)
    if not outlined:
        return None
    ref = float(np.median([scores[p] for p in outlined]))
    return ref, [(scores[p], truth["pyramid"][p] is not None) for p in PLACES]


def wrong(photos: list, share: float) -> int:
    """Places on the wrong side of min(JOIN, share x reference), floored at SEEN_EDGE."""
    n = 0
    for ref, places in photos:
        t = max(SEEN_EDGE, min(JOIN, share * ref))
        n += sum((s >= t) != card for s, card in places)
    return n


def main(dirs: list[str]) -> None:
    photos = []
    for d in dirs:
        for jpg in sorted(Path(d).glob("*.jpg")):
            got = photo_scores(jpg)
            if got is not None:
                photos.append(got)
    refs = [r for r, _ in photos]
    print(f"{len(photos)} photos; reference edge score: median {np.median(refs):.2f}, "
          f"10th percentile {np.percentile(refs, 10):.2f}, below JOIN ({JOIN}) on {sum(r < JOIN for r in refs)}")
    print(f"  JOIN alone: {wrong(photos, np.inf)} places on the wrong side")
    costs = {float(s): wrong(photos, s) for s in SHARES}
    for s, c in costs.items():
        print(f"  share {s:.2f}: {c}")
    least = min(costs.values())
    run = [s for s, c in costs.items() if c == least]
    print(f"EDGE_SHARE = {run[len(run) // 2]:.2f}  ({least} places on the wrong side)")


if __name__ == "__main__":
    main(sys.argv[1:])
