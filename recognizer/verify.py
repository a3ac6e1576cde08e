"""Stage 4b, top-down verification: look for the pins that card finding missed.

Once the layout is fitted, every pin slot's card outline is known in table millimetres
(the lattice, or the printed mat) and, through the table plane, in the photo.  For each
slot without a card we

  1. warp a window around the predicted card to a metric top view (PX_PER_MM),
  2. snap the outline: a 63 x 88 mm rectangle is moved (x, y, angle) to the pose where
     the gradient across its four sides is strongest (coarse grid, then a fine one) --
     cards have a known size on the table, so only three numbers are searched, which
     stays robust where the sides are broken up by pips, glare or a touching neighbour,
  3. rectify the snapped card and read it with read_rank; it is accepted only as a clean
     face-up number card (pips and corner index agree, paper-white border, a real edge).

The same snap also re-fits found pins whose outline is off the lattice (a split row of
touching cards cut in the wrong place) before they are read again.
"""
from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from .cards import order_corners, quad_sides, rectify
from .layout import CH, CW
from .rank import COURT_RANKS, PIPS, SURE_SIM, RankReading, lone_blob, rank_of_pips, read_rank, settles

PX_PER_MM = 3.0               # a slot's top view: 3 px a mm (a card's index is then ~40 px tall)
MARGIN_MM = 12.0              # ... with this much table round the slot (a card off its slot still shows)
COARSE_FROM_MM = 8.0          # snap_card: a search wider than this starts on a coarse grid
PAPER_SAT = 70                # a slot's border above this saturation is not white paper...
PAPER_DIM = 0.6               # a slot's paper is at least this bright against the found cards'
FAINT_EDGE = 0.5              # read_slot: edges this share of the slot's level may still be a card
FAINT_CONFIDENCE = 0.6        # ... whose reading is then asked (below LOW_CONFIDENCE)
COURT_INDEX = 0.75            # read_slot: a J/Q/K index this clear refuses a count of...
STRADDLED_PIPS = 3            # ...this many pips or fewer (part of a card)
SURE_READING = 0.95           # pips and index agree: enough for a slot whose border is in shadow
OFF_SIZE_MM = 4.0             # reread_sure: an outline this much larger than a card is not the card's own
MISFIT_MM = 2.5               # reread: an outline this far off a card's side is not the card's own
SHIFT_MAX_MM = 15.0           # reread: an outline this far off a card's size is two cards or a piece


def _window(img: np.ndarray, Hi: np.ndarray, quad_mm: np.ndarray, margin_mm: float = MARGIN_MM):
    """A top view around the card quad_mm (TL, TR, BR, BL in table mm): returns (grey window,
    canvas px -> image px homography, unit axes, origin in mm)."""
    ax = quad_mm[1] - quad_mm[0]
    ax /= max(np.linalg.norm(ax), 1e-9)
    ay = quad_mm[3] - quad_mm[0]
    ay /= max(np.linalg.norm(ay), 1e-9)
    ctr = quad_mm.mean(0)
    W, H = CW + 2 * margin_mm, CH + 2 * margin_mm
    origin = ctr - W / 2 * ax - H / 2 * ay
    s = PX_PER_MM
    A = np.array([[ax[0] / s, ay[0] / s, origin[0]], [ax[1] / s, ay[1] / s, origin[1]], [0, 0, 1]])
    Himg = np.linalg.inv(Hi) @ A                      # canvas px -> image px
    size = (int(round(W * s)), int(round(H * s)))
    win = cv2.warpPerspective(img, Himg, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    return win, Himg


def _outline_samples(n_side: int = 40):
    """Points along the four sides of a card centred at 0 (mm) and their normals."""
    pts, nrm = [], []
    t = np.linspace(-0.4, 0.4, n_side)
    for sx in (-1, 1):                       # left and right sides
        pts.append(np.stack([np.full_like(t, sx * CW / 2), t * CH], 1))
        nrm.append(np.tile([1.0, 0.0], (n_side, 1)))
    for sy in (-1, 1):                       # top and bottom
        pts.append(np.stack([t * CW, np.full_like(t, sy * CH / 2)], 1))
        nrm.append(np.tile([0.0, 1.0], (n_side, 1)))
    return np.vstack(pts), np.vstack(nrm)


_PTS, _NRM = _outline_samples()


def _edge_score(gx, gy, ctr_px, dxy, thetas):
    """Mean normal gradient along the outline for every (translation, angle).
    Returns scores (len(thetas), len(dxy)) and per-side scores of the best pose."""
    h, w = gx.shape
    s = PX_PER_MM
    out = np.zeros((len(thetas), len(dxy)))
    gxf, gyf = gx.ravel(), gy.ravel()             # flat gathers (take) cost a third less
    base = ctr_px[None, None, :] + dxy[:, None, :] * s                        # T x 1 x 2
    for ti, th in enumerate(thetas):
        c, sn = math.cos(th), math.sin(th)
        R = np.array([[c, -sn], [sn, c]])
        p = _PTS @ R.T * s                    # n x 2, canvas px offsets
        nv = _NRM @ R.T
        pos = base + p[None, :, :]                                            # T x n x 2
        xi = np.clip(np.rint(pos[..., 0]).astype(np.int32), 0, w - 1)
        yi = np.clip(np.rint(pos[..., 1]).astype(np.int32), 0, h - 1)
        at = yi * w + xi
        g = np.abs(gxf.take(at) * nv[:, 0] + gyf.take(at) * nv[:, 1])
        # each side must show an edge: a robust mean over the four sides (the weakest counts double)
        sides = g.reshape(len(dxy), 4, -1).mean(2)
        out[ti] = sides.mean(1) + sides.min(1)
    return out


def _offsets(r: np.ndarray) -> np.ndarray:
    """Every (dx, dy) with dx and dy from r: the translations a snap tries (mm)."""
    return np.stack(np.meshgrid(r, r), -1).reshape(-1, 2)


def snap_card(img: np.ndarray, Hi: np.ndarray, quad_mm: np.ndarray, search_mm: float = 8.0):
    """Move the 63 x 88 mm outline quad_mm to the strongest edges nearby.
    Returns (corners in image px, edge score)."""
    win, Himg = _window(img, Hi, quad_mm, max(MARGIN_MM, search_mm + 4))
    g = cv2.cvtColor(win, cv2.COLOR_BGR2GRAY).astype(np.float32)
    g = cv2.GaussianBlur(g, (0, 0), 1.0)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3) / 8
    ctr_px = np.array([win.shape[1] / 2, win.shape[0] / 2])
    thetas = np.radians([-3, -1.5, 0, 1.5, 3])
    if search_mm > COARSE_FROM_MM:
        # a wide search first on a 2 mm grid over edges blurred to about that width (a sharp
        # edge falls between the grid's poses), then the usual 1 mm grid round its best pose:
        # a quarter of the poses
        blur = lambda a: cv2.GaussianBlur(a, (0, 0), PX_PER_MM)  # noqa: E731
        dxy = _offsets(np.arange(-search_mm, search_mm + 1e-9, 2.0))
        sc = _edge_score(blur(gx), blur(gy), ctr_px, dxy, thetas)
        ti, di = np.unravel_index(int(np.argmax(sc)), sc.shape)
        dxy = dxy[di] + _offsets(np.arange(-2.0, 2.0 + 1e-9, 1.0))
    else:
        dxy = _offsets(np.arange(-search_mm, search_mm + 1e-9, 1.0))
    sc = _edge_score(gx, gy, ctr_px, dxy, thetas)
    ti, di = np.unravel_index(int(np.argmax(sc)), sc.shape)
    best_xy, best_th = dxy[di], thetas[ti]
    dxy2 = best_xy + _offsets(np.arange(-0.9, 0.91, 0.3))
    th2 = best_th + np.radians([-0.75, 0, 0.75])
    sc2 = _edge_score(gx, gy, ctr_px, dxy2, th2)
    ti, di = np.unravel_index(int(np.argmax(sc2)), sc2.shape)
    xy, th = dxy2[di], th2[ti]
    c, sn = math.cos(th), math.sin(th)
    R = np.array([[c, -sn], [sn, c]])
    canon = np.array([[-CW / 2, -CH / 2], [CW / 2, -CH / 2], [CW / 2, CH / 2], [-CW / 2, CH / 2]])
    q = (canon @ R.T + xy) * PX_PER_MM + ctr_px
    q_img = cv2.perspectiveTransform(q.reshape(-1, 1, 2), Himg).reshape(4, 2)
    return order_corners(q_img), float(sc2[ti, di])


def _border_sides(h: int, w: int) -> list[tuple[slice, slice]]:
    """The middle of each side of a rectified card, just inside its outline (rows, columns):
    plain paper on any card face."""
    a, b = int(0.02 * w), int(0.07 * w)
    long_rows, short_cols = slice(int(0.3 * h), int(0.7 * h)), slice(int(0.35 * w), int(0.65 * w))
    return [(long_rows, slice(a, b)), (long_rows, slice(w - b, w - a)),      # the long sides
            (slice(a, b), short_cols), (slice(h - b, h - a), short_cols)]     # the short ones


def _border_band(h: int, w: int) -> np.ndarray:
    """_border_sides as one mask."""
    band = np.zeros((h, w), bool)
    for rows, cols in _border_sides(h, w):
        band[rows, cols] = True
    return band


def paper_border(card: np.ndarray, max_sat: float = PAPER_SAT, min_v: float = 0.0) -> float:
    """Fraction of a rectified card's border band (inside its outline) that is paper: light
    (at least min_v, see paper_value), unsaturated (below max_sat) and even.  A card face is
    mostly paper there; a table or a back is not.  Even is judged side by side: light falling
    off across a card left a sure 6 on its slot only a quarter "paper" against its brightest
    side (its top in a glare's edge at 224, the rest at 156), and the pin was left out."""
    hsv = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)
    ok = n = 0
    for rows, cols in _border_sides(*card.shape[:2]):
        v = hsv[rows, cols, 2].astype(np.float32)
        ref = np.percentile(v, 90)
        if ref > 60:
            ok += np.count_nonzero((v > 0.8 * ref) & (hsv[rows, cols, 1] < max_sat) & (v >= min_v))
        n += v.size
    return ok / max(n, 1)


def paper_inside(patch: np.ndarray, max_sat: float, min_v: float) -> bool:
    """Is a rectified patch mostly paper (over half its pixels light, at least min_v and
    three quarters of its own light level, and below max_sat)?  A piece of a card face is,
    ink and all; a patch of the table or of a back is not."""
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    v = hsv[:, :, 2].astype(np.float32)
    ok = (v >= max(min_v, 0.75 * np.percentile(v, 90))) & (hsv[:, :, 1] < max_sat)
    return float(ok.mean()) > 0.5


def paper_fraction(saturation: np.ndarray, max_sat: float) -> float:
    """The fraction of a rectified card (its HSV saturation channel) below max_sat: most of
    any card face, pips, picture and all (development and real photos: 0.4 and more, court
    cards the lowest), next to nothing of a patch of wood or felt (0.00-0.06) -- whatever its
    brightness, so a card in shadow keeps its paper."""
    return float((saturation < max_sat).mean())


def paper_value(cards: list[np.ndarray]) -> float:
    """The least brightness a slot's border may have to count as paper: PAPER_DIM of these
    found cards' own paper (recover.recover_pins passes the two pins nearest the slot, as light falls
    off across a dim photo).  An even grey-green cloth is as unsaturated and even as paper,
    and its mottling read as ten pips under a "10" index (an empty slot, 0.94)."""
    return PAPER_DIM * _paper_median(cards, 2) if cards else 0.0


def _paper_median(cards: list[np.ndarray], channel: int) -> float:
    """The median over found cards of each one's median HSV `channel` in its border band."""
    band = _border_band(*cards[0].shape[:2])
    return float(np.median([np.median(cv2.cvtColor(c, cv2.COLOR_BGR2HSV)[:, :, channel][band]) for c in cards]))


def paper_saturation(cards: list[np.ndarray]) -> float:
    """The saturation at which a slot's border still counts as paper in this photo: PAPER_SAT,
    or more when the found cards' own paper is coloured (warm light makes white paper peach)."""
    return float(max(PAPER_SAT, _paper_median(cards, 1) + 30)) if cards else PAPER_SAT


def read_slot(img: np.ndarray, Hi: np.ndarray, quad_mm: np.ndarray, min_edge: float,
              max_sat: float = PAPER_SAT, min_v: float = 0.0, search_mm: float = 8.0):
    """Snap (within search_mm) and read the predicted card at quad_mm.  Returns (corners px,
    reading) for a clean face-up number card, else None.  The border must be mostly paper
    (paper_border with max_sat) -- or at least a third paper (a shadow across it) when pips
    and index agree on the rank (confidence >= SURE_READING).
    Edges fainter than min_edge (but not under FAINT_EDGE of it) still give a card in glare,
    whose paper runs into a light mat's: only an all-paper border round pips and a clear
    index that agree (is_sure, not an ace), and the player is asked (FAINT_CONFIDENCE).  An
    empty slot reads blank, or at most its printed letter as a lone ace."""
    corners, score = snap_card(img, Hi, quad_mm, search_mm)
    if score < FAINT_EDGE * min_edge:
        return None
    card = rectify(img, corners)
    paper = paper_border(card, max_sat, min_v)
    if paper < 0.3:
        return None
    r = read_rank(card)
    if score < min_edge:
        if paper < 0.75 or not is_sure(r) or r.rank == "A":
            return None
        r = replace(r, confidence=min(r.confidence, FAINT_CONFIDENCE),
                    note="its edges hardly show: glare, or paper as light as the table?")
    need = SURE_READING if paper < 0.5 else 0.45 if paper > 0.75 else 0.75
    if r.kind != "number" or r.confidence < need or (r.rank == "A" and r.index != "A"):
        # one blob is the weakest evidence of a card: on a slot no card was found on it is an
        # ace only when a corner says A too -- with no index it is as likely a stain or the
        # printed letter of an empty mat slot (lone_blob), and with another rank's, that letter
        # seen with a corner of the pin beside it (slot B beside a ten: "index says 6")
        return None
    if r.index in COURT_RANKS and r.index_score >= COURT_INDEX and (r.pips or 0) <= STRADDLED_PIPS:
        # a few pips under a clear J, Q or K: the rectangle straddles part of a card and
        # something else (a plastic ten lying askew read 2 against a Q, an ornamental 5 read 3
        # against a J -- 0.7, not flagged).  No card was found there, so none is made up.  (A
        # full count of 8 or 10 pips is a whole card whose index the templates misread.)
        return None
    return corners, r


def edge_level(img: np.ndarray, Hi: np.ndarray, quads_mm: list[np.ndarray]) -> float:
    """The edge score of found cards (their own outlines), to scale the acceptance threshold."""
    vals = []
    for q in quads_mm[:4]:
        _, s = snap_card(img, Hi, q, search_mm=1.0)
        vals.append(s)
    return float(np.median(vals)) if vals else 0.0


def ideal_mm(q_mm: np.ndarray) -> np.ndarray:
    """The 63 x 88 mm rectangle best matching a found card's outline (TL, TR, BR, BL, short edge
    first) in table mm."""
    ax = (q_mm[1] - q_mm[0]) + (q_mm[2] - q_mm[3])
    ay = (q_mm[3] - q_mm[0]) + (q_mm[2] - q_mm[1])
    ax /= max(np.linalg.norm(ax), 1e-9)
    ay = ay - (ay @ ax) * ax
    ay /= max(np.linalg.norm(ay), 1e-9)
    c = q_mm.mean(0)
    return np.array([c + sx * CW / 2 * ax + sy * CH / 2 * ay for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])


def _agreeing(r: RankReading) -> bool:
    """A number card whose pip count and corner index name the same rank (not a lone blob)."""
    return (r.kind == "number" and r.confidence >= SURE_READING and r.index == r.rank
            and rank_of_pips(r.pips) == r.rank and not lone_blob(r))


def is_sure(r: RankReading) -> bool:
    """A reading that names the card whatever the outline it came from: a number card whose
    pips and clear index agree (_agreeing, with the index at SURE_SIM or better)."""
    return _agreeing(r) and r.index_score >= SURE_SIM


def snapped_reading(img: np.ndarray, Hi: np.ndarray, quad_mm: np.ndarray, search_mm: float):
    """snap_card, then read the snapped card: (corners px, reading)."""
    corners, _ = snap_card(img, Hi, quad_mm, search_mm)
    return corners, read_rank(rectify(img, corners))


def reread(img: np.ndarray, Hi: np.ndarray, q_mm: np.ndarray, old: RankReading, search_mm: float = 5.0):
    """Snap a found card's outline to the card size on the table and read it again.  Returns
    (corners px, reading) when the new reading settles the old doubt (see rank.settles), when
    an outline off a card's size (MISFIT_MM) read two ranks and the snapped card one, or when
    the old outline was not a card's shape and the new reading is sure; else None."""
    corners, r = snapped_reading(img, Hi, ideal_mm(q_mm), search_mm)
    if settles(r, old):
        return corners, r
    short, long_ = quad_sides(q_mm)
    # the snapped card may replace the old reading only when the old outline's long side is
    # longer than a card's short one: a piece 47 x 59 mm gave the rectangle crosswise, over
    # two cards (a dondorf 10 read 6, pips and index agreeing)
    lengthwise = long_ > 1.12 * CW
    misfit = max(abs(short - CW), abs(long_ - CH)) > MISFIT_MM
    if lengthwise and misfit and _agreeing(r) and old.index is not None and old.index != old.rank:
        # an outline off a card's size read pips and an index naming two ranks, the card-sized
        # one reads them naming one: a paris 10 on its stack, "pips say 9, index says Q" from
        # an outline 4 mm too long and wide, 10 pips under a "10" snapped.  A card-sized
        # outline is left alone: its snap, pushed off a neoclassical 8 whose index read 4,
        # cut off a row and read a sure 7
        return corners, r
    off_shape = abs(short / CW - 1) > 0.12 or abs(long_ / CH - 1) > 0.12
    if lengthwise and off_shape and is_sure(r):
        # the old outline was not a card's shape (a pile top's taking in a strip of the stack
        # under it: 46 x 96 mm, a plastic 10 read as 7 against an index read as 4), so its cues
        # name nothing; the snapped card read sure, pips and a clear index agreeing, is the card
        return corners, r
    return _shifted_reading(img, Hi, q_mm, old)


def reread_sure(img: np.ndarray, Hi: np.ndarray, q_mm: np.ndarray, old: RankReading, search_mm: float = 5.0):
    """A card read surely from an outline well larger than a card (OFF_SIZE_MM: a pile top's
    outline taking in a strip of its stack): snap it to the card size and read again.
    Returns (corners px, reading) when the snapped card reads another rank surely, its index
    matching more clearly than the old one did; else None.
    (A kde-ancient-egyptians 8 outlined 7 mm too wide counted its index's suit sign, a pip's
    size, as a ninth pip and read its "8" as a 9 at 0.90: a sure 9.  Snapped, 8 pips under
    an "8" at 0.96.)"""
    short, long_ = quad_sides(q_mm)
    if min(short - CW, long_ - CH) < -1.0 or max(short - CW, long_ - CH) <= OFF_SIZE_MM:
        # only an outline larger than a card holds all of it: snapped from a piece (a mat's
        # pile top cut short, 59 x 77 mm) the rectangle slid onto the mat's edge and read a 4
        # as a sure 3
        return None
    corners, r = snapped_reading(img, Hi, ideal_mm(q_mm), search_mm)
    if is_sure(r) and r.rank != old.rank and r.index_score > old.index_score:
        return corners, r
    return None


def _shifted_reading(img: np.ndarray, Hi: np.ndarray, q_mm: np.ndarray, old: RankReading):
    """The card under an outline that is off: a pile top's outline takes in a strip of the
    stack on one or two sides, a cut one stops short of the card's far end, so the snap from
    its centre lands on the stack's edges.  Card-sized rectangles pushed towards each side and
    corner of the outline (by how far it is off a card's size, 3-15 mm) are snapped and read;
    a sure reading (pips and a clear index agree) is taken when all sure ones name one rank
    (poses a pixel apart can read differently: skipping repeated poses, 3 % faster, let
    two wrong pile values through on dvk).
    Not for an outline more than SHIFT_MAX_MM off a card's sides: that is two cards, or a
    piece, and a pushed rectangle reads a neighbour (an 88 x 97 mm outline over a slavic 3 and
    the ace beside it read A, sure)."""
    short, long_ = quad_sides(q_mm)
    if abs(short - CW) > SHIFT_MAX_MM or abs(long_ - CH) > SHIFT_MAX_MM:
        return None
    # an outline no larger than a card holds nothing but the card: a pushed rectangle that
    # counts fewer pips than it did lost some past its edge (a penguins ten counted 10 inside
    # its printed border line read 9, sure, from one that cut off a pip and the "1" of its
    # "10").  A larger outline's count is no floor: a strip of the stack's back pattern
    # counted as pips made a penguins 3 a 5.
    inside = short <= CW + 1 and long_ <= CH + 1
    floor = old.pips if inside and old.kind == "number" and old.pips else 0
    ideal = ideal_mm(q_mm)
    ax, ay = ideal[1] - ideal[0], ideal[3] - ideal[0]
    ax, ay = ax / np.linalg.norm(ax), ay / np.linalg.norm(ay)
    ds = min(SHIFT_MAX_MM, max(3.0, abs(short - CW)))
    dl = min(SHIFT_MAX_MM, max(3.0, abs(long_ - CH)))
    sure = []
    for sx in (-1, 0, 1):
        for sy in (-1, 0, 1):
            if sx == sy == 0:
                continue
            corners, r = snapped_reading(img, Hi, ideal + sx * ds * ax + sy * dl * ay, 2.0)
            if is_sure(r) and PIPS[r.rank] >= floor:
                if sure and r.rank != sure[0][2].rank:
                    return None             # two sure readings name two ranks: no answer
                sure.append((r.confidence, corners, r))
    if not sure:
        return None
    _, corners, r = max(sure, key=lambda t: t[0])
    return corners, r
