"""Stages 1 and 2: find_cards (card outlines as 4 corners) and rectify (a canonical upright card).

find_cards works on a copy of the photo about WORK_LONG pixels long.  Cards are light,
low-saturation, nearly rectangular regions.  Two masks give candidate regions:
  * "whiteness" (grey minus half the saturation) above Otsu's threshold, and
  * everything that is not an edge (Canny, dilated),
each cut along Canny edges so that touching cards, whose shared border is a thin
dark line, fall apart.  Masks that only add cards no other found cover the hard cases: a
second, brighter Otsu level, paper lighter than the table around it, closed faint edges, and
each edge component filled in (a ten whose pips cut its paper into pieces).  A region is a card candidate if it is almost a convex
quadrilateral with a card-like aspect; sizes are then checked against the median card.
When those masks read fewer than two number cards, the pipeline looks again with
outline_masks too (white paper on a white table: only its faint outline shows).
Regions about k cards large that are straight rows of touching cards are split.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from assistant.bowling.mat import CARD_H_MM, CARD_W_MM

from .polygons import overlap_area

# ---- Tuning: every number card finding decides by, in one place, each with its reason. ----
WORK_LONG = 1100                  # outlines are found on a copy this long (ranks are read from the photo)
CARD_ASPECT = CARD_H_MM / CARD_W_MM
RECT_W, RECT_H = 200, 280          # rectified card, portrait: the size read_rank reads
DIM = "dim"                       # a card-shaped region between edges that is not lighter than the table
CORNERS = "corners"               # a card seen as right-angled corners of a larger region (_corner_cards)
FAN = "fan"                       # the top card of a fan: a clean rectangle no card's shape, cut at its side
CUT_OFF = "cut_off"               # a card the photo's edge cuts off, completed to the card size there
WHOLE = "whole "      # the source's prefix of a pyramid's whole card found at the larger size (find_cards)
ADD_ONLY = (WHOLE, "bright_hi", "local", "edge_loops", "edge_fill", "faint_fill", "white_open", DIM, CORNERS, FAN, CUT_OFF)   # sources that only add cards no other found
DIM_SHAPE = 0.93                  # ... kept when its outline scores this (hull fill, solidity)
RING = "edge_loops_ring"          # a card seen only as a broken ring of faint edges (its hull)
FRAME = "edge_loops_frame"        # a card seen only as its printed frame, grown to card size
FRAME_K = (0.45, 0.75)            # the frame's area as a fraction of a card's
BITTEN_FILL = 0.88                # a bitten region's hull must fill this much of its rectangle
MIN_CARD_SCORE = 0.82            # a region's outline score (hull fill, solidity) a card must pass
RING_PX = 8                       # width of the ring outside a region (work px) for the local test
DARKEST_PAPER = 30                # white level below which a region is never paper, however dark
                                  # the table (pile tops in a shadow on a dim table read ~40)
LOOP_SIZES = 0.93                 # an edge loop this clean sizes the cards when nothing else can
LOCAL_MARGIN = 8.0                # a card face is this much whiter than the table around it
MIN_CARD_PX = 28                  # a card's short side in the work image is at least this: the
                                  # smallest true card seen is 40 px (a 12 MP layout, a real photo);
                                  # a smaller "card" is a pip's white surround, read as an ace
CORNER_COS = 0.2        # a polygon vertex within ~12 degrees of square is a card's corner
CORNER_ASPECT = 0.15    # the two sides between three such corners are a card's within this
CORNER_COVER = 0.9      # and the card they span lies this much inside the region
CORNER_CLEAN = 0.9      # only regions that are no clean card themselves are searched
ASKEW_EDGES = 0.4       # a card seen by two square corners runs along edges this much (tools/fit_askew.py)
FAN_CLEAN = 0.9         # a fan's outline (hull fill, solidity): overlapping cards side by side make a clean rectangle
FAN_WIDER = 1.15        # a fan is at least this much wider than a card of its height (a single card is not)
FAN_STEP = 0.02         # the cuts tried near a card's proportions, as shares of its width
FAN_MIN_STRIP = 0.15    # a card under a fan's top card shows at least this share of its width
# the top card's side may lie FAN_SHIFT of its width off a card's proportions, and runs along
# edges over FAN_SEAM of its length.  Fitted by tools/fit_fan.py on the real photos' tuning half
# (odd): 192 of 265 cards found at seams 0.6-0.8 with shifts 0.08-0.16 (0.8 / 0.12 reports
# fewest cards where none is labelled, 17), 191 at shift 0.04, 190-191 at 0.9, 189-190 at 1.0.
# Held-out half (even): 168 of 262 (169 at 0.08; 167 with no fans cut)
FAN_SHIFT = 0.12
FAN_SEAM = 0.8
SAME_CARD = 0.3         # two outlines overlapping by this share of the smaller are one card found twice
BORDER_PX = 2           # a point this near the photo's edge lies on it (a mask's region stops a pixel short)
ROW_TOL = 0.3           # a row's length over n may be this far off a card's side
MIN_SEAM = 0.2          # a row whose cuts have no edge along them nearby is no row of cards
SEAM_SHIFT = 0.25       # a seam may lie this share of a card's length off its equal cut
CUT_MARGIN = 0.3        # how much more of another count's cuts must lie on edges
# the faint edges at lower Canny levels (low, high): white paper on a patterned white cloth (flowers,
# stripes) shows its outline, broken at the photo's faint level, closed here, and the pattern's
# own loops are no card's shape; most of all at twice the resolution (the pipeline's last look).
# Fitted by tools/fit_fainter.py on the 5 even independent photos that reach the outline look:
# none 40.00 %, 10/25 49.23 %, 8/20 69.23 %, 6/15 75.38 % (tied with 10/25 + 6/15; fewer levels
# win), 8/20 + 6/15 69.23 %; on the 8 odd ones 6/15 reads 65.38 % (none 62.50 %, 8/20 + 6/15 72.12 %)
FAINTER = ((6, 15),)
LOOPS = ("edge_loops",) + tuple(f"edge_loops{lo}" for lo, _ in FAINTER)     # the edge-loop masks
PLAIN = ("bright_cut", "non_edge", "bright_closed")   # the masks whose regions are the paper itself
OUTLINE_MASKS = ("faint_fill",) + LOOPS[1:]   # + "white_open": tried, read striped cloths wrong more than right
STRIPE_OPEN = 0.025     # white_open: opening size over the work image's long side (a light stripe
                        # of a cloth, 18 work px wide, goes; a card, 50 px short side or more, stays)
ASPECT = (1.1, 1.85)            # a card's long side over its short side in a photo
TILTED_ASPECT = (0.95, 2.0)     # ... in a steeply tilted one (_size_model): far cards seen end on
                                # look square (1.0 on photos tilted 34 degrees), near ones sideways
                                # longer; below 1 a card would be read turned
DECK_CARDS = 20         # the game's deck (A-10 of two suits): more card-sized squares are a pattern
STEEP_SIZES = 0.47      # log area: the near cards 1.6 times the far ones' area, or more
SIZE_PLANE_MIN = 5      # _size_model: clean single cards needed to fit the size across the photo
SIZE_TOL = 0.3          # ... a card agrees with a size plane within this (log area: 35 %)
SIZE_CLUSTER = 0.45     # log area: outlines this near in size are one size (the cards', not pips or pairs)
CLEAN = 0.88            # an outline this card-like (_outline_score) is a clean card: it sizes the cards first
ONE_CARD_K = (0.75, 1.33)       # a region's area over the card size where only one card's size will do
WHOLE_OVER_PART = (1.6, 3.5)   # a whole card's outline over a covered card's visible part in a pyramid:
                                # 1.7-2.8 on the 12 development renders (G, H) sized by a part; on the
                                # 19 sized by a whole card no two outlines (merged cards) lie in it
                                # (tools/measure_pyramid_sizes.py)
SIZE_KEEP = 0.5         # ... and must keep this share of the cards of the most common size
SIZE_TRIES = 150        # ... planes tried through three cards each (seeded: the same every run)
SEED_K = (0.3, 1.6)             # a seed's rectangle is this many cards large...
SEED_ASPECT = 3.2               # ...and at most this long for its width


@dataclass
class CardQuad:
    corners: np.ndarray            # 4x2 float, in work-image pixels, clockwise, first edge short
    area: float
    rectangularity: float
    source: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def centre(self) -> np.ndarray:
        return self.corners.mean(0)


def work_image(img: np.ndarray, long_side: int = WORK_LONG) -> tuple[np.ndarray, float]:
    """A downscaled copy for finding; returns (image, factor from work px to img px)."""
    h, w = img.shape[:2]
    f = max(h, w) / long_side
    if f <= 1.05:
        return img, 1.0
    return cv2.resize(img, (round(w / f), round(h / f)), interpolation=cv2.INTER_AREA), f


def quad_sides(quad: np.ndarray) -> tuple[float, float]:
    """A quadrilateral's mean short and mean long side (opposite sides averaged)."""
    sides = np.linalg.norm(np.roll(quad, -1, 0) - quad, axis=1)
    a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return (a, b) if a <= b else (b, a)


def order_corners(pts: np.ndarray) -> np.ndarray:
    """Clockwise (in image coordinates) starting so that the first edge is a short side."""
    pts = np.asarray(pts, np.float64).reshape(4, 2)
    c = pts.mean(0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]                       # clockwise on screen (y down)
    e0 = np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[3] - pts[2])
    e1 = np.linalg.norm(pts[2] - pts[1]) + np.linalg.norm(pts[0] - pts[3])
    if e0 > e1:
        pts = np.roll(pts, -1, axis=0)
    # start at the corner nearest the top-left of the image, keeping the short edge first
    if (pts[0] + pts[1]).sum() > (pts[2] + pts[3]).sum():
        pts = np.roll(pts, 2, axis=0)
    return pts


def _line_intersection(l1, l2):
    """Where two lines (vx, vy, x0, y0) cross; None when they are parallel."""
    (vx1, vy1, x1, y1), (vx2, vy2, x2, y2) = l1, l2
    det = vx2 * vy1 - vx1 * vy2
    if abs(det) < 1e-6:
        return None
    t = (vx2 * (y2 - y1) - vy2 * (x2 - x1)) / det      # Cramer's rule
    return np.array([x1 + t * vx1, y1 + t * vy1])


def _region_shape(cnt: np.ndarray) -> tuple[float, float, float, tuple] | None:
    """The cheap measures of a region's outline: (area, hull/rectangle fill, solidity,
    minimum-area rectangle of the hull); None for a degenerate region."""
    hull = cv2.convexHull(cnt)
    area = cv2.contourArea(cnt)
    harea = cv2.contourArea(hull)
    if harea <= 0:
        return None
    rect = cv2.minAreaRect(hull)
    _, (w, h), _ = rect
    if w * h <= 0:
        return None
    return area, harea / (w * h), area / harea, rect


def _outline_score(rect: float, solid: float) -> float:
    """How card-like a region's outline is, from its hull/rectangle fill and its solidity
    (_region_shape): both must be high; pips inside lower the solidity only half as much."""
    return min(rect, 0.5 + solid / 2)


def _fit_quad(cnt: np.ndarray, rect: tuple) -> np.ndarray:
    """A quadrilateral fitted to a region's outline: lines through the straight parts of the
    four sides of its minimum-area rectangle `rect` (rounded corners and corner notches are
    ignored).  The line fits are the costly part of finding cards, so find_cards calls this
    only for regions whose cheap measures (_region_shape) can make a card."""
    _, (w, h), _ = rect
    box = cv2.boxPoints(rect).astype(np.float64)
    pts = cnt.reshape(-1, 2).astype(np.float64)
    px, py = pts[:, 0], pts[:, 1]
    tol = 0.06 * min(w, h) + 1.5
    lines = []
    for i in range(4):
        p0, p1 = box[i], box[(i + 1) % 4]
        d = p1 - p0
        L = math.hypot(d[0], d[1])
        ux, uy = d[0] / L, d[1] / L
        rx, ry = px - p0[0], py - p0[1]
        t = rx * ux + ry * uy                      # along the side
        sel = (np.abs(ry * ux - rx * uy) < tol) & (t > 0.12 * L) & (t < 0.88 * L)
        if np.count_nonzero(sel) < 5:
            lines.append((ux, uy, p0[0], p0[1]))
            continue
        line = cv2.fitLine(pts[sel].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        lines.append(tuple(line.ravel().tolist()))
    quad = []
    for i in range(4):
        q = _line_intersection(lines[i - 1], lines[i])
        if q is None or math.hypot(*(q - box[i])) > 0.25 * max(w, h):
            q = box[i]
        quad.append(q)
    return np.array(quad)


def _regions(mask: np.ndarray, min_area: float, max_area: float):
    # CCOMP puts the outer boundary of every component at the top level, also of a card
    # lying inside another light region (a white table)
    cnts, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    for c, hh in zip(cnts, hier[0] if hier is not None else []):
        if hh[3] != -1:
            continue
        a = cv2.contourArea(c)
        if min_area <= a <= max_area:
            yield c


def _light_region(white: np.ndarray, c: np.ndarray, x: int, y: int, bw: int, bh: int, t: float) -> bool:
    """Is the region (contour c, bounding box x, y, bw, bh) light enough to be a card face?
    Either globally (above the Otsu cut) or locally: clearly lighter than the table just
    outside its outline -- a grey or white table under weak or uneven light (a glare spot
    pulls Otsu's cut above every card) still shows each card lighter than its surroundings."""
    H, W = white.shape
    pad = RING_PX + 2
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + bw + pad, W), min(y + bh + pad, H)
    mm = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(mm, [c], -1, 255, -1, offset=(-x0, -y0))
    crop = white[y0:y1, x0:x1]
    if cv2.mean(crop, mm)[0] >= max(t * 0.9, 90):
        return True
    inside = float(np.median(crop[mm > 0]))        # the paper (pips are a minority)
    if inside < DARKEST_PAPER:
        return False
    outer = cv2.dilate(mm, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * RING_PX + 1, 2 * RING_PX + 1)))
    ring = cv2.subtract(outer, cv2.dilate(mm, np.ones((5, 5), np.uint8)))
    vals = crop[ring > 0]
    if vals.size < 20:
        return False
    # the ring may run over touching neighbours (paper) on some sides: the table is its
    # darker part
    if _lighter_than(inside, vals):
        return True
    # a pile top: on one or two sides the ring runs over its stack (paper-white card edges),
    # so judge each side of the ring apart and accept when two sides show the table
    ys, xs = np.nonzero(ring)
    (cx, cy), _, ang = cv2.minAreaRect((c.reshape(-1, 2) - (x0, y0)).astype(np.float32))
    side = (((np.degrees(np.arctan2(ys - cy, xs - cx)) - ang + 45.0) % 360) // 90).astype(int)
    vals = crop[ys, xs]
    return sum(_lighter_than(inside, vals[side == k]) for k in range(4) if (side == k).sum() >= 10) >= 2


def _lighter_than(inside: float, ring_vals: np.ndarray) -> bool:
    """Is a region's paper level clearly above the table in (part of) the ring around it?"""
    p25, med = np.percentile(ring_vals, [25, 50])
    return inside >= med + max(3.0, 0.05 * med) and inside >= p25 + max(LOCAL_MARGIN, 0.2 * p25)


def _cover(cnt: np.ndarray, quad: np.ndarray) -> float:
    """How much of quad lies inside the region, its holes (pips) filled."""
    x, y, w, h = cv2.boundingRect(cnt)
    filled = cv2.drawContours(np.zeros((h, w), np.uint8), [cnt - [x, y]], -1, 1, -1)
    inside = cv2.fillConvexPoly(np.zeros((h, w), np.uint8), np.int32(np.round(quad - [x, y])), 1)
    return float(filled[inside > 0].mean()) if inside.any() else 0.0


def _corner_cards(cnt: np.ndarray, shape: tuple, edges: np.ndarray | None = None) -> list[tuple]:
    """Cards inside a region that is no card itself: a card touching another at a corner, or
    lying on top of one, merges with it into one region, but its own corners that stand free
    are still square corners on the region's outline, with a card's sides between them: a
    square corner whose two sides are in a card's proportions, and the corners at their far
    ends square too -- or, given the edge map (the second look: no layout was found, so cards
    may overlap at any angle), one of them (the other side may end where the card crosses the
    one under it askew, at no square angle) when the card's whole outline runs along edges
    (ASKEW_EDGES: it lies on top; a patterned cloth's corners make such shapes too).  The
    fourth corner completes the parallelogram.  A corner on the photo's
    border is the photo's, not a card's.  Returned as find_cards' blobs (quad, area, coverage,
    CORNERS, aspect, contour)."""
    poly = cv2.approxPolyDP(cnt, 0.025 * math.sqrt(cv2.contourArea(cnt)), True).reshape(-1, 2).astype(np.float64)
    prev, nxt = np.roll(poly, 1, 0) - poly, np.roll(poly, -1, 0) - poly
    square = np.abs((prev * nxt).sum(1)) < CORNER_COS * np.linalg.norm(prev, axis=1) * np.linalg.norm(nxt, axis=1)
    n, out = len(poly), []
    both = np.roll(square, 1) & np.roll(square, -1)
    ends = both if edges is None else np.roll(square, 1) | np.roll(square, -1)
    for i in np.flatnonzero(square & ends) if n >= 4 else []:
        a, p, b = poly[i - 1], poly[i], poly[(i + 1) % n]
        la, lb = np.linalg.norm(a - p), np.linalg.norm(b - p)
        aspect = max(la, lb) / max(min(la, lb), 1e-9)
        if abs(aspect - CARD_ASPECT) > CORNER_ASPECT * CARD_ASPECT or min(la, lb) < MIN_CARD_PX:
            continue
        quad = np.array([a, p, b, a + b - p])
        if border_sides(quad, shape[1], shape[0]).any():
            continue
        cover = _cover(cnt, quad)
        if cover >= CORNER_COVER and (both[i] or outline_on_edges(edges, quad, []) >= ASKEW_EDGES):
            out.append((quad, float(cv2.contourArea(np.float32(quad))), cover, CORNERS, aspect, cnt))
    return out


def same_card(overlap: float, area_a: float, area_b: float) -> bool:
    """Two outlines sharing `overlap` of area are one card found twice (SAME_CARD of the smaller)."""
    return overlap > SAME_CARD * min(area_a, area_b)


def border_sides(pts: np.ndarray, w: int, h: int) -> np.ndarray:
    """Which of a w x h photo's edges (left, top, right, bottom) each point lies on (n x 4),
    within BORDER_PX."""
    p = np.asarray(pts, np.float64).reshape(-1, 2)
    return np.concatenate((p < BORDER_PX, p > np.array([w, h]) - 1 - BORDER_PX), 1)


def _cut_off_card(cnt: np.ndarray, card_area: float, shape: tuple) -> tuple | None:
    """A card the photo's edge cuts off: a region touching the border whose free sides are a
    card's, short of a card's length only where it meets the border.  Its axes are those of its
    longest straight side off the border; along each axis it spans a card's side (the size plane's
    card at its place, within SIZE_TOL), or less, and then the card goes on past the end lying on
    the border.  The card so completed must be what the region shows of it: the region fills
    its part inside the photo as a card's outline must (MIN_CARD_SCORE, as intersection over
    union).  Returned as a find_cards blob (quad, area, fill, CUT_OFF, aspect, contour)."""
    h, w = shape[:2]
    edges_at = lambda p: border_sides(p, w, h)      # noqa: E731
    pts = cnt.reshape(-1, 2).astype(np.float64)
    border = edges_at(pts).any(1)
    if not border.any() or border.all():
        return None
    poly = cv2.approxPolyDP(cv2.convexHull(cnt), 0.02 * cv2.arcLength(cnt, True), True).reshape(-1, 2).astype(np.float64)
    on_one_edge = (edges_at(poly) & edges_at(np.roll(poly, -1, 0))).any(1)     # side i runs along the border
    sides = [(a, b) for a, b, along in zip(poly, np.roll(poly, -1, 0), on_one_edge) if not along]
    if not sides:
        return None
    a, b = max(sides, key=lambda ab: np.linalg.norm(ab[1] - ab[0]))
    u = (b - a) / np.linalg.norm(b - a)
    v = np.array([-u[1], u[0]])
    short = math.sqrt(card_area / CARD_ASPECT)
    slack = math.exp(SIZE_TOL / 2)                  # SIZE_TOL is in log area: half of it in length
    for lens in ((short, short * CARD_ASPECT), (short * CARD_ASPECT, short)):
        spans = []
        for axis, length in zip((u, v), lens):
            proj = pts @ axis
            lo, hi = proj.min(), proj.max()
            if hi - lo > length * slack:
                break                               # longer than a card: no card
            if hi - lo >= length / slack:
                spans.append((lo, hi))
                continue
            lo_on, hi_on = border[proj < lo + 2].mean(), border[proj > hi - 2].mean()
            if lo_on > 0.5 >= hi_on:
                spans.append((hi - length, hi))     # cut off at its low end
            elif hi_on > 0.5 >= lo_on:
                spans.append((lo, lo + length))
            else:
                break
        else:
            (u0, u1), (v0, v1) = spans
            quad = np.array([u0 * u + v0 * v, u1 * u + v0 * v, u1 * u + v1 * v, u0 * u + v1 * v])
            if quad.min(0).min() > -2 and (quad.max(0) < np.array([w + 1, h + 1])).all():
                continue                            # wholly inside: no cut-off card
            # both drawn in the box round the two (inside the photo): the rest is empty
            x0, y0 = np.maximum(np.floor(np.minimum(quad.min(0), pts.min(0))), 0).astype(int)
            x1, y1 = np.minimum(np.ceil(np.maximum(quad.max(0), pts.max(0))) + 1, [w, h]).astype(int)
            region = cv2.drawContours(np.zeros((y1 - y0, x1 - x0), np.uint8), [cnt], -1, 1, -1, offset=(-x0, -y0))
            card = cv2.fillPoly(np.zeros_like(region), [np.int32(np.round(quad - [x0, y0]))], 1)
            inter = np.count_nonzero(card & region)
            fill = float(inter / max(1, np.count_nonzero(card | region)))
            if fill > MIN_CARD_SCORE:
                area = float(cv2.contourArea(np.float32(quad)))
                return quad, area, fill, CUT_OFF, CARD_ASPECT, cnt
    return None


def _fan_cards(quad: np.ndarray, score: float, edges: np.ndarray) -> list[tuple]:
    """The top card of a fan: cards overlapping side by side (or end to end) make one clean
    rectangle of no card's proportions, as tall as a card and wider (a card and strips of the
    cards under it).  The top card lies at one end; its free side is a straight edge across
    the rectangle, a card's width (at the card's proportions to the rectangle's height) from
    that end.  At each end, both ways round, every cut near there (FAN_SHIFT, in FAN_STEPs)
    that runs along edges over FAN_SEAM of its length, more than its neighbours, gives a card
    to read: a court card's picture frame runs as straight as the top card's side, and the
    reading tells them apart.  The rest of the fan is cut likewise (_fan_cut).
    Returned as find_cards' blobs (quad, area, the fan's outline score, FAN, aspect, and in
    the contour's place the cards under it: a list of (visible strip, whole card), each
    narrower than a card); the pipeline keeps a fan's card only if both its corners name its
    rank (rank.both_corners)."""
    q = order_corners(quad)
    out = []
    for p in (q, np.roll(q, 1, 0)):                 # the card's long side along p1-p2, then p0-p1
        across, along = p[1] - p[0], p[3] - p[0]    # the fan runs across; a card's long side along
        la, ll = np.linalg.norm(across), np.linalg.norm(along)
        share = ll / CARD_ASPECT / max(la, 1e-9)    # a card's width as a share of the fan's
        if not 0.25 < share < 1 / FAN_WIDER or ll / CARD_ASPECT < MIN_CARD_PX:
            continue
        for end in (0, 1):
            o, d = (p[0], across) if end == 0 else (p[1], -across)
            support = lambda s: _line_support(edges, o + d * s, o + d * s + along)   # noqa: E731
            offs = share * (1 + np.arange(-FAN_SHIFT, FAN_SHIFT + 1e-9, FAN_STEP))
            on = [support(s) for s in offs]
            # every peak of the support is a cut to read (a court card's picture frame runs as
            # straight as the top card's side, and a tilted card's width is off its proportions)
            peaks = [offs[k] for k in range(len(offs)) if on[k] >= FAN_SEAM
                     and on[k] >= max(on[max(k - 1, 0):k + 2]) and not (k and on[k - 1] == on[k])]
            for s in peaks:
                card = np.array([o, o + d * s, o + d * s + along, o + along])
                out.append((card, float(cv2.contourArea(np.float32(card))), score, FAN, ll / max(la * s, 1e-9),
                            _fan_cut(o, d, along, s, share, support)))
    return out


def _fan_cut(o: np.ndarray, d: np.ndarray, along: np.ndarray, s: float, share: float, support) -> list:
    """The cards under a fan's top card cut at s (o: the fan's corner at that end, d: across
    the fan to the other end, along: a card's long side; shares of d): the strongest cuts
    across the rest are the free sides of the cards under it, each at least FAN_MIN_STRIP of
    a card's width from the last; each card shows the strip up to its own free side.  A list
    of (visible strip, whole card), each strip narrower than a card."""
    gap = FAN_MIN_STRIP * share
    on = [(support(t), t) for t in np.arange(s + gap, 1 - gap / 2, gap / 3)]
    cuts = [s]
    for v, t in sorted(on, reverse=True):
        if v >= FAN_SEAM and all(abs(t - c) >= gap for c in cuts):
            cuts.append(t)
    cuts = sorted(cuts) + [1.0]
    return [(np.array([o + d * a, o + d * b, o + d * b + along, o + d * a + along]),
             np.array([o + d * (b - s), o + d * b, o + d * b + along, o + d * (b - s) + along]))
            for a, b in zip(cuts[:-1], cuts[1:]) if b - a < share * (1 - FAN_SHIFT)]


def _split_row(quad: np.ndarray, n: int, along_long: bool) -> list[np.ndarray]:
    """Split a quad into n equal parts along its long (or short) direction."""
    q = order_corners(quad)          # q0-q1 short edge; q1-q2 long edge
    out = []
    if along_long:
        a0, a1, b0, b1 = q[0], q[3], q[1], q[2]
    else:
        a0, a1, b0, b1 = q[0], q[1], q[3], q[2]
    for i in range(n):
        t0, t1 = i / n, (i + 1) / n
        if along_long:
            out.append(np.array([a0 + (a1 - a0) * t0, b0 + (b1 - b0) * t0, b0 + (b1 - b0) * t1, a0 + (a1 - a0) * t1]))
        else:
            out.append(np.array([a0 + (a1 - a0) * t0, a0 + (a1 - a0) * t1, b0 + (b1 - b0) * t1, b0 + (b1 - b0) * t0]))
    return [order_corners(o) for o in out]


def _cut_sides(piece: np.ndarray, row: np.ndarray) -> tuple[int, ...]:
    """Which sides of a piece of a split row (0 top ... 3 left, as rectify turns it) are
    equal cuts inside the row rather than the row's own outline: their midpoints lie well
    inside it."""
    short = quad_sides(row)[0]
    poly = np.float32(row).reshape(-1, 1, 2)
    mids = (piece + np.roll(piece, -1, 0)) / 2
    return tuple(k for k, m in enumerate(mids)
                 if cv2.pointPolygonTest(poly, (float(m[0]), float(m[1])), True) > 0.2 * short)


def _best_split(edges: np.ndarray, q: np.ndarray, fits: list[tuple[int, float]]) -> int:
    """How many cards a row of touching cards holds, of the counts whose card size fits
    (n, relative size error): the first within 22 % of a card (fewest cards first), unless
    another's cuts run clearly more along edges -- touching cards meet at a thin dark line.
    Two pile tops with strips of their stacks make a row 2.5 cards long; cut in three equal
    parts, each piece straddled two cards.  (Weighing every count by its cuts alone split
    more rows wrong than it mended: development sets, 12 slots worse.)"""
    on_edges = {n: cut_support(edges, q, n) for n, _ in fits}
    first = next(n for n, e in fits if e < 0.22)
    best = max(fits, key=lambda f: (on_edges[f[0]], -f[1]))[0]
    return best if on_edges[best] >= on_edges[first] + CUT_MARGIN else first


def seam_support(edges: np.ndarray, q: np.ndarray, n: int) -> float:
    """Mean over the n-1 cuts of a row of n cards of the best cut_support near each: a thin
    dark line where two touching cards meet runs along the cut, a little off the equal cut
    when the cards do not touch evenly; a table's pattern (plank lines crossing a light band
    of glare) hits a cut here and there, never along it."""
    a0, a1, b0, b1 = q[0], q[3], q[1], q[2]
    offs = np.linspace(-SEAM_SHIFT, SEAM_SHIFT, 9) / n          # as shares of the row's length
    best = [max(_line_support(edges, a0 + (a1 - a0) * (i / n + o), b0 + (b1 - b0) * (i / n + o)) for o in offs)
            for i in range(1, n)]
    return float(np.mean(best)) if best else 0.0


def _line_hits(edges: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Is each of 15 points along the middle 70 % of the segment a-b on an edge (points off
    the image left out)?"""
    h, w = edges.shape
    u = np.linspace(0.15, 0.85, 15)[:, None]
    pts = np.rint(a + (b - a) * u).astype(int)
    pts = pts[(pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)]
    return edges[pts[:, 1], pts[:, 0]] > 0


def _line_support(edges: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    hits = _line_hits(edges, a, b)
    return float(np.mean(hits)) if len(hits) else 0.0


def cut_support(edges: np.ndarray, q: np.ndarray, n: int) -> float:
    """Share of the cuts splitting quad q (ordered, q0-q1 short) into n cards along its length
    that lie on edges: touching cards meet at a thin dark line."""
    a0, a1, b0, b1 = q[0], q[3], q[1], q[2]
    hits = [_line_hits(edges, a0 + (a1 - a0) * (i / n), b0 + (b1 - b0) * (i / n)) for i in range(1, n)]
    hits = np.concatenate(hits) if hits else np.zeros(0, bool)
    return float(np.mean(hits)) if len(hits) else 0.0


def _edges(blur: np.ndarray) -> np.ndarray:
    """Canny edges at levels set by the photo's median grey, thickened a pixel."""
    med = float(np.median(blur))
    edges = cv2.Canny(blur, max(10, 0.25 * med), max(30, 0.6 * med), L2gradient=True)
    return cv2.dilate(edges, np.ones((2, 2), np.uint8))


def edge_map(work: np.ndarray) -> np.ndarray:
    """card_masks' edges alone, a pixel wider (what outline_on_edges looks along)."""
    blur = cv2.GaussianBlur(cv2.cvtColor(work, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    return cv2.dilate(_edges(blur), np.ones((3, 3), np.uint8))


def outline_on_edges(edges: np.ndarray, quad: np.ndarray, others: list[np.ndarray]) -> float | None:
    """The share of a quad's outline (the middle 80 % of each side) that runs along edges,
    over the part no other outline covers (None when under 20 of its 120 points are free):
    a card's own outline does wherever it is uncovered; a rectangle the masks made of glare
    between cards crosses table and cards alike."""
    h, w = edges.shape
    polys = [np.float32(o).reshape(-1, 1, 2) for o in others]
    on = []
    for a, b in zip(quad, np.roll(quad, -1, 0)):
        for t in np.linspace(0.1, 0.9, 30):
            x, y = a + (b - a) * t
            if any(cv2.pointPolygonTest(p, (float(x), float(y)), True) > 3 for p in polys):
                continue
            on.append(edges[int(min(h - 1, max(0, y))), int(min(w - 1, max(0, x)))] > 0)
    return float(np.mean(on)) if len(on) >= 20 else None


def card_masks(work: np.ndarray, outlines: bool = False) -> dict[str, np.ndarray]:
    """The binary masks find_cards draws its regions from (for debugging, too)."""
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    hsv = cv2.cvtColor(work, cv2.COLOR_BGR2HSV)
    white = cv2.subtract(gray, (hsv[:, :, 1] // 2))
    blur = cv2.GaussianBlur(gray, (3, 3), 0)
    edges = _edges(blur)
    t, _ = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    bright = (white > t).astype(np.uint8) * 255
    # the brightest class above the first cut (a second Otsu level): on a light, textured
    # table (carpet) the first cut takes in the table too, the paper stands out only here
    hi = white[white > t]
    t2 = cv2.threshold(hi.reshape(1, -1), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[0] if hi.size > 100 else 255
    bright_hi = cv2.morphologyEx((white > max(t2, t + 20)).astype(np.uint8) * 255, cv2.MORPH_CLOSE,
                                 np.ones((5, 5), np.uint8))
    # paper lighter than the table around it, at any light level: the white level minus its
    # opening by a square larger than any card (what is left is small bright things), so a
    # shadow across the table or a dim corner of the photo does not hide a card
    # (the opening is a smooth table level, so it is taken at half the size: 4x faster)
    h, w = white.shape
    small = cv2.resize(white, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
    k = max(5, int(0.3 * max(small.shape[:2])))
    table = cv2.morphologyEx(small, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    tophat = cv2.subtract(white, cv2.resize(table, (w, h), interpolation=cv2.INTER_LINEAR))
    tt = cv2.threshold(tophat, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[0]
    local = (tophat > max(tt, 25)).astype(np.uint8) * 255
    # the regions closed off by faint edges: cream paper on a light grey table is no whiter
    # than the table (its whiteness is even lower), only its outline shows.  (The inside
    # of a loop, not the loop itself: the loop's outside also follows the card's shadow.)
    faint = cv2.Canny(cv2.GaussianBlur(gray, (5, 5), 0), 15, 40, L2gradient=True)
    edge_loops = cv2.bitwise_not(cv2.dilate(faint, np.ones((3, 3), np.uint8)))
    # each edge component filled in: a ten's pips, joined to the card's border by the index,
    # cut the white inside it into pieces no card-shaped region survives in, but the border
    # itself is one closed loop of edges whose outside is the card's outline
    outer, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    edge_fill = cv2.drawContours(np.zeros_like(edges), outer, -1, 255, -1)
    extra = {}
    if outlines:
        extra = outline_masks(gray, white, t, faint)
    return {"white": white, "edges": edges, "bright_hi": bright_hi, "local": local, "edge_loops": edge_loops,
            "edge_fill": edge_fill, **extra,
            "bright_cut": cv2.bitwise_and(bright, cv2.bitwise_not(edges)),
            "non_edge": cv2.bitwise_not(edges),
            "bright_closed": cv2.morphologyEx(bright, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))),
            "otsu": np.uint8(t)}


def outline_masks(gray: np.ndarray, white: np.ndarray, t: float, faint: np.ndarray) -> dict[str, np.ndarray]:
    """The masks for photos where the usual ones found (next to) nothing (find_cards(outlines=True)):
    white or light paper on a white, light or striped table.
      * faint_fill: each faint edge component filled in -- white paper on a white table is no
        lighter than the table and its outline too faint for the photo-level Canny, but the
        faint edges close round each card (pips and all), so the outside of a component is a
        card's outline (on a patterned cloth the pattern joins in and the shape test drops it);
      * white_open: the whiteness above Otsu's cut opened by a disc wider than a light stripe
        of the cloth: the white stripes join the cards into bands, the opening cuts them off."""
    h, w = white.shape
    outer, _ = cv2.findContours(cv2.dilate(faint, np.ones((3, 3), np.uint8)), cv2.RETR_EXTERNAL,
                                cv2.CHAIN_APPROX_SIMPLE)
    faint_fill = cv2.drawContours(np.zeros_like(gray), outer, -1, 255, -1)
    k = max(5, int(STRIPE_OPEN * max(h, w)))
    bright = (white > t).astype(np.uint8) * 255
    white_open = cv2.morphologyEx(bright, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    loops = {f"edge_loops{lo}": cv2.bitwise_not(cv2.dilate(cv2.Canny(blur, lo, hi, L2gradient=True), np.ones((3, 3), np.uint8)))
             for lo, hi in FAINTER}
    return {"faint_fill": faint_fill, "white_open": white_open, **loops}


def find_cards(work: np.ndarray, debug: dict | None = None, seeds: list | None = None,
               outlines: bool = False, size_plane: bool = True, squares: bool = False,
               masks: dict | None = None) -> list[CardQuad]:
    """Card outlines in the work image: a list of CardQuad (not yet checked to be face up).
    size_plane: fit the card size across the photo (_size_model); off where most cards are
    partly covered (a pyramid), whose visible parts are not a card's size.
    seeds, if given, receives the regions that are no card but may be part of one (see
    _seeds): where the layout's verification looks again for a missed pile top.  outlines:
    add the OUTLINE_MASKS and cut fans (_fan_cards): the pipeline's second look, when the
    first found no layout (a fan's cut also finds a pile top beside its stack's strip, and a
    straight line in a score pad: on a layout the first look's cards are the surer).
    squares: take cards that look square (TILTED_ASPECT) without the size plane's steep tilt:
    a pyramid's second look when the first found too few cards (a photo tilted steeply).
    masks: card_masks(work, outlines) if the caller has them already."""
    h, w = work.shape[:2]
    m = card_masks(work, outlines) if masks is None else masks
    if debug is not None:
        debug.update(m)
    edge_near = cv2.dilate(m["edges"], np.ones((3, 3), np.uint8))
    blobs, rects, at_border = _proposals(m, (h, w), edge_near, outlines, size_plane)
    sized = _card_size(blobs, size_plane)
    if sized is None:
        return []
    card_area, size_at, steep = sized
    aspect = _aspect_range(blobs, size_at, steep or squares)
    for c in at_border:
        cut = _cut_off_card(c, size_at(c.reshape(-1, 2).mean(0)), (h, w))
        if cut is not None:
            blobs.append(cut)
    cands = _candidates(blobs, card_area, size_at, aspect, edge_near)
    whole = None if size_plane else _whole_card_area(blobs, card_area)
    if whole is not None:
        cands = _with_whole_cards(cands, _candidates(blobs, whole, lambda xy: whole, aspect, edge_near), whole)
    kept = _one_per_card(cands, size_at, size_plane)
    if seeds is not None:
        seeds += _seeds(rects, kept, card_area)
    # grow each quad a little: the masks stop a pixel or two inside the card's edge
    for c in kept:
        ctr = c.corners.mean(0)
        d = c.corners - ctr
        c.corners = ctr + d * (1 + 1.5 / max(np.linalg.norm(d, axis=1).mean(), 1))
    return kept


def _proposals(m: dict, shape: tuple, edge_near: np.ndarray, outlines: bool, size_plane: bool) -> tuple[list, list, list]:
    """Every mask's regions that may be a card: (blobs, rects, at_border).  blobs: (quad,
    area, outline score, source, aspect, contour) of each card-shaped region, with the
    cards in regions that are none (_corner_cards, _fan_cards); rects: every region's
    minimum-area rectangle (for _seeds); at_border: the paper masks' regions at the
    photo's border (cards it cuts off?)."""
    h, w = shape[:2]
    img_area = h * w
    min_area, max_area = img_area * 0.0012, img_area * 0.8
    white = m["white"]
    t = float(m["otsu"])
    blobs: list[tuple[np.ndarray, float, float, str]] = []
    rects: list[tuple] = []                   # every region's minimum-area rectangle (seeds)
    at_border: list = []      # the paper masks' regions at the photo's border: cards it cuts off?
                              # (not where most cards are partly covered: a pyramid's are no card's size)
    for name in ("bright_cut", "non_edge", "bright_closed", "bright_hi", "local", "edge_loops", "edge_fill") + (OUTLINE_MASKS if outlines else ()):
        mk = m[name]
        mk = cv2.morphologyEx(mk, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        for c in _regions(mk, min_area, max_area):
            r = _region_shape(c)
            sides = border_sides(c, w, h).any(0)      # the photo's edges the region reaches
            if name in PLAIN and size_plane and sides.any():
                at_border.append(c)
            if r is not None:
                rects.append(r[3])
            if (r is None or _outline_score(r[1], r[2]) < CORNER_CLEAN) and cv2.contourArea(c) > 2 * min_area:
                blobs += [b for b in _corner_cards(c, shape, edge_near if outlines else None) if b[1] > 2 * min_area]
            if r is None or r[2] < 0.5:
                continue
            area, rect, solid, min_rect = r
            # a card whose outline the pips bite into (many pips near its border, faint paper
            # on a white table) still has a hull that fills its rectangle (BITTEN_FILL: an
            # ornamental 5 on a cream table filled 0.90, and 0.93 was asked)
            bitten = solid < 0.7
            if bitten and rect < BITTEN_FILL:
                continue
            score = rect - 0.05 if bitten else _outline_score(rect, solid)
            if score <= MIN_CARD_SCORE:
                continue        # neither a card nor a sample of the card size (both need more)
            if (sides[0] and sides[2]) or (sides[1] and sides[3]):
                continue        # across the whole photo: the table (a light carpet), not a card
            x, y, bw, bh = cv2.boundingRect(c)
            src = name
            if name in ("non_edge", "edge_fill", "faint_fill"):
                # a region between edges must itself be light to be a card face -- or, short of
                # that, a card's shape to the last pixel (cream paper in dim light is no lighter
                # than a grey table): such a DIM card is only kept if it reads clearly (DIM_READ)
                if not _light_region(white, c, x, y, bw, bh, t):
                    if score < DIM_SHAPE:
                        continue
                    src = DIM
            if name in LOOPS:
                if sides.any():
                    continue    # the table between faint edges and the photo's border
                if bitten:
                    # a card with a printed frame (ornamental) is split by it into the inside
                    # and a ring, broken where the frame's corners touch the edge: the ring's
                    # hull is the card
                    area, src = area / solid, RING
            quad = _fit_quad(c, min_rect)
            short, long_ = quad_sides(quad)
            asp = long_ / max(short, 1e-6)
            if short >= MIN_CARD_PX:
                blobs.append((quad, area, score, src, asp, c))
            if outlines and score >= FAN_CLEAN and name in PLAIN:
                blobs += _fan_cards(quad, score, edge_near)
    return blobs, rects, at_border


def _card_size(blobs: list, size_plane: bool) -> tuple | None:
    """(card_area, size_at, steep): the cards' typical area, the area a card has at a
    point (the size plane, or card_area everywhere) and whether that plane is steep;
    None when no region sizes the cards."""
    # card size: median of clean single-card candidates.  With no crisp outline anywhere (a
    # single card crossed by a shadow's edge, rounded off by the closing) the rounder ones
    # (> 0.83) size the cards.  Never the faint edge loops: they also close round a court
    # card's picture frame or a pattern on the table, and only add cards of a known size
    for min_score in (CLEAN, 0.83):
        singles = _single_cards(blobs, min_score)
        if singles:
            break
    else:
        # a lone card on a streaky table (wood grain as light as the paper runs into every
        # light region): only its closed outline is card-shaped, so a crisp edge loop of a
        # card's proportions sizes the cards
        singles = [b for b in blobs if b[3] in LOOPS and b[2] > LOOP_SIZES and 1.25 < b[4] < 1.6]
        # cards that only touch or lie on others: their free corners size them
        singles = singles or [b for b in blobs if b[3] in (CORNERS, FAN)]
        if not singles:
            return None
    areas = np.array([b[1] for b in singles])
    # the biggest cluster of similar areas (pips or stray squares are much smaller), crisp
    # edge loops voting too: on a light table one light region as large as the layout was the
    # only single, and alone set the size (every card then too small to be one).  Not where
    # most cards are partly covered (size_plane off): there loops close round visible parts
    la = np.log(areas)
    loops = [b for b in blobs if size_plane and b[3] in LOOPS and b[2] > CLEAN and 1.15 < b[4] < 1.75]
    lv = np.log([b[1] for b in singles + loops])
    best = _commonest(lv)
    near = np.abs(la - best) < SIZE_CLUSTER
    card_area = float(np.exp(np.median(la[near] if near.any() else lv[np.abs(lv - best) < SIZE_CLUSTER])))
    # the size across the photo from every clean card-shaped region (one per place: masks find
    # the same card again), crisp edge loops too (white paper on a light table shows only its
    # outline).  Near-square regions (far cards seen end on) join only where the cards alone
    # give no steep plane and with them it is steep, and not when more lie about than the deck
    # has cards (a tiled table's tiles, a cloth's checks would set it)
    clean = [b for b in blobs if b[2] > CLEAN and TILTED_ASPECT[0] < b[4] < TILTED_ASPECT[1]
             and (b[3] in LOOPS or not b[3].startswith(("edge_loops", DIM, CORNERS, FAN)))]
    size_at, steep = lambda xy: card_area, False
    if size_plane:
        once = _once([b for b in clean if b[4] > ASPECT[0]])
        size_at, steep = _size_model([b[0].mean(0) for b in once], np.log([b[1] for b in once]), np.log(card_area))
        with_squares = _once(clean)
        if not steep and len(with_squares) - len(once) <= DECK_CARDS:
            at, st = _size_model([b[0].mean(0) for b in with_squares], np.log([b[1] for b in with_squares]),
                                 np.log(card_area))
            if st:
                size_at, steep = at, st
    return card_area, size_at, steep


def _single_cards(blobs: list, min_score: float) -> list:
    """The blobs that look like one clean card: card-like outline and proportions, from the
    paper masks (not edge loops, dim regions, corners or fans)."""
    return [b for b in blobs if b[2] > min_score and 1.15 < b[4] < 1.75
            and not b[3].startswith(("edge_loops", DIM, CORNERS, FAN))]


def _whole_card_area(blobs: list, card_area: float) -> float | None:
    """Where most cards are partly covered (a pyramid, size_plane off) the most common size
    found may be a covered card's visible part: the whole cards are then a second cluster
    WHOLE_OVER_PART times larger, of at least two places.  Its area, or None."""
    big = [b for b in _once(_single_cards(blobs, CLEAN)) if WHOLE_OVER_PART[0] < b[1] / card_area < WHOLE_OVER_PART[1]]
    if len(big) < 2:
        return None
    lv = np.log([b[1] for b in big])
    near = np.abs(lv - _commonest(lv)) < SIZE_CLUSTER
    return float(np.exp(np.median(lv[near]))) if near.sum() >= 2 else None


def _commonest(log_areas: np.ndarray) -> float:
    """The log area with the most others within SIZE_CLUSTER of it (ties: the larger)."""
    return max(log_areas, key=lambda v: (np.sum(np.abs(log_areas - v) < SIZE_CLUSTER), v))


def _with_whole_cards(cands: list[CardQuad], larger: list[CardQuad], whole: float) -> list[CardQuad]:
    """The candidates at the common size, with those at the whole cards' size (`larger`,
    found with `whole` as the card size) where the common size is a covered card's part (a
    pyramid): one card's size only (not a fanned waste's outline), and added only where no
    other outline found a card, except the pieces the common size cut a whole card into (a
    row split in two, pieces of a card at that size)."""
    larger = [c for c in larger if ONE_CARD_K[0] < c.area / whole < ONE_CARD_K[1]]
    for c in larger:
        c.source = WHOLE + c.source
    inside = lambda piece: any(same_card(overlap_area(piece.corners.astype(np.float32), c.corners), piece.area, c.area)  # noqa: E731
                               for c in larger)
    return [c for c in cands if not (c.source.endswith("_split") and inside(c))] + larger


def _aspect_range(blobs: list, size_at, tilted: bool) -> tuple[float, float]:
    """The long side over the short side a card may show: TILTED_ASPECT on a steep
    photo (or when asked), but never near-square ones where the squares outnumber a deck."""
    aspect = TILTED_ASPECT if tilted else ASPECT
    # near-square regions of a card's size: far cards seen end on, or a pattern of the table
    # (tiles, checks); a deck has DECK_CARDS cards, so more such squares than that are a pattern
    square_places: list = []                  # one per place (masks find a region again)
    for b in blobs:
        if TILTED_ASPECT[0] < b[4] < ASPECT[0] and 0.4 < b[1] / size_at(b[0].mean(0)) < 1.9 and all(
                np.linalg.norm(b[0].mean(0) - o) > 0.3 * math.sqrt(b[1]) for o in square_places):
            square_places.append(b[0].mean(0))
    if len(square_places) > DECK_CARDS:
        aspect = (ASPECT[0], aspect[1])
    return aspect


def _candidates(blobs: list, card_area: float, size_at, aspect: tuple, edge_near: np.ndarray) -> list[CardQuad]:
    """The blobs of a card's size and proportions as CardQuads; a printed frame grown to its
    card; a rectangle n cards long split into touching cards."""
    cands: list[CardQuad] = []
    for quad, area, rect, name, asp, c in blobs:
        k = area / size_at(quad.mean(0))
        if name in LOOPS and FRAME_K[0] < k < FRAME_K[1] and rect > 0.86 and 1.1 < asp < 1.85:
            # a card whose only closed faint edge is its printed frame (ornamental's cream
            # card on a stack, on a beige cloth): the card is the frame grown to card size
            # (the layout's verification then snaps it to the card's own edges).  Only adds:
            # a court's picture frame lies inside a card found otherwise.
            ctr = quad.mean(0)
            cands.append(CardQuad(order_corners(ctr + (quad - ctr) / np.sqrt(k)), card_area, rect, FRAME))
            continue
        if (name.startswith("edge_loops") or name == DIM) and not ONE_CARD_K[0] < k < ONE_CARD_K[1]:
            continue            # not the picture frame inside a court card, nor two cards
        if 0.4 < k < 1.9 and rect > MIN_CARD_SCORE and aspect[0] < asp < aspect[1]:
            cands.append(CardQuad(order_corners(quad), area, rect, name, {"under": c} if name == FAN else {}))
        elif 1.7 < k < 4.6 and rect > 0.85 and name not in ADD_ONLY:
            # a row of touching cards: a rectangle n cards long
            q = order_corners(quad)
            s = np.linalg.norm(q[1] - q[0])
            l = np.linalg.norm(q[2] - q[1])
            cs = np.sqrt(card_area / CARD_ASPECT)
            cl = cs * CARD_ASPECT
            fits = [(n, abs(l / n - unit) / unit) for n in (2, 3, 4)
                    for unit, across in ((cs, cl), (cl, cs))          # side by side, end to end
                    if abs(l / n - unit) < ROW_TOL * unit and abs(s - across) < 0.22 * across]
            if any(e < 0.22 for _, e in fits):
                n = _best_split(edge_near, q, fits)
                if seam_support(edge_near, q, n) < MIN_SEAM:
                    continue    # no seam anywhere: a light band of the table, not touching cards
                for p in _split_row(q, n, True):
                    cands.append(CardQuad(p, area / n, rect * 0.95, name + "_split", {"cuts": _cut_sides(p, q)}))
    return cands


def _one_per_card(cands: list[CardQuad], size_at, size_plane: bool) -> list[CardQuad]:
    """Overlapping candidates describe one card (same_card): the best outline of each stays,
    in reading order."""
    # non-maximum suppression: overlapping candidates describe one card
    # prefer the largest clean region: a part of a card (cut off by a line of pips) is smaller
    # the second-level bright, the local and the faint-edge masks (ADD_ONLY) only add cards no
    # other mask found (light textured tables, shadows, cream paper on grey): their outlines
    # take in more of the surroundings.  Before size, a card's own size: the closed bright
    # mask joins a lone card to the light flecks of a carpet round it into a rectangle as
    # clean as a card's and half as large again
    by_outline = lambda c: (c.source == DIM, c.source.startswith(ADD_ONLY), -(c.rectangularity > 0.86),  # noqa: E731
                            -c.area if c.rectangularity > 0.86 else -c.rectangularity)
    oversized = (lambda c: math.log(c.area / size_at(c.centre)) > SIZE_TOL) if size_plane else (lambda c: False)  # noqa: E731
    cands.sort(key=lambda c: (oversized(c), by_outline(c)))
    kept: list[CardQuad] = []
    for c in cands:
        poly = c.corners.astype(np.float32)
        dup = False
        for k in kept:
            if FAN in (c.source, k.source):
                continue        # a fan's cuts, and the fan itself: the reading tells (fans.fans_read)
            if same_card(overlap_area(poly, k.corners), c.area, k.area):
                dup = True
                break
        if not dup:
            kept.append(c)
    kept.sort(key=by_outline)       # the order the cards are read in (the layout's ties go by it)
    return kept


def _once(blobs: list) -> list:
    """One region per place (the masks find a card again), the cleanest outline first."""
    once: list = []
    for b in sorted(blobs, key=lambda b: -b[2]):
        if all(np.linalg.norm(b[0].mean(0) - o[0].mean(0)) > 0.3 * math.sqrt(o[1]) for o in once):
            once.append(b)
    return once


def _size_model(centres: list, log_areas: np.ndarray, log_card: float):
    """A card's expected area at a point of the work image.  Under perspective a card's image
    area falls off smoothly with its distance from the camera, so over a tilted photo the log
    area is about a plane in x and y.  The plane through three clean single cards that most
    others agree with (RANSAC), refitted to them by least squares; it must beat the one size
    log_card (the most common size) by agreeing with more cards, and keep most of its cards.  A strongly tilted photo's far
    pins are a quarter of its near piles' area, and one size for all lost them (the
    independent development photos tilted over 25 degrees).  With few cards: one size.
    Returns (area at a point, steep): steep when the cards' sizes differ more than STEEP_SIZES
    over the photo -- a strongly tilted photo, where far cards seen end on look square."""
    const = lambda xy: float(np.exp(log_card))  # noqa: E731
    xy = np.array(centres, np.float64).reshape(-1, 2)
    n = len(xy)
    if n < SIZE_PLANE_MIN:
        return const, False
    scale = float(np.abs(xy).max()) or 1.0
    A = np.c_[np.ones(n), xy / scale]
    best_in = np.abs(log_areas - log_card) < SIZE_TOL
    first = best_in.copy()
    coef = None
    rng = np.random.default_rng(0)
    for _ in range(SIZE_TRIES):
        pick = rng.choice(n, 3, replace=False)
        try:
            c = np.linalg.solve(A[pick], log_areas[pick])
        except np.linalg.LinAlgError:
            continue
        inl = np.abs(A @ c - log_areas) < SIZE_TOL
        # the plane must keep most of the common size's cards: a column of small light
        # patches along a photo's edge agreed with more cards than the pins did
        if inl.sum() > best_in.sum() and (inl & first).sum() >= SIZE_KEEP * first.sum():
            best_in, coef = inl, c
    if coef is None or best_in.sum() < SIZE_PLANE_MIN:
        return const, False
    coef = np.linalg.lstsq(A[best_in], log_areas[best_in], rcond=None)[0]
    lo, hi = log_areas[best_in].min() - 0.5, log_areas[best_in].max() + 0.5     # never extrapolated far
    fitted = A[best_in] @ coef
    steep = float(fitted.max() - fitted.min()) > STEEP_SIZES
    return (lambda p: float(np.exp(np.clip(coef[0] + np.dot(coef[1:], np.asarray(p, np.float64) / scale), lo, hi))),
            steep)


def _seeds(rects: list[tuple], kept: list[CardQuad], card_area: float) -> list[tuple]:
    """Regions that may be part of a card no mask outlined: a rectangle SEED_K cards large
    whose centre lies on no card found.  A cream pile top in a dim corner is only a ring of
    faint edges broken where its paper meets a beige cloth, or a piece cut off by its own
    pips; the layout knows where piles lie and how large a card is there, and snaps one to
    the edges (recover.loose_piles).  Returned as minimum-area rectangles, one per place."""
    polys = [k.corners.astype(np.float32) for k in kept]
    short = math.sqrt(card_area / CARD_ASPECT)
    out: list[tuple] = []
    for rect in sorted(rects, key=lambda r: -r[1][0] * r[1][1]):
        (cx, cy), (w, h) = rect[0], rect[1]
        if not SEED_K[0] < w * h / card_area < SEED_K[1] or max(w, h) > SEED_ASPECT * min(w, h):
            continue
        if any(cv2.pointPolygonTest(p, (cx, cy), False) >= 0 for p in polys):
            continue
        if any(math.hypot(cx - o[0][0], cy - o[0][1]) < 0.3 * short for o in out):
            continue
        out.append(rect)
    return out


def rectify(img: np.ndarray, corners: np.ndarray, size: tuple[int, int] = (RECT_W, RECT_H),
            paper_beyond: bool = False) -> np.ndarray:
    """Warp the card with these corners (clockwise, short edge first) to an upright card image.
    paper_beyond: the card goes on past the photo's edge (CUT_OFF); what the photo does not
    show is painted paper white (the border's pixels drawn out would make ink streaks)."""
    w, h = size
    dst = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    M = cv2.getPerspectiveTransform(np.float32(corners), dst)
    border = cv2.BORDER_CONSTANT if paper_beyond else cv2.BORDER_REPLICATE
    return cv2.warpPerspective(img, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=border, borderValue=(255, 255, 255))
