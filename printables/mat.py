"""The play mat: two landscape sheets that tape together into the 264 x 400 mm mat.

Every position comes from `assistant.bowling.mat`, the geometry the recogniser
maps photos back to, so what we print is what it expects.  Mat coordinates are
millimetres from the far-left corner, y towards the player; this module only
adds where each half sits on its sheet and the joining aids.

Sheet 1 holds y 0..200 (back rows) and is trimmed along its bottom edge, the
join line; sheet 2 holds y 200..400 and keeps a strip above its join line that
the trimmed sheet 1 overlaps.  Sheet 1 sits a little high on its paper and
sheet 2 a little low so that strip and the trimming waste are wider than the
printer's margin.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import BinaryIO

import cv2
import numpy as np
from reportlab.lib.colors import Color, black, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit

from printables.fonts import register_fonts
from printables.paper import Output, make_canvas, paper_size, render_bytes, write_pdf
from assistant.bowling import mat as L

HALF_H_MM = L.JOIN_Y_MM
SHIFT_MM = 3.0            # sheet 1 up, sheet 2 down, away from the join
MIN_EDGE_MM = 1.0         # never place the mat edge closer than this to the paper edge

OUTLINE = Color(0.25, 0.25, 0.25)
LETTER_INK = Color(0.72, 0.72, 0.72)
HINT_INK = Color(0.80, 0.80, 0.80)
GUIDE_INK = Color(0.45, 0.45, 0.45)
MAT_EDGE = Color(0.70, 0.70, 0.70)

OUTLINE_W_PT = 0.8
# Where the join is free of card outlines: the mat edges and the open corner left of H.
ALIGN_TICKS_X_MM = (0.0, 34.0, L.MAT_W_MM)
PILE_CARDS = {"1": 5, "2": 3, "3": 2}


@dataclass(frozen=True)
class Half:
    """One printed sheet: which mat rows it holds and where they sit on the paper."""
    index: int                 # 0 = sheet 1 (top, y 0..200), 1 = sheet 2 (bottom)
    page_w_mm: float
    page_h_mm: float
    left_mm: float             # paper left edge -> mat x = 0
    top_mm: float              # paper top edge -> this half's first mat row

    @property
    def y0(self) -> float:
        return self.index * HALF_H_MM

    @property
    def y1(self) -> float:
        return self.y0 + HALF_H_MM

    def to_pt(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """Mat mm (y down) -> PDF points on this page (y up)."""
        return ((self.left_mm + x_mm) * mm,
                (self.page_h_mm - self.top_mm - (y_mm - self.y0)) * mm)


def halves(paper: str = "letter") -> tuple[Half, Half]:
    """The two sheets' placement on landscape paper."""
    w_pt, h_pt = paper_size(paper, landscape_=True)
    w, h = w_pt / mm, h_pt / mm
    left = (w - L.MAT_W_MM) / 2
    centred = (h - HALF_H_MM) / 2
    top1 = max(MIN_EDGE_MM, centred - SHIFT_MM)
    top2 = min(h - HALF_H_MM - MIN_EDGE_MM, centred + SHIFT_MM)
    return Half(0, w, h, left, top1), Half(1, w, h, left, top2)


def adjacent_pin_pairs() -> list[tuple[str, str]]:
    """The 18 touching pin pairs, derived from the slot geometry itself.

    Pins touch across a row (one pitch apart) or diagonally (half a pitch
    sideways, one row apart); nothing else in the triangle is that close.
    """
    pairs = []
    for a, b in combinations(sorted(L.PIN_SLOTS), 2):
        (ax, ay), (bx, by) = L.PIN_SLOTS[a], L.PIN_SLOTS[b]
        dx, dy = abs(ax - bx), abs(ay - by)
        same_row = dy < 1e-6 and abs(dx - L.PITCH_X) < 1e-6
        diagonal = abs(dy - L.PITCH_Y) < 1e-6 and abs(dx - L.PITCH_X / 2) < 1e-6
        if same_row or diagonal:
            pairs.append((a, b))
    return pairs


def marker_cells(marker_id: int) -> np.ndarray:
    """The marker as a 6x6 array of cells (True = black), border included, from OpenCV."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, L.ARUCO_DICT_NAME))
    image = cv2.aruco.generateImageMarker(dictionary, marker_id, 6, borderBits=1)
    return image < 128


# --- drawing ---------------------------------------------------------------

def _rect_mm(c, half: Half, x: float, y: float, w: float, h: float, *, stroke=1, fill=0):
    """Rectangle with its top-left corner at mat (x, y); one `re` operator in the PDF."""
    px, py = half.to_pt(x, y + h)
    c.rect(px, py, w * mm, h * mm, stroke=stroke, fill=fill)


def _text_mm(c, half: Half, x: float, y: float, text: str, *, font: str, size: float,
             align: str = "left", color=black):
    c.setFillColor(color)
    c.setFont(font, size)
    px, py = half.to_pt(x, y)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](px, py, text)


def _clip_to_half(c, half: Half):
    p = c.beginPath()
    x, y = half.to_pt(0, half.y1)
    p.rect(x, y, L.MAT_W_MM * mm, HALF_H_MM * mm)
    c.clipPath(p, stroke=0, fill=0)


def _draw_hints(c, half: Half):
    """Light lines between touching pins, broken around each slot's big letter."""
    c.setStrokeColor(HINT_INK)
    c.setLineWidth(0.6)
    c.setDash(2, 2)
    gap = 13.0
    for a, b in adjacent_pin_pairs():
        (ax, ay), (bx, by) = L.PIN_SLOTS[a], L.PIN_SLOTS[b]
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        ux, uy = (bx - ax) / length, (by - ay) / length
        x1, y1 = half.to_pt(ax + ux * gap, ay + uy * gap)
        x2, y2 = half.to_pt(bx - ux * gap, by - uy * gap)
        c.line(x1, y1, x2, y2)
    c.setDash()


def _draw_slots(c, half: Half, bold: str, regular: str):
    c.setStrokeColor(OUTLINE)
    c.setLineWidth(OUTLINE_W_PT)
    slots = [(n, xy, "pin") for n, xy in L.PIN_SLOTS.items()]
    slots += [(n, xy, "pile") for n, xy in L.PILE_SLOTS.items()]
    for name, (cx, cy), kind in slots:
        top, bottom = cy - L.CARD_H_MM / 2, cy + L.CARD_H_MM / 2
        if bottom < half.y0 or top > half.y1:
            continue
        _rect_mm(c, half, cx - L.CARD_W_MM / 2, top, L.CARD_W_MM, L.CARD_H_MM)
        if kind == "pin":
            _text_mm(c, half, cx, cy + 7, name, font=bold, size=40, align="centre", color=LETTER_INK)
        else:
            _text_mm(c, half, cx, cy + 3, name, font=bold, size=34, align="centre", color=LETTER_INK)
            _text_mm(c, half, cx, cy + 12, f"pile {name}", font=regular, size=10,
                     align="centre", color=LETTER_INK)
            _text_mm(c, half, cx, cy + 17, f"{PILE_CARDS[name]} cards, top one face up",
                     font=regular, size=7, align="centre", color=LETTER_INK)


def _draw_markers(c, half: Half):
    cell = L.MARKER_MM / 6
    for marker_id, (cx, cy) in L.MARKERS.items():
        if not (half.y0 <= cy < half.y1):
            continue
        x0, y0 = cx - L.MARKER_MM / 2, cy - L.MARKER_MM / 2
        cells = marker_cells(marker_id)
        # One path for all black cells, runs merged along each row: a single
        # fill leaves no hairline seams between neighbouring cells.
        path = c.beginPath()
        for row in range(6):
            col = 0
            while col < 6:
                if not cells[row, col]:
                    col += 1
                    continue
                start = col
                while col < 6 and cells[row, col]:
                    col += 1
                px, py = half.to_pt(x0 + start * cell, y0 + (row + 1) * cell)
                path.rect(px, py, (col - start) * cell * mm, cell * mm)
        c.setFillColor(black)
        c.drawPath(path, stroke=0, fill=1)


def _draw_mat_edge(c, half: Half):
    """The mat's outer edge, light; on sheet 1 the bottom edge is the trim line instead."""
    c.setStrokeColor(MAT_EDGE)
    c.setLineWidth(0.4)
    (xl, yt), (xr, yb) = half.to_pt(0, half.y0), half.to_pt(L.MAT_W_MM, half.y1)
    c.line(xl, yt, xl, yb)
    c.line(xr, yt, xr, yb)
    if half.index == 0:
        c.line(xl, yt, xr, yt)
    else:
        c.line(xl, yb, xr, yb)


def _draw_join(c, half: Half, regular: str, bold: str):
    """Trim line (sheet 1) or join line (sheet 2), with matching alignment ticks."""
    y = HALF_H_MM
    x_left, x_right = -6.0, L.MAT_W_MM + 6.0
    c.setStrokeColor(black)
    c.setLineWidth(0.5)
    if half.index == 0:
        # Sheet 1 is cut exactly on this line; ticks run up from it.
        c.line(*half.to_pt(x_left, y), *half.to_pt(x_right, y))
        for x in ALIGN_TICKS_X_MM:
            c.line(*half.to_pt(x, y), *half.to_pt(x, y - 5))
        _text_mm(c, half, 4, y - 10, "Sheet 1 of 2 · back rows", font=bold, size=7, color=GUIDE_INK)
        _text_mm(c, half, 4, y - 6.5, "Trim on the line below, then join to sheet 2.",
                 font=regular, size=6.5, color=GUIDE_INK)
        _text_mm(c, half, 1, y + 4, "✂", font=regular, size=11, color=black)
        _text_mm(c, half, L.MAT_W_MM / 2, y + 3.5, "cut here · waste below",
                 font=regular, size=6.5, align="centre", color=GUIDE_INK)
    else:
        # Sheet 2 keeps paper above this line for sheet 1 to overlap; ticks run down.
        c.setDash(3, 2)
        c.line(*half.to_pt(x_left, HALF_H_MM), *half.to_pt(x_right, HALF_H_MM))
        c.setDash()
        for x in ALIGN_TICKS_X_MM:
            c.line(*half.to_pt(x, y), *half.to_pt(x, y + 5))
        _text_mm(c, half, L.MAT_W_MM / 2, y - 2.5, "overlap: sheet 1 covers this strip",
                 font=regular, size=6.5, align="centre", color=GUIDE_INK)
        _text_mm(c, half, 4, y + 7, "Sheet 2 of 2 · front rows and piles", font=bold, size=7,
                 color=GUIDE_INK)
        _text_mm(c, half, 4, y + 10.5, "Sheet 1's trimmed edge goes on the dashed line.",
                 font=regular, size=6.5, color=GUIDE_INK)


JOIN_INSTRUCTION = ("How to join: trim sheet 1 on its solid bottom line, lay that edge on the "
                    "dashed line of sheet 2 with ticks on ticks and the H, I and pile 3 outlines "
                    "running on, then tape the sheets together along the back.")


def _draw_guides(c, half: Half, regular: str, bold: str):
    """Sheet 2's free spaces: the join instruction, the title and a 50 mm scale bar."""
    x, y = 4.0, 247.0
    c.setFillColor(GUIDE_INK)
    lines = simpleSplit(JOIN_INSTRUCTION, regular, 7, 60 * mm)
    for i, line in enumerate(lines):
        _text_mm(c, half, x, y + 3.4 * i, line, font=regular, size=7, color=GUIDE_INK)

    # Between the bottom markers, clear of their quiet zones.
    _text_mm(c, half, 83, 380, "Tableside · Bowling Solitaire mat", font=bold, size=8,
             align="centre", color=GUIDE_INK)
    _text_mm(c, half, 83, 384.5, "Print at 100 % (actual size); cards 63 × 88 mm.",
             font=regular, size=6.5, align="centre", color=GUIDE_INK)
    bar_x, bar_y = 181 - 25, 377.0
    c.setStrokeColor(GUIDE_INK)
    c.setLineWidth(0.5)
    for i in range(5):           # 5 x 10 mm, alternately filled, like a map scale
        c.setFillColor(GUIDE_INK)
        _rect_mm(c, half, bar_x + 10 * i, bar_y, 10, 2.5, stroke=1, fill=i % 2 == 0)
    _text_mm(c, half, 181, bar_y + 7, "this bar must measure 50 mm", font=regular, size=6.5,
             align="centre", color=GUIDE_INK)


def render_mat(out: BinaryIO, paper: str = "letter") -> None:
    """Draw both sheets into a binary file object."""
    regular, bold = register_fonts()
    sheets = halves(paper)
    first = sheets[0]
    c = make_canvas(out, pagesize=(first.page_w_mm * mm, first.page_h_mm * mm))
    c.setTitle("Tableside – Bowling Solitaire play mat")
    c.setAuthor("Tableside")
    for half in sheets:
        c.saveState()
        _clip_to_half(c, half)
        _draw_hints(c, half)
        _draw_slots(c, half, bold, regular)
        _draw_markers(c, half)
        if half.index == 1:
            _draw_guides(c, half, regular, bold)
        c.restoreState()
        _draw_mat_edge(c, half)
        _draw_join(c, half, regular, bold)
        c.showPage()
    c.save()


def build_mat(out: Output, paper: str = "letter") -> Output:
    """Write the two-sheet mat PDF to a path (atomically) or a file object; return it."""
    paper_size(paper)              # reject a bad paper name before doing any work
    return write_pdf(lambda buf: render_mat(buf, paper), out)


def render_mat_bytes(paper: str = "letter") -> bytes:
    paper_size(paper)
    return render_bytes(lambda buf: render_mat(buf, paper))
