"""Fit pyramid_layout.WHOLE_SIZE_TOL: how far from a card's size the surest whole card may
measure on a right pyramid fit.

    .venv/bin/python tools/fit_pyramid_scale.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  Each photo is placed as the reader places it (place_pyramid), and
the cards it read surely are measured on the fitted table (card_sizes): the one nearest a
card's size, and how far off.  A fit is right when most places it holds are the truth's.
WHOLE_SIZE_TOL is the largest miss of a right fit plus MARGIN (real outlines are less exact
than a render's); printed too, how many wrong fits it catches.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_layout import card_sizes  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards, place_pyramid  # noqa: E402

MARGIN = 0.1
RIGHT = 0.8         # a fit holding this share of the truth's cards at their places is right


def measured(jpg: Path) -> tuple[float, float] | None:
    """(share of the truth's pyramid cards the fit holds where they lie, the surest whole
    card's miss of a card's size); None with no fit or nothing read surely."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    faces, _ = _whole_cards(photo)
    fit, whole = place_pyramid(photo.image, faces, None)
    if fit is None or not whole:
        return None
    truth = {c["position"]: np.float64(c["corners"]) / photo.scale for c in t["cards"] if c["role"] == "pyramid"}
    # held at its place: the fitted card's centre within a quarter of a card's width of the truth's
    held = sum(p in fit.present and np.linalg.norm(fit.corners(p).mean(0) - q.mean(0)) < 0.25 * np.linalg.norm(q[1] - q[0])
               for p, q in truth.items())
    miss = min(abs(v - 1) for v in card_sizes(fit.H, whole))
    return held / max(len(truth), 1), miss


def main(dirs: list[str]) -> None:
    rows = []
    for d in dirs:
        for jpg in sorted(Path(d).glob("*.jpg")):
            m = measured(jpg)
            if m is not None:
                rows.append((jpg.stem, *m))
                print(f"  {jpg.stem:40s} places right {m[0]:.2f}  the sure card nearest a card's size off by {m[1]:.2f}", flush=True)
    right = [miss for _, r, miss in rows if r >= RIGHT]
    wrong = [miss for _, r, miss in rows if r < RIGHT]
    tol = round(max(right) + MARGIN, 2)
    print(f"{len(right)} right fits: largest miss {max(right):.2f}; {len(wrong)} wrong fits: misses "
          f"{', '.join(f'{v:.2f}' for v in sorted(wrong))}")
    print(f"WHOLE_SIZE_TOL = {tol:.2f}: right fits doubted {sum(v > tol for v in right)}, "
          f"wrong fits caught {sum(v > tol for v in wrong)} of {len(wrong)}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
