"""Fit pyramid_layout.JOIN: the edge score at which a place's top edge counts for a card.

    .venv/bin/python tools/fit_pyramid_join.py DIR [DIR ...]

DIR: folders of development renders with truth (benchmarks/pyramid_photos.py --keep; never
the held-out decks).  For each photo the lattice is placed where the truth's cards are (a
homography from every pyramid card's corners, the truth's row pitch and gap), each of the 28
places' top edge is scored as the reader scores it (edge_score, the paper level from the
cards the reader finds), and best_shape picks the shape at each candidate JOIN.  Printed per
candidate: the places whose presence best_shape gets wrong, on the even photos (the fit half)
and the odd ones (the check), and the score distributions of places with and without a card.
This measures the shape choice alone, on the right lattice; the reader also uses JOIN to grow
and to check its placings, so a new value is then measured with benchmarks/pyramid_photos.py.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer import pyramid_layout as L  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_lattice import CARD_H, CARD_W, card_corners  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards, paper_level  # noqa: E402

CANDIDATES = np.round(np.arange(0.10, 0.41, 0.02), 2)


def truth_homography(cards: list) -> np.ndarray:
    """Table mm -> photo px from the truth's cards ((table corners, photo corners) each).
    The truth lists a card's corners from whichever it calls its first, so each card's
    photo corners are rolled to fit the others best (from the best common roll)."""
    def fit(rolls):
        src = np.concatenate([t for t, _ in cards])
        dst = np.concatenate([np.roll(p, -r, 0) for (_, p), r in zip(cards, rolls)])
        H, _ = cv2.findHomography(src, dst, 0)
        err = np.linalg.norm(cv2.perspectiveTransform(src.reshape(-1, 1, 2), H).reshape(-1, 2) - dst, axis=1)
        return H, float(np.median(err))
    H, _ = min((fit([r] * len(cards)) for r in range(4)), key=lambda he: he[1])
    for _ in range(3):
        rolls = []
        for t, p in cards:
            proj = cv2.perspectiveTransform(t.reshape(-1, 1, 2), H).reshape(-1, 2)
            rolls.append(min(range(4), key=lambda r: np.linalg.norm(np.roll(p, -r, 0) - proj)))
        H, _ = fit(rolls)
    return H


def truth_scores(jpg: Path) -> tuple[dict[str, float], frozenset] | None:
    """Each place's edge score on the truth's lattice, and the places holding a card."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    faces, _ = _whole_cards(photo)
    if not faces:
        return None
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    paper = float(np.median([paper_level(photo.image, c) for c, _ in faces]))
    px, py = CARD_W + float(t["gap_mm"]), CARD_H * (1 - float(t["cover"]))
    places = L._places(0, 0, px, py)
    cards = [(card_corners(*places[c["position"]]), np.asarray(c["corners"], np.float64) / photo.scale)
             for c in t["cards"] if c["role"] == "pyramid"]
    H = truth_homography(cards)
    scores = {p: L.edge_score(grey, H, x, y, py, paper)[0] for p, (x, y) in places.items()}
    return scores, frozenset(p for p, v in t["pyramid"].items() if v is not None)


def main(dirs: list[str]) -> None:
    rows = []
    for d in dirs:
        for jpg in sorted(Path(d).glob("*.jpg")):
            got = truth_scores(jpg)
            if got is not None:
                rows.append(got)
    print(f"{len(rows)} photos")
    present = [s[p] for s, there in rows for p in L.PLACES if p in there]
    absent = [s[p] for s, there in rows for p in L.PLACES if p not in there]
    for name, v in (("with a card", present), ("without", absent)):
        q = np.percentile(v, [5, 25, 50, 75, 95]) if v else []
        print(f"  places {name}: {len(v)}, score percentiles 5/25/50/75/95: {np.round(q, 3)}")
    code = L.JOIN
    print("  JOIN   wrong places: fit half (even photos)   check half (odd)")
    for j in CANDIDATES:
        L.JOIN = float(j)
        wrong = [len(L.best_shape(s)[0] ^ there) for s, there in rows]
        print(f"  {j:.2f}   {sum(wrong[0::2]):5d}   {sum(wrong[1::2]):5d}" + ("   <- the code's" if abs(j - code) < 1e-9 else ""))
    L.JOIN = code


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
