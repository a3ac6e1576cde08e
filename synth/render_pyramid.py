"""Synthetic table photos of Pyramid Solitaire deals, with ground truth.

    python -m synth.render_pyramid --out DIR --count N --seed S --decks anglo,paris

The scene is laid out on the table plane in millimetres: 28 cards in 7 rows (each row
covering 40-60 % of the height of the row before it, the cards of a row side by side with
small gaps), some places removed as play leaves them (a removed card's coverers are gone
too), the face-down stock and the waste beside the pyramid (one face-up top, a fanned waste,
or the draw option's three waste piles), and a few props (a coin, a pen, a phone).  The
photo itself is taken by render.py's virtual phone (any rotation, tilt up to 45 deg) with
its backgrounds and photo effects; shadows fall on the cards below as well as on the table.
Truth: render.py's format with "pyramid" {"1.1": rank|None, ...}, "waste" [top ranks],
"stock" (cards face down) and per-card role "pyramid"/"waste"/"stock" and position "r.c".
"""
from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from .decks import SUITS, TRAIN_DECKS, card_id, missing_decks
from recognizer.pyramid_lattice import card_corners
from recognizer.pyramid_layout import PLACES, PyramidFit, coverers
from .render import (CH, CW, PX_PER_MM, Scene, _visible_fraction, background, cards_truth,
                     camera_homography, draw_table_layer, item_corners, photo_effects, save_photo)

GAPS = (1.0, 9.0)        # mm between two cards of a row, the range a deal is drawn from
ALL_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
TILT_MAX = 45.0


def removable_order(rng: np.random.Generator, n: int) -> set[str]:
    """n places removed in a legal order: each removed card had no coverer left."""
    gone: set[str] = set()
    while len(gone) < n:
        free = [p for p in PLACES if p not in gone and all(q in gone for q in coverers(p))]
        gone.add(str(rng.choice(free)))
    return gone


def lattice_mm(pitch_x: float, pitch_y: float) -> dict[str, tuple[float, float]]:
    """Centre of each place on the table (mm): x across, y towards the player, apex at y = 0."""
    return {p: ((int(p.split(".")[1]) - (int(p.split(".")[0]) + 1) / 2) * pitch_x,
                (int(p.split(".")[0]) - 1) * pitch_y) for p in PLACES}


def _props(layer: np.ndarray, T: np.ndarray, rng: np.random.Generator, spots: list[tuple[float, float]]) -> None:
    """A coin, a pen and a phone drawn on the table where no card lies (under the cards)."""
    free = layer[:, :, 3] < 8
    for x, y in spots:
        kind = rng.choice(["coin", "pen", "phone"])
        cx, cy = (T @ np.array([x, y, 1.0]))[:2]
        m = np.zeros(layer.shape[:2], np.uint8)
        if kind == "coin":
            r = rng.uniform(9, 14) * PX_PER_MM
            cv2.circle(m, (int(cx), int(cy)), int(r), 255, -1)
            colour = rng.choice([[60, 150, 190], [170, 170, 170]])
        else:
            w, h = (rng.uniform(6, 9), rng.uniform(110, 140)) if kind == "pen" else (70.0, 145.0)
            box = cv2.boxPoints(((cx, cy), (w * PX_PER_MM, h * PX_PER_MM), rng.uniform(0, 180)))
            cv2.fillConvexPoly(m, box.astype(np.int32), 255)
            colour = rng.choice([[30, 30, 160], [150, 60, 20], [20, 20, 20]]) if kind == "pen" else [25, 25, 30]
        on = (m > 0) & free
        layer[on, :3] = colour
        layer[on, 3] = 255


def build_scene(rng: np.random.Generator, deck: str, card_w: float = CW,
                gaps: tuple[float, float] = GAPS) -> tuple[Scene, dict]:
    """A pyramid deal on the table; card_w: the cards' width in mm (88 mm tall; 63 a poker
    card, 57 a bridge card); gaps: the range of mm between two cards of a row (below 0 they
    overlap)."""
    deal = [(r, s) for r in ALL_RANKS for s in SUITS]
    deal = [deal[i] for i in rng.permutation(len(deal))]
    pyramid = dict(zip(PLACES, deal[:28]))
    stock = deal[28:]
    gap = rng.uniform(*gaps)
    cover = rng.uniform(0.4, 0.6)                   # share of a card's height the next row covers
    pitch_x, pitch_y = card_w + gap, CH * (1 - cover)
    removed = set() if rng.random() < 0.35 else removable_order(rng, int(rng.integers(1, 22)))
    draws = int(rng.integers(0, 12))
    waste_style = str(rng.choice(["top", "top", "fan", "three"]))
    waste = stock[:draws]
    stock_left = len(stock) - draws
    scene = Scene()
    cards = []
    flip = 180.0 if rng.random() < 0.15 else 0.0     # a pyramid dealt towards the camera's far side
    for p, (x, y) in lattice_mm(pitch_x, pitch_y).items():
        if p in removed:
            continue
        r, s = pyramid[p]
        it = scene.add(type="card", img=(deck, card_id(r, s, deck)), cx=x + rng.normal(0, 0.8),
                       cy=y + rng.normal(0, 0.8), angle=rng.normal(0, 1.0) + flip,
                       truth={"rank": r, "role": "pyramid", "position": p}, w=card_w)
        cards.append(it)
    # the stock beside the upper rows, the waste (or its three piles) in a column below it
    side = 1 if rng.random() < 0.5 else -1
    sx = side * (3.5 * pitch_x + card_w / 2 + rng.uniform(12, 45))
    sy = pitch_y * rng.uniform(0, 1.5)
    step_y = CH + rng.uniform(8, 25)
    waste_tops = []
    if stock_left:
        a0 = rng.normal(0, 3)
        for j in range(min(stock_left, 6)):
            scene.add(type="back", img=(deck, "back"), cx=sx + j * 0.3, cy=sy - j * 0.3, angle=a0 + rng.normal(0, 0.8),
                      w=card_w)
    if draws:
        if waste_style == "three":
            piles = [waste[i::3] for i in range(3)]
            for i, pile in enumerate(piles):
                if not pile:
                    continue
                r, s = pile[-1]
                it = scene.add(type="card", img=(deck, card_id(r, s, deck)), cx=sx + rng.normal(0, 3),
                               cy=sy + (i + 1) * step_y, angle=rng.normal(0, 4),
                               truth={"rank": r, "role": "waste", "position": f"W{i + 1}"}, w=card_w)
                cards.append(it)
                waste_tops.append(r)
        else:
            shown = waste[-3:] if waste_style == "fan" else waste[-1:]
            step = rng.uniform(14, 20)
            for j, (r, s) in enumerate(shown):
                top = j == len(shown) - 1
                it = scene.add(type="card", img=(deck, card_id(r, s, deck)), cx=sx + rng.normal(0, 1),
                               cy=sy + step_y + j * step, angle=rng.normal(0, 3),
                               truth={"rank": r, "role": "waste", "position": "W" if top else None}, w=card_w)
                cards.append(it)
            waste_tops.append(waste[-1][0])
    info = {"removed": sorted(removed), "gap_mm": round(gap, 1), "cover": round(cover, 3), "card_w": card_w,
            "waste_style": waste_style if draws else None, "stock": stock_left, "draws": draws,
            "pyramid": {p: (pyramid[p][0] if p not in removed else None) for p in PLACES},
            "waste": waste_tops}
    # props on the far side from the waste, or above the apex
    spots = []
    for _ in range(int(rng.integers(0, 3))):
        spots.append((-side * (3.5 * pitch_x + card_w / 2 + rng.uniform(20, 40)), rng.uniform(-40, 6 * pitch_y)))
    info["props"] = spots
    return scene, info


def render_photo(rng: np.random.Generator, deck: str, size: tuple[int, int] = (1200, 1600), card_w: float = CW,
                 gaps: tuple[float, float] = GAPS):
    """One photo of a pyramid deal (cards card_w mm wide, gaps as build_scene's): (BGR image,
    truth dict)."""
    scene, info = build_scene(rng, deck, card_w, gaps)
    _visible_fraction(scene)
    layer, shadow, T = draw_table_layer(scene)
    if info["props"]:
        # the layer only spans the cards: props outside it are drawn on a larger one
        _props(layer, T, rng, [s for s in info["props"]
                               if 0 <= (T @ np.array([s[0], s[1], 1.0]))[0] < layer.shape[1]])
    out_w, out_h = size
    if rng.random() < 0.5:
        out_w, out_h = out_h, out_w
    pts = np.vstack([np.array(item_corners(it)) for it in scene.items])
    Hmm = camera_homography(rng, pts, out_w, out_h, TILT_MAX, (0.75, 0.95))
    Hpx = Hmm @ np.linalg.inv(T)
    bgk = str(rng.choice(["wood", "felt", "cloth", "white", "dark", "wood", "felt"]))
    bg = background(bgk, out_w, out_h, rng).astype(np.float32)
    warped = cv2.warpPerspective(layer, Hpx, (out_w, out_h), flags=cv2.INTER_LINEAR)
    sh = cv2.warpPerspective(shadow, Hpx, (out_w, out_h), flags=cv2.INTER_LINEAR)
    a = warped[:, :, 3:4] / 255.0
    # a card's shadow on the card below it is fainter than on the table (a card is thin)
    img = warped[:, :, :3] * a * (1 - 0.5 * sh)[..., None] + bg * (1 - sh)[..., None] * (1 - a)
    img = photo_effects(np.clip(img, 0, 255).astype(np.uint8), rng, "pyramid")
    cards = cards_truth(scene, Hmm)
    truth = {"image": None, "width": out_w, "height": out_h, "pyramid": info.pop("pyramid"),
             "waste": info.pop("waste"), "cards": cards, "deck": deck, "background": bgk, **info}
    return img, truth


def truth_fit(truth: dict, scale: float = 1.0) -> PyramidFit:
    """The reader's PyramidFit as the truth has it: the lattice where the truth's cards are
    (a homography from every pyramid card's corners, in photo px / scale), the truth's row
    pitch and gap, the places holding a card.  Benchmarks read each place on it to tell a
    misplaced lattice from a misread card.  The truth lists each card's corners from
    whichever it calls its first: each card's are rolled to fit the others best."""
    # in the reader's frame, where a card is CW wide (cards card_w wide stretched across)
    card_w = float(truth.get("card_w", CW))
    px, py = (card_w + float(truth["gap_mm"])) * CW / card_w, CH * (1 - float(truth["cover"]))
    centres = lattice_mm(px, py)
    cards = [(card_corners(*centres[c["position"]]), np.asarray(c["corners"], np.float64) / scale)
             for c in truth["cards"] if c["role"] == "pyramid"]

    def fit(rolls):
        src = np.concatenate([t for t, _ in cards])
        dst = np.concatenate([np.roll(q, -r, 0) for (_, q), r in zip(cards, rolls)])
        H, _ = cv2.findHomography(src, dst, 0)
        err = np.linalg.norm(cv2.perspectiveTransform(src.reshape(-1, 1, 2), H).reshape(-1, 2) - dst, axis=1)
        return H, float(np.median(err))
    H, _ = min((fit([r] * len(cards)) for r in range(4)), key=lambda he: he[1])
    for _ in range(3):
        rolls = []
        for t, q in cards:
            proj = cv2.perspectiveTransform(t.reshape(-1, 1, 2), H).reshape(-1, 2)
            rolls.append(min(range(4), key=lambda r: np.linalg.norm(np.roll(q, -r, 0) - proj)))
        H, _ = fit(rolls)
    present = frozenset(p for p, v in truth["pyramid"].items() if v is not None)
    return PyramidFit(H, px, py, centres, present, {})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m synth.render_pyramid", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", default=",".join(TRAIN_DECKS))
    ap.add_argument("--size", default="1200x1600", help="WxH of the photos")
    ap.add_argument("--quality", type=int, default=88)
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    decks = a.decks.split(",")
    missing = missing_decks(decks)
    if missing:
        ap.error(missing)
    size = tuple(int(v) for v in a.size.split("x"))
    for i in range(a.count):
        rng = np.random.default_rng([a.seed, i, 43])
        deck = decks[i % len(decks)]
        img, truth = render_photo(rng, deck, size)
        stem = f"pyramid_{deck}_{a.seed}_{i:04d}"
        print(save_photo(out, stem, img, truth, a.quality))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
