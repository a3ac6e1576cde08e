"""Synthetic table photos of Bowling Solitaire deals, with ground truth.

    python -m synth.render --out DIR --count N --seed S --decks plastic,tigullio --kind mixed

Cards come from Debian's gnome-cards-data SVG decks (see synth/decks.py).  A scene is
built on the table plane in millimetres (pins, ball piles with their face-down stacks,
a discard heap, distractor court cards, sometimes the printed play mat), rendered at
4 px/mm, then photographed by a virtual phone: any in-plane rotation, tilt up to 35 deg,
lens-centred perspective, then light gradients, coloured light, a cast shadow, a glare
spot, blur, noise and JPEG.  Each photo gets a JSON file beside it in the format of
Recognition.to_dict(), plus "deck", "kind", "mat" and per-card "visible".
"""
from __future__ import annotations

import argparse
import json
import math
from itertools import product
from pathlib import Path

import cv2
import numpy as np

from assistant.bowling import mat as ML
from assistant.bowling.cards import value_of
from assistant.bowling.layout import BIT, LATTICE as PIN_LATTICE, PINS, neighbours_of
from assistant.bowling.state import PILE_SIZES, plays_made
from .decks import (CARD_PX_H, CARD_PX_W, SUITS, TRAIN_DECKS, card_bgra, card_id, missing_decks)

PX_PER_MM = CARD_PX_H / ML.CARD_H_MM          # 4 px per mm on the table layer
CW, CH = ML.CARD_W_MM, ML.CARD_H_MM
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
KINDS = ["fresh", "mid", "touching", "mat", "lowcontrast", "tilted", "rotated"]


# ----------------------------------------------------------------------------- backgrounds
def background(kind: str, w: int, h: int, rng: np.random.Generator) -> np.ndarray:
    """A procedural table surface, BGR uint8, w x h."""
    sw, sh = max(w // 2, 8), max(h // 2, 8)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)

    def lowfreq(scale, amp):
        small = rng.normal(0, 1, (max(2, sh // scale), max(2, sw // scale))).astype(np.float32)
        return cv2.resize(small, (sw, sh), interpolation=cv2.INTER_CUBIC) * amp

    if kind == "wood":
        a = rng.uniform(0, math.pi)
        period = rng.uniform(6, 18)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        grain = np.sin((u + lowfreq(40, 25) + 3 * np.sin(v / 60)) / period)
        c1 = np.array(rng.choice([[40, 80, 140], [30, 60, 110], [60, 110, 170], [25, 45, 80]]), np.float32)
        c2 = c1 * rng.uniform(0.6, 0.85)
        t = (grain[..., None] + 1) / 2
        img = c1 * t + c2 * (1 - t)
        plank = rng.uniform(80, 200)
        seams = (np.abs((v % plank)) < 1.2)[..., None]
        img = np.where(seams, img * 0.55, img)
        img += rng.normal(0, 4, img.shape)
    elif kind == "felt":
        c = np.array(rng.choice([[40, 110, 30], [110, 60, 20], [40, 40, 130], [60, 60, 60], [90, 30, 60]]), np.float32)
        img = c * (1 + lowfreq(30, 0.08))[..., None] + rng.normal(0, 7, (sh, sw, 3))
        img = cv2.GaussianBlur(img.astype(np.float32), (0, 0), 0.7)
    elif kind == "cloth":
        c1 = rng.uniform(40, 230, 3).astype(np.float32)
        c2 = rng.uniform(40, 230, 3).astype(np.float32)
        style = rng.integers(0, 3)
        p = rng.uniform(10, 40)
        if style == 0:     # gingham
            m = ((np.floor(xx / p) % 2) + (np.floor(yy / p) % 2)) / 2
        elif style == 1:   # stripes
            a = rng.uniform(0, math.pi)
            m = (np.sin((xx * math.cos(a) + yy * math.sin(a)) / p * math.pi) > 0).astype(np.float32)
        else:              # dots
            m = ((np.hypot((xx % (2 * p)) - p, (yy % (2 * p)) - p) < p * 0.45)).astype(np.float32)
        img = c1 * m[..., None] + c2 * (1 - m[..., None])
        img = cv2.GaussianBlur(img.astype(np.float32), (0, 0), 1.0) + rng.normal(0, 5, (sh, sw, 3))
    elif kind == "white":
        c = np.array([rng.uniform(215, 245)] * 3, np.float32) + rng.uniform(-8, 8, 3)
        img = c * (1 + lowfreq(50, 0.03))[..., None] + rng.normal(0, 3, (sh, sw, 3))
    else:  # dark stone
        c = np.array([rng.uniform(40, 90)] * 3, np.float32) + rng.uniform(-10, 10, 3)
        img = c * (1 + lowfreq(8, 0.12) + lowfreq(40, 0.1))[..., None] + rng.normal(0, 6, (sh, sw, 3))
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


# ----------------------------------------------------------------------------- the play mat
def mat_bgra(px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """The printed play mat from assistant/bowling/mat.py: paper, slot outlines, ArUco markers."""
    w, h = int(ML.MAT_W_MM * px_per_mm), int(ML.MAT_H_MM * px_per_mm)
    img = np.full((h, w, 4), 255, np.uint8)
    img[:, :, :3] = (238, 243, 245)
    for name in list(ML.PIN_SLOTS) + list(ML.PILE_SLOTS):
        pts = np.array(ML.slot_corners_mm(name)) * px_per_mm
        cv2.rectangle(img, tuple(pts[0].astype(int)), tuple(pts[2].astype(int)), (170, 170, 170, 255), 2)
        cx, cy = (pts[0] + pts[2]) / 2
        cv2.putText(img, name, (int(cx - 12), int(cy + 12)), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                    (200, 200, 200, 255), 2)
    y = int(ML.JOIN_Y_MM * px_per_mm)
    cv2.line(img, (0, y), (w, y), (215, 215, 215, 255), 1)
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ML.ARUCO_DICT_NAME))
    side = int(round(ML.MARKER_MM * px_per_mm))
    for mid, (cx, cy) in ML.MARKERS.items():
        m = cv2.aruco.generateImageMarker(d, mid, side)
        x0, y0 = int(round((cx - ML.MARKER_MM / 2) * px_per_mm)), int(round((cy - ML.MARKER_MM / 2) * px_per_mm))
        img[y0:y0 + side, x0:x0 + side, :3] = m[..., None]
    return img


# ----------------------------------------------------------------------------- scene on the table
def _rect_corners(cx, cy, angle_deg, w=CW, h=CH):
    """Corners TL, TR, BR, BL (of the card as it lies) in table mm."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -math.sin(a), math.cos(a)
    pts = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        pts.append((cx + sx * w / 2 * ux + sy * h / 2 * vx, cy + sx * w / 2 * uy + sy * h / 2 * vy))
    return pts


def item_corners(it: dict) -> list[tuple[float, float]]:
    """An item's corners TL, TR, BR, BL in table mm, at its own size (w, h mm: a scene of
    bridge-size cards) or a poker card's."""
    return _rect_corners(it["cx"], it["cy"], it["angle"], it.get("w", CW), it.get("h", CH))


class Scene:
    """Items on the table plane, drawn in order (later items on top)."""

    def __init__(self):
        self.items = []          # dicts: kind card|back|mat, centre mm, angle, image id, truth, size (w, h mm)

    def add(self, **kw):
        self.items.append(kw)
        return kw


def _removed_pins(rng: np.random.Generator, n: int) -> set[str]:
    """n pins a frame in play can have removed: one connected group, grown from a pin a
    first play can take alone (not the back row, not F) -- the rules' standing sets, which
    the recogniser's layout fit expects (recognizer.layout.plausible_standing)."""
    removed = {str(rng.choice(list("EGHIJ")))}
    while len(removed) < n:
        mask = sum(BIT[p] for p in removed)
        near = [p for p in PINS if neighbours_of(mask) & BIT[p] and p not in removed]
        removed.add(str(rng.choice(near)))
    return removed


def _piles_used(drawn: list[int], removed: int) -> tuple[int, ...]:
    """Cards gone from each pile that a frame with `removed` pins down can show: the drawn
    counts when the rules allow them (assistant.bowling.state.plays_made), else the nearest counts
    that are allowed.  Drawn alone, 9 pins stood beside an empty pile of five, and the
    recogniser's pile checks (pins_to_empty) would have been measured on photos no player
    can take.  No new random draw: the other scenes stay as they were."""

    def allowed(used) -> bool:
        return any((ball == 1 or 0 not in used) and plays_made(used, ball)[0] <= removed <= 3 * plays_made(used, ball)[1]
                   for ball in (1, 2))
    if allowed(drawn):
        return tuple(drawn)
    return min((u for u in product(*(range(n + 1) for n in PILE_SIZES)) if allowed(u)),
               key=lambda u: (sum(abs(a - b) for a, b in zip(u, drawn)), u))


def build_scene(rng: np.random.Generator, deck: str, kind: str, overlap: float | None = None) -> tuple[Scene, dict]:
    """overlap (mm): touching scenes overlap their pins 2 mm to this much instead of up to ~3 mm
    (a tight deal, for measuring how far the recogniser copes)."""
    suits = list(rng.choice(SUITS, 2, replace=False))
    deal = [(r, s) for r in RANKS for s in suits]
    order = rng.permutation(len(deal))
    deal = [deal[i] for i in order]
    pins = dict(zip("ABCDEFGHIJ", deal[:10]))
    rest = deal[10:]
    use_mat = kind == "mat"
    mid = kind == "mid" or (kind in ("mat", "touching", "rotated", "tilted") and rng.random() < 0.4)

    scene = Scene()
    info = {"kind": kind, "mat": use_mat, "mid": mid}
    if use_mat:
        ox, oy = -ML.MAT_W_MM / 2, -ML.MAT_H_MM / 2
        scene.add(type="mat", cx=0.0, cy=0.0, angle=0.0)
        slots = {k: (x + ox, y + oy) for k, (x, y) in ML.PIN_SLOTS.items()}
        pile_slots = {k: (x + ox, y + oy) for k, (x, y) in ML.PILE_SLOTS.items()}
        jitter = 2.0
    else:
        gx = rng.uniform(-2.5, 0.5) if kind == "touching" else rng.uniform(1, 22)
        gy = rng.uniform(-3, 0.5) if kind == "touching" else rng.uniform(1, 30)
        if overlap and kind == "touching":     # the same draws stretched: the random stream stays
            gx, gy = -2.0 - (overlap - 2.0) * (0.5 - gx) / 3.0, -2.0 - (overlap - 2.0) * (0.5 - gy) / 3.5
        px, py = CW + gx, CH + gy
        slots = {k: (c * px, r * py - 1.5 * py) for k, (c, r) in PIN_LATTICE.items()}
        arrangement = rng.choice(["row", "row", "beside", "wide"])
        if arrangement == "row":
            sp = CW + rng.uniform(8, 40)
            yrow = 1.5 * py + CH + rng.uniform(15, 60)
            pile_slots = {"1": (-sp, yrow), "2": (0.0, yrow), "3": (sp, yrow)}
        elif arrangement == "wide":
            # two draws kept only so that the random stream, and so the committed samples and
            # the benchmark's photos, stay reproducible
            rng.uniform(30, 70), rng.uniform(0.6, 1.0)
            pile_slots = {"1": (-1.5 * px - 20, 1.5 * py + 5), "2": (0, 1.5 * py + CH + 30),
                          "3": (1.5 * px + 20, 1.5 * py + 5)}
        else:  # beside the narrow end, like the mat
            pile_slots = {"1": (-1.5 * px - rng.uniform(0, 15), 1.5 * py),
                          "2": (1.5 * px + rng.uniform(0, 15), 1.5 * py),
                          "3": (1.5 * px + rng.uniform(0, 15), 0.5 * py)}
        jitter = 0.6 if kind == "touching" else 3.0
        info["arrangement"] = str(arrangement)
    rot_jit = 1.0 if kind == "touching" else 4.0

    # what is on the table
    removed = set()
    pile_down = [4, 2, 1]
    pile_top = [rest[0], rest[5], rest[8]]
    heap = []
    if mid:
        removed = _removed_pins(rng, int(rng.integers(1, 9)))
        heap = [pins[k] for k in sorted(removed)]
        pile_down, pile_top = [], []
        drawn = [int(rng.integers(0, n + 1)) for n in (5, 3, 2)]
        for (lo, n), used in zip(((0, 5), (5, 3), (8, 2)), _piles_used(drawn, len(removed))):
            heap += rest[lo:lo + used]
            left = rest[lo + used:lo + n]
            pile_top.append(left[0] if left else None)
            pile_down.append(max(0, len(left) - 1))
        rng.shuffle(heap)
    truth_cards = []

    flip = lambda: 180.0 * int(rng.integers(0, 2))
    # pins
    for k, (x, y) in slots.items():
        if k in removed:
            continue
        r, s = pins[k]
        it = scene.add(type="card", img=(deck, card_id(r, s, deck)), cx=x + rng.normal(0, jitter / 2),
                       cy=y + rng.normal(0, jitter / 2), angle=rng.normal(0, rot_jit / 2) + flip(),
                       truth={"value": value_of(r), "rank": r, "role": "pin", "position": k})
        truth_cards.append(it)
    # piles: a face-down stack with a visible edge, the face-up top a little askew on it
    back = (deck, "back")
    for i, name in enumerate("123"):
        x, y = pile_slots[name]
        a0 = rng.normal(0, 3) + flip()
        dx, dy = rng.normal(0, 1, 2)
        ndown = pile_down[i]
        for j in range(ndown):
            scene.add(type="back", img=back, cx=x + j * 0.5 * dx, cy=y + j * 0.5 * dy, angle=a0 + rng.normal(0, 0.7))
        if pile_top[i] is not None:
            r, s = pile_top[i]
            off = rng.uniform(2, 7) if ndown else 0.0
            oa = rng.uniform(0, 2 * math.pi)
            it = scene.add(type="card", img=(deck, card_id(r, s, deck)), cx=x + ndown * 0.5 * dx + off * math.cos(oa),
                           cy=y + ndown * 0.5 * dy + off * math.sin(oa), angle=a0 + rng.normal(0, 3),
                           truth={"value": value_of(r), "rank": r, "role": "pile", "position": name})
            truth_cards.append(it)
    info["pile_down"] = pile_down
    # the discard heap, off to one side
    xs = [p[0] for p in list(slots.values()) + list(pile_slots.values())]
    ys = [p[1] for p in list(slots.values()) + list(pile_slots.values())]
    side = rng.choice([-1, 1])
    if heap:
        hx = (max(xs) if side > 0 else min(xs)) + side * rng.uniform(CH * 1.3, CH * 1.8)
        hy = rng.uniform(min(ys), max(ys))
        for j, (r, s) in enumerate(heap):
            it = scene.add(type="card", img=(deck, card_id(r, s, deck)), cx=hx + rng.normal(0, 14),
                           cy=hy + rng.normal(0, 18), angle=rng.uniform(0, 360),
                           truth={"value": value_of(r), "rank": r, "role": "outside", "position": None})
            truth_cards.append(it)
    # distractor court cards / joker, on the other side
    n_d = int(rng.integers(0, 3)) if kind != "lowcontrast" else int(rng.integers(0, 2))
    for j in range(n_d):
        r = str(rng.choice(["J", "Q", "K", "joker"]))
        eid = ("joker_black" if rng.random() < 0.5 else "joker_red") if r == "joker" else card_id(r, str(rng.choice(SUITS)), deck)
        try:
            card_bgra(deck, eid)
        except Exception:       # not every deck has jokers
            r, eid = "K", card_id("K", "spade", deck)
        dxs = (min(xs) if side > 0 else max(xs)) - side * (CH * 1.4 + j * (CH + 15))
        it = scene.add(type="card", img=(deck, eid), cx=dxs, cy=rng.uniform(min(ys), max(ys)),
                       angle=rng.uniform(0, 360),
                       truth={"value": None, "rank": r, "role": "outside", "position": None})
        truth_cards.append(it)
    info["n_heap"] = len(heap)
    return scene, info


def _visible_fraction(scene: Scene) -> None:
    """Fraction of each card left uncovered by items drawn after it (for scoring)."""
    s = 1.0
    polys = []
    for it in scene.items:
        if it["type"] == "mat":
            polys.append(None)
            continue
        polys.append(np.array(item_corners(it), np.float32))
    allp = np.vstack([p for p in polys if p is not None])
    x0, y0 = allp.min(0) - 5
    w, h = (allp.max(0) - allp.min(0) + 10).astype(int) + 1
    for i, it in enumerate(scene.items):
        if it["type"] != "card":
            continue
        m = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(m, ((polys[i] - (x0, y0)) * s).astype(np.int32), 1)
        total = m.sum()
        for q in polys[i + 1:]:
            if q is not None:
                cv2.fillConvexPoly(m, ((q - (x0, y0)) * s).astype(np.int32), 0)
        it["visible"] = float(m.sum() / max(total, 1))


def draw_table_layer(scene: Scene) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Render the items at PX_PER_MM.  Returns (BGRA layer, shadow map 0..1, mm->layer px matrix)."""
    polys = [np.array(item_corners(it) if it["type"] != "mat" else
                      [(-ML.MAT_W_MM / 2, -ML.MAT_H_MM / 2), (ML.MAT_W_MM / 2, ML.MAT_H_MM / 2)]) for it in scene.items]
    allp = np.vstack(polys)
    x0, y0 = allp.min(0) - 25
    x1, y1 = allp.max(0) + 25
    W, H = int((x1 - x0) * PX_PER_MM), int((y1 - y0) * PX_PER_MM)
    T = np.array([[PX_PER_MM, 0, -x0 * PX_PER_MM], [0, PX_PER_MM, -y0 * PX_PER_MM], [0, 0, 1]])
    color = np.zeros((H, W, 3), np.float32)
    alpha = np.zeros((H, W), np.float32)
    shadow = np.zeros((H, W), np.float32)
    sh_off = np.array([1.6, 2.2]) * PX_PER_MM
    for it in scene.items:
        if it["type"] == "mat":
            img = mat_bgra()
            src = np.float32([[0, 0], [img.shape[1], 0], [img.shape[1], img.shape[0]]])
            dst = np.float32([(-ML.MAT_W_MM / 2, -ML.MAT_H_MM / 2), (ML.MAT_W_MM / 2, -ML.MAT_H_MM / 2),
                              (ML.MAT_W_MM / 2, ML.MAT_H_MM / 2)])
        else:
            img = card_bgra(*it["img"])
            src = np.float32([[0, 0], [CARD_PX_W, 0], [CARD_PX_W, CARD_PX_H]])
            dst = np.float32(item_corners(it)[:3])
        dst = (T[:2, :2] @ dst.T).T + T[:2, 2]
        M = cv2.getAffineTransform(src, dst.astype(np.float32))
        # work only in the item's bounding box
        bx0, by0 = np.floor(dst.min(0) - 40).astype(int)
        bx1, by1 = np.ceil(dst.max(0) + np.abs(dst[2] - dst[1]).max() + 40).astype(int)
        quad = np.array([dst[0], dst[1], dst[2], dst[0] + dst[2] - dst[1]])
        bx0, by0 = np.maximum(np.floor(quad.min(0) - 30).astype(int), 0)
        bx1, by1 = np.minimum(np.ceil(quad.max(0) + 30).astype(int), [W, H])
        M[:, 2] -= (bx0, by0)
        warped = cv2.warpAffine(img, M, (int(bx1 - bx0), int(by1 - by0)), flags=cv2.INTER_LINEAR,
                                borderValue=(0, 0, 0, 0)).astype(np.float32)
        a = warped[:, :, 3] / 255.0
        if it["type"] != "mat":
            # the physical edge of a card: a thin darker rim
            er = cv2.erode(a, np.ones((3, 3), np.uint8))
            rim = np.clip(a - er, 0, 1)
            warped[:, :, :3] *= (1 - 0.45 * rim)[..., None]
            Ms = M.copy()
            Ms[:, 2] += sh_off
            s = cv2.warpAffine(img[:, :, 3], Ms, (int(bx1 - bx0), int(by1 - by0))).astype(np.float32) / 255
            s = cv2.GaussianBlur(s, (0, 0), 5)
            sl = shadow[by0:by1, bx0:bx1]
            sl[:] = np.maximum(sl * (1 - a), s * 0.45 * (1 - a))
        else:
            sl = shadow[by0:by1, bx0:bx1]
            sl[:] = sl * (1 - a)
        cl = color[by0:by1, bx0:bx1]
        cl[:] = warped[:, :, :3] * a[..., None] + cl * (1 - a[..., None])
        al = alpha[by0:by1, bx0:bx1]
        al[:] = a + al * (1 - a)
    layer = np.dstack([color, alpha * 255]).astype(np.float32)
    return layer, shadow, T


# ----------------------------------------------------------------------------- the virtual phone
def camera_homography(rng, layer_pts_mm: np.ndarray, out_w: int, out_h: int, tilt_max: float,
                      fill: tuple[float, float]) -> np.ndarray:
    """A homography table mm -> image px: in-plane rotation, a tilted pinhole camera, framing."""
    phi = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(phi), math.sin(phi)
    S = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    f = max(out_w, out_h) * rng.uniform(0.85, 1.3)
    K = np.array([[f, 0, 0], [0, f, 0], [0, 0, 1]])
    t = math.radians(rng.uniform(0, tilt_max))
    psi = rng.uniform(0, 2 * math.pi)
    axis = np.array([math.cos(psi), math.sin(psi), 0.0])
    R, _ = cv2.Rodrigues(axis * t)
    # put the plane at a distance so that 1 mm ~ 1 px before framing
    P = K @ R @ np.linalg.inv(K) @ np.diag([1, 1, 1]) @ S
    pts = cv2.perspectiveTransform(layer_pts_mm.reshape(-1, 1, 2).astype(np.float64), P).reshape(-1, 2)
    lo, hi = pts.min(0), pts.max(0)
    scale = min(out_w / (hi[0] - lo[0]), out_h / (hi[1] - lo[1])) * rng.uniform(*fill)
    ctr = (lo + hi) / 2
    free = np.array([out_w, out_h]) - (hi - lo) * scale
    shift = np.array([out_w, out_h]) / 2 + rng.uniform(-0.5, 0.5, 2) * np.maximum(free, 0) * 0.8
    F = np.array([[scale, 0, shift[0] - scale * ctr[0]], [0, scale, shift[1] - scale * ctr[1]], [0, 0, 1]])
    return F @ P


def photo_effects(img: np.ndarray, rng, kind: str) -> np.ndarray:
    h, w = img.shape[:2]
    f = img.astype(np.float32)
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(h, w)
    ramp = (ramp - ramp.min()) / max(ramp.max() - ramp.min(), 1e-6)
    strength = rng.uniform(0.1, 0.5)
    gain = 1 - strength * ramp
    gain = cv2.resize(gain, (w, h))
    tint = np.array([1.0, 1.0, 1.0]) + rng.uniform(-0.12, 0.12, 3)
    if rng.random() < 0.3:  # warm indoor light
        tint = np.array([0.78, 0.93, 1.08])
    f *= gain[..., None] * tint
    if kind == "lowcontrast":
        f = 0.55 * f + 0.45 * f.mean()
        f *= rng.uniform(0.6, 0.85)
    # a cast shadow (a hand or the phone)
    if rng.random() < 0.6:
        m = np.zeros((h // 4, w // 4), np.float32)
        cx, cy = rng.uniform(0, w // 4), rng.uniform(0, h // 4)
        ax, ay = rng.uniform(0.1, 0.35) * w / 4, rng.uniform(0.1, 0.35) * h / 4
        cv2.ellipse(m, (int(cx), int(cy)), (int(ax), int(ay)), rng.uniform(0, 180), 0, 360, 1.0, -1)
        m = cv2.GaussianBlur(m, (0, 0), max(w, h) / 4 * 0.03)
        m = cv2.resize(m, (w, h))
        f *= (1 - rng.uniform(0.25, 0.5) * m)[..., None]
    # a glare spot
    if rng.random() < 0.5:
        r = rng.uniform(0.03, 0.09) * max(w, h)
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        g = np.exp(-(((xx * 1 - cx / 1) ** 2 + (yy - cy) ** 2) / (2 * (r) ** 2)))
        g = cv2.resize(g.astype(np.float32), (w, h))
        f += (rng.uniform(60, 140) * g)[..., None]
    sigma = rng.uniform(0, 1.3) * max(w, h) / 2000
    if sigma > 0.3:
        f = cv2.GaussianBlur(f, (0, 0), sigma)
    f += rng.normal(0, rng.uniform(1.5, 5), (h, w, 1)).astype(np.float32)
    return np.clip(f, 0, 255).astype(np.uint8)


def _special_scene(rng, deck: str, kind: str):
    """Bad-input scenes: "single" (one card), "two_layouts" (two deals side by side)."""
    if kind == "single":
        scene = Scene()
        r = str(rng.choice(RANKS))
        scene.add(type="card", img=(deck, card_id(r, "heart", deck)), cx=0.0, cy=0.0, angle=rng.uniform(0, 360),
                  truth={"value": value_of(r), "rank": r, "role": "outside", "position": None})
        return scene, {"kind": kind, "mat": False, "mid": False}
    a, info = build_scene(rng, deck, "fresh")
    b, _ = build_scene(rng, deck, "fresh")
    for it in a.items:
        it["cx"] -= 330
    for it in b.items:
        it["cx"] += 330
    a.items = [it for it in a.items if not (it["type"] == "card" and it["truth"]["role"] == "outside")]
    a.items += [it for it in b.items if not (it["type"] == "card" and it["truth"]["role"] == "outside")]
    info["kind"] = kind
    return a, info


def cards_truth(scene: "Scene", Hmm: np.ndarray) -> list[dict]:
    """Every card of a scene as the truth JSON gives it: its corners in the photo's pixels
    (Hmm: table mm -> photo px) and the share of it that shows."""
    cards = []
    for it in scene.items:
        if it["type"] != "card":
            continue
        c = cv2.perspectiveTransform(np.array(item_corners(it),
                                              np.float64).reshape(-1, 1, 2), Hmm).reshape(-1, 2)
        d = dict(it["truth"])
        d["corners"] = [[round(float(x), 1), round(float(y), 1)] for x, y in c]
        d["visible"] = round(it["visible"], 3)
        cards.append(d)
    return cards


def render_photo(rng: np.random.Generator, deck: str, kind: str, size: tuple[int, int] = (1200, 1600),
                 overlap: float | None = None):
    """One photo: (BGR image, ground-truth dict).  overlap: see build_scene."""
    if kind in ("single", "two_layouts"):
        scene, info = _special_scene(rng, deck, kind)
    else:
        scene, info = build_scene(rng, deck, kind, overlap)
    _visible_fraction(scene)
    layer, shadow, T = draw_table_layer(scene)
    out_w, out_h = size
    if rng.random() < 0.35:
        out_w, out_h = out_h, out_w
    tilt = 35.0 if kind == "tilted" else 20.0
    pts = np.vstack([np.array(item_corners(it)) for it in scene.items
                     if it["type"] != "mat"] + ([np.array([[-ML.MAT_W_MM / 2, -ML.MAT_H_MM / 2],
                                                          [ML.MAT_W_MM / 2, ML.MAT_H_MM / 2]])] if info["mat"] else []))
    fill = (0.8, 0.97) if kind != "fresh" else (0.55, 0.97)
    if kind == "single":
        fill = (0.15, 0.25)
    Hmm = camera_homography(rng, pts, out_w, out_h, tilt if kind in ("tilted", "mat") or rng.random() < 0.5 else 8.0, fill)
    Hpx = Hmm @ np.linalg.inv(T)
    bgk = {"lowcontrast": "white"}.get(kind) or str(rng.choice(["wood", "felt", "cloth", "white", "dark", "wood", "felt"]))
    bg = background(bgk, out_w, out_h, rng).astype(np.float32)
    warped = cv2.warpPerspective(layer, Hpx, (out_w, out_h), flags=cv2.INTER_LINEAR)
    sh = cv2.warpPerspective(shadow, Hpx, (out_w, out_h), flags=cv2.INTER_LINEAR)
    bg *= (1 - sh)[..., None]
    a = warped[:, :, 3:4] / 255.0
    img = warped[:, :, :3] * a + bg * (1 - a)
    img = photo_effects(np.clip(img, 0, 255).astype(np.uint8), rng, kind)
    # ground truth, in the photo's pixels
    cards = cards_truth(scene, Hmm)
    pins = {k: None for k in "ABCDEFGHIJ"}
    piles = [None, None, None]
    for d in cards:
        if d["role"] == "pin":
            pins[d["position"]] = d["value"]
        elif d["role"] == "pile":
            piles[int(d["position"]) - 1] = d["value"]
    truth = {"image": None, "width": out_w, "height": out_h, "pins": pins, "piles": piles, "cards": cards,
             "warnings": [], "deck": deck, "background": bgk, **info}
    if info["mat"]:
        # mat mm -> image px, for checking find_mat
        O = np.array([[1, 0, -ML.MAT_W_MM / 2], [0, 1, -ML.MAT_H_MM / 2], [0, 0, 1]])
        truth["mat_homography"] = (Hmm @ O).tolist()
    return img, truth


def save_photo(out: Path, stem: str, img: np.ndarray, truth: dict, quality: int) -> Path:
    """Write a rendered photo as OUT/STEM.jpg with its truth beside it as STEM.json."""
    truth["image"] = stem + ".jpg"
    cv2.imwrite(str(out / truth["image"]), img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    (out / (stem + ".json")).write_text(json.dumps(truth, indent=1))
    return out / truth["image"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m synth.render", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", default=",".join(TRAIN_DECKS))
    ap.add_argument("--kind", default="mixed", help="mixed or a comma list of " + ",".join(KINDS))
    ap.add_argument("--size", default="1200x1600", help="WxH of the photos")
    ap.add_argument("--quality", type=int, default=88)
    ap.add_argument("--overlap", type=float, default=None,
                    help="touching scenes overlap their pins 2 mm to this many mm (default: up to ~3 mm)")
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    decks = a.decks.split(",")
    missing = missing_decks(decks)
    if missing:
        ap.error(missing)
    kinds = KINDS if a.kind == "mixed" else a.kind.split(",")
    size = tuple(int(v) for v in a.size.split("x"))
    for i in range(a.count):
        rng = np.random.default_rng([a.seed, i])
        deck, kind = decks[i % len(decks)], kinds[(i // len(decks)) % len(kinds)]
        img, truth = render_photo(rng, deck, kind, size, a.overlap)
        stem = f"{kind}_{deck}_{a.seed}_{i:04d}"
        print(save_photo(out, stem, img, truth, a.quality))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
