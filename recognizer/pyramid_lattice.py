"""The pyramid's lattice fitted from the whole cards that card finding outlines (RANSAC).

A pyramid is a 2D lattice: rows `pitch_y` apart, cards of a row `pitch_x` apart, each row
offset by half a pitch.  Every card lies the same way round.  So the cards found whole (the
exposed ones: the bottom row and any card whose coverers are gone) fix the lattice once two
of them are known to be lattice neighbours:

  1. each found outline, with either short side as its top, is a reference frame (table mm,
     its centre the origin, a card 63 x 88 mm);
  2. every other outline lying the same way round and card-sized in that frame proposes
     the lattice steps that would take the reference card to it ((dr rows, dk half pitches):
     pitch_x = 2 dx / dk, pitch_y = dy / dr, within a pyramid's bounds);
  3. a proposal's support is how many outlines then sit on a lattice node; the best
     proposals are refitted to all their outlines' corners (homography and pitches in turn),
     so the table's perspective is fitted across the pyramid, not extrapolated from one card.

`fit_lattices` returns these hypotheses; pyramid_layout places the 7 rows on them (which
node is the apex) by the top edges seen at every predicted place, never needing card
finding to outline a covered card.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.pyramid.rules import ROWS

CARD_W, CARD_H = 63.0, 88.0
COVER_RANGE = (0.35, 0.65)   # share of a card's height the next row may cover
GAP_MAX = 14.0               # mm between two cards of a row at most
PX_RANGE = (CARD_W + 0.5, CARD_W + GAP_MAX)                       # mm from card to card in a row
PY_RANGE = (CARD_H * (1 - COVER_RANGE[1]) - 2, CARD_H * (1 - COVER_RANGE[0]) + 2)   # row to row
MAX_DR, MAX_DK = 6, 12        # two cards of one pyramid are at most this many rows / half pitches apart
SIZE_TOL = 0.25               # an outline is card-sized in a frame within this share of each side
# a covered card's visible top is a row step deep (the outline a little less, the shortest
# row step a quarter less at SIZE_TOL); a card found whole is deeper than the deepest step
STRIP_DEPTH = (PY_RANGE[0] * (1 - SIZE_TOL), PY_RANGE[1])
AXIS_COS = 0.94               # ... and lies the same way round (its long side within ~20 deg of the frame's)
NODE_TOL = 7.0                # mm an outline's centre may lie off its node (the reference frame extrapolates)
NODE_TOL_FIT = 4.0            # ... once the lattice is refitted to its outlines
REFINE = 3                    # refit rounds
# find_cards' outline lies inside a card's edges: a whole card is this much larger across and
# along than its outline (tools/fit_pyramid_outline_scale.py over the development renders)
OUTLINE_GROW = (1.050, 1.027)
OUT_W, OUT_H = CARD_W / OUTLINE_GROW[0], CARD_H / OUTLINE_GROW[1]   # an outline's size in table mm
MIN_NODES = 3                 # a lattice rests on this many outlines at least (two may be a card and a piece of it)
KEEP = 3                      # hypotheses returned (best support first), each with its mirror
REFIT_TRIES = 16              # hypotheses refitted (the most outlines on nodes first)


def card_corners(x: float, y: float, w: float = CARD_W, h: float = CARD_H) -> np.ndarray:
    return np.array([[x - w / 2, y - h / 2], [x + w / 2, y - h / 2],
                     [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]])


def to_photo(H: np.ndarray, pts) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), H).reshape(-1, 2)


def valid_place(dr: int, k: int, top: int, k_apex: int) -> str | None:
    """The place "r.c" lattice node (dr, k) is with the apex at (top, k_apex), or None."""
    r = dr - top + 1
    if not 1 <= r <= ROWS or (k - k_apex + r - 1) % 2:
        return None
    c = (k - k_apex + r - 1) // 2 + 1
    return f"{r}.{c}" if 1 <= c <= r else None


def apexes(nodes) -> list[tuple[int, int, int]]:
    """(how many of the nodes are places, top, k_apex) for every apex node keeping at least
    one of the nodes (dr, k) on a place."""
    nodes = np.array(list(nodes), dtype=np.int64).reshape(-1, 2)
    if not len(nodes):
        return []
    drs, ks = nodes[:, 0], nodes[:, 1]
    # valid_place for every (top, k_apex, node) at once (it ran some 600,000 times a photo)
    tops = np.arange(drs.max() - ROWS + 1, drs.min() + 1)[:, None, None]
    k_apexes = np.arange(ks.min() - 2 * ROWS, ks.max() + 2 * ROWS + 1)[None, :, None]
    r = drs - tops + 1                               # the node's row for each apex
    j = ks - k_apexes + r - 1                        # twice (its column - 1)
    n = ((r >= 1) & (r <= ROWS) & (j % 2 == 0) & (j >= 0) & (j <= 2 * (r - 1))).sum(-1)
    keep = ((k_apexes[..., 0] - tops[..., 0]) % 2 == 0) & (n > 0)
    return [(int(n[a, b]), int(tops[a, 0, 0]), int(k_apexes[0, b, 0])) for a, b in zip(*np.nonzero(keep))]


def in_pyramid(nodes: dict) -> dict:
    """The nodes (outline -> (dr, k)) one pyramid can hold, for the apex holding the most."""
    cands = apexes(nodes.values())
    if not cands:
        return {}
    _, top, k_apex = max(cands)
    return {i: n for i, n in nodes.items() if valid_place(*n, top, k_apex) is not None}

@dataclass
class Lattice:
    H: np.ndarray                          # table mm -> photo px; node (0, 0) at the origin
    pitch_x: float
    pitch_y: float
    nodes: dict[int, tuple[int, int]]      # outline index -> its node (dr, k)
    py_known: bool                         # False: every outline on one row, pitch_y a default
    support: float

    def centre(self, dr: int, k: int) -> tuple[float, float]:
        return k * self.pitch_x / 2, dr * self.pitch_y


def _frames(quad: np.ndarray) -> list[np.ndarray]:
    """Frames card mm -> photo px of a whole card's outline, either short side on top (corners
    come clockwise, the first edge short): its homography, exact near the card, and the
    affine map closest to its corners.  One outline's perspective is noisy (its foreshortening
    over a card's height, a few per cent, sets where cards three rows away fall): on a steep
    view the affine frame puts the far outlines nearer their nodes; the lattice's refit then
    takes the perspective from all the outlines on it."""
    q = np.asarray(quad, np.float64)
    src = card_corners(0, 0, OUT_W, OUT_H)
    out = []
    for top in (0, 2):
        dst = np.array([q[(top + i) % 4] for i in range(4)])
        H, _ = cv2.findHomography(src, dst, 0)
        if H is not None:
            out.append(H)
        A = np.linalg.lstsq(np.hstack([src, np.ones((4, 1))]), dst, rcond=None)[0].T      # 2 x 3
        out.append(np.vstack([A, [0.0, 0.0, 1.0]]))
    return out


def _in_frame(Hinv: np.ndarray, quads: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Outlines seen in a frame: (the centres in mm of the cards they show, their depths in
    mm), one row each.  A whole card lying the frame's way is OUT_H deep; a covered card's
    visible top (card-wide, as deep as a row step, STRIP_DEPTH: the next row hides the rest)
    shows its card's top edge, the card's centre OUT_H / 2 below it.  Depth NaN: neither (the
    centre is the outline's).  All outlines at once: fit_lattices looks at every outline in
    some hundred frames a photo."""
    n = len(quads)
    if n == 0:
        return np.zeros((0, 2)), np.zeros(0)
    p = to_photo(Hinv, np.concatenate([np.asarray(q, np.float64).reshape(4, 2) for q in quads])).reshape(n, 4, 2)
    c = p.mean(1)
    sides = np.roll(p, -1, 1) - p
    lens = np.linalg.norm(sides, axis=2)
    a, b = (lens[:, 0] + lens[:, 2]) / 2, (lens[:, 1] + lens[:, 3]) / 2
    short, long_ = np.minimum(a, b), np.maximum(a, b)
    i = np.argmax(lens, axis=1)
    rows = np.arange(n)
    along = np.abs(sides[rows, i, 1]) / np.maximum(lens[rows, i], 1e-9)   # the longest side's cosine to y
    card = (np.abs(short / OUT_W - 1) < SIZE_TOL) & (np.abs(long_ / OUT_H - 1) < SIZE_TOL)
    strip = ~card & (np.abs(long_ / OUT_W - 1) < SIZE_TOL) & (STRIP_DEPTH[0] <= short) & (short <= STRIP_DEPTH[1]) \
        & (np.sqrt(np.clip(1 - along ** 2, 0, None)) > AXIS_COS)
    depth = np.full(n, np.nan)
    depth[card & (along > AXIS_COS)] = OUT_H
    depth[strip] = short[strip]
    c[strip, 1] += (OUT_H - short[strip]) / 2
    return c, depth


def _outline_mm(x: float, y: float, depth: float) -> np.ndarray:
    """The corners TL, TR, BR, BL (mm) of the outline `depth` deep of the card centred at
    (x, y): its whole outline (depth OUT_H) or its visible top."""
    top = y - OUT_H / 2
    return np.array([[x - OUT_W / 2, top], [x + OUT_W / 2, top], [x + OUT_W / 2, top + depth], [x - OUT_W / 2, top + depth]])


def _nearest_node(c: np.ndarray, px: float, py: float) -> tuple[int, int, float]:
    """The lattice node nearest to a point (mm): (dr, k, distance); k has dr's parity."""
    dr = int(round(c[1] / py))
    k = c[0] / (px / 2)
    k0 = int(np.floor(k))
    k = k0 if (k0 - dr) % 2 == 0 else k0 + 1
    if abs(c[0] - (k + 2) * px / 2) < abs(c[0] - k * px / 2):
        k += 2
    if abs(c[0] - (k - 2) * px / 2) < abs(c[0] - k * px / 2):
        k -= 2
    return dr, k, float(np.hypot(c[0] - k * px / 2, c[1] - dr * py))


def _assign(centres: dict[int, np.ndarray], px: float, py: float, tol: float) -> dict[int, tuple[int, int]]:
    """Outlines on a node within tol mm, one outline a node (the nearest)."""
    best: dict[tuple[int, int], tuple[float, int]] = {}
    for i, c in centres.items():
        dr, k, d = _nearest_node(c, px, py)
        if d > tol or abs(dr) > MAX_DR or abs(k) > MAX_DK:
            continue
        if (dr, k) not in best or d < best[(dr, k)][0]:
            best[(dr, k)] = (d, i)
    return {i: node for node, (_, i) in best.items()}


def _matched_corners(H: np.ndarray, quads: list, at: np.ndarray, depths: np.ndarray) -> np.ndarray:
    """Each outline's corners in the order TL, TR, BR, BL of the outline `depth` deep of the
    card at `at` (mm) through H: (n, 4, 2)."""
    want = to_photo(H, np.concatenate([_outline_mm(x, y, d) for (x, y), d in zip(at, depths)])).reshape(-1, 4, 2)
    q = np.array([np.asarray(qq, np.float64).reshape(4, 2) for qq in quads])
    rolls = np.stack([np.roll(q, -r, 1) for r in range(4)], 1)             # (n, roll, corner, xy)
    cost = np.linalg.norm(rolls - want[:, None], axis=3).sum(2)
    return rolls[np.arange(len(q)), np.argmin(cost, axis=1)]


def _refit(H: np.ndarray, quads: list, nodes: dict, px: float, py: float) -> tuple[np.ndarray, float, float]:
    """Homography from every node's outline corners (a whole card's, or a covered card's
    visible top at the depth it shows), then the pitches from the cards' centres seen through
    it (a straight-line fit over the nodes)."""
    mine = [quads[i] for i in nodes]
    at = np.array([(k * px / 2, dr * py) for dr, k in nodes.values()])
    depths = np.nan_to_num(_in_frame(np.linalg.inv(H), mine)[1], nan=OUT_H)
    src = np.concatenate([_outline_mm(x, y, d) for (x, y), d in zip(at, depths)])
    dst = _matched_corners(H, mine, at, depths).reshape(-1, 2)
    H2, _ = cv2.findHomography(src, dst, 0)
    if H2 is None:
        return H, px, py
    cs = _in_frame(np.linalg.inv(H2), mine)[0]
    ks = np.array([k for _, k in nodes.values()], float)
    drs = np.array([dr for dr, _ in nodes.values()], float)
    if len(set(ks)) >= 2:
        px = float(np.clip(2 * np.polyfit(ks, cs[:, 0], 1)[0], *PX_RANGE))
    if len(set(drs)) >= 2:
        py = float(np.clip(np.polyfit(drs, cs[:, 1], 1)[0], *PY_RANGE))
    return H2, px, py


def _centres(inv: np.ndarray, quads: list[np.ndarray]) -> dict[int, np.ndarray]:
    """The outlines that lie as cards of the frame `inv` (photo px -> frame), whole or their
    visible tops, by index: their cards' centres in the frame."""
    c, depth = _in_frame(inv, quads)
    return {j: c[j] for j in np.flatnonzero(~np.isnan(depth)).tolist()}


def fit_lattices(quads: list[np.ndarray], default_px: float = CARD_W + 5,
                 default_py: float = CARD_H / 2, keep: int | None = None) -> list[Lattice]:
    """Lattice hypotheses (best support first) from whole-card outlines (photo px, clockwise,
    short edge first).  Only hypotheses on MIN_NODES outlines or more are returned."""
    quads = [np.asarray(q, np.float64) for q in quads]
    hyps = []
    seen = set()
    for a, qa in enumerate(quads):
        for H0 in _frames(qa):
            centres = _centres(np.linalg.inv(H0), quads)
            if len(centres) < 2:
                continue
            proposals = set()
            for j, c in centres.items():
                if j == a:
                    continue
                # only the steps that can give pitches in range (a few of the 13 x 25)
                drs = [dr for dr in range(-MAX_DR, MAX_DR + 1)
                       if (dr == 0 and abs(c[1]) <= NODE_TOL) or (dr and PY_RANGE[0] <= c[1] / dr <= PY_RANGE[1])]
                dks = [dk for dk in range(-MAX_DK, MAX_DK + 1)
                       if (dk == 0 and abs(c[0]) <= NODE_TOL) or (dk and PX_RANGE[0] <= 2 * c[0] / dk <= PX_RANGE[1])]
                for dr in drs:
                    for dk in dks:
                        if (dk - dr) % 2 or (dr, dk) == (0, 0):
                            continue
                        py = c[1] / dr if dr else default_py
                        px = 2 * c[0] / dk if dk else default_px
                        if PX_RANGE[0] <= px <= PX_RANGE[1] and PY_RANGE[0] <= py <= PY_RANGE[1]:
                            proposals.add((round(px, 1), round(py, 1), dr != 0))
            for px, py, py_known in proposals:
                nodes = in_pyramid(_assign(centres, px, py, NODE_TOL))
                if len(nodes) < 2 or a not in nodes:
                    continue
                key = (a, frozenset(nodes.items()))
                if key in seen:
                    continue
                seen.add(key)
                hyps.append((len(nodes), a, H0, px, py, py_known, nodes))
    hyps.sort(key=lambda h: -h[0])
    out: list[Lattice] = []
    for n, a, H, px, py, py_known, nodes in hyps[:max(REFIT_TRIES, 2 * (keep or KEEP))]:
        for _ in range(REFINE):
            H, px, py = _refit(H, quads, nodes, px, py)
            centres = _centres(np.linalg.inv(H), quads)
            nodes2 = in_pyramid(_assign(centres, px, py, NODE_TOL_FIT))
            if len(nodes2) < 2:
                break
            # keep the node numbering anchored on the reference outline when it stays in
            nodes = nodes2
        py_known = py_known or len({dr for dr, _ in nodes.values()}) >= 2
        if len(nodes) < MIN_NODES:
            continue
        # re-centre on the first outline's node so (0, 0) is a card
        dr0, k0 = nodes[min(nodes)]
        T = np.array([[1, 0, k0 * px / 2], [0, 1, dr0 * py], [0, 0, 1]])
        H = H @ T
        nodes = {i: (dr - dr0, k - k0) for i, (dr, k) in nodes.items()}
        mirrored = {i: (-dr, -k) for i, (dr, k) in nodes.items()}
        if any(set(l.nodes.items()) in (set(nodes.items()), set(mirrored.items())) for l in out):
            continue
        # support: the outlines on nodes, each by how close (mm) it lies to its node
        inv = np.linalg.inv(H)
        seen = _in_frame(inv, [quads[i] for i in nodes])[0]
        close = [1 - _nearest_node(c, px, py)[2] / NODE_TOL_FIT for c in seen]
        out.append(Lattice(H, px, py, nodes, py_known, float(np.sum(np.clip(close, 0, 1)))))
    out.sort(key=lambda l: -l.support)
    # each with its mirror: the table turned half round about the reference card (the other
    # short side its top), which the outlines alone cannot tell; the top edges will
    turn = np.diag([-1.0, -1.0, 1.0])
    return [m for l in out[:keep or KEEP] for m in
            (l, Lattice(l.H @ turn, l.pitch_x, l.pitch_y, {i: (-dr, -k) for i, (dr, k) in l.nodes.items()},
                        l.py_known, l.support))]
