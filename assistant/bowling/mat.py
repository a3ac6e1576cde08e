"""Geometry of the printed play mat, shared by the recogniser and the PDF printer.

One source of truth: `printables` draws the mat from these numbers and the
recogniser maps ArUco marker corners back to them, so a change here moves both.
Coordinates are millimetres on the mat, origin at the far-left corner (the side
away from the player), x to the player's right, y towards the player.

The full layout (triangle plus three piles, real 63 x 88 mm cards) does not fit
one A4/Letter sheet, so the mat is 264 x 400 mm and prints as two landscape
halves joined at y = 200 mm.  The piles sit in the free corners beside the
narrow end of the triangle: pile 1 left of J, pile 2 right of J, pile 3 right of I.
"""
from __future__ import annotations

from .layout import LATTICE

CARD_W_MM = 63.0
CARD_H_MM = 88.0
GAP_MM = 2.0
PITCH_X = CARD_W_MM + GAP_MM          # 65 mm between neighbouring pin centres in a row
PITCH_Y = CARD_H_MM + GAP_MM          # 90 mm between rows

MAT_W_MM = 264.0
MAT_H_MM = 400.0
JOIN_Y_MM = MAT_H_MM / 2              # the two printed halves meet here

_CX = MAT_W_MM / 2
_ROW_Y = [4.0 + CARD_H_MM / 2 + i * PITCH_Y for i in range(4)]   # 48, 138, 228, 318

# Centre of each slot, in mm.  Pins by letter (the triangle's LATTICE at the mat's pitch),
# piles as "1", "2", "3".
PIN_SLOTS: dict[str, tuple[float, float]] = {
    pin: (_CX + u * PITCH_X, _ROW_Y[v]) for pin, (u, v) in LATTICE.items()}
PILE_SLOTS: dict[str, tuple[float, float]] = {
    "1": (_CX - 1.5 * PITCH_X, _ROW_Y[3]),
    "2": (_CX + 1.5 * PITCH_X, _ROW_Y[3]),
    "3": (_CX + 1.5 * PITCH_X, _ROW_Y[2]),
}

# ArUco markers: OpenCV's 4x4 dictionary, ids 0..5, each MARKER_MM square,
# centred at these points (all in free space: none under a card slot).
ARUCO_DICT_NAME = "DICT_4X4_50"
MARKER_MM = 20.0
MARKERS: dict[int, tuple[float, float]] = {
    0: (17.0, _ROW_Y[1]),                     # left of E
    1: (MAT_W_MM - 17.0, _ROW_Y[1]),          # right of G
    2: (33.5, _ROW_Y[2]),                     # left of H
    3: (34.5, 382.0),                         # below pile 1
    4: (_CX, 382.0),                          # below J
    5: (MAT_W_MM - 34.5, 382.0),              # below pile 2
}


def marker_corners_mm(marker_id: int) -> list[tuple[float, float]]:
    """The marker's four corners in mat mm, in OpenCV's order (TL, TR, BR, BL)."""
    cx, cy = MARKERS[marker_id]
    h = MARKER_MM / 2
    return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]


def slot_corners_mm(name: str) -> list[tuple[float, float]]:
    """A card slot's four corners (TL, TR, BR, BL) in mat mm; name is a pin letter or pile number."""
    cx, cy = PIN_SLOTS.get(name) or PILE_SLOTS[name]
    w, h = CARD_W_MM / 2, CARD_H_MM / 2
    return [(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]
