"""Stage 4, fit_layout: give every face-up card its role (pin A-J, pile 1-3, or outside).

Cards lie on one plane, and each card is a 63 x 88 mm rectangle, so the card outlines
themselves give the table plane: a homography fitted to all card corners (each card's
ideal rectangle re-estimated in turn) maps the photo to table millimetres.  On the
table the pins form a lattice (rows of 4, 3, 2, 1, back row farthest from the player),
so we search the lattice placements: two orientations along the cards' long axis (and,
at a penalty, the two across it), the row and column pitch from neighbouring cards,
and a translation anchoring each card on each slot; the placement with most cards on
slots (then smallest residual) wins.  That works with any rotation of the photo and
with pins missing.  Cards that overlap other cards (the discard heap) or lie askew are
never pins.  The ball piles are the remaining cards on the player's side of the
triangle, numbered left to right as the player sees them.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from assistant.bowling import mat as ML
from assistant.bowling.layout import BACK_ROW, CENTRE, LATTICE, PINS as LETTERS, is_connected
from assistant.bowling.state import pins_to_empty
from .polygons import overlap_area
from .rules_checks import tops_needed

CW, CH = ML.CARD_W_MM, ML.CARD_H_MM
SLOT_UV = np.array([LATTICE[k] for k in LETTERS], np.float64)
CANON = np.array([[-CW / 2, -CH / 2], [CW / 2, -CH / 2], [CW / 2, CH / 2], [-CW / 2, CH / 2]])

# ---- Tuning: every number the fit decides by, in one place, each with its reason. ----
# Lengths in table mm; "pitches" and "rows" are lattice units (one column / row pitch).
# The table plane (table_plane)
PLANE_STARTS = 4        # cards nearest the middle to start the refinement from (one may be glare)
PLANE_RANSAC_MM = 6.0   # a card corner this far off its ideal rectangle is left out of the plane
LONG_FIRST = 1.15       # _long_first: the first pair of sides this much longer on the table
                        # (a card is 1.4 times as long as wide; a square piece keeps the photo's order)
CARD_SIZED = (0.75, 1.33)      # an outline this many cards in area is one card's
# Pitches from neighbouring cards (_pitches)
SAME_ROW = 0.3          # two cards less than this many card heights apart across the rows share a row
NEIGHBOURS = (0.9, 1.8)     # ... and are neighbours 0.9-1.8 card widths apart (touching to a card's gap)
NEXT_ROW_ACROSS = (0.3, 0.9)    # a pin of the next row lies half a pitch across: 0.3-0.9 card widths
USUAL_GAPS_MM = (2, 8, 16, 26)  # the gaps between a row's cards tried when no neighbours show one
USUAL_ROW_GAPS_MM = (2, 8, 16, 26, 38)  # ... and between rows (players space rows a little wider)
EXTRA_GAP_MM = (-3.0, 35.0)     # the gaps between pins a pitch tried besides the median may give
PITCH_SAME = 0.03       # pitches within 3 % of one tried are the same pitch
PITCH_CLUSTER = 0.06    # sorted neighbour distances more than 6 % apart start another cluster
# Directions and slots
DIRECTION_TOLS = (0.35, 0.17)   # _main_direction: |sin| of ~20 then ~10 degrees about the mean
SQUARE_TOL = 0.35       # |sin| of the angle within which a card lies square to a direction (~20 degrees)
SLOT_TOL = 0.3          # a card this many pitches from a slot is on it (slots lie >= 1.1 apart)
SAME_PLACEMENT = 0.2    # translations within this many column pitches are one placement
FEW_CARDS = 6           # _placements: with at most this many cards that can be pins, try every placement
NO_RIVAL = 9.0          # the margin of a placement no other labelling rivals (above any score gap)
# Where piles lie (_pile_zones, fit_lattice)
SIDE_ROWS = (0.3, 4.5)  # a row of piles beside the triangle lies between these lattice rows (the
                        # independent development photos: rows 0.9 to 3.9, tilted photos stretch)
SIDE_FAR_MM = 650.0     # ... and its farthest pile this far across from the axis (seen: 480 mm)
PILE_SIDE_MM, PILE_BELOW_MM, PILE_NEAR_MM = 50.0, 120.0, 75.0   # the zone below J: this far past
                        # the triangle's side (+ 1.5 pitches), below J's card, and the usual row within
NARROW_PITCHES = 1.5    # ... the zone below J reaches this many column pitches (+ PILE_SIDE_MM) across
PILE_ROWS_FROM = 1.45   # piles lie past this row towards the player (J's row is 3, I's 2)
BEYOND_BACK_ROW = -0.7  # a card this far past the back row (row 0) is a pile of a far, tilted photo
SLOT_CLEAR = 0.8        # a pile lies at least this many pitches from every pin slot ...
SLOT_CLEAR_MM = 8.0     # ... and overlaps a pin slot's card by at most this much (touching rows overlap a few mm)
PIN_OVERLAP = 0.15      # a card another card covers this much of (_overlaps) is no pin: a heap's card
PILE_OVERLAP = 0.45     # ... nor a pile top above this (a heap's top card is, below it)
TOP_OVERLAP = 0.3       # ... and counted among a placement's pile tops only below this
# The placement score (fit_lattice): an inlier is worth 1
ACROSS_COST = 1.5       # pins lying across the player's direction: seldom, but a turned photo's pitches
PILE_BONUS = 0.5        # per pile top in the placement's zone (at most 3), so more pins is never worse
FAR_PILE_COST = 0.1     # per square card left beyond the back row (more likely a far pile than a stray)
STRAY_PENALTY = 0.3     # per clean square card beside the pins' rows: neither pin nor pile is likely
SIDE_COST = 0.25        # a placement whose piles lie in a side row: less usual than below the pins
                        # (43 to 95 of the independent photos), so a tie goes to the pins' end
STACK_PIN = 0.6         # a card seen on a face-down stack taken as a pin
STACK_AWAY = 1.0        # ... or left outside the pile zone: the placement is probably turned
AXIS_BONUS = 0.3        # two or more piles laid about the triangle's axis (see _on_axis)
AXIS_TOL = 0.25         # ... within this many column pitches
MIRROR_ROWS = 0.5       # ... two piles mirrored about the axis lie within this many rows of each other
LEVEL_ROWS = 0.3        # ... a pile level with I or J lies within this many rows of its row
RIGHT_COLUMN = 1.2      # ... a column of piles right of the triangle lies past this many pitches
OFF_AXIS_COST = 0.05    # per column pitch the piles' centre lies off the axis: a tie-break only
ROW_GAP_COST = 0.03     # per mm between the row and column gaps, when no pin pair shows the rows
RESIDUAL_USUAL = 0.1    # mean distance (column pitches) of pins from their slots in a fit that is right
RESIDUAL_EXCESS = 2.0   # ... each pitch beyond it costs this much more (see fit_lattice)
RULES_PENALTY = 0.9     # a standing set no sequence of legal plays leaves (less than an inlier)
# With few pins down some piles must still show a top (rules_checks.tops_needed).  A placement
# short of tops makes a pile top a pin, or leaves it out: 4 pins and no pile fitted a frame
# of 3 pins and pile 3 beside I by one inlier.  Less than an inlier: a lowcontrast pile top
# can be missed, and then the full triangle must still beat one with a pin left out.  Not
# on top of RULES_PENALTY: a lowcontrast deal with three pins and all piles missed (in
# shadow) paid both, and a placement turned round, its pins taken for piles, won.
TOPS_PENALTY = 0.6
# The score is SCORE_WEIGHTS . (fit_lattice's terms), the weights being the constants above;
# tools/fit_layout_weights.py fits them on development photos and compares.
SCORE_TERMS = ("pins", "residual", "strain", "across", "row_gap_mm", "piles", "far", "axis", "off_axis",
               "side_row", "stray", "stack_pin", "stack_away")
SCORE_WEIGHTS = np.array([1.0, -1.0, -RESIDUAL_EXCESS, -ACROSS_COST, -ROW_GAP_COST, PILE_BONUS, -FAR_PILE_COST,
                          AXIS_BONUS, -OFF_AXIS_COST, -SIDE_COST, -STRAY_PENALTY, -STACK_PIN, -STACK_AWAY])
GUESS_MARGIN = 0.6      # a winning placement less than this ahead of another labelling is a guess
DISPUTE_WINDOW, DISPUTES = 2.0, 8   # Placement.disputes: the labellings this near the winner, at most this many
# Numbering the piles (assign_piles)
BELOW_J = 3.5           # lattice rows: a pile this far towards the player lies below J
BESIDE_I = (2.6, 0.9)   # a pile above this row and right of this many pitches lies beside I (the mat's 3)
BESIDE_J = 1.1          # a pile this many pitches left or right of the axis, above BELOW_J, lies beside J
MIDDLE_PILE = 0.5       # in a row below J, the pile within this many pitches of the axis is pile 2
LEFT_TO_RIGHT_TILT = 0.3    # ordering piles left to right, a row lower counts this many pitches left
PILE_ROW = 3.3          # the row the piles usually lie in: the nearest to it are the caller's tops
PILE_ROW_ACROSS = 0.2   # ... a pitch across counting this much of a row
# The printed mat's fixed slots
MAT_SLOT_TOL = 0.4      # a card whose centre lies within this many card widths of a mat slot is on it
MAT_PIN_OVERLAP = 0.25  # ... and no pin when covered more than this (the mat's slots hold the piles' heaps)
TOPS_NEEDED = [tops_needed(down) for down in range(11)]   # per pins down (rules_checks)


@dataclass
class Placement:
    roles: list[str]                    # per card: pin | pile | outside
    positions: list[str | None]
    plane: np.ndarray | None = None     # image px -> table mm homography
    uv: np.ndarray | None = None        # per card lattice coordinates (u right, v towards player)
    inliers: int = 0
    residual: float = 0.0
    warnings: list[str] = field(default_factory=list)
    slots_mm: dict | None = None        # pin letter -> 4x2 card outline in table mm (the fitted lattice)
    lattice: dict | None = None         # the fitted lattice's axis, pitch and origin t (see in_pile_zone)
    guessed: bool = False               # pin letters or a pile's number guessed: what the player knows settles them
    letters_guessed: bool = False       # the pin letters guessed (too few cards, another labelling as good)
    margin: float = NO_RIVAL            # score of the winning placement over the next-best labelling
    # the other labellings within DISPUTE_WINDOW of the winner: (its lead over that one, the
    # cards that one places differently, where it puts them as (role, position))
    disputes: list = field(default_factory=list)


def _card_h(corners: np.ndarray) -> np.ndarray:
    return cv2.getPerspectiveTransform(np.float32(CANON), np.float32(corners))


def table_plane(quads: list[np.ndarray], weights=None) -> np.ndarray:
    """A homography image px -> table mm from card outlines (each card is 63 x 88 mm).  Refined
    from each of the few cards nearest the middle in turn, from its perspective and from an
    affine map of it (one bad outline -- a glare spot taken for a card -- must not set the
    plane); the plane that makes the cards most nearly 63 x 88 mm wins."""
    pts = np.array(quads, np.float64)
    ctr = pts.reshape(-1, 2).mean(0)
    order = np.argsort([np.linalg.norm(q.mean(0) - ctr) for q in pts])[:PLANE_STARTS]
    best, best_err = None, np.inf
    for ref in order:
        for affine in (False, True):
            Hi = _plane_from(pts, int(ref), affine)
            err = _size_error(pts, Hi)
            if err < best_err:
                best, best_err = Hi, err
    return best


def _plane_from(pts: np.ndarray, ref: int, affine: bool) -> np.ndarray:
    """Refine a plane started from card ref's outline: its full perspective (right for a
    strongly tilted photo) or only an affine map of it (a few px off at one corner can tilt a
    single card's perspective by tens of degrees, and the iterations then keep it)."""
    A = cv2.estimateAffine2D(pts[ref].astype(np.float32), np.float32(CANON))[0] if affine else None
    Hi = np.vstack([A, [0, 0, 1]]) if A is not None else np.linalg.inv(_card_h(pts[ref]))
    if len(pts) < 2:
        return Hi
    img = pts.reshape(-1, 2)
    for _ in range(3):
        # each card's ideal 63 x 88 mm rectangle at its centre and direction under Hi
        m = cv2.perspectiveTransform(img.reshape(-1, 1, 2), Hi).reshape(-1, 4, 2)
        c = m.mean(1)
        # a card's first side is its short one in the photo, but a far card seen end on can
        # look square or wider than long: which side is short is decided on the table
        flip = _long_first(m)
        long_dir = np.where(flip[:, None], (m[:, 1] - m[:, 0]) + (m[:, 2] - m[:, 3]),
                            (m[:, 3] - m[:, 0]) + (m[:, 2] - m[:, 1]))
        a = np.arctan2(long_dir[:, 1], long_dir[:, 0]) - math.pi / 2
        cos, sin = np.cos(a)[:, None], np.sin(a)[:, None]
        canon = np.where(flip[:, None, None], np.roll(CANON, -1, axis=0)[None], CANON[None])
        ideal = c[:, None, :] + np.stack([canon[..., 0] * cos - canon[..., 1] * sin,
                                          canon[..., 0] * sin + canon[..., 1] * cos], 2)
        H, _ = cv2.findHomography(img, ideal.reshape(-1, 2), cv2.RANSAC, PLANE_RANSAC_MM)
        if H is None:
            break
        Hi = H
    return Hi


def _long_first(m: np.ndarray) -> np.ndarray:
    """Per quad (n x 4 x 2, table mm): is its first side (corners 0-1, and 2-3) clearly the
    longer pair on the table (a far card the photo outlined long side first)?"""
    sides = np.linalg.norm(np.roll(m, -1, axis=1) - m, axis=2)          # n x 4
    return sides[:, 0] + sides[:, 2] > LONG_FIRST * (sides[:, 1] + sides[:, 3])


def _size_error(pts: np.ndarray, Hi: np.ndarray) -> float:
    """Median over cards of how far their sides are from 63 and 88 mm under Hi."""
    m = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), Hi).reshape(-1, 4, 2)
    sides = np.linalg.norm(np.roll(m, -1, axis=1) - m, axis=2)          # n x 4
    short = np.minimum(sides[:, 0] + sides[:, 2], sides[:, 1] + sides[:, 3]) / 2
    long_ = np.maximum(sides[:, 0] + sides[:, 2], sides[:, 1] + sides[:, 3]) / 2
    return float(np.median(np.abs(short - CW) + np.abs(long_ - CH)))


def _in_cards(q_mm: np.ndarray) -> float:
    """An outline's area (table mm) as a fraction of a card's."""
    return cv2.contourArea(np.float32(q_mm)) / (CW * CH)


def card_sized(q_mm: np.ndarray) -> bool:
    """Is an outline in table mm about one card's size (not two merged, not a piece)?"""
    return CARD_SIZED[0] < _in_cards(q_mm) < CARD_SIZED[1]


def a_piece(q_mm: np.ndarray) -> bool:
    """Is an outline in table mm too small for a whole card: a piece of one (a deck's printed
    frame, the part a shadow left)?"""
    return _in_cards(q_mm) < CARD_SIZED[0]


def _angles(mm_quads: np.ndarray) -> np.ndarray:
    """Direction of each card's long axis on the table, radians mod pi (the longer pair of
    sides on the table, whichever the photo showed first)."""
    m = mm_quads
    d = np.where(_long_first(m)[:, None], (m[:, 1] - m[:, 0]) + (m[:, 2] - m[:, 3]),
                 (m[:, 3] - m[:, 0]) + (m[:, 2] - m[:, 1]))
    return np.mod(np.arctan2(d[:, 1], d[:, 0]), math.pi)


def _overlaps(quads: list[np.ndarray]) -> np.ndarray:
    """Fraction of each card covered by its most-overlapping neighbour."""
    n = len(quads)
    out = np.zeros(n)
    areas = [cv2.contourArea(np.float32(q)) for q in quads]
    for i in range(n):
        for j in range(i + 1, n):
            inter = overlap_area(quads[i], quads[j])
            if inter > 0:
                out[i] = max(out[i], inter / max(areas[i], 1))
                out[j] = max(out[j], inter / max(areas[j], 1))
    return out


def _assign_many(uv: np.ndarray, cand: np.ndarray, tol: float = SLOT_TOL):
    """Unique assignment of points to the 10 slots, for T placements at once: uv is T x n x 2,
    cand n x 10 (may this point take this slot).  Slots lie >= 1.1 apart, so with tol SLOT_TOL a
    point is near at most one slot: it takes that slot, and when two points claim one slot the
    nearer wins (what a greedy nearest-first matching gives).  Returns slot (T x n, -1 for
    none) and residuals (inf)."""
    d = np.linalg.norm(uv[:, :, None, :] - SLOT_UV, axis=3)
    d = np.where(cand, d, 9.0)
    near = d.argmin(2)                                             # T x n
    r = np.take_along_axis(d, near[..., None], 2)[..., 0]
    claim = np.where((r <= tol)[..., None] & (near[..., None] == np.arange(10)), r[..., None], np.inf)
    winner = claim.argmin(1)                                       # T x 10: nearest claimant
    taken = np.isfinite(claim.min(1))
    t_idx, s_idx = np.nonzero(taken)
    slot = np.full(near.shape, -1)
    res = np.full(near.shape, np.inf)
    w = winner[t_idx, s_idx]
    slot[t_idx, w] = s_idx
    res[t_idx, w] = r[t_idx, w]
    return slot, res


def _pitches(xy: np.ndarray, measured_only: bool = False) -> tuple[list[float], list[float], bool]:
    """Column and row pitches (mm) to try, from neighbours, in a frame where rows run along x,
    and whether the row pitch was measured (some pin has a neighbour in the next row).
    The median of the neighbour distances, and each cluster of them that differs from it (two
    touching pins at 62 mm and a pin beside a pile at 106 mm average to a pitch neither
    pair fits), and a half or a third of the distance of two pins with empty slots between
    them (a sparse frame may have no neighbours left, only a row of piles at another pitch); a
    fixed range of gaps when no pair of neighbours is seen, or only one pair, further apart
    than pins are laid (_usual_gap): that pair may be two pile tops -- three touching pins
    and three piles, two of them 112 mm apart beside J, had only that pitch tried, and the
    pins were fitted on a lattice spread to it.  (One pair at a usual gap is kept alone: the
    usual pitches added to it let a touching frame's four pins spread over a column more.)
    measured_only: only the pitches neighbours show, none guessed (lists may be empty)."""
    px, py, px2 = [], [], []
    (lo, hi), across = NEIGHBOURS, NEXT_ROW_ACROSS
    n = len(xy)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            dx, dy = np.abs(xy[j] - xy[i])
            if dy < SAME_ROW * CH and CW * lo < dx < CW * hi:
                px.append(dx)
            elif dy < SAME_ROW * CH and dx >= CW * hi:
                # two pins in a row with one or two empty slots between them
                px2 += [dx / m for m in (2, 3) if CW * lo < dx / m < CW * hi]
            if CH * lo < dy < CH * hi and across[0] * CW < dx < across[1] * CW:
                py.append(dy)
    if measured_only:        # only what neighbouring cards show (no usual gaps guessed)
        return _pitch_tries(px, [], CW), _pitch_tries(py, [], CH), bool(py)
    usual = [CW + g for g in USUAL_GAPS_MM]
    pxs = _pitch_tries(px, usual, CW)
    if len(px) <= 2 and not _usual_gap(pxs[0], CW):      # one pair (seen from both ends), far apart
        pxs += [p for p in usual if _untried(p, pxs)]
    pxs += [p for p in _pitch_tries(px2, [], CW) if _usual_gap(p, CW) and _untried(p, pxs)][:2]
    return pxs, _pitch_tries(py, [CH + g for g in USUAL_ROW_GAPS_MM], CH), bool(py)


def _untried(pitch: float, tried: list[float]) -> bool:
    """Is a pitch more than PITCH_SAME off every pitch already tried?"""
    return min(abs(pitch - q) for q in tried) > PITCH_SAME * pitch


def _usual_gap(pitch: float, card: float) -> bool:
    """Cards laid touching to a few fingers apart.  The extra pitches keep to this: a row of
    piles spread wide gives one too, and with few pins a lattice that wide fits them as well."""
    return card + EXTRA_GAP_MM[0] <= pitch <= card + EXTRA_GAP_MM[1]


def _pitch_tries(dists: list[float], unseen: list[float], card: float) -> list[float]:
    if not dists:
        return unseen
    d = np.sort(dists)
    groups = np.split(d, np.flatnonzero(np.diff(d) > PITCH_CLUSTER * d[:-1]) + 1)
    med = float(np.median(d))
    return [med] + [float(np.median(g)) for g in groups
                    if abs(np.median(g) - med) > PITCH_SAME * med and _usual_gap(float(np.median(g)), card)][:2]


def _pile_zones(u, v, pitch) -> np.ndarray:
    """Where the ball piles can lie (lattice units, pitch = (px, py) mm), as three zones:
    0 beside the narrow end of the triangle (like the mat: beside J and beside I) or in a row
    below J, at most ~1.5 pitch + 50 mm to the side and a card + 120 mm below J (a far, tilted
    photo stretches the fitted distances; the usual row lies within a card + 75 mm,
    PILE_NEAR_MM); 1 and 2 in a row beside the triangle, left or right of it (past that
    1.5 pitch + 50 mm, within SIDE_ROWS rows and SIDE_FAR_MM across: the rules say only that the
    piles run 1, 2, 3 left to right, and players lay the row beside the pins as often as below
    them; a side zone counts only with two piles in it, fit_lattice).  Never where the triangle's own rows lie (a placement putting "piles" there is a
    shifted one), nor on a slot's card where the pins touch.  Returns the zones stacked on a
    new first axis (3 x u's shape)."""
    px, py = pitch
    u, v = np.asarray(u, float), np.asarray(v, float)
    vs = v[..., None]
    du = np.abs(u[..., None] - SLOT_UV[:, 0])
    dv = np.abs(vs - SLOT_UV[:, 1])
    # on no pin slot's own ground: 0.8 pitch from every slot, and in touching layouts (pitch
    # about a card) clear of the slot's card itself
    clear_u = (du >= SLOT_CLEAR) & (du * px >= CW - SLOT_CLEAR_MM)
    # (below J, the last row, only the card itself: no slot lies farther out, and a spread
    # triangle's pile row may lie nearer J than 0.8 of its wide row pitch)
    clear_v = ((dv >= SLOT_CLEAR) | (vs > SLOT_UV[:, 1].max())) & (dv * py >= CH - SLOT_CLEAR_MM)
    outside_triangle = (clear_u | clear_v).all(-1)
    narrow = np.abs(u) * px < NARROW_PITCHES * px + PILE_SIDE_MM
    near = (v > PILE_ROWS_FROM) & narrow & ((v - 3.0) * py < CH + PILE_BELOW_MM) & outside_triangle
    beside = ~narrow & (v > SIDE_ROWS[0]) & (v < SIDE_ROWS[1]) & (np.abs(u) * px < SIDE_FAR_MM) & outside_triangle
    return np.stack([near, beside & (u < 0), beside & (u > 0)])


def _pile_region(u, v, pitch):
    """Where a ball pile can lie (any of _pile_zones' zones)."""
    return _pile_zones(u, v, pitch).any(0)


def _side_row(uv: np.ndarray, idx: list[int], pitch) -> bool:
    """Do the pile cards idx lie in a row beside the triangle (_pile_zones' zone 1 or 2)?"""
    if not idx:
        return False
    z = _pile_zones(uv[idx, 0], uv[idx, 1], pitch)
    return bool(z[1].all() or z[2].all())


def _on_axis(u: np.ndarray, v: np.ndarray, piles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per placement: do its piles (two or more) lie where players lay them against the
    triangle -- a row below J centred on its axis (u = 0: the middle of three, or one of two
    below J, or two mirrored at u = -a and +a, in one row or as the mat's piles 1 and 3), one
    each side of J, or two in one column right of the triangle, beside J and beside I as on
    the mat?  With few pins left, a placement shifted by a column fits the pins as well as
    the true one; the piles' place against the axis tells them apart.  Also how far (column
    pitches, at most 1) the nearest of those centres lies off the axis, 0 unless there are
    two piles: two placements a column apart may both miss AXIS_TOL -- touching pins, piles 1
    and 3 laid wider, their middle 0.2 pitch off and the shifted placement's pile 0.36 -- and
    the nearer is the likelier (two piles only)."""
    n = u.shape[1]
    below = piles & (v > BELOW_J)
    uu, vv = np.where(piles, u, np.nan), np.where(piles, v, np.nan)
    both = ~np.eye(n, dtype=bool)[None] & piles[:, :, None] & piles[:, None, :]
    row_i, row_j = np.abs(vv - 2) < LEVEL_ROWS, np.abs(vv - 3) < LEVEL_ROWS      # level with I, with J
    # a mirrored pair lies in one row too, or as the mat's piles 1 and 3 (left of J, right of
    # I): a pile beside J and one below J a column over are no pair (the placement shifted a
    # column, which two pins and two piles fitted as well)
    level = np.abs(vv[:, :, None] - vv[:, None, :]) < MIRROR_ROWS
    mat_1_3 = (row_j & (uu < 0))[:, :, None] & (row_i & (uu > 0))[:, None, :]
    mirrored = np.where(both & (level | mat_1_3), np.abs(uu[:, :, None] + uu[:, None, :]), np.inf).min((1, 2))
    single = np.where(below, np.abs(u), np.inf).min(1)
    centred = np.minimum(single, mirrored) < AXIS_TOL
    row3 = below.sum(1) >= 3                      # three in a row: their middle on the axis
    mean = np.abs(np.where(below, u, 0.0).sum(1)) / np.maximum(below.sum(1), 1)
    centred = np.where(row3, mean < AXIS_TOL, centred)
    right = (uu > RIGHT_COLUMN)[:, :, None] & (uu > RIGHT_COLUMN)[:, None, :]
    # beside I (row 2) and beside J (row 3): a column a row lower, beside J and below it, is
    # the placement shifted a row, which fitted touching pins A, B, E as E, F, H as well
    mat_rows = row_i[:, :, None] & row_j[:, None, :]
    column = both & right & mat_rows & (np.abs(uu[:, :, None] - uu[:, None, :]) < AXIS_TOL)
    column = column.any((1, 2))
    # the distance only for two piles: three show their arrangement by their places, and a
    # wide one's middle pile may lie half a pitch off, as may the shifted placement's
    off = np.where(column, 0.0, np.minimum(np.minimum(single, mirrored / 2), 1.0))
    return (piles.sum(1) >= 2) & (centred | column), np.where(piles.sum(1) == 2, off, 0.0)


def plausible_standing(slots) -> bool:
    """Could these pins (slot indices 0-9) be the standing set of a frame?  The removed pins of a
    frame are one connected group (every play after the first touches a removed pin) and the
    first play takes neither a back-row pin nor F alone, so the group holds one of E, G, H,
    I, J (assistant.bowling.layout / assistant.bowling.rules)."""
    standing = 0
    for k in slots:
        standing |= 1 << int(k)
    return _plausible_mask(standing)


@functools.lru_cache(maxsize=1024)
def _plausible_mask(standing: int) -> bool:
    """plausible_standing for a bit mask of standing slots (fit_lattice asks it thousands of times)."""
    removed = 1023 & ~standing
    if not removed:
        return True
    if not is_connected(removed):
        return False
    return bool(removed & ~BACK_ROW & ~CENTRE)


def _placements(xy: np.ndarray, ok: np.ndarray, px: float, py: float, top: int = 6, allowed=None):
    """Candidate translations (one card on one slot), ranked by how many cards land on slots;
    the best `top`, or with FEW_CARDS or fewer every one.  (A sparse frame's few pins land
    on slots about as well in many places, at a pitch guessed from few pairs, and the cut
    left out the right one: 2 pins and a lone pile 3 read as 3 pins and no pile even when told
    that pile 3 has a top.  Fitting every one is dearer: the slowest held-out photo, six such
    cards, 0.47 -> 0.59 s; the held-out median did not move, 0.228 -> 0.234 s.)"""
    slot_uv = SLOT_UV if allowed is None else SLOT_UV[allowed]
    P = slot_uv * (px, py)
    anchors = np.flatnonzero(ok)
    if len(anchors) <= FEW_CARDS:
        top = len(anchors) * len(P)
    T = (xy[anchors][:, None, :] - P[None, :, :]).reshape(-1, 2)           # (10 m) x 2
    uv = (xy[ok][None, :, :] - T[:, None, :]) / (px, py)                     # t x n x 2
    d = np.linalg.norm(uv[:, :, None, :] - slot_uv[None, None, :, :], axis=3).min(2)
    hit = d < SLOT_TOL
    score = hit.sum(1) - np.where(hit, d, 0).sum(1) / np.maximum(hit.sum(1), 1)
    order = np.argsort(-score)
    # greedily, best first: a translation within SAME_PLACEMENT of one kept is the same placement
    near = np.linalg.norm(T[order][:, None] - T[order][None], axis=2) < SAME_PLACEMENT * px
    gone = np.zeros(len(order), bool)
    out = []
    for j, i in enumerate(order):
        if not gone[j]:
            out.append(T[i])
            if len(out) >= top:
                break
            gone |= near[j]
    return out


def _score_bound(ok: np.ndarray, pile_ok: np.ndarray, allowed: np.ndarray | None) -> float:
    """The most a placement in one direction can score before its penalty: every possible pin
    on a slot with no residual, and pile bonuses for the square cards left over (an inlier is
    worth 1, a pile 0.5, so more pins is never worse).  fit_lattice skips the two directions
    across the cards' long axis when this cannot come near the best; that saves ~90 % of the
    search, as their pitches are seldom measurable and each tries 20."""
    cap = int((ok | pile_ok).sum())
    nin = min(10 if allowed is None else int(allowed.sum()), int(ok.sum()), cap)
    piles = min(3, cap - nin, int(pile_ok.sum()))
    return nin + PILE_BONUS * piles + AXIS_BONUS * (piles >= 2)


def _main_direction(angles: np.ndarray) -> float:
    """The direction (mod pi) most cards lie in: the circular mean, then the mean again of the
    cards within ~20 degrees of it, then of those within ~10 degrees of that.  Two askew
    discard-heap cards pull the plain mean ~7 degrees off, and over two rows that moves a pin
    a quarter pitch sideways, off its slot; heap cards 18-20 degrees askew still pulled the
    second mean 5 degrees off, and two pins three slots apart then lay 40 mm apart across
    the rows, too far to measure the pitch from (a sparse frame lost two of four pins)."""
    z = np.exp(2j * angles)
    a0 = float(np.angle(np.mean(z)) / 2)
    for tol in DIRECTION_TOLS:
        near = np.abs(np.sin(angles - a0)) < tol
        if near.any():
            a0 = float(np.angle(np.mean(z[near])) / 2)
    return a0


def fit_lattice(mm_xy: np.ndarray, angles: np.ndarray, can_pin: np.ndarray, can_pile: np.ndarray,
                allowed: np.ndarray | None = None, overl_ok: np.ndarray | None = None,
                on_stack: np.ndarray | None = None, record: list | None = None):
    """Best lattice placement. Returns dict with slot per card, uv, score, or None.
    allowed: optional bool per slot A-J (the standing pins the caller already knows); cards
    are then placed on those slots only.  on_stack: cards seen lying on a face-down stack
    (recognizer.stacks) -- most likely pile tops, which show the player's side: a placement
    that makes one a pin, or leaves it outside the pile zone lying square as a pile top lies,
    is penalised (the discard heap's cards lie on cards too, mostly askew).  (A penalty, not
    a ban: the cue now and then fires on a pin, and then the rest of the fit outvotes it.)
    record: a list to which every batch of placements tried is appended, unpruned, as (its
    score terms T x len(SCORE_TERMS), its scores, its slot per card T x n), for
    tools/fit_layout_weights.py."""
    on_stack = np.zeros(len(mm_xy), bool) if on_stack is None else np.asarray(on_stack, bool)
    if can_pin.sum() == 0:
        return None
    a0 = _main_direction(angles[can_pin])
    best = None
    alt = {}                                   # best score of every other labelling
    for k, across in ((0, False), (1, False), (0.5, True), (1.5, True)):
        # y axis (towards the player) along the cards' long axis, or across it
        ay = a0 + k * math.pi
        ey = np.array([math.cos(ay), math.sin(ay)])
        # image and table frames are both y-down (as on the mat), so the player's right is
        # the direction "towards the player" turned by -90 degrees
        ex = np.array([ey[1], -ey[0]])
        xy = np.stack([mm_xy @ ex, mm_xy @ ey], 1)
        sq = np.abs(np.sin(angles - ay)) < SQUARE_TOL        # lying square to this direction
        if not across:       # pins lie with their long side towards the player, within ~20 deg
            ok = can_pin & sq
        else:
            ok = can_pin & (np.abs(np.cos(angles - ay)) < SQUARE_TOL)
        if ok.sum() == 0:
            continue
        bound = _score_bound(ok, can_pile & sq, allowed) - ACROSS_COST * across
        if best is not None and bound < best["score"] - GUESS_MARGIN and record is None:
            continue     # cannot win, nor come near enough to make the winner a guess
        # pile tops seen on their stacks neither set the pitch nor anchor a placement (a row
        # of them looks like a row of pins), unless too few other cards are left
        free = ok & ~on_stack
        pxs, pys, rows_seen = _pitches(xy[free] if free.sum() >= 2 else xy[ok])
        if free.sum() >= 2 and on_stack[ok].sum() >= 2:
            # the cue now and then flags pins (two touching pins, each taking the other's edge
            # for a stack's): the flagged cards' own pitches are tried too, after the others
            pxa, pya, seen_a = _pitches(xy[ok & on_stack], measured_only=True)
            pxs += [p for p in pxa if _untried(p, pxs)]
            pys += [p for p in pya if _untried(p, pys)]
            rows_seen = rows_seen or seen_a
        for px in pxs:
            for py in pys:
                # a row pitch no two pins show is a guess: players space rows about as they
                # space a row's cards, and a row pitch stretched to put a pile on J's slot (only
                # the back row left, a row of piles below) fits as many cards otherwise
                row_gap = 0.0 if rows_seen else abs((py - CH) - (px - CW))
                ts = _placements(xy, ok, px, py, allowed=allowed)
                if free.any() and on_stack[ok].any():
                    kept = np.array(ts)
                    ts += [t for t in _placements(xy, free, px, py, top=3, allowed=allowed)
                           if (np.abs(kept - t).max(1) > SAME_PLACEMENT * px).all()]
                ts = np.array(ts)
                cand = np.repeat(ok[:, None], 10, 1)
                if allowed is not None:
                    cand &= allowed[None, :]
                # every placement at once: anchor, re-centre on its inliers, assign again
                slot, _ = _assign_many((xy - ts[:, None]) / (px, py), cand)
                hit = (slot >= 0).any(1)
                ts, slot = ts[hit], slot[hit]
                inl = slot >= 0
                if not len(ts):
                    continue
                off = np.where(inl[..., None], xy - SLOT_UV[np.maximum(slot, 0)] * (px, py), 0.0)
                t2 = off.sum(1) / inl.sum(1)[:, None]
                uv = (xy - t2[:, None]) / (px, py)
                slot, res = _assign_many(uv, cand)
                inl = slot >= 0
                nin = inl.sum(1)
                mres = np.where(nin > 0, np.where(inl, res, 0.0).sum(1) / np.maximum(nin, 1), 1.0)
                u, v = uv[..., 0], uv[..., 1]
                # piles: face-up cards on the player's side that are not pins, lying square
                rest = ~inl & can_pile & sq
                # the piles lie in one zone: below / beside the narrow end, or in a row left
                # or right of the triangle; the zone holding most square cards left over
                # (ties: the first) is the placement's, and cards in the others are no piles
                zones = _pile_zones(u, v, (px, py))
                counts = (rest[None] & zones).sum(2)                      # zone x placement
                counts[1:] *= counts[1:] >= 2           # a side row takes two piles: one card is no row
                zone_of = counts.argmax(0)                                # per placement
                zone = zones[zone_of, np.arange(len(ts))]
                # piles in the usual place count fully, the far band (far photos) half
                near = zone & (((v - 3.0) * py < CH + PILE_NEAR_MM) | (zone_of > 0)[:, None])
                in_zone = rest & zone
                tops = in_zone.sum(1)
                piles_here = 0.5 * tops + 0.5 * (rest & near).sum(1)
                far = (rest & (v < BEYOND_BACK_ROW)).sum(1)
                # a clean square card beside the pins' rows is neither pin nor pile: unlikely
                stray = (rest & (overl_ok if overl_ok is not None else True) & (v >= BEYOND_BACK_ROW)
                         & (v <= PILE_ROWS_FROM) & (np.abs(u) * px < NARROW_PITCHES * px + PILE_SIDE_MM)).sum(1)
                stack_pin = (on_stack & inl).sum(1)
                # only a card lying square can be a pile top: one on cards but askew is the
                # discard heap's, and must not turn the placement towards it
                stack_out = (on_stack & sq & ~inl & ~zone).sum(1)
                axis, off_axis = _on_axis(u, v, in_zone)
                # pins ~8 mm off their slots on average: the pitch or the rows are wrong, and three
                # cards strained onto slots outscored two laid exactly beside a row of piles
                terms = np.stack(np.broadcast_arrays(
                    nin, mres, np.maximum(mres - RESIDUAL_USUAL, 0.0), float(across), row_gap, np.minimum(piles_here, 3),
                    far, axis, off_axis, zone_of > 0, stray, stack_pin, stack_out), 1).astype(np.float64)
                scores = terms @ SCORE_WEIGHTS
                masks = np.where(inl, 1 << np.maximum(slot, 0), 0).sum(1)
                for j in range(len(ts)):
                    if allowed is None:
                        # a standing set no sequence of legal plays leaves, or more piles used up
                        # than the pins down allow: counted once (one card missed does either)
                        scores[j] -= max(RULES_PENALTY * (not _plausible_mask(int(masks[j]))),
                                         TOPS_PENALTY * (tops[j] < TOPS_NEEDED[10 - int(nin[j])]))
                    score = float(scores[j])
                    key = tuple(slot[j].tolist())
                    if key not in alt or score > alt[key]["score"] + 1e-9:
                        alt[key] = dict(score=score, slot=slot[j].copy(), uv=uv[j].copy(), inliers=int(nin[j]),
                                        residual=float(mres[j]), pitch=(px, py), axis=(ex, ey), t=t2[j], ay=ay,
                                        zone=int(zone_of[j]))
                    if best is None or score > best["score"] + 1e-9:
                        best = alt[key]
                if record is not None:
                    record.append((terms, scores, slot))
    if best is not None:
        mine = tuple(best["slot"].tolist())
        others = sorted((v for kk, v in alt.items() if kk != mine and sum(x >= 0 for x in kk) > 0),
                        key=lambda v: -v["score"])
        best["margin"] = best["score"] - others[0]["score"] if others else NO_RIVAL
        best["near"] = [v for v in others if v["score"] > best["score"] - DISPUTE_WINDOW][:DISPUTES]
        # the other labellings nearly as good: what the prior's pile tops may choose between
        best["rivals"] = [v for v in others if v["score"] > best["score"] - GUESS_MARGIN]
    return best


def _beside_i(p) -> bool:
    return p[1] < BESIDE_I[0] and p[0] > BESIDE_I[1]


def _beside_j(p) -> bool:
    """A pile at J's height, left or right of it (not beside I)."""
    return p[1] < BELOW_J and abs(p[0]) > BESIDE_J and not _beside_i(p)


def assign_piles(uv: np.ndarray, idx: list[int], pitch=None) -> dict[int, str]:
    """Pile number for each pile card (indices into uv), numbered as the player sees them.
    With a pile empty the arrangement decides the numbers: piles in a row below J (1, 2, 3),
    beside the narrow end as on the mat (1 left of J, 2 right of J, 3 right of I), or "wide"
    (1 left of J, 2 below J, 3 right of J).  A card beside J together with one below J can
    only be the wide one; a lone card right of J is taken as the mat's pile 2.  All three
    are named by their places too: on the mat, pile 2 right of J lies about as far across
    as pile 3 right of I, and the order across alone swapped them."""
    if not idx:
        return {}
    if len(idx) > 3:
        idx = sorted(idx, key=lambda i: uv[i, 0] - LEFT_TO_RIGHT_TILT * uv[i, 1])[:3]
    if pitch is not None and _side_row(uv, idx, pitch):
        # a row beside the triangle: 1, 2, 3 from the player's left; with piles used up the
        # smallest pile (3, two cards) empties first, so the ones left are 1 (and 2)
        return {i: str(n + 1) for n, i in enumerate(sorted(idx, key=lambda i: uv[i, 0]))}
    out = {}
    beside_j = [i for i in idx if _beside_j(uv[i])]
    below_j = [i for i in idx if uv[i, 1] >= BELOW_J]
    wide = bool(beside_j and below_j)   # one beside J and one below it: 1 left, 2 below, 3 right
    for i in idx:
        u, v = uv[i]
        if _beside_i(uv[i]):
            out[i] = "3"                    # beside I, as on the mat
        elif i in beside_j:
            out[i] = "1" if u < 0 else "3" if wide else "2"   # beside J
        elif wide:
            out[i] = "2"
        else:
            out[i] = "1" if u < -MIDDLE_PILE else "2" if u <= MIDDLE_PILE else "3"
    if pitch is not None and not wide and sorted(out.values()) == ["1", "3"] and not any(_beside_i(uv[i]) for i in out):
        # piles 1 and 3 have pile 2 between them, so they lie two card widths apart at least:
        # two closer are neighbours, and the one nearer the axis below J is pile 2
        a, b = sorted(out, key=lambda i: uv[i, 0])
        if (uv[b, 0] - uv[a, 0]) * pitch[0] < 2 * CW:
            two = min((a, b), key=lambda i: abs(uv[i, 0]))
            out = {a: "1", b: "2"} if two == b else {a: "2", b: "3"}
    if len(set(out.values())) < len(out):   # two in one place: fall back to left-to-right
        order = sorted(out, key=lambda i: uv[i, 0] - LEFT_TO_RIGHT_TILT * uv[i, 1])
        names = sorted(out.values())
        if len(set(names)) < len(names):
            names = {1: ["2"], 2: ["1", "3"], 3: ["1", "2", "3"]}[len(order)]
        out = dict(zip(order, names))
    return out


def pile_number_unsure(uv: np.ndarray, idx: list[int], pitch=None) -> bool:
    """Did assign_piles have to guess?  A pile right of J with none below J and none beside I
    is pile 2 when the piles lie as on the mat (pile 3 beside I, empty) but pile 3 when they
    lie wide (pile 2 below J, empty); the photo cannot tell, the tracker can."""
    if pitch is not None and _side_row(uv, idx, pitch):
        return False        # a side row's numbers are guessed only with a pile empty (fit_layout)
    right_of_j = any(_beside_j(uv[i]) and uv[i, 0] > 0 for i in idx)
    others_placed = any(uv[i, 1] >= BELOW_J or _beside_i(uv[i]) for i in idx)
    return right_of_j and not others_placed


def pile_3_may_be_right_of_j(roles: list, pos: list, pins_down: int) -> bool:
    """Can the pile named 2 (right of J, pile_number_unsure) be pile 3 with pile 2 used up, as
    the rules count?  Piles 1 and 2 empty take 6 pins down, pile 1 and 3 empty only 5
    (assistant.bowling.state.pins_to_empty): with 5 pins down the mat's reading is the only one."""
    named = {p for r, p in zip(roles, pos) if r == "pile"}
    swapped = {"3" if p == "2" else p for p in named}
    return pins_to_empty(int(k) for k in "123" if k not in swapped) <= pins_down


def check_expect(expect) -> tuple[np.ndarray | None, list[bool] | None]:
    """Validate recognize()'s expect prior -> (allowed slots A-J as bools or None, piles or None)."""
    if expect is None:
        return None, None
    if not isinstance(expect, dict) or set(expect) - {"standing", "piles"}:
        raise ValueError('expect must be a dict with the keys "standing" and/or "piles"')
    allowed = None
    if expect.get("standing") is not None:
        st = [str(k).upper() for k in expect["standing"]]
        if any(k not in LETTERS for k in st):
            raise ValueError(f"expect standing: pin letters A-J only, got {expect['standing']!r}")
        allowed = np.array([k in st for k in LETTERS])
    piles = None
    if expect.get("piles") is not None:
        piles = [bool(x) for x in expect["piles"]]
        if len(piles) != 3:
            raise ValueError("expect piles: three booleans (pile 1, 2, 3 has a face-up top)")
    return allowed, piles


def _name_piles(uv: np.ndarray, idx: list[int], piles: list[bool] | None, pitch=None) -> dict[int, str]:
    """assign_piles, restricted to the piles the caller says have a top."""
    if piles is None:
        return assign_piles(uv, idx, pitch)
    names = [str(k + 1) for k in range(3) if piles[k]]
    idx = sorted(idx, key=lambda i: uv[i, 0] - LEFT_TO_RIGHT_TILT * uv[i, 1])
    if len(idx) > len(names):       # keep the ones nearest the triangle's player side
        keep = sorted(idx, key=lambda i: abs(uv[i, 1] - PILE_ROW) + PILE_ROW_ACROSS * abs(uv[i, 0]))[:len(names)]
        idx = [i for i in idx if i in keep]
    guess = assign_piles(uv, idx, pitch)
    if pitch is not None and _side_row(uv, idx, pitch):
        guess = dict(zip(sorted(idx, key=lambda i: uv[i, 0]), names))
    if set(guess.values()) <= set(names) and len(set(guess.values())) == len(guess):
        return guess
    if len(idx) == len(names):
        return dict(zip(idx, names))
    # fewer tops found than expected: keep the left-to-right order, spread over the names
    pos = np.round(np.linspace(0, len(names) - 1, len(idx))).astype(int) if len(idx) > 1 else [0]
    if len(idx) == 1:
        g = guess.get(idx[0])
        return {idx[0]: g if g in names else names[0]}
    return {i: names[p] for i, p in zip(idx, pos)}


def fit_layout(quads: list[np.ndarray], faceup: list[bool], numbered: list[bool],
               backs: list[np.ndarray] | None = None, mat_h: np.ndarray | None = None,
               expect: dict | None = None, on_stack: list[bool] | None = None,
               doubtful: list[bool] | None = None, record: list | None = None) -> Placement:
    """Roles for the cards with these outlines (image px).  faceup: a card face (number or
    court); numbered: a number card that can be a pin.  mat_h: mat mm -> image px, if found.
    expect: optional {"standing": [letters], "piles": [bool, bool, bool]} known by the caller
    (see recognize); only placements with pins on standing slots are fitted.  on_stack: per
    card, does it lie on a face-down stack (a pile top; see recognizer.stacks).  doubtful: per
    card, is it numbered only as a picture read with doubt (recognizer.pipeline._may_be_pin).
    record: fit_lattice's (tools/fit_layout_weights.py)."""
    allowed, exp_piles = check_expect(expect)
    n = len(quads)
    roles = ["outside"] * n
    pos: list[str | None] = [None] * n
    warns: list[str] = []
    if n == 0:
        return Placement(roles, pos, warnings=["no cards"])
    quads = [np.asarray(q, np.float64) for q in quads]
    overl = _overlaps(quads)
    if mat_h is not None:
        Hi = np.linalg.inv(mat_h)
        mm = np.array([cv2.perspectiveTransform(q.reshape(-1, 1, 2), Hi).reshape(4, 2) for q in quads])
        c = mm.mean(1)
        slots = {**ML.PIN_SLOTS, **ML.PILE_SLOTS}
        names = list(slots)
        sc = np.array([slots[k] for k in names])
        taken = {}
        for i in np.argsort(overl):
            if not faceup[i]:
                continue
            d = np.linalg.norm(sc - c[i], axis=1)
            j = int(np.argmin(d))
            if allowed is not None and names[j] in ML.PIN_SLOTS and not allowed[LETTERS.index(names[j])]:
                continue
            if exp_piles is not None and names[j] in ML.PILE_SLOTS and not exp_piles[int(names[j]) - 1]:
                continue
            if d[j] < MAT_SLOT_TOL * CW and names[j] not in taken and (numbered[i] or names[j] in ML.PILE_SLOTS):
                if names[j] in ML.PIN_SLOTS and overl[i] > MAT_PIN_OVERLAP:
                    continue
                taken[names[j]] = i
                roles[i] = "pin" if names[j] in ML.PIN_SLOTS else "pile"
                pos[i] = names[j]
        slots_mm = {k: np.array(ML.slot_corners_mm(k), np.float64) for k in ML.PIN_SLOTS}
        return Placement(roles, pos, plane=Hi, inliers=sum(r == "pin" for r in roles), warnings=warns,
                         slots_mm=slots_mm)

    good = [i for i in range(n) if faceup[i]]
    if not good:
        return Placement(roles, pos, warnings=["no face-up cards"])
    clean = [i for i in good if overl[i] < PIN_OVERLAP] or good
    Hi = table_plane([quads[i] for i in clean])
    mm = np.array([cv2.perspectiveTransform(q.reshape(-1, 1, 2), Hi).reshape(4, 2) for q in quads])
    xy = mm.mean(1)
    ang = _angles(mm)
    faceup = np.array(faceup)
    can_pin = np.array(numbered) & (overl < PIN_OVERLAP)
    # only a card that may be a pin may be a pile top: the deal has no picture card, and one
    # counted as a pile in the fit (then dropped by pile_cards) paid a shifted placement its
    # bonuses -- a king lying square beside the pins made pins A, B, E read F, G, I
    can_pile = faceup & np.asarray(numbered, bool) & (overl < PILE_OVERLAP)
    if allowed is not None and not allowed.any():
        can_pin = np.zeros(n, bool)
    on_stack = np.zeros(n, bool) if on_stack is None else np.asarray(on_stack, bool)
    # the stack cue only for whole cards that may be pile tops: a piece of the discard heap
    # found as a "card" lies on cards too, and so may a clear picture card (never a ball card);
    # either would pull the lattice towards it as if it were a pile top
    on_stack = on_stack & np.array([card_sized(q) for q in mm]) & np.asarray(numbered, bool)
    best = fit_lattice(xy, ang, can_pin, can_pile, allowed, overl < PIN_OVERLAP, on_stack, record)
    if best is None:
        return Placement(roles, pos, plane=Hi, warnings=["no pins found"])

    def pile_cards(fit: dict) -> list[int]:
        fslot, fuv = fit["slot"], fit["uv"]
        region = _pile_zones(fuv[:, 0], fuv[:, 1], fit["pitch"])[fit.get("zone", 0)]
        idx = [i for i in range(n) if fslot[i] < 0 and can_pile[i] and numbered[i] and region[i]]
        # a pile top is a single card; a heap of overlapping cards is the discard pile
        idx = [i for i in idx if overl[i] < TOP_OVERLAP and abs(math.sin(ang[i] - fit["ay"])) < SQUARE_TOL]
        if len(idx) > 3:
            # keep those in the pile zone, then number cards (a ball card is one; a patch of
            # glare beside I read as an ornate ace pushed a real top out of the row), then
            # those seen on a face-down stack, then the nearest the triangle's player side (a
            # loose picture card beside J, its border taken for a stack's edge, is nearer
            # than a pile far out in the row)
            idx = sorted(idx, key=lambda i: (not region[i], bool(doubtful and doubtful[i]), not on_stack[i],
                                             abs(fuv[i, 1] - PILE_ROW) + PILE_ROW_ACROSS * abs(fuv[i, 0])))[:3]
        return idx

    fit, pile_idx = best, pile_cards(best)
    if exp_piles is not None:
        fit, pile_idx = _agreeing_fit(best, pile_idx, pile_cards, exp_piles)
    slot, uv = fit["slot"], fit["uv"]
    for i in np.flatnonzero(slot >= 0):
        roles[i], pos[i] = "pin", LETTERS[slot[i]]
    for i, name in _name_piles(uv, pile_idx, exp_piles, fit["pitch"]).items():
        roles[i], pos[i] = "pile", name
    letters_guessed = best.get("margin", NO_RIVAL) < GUESS_MARGIN and allowed is None
    pins_down = len(LETTERS) - (int(np.sum(allowed)) if allowed is not None else int(np.sum(slot >= 0)))
    side_short = _side_row(uv, pile_idx, fit["pitch"]) and len(pile_idx) < 3
    pile_guessed = exp_piles is None and (side_short or (pile_number_unsure(uv, pile_idx, fit["pitch"])
                                                         and pile_3_may_be_right_of_j(roles, pos, pins_down)))
    if letters_guessed:
        warns.append("few cards to place: the pin letters are a guess, please check them on the overlay")
    if pile_guessed and side_short:
        warns.append(f"piles {' and '.join(sorted(pos[i] for i in pile_idx))} are numbered from the player's left in "
                     "their row beside the pins; with a pile used up the numbers are a guess, please check them")
    elif pile_guessed:
        warns.append("the pile right of J is taken as pile 2, as on the mat; if pile 2 is empty "
                     "and this is pile 3, please correct it")
    disputes = []
    for other in (best.get("near", []) if allowed is None else []):
        # what another placement nearly as good would call each card: where it differs, the
        # photo's fit alone chose (recognize doubts those cards when the lead is small)
        o_roles, o_pos = ["outside"] * n, [None] * n
        for i in np.flatnonzero(other["slot"] >= 0):
            o_roles[i], o_pos[i] = "pin", LETTERS[other["slot"][i]]
        for i, name in _name_piles(other["uv"], pile_cards(other), exp_piles, other["pitch"]).items():
            o_roles[i], o_pos[i] = "pile", name
        moved = [i for i in range(n) if (roles[i], pos[i]) != (o_roles[i], o_pos[i])]
        if moved:
            disputes.append((best["score"] - other["score"], moved, [(o_roles[i], o_pos[i]) for i in moved]))
    return Placement(roles, pos, plane=Hi, uv=uv, inliers=fit["inliers"], residual=fit["residual"], warnings=warns,
                     slots_mm=lattice_slots_mm(fit), lattice={k: fit[k] for k in ("axis", "pitch", "t")},
                     guessed=letters_guessed or pile_guessed, letters_guessed=letters_guessed,
                     margin=float(best.get("margin", NO_RIVAL)), disputes=disputes)


def in_pile_zone(lattice: dict, xy_mm: np.ndarray) -> bool:
    """Does the point xy_mm (table mm) lie where a ball pile can lie for this fitted lattice
    (Placement.lattice; see _pile_region)?"""
    ex, ey = lattice["axis"]
    u, v = (np.array([xy_mm @ ex, xy_mm @ ey]) - lattice["t"]) / lattice["pitch"]
    return bool(_pile_region(u, v, lattice["pitch"]))


def _agreeing_fit(best: dict, own: list[int], pile_cards, exp_piles: list[bool]) -> tuple[dict, list[int]]:
    """Of the best placement (its pile cards `own`) and its near rivals with as many pins, the
    first whose pile tops lie where the piles the caller knows of lie (assign_piles names them
    so); else the best.  When the best shows fewer tops than the caller knows of, it may have
    taken a top for a pin: rivals with as many fewer pins may then win (two pins and a lone
    pile 3 were read as three pins and no pile, though the caller said pile 3 has a top).
    Two pins and two piles fit turned round nearly as well as the right way, and only the
    piles' places tell the ways apart: piles 2 and 3 beside the pins lie right of J and I."""
    want = {str(k + 1) for k in range(3) if exp_piles[k]}
    agrees = lambda fit, idx: bool(idx) and set(assign_piles(fit["uv"], idx, fit["pitch"]).values()) == want  # noqa: E731
    if not agrees(best, own):
        fewest = best["inliers"] - max(0, len(want) - len(own))
        for fit in (r for r in best.get("rivals", []) if r["inliers"] >= fewest):
            idx = pile_cards(fit)
            if agrees(fit, idx):
                return fit, idx
    return best, own


def lattice_slots_mm(best: dict) -> dict[str, np.ndarray]:
    """Every pin slot's card outline (TL, TR, BR, BL as the player sees it) in table mm."""
    ex, ey = best["axis"]
    px, py = best["pitch"]
    t = best["t"]
    out = {}
    for k, (u, v) in zip(LETTERS, SLOT_UV):
        x, y = t[0] + u * px, t[1] + v * py
        ctr = x * ex + y * ey
        out[k] = np.array([ctr + sx * CW / 2 * ex + sy * CH / 2 * ey
                           for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    return out
