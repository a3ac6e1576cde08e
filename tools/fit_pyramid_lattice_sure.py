"""Fit pyramid_layout.LATTICE_SURE: the support above which the lattice fitted from the found
outlines is taken without growing rows from an anchor card.

    .venv/bin/python tools/fit_pyramid_lattice_sure.py DIR [DIR ...]

DIR: folders of development renders with truth (never the held-out decks).  For each photo
the best placing on the outlines' lattice (pyramid_layout._lattice_fit) is compared with the
truth's places; printed: each photo's support and whether its places were right, and the
lowest support above which every placing was right (the threshold to set, rounded down).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer import pyramid_layout as pl  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_pipeline import _anchors, _whole_cards, paper_level  # noqa: E402


def main(argv: list[str]) -> int:
    rows = []
    for folder in argv:
        for f in sorted(Path(folder).glob("*.jpg")):
            t = json.loads(f.with_suffix(".json").read_text())
            if t["deck"].startswith("kde-"):
                print(f"{f}: a held-out deck, skipped", file=sys.stderr)
                continue
            truth = frozenset(p for p, v in t["pyramid"].items() if v)
            photo = load_image(str(f))
            faces, _ = _whole_cards(photo)
            if not faces:
                continue
            grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
            paper = paper_level(photo.image, [c for c, _ in faces])
            outlines = [c for c, _ in faces]
            b = pl._lattice_fit(grey, pl._looks(grey, outlines, paper), paper, None, _anchors(faces), outlines)
            if b is None:
                continue
            rows.append((b[0], b[4] == truth))
            print(f"{f.stem}: support {b[0]:.1f}, places {'right' if rows[-1][1] else 'wrong'}")
    wrong = [v for v, ok in rows if not ok]
    top = max(wrong) if wrong else float("-inf")
    above = [ok for v, ok in rows if v > top]
    print(f"{len(rows)} photos with a lattice; the best wrong placing has support {top:.1f}; "
          f"above it {len(above)} placings, all right: LATTICE_SURE = {np.floor(top * 2 + 1) / 2:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
