"""Is this face-up card lying on a face-down stack?  (A ball pile's top, never a pin.)

A pile top rests a few millimetres askew on its stack, so the card's found outline often
takes in a sliver of the stack: along one side the band just inside the outline is then
card-back pattern instead of the face's paper margin.  Pins lie alone, and their margins are
paper.  The cue is the ink fraction (rank.ink_mask, shared with read_rank: darker or more coloured than the local
paper) in a thin band along the middle of each side; a card is "stacked" when one side is
clearly inked and clearly more than the photo's usual level (a hand shadow or loose
outlines can ink many cards' margins in one photo, which says nothing about stacks), and
at most three cards of a photo may be flagged.

On 70 development photos (training decks): 69 of 178 pile tops on a stack are caught
(39 %), 0 of 589 pins (without the per-photo rules: 8 pins).  A miss costs nothing (the
layout fit then works as without the cue); a hit tells the fit where the player sits.
"""
from __future__ import annotations

import numpy as np

SIDE_INK = 0.25         # one side's band this inked ...
ABOVE_USUAL = 0.2       # ... and this much above the photo's median card
MAX_PILES = 3           # more cards flagged than there are piles: the cue is not working here


def sliver_score(ink: np.ndarray) -> float:
    """Largest ink fraction of the four side bands (3.5-7 % of the width in from each edge,
    i.e. 2-4.5 mm, past the blur of a slightly loose outline; the middle 40 % of the side,
    away from the corner indices) of a rectified card's ink mask (rank.ink_mask)."""
    h, w = ink.shape[:2]
    a, b = int(0.035 * w), int(0.07 * w)
    mid_h, mid_w = slice(int(0.3 * h), int(0.7 * h)), slice(int(0.3 * w), int(0.7 * w))
    bands = [ink[mid_h, a:b], ink[mid_h, w - b:w - a], ink[a:b, mid_w], ink[h - b:h - a, mid_w]]
    return float(max(band.mean() for band in bands))


def stacked(scores: list[float]) -> list[bool]:
    """Which cards of one photo lie on a stack, from their sliver scores."""
    if not scores:
        return []
    usual = float(np.median(scores))
    flags = [s > SIDE_INK and s > usual + ABOVE_USUAL for s in scores]
    return flags if sum(flags) <= MAX_PILES else [False] * len(scores)
