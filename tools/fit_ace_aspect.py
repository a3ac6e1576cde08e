"""Fit rank.ACE_ASPECT: how much longer than wide a lone "pip" may be and still be an ace's.

    .venv/bin/python tools/fit_ace_aspect.py

Some decks draw a court card's picture in one piece (ornamental's figures, tango's Queens,
plastic's and kde-jolly-royal's Jacks): count_pips finds one blob and calls the card an ace.
An ace's pip is about as long as wide; a figure is not.  Every A, J, Q and K of the
development decks (synth.decks.TRAIN_DECKS and FORMER_HELDOUT_DECKS; never the held-out
decks) is rectified as the reader rectifies a card, clean and blurred as a soft photo blurs
it, and counted at each candidate ACE_ASPECT.  Printed per candidate: aces not counted as one
pip, court cards counted as one; the value kept is the middle of the run of candidates that
lose no more aces than no test does and take the fewest court cards for aces (the held-out
decks' counts are printed beside it, for reference).
"""
from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer import rank  # noqa: E402
from recognizer.cards import RECT_H, RECT_W  # noqa: E402
from synth.decks import FORMER_HELDOUT_DECKS, HELDOUT_DECKS, SUITS, TRAIN_DECKS, card_bgra, card_id, missing_decks  # noqa: E402

CANDIDATES = np.round(np.arange(1.2, 3.01, 0.05), 2)
BLURS = (0.0, 1.5)          # px of Gaussian blur at the rectified size: a clean face, a soft photo's


def faces(decks: list[str]) -> list[tuple[str, np.ndarray]]:
    """(rank, ink mask) of every A, J, Q, K of the decks, clean and blurred."""
    out = []
    for deck in decks:
        for r in ("A", "J", "Q", "K"):
            for suit in SUITS:
                im = card_bgra(deck, card_id(r, suit, deck))
                alpha = im[:, :, 3:] / 255.0
                card = (im[:, :, :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)
                card = cv2.resize(card, (RECT_W, RECT_H), interpolation=cv2.INTER_AREA)
                for b in BLURS:
                    soft = cv2.GaussianBlur(card, (0, 0), b) if b else card
                    out.append((r, rank.ink_mask(soft)[0]))
    return out


def errors(cards: list[tuple[str, np.ndarray]], aspect: float) -> tuple[int, int]:
    """(aces no longer counted as one pip, court cards counted as one) at this ACE_ASPECT."""
    rank.ACE_ASPECT = aspect
    lost = crossed = 0
    for r, ink in cards:
        pc = rank.count_pips(ink)
        one = pc.kind == "number" and pc.n == 1
        lost += r == "A" and not one
        crossed += r != "A" and one
    return lost, crossed


def main() -> int:
    dev = TRAIN_DECKS + FORMER_HELDOUT_DECKS
    missing = missing_decks(dev + HELDOUT_DECKS)
    if missing:
        print(missing)
        return 1
    train, held = faces(dev), faces(HELDOUT_DECKS)
    base = errors(train, float("inf"))
    print(f"{len(train)} development faces; with no aspect test: {base[0]} aces lost, {base[1]} court cards as aces")
    good = []
    for a in CANDIDATES:
        (lost, crossed), (hl, hc) = errors(train, a), errors(held, a)
        print(f"  {a:.2f}: aces lost {lost:3d}, court cards as aces {crossed:3d}   (held-out: {hl}, {hc})")
        if lost <= base[0]:
            good.append((crossed, a))
    best = min(c for c, _ in good) if good else None
    run = [a for c, a in good if c == best]
    if not run:
        print("every candidate loses aces")
        return 1
    print(f"ACE_ASPECT = {run[len(run) // 2]:.2f} (no more aces lost than without the test, {best} court cards "
          f"as aces at {run[0]:.2f}-{run[-1]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
