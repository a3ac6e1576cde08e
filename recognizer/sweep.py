"""Stage 4b, after the first fit: cards the finder missed, found by sweeping the table plane.

find_cards looks for regions of a card's shape; cards that touch or slightly overlap their
neighbours (a tight triangle), or whose paper runs into a light table, form no such region
and are missed, and a layout fitted to the few it found can be wrong.  Once the table plane
is known, every card is a 63 x 88 mm rectangle on it, so a card is wherever the four sides of
such a rectangle lie on edges: the plane around the layout is drawn in top view, turned
through a few angles about the layout's own, and at every point the edge strength along the
four sides is summed with box filters (a generalised Hough transform for one known shape).
The strongest places that no found card covers are snapped to the edges (verify.snap_card)
and read; only a card whose pips and clear index agree (verify.is_sure) is added, so a
rectangle straddling two cards or a pattern of the table adds nothing.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from .cards import rectify
from .layout import CH, CW
from .rank import read_rank
from .recover import _to_mm, onto_neighbour
from .verify import is_sure, paper_border, snap_card

PX_PER_MM = 1.0         # the top view's scale: a card is 63 x 88 px, its sides still sharp edges
ANGLES_DEG = (-6.0, -3.0, 0.0, 3.0, 6.0)    # turns about the layout's axis (cards lie a few degrees askew)
SIDE_SHARE = 0.8        # each side's edge is summed over this share of its length (corners round off)
MARGIN_CARDS = 1.0      # the view reaches this many card lengths past the cards found
MIN_SHARE = 0.5         # a place is tried at this share of the found cards' median score (tools/fit_sweep.py)
MAX_TRIED = 12          # at most this many places are read (each read costs ~10 ms)
PEAK_APART = 0.3        # places tried lie this many card widths apart at least: a rectangle straddling two
                        # touching cards (or on a cloth's stripes) can outscore the true place beside it
                        # (tools/fit_sweep.py --param peak_apart: even photos 92.53 % at 0.6, 93.98 % at 0.3)
UNSURE_PAPER = 0.5      # an unsure place is card-shaped only with this much paper round a number card's face
SNAP_MM = 4.0           # a place is snapped to the card's edges within this (the view's grid is 1 mm, turns 3 deg)


def _shift(a: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """a moved so that out[y, x] = a[y + dy, x + dx] (zeros past the border)."""
    out = np.zeros_like(a)
    h, w = a.shape
    out[max(0, -dy):min(h, h - dy), max(0, -dx):min(w, w - dx)] = a[max(0, dy):min(h, h + dy), max(0, dx):min(w, w + dx)]
    return out


def rectangle_scores(gray: np.ndarray, Hi: np.ndarray, centre_mm: np.ndarray, half_mm: float, axis: float):
    """For every point of a top view of the table (PX_PER_MM, 2 half_mm square about centre_mm,
    turned to the layout's axis): the best over ANGLES_DEG of the mean edge strength along a
    card's four sides centred there, plus the weakest side's (each side must show).
    Returns (scores, angle per point in degrees, view px -> image px homography)."""
    s = PX_PER_MM
    c, n = math.cos(axis), math.sin(axis)
    size = int(2 * half_mm * s)
    view_to_mm = np.array([[c / s, -n / s, 0.0], [n / s, c / s, 0.0], [0.0, 0.0, 1.0]])
    view_to_mm[:2, 2] = centre_mm - np.array([[c, -n], [n, c]]) @ np.array([half_mm, half_mm])
    to_img = np.linalg.inv(Hi) @ view_to_mm
    view = cv2.warpPerspective(gray, to_img, (size, size), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    view = cv2.GaussianBlur(view, (0, 0), 1.0)
    w2, h2 = int(round(CW * s / 2)), int(round(CH * s / 2))
    best = angle = None
    for deg in ANGLES_DEG:
        turn = cv2.getRotationMatrix2D((size / 2, size / 2), deg, 1.0)
        v = cv2.warpAffine(view, turn, (size, size), borderMode=cv2.BORDER_REPLICATE)
        across = cv2.boxFilter(np.abs(cv2.Sobel(v, cv2.CV_32F, 1, 0, ksize=3)), -1, (1, int(2 * SIDE_SHARE * h2)))
        down = cv2.boxFilter(np.abs(cv2.Sobel(v, cv2.CV_32F, 0, 1, ksize=3)), -1, (int(2 * SIDE_SHARE * w2), 1))
        sides = np.stack([_shift(across, -w2, 0), _shift(across, w2, 0), _shift(down, 0, -h2), _shift(down, 0, h2)])
        score = (sides.mean(0) + sides.min(0)) / 8
        # back to the unturned view, so one place is one card whatever the angle
        score = cv2.warpAffine(score, turn, (size, size), flags=cv2.WARP_INVERSE_MAP)
        if best is None:
            best, angle = score, np.full_like(score, deg)
        else:
            better = score > best
            best[better] = score[better]
            angle[better] = deg
    return best, angle, to_img


def _peaks(scores: np.ndarray, floor: float, spacing: int) -> list[tuple[int, int]]:
    """Local maxima above floor, at least spacing apart, strongest first."""
    top = cv2.dilate(scores, np.ones((spacing, spacing), np.uint8))
    ys, xs = np.where((scores >= top) & (scores > floor))
    order = np.argsort(-scores[ys, xs])
    return [(int(xs[i]), int(ys[i])) for i in order]


class Swept(NamedTuple):
    """What the sweep found: cards read surely [(corners px, reading)], and the outlines (px)
    of card-shaped places it read without that certainty (a card the player should check)."""
    cards: list
    unsure: list


def swept_cards(img: np.ndarray, Hi: np.ndarray, quads: list[np.ndarray], axis_mm: np.ndarray) -> Swept:
    """Face-up cards lying on the table plane Hi (image px -> table mm) where none of quads
    (the cards and backs found, image px) lies (see Swept)."""
    if not quads:
        return Swept([], [])
    centres = np.array([_to_mm(Hi, q).mean(0) for q in quads])
    centre = (centres.max(0) + centres.min(0)) / 2
    half = float(np.abs(centres - centre).max()) + (0.5 + MARGIN_CARDS) * CH
    axis = math.atan2(axis_mm[1], axis_mm[0])
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    scores, angle, to_img = rectangle_scores(gray, Hi, centre, half, axis)
    img_to_view = np.linalg.inv(to_img)
    found = cv2.perspectiveTransform(np.array([q.mean(0) for q in quads], np.float64).reshape(-1, 1, 2),
                                     img_to_view).reshape(-1, 2)
    h, w = scores.shape
    inside = [(int(round(x)), int(round(y))) for x, y in found if 0 <= x < w and 0 <= y < h]
    if not inside:
        return Swept([], [])
    level = float(np.median([scores[y, x] for x, y in inside]))
    others = [np.float32(q) for q in quads]
    out: list = []
    unsure: list = []
    tried = 0
    w2, h2 = CW * PX_PER_MM / 2, CH * PX_PER_MM / 2
    card = np.array([[-w2, -h2], [w2, -h2], [w2, h2], [-w2, h2]])      # centred, in view px
    for x, y in _peaks(scores, MIN_SHARE * level, int(PEAK_APART * CW * PX_PER_MM)):
        if tried >= MAX_TRIED:
            break
        a = math.radians(float(angle[y, x]))
        c, n = math.cos(a), math.sin(a)
        box = card @ np.array([[c, n], [-n, c]]) + (x, y)
        corners = cv2.perspectiveTransform(box.reshape(-1, 1, 2), to_img).reshape(4, 2)
        if onto_neighbour(corners, others, -1):
            continue            # a card found already (or two halves of found ones)
        tried += 1
        corners, _ = snap_card(img, Hi, _to_mm(Hi, corners), SNAP_MM)
        if onto_neighbour(corners, others, -1):
            continue
        face = rectify(img, corners)
        r = read_rank(face)
        if is_sure(r):
            out.append((corners, r))
            others.append(np.float32(corners))
        elif r.kind == "number" and paper_border(face) >= UNSURE_PAPER:
            unsure.append(corners)
    return Swept(out, unsure)
