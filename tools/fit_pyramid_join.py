"""Fit pyramid_layout.JOIN: the edge score at which a place's top edge counts for a card.

    .venv/bin/python tools/fit_pyramid_join.py DIR [DIR ...]

DIR: folders of development renders with truth (benchmarks/pyramid_photos.py --keep; never
the held-out decks).  For each photo the lattice is placed where the truth's cards are (a
homography from every pyramid card's corners, the truth's row pitch and gap), each of the 28
places' top edge is scored as the reader scores it (edge_score, the paper level from the
cards the reader finds), and best_shape picks the shape at each candidate JOIN.  Printed per
candidate: the places whose presence best_shape gets wrong, on the even photos (the fit half)
and the odd ones (the check), and the score distributions of places with and without a card
(the 95th percentile of those without is pyramid_layout.SEEN_EDGE).
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
from recognizer.pyramid_pipeline import _whole_cards, paper_level  # noqa: E402
from synth.render_pyramid import truth_fit  # noqa: E402

CANDIDATES = np.round(np.arange(0.10, 0.41, 0.02), 2)


def truth_scores(jpg: Path) -> tuple[dict[str, float], frozenset] | None:
    """Each place's edge score on the truth's lattice, and the places holding a card."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    faces, _ = _whole_cards(photo)
    if not faces:
        return None
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    paper = paper_level(photo.image, [c for c, _ in faces])
    fit = truth_fit(t, photo.scale)
    scores = {p: L.edge_score(grey, fit.H, x, y, fit.pitch_y, paper)[0] for p, (x, y) in fit.places.items()}
    return scores, fit.present


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
