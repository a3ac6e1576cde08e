"""Fit pyramid_pipeline.SURE_SHARE: the share of a fitted pyramid's places that must read
surely (confidence >= LOW_CONFIDENCE) for the reader to trust the placing.

    .venv/bin/python tools/fit_pyramid_sure_share.py DIR [DIR ...]

DIR: folders of pyramid development renders with truth (benchmarks/pyramid_photos.py --keep;
never the held-out decks).  Each photo is read as the reader reads it (_whole_cards,
place_pyramid, read_places) and its fit called placed wrong when most of the truth's cards
read wrong on it.  On a right fit most places read surely (a covered court card or a blurred
index is asked, a few a photo); on a fit a card or a row off, the cuts land across two cards
and hardly any does.  Prints each fit's share and SURE_SHARE, half the least share of a
right fit (a placing that bad is far from every right one seen).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards, place_pyramid, read_places  # noqa: E402
from recognizer.result import LOW_CONFIDENCE  # noqa: E402


def share(jpg: Path) -> tuple[float, bool] | None:
    """(the share of the fit's places read surely, is the fit right); None with no fit."""
    t = json.loads(jpg.with_suffix(".json").read_text())
    photo = load_image(str(jpg))
    faces, _ = _whole_cards(photo)
    fit, _ = place_pyramid(photo.image, faces, None)
    if fit is None or not fit.present:
        return None
    reads = read_places(photo.image, fit, faces)
    sure = sum(conf >= LOW_CONFIDENCE for _, _, conf, _ in reads.values())
    truth = {p: v for p, v in t["pyramid"].items() if v is not None}
    wrong = sum(reads.get(p, (None, None))[1] != v for p, v in truth.items())
    return sure / len(reads), wrong <= len(truth) / 2


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    right, wrong = [], []
    for d in argv:
        for jpg in sorted(Path(d).glob("*.jpg")):
            got = share(jpg)
            if got is None:
                print(f"{jpg.stem}: no pyramid found")
                continue
            print(f"{jpg.stem}: {got[0]:.2f} of the places read surely, placed {'right' if got[1] else 'WRONG'}")
            (right if got[1] else wrong).append(got[0])
    if right:
        print(f"right fits: {len(right)}, least share {min(right):.2f}; wrong fits: {len(wrong)}, "
              f"shares {sorted(round(w, 2) for w in wrong)}")
        print(f"SURE_SHARE = {min(right) / 2:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
