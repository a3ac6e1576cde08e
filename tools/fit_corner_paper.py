"""Fit rank.FACE_PAPER: how much paper an index corner of a face-up card shows at least.

    .venv/bin/python tools/fit_corner_paper.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  Every card the pyramid reader finds whole (_whole_cards) is
labelled by the truth: a face lying whole in the photo (its truth `visible` at least 0.9),
or no card of the truth at all (the stock's back, a prop, a patch of table).  Printed: the
corner_paper distribution of each, and per candidate threshold how many faces and how many
non-cards fall below it.  FACE_PAPER is the least face's value less MARGIN (real light is
less even than a render's): no face falls below it on these photos, and most backs do.  Backs
that show paper in a corner (a white-bordered pattern) are left to read_rank's back test.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer.cards import rectify  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards  # noqa: E402
from recognizer.rank import corner_paper  # noqa: E402

MARGIN = 0.1


def labelled(jpg: Path) -> list[tuple[bool, float]]:
    """(is a whole face, corner_paper) of each card found whole in one photo."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    faces, backs = _whole_cards(photo)
    truth = [(np.float32(c["corners"]).reshape(-1, 1, 2), c.get("visible", 1.0)) for c in t["cards"]]
    rows = []
    for q in [c for c, _ in faces] + backs:
        centre = tuple(float(v) for v in np.mean(q, 0) * photo.scale)
        hit = [v for c, v in truth if cv2.pointPolygonTest(c, centre, False) >= 0]
        if hit and max(hit) < 0.9:
            continue            # a covered card's visible part: not what the test is for
        rows.append((bool(hit), corner_paper(rectify(photo.image, q))))
    return rows


def main(dirs: list[str]) -> None:
    rows = [r for d in dirs for jpg in sorted(Path(d).glob("*.jpg")) for r in labelled(jpg)]
    faces = np.array([v for f, v in rows if f])
    others = np.array([v for f, v in rows if not f])
    print(f"{len(faces)} whole faces, {len(others)} non-cards (backs, props, table)")
    for name, v in (("faces", faces), ("non-cards", others)):
        print(f"  {name:9s}: min {v.min():.2f}  5% {np.percentile(v, 5):.2f}  median {np.median(v):.2f}  max {v.max():.2f}")
    for t in np.round(np.arange(0.2, 0.75, 0.05), 2):
        print(f"  below {t:.2f}: faces {int((faces < t).sum())}, non-cards {int((others < t).sum())}")
    t = round(float(faces.min()) - MARGIN, 2)
    print(f"FACE_PAPER = {t:.2f}: faces below {int((faces < t).sum())}, non-cards below {int((others < t).sum())} of {len(others)}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
