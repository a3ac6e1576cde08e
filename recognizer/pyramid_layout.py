"""Stage 4 for Pyramid Solitaire: the 7 overlapping rows fitted to a photo.

Every card outside the bottom row shows only its upper part, so card finding (cards.py)
sees whole only the *exposed* cards (nothing left covering them) and the waste and stock.
The fit starts from one whole card (the anchor) and grows over the lattice of places:

  1. the anchor's outline gives a first homography table mm -> photo px (a card is
     63 x 88 mm); which short side is its top is tried both ways;
  2. the row pitch (how far the next row starts below) and the gap between cards of a row
     are measured from the two cards above the anchor (their top edge and inner sides);
  3. breadth first over the lattice, each neighbouring place whose top edge shows as a
     straight line across the card's width (`edge_score`: the median over the card's
     columns of the strongest gradient near the line, so pips crossing it do not count)
     is snapped to it and joins; the homography is refitted to every joined card's top
     corners after each one;
  4. the row of the apex (a row with one card, nothing above it) numbers the rows; then
     among the 1430 shapes play can leave (a removed card's coverers are gone too) the one
     the edge scores of all 28 places support best is taken (`best_shape`), or the caller's
     prior; on the placing kept, refitted, the exposed cards' bottom edges count too.

Table frame: millimetres, x across the rows, y towards the player, the anchor's centre at
the origin; a place on the lattice is (dr, k): dr rows below the anchor, k half pitches
across.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from assistant.pyramid.rules import ROWS

from .cards import TILTED_ASPECT
from .pyramid_lattice import (CARD_H, CARD_W, COVER_RANGE, GAP_MAX, MIN_NODES, Lattice, apexes, card_corners,
                              fit_lattices, to_photo)

PLACES: tuple[str, ...] = tuple(f"{r}.{c}" for r in range(1, ROWS + 1) for c in range(1, r + 1))
PX_MM = 4.0                  # top views are sampled at this many px per mm
EDGE_BAND = 2.5              # mm either side of a predicted edge searched for it
SNAP = 4.0                   # mm a place's card may lie off the lattice
PART_PAD = 12                # px drawn round a band of a top view: the 1 mm step (4) and the blur (4) need 8
GROW_TRIES = 6               # anchors grown (the best by the cards above them)
JOIN = 0.22                  # edge_score (gradient over the paper level) a place's top edge needs
#   tools/fit_pyramid_join.py: on the true lattice of 48 development renders (D1, D2) places with
#   a card score 0.26 at their 5th percentile, places without 0.11 at their 95th, and the shapes
#   best_shape picks are best at 0.20-0.22; the whole reader on D1 + D2 read 818, 825, 822 and
#   806 cards at 0.20, 0.22, 0.24 and 0.25 (the value before): white cards on white cards show
#   their top edges at 0.18-0.25
PAPER_LIGHT = 0.65       # a pixel this light against the cards' paper level may be paper
PAPER_SHARE = 0.25       # a card's visible part is at least this much such pixels
SHADOW_PAPER = 0.45      # a card's paper in a shadow is at least this light against the cards' paper
REFITS = 2               # times the table and row pitch are refitted to every present card's top corners
BOTTOM_SEARCH = 12.0     # mm around the predicted bottom edge of an exposed card searched for it
SEEN_SHARE = 0.8        # share of a fit's places whose top edge must show (else it is no pyramid)
SEEN_EDGE = 0.11        # ... an edge score above nearly every place without a card (its 95th percentile
#                         on the development renders' true lattices, tools/fit_pyramid_join.py)
AGREE = 0.5             # support a fit gains for each found outline lying as one of its cards
UNEXPLAINED = 0.5       # support a fit loses for each found outline lying off all its cards
# on a photo whose edges are all weak (soft focus, dim or tinted light, a deck whose edges are
# thin lines) a card's top edge counts as one above this share of the top edges of the cards
# found on the lattice, where that is less than JOIN, never below SEEN_EDGE (edge_gain;
# tools/fit_edge_gain.py over the development renders' true placings)
EDGE_SHARE = 0.50
LATTICE_SURE = float("inf")   # a lattice from the outlines this well supported is not grown from an anchor
#   tools/fit_pyramid_lattice_sure.py finds 10.0 over 80 development renders (the best wrong
#   placing 9.9), but skipping the growing above it lost 7 cards and 2 whole pyramids on
#   development set C (the outlines' lattice is a few per cent off in scale, the grown one
#   measures its pitches on the edges): both are always tried, the better supported kept
PY_STEPS = 9            # row pitches tried when every outline lies on one row
BORDER = 1.0            # support lost for each place just outside the pyramid whose top edge shows
LATTICES = 8            # lattice hypotheses from the outlines (each with its mirror) looked at
PLACED = 4              # ... of which the best by the top edges above their outlines are placed in full
WHOLE_SIZE_TOL = 0.14   # a card found whole measures a card's size on a right fit within this share
#   tools/fit_pyramid_scale.py: on the development renders G and H every right fit (29) has a
#   card read surely within 0.04 of a card's size; the tolerance is that plus 0.1 for real
#   photos' less exact outlines.  Of the 2 wrong fits, one measures 0.22 off (caught), the
#   other (a lattice a little small, 0.02) is not


def coverers(place: str) -> list[str]:
    """r.c (r < 7) is covered by (r+1).c and (r+1).(c+1)."""
    r, c = map(int, place.split("."))
    return [] if r == ROWS else [f"{r + 1}.{c}", f"{r + 1}.{c + 1}"]


@lru_cache(maxsize=1)
def shapes() -> tuple[frozenset, ...]:
    """Every set of places play can leave: a place is still there only if the cards it
    covers are (they can go only after it).  1430 of them, the empty pyramid included."""
    out = []

    def grow(present: set, i: int):
        if i == len(PLACES):
            out.append(frozenset(present))
            return
        p = PLACES[i]
        grow(present, i + 1)                           # p removed
        r, c = map(int, p.split("."))
        above = [] if r == 1 else [q for q in (f"{r - 1}.{c - 1}", f"{r - 1}.{c}") if q in PLACES]
        if all(q in present for q in above):
            present.add(p)
            grow(present, i + 1)
            present.discard(p)
    grow(set(), 0)
    return tuple(out)


COVERED_BY: dict[str, tuple[str, ...]] = {p: tuple(coverers(p)) for p in PLACES}


def exposed(present: frozenset | set) -> set[str]:
    """The places of `present` no card of it covers."""
    return {p for p in present if not any(q in present for q in COVERED_BY[p])}


def in_order(present: frozenset | set) -> list[str]:
    """The places of `present` row by row, left to right: a set's own order changes with
    the interpreter's hash seed, and sums, fits and first matches over it must not."""
    return [p for p in PLACES if p in present]


@dataclass
class PyramidFit:
    H: np.ndarray                      # table mm -> photo px (the photo given to fit_pyramid)
    pitch_x: float                     # mm from one card of a row to the next
    pitch_y: float                     # mm from one row to the next
    places: dict[str, tuple[float, float]]   # place -> card centre (table mm), all 28
    present: frozenset                 # places holding a card
    scores: dict[str, float]           # edge_score of each place's top edge
    apex_found: bool = True
    notes: list[str] = field(default_factory=list)

    def corners(self, place: str, inset: float = 0.0) -> np.ndarray:
        """The card's corners TL, TR, BR, BL in photo px; inset: mm inside its edges."""
        x, y = self.places[place]
        return to_photo(self.H, card_corners(x, y, CARD_W - 2 * inset, CARD_H - 2 * inset))


def top_view(grey: np.ndarray, H: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """The photo (grey, float32) seen from above over table mm [x0, x1] x [y0, y1]."""
    w, h = int(round((x1 - x0) * PX_MM)), int(round((y1 - y0) * PX_MM))
    return _view_window(grey, H, x0, y0, 0, 0, max(w, 1), max(h, 1))


def _view_window(grey: np.ndarray, H: np.ndarray, x0: float, y0: float, c0: int, r0: int, w: int, h: int):
    """Columns c0.. c0+w, rows r0.. r0+h of the top view whose pixel (0, 0) is table mm (x0, y0)."""
    # view px -> table mm, the inverse of mm -> px (scale PX_MM, then shift), written out:
    # (np.linalg.inv costs 5 us more a call; edge_score draws about 5,000 windows a photo)
    T_inv = np.array([[1 / PX_MM, 0, x0 + c0 / PX_MM], [0, 1 / PX_MM, y0 + r0 / PX_MM], [0, 0, 1]])
    return cv2.warpPerspective(grey, H @ T_inv, (w, h),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0)


def _row_medians(a: np.ndarray) -> np.ndarray:
    """np.median(a, axis=1), the same values a third faster (no NaN checks): line_strength
    runs thousands of times a photo."""
    n = a.shape[1]
    if n % 2:
        return np.partition(a, n // 2, axis=1)[:, n // 2]
    p = np.partition(a, [n // 2 - 1, n // 2], axis=1)
    return (p[:, n // 2 - 1] + p[:, n // 2]) / 2


def line_strength(grad: np.ndarray, lo: int, hi: int) -> tuple[float, int]:
    """How strongly a straight line across the columns of `grad` shows in rows lo..hi: per
    row, the median over the columns of the gradient (each column's strongest within 1 mm,
    a line a little off the lattice's slope still counts); (the best row's median, its row).
    Pips and pictures crossing a row do so in a few columns only."""
    band = grad[max(lo, 0):max(hi, 1)]
    if band.size == 0:
        return 0.0, 0
    band = cv2.dilate(band, np.ones((int(2 * PX_MM) + 1, 1), np.uint8))
    per_row = _row_medians(band)
    i = int(np.argmax(per_row))
    # the middle of the rows near the best (the dilation makes a plateau; a thin dark line
    # is strongest a millimetre either side of it)
    near = np.nonzero(per_row >= 0.9 * per_row[i])[0]
    near = near[np.abs(near - i) <= 2 * PX_MM + 2]
    return float(per_row[i]), max(lo, 0) + int(round(near.mean()))


def _strongest_line(view: np.ndarray, axis: int, r0: int, r1: int, c0: int, c1: int) -> tuple[float, int]:
    """line_strength over the step |I(+1 mm) - I(-1 mm)| along `axis` (a step or a thin dark
    line shows whole) in the window [r0:r1, c0:c1] of the view, turned for axis 1 (a line down
    the rows); the step is computed in that window only (edge_score reads three narrow bands
    of its view).  (strength, the line's row of the view, or its column for axis 1)."""
    h, w = view.shape
    r0, r1, c0, c1 = min(r0, h), min(max(r1, r0), h), min(c0, w), min(max(c1, c0), w)
    win = np.zeros((r1 - r0, c1 - c0), view.dtype)
    d = int(PX_MM)
    if axis == 0:
        lo, hi = max(r0, d), min(r1, h - d)          # rows where the step is defined
        if hi > lo:
            win[lo - r0:hi - r0] = np.abs(view[lo + d:hi + d, c0:c1] - view[lo - d:hi - d, c0:c1])
    else:
        lo, hi = max(c0, d), min(c1, w - d)
        if hi > lo:
            win[:, lo - c0:hi - c0] = np.abs(view[r0:r1, lo + d:hi + d] - view[r0:r1, lo - d:hi - d])
        win = win.T
    if win.size == 0:
        return 0.0, 0
    strength, i = line_strength(win, 0, win.shape[0])
    return strength, (r0 if axis == 0 else c0) + i


def _draw_part(view: np.ndarray, grey: np.ndarray, H: np.ndarray, x0: float, y0: float,
               r0: int, r1: int, c0: int, c1: int) -> None:
    """Fill rows r0:r1, columns c0:c1 of `view` (the top view from table mm (x0, y0), blurred
    by 1 px) as drawing and blurring the whole view would, drawing only that window and
    PART_PAD px round it (inside the view: at its edges the blur reflects as the whole's)."""
    h, w = view.shape
    R0, R1 = max(r0 - PART_PAD, 0), min(max(r1, r0) + PART_PAD, h)
    C0, C1 = max(c0 - PART_PAD, 0), min(max(c1, c0) + PART_PAD, w)
    if R1 <= R0 or C1 <= C0:
        return
    part = _view_window(grey, H, x0, y0, C0, R0, C1 - C0, R1 - R0)
    view[R0:R1, C0:C1] = cv2.GaussianBlur(part, (0, 0), 1.0)


def edge_score(grey: np.ndarray, H: np.ndarray, x: float, y: float, pitch_y: float,
               paper: float) -> tuple[float, float, float]:
    """How clearly a card's top edge (and its sides down to the next row) shows at table
    position (x, y) (its centre): (score, dx, dy), the offsets that move the card onto the
    edges found.  Score = the median over the card's columns of the strongest vertical
    gradient near the top line, or of the two sides' if less, over the paper level."""
    m = SNAP + EDGE_BAND
    x0, y0 = x - CARD_W / 2 - m, y - CARD_H / 2 - m
    p = PX_MM
    # the view over [x0, x + CARD_W / 2 + m] x [y0, y - CARD_H / 2 + pitch]; only the three
    # bands read are drawn (a sixth of it), each with PART_PAD px round it
    size = (max(int(round((y - CARD_H / 2 + max(pitch_y, 20) - y0) * p)), 1),
            max(int(round((CARD_W + 2 * m) * p)), 1))
    view = np.zeros(size, np.float32)
    top_row = int(m * p)
    snap = int(SNAP * p)
    # the top line, over the middle 70 % of the card's width
    c0, c1 = int((m + 0.15 * CARD_W) * p), int((m + 0.85 * CARD_W) * p)
    r0, r1 = max(top_row - snap, 0), max(top_row + snap + 1, 1)
    _draw_part(view, grey, H, x0, y0, r0, r1, c0, c1)
    s_top, row = _strongest_line(view, 0, r0, r1, c0, c1)
    dy = (row - top_row) / p
    # the sides: rows from 3 mm below the top to 3 mm above the next row
    r0, r1 = int(row + 3 * p), int(row + (max(pitch_y, 20) - 3) * p)
    left, right = int(m * p), int((m + CARD_W) * p)
    sides = [(max(left - snap, 0), max(left + snap + 1, 1)), (max(right - snap, 0), max(right + snap + 1, 1))]
    for c0, c1 in sides:
        _draw_part(view, grey, H, x0, y0, r0, r1, c0, c1)
    (s_l, cl), (s_r, cr) = (_strongest_line(view, 1, r0, r1, c0, c1) for c0, c1 in sides)
    dx = ((cl - left) + (cr - right)) / 2 / p
    if abs((cr - cl) / p - CARD_W) > 3.0:              # the sides found do not make a card
        dx = (cl - left) / p if s_l >= s_r else (cr - right) / p
    # a top line alone is also where a row's line runs past a card half a pitch away
    score = min(s_top, (s_l + s_r) / 2) / max(paper, 1.0)
    return float(score), float(dx), float(dy)


def bottom_line(grey: np.ndarray, H: np.ndarray, x: float, y: float, paper: float,
                reach: float = SNAP, halves: bool = False) -> tuple[float, float]:
    """How clearly the bottom edge of a card at table position (x, y) (its centre) shows,
    looked for `reach` mm either side of where it should be: (the strongest line's median
    gradient over the middle 70 % of the card's width, over the paper level; its y in mm).
    Only an exposed card shows its bottom edge (the next row covers it); halves: the
    weaker of that and each half's, as a card one of whose two coverers is gone shows
    more than half of its bottom edge."""
    m = reach + EDGE_BAND
    view = cv2.GaussianBlur(top_view(grey, H, x - CARD_W / 2, y + CARD_H / 2 - m,
                                     x + CARD_W / 2, y + CARD_H / 2 + m), (0, 0), 1.0)
    st, row = _strongest_line(view, 0, 0, view.shape[0], int(0.15 * CARD_W * PX_MM), int(0.85 * CARD_W * PX_MM))
    if halves:
        # a card covered by one of the next row's two cards still shows the other half of
        # its bottom edge, more than the median needs: each half must show it
        w = CARD_W * PX_MM
        st = min(st, *(_strongest_line(view, 0, 0, view.shape[0], int(a * w), int(b * w))[0]
                       for a, b in ((0.1, 0.45), (0.55, 0.9))))
    return st / max(paper, 1.0), y + CARD_H / 2 - m + row / PX_MM


def _papery(grey: np.ndarray, H: np.ndarray, x: float, y: float, pitch_y: float, paper: float,
            shadows: bool = False) -> bool:
    """Is the visible upper part of a card at (x, y) mostly as light as the cards' paper?
    shadows: a shadow darkens the paper and its ink alike, the paper level is then the
    part's own lightest (its 95th percentile) when that is at least SHADOW_PAPER of the
    cards' (only for a lattice resting on several outlines: a bare table passes too)."""
    view = top_view(grey, H, x - CARD_W / 2 + 3, y - CARD_H / 2 + 3, x + CARD_W / 2 - 3, y - CARD_H / 2 + pitch_y - 3)
    local = min(paper, float(np.percentile(view, 95))) if shadows else paper
    if local < SHADOW_PAPER * paper:
        return False
    return float(np.mean(view > PAPER_LIGHT * local)) >= PAPER_SHARE


def card_measure(H: np.ndarray, quad: np.ndarray) -> tuple[float, float]:
    """An outline measured on the fitted table (photo px -> mm by H's inverse), against a
    card: (its size, the geometric mean of its two side lengths over 63 and 88 mm; its
    proportions, long side over short over a card's)."""
    m = to_photo(np.linalg.inv(H), np.asarray(quad, np.float64))
    sides = np.linalg.norm(np.roll(m, -1, 0) - m, axis=1)
    short, long_ = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return float(np.sqrt(short * long_ / (CARD_W * CARD_H))), float(long_ / max(short, 1e-9) / (CARD_H / CARD_W))


def card_sizes(H: np.ndarray, outlines: list[np.ndarray]) -> list[float]:
    """Each found outline's size on the fitted table as a share of a card's (card_measure).
    A card found whole measures about 1 on the right fit; a covered card's visible part
    less; on a fit at the wrong scale (a lattice of half pitches, or rows taken for
    another's) none measures 1."""
    return [card_measure(H, q)[0] for q in outlines]


def size_doubt(H: np.ndarray, outlines: list[np.ndarray]) -> float | None:
    """None if some outline measures a whole card on the fit (within WHOLE_SIZE_TOL) or there
    are none to measure; else the size nearest a card's (a share of it), for the warning."""
    sizes = card_sizes(H, outlines)
    if not sizes:
        return None
    nearest = min(sizes, key=lambda v: abs(v - 1))
    return None if abs(nearest - 1) <= WHOLE_SIZE_TOL else nearest


def _homography(src: list, dst: list) -> np.ndarray:
    H, _ = cv2.findHomography(np.float64(src), np.float64(dst), 0)
    return H


def _anchor_frames(quad: np.ndarray) -> list[np.ndarray]:
    """Homographies card mm -> photo px that a found outline may give: a whole card (its top
    either short side; as long over wide as find_cards takes in a tilted photo, TILTED_ASPECT:
    a tilt of 45 degrees squeezes a card to 1.0 or stretches it to 2.0) or, when it is wider
    than long for a strip, the visible upper part of a covered card (its top either long side:
    the card's width, the rest hidden)."""
    q = np.asarray(quad, np.float64)
    sides = np.linalg.norm(np.roll(q, -1, 0) - q, axis=1)
    short, long_ = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    out = []
    if TILTED_ASPECT[0] < long_ / max(short, 1) < TILTED_ASPECT[1]:
        for top in (0, 2):                  # corners come clockwise, the first edge short
            tl, tr, br, bl = (q[(top + i) % 4] for i in range(4))
            out.append(_homography(card_corners(0, 0), [tl, tr, br, bl]))
    if 1.05 < long_ / max(short, 1) < 2.3:
        depth = CARD_W * short / long_      # the strip's height in mm, seen square
        strip = [(-CARD_W / 2, -CARD_H / 2), (CARD_W / 2, -CARD_H / 2),
                 (CARD_W / 2, -CARD_H / 2 + depth), (-CARD_W / 2, -CARD_H / 2 + depth)]
        for top in (1, 3):                  # a long side on top
            tl, tr, br, bl = (q[(top + i) % 4] for i in range(4))
            out.append(_homography(strip, [tl, tr, br, bl]))
    return out


def _pitches(grey: np.ndarray, H: np.ndarray, paper: float) -> tuple[float, float, float]:
    """(pitch_x, pitch_y, score): the row pitch and gap that best show the cards above the
    anchor (at (-1, -1) and (-1, +1) on the lattice; at a row's end only one is there)."""
    best = (0.0, CARD_W + 3, CARD_H / 2)
    # a first look at three row pitches: most proposed frames have nothing above them
    if max(edge_score(grey, H, sx * (CARD_W + 4) / 2, -CARD_H * (1 - cover), CARD_H * (1 - cover), paper)[0]
           for cover in (0.4, 0.5, 0.6) for sx in (-1, 1)) < JOIN / 2:
        return best[1], best[2], 0.0

    def support(px: float, py: float) -> float:
        s = sorted(edge_score(grey, H, sx * px / 2, -py, py, paper)[0] for sx in (-1, 1))
        return s[1] + 0.5 * s[0]

    # the row pitch at one gap, then the gap at that pitch (the two hardly interact: the
    # pitch moves the top edges, the gap the sides)
    gaps = np.linspace(1.0, GAP_MAX - 2, 4)
    for cover in np.linspace(COVER_RANGE[0], COVER_RANGE[1], 5):
        py = CARD_H * (1 - cover)
        s = support(CARD_W + gaps[1], py)
        if s > best[0]:
            best = (s, CARD_W + gaps[1], py)
    py = best[2]
    for gap in gaps[[0, 2, 3]]:
        s = support(CARD_W + gap, py)
        if s > best[0]:
            best = (s, CARD_W + gap, py)
    return best[1], best[2], best[0] / 1.5


class _Lattice:
    """The joined cards' top corners in the photo and their places on the lattice; refit()
    re-estimates the pitches (a straight-line fit of the top edges' middles, seen from
    above) and then the homography from all of them."""

    def __init__(self, H: np.ndarray, px: float, py: float):
        self.H, self.px, self.py = H, px, py
        self.anchor = to_photo(H, card_corners(0, 0))
        self.nodes: list[tuple[int, int, np.ndarray]] = []      # (dr, k, [tl, tr] photo px)

    def centre(self, dr: int, k: int) -> tuple[float, float]:
        return k * self.px / 2, dr * self.py

    def add(self, dr: int, k: int, tl_tr: np.ndarray) -> None:
        self.nodes.append((dr, k, tl_tr))
        if len(self.nodes) >= 2:
            self.refit()

    def refit(self) -> None:
        inv = np.linalg.inv(self.H)
        ks = np.array([k for _, k, _ in self.nodes] + [0.0])
        drs = np.array([dr for dr, _, _ in self.nodes] + [0.0])
        mids = np.array([to_photo(inv, q).mean(0) for _, _, q in self.nodes] +
                        [to_photo(inv, self.anchor[:2]).mean(0)])
        if len(set(ks)) >= 2:
            self.px = float(np.clip(2 * np.polyfit(ks, mids[:, 0], 1)[0], CARD_W, CARD_W + GAP_MAX))
        if len(set(drs)) >= 2:
            self.py = float(np.clip(np.polyfit(drs, mids[:, 1], 1)[0], CARD_H * (1 - COVER_RANGE[1]),
                                    CARD_H * (1 - COVER_RANGE[0])))
        src, dst = list(card_corners(0, 0)), list(self.anchor)
        for dr, k, q in self.nodes:
            x, y = self.centre(dr, k)
            src += [(x - CARD_W / 2, y - CARD_H / 2), (x + CARD_W / 2, y - CARD_H / 2)]
            dst += list(q)
        self.H = _homography(src, dst)


def _grow(grey: np.ndarray, H: np.ndarray, px: float, py: float, paper: float):
    """Breadth first over the lattice from the anchor (0, 0).  Returns (joined nodes ->
    score, the _Lattice refitted to them)."""
    lat = _Lattice(H, px, py)
    joined = {(0, 0): 1.0}
    queue = [(0, 0)]
    tried = {(0, 0)}
    while queue:
        dr, k = queue.pop(0)
        for nb in ((dr - 1, k - 1), (dr - 1, k + 1), (dr, k - 2), (dr, k + 2), (dr + 1, k - 1), (dr + 1, k + 1)):
            if nb in tried or abs(nb[0]) > ROWS - 1 or abs(nb[1]) > 2 * (ROWS - 1):
                continue
            tried.add(nb)
            x, y = lat.centre(*nb)
            s, dx, dy = edge_score(grey, lat.H, x, y, lat.py, paper)
            if s < JOIN:
                continue
            joined[nb] = s
            queue.append(nb)
            tl = np.array([x + dx - CARD_W / 2, y + dy - CARD_H / 2])
            lat.add(*nb, to_photo(lat.H, [tl, tl + (CARD_W, 0)]))
    return joined, lat


@lru_cache(maxsize=1)
def _shape_matrices() -> tuple[np.ndarray, np.ndarray]:
    """(holds, shown): shapes() x PLACES, 1.0 where a shape holds a place, and where that
    place shows its bottom edge in it: exposed, nothing left covering it (so no card two
    rows down either, whose top edge would run along it at half cover: it lies on the two
    cards that would cover this one)."""
    holds = np.array([[1.0 if p in sh else 0.0 for p in PLACES] for sh in shapes()])
    shown = np.array([[1.0 if p in ex else 0.0 for p in PLACES] for ex in map(exposed, shapes())])
    return holds, shown


def best_shape(scores: dict[str, float], allowed=None,
               bottoms: dict[str, float] | None = None) -> tuple[frozenset, float]:
    """The shape (a set of places play can leave) the edges support best, and the placing's
    support: twice the most, over the shapes, of the sum over the places a shape holds of
    their top edge's score less JOIN.  Places a shape leaves empty count nothing: no edge
    is what a bare table shows too, and counting it rewarded a placing for the table under
    it (a few places on a wrong lattice beat the whole pyramid on the right one).
    bottoms: each place's bottom edge score (bottom_line); the shape is then chosen with
    the bottom edges of the places it exposes counted too, where they show (score over
    JOIN; a missing one is no evidence: a waste card or a white table hides it).  Where
    the top edges inside the pyramid show weakly (white cards on white cards) a hole cut
    into it otherwise scores as well as the rows that are there, whose exposed cards'
    bottoms on the table show strongly."""
    s = np.array([scores[p] for p in PLACES]) - JOIN
    if allowed is not None:
        vals = [2 * float(sum(v for p, v in zip(PLACES, s) if p in sh)) for sh in allowed]
        i = int(np.argmax(vals))
        return allowed[i], vals[i]
    holds, shown = _shape_matrices()
    support = 2 * (holds @ s)
    choice = support
    if bottoms is not None:
        b = np.maximum(np.array([bottoms[p] for p in PLACES]) - JOIN, 0.0)
        choice = support + 2 * (shown @ b)
    return shapes()[int(np.argmax(choice))], float(support.max())


def fit_pyramid(grey: np.ndarray, anchors: list[np.ndarray], paper: float,
                prior: frozenset | None = None, outlines: list[np.ndarray] | None = None,
                whole: list[np.ndarray] | None = None) -> PyramidFit | None:
    """Fit the 7 rows to a grey photo (float32) from the whole cards' outlines `anchors`
    (photo px, clockwise, short edge first).  paper: the cards' paper grey level.
    prior: the places the caller knows hold a card (any other is empty).  outlines: every
    face-up outline found (default: the anchors); a fit leaving many of them off its cards
    is a part of the pyramid taken for the whole.  whole: the outlines read surely, the
    lattice's first choice (a covered card's strip read unsurely proposes a lattice of half
    cards); the lattice from all outlines competes with it, the better kept (a deck whose
    indices read unsurely leaves too few sure cards for a lattice of their own)."""
    looks = [_looks(grey, list(w if w is not None else outlines or anchors), paper)
             for w in ([whole, None] if whole is not None and len(whole) < len(outlines or anchors) else [whole])]
    # every placing's edges are judged on the photo's scale (edge_gain)
    gain = edge_gain(max((_found_edges(grey, lk, paper) for lk in looks if lk), default=np.inf))
    lattices = [_lattice_fit(grey, lk, paper, prior, anchors, outlines, gain) for lk in looks]
    lattices = [c for c in lattices if c is not None]
    best = from_lattice = max(lattices, key=lambda c: c[0]) if lattices else None
    starts = []
    if best is None or best[0] < LATTICE_SURE:      # (a clear lattice from the outlines: no growing)
        for quad in anchors:
            for H0 in _anchor_frames(quad):
                px, py, s = _pitches(grey, H0, paper)
                if s >= JOIN:                  # else nothing lies above this card: not its top
                    starts.append((s, H0, px, py))
    for s, H0, px, py in sorted(starts, key=lambda t: -t[0])[:GROW_TRIES]:
        joined, lat = _grow(grey, H0, px, py, paper)
        top = min(dr for dr, _ in joined)
        edge_at: dict[tuple[float, float], float] = {}   # the apexes of one row share most places
        for k_apex in sorted(k for dr, k in joined if dr == top):
            places = _places(top, k_apex, lat.px, lat.py)
            for xy in places.values():
                if xy not in edge_at:
                    edge_at[xy] = edge_score(grey, lat.H, *xy, lat.py, paper)[0]
            scores = {p: gain * edge_at[xy] for p, xy in places.items()}
            present, value = best_shape(scores, [prior] if prior is not None else None)
            value += AGREE * len(_outlined(lat.H, places, present, anchors))
            value -= UNEXPLAINED * _unexplained(lat.H, places, present, outlines or anchors)
            if best is None or value > best[0]:
                apex_alone = sum(1 for dr, _ in joined if dr == top) == 1
                best = (value, lat, places, scores, present, apex_alone, (top, k_apex))
    if best is None:
        return None
    _, lat, places, scores, present, apex_found, (top, k_apex) = best
    if prior is None and len(present) < 2:
        return None         # a lone card
    notes = [] if apex_found else ["the pyramid's apex was not found: the row numbers are a guess"]
    H, py = lat.H, lat.py
    for _ in range(REFITS):
        H, py = _refit_whole(grey, H, places, present, py, paper,
                             lambda q: _places(top, k_apex, lat.px, q))
        places = _places(top, k_apex, lat.px, py)
    # the places kept must show a card's top edge on the cards' paper (seen on the refitted
    # table: the lattice from the outlines alone may be a few per cent off in scale)
    edges = {p: edge_score(grey, H, *places[p], py, paper) for p in PLACES}
    scores = {p: gain * e[0] for p, e in edges.items()}
    if prior is None:       # the shape chosen again there, the exposed cards' bottoms counted
        # (only for the placing kept: counted for every placing they moved some off the cards)
        present = best_shape(scores, None, {p: gain * bottom_line(grey, H, *places[p], paper, halves=True)[0]
                                            for p in PLACES})[0]
    # (or a found outline lies as the place's card: a deep shadow darkens the paper)
    outlined = set(_outlined(H, places, present, outlines or anchors))
    # a shadow is allowed for a placing several found outlines lie on as its cards (the
    # lattice from the outlines, or a grown one they confirm): a bare table has none
    shadows = best is from_lattice or len(outlined) >= MIN_NODES
    seen = [p in outlined or (scores[p] >= SEEN_EDGE and _papery(grey, H, *places[p], py, paper, shadows)) for p in in_order(present)]
    if prior is None and np.mean(seen) < SEEN_SHARE:
        return None         # places kept only because play could not leave a hole
    # snap each present card onto its edges (the lattice is only as exact as the table)
    for p in present:
        x, y = places[p]
        _, dx, dy = edges[p]
        places[p] = (x + dx, y + dy)
    return PyramidFit(H, lat.px, py, places, present, scores, apex_found, notes)


def _refit_whole(grey: np.ndarray, H: np.ndarray, places: dict, present: frozenset, py: float,
                 paper: float, relattice) -> tuple[np.ndarray, float]:
    """(homography, row pitch) refitted to every present card's top corners and the exposed
    cards' bottom corners.  The top edges alone cannot tell the table's scale along the
    rows' axis: only a whole card shows its height, which gives the row pitch in mm.
    relattice(py): the places' centres at another row pitch."""
    tops, bottoms = {}, {}
    open_ = exposed(present)
    for p in in_order(present):
        x, y = places[p]
        _, dx, dy = edge_score(grey, H, x, y, py, paper)
        tops[p] = (dx, y + dy - CARD_H / 2)
        if p in open_:
            st, bottom = bottom_line(grey, H, x, y, paper, BOTTOM_SEARCH)
            if st >= JOIN:
                bottoms[p] = bottom
    rows = np.array([int(p.split(".")[0]) for p in tops])
    if bottoms and len(set(rows)) >= 2:
        # in this frame: rows lie `step` apart and a card is `height` tall; a card is 88 mm
        step = np.polyfit(rows, [t for _, t in tops.values()], 1)[0]
        height = float(np.median([bottoms[p] - tops[p][1] for p in bottoms]))
        if height > 0.5 * CARD_H:
            py = float(np.clip(step * CARD_H / height, CARD_H * (1 - COVER_RANGE[1]), CARD_H * (1 - COVER_RANGE[0])))
    src, dst = [], []
    for p, (dx, t) in tops.items():
        x, y = places[p]
        src += [(x - CARD_W / 2, y - CARD_H / 2), (x + CARD_W / 2, y - CARD_H / 2)]
        dst += list(to_photo(H, [(x + dx - CARD_W / 2, t), (x + dx + CARD_W / 2, t)]))
        if p in bottoms:
            src += [(x + CARD_W / 2, y + CARD_H / 2), (x - CARD_W / 2, y + CARD_H / 2)]
            dst += list(to_photo(H, [(x + dx + CARD_W / 2, bottoms[p]), (x + dx - CARD_W / 2, bottoms[p])]))
    if len(src) < 6:
        return H, py
    # the same points on the lattice at the new row pitch
    new = relattice(py)
    src = np.array(src, np.float64)
    i = 0
    for p in tops:
        n = 4 if p in bottoms else 2
        src[i:i + n] += np.subtract(new[p], places[p])
        i += n
    return _homography(src, dst), py


def _unexplained(H: np.ndarray, places: dict, present: frozenset, outlines: list) -> int:
    """How many found outlines have their centre off every card of the fit (the waste and
    the stock count alike for every fit; a few rows taken for the pyramid leave the rest)."""
    rects = [np.float32(to_photo(H, card_corners(*places[p]))).reshape(-1, 1, 2) for p in in_order(present)]
    n = 0
    for q in outlines:
        c = np.mean(q, 0)
        n += not any(cv2.pointPolygonTest(r, (float(c[0]), float(c[1])), False) >= 0 for r in rects)
    return n


def _outlined(H: np.ndarray, places: dict, present: frozenset, outlines: list) -> list[str]:
    """The place each found outline lies as a fitted card at (a whole card on an exposed
    place, or the upper part of a covered one: its centre there and its long axis the same
    way), one entry per such outline."""
    open_ = exposed(present)
    out = []
    for q in outlines:
        c = np.mean(q, 0)
        sides = np.roll(q, -1, 0) - q
        long_ax = sides[int(np.argmax(np.linalg.norm(sides, axis=1)))]
        for p in in_order(present):
            x, y = places[p]
            depth = CARD_H if p in open_ else CARD_H / 2
            rect = to_photo(H, card_corners(x, y - CARD_H / 2 + depth / 2, CARD_W, depth))
            if cv2.pointPolygonTest(np.float32(rect).reshape(-1, 1, 2), (float(c[0]), float(c[1])), True) > 0:
                axis = rect[3] - rect[0] if p in open_ else rect[1] - rect[0]
                cos = abs(np.dot(axis, long_ax)) / (np.linalg.norm(axis) * np.linalg.norm(long_ax) + 1e-9)
                if cos > 0.9:
                    out.append(p)
                break
    return out


def _places(top: int, k_apex: int, px: float, py: float) -> dict[str, tuple[float, float]]:
    """Each place's card centre (table mm) with the apex at lattice node (top, k_apex)."""
    out = {}
    for p in PLACES:
        r, c = map(int, p.split("."))
        out[p] = ((k_apex + 2 * (c - 1) - (r - 1)) * px / 2, (top + r - 1) * py)
    return out


def edge_gain(ref: float) -> float:
    """The factor a photo's edge scores are multiplied by, from `ref`, the median top edge score
    of the cards found on its lattice (_found_edges): JOIN over the threshold
    min(JOIN, EDGE_SHARE x ref) floored at SEEN_EDGE.  1 on a photo whose edges show clearly,
    up to JOIN / SEEN_EDGE where all are weak: the thresholds set on clear photos (JOIN,
    BORDER, the shapes) then hold there too."""
    return JOIN / max(SEEN_EDGE, min(JOIN, EDGE_SHARE * ref))


def _border(top: int, k_apex: int) -> list[tuple[int, int]]:
    """Lattice nodes just outside the pyramid: above the apex and past each row's ends."""
    out = [(top - 1, k_apex - 1), (top - 1, k_apex + 1)]
    for r in range(1, ROWS + 1):
        out += [(top + r - 1, k_apex - (r - 1) - 2), (top + r - 1, k_apex + (r - 1) + 2)]
    return out


def _node_score(grey, lt, py: float, paper: float, cache: dict, dr: int, k: int) -> float:
    """edge_score of the card at lattice node (dr, k), cached per (lattice, row pitch)."""
    if (dr, k) not in cache:
        cache[(dr, k)] = edge_score(grey, lt.H, k * lt.pitch_x / 2, dr * py, py, paper)[0]
    return cache[(dr, k)]


def _looks(grey: np.ndarray, quads: list, paper: float) -> list[tuple[float, Lattice, float, dict]]:
    """The lattices fitted from the found outlines `quads` (pyramid_lattice.fit_lattices) at
    each row pitch to try, best first by a cheap look: a card found whole lies on the two cards
    it covers, whose top edges show just above it.  (look, lattice, row pitch, the node
    scores' cache): the first PLACED are placed in full."""
    looks = []
    for lt in fit_lattices(quads, keep=LATTICES):
        pys = [lt.pitch_y] if lt.py_known else list(np.linspace(CARD_H * (1 - COVER_RANGE[1]),
                                                                    CARD_H * (1 - COVER_RANGE[0]), PY_STEPS))
        for py in pys:
            cache: dict[tuple[int, int], float] = {}
            above = [max(_node_score(grey, lt, py, paper, cache, dr - 1, k - 1),
                         _node_score(grey, lt, py, paper, cache, dr - 1, k + 1)) for dr, k in lt.nodes.values()]
            looks.append((float(np.mean(above)), lt, py, cache))
    looks.sort(key=lambda t: -t[0])
    return looks


def _found_edges(grey: np.ndarray, looks: list, paper: float) -> float:
    """The photo's edge level for edge_gain: the most, over the lattices placed, of the median
    top edge score of the cards found on them (inf with none).  Taken over every lattice, not
    each its own: placings are compared on one scale (a lattice whose cards' edges its
    misplacing blurs would otherwise gain most)."""
    return max((float(np.median([_node_score(grey, lt, py, paper, cache, dr, k) for dr, k in lt.nodes.values()]))
                for _, lt, py, cache in looks[:PLACED]), default=np.inf)


def _lattice_fit(grey: np.ndarray, looks: list, paper: float, prior, anchors: list, outlines, gain: float = 1.0):
    """The best placing of the 7 rows on the lattices of `looks` (_looks): every apex node that
    keeps the most outlines on places is tried, each place's top edge scored (edge_score,
    cached per node, times `gain`).  Returns a candidate as fit_pyramid keeps them (value,
    _Lattice, places, scores, present, apex_alone, (top, k_apex)) or None."""
    best = None
    for _, lt, py, cache in looks[:PLACED]:
        cands = apexes(lt.nodes.values())
        if not cands:
            continue
        most = max(c[0] for c in cands)
        score = lambda dr, k: gain * _node_score(grey, lt, py, paper, cache, dr, k)   # noqa: E731
        for n, top, k_apex in cands:
            if n < most:
                continue
            places = _places(top, k_apex, lt.pitch_x, py)
            scores = {}
            for p in PLACES:
                r, c = map(int, p.split("."))
                scores[p] = score(top + r - 1, k_apex + 2 * (c - 1) - (r - 1))
            present, value = best_shape(scores, [prior] if prior is not None else None)
            value -= BORDER * sum(max(0.0, score(*b) - JOIN) for b in _border(top, k_apex))
            value += AGREE * len(_outlined(lt.H, places, present, anchors))
            value -= UNEXPLAINED * _unexplained(lt.H, places, present, outlines or anchors)
            if best is None or value > best[0]:
                lat = _Lattice(lt.H, lt.pitch_x, py)
                best = (value, lat, places, scores, present, True, (top, k_apex))
    return best
