"""Is this face-up card lying on a face-down stack?  (A ball pile's top, never a pin.)

A pile top rests a few millimetres askew on its stack, so the card's found outline often
takes in a sliver of the stack: along one side the band just inside the outline is then
card-back pattern instead of the face's paper margin.  Pins lie alone, and their margins are
paper.  The cue is the ink fraction (rank.ink_mask, shared with read_rank: darker or more
coloured than the local paper) in a thin band along the middle of each side; a card is
"stacked" when one side is clearly inked and clearly more than the photo's usual level (a
hand shadow or loose outlines can ink many cards' margins in one photo, which says nothing
about stacks), and at most three cards of a photo may be flagged.

A pile top the outline fits tightly shows its stack outside instead: a band a few
millimetres wide beside one side that is paper-light or another hue than the table (a card
back's white margin or its pattern), where a lone card has only table and its own shadow
(darker, the same hue).  edge_score measures that, with the other cards found masked out.

On five development sets off the mat (dvk, bench_new, dvp, dvt2, dvu: 1 347 pile tops on a
stack, 4 570 pins) the ink cue alone flags 453 tops (34 %) and 51 pins (1.1 %); with the
edge cue 636 tops (47 %) and 87 pins (1.9 %).  A miss costs nothing (the layout fit then
works as without the cue); a hit tells the fit where the player sits, and a pin flagged
costs a penalty the other pins outvote (layout.STACK_PIN).
"""
from __future__ import annotations

import cv2
import numpy as np

from assistant.bowling.mat import CARD_H_MM as CH, CARD_W_MM as CW

SIDE_INK = 0.25         # one side's band this inked ...
ABOVE_USUAL = 0.2       # ... and this much above the photo's median card
MAX_PILES = 3           # more cards flagged than there are piles: the cue is not working here
EDGE_ODD = 0.5          # the edge cue: this much more of a side's outer band odd than the ring
EDGE_ABOVE = 0.3        # ... and this much above the photo's median card
PX_MM = 2.0             # the edge cue's canvas: pixels per card mm, and its margin round the card
MARGIN_MM = 12.0        # ... (the table round the card, out to RING_MM's far edge)
BAND_MM = (2.0, 5.5)    # the band beside each side where a stack shows (past the card's own edge)
RING_MM = (9.0, 12.0)   # the table farther out, the reference
RING_TABLE = 0.3        # at least this much of the ring must be table
OTHERS_GROW_MM = 3.0    # other cards' outlines grown by this much (loose outlines, blur)


def sliver_score(ink: np.ndarray, skip: tuple[int, ...] = ()) -> float:
    """Largest ink fraction of the four side bands (3.5-7 % of the width in from each edge,
    i.e. 2-4.5 mm, past the blur of a slightly loose outline; the middle 40 % of the side,
    away from the corner indices) of a rectified card's ink mask (rank.ink_mask).  skip: sides
    (0 top, 1 right, 2 bottom, 3 left) that are no edge of the card's own -- the equal cuts
    of a row of touching cards (cards.find_cards), whose band may hold the table or the
    neighbour: three pins of a touching back row were taken for pile tops."""
    h, w = ink.shape[:2]
    a, b = int(0.035 * w), int(0.07 * w)
    mid_h, mid_w = slice(int(0.3 * h), int(0.7 * h)), slice(int(0.3 * w), int(0.7 * w))
    bands = {0: ink[a:b, mid_w], 1: ink[mid_h, w - b:w - a], 2: ink[h - b:h - a, mid_w], 3: ink[mid_h, a:b]}
    return float(max((band.mean() for k, band in bands.items() if k not in skip), default=0.0))


def stacked(scores: list[float], edges: list[float] | None = None) -> list[bool]:
    """Which cards of one photo lie on a stack, from their sliver scores and (optional) edge
    scores, each judged against the photo's median card.  More flags than piles mean a cue is
    not working in this photo (big pips by the edge for the ink cue; cards hemmed in, a busy
    cloth for the edge cue): then the two are tried alone, the ink cue first."""
    if not scores:
        return []

    def flags(values, least, above):
        usual = float(np.median(values))
        return [v > least and v > usual + above for v in values]

    ink = flags(scores, SIDE_INK, ABOVE_USUAL)
    tries = [ink]
    if edges is not None:
        edge = flags(edges, EDGE_ODD, EDGE_ABOVE)
        tries = [[a or b for a, b in zip(ink, edge)], ink, edge]
    for f in tries:
        if sum(f) <= MAX_PILES:
            return f
    return [False] * len(scores)


def _canvas(corners: np.ndarray) -> np.ndarray:
    """Homography from the photo to a canvas of the card and its margin, PX_MM pixels per
    card mm, the card upright in the middle."""
    m, s = MARGIN_MM * PX_MM, PX_MM
    dst = np.float32([[m, m], [m + CW * s, m], [m + CW * s, m + CH * s], [m, m + CH * s]])
    return cv2.getPerspectiveTransform(np.float32(corners), dst)


def _side_band(side: int, d_mm: tuple[float, float], along: float) -> tuple[slice, slice]:
    """(rows, cols) of the canvas band d_mm outside one side (0 top, 1 right, 2 bottom,
    3 left), over the middle `along` fraction of the side."""
    m, s = MARGIN_MM * PX_MM, PX_MM
    x0, x1, y0, y1 = m, m + CW * s, m, m + CH * s
    a, b = d_mm[0] * s, d_mm[1] * s
    if side in (0, 2):
        h = along * (x1 - x0) / 2
        cols = slice(int((x0 + x1) / 2 - h), int((x0 + x1) / 2 + h))
        rows = slice(int(y0 - b), int(y0 - a)) if side == 0 else slice(int(y1 + a), int(y1 + b))
        return rows, cols
    h = along * (y1 - y0) / 2
    rows = slice(int((y0 + y1) / 2 - h), int((y0 + y1) / 2 + h))
    cols = slice(int(x1 + a), int(x1 + b)) if side == 1 else slice(int(x0 - b), int(x0 - a))
    return rows, cols


def edge_score(image: np.ndarray, corners: np.ndarray, others: list[np.ndarray]) -> float:
    """How much more of the band just outside one side of this card (BAND_MM, middle 60 %) is
    odd than the table ring farther out (RING_MM): lighter than the ring's usual, or another
    hue (chromaticity, so a shadow is not odd).  Pixels on other cards found (others, photo
    px, grown OTHERS_GROW_MM) count for neither.  0 when too little of the ring is table to
    judge (RING_TABLE)."""
    H = _canvas(corners)
    w, h = int((CW + 2 * MARGIN_MM) * PX_MM), int((CH + 2 * MARGIN_MM) * PX_MM)
    can = cv2.warpPerspective(image, H, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    covered = np.zeros((h, w), np.uint8)
    for q in others:
        p = cv2.perspectiveTransform(np.float32(q).reshape(-1, 1, 2), H).reshape(-1, 2)
        cv2.fillPoly(covered, [np.int32(np.round(p))], 1)
    grow = 2 * int(OTHERS_GROW_MM * PX_MM) + 1
    table = cv2.dilate(covered, np.ones((grow, grow), np.uint8)) == 0

    def pixels(side, d_mm, along):
        """(lightness, chromaticity) of the band's table pixels, and the band's size."""
        rs, cs = _side_band(side, d_mm, along)
        keep = table[rs, cs].ravel()
        if not keep.any():
            return np.zeros(0, np.float32), np.zeros((0, 2), np.float32), keep.size
        px = can[rs, cs].reshape(-1, 1, 3)[keep]
        light = cv2.cvtColor(px, cv2.COLOR_BGR2LAB)[:, 0, 0].astype(np.float32)
        f = px[:, 0, :].astype(np.float32) + 8.0
        return light, 100 * f[:, 1:] / f.sum(1, keepdims=True), keep.size   # shading cancels

    ring = [pixels(side, RING_MM, 0.9) for side in range(4)]
    ring_l = np.concatenate([r[0] for r in ring])
    if ring_l.size < RING_TABLE * sum(r[2] for r in ring):
        return 0.0                       # hemmed in by other cards: too little table to judge
    ring_h = np.concatenate([r[1] for r in ring])
    usual_l, usual_h = float(np.median(ring_l)), np.median(ring_h, 0)
    d_l, d_h = ring_l - usual_l, np.linalg.norm(ring_h - usual_h, axis=1)
    cut_l = max(10.0, float(np.percentile(d_l, 95)))
    cut_h = max(2.5, float(np.percentile(d_h, 95)))
    base = float(((d_l > cut_l) | (d_h > cut_h)).mean())
    best = 0.0
    for side in range(4):
        lb, hb, n = pixels(side, BAND_MM, 0.6)
        if lb.size < 0.5 * n:
            continue                     # mostly on other cards: nothing to judge
        odd = ((lb - usual_l) > cut_l) | (np.linalg.norm(hb - usual_h, axis=1) > cut_h)
        best = max(best, float(odd.mean()) - base)
    return best
