"""Read a photo of a Pyramid Solitaire table: recognize_pyramid(image) -> PyramidReading.

Stages (each callable on its own): load_image -> find_cards (the whole cards: exposed
pyramid cards, waste, stock) -> read_rank of each -> pyramid_layout.fit_pyramid (the 7
rows grown from a whole card) -> each place's rank (`read_place`: a whole card by both of
read_rank's cues, a covered one by its top-left index and the ink of its visible part) ->
waste and stock: the whole cards off the pyramid.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from assistant.pyramid.rules import WASTE_PILES

from .cards import RECT_H, RECT_W, card_masks, find_cards, order_corners, quad_sides, rectify, work_image
from .debug import PLACE, SURE, UNSURE, StageLog
from .image_io import RecognitionError, load_image
from .polygons import quad_iou
from .pyramid_lattice import MIN_NODES, to_photo
from .pyramid_layout import (CARD_H, CARD_W, PLACES, SHADOW_PAPER, WHOLE_SIZE_TOL, PyramidFit, card_measure, card_sizes, exposed, fit_pyramid, in_order,
                             line_strength, shapes, size_doubt)
from .rank import (COURT_RANKS, FACE_PAPER, IDX_H, IDX_W, LEGIBLE, NUMBER_RANKS, RankReading, corner_paper,
                   both_corners, glyph_box, glyph_image, index_glyph, legible_pair, SURE_MARGIN, SURE_SIM, corner_votes, ink_mask,
                   read_rank, templates)
from .result import LOW_CONFIDENCE

VALUES = {r: i + 1 for i, r in enumerate(NUMBER_RANKS[:-1])} | {"10": 10, "J": 11, "Q": 12, "K": 13}
INDEX_SURE = (0.82, 0.12)     # an index glyph read at this similarity and margin over the next rank
# the ink of a card's visible upper part (body_ink, middle columns): over the 18 training
# decks a number card's inks at most 0.58 of it (rheinland's 10), a court card's at least 0.15
# (simplistic's J); beyond these the index is contradicted by the face
NUMBER_MAX_INK = 0.62
COURT_MIN_INK = 0.12
GLYPH_START = 0.4    # a rank glyph starts in this share of the index box (a pip reaching in does not)
GLYPH_MAX_H = 0.5      # no rank glyph is taller than this share of the index box (nor is its suit sign)
FRAME_RUN = (0.8, 1.2)  # a straight run of ink this long (index box heights down, widths across) is a
#                        line (a court picture's frame, a card's edge), not a glyph: glyphs and suit
#                        signs are at most GLYPH_MAX_H of the box's height and one box wide
FRAME_EDGE_MM = 3.0     # ... except along the card's own top and left edges (the edge line, 1 mm, and a glyph's margin)
UNREAD = "?"           # a place holding a card whose rank could not be read at all
EDGE_MM = 1.0          # the strip along a card's top and left edges where its edge line lies
SPECK = 0.2            # a piece of ink in the index box this small against the largest is no glyph
WIDEN = 0.25           # a second look at an index too wide for the box: the card this much wider
CORNER_MM = 4.0        # a card's corner radius (3 mm on most decks) and a millimetre of slack
SNAP_MM = 4.0          # how far a card's edges may lie off the fitted lattice when it is read
EDGE_APART = 1.5       # mm between a card's left edge line and the runner-up line looked at (the 1 mm step's width and some)
SECOND_LOOK = 0.6      # the most confidence a reading from the runner-up edge line gets (below LOW_CONFIDENCE: asked)
FIRST, CLEAR, RUNNER_UP, FROM_RIGHT = "first", "clear", "runner-up", "from right"   # card_images' looks
VIEW_MM = SNAP_MM + 2.0  # card_images' view: mm of table round the lattice's card (the edge search and its 1 mm step)
CLEAR_STEP = 0.5       # mm a cut through the index glyph is moved left at a time ...
CLEAR_REACH = VIEW_MM  # ... up to the view's edge
SIBLING_TOL = 0.15     # share of a piece's short side its cut may lie off its sibling's (the pieces of
#                        one row share their cuts exactly, each then grown 1.5 px by find_cards: any
#                        small share will do, a neighbouring card's piece lies a card's side away)
JOINED_ASPECT = (1.2, 1.65)   # a split row joined again has a card's proportions (cards.TILTED_ASPECT
#                              here lost a whole pyramid and added a waste card on development set H)
FAN_LONG = (1 + WHOLE_SIZE_TOL, 2.0)   # a fanned waste's region, in card lengths: a card and its under-cards'
#                                      strips (synth/render_pyramid.py's fans show two, 14-20 mm each: 1.3-1.45
#                                      cards; a player may spread a fan wider, up to a card more)
FILLED = 0.85         # a whole card's paper region, holes filled, fills its minimum-area rectangle this much (fitted: tools/fit_filled_outlines.py)
TOUCH = 0.1           # an outline this share of its size grown (6-9 mm) reaches the cards it touches,
#                       not a waste pile laid a little way off (12 mm or more in synth/render_pyramid.py)
SURE_SHARE = 0.29     # a fit on which fewer of the places read surely is in doubt (fitted: tools/fit_pyramid_sure_share.py)
DOUBTFUL_PLACE = 0.5  # the most confidence a place gets on a fit the cards found disagree with, or whose
#                       card's own outline reads another rank (asked)
# a card found whole is the exposed card at a place when their outlines overlap this much
# (intersection over union; tools/fit_found_there.py over the development renders: a neighbour
# half under the place, its centre inside, overlaps it 0.47 (95th percentile), the place's own
# card 0.90 (5th percentile))
FOUND_IOU = 0.51


@dataclass
class PlaceCard:
    rank: str | None           # "A".."10", "J", "Q", "K"; None: a picture with no readable index
    corners: list[list[int]]   # photo px TL, TR, BR, BL (the whole card, covered part included)
    confidence: float
    role: str                  # "pyramid", "waste", "stock"; "outside" when no pyramid was found
    position: str | None       # "r.c" for the pyramid
    note: str = ""

    @property
    def value(self) -> int | None:
        return VALUES.get(self.rank)

    def to_dict(self) -> dict:
        return {"rank": self.rank, "value": self.value, "corners": self.corners,
                "confidence": round(float(self.confidence), 2), "role": self.role,
                "position": self.position}


@dataclass
class PyramidReading:
    image: str | None
    width: int
    height: int
    pyramid: dict[str, str | None]          # place -> rank, UNREAD ("?"): a card not read, None: no card
    waste: list[str | None]
    stock: bool
    cards: list[PlaceCard]
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # the places as a whole are in doubt (no pyramid found, its apex not found, or the cards
    # found disagree with its scale): every place, empty ones too, is for the player to check
    places_doubtful: bool = False

    def to_dict(self) -> dict:
        return {"image": self.image, "width": self.width, "height": self.height,
                "pyramid": dict(self.pyramid), "waste": list(self.waste), "stock": self.stock,
                "cards": [c.to_dict() for c in self.cards], "warnings": list(self.warnings),
                "places_doubtful": self.places_doubtful, "seconds": round(self.seconds, 3)}


def check_prior(prior) -> frozenset | None:
    """The tracker's prior: the places still holding a card (a list of "r.c").  It must be a
    shape play can leave (a removed card's coverers are gone too); else ValueError."""
    if prior is None:
        return None
    got = frozenset(str(p).strip() for p in prior)
    bad = sorted(got - set(PLACES))
    if bad:
        raise ValueError(f"not places of the pyramid: {', '.join(bad)} (rows 1..7, r.c with c <= r)")
    if got not in shapes():
        raise ValueError("no game can leave these places: a card is there while one it covers is gone")
    return got


def body_ink(card: np.ndarray, ink: np.ndarray, upto: float) -> float:
    """Share of the inked pixels in the middle columns of the card's visible upper part
    (rows 8 % .. upto of the height), the corner index columns left out: a court card's
    picture inks much of it, pips little."""
    h, w = ink.shape
    return float(ink[int(0.08 * h):max(int(upto * h), int(0.08 * h) + 1), int(0.25 * w):int(0.75 * w)].mean())


def _straight_runs(ink: np.ndarray) -> np.ndarray:
    """The ink in straight runs longer than any glyph (FRAME_RUN: index box heights down,
    widths across): frame lines, border lines, a strip of table along the card's edge.
    Outside the card counts as paper: a glyph near the edge is no run from it."""
    h, w = ink.shape
    bw, bh = int(w * IDX_W), int(h * IDX_H)
    runs = [cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones(k, np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0)
            for k in ((int(FRAME_RUN[0] * bh), 1), (1, int(FRAME_RUN[1] * bw)))]
    return runs[0] | runs[1]


def without_lines(ink: np.ndarray) -> np.ndarray:
    """The ink mask without long straight lines inside the card: a court picture's frame
    drawn close to the index joins the glyph (a K's leg touching the frame's corner), and
    the whole, too big for a glyph, loses the index.  The card's own top and left edge lines
    are left to clean_corner (a big index touching them would lose its strokes along them)."""
    # with the pixel either side: a line's ragged edge left behind reads as a stroke
    line = cv2.dilate(_straight_runs(ink), np.ones((3, 3), np.uint8)) > 0
    e = int(FRAME_EDGE_MM * RECT_W / CARD_W)
    line[:e], line[:, :e] = False, False
    out = ink.copy()
    out[line] = 0
    return out


def without_edge_strip(ink: np.ndarray) -> np.ndarray:
    """The ink mask without straight runs along the card's four edges (as long as
    without_lines takes them): an outline drawn a little wide keeps a strip of dark table
    round the card, and a glyph printed near the edge joins it into one blob, too big for a
    glyph (a waste King read as the stock's back)."""
    h, w = ink.shape
    n, lab, st, _ = cv2.connectedComponentsWithStats(_straight_runs(ink), connectivity=4)
    edge = [i for i in range(1, n) if st[i][0] == 0 or st[i][1] == 0 or
            st[i][0] + st[i][2] == w or st[i][1] + st[i][3] == h]
    out = ink.copy()
    if edge:
        out[cv2.dilate(np.isin(lab, edge).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0] = 0
    return out


def face_without_strip(card: np.ndarray) -> RankReading | None:
    """A card beside the pyramid that read_rank took for a back (or a picture with no
    legible index), read again without the table's strip along its edges and the long lines
    inside it when its index corners show paper: the face's reading if its index then reads
    clearly (as an index that overrules the pips) or, blurred, legibly in both corners, else
    None.  A court card's glyph joins the strip (an outline drawn a little wide) or its
    picture's frame (a big index drawn close to it), and the blob is no glyph.  A back's
    pattern or frame matches glyphs only unclearly, and not alike in two corners."""
    if corner_paper(card) < FACE_PAPER:
        return None
    ink = without_lines(without_edge_strip(ink_mask(card)[0]))
    r = read_rank(card, (ink, None))
    if r.kind not in ("number", "court"):
        return None
    votes = corner_votes(card, ink, templates())
    clear = {v[0] for v in votes if v[1] >= SURE_SIM and v[2] >= SURE_MARGIN}
    # or, none clear (a blurred card), both corners naming its rank legibly
    both = r.rank is not None and legible_pair(votes) == r.rank
    return r if clear == {r.rank} or (not clear and both) else None


def corner_ink(ink: np.ndarray) -> np.ndarray:
    """The ink mask with what crosses the top-left index box's inner sides removed, and long
    thin lines (card edges) in or across it: a pip
    reaching into the box (big-pipped decks) is no part of the index, and the glyph merged
    with it reads as another rank (a 5 beside a diamond matched 10 at 0.99).  What starts
    near the box's outer corner is the glyph itself, merged with its suit sign below: kept."""
    h, w = ink.shape
    bw, bh = int(w * IDX_W), int(h * IDX_H)
    out = ink.copy()
    n, lab, st, _ = cv2.connectedComponentsWithStats(np.ascontiguousarray(ink[:min(h, 2 * bh), :min(w, 2 * bw)]), connectivity=8)
    region = out[:min(h, 2 * bh), :min(w, 2 * bw)]
    for i in range(1, n):
        x, y, ww, hh, _ = st[i]
        if x < bw and y < bh and (x + ww > bw or y + hh > bh) and x > 1 and y > 1 \
                and (x > GLYPH_START * bw or y > GLYPH_START * bh):
            region[lab == i] = 0
        elif (hh > 0.5 * bh and ww < 0.12 * bw) or (ww > 0.5 * bw and hh < 0.08 * bh):
            region[lab == i] = 0      # a card's edge (this card's, a millimetre off, or one below)
    return out


def clean_corner(ink: np.ndarray) -> np.ndarray:
    """The corner index box of a rectified card cut along its own edges (card_images) without
    what is no glyph: the card's edge line along the top and left rows (a big index close to
    the edge would join it and be dropped with it as a border line), the table showing past
    the rounded corner and the corner's arc of border line (with the edge rows gone they no
    longer touch the box's corner, and index_glyph took them for the glyph: a clear 4 read
    as 10), and specks far smaller than the glyph (the ends of a border line)."""
    ink = ink.copy()
    e = int(EDGE_MM * RECT_W / CARD_W)
    ink[:e], ink[:, :e] = 0, 0
    rc = int(CORNER_MM * RECT_W / CARD_W)
    yy, xx = np.mgrid[:rc, :rc]
    ink[:rc, :rc][(xx - rc) ** 2 + (yy - rc) ** 2 > rc * rc] = 0
    box = ink[:int(RECT_H * IDX_H), :int(RECT_W * IDX_W)]
    n, lab, st, _ = cv2.connectedComponentsWithStats(np.ascontiguousarray(box), connectivity=8)
    if n > 1:
        biggest = st[1:, 4].max()
        for i in range(1, n):
            x, y, ww, hh, a = st[i]
            if (x + ww <= 1.4 * rc and y + hh <= 1.4 * rc) or a < SPECK * biggest:
                box[lab == i] = 0
    return ink


def _index_glyph_read(card: np.ndarray, ink: np.ndarray, tpl) -> tuple[str, float, float, list] | None:
    """The corner index of `ink` (a cleaned corner mask) read against the templates:
    (rank, similarity, margin, the glyphs: the one read first, then the other look if any),
    or None if no glyph is there."""
    g = index_glyph(card, ink, 0)
    if g is None:
        # a big index (a 10 filling the box's width) is taken for a border: the box widened;
        # but no glyph is taller than GLYPH_MAX_H of the box: what is, is the glyph joined to
        # its suit sign and a picture's frame (a Queen's so read as a J)
        wide = int(WIDEN * card.shape[1])
        card_w, ink_w = np.pad(card, ((0, 0), (0, wide), (0, 0)), mode="edge"), np.pad(ink, ((0, 0), (0, wide)))
        found = glyph_box(card_w, ink_w)
        if found is not None and found[1][3] - found[1][1] <= GLYPH_MAX_H * len(found[0]):
            g = glyph_image(found)
    if g is None:
        return None
    rank, sim, margin = tpl.classify(g)
    g2 = index_glyph(card, ink, 0, split=True)
    if g2 is None:
        return rank, sim, margin, [g]
    r2, s2, m2 = tpl.classify(g2)
    if s2 > sim + 0.03:
        return r2, s2, m2, [g2, g]
    return rank, sim, margin, [g, g2]


def read_index(card: np.ndarray, upto: float) -> tuple[str | None, float, str]:
    """A covered card's rank from its top-left corner index, checked against the ink of
    the visible upper part (a picture or pips): (rank, confidence, note).  Where no index is
    seen, the face contradicts it or it reads unclearly, a second look without the long lines
    inside the card (without_lines: a court picture's frame joined to the glyph) is taken if it
    does better: sees a glyph, one the face does not contradict, or reads clearly."""
    tpl = templates()
    if tpl is None:
        return None, 0.2, "no corner index seen"
    ink, _ = ink_mask(card)
    filled = body_ink(card, ink, upto)
    picture = filled > NUMBER_MAX_INK
    pips = filled < COURT_MIN_INK

    def contradicted(rank: str) -> bool:
        court = rank in COURT_RANKS
        return (court and pips) or (not court and picture)

    def sure(r) -> bool:       # (rank, similarity, margin, glyphs) read clearly
        return r[1] >= INDEX_SURE[0] and r[2] >= INDEX_SURE[1]

    read = _index_glyph_read(card, clean_corner(corner_ink(ink)), tpl)
    if read is None or contradicted(read[0]) or not sure(read):
        again = _index_glyph_read(card, clean_corner(corner_ink(without_lines(ink))), tpl)
        if again is not None and (read is None or (contradicted(read[0]) and not contradicted(again[0]))
                                  or (not contradicted(again[0]) and sure(again) and not sure(read))):
            read = again
    if read is None:
        return None, 0.2, "no corner index seen"
    rank, sim, margin, g = read
    conf = float(np.clip(0.55 + 0.5 * (sim - 0.7) + 0.6 * margin, 0.2, 0.98))
    note = ""
    if contradicted(rank):
        # the index and the card's face disagree on picture card against number card: the
        # index read again among the ranks the face allows (a guess, so still asked)
        said = rank
        # (from either look at the glyph: whole, or cut at a neck from the suit sign below)
        rank = max((tpl.classify(one, among=NUMBER_RANKS if pips else COURT_RANKS) for one in g), key=lambda r: r[1])[0]
        conf = min(conf, 0.45)
        note = f"index says {said}, the face shows {'a picture' if picture else 'pips'}" + \
            (f": perhaps {rank}" if rank != said else "")
    elif not sure(read):
        conf = min(conf, 0.6)
        note = f"index unclear ({rank}?)"
    return rank, conf, note


def card_images(photo_img: np.ndarray, fit: PyramidFit, place: str) -> Iterator[tuple[str, np.ndarray]]:
    """The card at `place` rectified (RECT_W x RECT_H) from where its own top and left edges
    are: the fitted lattice is a millimetre or two off, and a big index sits that close to
    the card's edge.  The edges are looked for in a top view of the card with a margin.
    Yields (look, card): FIRST, the card cut at the strongest left edge line; then, if asked
    for, CLEAR, that cut moved left off the index glyph it cuts through (if it does);
    RUNNER_UP, the cut at the runner-up line (at least EDGE_APART away): the neighbour's right
    edge, a millimetre or two of paper away, or a border line printed inside the card's edge
    can be the stronger; then FROM_RIGHT, when no left line lies a card's width from the
    right edge found, a card's width left of that right edge."""
    x, y = fit.places[place]
    p = RECT_W / CARD_W
    m = VIEW_MM
    T = np.array([[p, 0, -(x - CARD_W / 2 - m) * p], [0, p, -(y - CARD_H / 2 - m) * p], [0, 0, 1]])
    size = (int(round((CARD_W + 2 * m) * p)), int(round((CARD_H + 2 * m) * p)))
    view = cv2.warpPerspective(photo_img, fit.H @ np.linalg.inv(T), size,
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    g = cv2.GaussianBlur(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0), 1.0)
    d = int(p)
    gy, gx = np.zeros_like(g), np.zeros_like(g)
    gy[d:-d] = np.abs(g[2 * d:] - g[:-2 * d])
    gx[:, d:-d] = np.abs(g[:, 2 * d:] - g[:, :-2 * d])
    o, s = int(m * p), int(SNAP_MM * p)
    _, top = line_strength(gy[:, int(o + 0.1 * RECT_W):int(o + 0.6 * RECT_W)], o - s, o + s + 1)
    rows = slice(top + int(3 * p), top + int(max(fit.pitch_y - 3, 10) * p))
    band = gx[rows].T
    _, right = line_strength(band, o + RECT_W - s, o + RECT_W + s + 1)
    _, left = line_strength(band, o - s, o + s + 1)
    paired = abs(right - left - RECT_W) <= 3 * p
    for look in range(2 if paired else 3):
        if look == 1:
            # the index glyph cut by the first cut's left side: the line found lies inside the
            # card (the glyph's own stroke, or a pip's), whose edge is further left
            clear = _clear_of_glyph(view, left, top, width) if _glyph_cut(card) else None
            if clear is not None:
                yield CLEAR, clear
            # the strongest line of the band with the first line's neighbourhood masked out
            apart = int(EDGE_APART * p)
            band = band.copy()
            band[max(left - apart, 0):left + apart + 1] = 0
            _, left = line_strength(band, o - s, o + s + 1)
        elif look == 2:
            # the right edge found, the left not a card's width from it: the left edge may lie
            # beyond the search (a lattice a few per cent off in scale puts it 5-7 mm off)
            left = right - RECT_W
        width = right - left if abs(right - left - RECT_W) <= 3 * p else RECT_W
        card = _cut(view, left, top, width)
        yield (FIRST, RUNNER_UP, FROM_RIGHT)[look], card


def _cut(view: np.ndarray, left: float, top: float, width: float) -> np.ndarray:
    """The card whose top-left corner is (left, top) in a card_images view and `width` px wide,
    scaled to the rectified size (the fitted table's scale may be a few per cent off at it)."""
    src = np.float32([[left, top], [left + width, top], [left + width, top + width * RECT_H / RECT_W]])
    dst = np.float32([[0, 0], [RECT_W, 0], [RECT_W, RECT_H]])
    return cv2.warpAffine(view, cv2.getAffineTransform(src, dst), (RECT_W, RECT_H), borderMode=cv2.BORDER_REPLICATE)


def _glyph_cut(card: np.ndarray) -> bool:
    """Does the cut's left side cut through the index glyph?  (clean_corner blanks the EDGE_MM
    strip along the side, so a glyph reaching it starts right there; a printed index always
    has paper between it and the card's edge.)"""
    found = glyph_box(card, clean_corner(corner_ink(ink_mask(card)[0])))
    return found is not None and found[1][0] <= int(EDGE_MM * RECT_W / CARD_W)


def _clear_of_glyph(view: np.ndarray, left: float, top: float, width: float) -> np.ndarray | None:
    """The cut at `left`, which cuts through the index glyph, moved left in CLEAR_STEP steps
    until the glyph lies clear of its side (at most CLEAR_REACH), else None."""
    p = RECT_W / CARD_W
    for k in np.arange(CLEAR_STEP, CLEAR_REACH + 1e-9, CLEAR_STEP):
        card = _cut(view, left - k * p, top, width)
        if not _glyph_cut(card):
            return card
    return None


def read_place(card: np.ndarray, whole: bool, upto: float) -> tuple[str | None, float, str]:
    """A pyramid card's rank from its rectified image: a whole (exposed) card by read_rank;
    a covered one by read_index."""
    if whole:
        r = read_rank(card)
        if r.kind in ("number", "court") and r.rank is not None:
            return r.rank, r.confidence, r.note
        rank, conf, note = read_index(card, upto)
        return rank, min(conf, 0.5), note or "whole card not read"
    return read_index(card, upto)


def _cut_mids(q) -> list[np.ndarray]:
    """The midpoints of a split piece's cut sides (find_cards' "cuts")."""
    c = q.corners
    return [(c[k] + c[(k + 1) % 4]) / 2 for k in q.extra.get("cuts", ())]


def _rejoined(quads: list) -> list[tuple[np.ndarray, list]]:
    """find_cards' outlines with the pieces of each split row joined again: (outline, its
    pieces; [] for an outline found whole).  In a pyramid most outlines are the visible
    upper parts of covered cards (half a card, a card's proportions turned), so find_cards
    sizes the cards by them and cuts each whole card seen side-on into two such halves."""
    pieces = [q for q in quads if q.source.endswith("_split")]
    group = list(range(len(pieces)))
    root = lambda i: i if group[i] == i else root(group[i])   # noqa: E731
    for i, a in enumerate(pieces):
        tol = SIBLING_TOL * quad_sides(a.corners)[0]
        for j in range(i):
            if any(np.linalg.norm(m - n) < tol for m in _cut_mids(a) for n in _cut_mids(pieces[j])):
                group[root(i)] = root(j)
    rows: dict[int, list] = {}
    for i, q in enumerate(pieces):
        rows.setdefault(root(i), []).append(q.corners)
    joined = [(order_corners(cv2.boxPoints(cv2.minAreaRect(np.float32(np.concatenate(g))))), g)
              for g in rows.values() if len(g) > 1]
    return [(q.corners, []) for q in quads if not q.source.endswith("_split")] + joined + \
        [(g[0], []) for g in rows.values() if len(g) == 1]


def paper_masks(image: np.ndarray) -> tuple[np.ndarray, float, dict]:
    """(the work image, its factor to the photo's px, card_masks of it): find_cards'
    masks, which the second look and the search for missed whole cards read again."""
    work, fw = work_image(image)
    return work, fw, card_masks(work, False)


def _whole_cards(photo, masks: tuple | None = None) -> tuple[list[tuple[np.ndarray, RankReading]], list[np.ndarray]]:
    """find_cards on the work image; (face-up cards with their readings, backs) in the
    photo's detail pixels.  A split row joined again that has a card's proportions and
    reads as a card is one card (seen side-on); else its pieces stand.  With fewer faces read
    surely than a lattice needs, a second look takes outlines in the tilted range of
    proportions (find_cards' squares: a photo tilted so steeply that its cards look square;
    a pyramid whose cards all touch, whose row-end cards show only long pieces), kept if it
    finds more faces or reads more surely and loses neither (on a white table the first look's
    many outlines placed a steep pyramid better than the second's two more sure cards).
    masks: paper_masks(photo.image) if the caller has them already."""
    work, fw, m = masks if masks is not None else paper_masks(photo.image)
    faces, backs = _look(photo, work, fw, m, squares=False)
    if len(_read_surely(faces)) < MIN_NODES:
        again = _look(photo, work, fw, m, squares=True)
        before, after = (len(_read_surely(faces)), len(faces)), (len(_read_surely(again[0])), len(again[0]))
        if after != before and all(a >= b for a, b in zip(after, before)):
            faces, backs = again
    return faces, backs


def _read_surely(faces: list) -> list[np.ndarray]:
    """The outlines of the faces read surely: the ones the lattice rests on first."""
    return [c for c, r in faces if r.confidence >= LOW_CONFIDENCE]


def _look(photo, work: np.ndarray, fw: float, masks: dict, squares: bool) -> tuple[list, list]:
    """One look of _whole_cards: (faces, backs)."""
    faces, backs = [], []

    def take(corners: np.ndarray, r: RankReading) -> None:
        if r.kind in ("number", "court"):
            faces.append((corners, r))
        elif r.kind == "back":
            backs.append(corners)

    for q, parts in _rejoined(find_cards(work, size_plane=False, squares=squares, masks=masks)):   # covered cards show part of a card
        short, long_ = quad_sides(q)
        whole = not parts or JOINED_ASPECT[0] < long_ / short < JOINED_ASPECT[1]
        r = read_rank(rectify(photo.image, q * fw)) if whole else None
        if r is not None and (not parts or r.kind in ("number", "court")):
            take(q * fw, r)
            continue
        for part in parts:
            take(part * fw, read_rank(rectify(photo.image, part * fw)))
    return faces, backs


def _anchors(faces: list) -> list[np.ndarray]:
    """Found outlines to grow the pyramid from (whole cards or the visible upper parts of
    covered ones, see pyramid_layout._anchor_frames), surely read ones first, then the
    largest (nearer the camera, the outline more exact)."""
    order = sorted(faces, key=lambda f: (f[1].confidence < 0.9, -cv2.contourArea(np.float32(f[0]))))
    return [c for c, _ in order][:10]


def _inside(pt: np.ndarray, quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(np.float32(quad).reshape(-1, 1, 2), (float(pt[0]), float(pt[1])), False) >= 0


def _touching(a: np.ndarray, b: np.ndarray) -> bool:
    """Do two outlines overlap or touch (b grown by TOUCH about its centre)?"""
    c = np.mean(b, 0)
    grown = np.float32(c + (np.asarray(b) - c) * (1 + TOUCH))
    area, _ = cv2.intersectConvexConvex(np.float32(a), grown)
    return area > 0


def _waste_tops(beside: list, pyr_quads: list) -> list:
    """The face-up cards off the pyramid that may be waste tops: an unsurely read one touching
    one read more surely is a card under a fanned top, or a piece of one (a fanned waste shows
    its top whole and the cards under it in part); touching the pyramid's cards, it is a
    piece of a pyramid card the fit left out (the waste lies a little way off)."""
    kept: list = []
    for c, r in sorted(beside, key=lambda f: -f[1].confidence):
        if r.confidence >= LOW_CONFIDENCE or not any(_touching(c, k) for k in [k for k, _ in kept] + pyr_quads):
            kept.append((c, r))
    return kept


def _found_there(faces: list, quad: np.ndarray) -> list[tuple[str | None, float, str]]:
    """The readings of the cards found whole (read_rank on their own outline) lying as the
    exposed card at `quad` (overlapping it FOUND_IOU).  The place's own view is cut from the
    fitted lattice and may be a millimetre or two off; the outline is the card's."""
    return [(r.rank, r.confidence, r.note) for c, r in faces if quad_iou(c, quad) >= FOUND_IOU]


def papery(image: np.ndarray, quads: list[np.ndarray], faces: list[np.ndarray]) -> list[bool]:
    """Which outlines show paper as light as a card's in a shadow at least (SHADOW_PAPER of
    the found faces' paper level): a patch of a dark table read as a card is darker."""
    paper = paper_level(image, faces)
    return [paper_level(image, [q]) >= SHADOW_PAPER * paper for q in quads]


def card_regions(image: np.ndarray, H: np.ndarray, regions: tuple | None = None) -> Iterator[tuple[np.ndarray, float]]:
    """The paper masks' regions, holes filled, that measure a card on the table H fits
    (within WHOLE_SIZE_TOL of its size and proportions): (their minimum-area rectangle in
    photo px, how fully the region fills it).  regions: paper_regions(image), if at hand."""
    fw, contours = regions if regions is not None else paper_regions(image)
    for c in contours:
        rect = cv2.minAreaRect(c)
        area = rect[1][0] * rect[1][1]
        if area < 100:
            continue
        q = order_corners(cv2.boxPoints(rect).astype(np.float64) * fw)
        size, shape = card_measure(H, q)
        if abs(size - 1) <= WHOLE_SIZE_TOL and abs(shape - 1) <= WHOLE_SIZE_TOL:
            yield q, cv2.contourArea(c) / area


def paper_regions(image: np.ndarray, masks: tuple | None = None) -> tuple[float, list[np.ndarray]]:
    """(the work image's factor to the photo's px, the outer contours of the masks that hold
    the paper of a card, holes and all, in work px): where card_regions and fan_tops look
    for whole cards find_cards missed.  masks: paper_masks(image), if at hand."""
    _, fw, m = masks if masks is not None else paper_masks(image)
    return fw, [c for key in ("bright_hi", "local", "edge_fill")
                for c in cv2.findContours(m[key], cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]]


def filled_outlines(image: np.ndarray, H: np.ndarray, known: list[np.ndarray],
                    regions: tuple | None = None) -> list[np.ndarray]:
    """Whole cards beside a fitted pyramid that find_cards missed: a court card whose
    picture reaches near its edges leaves only a ring of paper in the masks, and a fan's top
    card no region of a card's shape; filled, they measure a card on the fitted table.  The
    card_regions that fill their rectangle (FILLED) centred on no outline found (`known`).
    regions: paper_regions(image), if at hand."""
    out: list[np.ndarray] = []
    for q, fill in card_regions(image, H, regions):
        if fill >= FILLED and not any(_inside(q.mean(0), k) for k in known + out):
            out.append(q)
    return out


def fan_tops(image: np.ndarray, H: np.ndarray, known: list[np.ndarray],
             regions: tuple | None = None) -> list[tuple[np.ndarray, RankReading, np.ndarray]]:
    """The top cards of fanned wastes beside a fitted pyramid: find_cards outlines a fan as
    one region of no card's shape, or a card-sized piece of it (the top card's half and the
    strips under it).  A paper region (the masks card_regions reads) a card wide on the fitted
    table and FAN_LONG cards long is cut a card long at each end; the end whose two corner
    indexes name one rank legibly (rank.both_corners: the strips' end shows one index at
    most) is the top card, unless an outline found whole (`known`) lies there already.
    Returns (the top card's outline, its reading, the whole fan's) in photo px.  regions:
    paper_regions(image), if at hand."""
    fw, contours = regions if regions is not None else paper_regions(image)
    inv = np.linalg.inv(H)
    out: list[tuple[np.ndarray, RankReading, np.ndarray]] = []
    for c in contours:
        if cv2.contourArea(c) < 100:
            continue
        box = cv2.boxPoints(cv2.minAreaRect(np.float32(to_photo(inv, c.reshape(-1, 2) * fw))))
        sides = np.linalg.norm(np.roll(box, -1, 0) - box, axis=1)
        i = int(np.argmax(sides[:2]))                     # the long axis: side i (and i + 2)
        short, long_ = sides[1 - i], sides[i]
        if abs(short / CARD_W - 1) > WHOLE_SIZE_TOL or not FAN_LONG[0] < long_ / CARD_H < FAN_LONG[1]:
            continue
        u = (box[i + 1] - box[i]) / long_
        v = (box[(i + 2) % 4] - box[i + 1]) / short
        centre = box.mean(0)
        for end in (-1, 1):
            mid = centre + end * u * (long_ - CARD_H) / 2
            q = order_corners(to_photo(H, [mid + a * u * CARD_H / 2 + b * v * CARD_W / 2
                                           for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]))
            if any(_inside(np.mean(k, 0), q) for k in known + [f for f, _, _ in out]):
                continue
            card = rectify(image, q)
            ink = ink_mask(card)[0]
            r = read_rank(card, (ink, None))
            if r.rank is not None and r.kind in ("number", "court") and both_corners(card, ink) == r.rank:
                out.append((q, r, order_corners(to_photo(H, box))))
    return out


def _without_inside(region: np.ndarray, beside: list, backs: list) -> tuple[list, list]:
    """(beside, backs) without the outlines centred inside `region`: pieces of the card (or
    the fan) found whole there."""
    out = lambda c: not _inside(np.mean(c, 0), region)    # noqa: E731
    return [(c, r) for c, r in beside if out(c)], [b for b in backs if out(b)]


def with_missed_cards(image: np.ndarray, H: np.ndarray, faces: list, beside: list, backs: list,
                      pyr_quads: list, masks: tuple | None = None) -> tuple[list, list]:
    """(beside, backs) with the whole cards filled_outlines finds off the pyramid, each read
    (a face replaces the outlines found inside it, pieces of it; a back joins the backs), and
    the fans' top cards fan_tops finds (each replaces the outlines inside its fan).  A
    found outline much smaller than a card on the fitted table, face or "back", is such a
    piece: it gives way to the region round it (a fan's top cut short by the card under it; a
    fanned court card cut in pieces, its picture's piece taken for a back)."""
    whole = [c for (c, _), size in zip(faces, card_sizes(H, [c for c, _ in faces])) if size >= 1 - WHOLE_SIZE_TOL]
    whole_backs = [b for b, size in zip(backs, card_sizes(H, backs)) if size >= 1 - WHOLE_SIZE_TOL]
    whole += whole_backs
    regions = paper_regions(image, masks)            # both looks read the same regions
    beside, backs = list(beside), list(backs)
    for q in filled_outlines(image, H, pyr_quads + whole, regions):
        r = read_rank(rectify(image, q))
        if r.kind in ("number", "court"):
            beside, backs = _without_inside(q, beside, backs)
            beside.append((q, r))
        elif r.kind == "back":
            backs.append(q)
    # a fan's top card found: the outlines inside the fan are pieces of it and of its strips
    sure = [c for (c, rr), size in zip(beside, card_sizes(H, [c for c, _ in beside]))
            if rr.confidence >= LOW_CONFIDENCE and size >= 1 - WHOLE_SIZE_TOL]
    for q, r, fan in fan_tops(image, H, pyr_quads + sure + whole_backs, regions):
        beside, backs = _without_inside(fan, beside, backs)
        beside.append((q, r))
    return beside, backs


def paper_level(image: np.ndarray, quads: list[np.ndarray]) -> float:
    """The cards' paper grey level: the median over the found cards of the 90th percentile
    of each one's rectified grey (ink and pictures are darker, glare is rarer than a tenth
    of a card); 200 with no card found."""
    if not quads:
        return 200.0
    return float(np.median([np.percentile(cv2.cvtColor(rectify(image, q), cv2.COLOR_BGR2GRAY), 90) for q in quads]))


def read_fit_place(image: np.ndarray, fit: PyramidFit, place: str, open_: set) -> tuple[str | None, float, str]:
    """The card at `place` of a fitted pyramid, read from the photo: whole when exposed
    (open_: the exposed places), else from the part the next row leaves visible."""
    upto = 1.0 if place in open_ else min(1.0, fit.pitch_y / CARD_H)
    cuts = card_images(image, fit, place)
    read = read_place(next(cuts)[1], place in open_, upto)
    for look, cut in cuts:
        if read[1] >= LOW_CONFIDENCE:
            break
        # not sure: perhaps the card was cut from the wrong edge
        rank, conf, note = read_place(cut, place in open_, upto)
        # (a cut through the glyph read no better than one clear of it is worth no more)
        if conf > read[1] or (look == CLEAR and conf == read[1]):
            # still asked: on a lattice placed a card off, the other line is a neighbour's
            # edge, and a piece of another card can read surely
            read = rank, min(conf, SECOND_LOOK), note or ("read with the cut moved off its index" if look == CLEAR
                                                          else "read from the card's other edge line")
    return read


def place_pyramid(image: np.ndarray, faces: list, allowed: frozenset | None) -> tuple[PyramidFit | None, list]:
    """Stage 4: the pyramid fitted to the faces found (_whole_cards) in the photo `image`
    (None: no pyramid), and the outlines read surely, on which the lattice rests first (a
    covered card's visible strip, half a card, read as some card at low confidence proposes a
    lattice of half cards) and by which its scale is checked (size_doubt)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    paper = paper_level(image, [c for c, _ in faces])
    anchors = _anchors(faces)
    whole = _read_surely(faces)
    fit = fit_pyramid(grey, anchors, paper, allowed, [c for c, _ in faces], whole) if anchors else None
    return fit, whole


def read_places(image: np.ndarray, fit: PyramidFit, faces: list) -> dict[str, tuple]:
    """Stage 5: each place of the fit holding a card, row by row: (its corners in photo px,
    rank, confidence, note).  An exposed place takes a surer reading of a card found whole
    on its own outline there; when the two name different ranks, it is asked."""
    open_ = exposed(fit.present)
    out = {}
    for p in in_order(fit.present):
        q = fit.corners(p)
        rank, conf, note = read_fit_place(image, fit, p, open_)
        if p in open_:
            reads = [(rank, conf, note)] + _found_there(faces, q)
            rank, conf, note = max(reads, key=lambda t: t[1])
            said = sorted({r for r, _, _ in reads if r is not None})
            if len(said) > 1:
                # the card's own outline and the place cut from the lattice name two ranks (a
                # cut a few millimetres into the card reads a Jack's corner pip as an ace)
                conf = min(conf, DOUBTFUL_PLACE)
                note = f"read as {' and as '.join(said)}: its outline and its place disagree"
        out[p] = (q, rank, conf, note)
    return out


def recognize_pyramid(source, prior=None, debug=None) -> PyramidReading:
    """Read a photo of a Pyramid Solitaire table (path, bytes or BGR array).
    prior: the places known to hold a card (e.g. the tracker's), as a list of "r.c".
    debug: a folder for one picture per stage (recognizer/debug.py)."""
    t0 = time.perf_counter()
    allowed = check_prior(prior)
    photo = load_image(source)
    log = StageLog(debug)
    log.photo(photo.image)
    s = photo.scale
    masks = paper_masks(photo.image)
    faces, backs = _whole_cards(photo, masks)
    log.found(photo.image, [c for c, _ in faces] + backs)
    log.ranks(photo.image, faces, backs)
    if not faces and not backs:
        # a readable photo with nothing found: the empty reading goes with the message (the
        # command line prints it, as for a photo with cards but no pyramid)
        raise RecognitionError("no cards found in the photo: take it from above, close enough that "
                               "the pyramid fills most of the picture",
                               PyramidReading(photo.name, photo.width, photo.height, {p: None for p in PLACES}, [],
                                              False, [], [], time.perf_counter() - t0, True))
    fit, whole = place_pyramid(photo.image, faces, allowed)
    warnings: list[str] = []
    cards: list[PlaceCard] = []
    pyramid: dict[str, str | None] = {p: None for p in PLACES}
    full = lambda q: [[int(round(x * s)), int(round(y * s))] for x, y in q]
    reads: dict[str, tuple] = {}
    nearest = None
    in_doubt = False        # the places read on a fit that is probably wrong (each capped, one warning)
    doubtful = fit is None or len(fit.present) == 0 or not fit.apex_found
    if fit is None or len(fit.present) == 0:
        warnings.append("no pyramid found: the cards found are listed, no places")
    else:
        if log:
            log.labelled("4-layout.jpg", photo.image, [(fit.corners(p), p, PLACE) for p in PLACES if p in fit.present])
        warnings += fit.notes
        # the cards read surely measured on the fitted table: one found whole measures a card
        nearest = size_doubt(fit.H, whole)
        if nearest is not None:
            doubtful = True
            warnings.append(f"no card found whole measures a card's size on the pyramid fitted (the nearest "
                            f"{nearest:.0%} of it): its places are probably wrong, please check every place, "
                            "or take the photo again from straight above")
        reads = read_places(photo.image, fit, faces)
        sure = sum(conf >= LOW_CONFIDENCE for _, _, conf, _ in reads.values())
        in_doubt = nearest is not None
        if not in_doubt and sure < SURE_SHARE * len(reads):
            in_doubt = doubtful = True
            warnings.append(f"only {sure} of the {len(reads)} places found read surely: the pyramid is probably "
                            "placed wrong, please check every place, or take the photo again from straight above")
    pyr_quads = [q for q, _, _, _ in reads.values()]
    later: list[str] = []   # the warnings about what lies beside the pyramid (after the places')
    # waste and stock: the whole cards lying off the pyramid (with no pyramid: just cards)
    off = lambda q: not any(_inside(np.mean(q, 0), pq) for pq in pyr_quads)
    role = "waste" if pyr_quads else "outside"
    beside = [(c, r) for c, r in faces if off(c)]
    if pyr_quads:
        beside, backs = with_missed_cards(photo.image, fit.H, faces, beside, backs, pyr_quads, masks)
        for b in [b for b in backs if off(b)]:
            r = face_without_strip(rectify(photo.image, b))
            if r is not None:
                backs = [q for q in backs if q is not b]
                beside.append((b, r))
        if nearest is None:
            # on a fit whose scale the cards confirm, a waste card measures a card's size there
            # as the pyramid's whole cards do: an unsurely read outline smaller than that is a
            # patch of the table's pattern or a fan's under-card (a larger one may be a fan
            # outlined with the cards under it, its top read from it; a fan's top read surely
            # may be cut short)
            beside = [(c, r) for (c, r), size in zip(beside, card_sizes(fit.H, [c for c, _ in beside]))
                      if size >= 1 - WHOLE_SIZE_TOL or r.confidence >= LOW_CONFIDENCE]
        # a face beside the pyramid must show paper: corner_paper, which measures against the
        # card's own lightest part, finds "paper" in a dark wood's grain
        beside = [f for f, light in zip(beside, papery(photo.image, [c for c, _ in beside], [c for c, _ in faces]))
                  if light]
        # a card beside the pyramid with no paper in any index corner is the stock's back,
        # however its frame or pattern read (a plain back's frame reads as a picture with a J)
        paperless = [corner_paper(rectify(photo.image, c)) < FACE_PAPER for c, _ in beside]
        backs += [c for (c, _), no in zip(beside, paperless) if no]
        beside = [f for f, no in zip(beside, paperless) if not no]
    left_out = 0            # face-up cards touching the placed pyramid (see below)
    for c, r in _waste_tops(beside, pyr_quads) if pyr_quads else beside:
        if pyr_quads and r.kind == "court" and r.index_score < LEGIBLE:
            # a pattern read as a picture with no legible J/Q/K index: most often the stock's
            # back (a checkered back reads as a king at 0.67); a court card whose glyph the
            # table's strip or its frame joins shows paper in its corners and reads without them
            again = face_without_strip(rectify(photo.image, c))
            if again is not None:
                r = again
            if r.kind == "court" and r.index_score < LEGIBLE:
                backs.append(c)
                later.append("a picture or pattern beside the pyramid with no legible index: taken "
                             "for the stock; if it is a face-up court card, please check")
                continue
        rank = r.rank if r.rank in NUMBER_RANKS + COURT_RANKS else None
        conf, note = r.confidence, r.note
        if any(_touching(c, k) for k in pyr_quads):
            # the waste lies a little way off; a card touching the placed pyramid is most likely
            # one of its own the placing left out (every such card of 112 renders was)
            left_out += 1
            conf, note = min(conf, DOUBTFUL_PLACE), note or "touches the pyramid: perhaps one of its cards"
        if nearest is not None:
            conf = min(conf, DOUBTFUL_PLACE)        # (a pyramid card?)
        cards.append(PlaceCard(rank, full(c), conf, role, None, note))
        if conf < LOW_CONFIDENCE and pyr_quads and nearest is None:
            later.append(f"waste card read as {rank or '?'} but not surely ({note or 'low confidence'}): please check")
    waste = [c.rank for c in cards if c.role == "waste"]
    if len(waste) > WASTE_PILES:
        later.append(f"{len(waste)} face-up cards beside the pyramid: at most {WASTE_PILES} waste tops expected")
    if pyr_quads and not in_doubt and (len(waste) > WASTE_PILES or left_out):
        # pyramid cards the placing left out lie beside it: its places are in doubt too
        in_doubt = doubtful = True
        later.append("the pyramid is probably placed wrong (cards beside it may be its own): please check "
                     "every place, or take the photo again from straight above")
    # the places, read before, now that every reason to doubt them is known
    places: list[PlaceCard] = []
    for p, (q, rank, conf, note) in reads.items():
        if in_doubt:
            conf, note = min(conf, DOUBTFUL_PLACE), note or "the pyramid's places are in doubt"
        pyramid[p] = rank or UNREAD
        places.append(PlaceCard(rank, full(q), conf, "pyramid", p, note))
        if conf < LOW_CONFIDENCE and not in_doubt:      # (in doubt: one warning for all)
            warnings.append(f"{p}: read as {rank or '?'} but not surely ({note or 'low confidence'}): please check")
    cards, warnings = places + cards, warnings + later
    stock = any(off(b) for b in backs)
    for b in backs:
        if off(b):
            cards.append(PlaceCard(None, full(b), 0.9, "stock", None, "face down"))
    reading = PyramidReading(photo.name, photo.width, photo.height, pyramid, waste, stock, cards,
                             warnings, time.perf_counter() - t0, doubtful)
    if log:
        log.labelled("5-result.jpg", photo.image, [
            (np.asarray(c.corners, np.float64) / s, "stock" if c.role == "stock" else f"{c.position or c.role}:{c.rank or '?'}",
             UNSURE if c.confidence < LOW_CONFIDENCE else SURE) for c in cards])
    return reading
