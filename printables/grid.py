"""The bowling score grid, shared by the blank pad and the filled sheet.

One game is a `GameGrid` flowable: a header row (frame numbers), one row per
player (name box, ten frames, total box) and an optional date/notes line.
Each frame is a large box with its ball boxes in the top-right corner (two,
three in the tenth) and room for the running total below them.  All sizes
live in `GridGeometry`, in millimetres, so the pad's look is data and the
tests can count exactly the boxes it promises.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from reportlab.lib.colors import Color, black
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from printables.fonts import register_fonts

FRAMES = 10
LINE = Color(0.15, 0.15, 0.15)
LABEL_INK = Color(0.35, 0.35, 0.35)
HEADER_FILL = Color(0.92, 0.92, 0.92)


@dataclass(frozen=True)
class GridGeometry:
    """Every measure of a game grid, in mm."""
    name_w: float = 40.0
    frame_w: float = 19.0
    tenth_w: float = 27.0
    total_w: float = 22.0
    header_h: float = 5.5
    row_h: float = 16.0
    ball_box: float = 6.5
    footer_h: float = 9.0

    @property
    def width(self) -> float:
        return self.name_w + 9 * self.frame_w + self.tenth_w + self.total_w

    def height(self, players: int, footer: bool = True) -> float:
        return self.header_h + players * self.row_h + (self.footer_h if footer else 0.0)

    def frame_x(self, index: int) -> float:
        """Left edge of frame `index` (0..9) from the grid's left edge."""
        return self.name_w + index * self.frame_w

    def frame_width(self, index: int) -> float:
        return self.tenth_w if index == FRAMES - 1 else self.frame_w

    def balls(self, index: int) -> int:
        return 3 if index == FRAMES - 1 else 2

    @classmethod
    def fit(cls, width_mm: float, *, ball_box: float = 6.5, name_w: float = 40.0,
            total_w: float = 22.0) -> "GridGeometry":
        """Frames as wide as `width_mm` allows; the tenth holds three ball boxes plus margin."""
        tenth_share = 1.45
        frame_w = (width_mm - name_w - total_w) / (9 + tenth_share)
        return cls(name_w=name_w, frame_w=round(frame_w, 2), tenth_w=round(frame_w * tenth_share, 2),
                   total_w=total_w, ball_box=ball_box)

    def usable(self) -> bool:
        """Wide enough to write in: room for a pen beside the ball boxes."""
        return (self.frame_w >= 2 * self.ball_box + 4 and self.tenth_w >= 3 * self.ball_box + 4)


@dataclass
class PlayerRow:
    """What one row shows: blank for the pad, filled for a sheet."""
    name: str = ""
    marks: Sequence[str] = ()          # per frame, one char per ball box ('X', '7/', 'X7/')
    totals: Sequence[int | None] = ()  # per frame running total, None = not known yet
    total: int | None = None           # the Total column


def ball_box_marks(frame_index: int, marks: str) -> list[str]:
    """Which mark goes in which ball box: a strike in frames 1-9 goes in the right-hand box."""
    boxes = [""] * (3 if frame_index == FRAMES - 1 else 2)
    if frame_index < FRAMES - 1 and marks == "X":
        boxes[1] = "X"
        return boxes
    for i, ch in enumerate(marks[: len(boxes)]):
        boxes[i] = ch
    return boxes


class GameGrid(Flowable):
    """One game's grid; splits between player rows (repeating the header) if a page is too short."""

    def __init__(self, rows: Sequence[PlayerRow], geometry: GridGeometry, *,
                 label: str = "", footer: bool = True, first_row: int = 0):
        super().__init__()
        self.rows = list(rows)
        self.geo = geometry
        self.label = label
        self.footer = footer
        self.first_row = first_row
        self.regular, self.bold = register_fonts()

    def wrap(self, availWidth, availHeight):
        self.width = self.geo.width * mm
        self.height = self.geo.height(len(self.rows), self.footer) * mm
        return self.width, self.height

    def split(self, availWidth, availHeight):
        g = self.geo
        fit = int((availHeight / mm - g.header_h - 0.01) // g.row_h)
        if fit < 1 or fit >= len(self.rows):
            return []
        head = GameGrid(self.rows[:fit], g, label=self.label, footer=False, first_row=self.first_row)
        tail = GameGrid(self.rows[fit:], g, label=self.label + " (cont.)" if self.label else "",
                        footer=self.footer, first_row=self.first_row + fit)
        return [head, tail]

    # -- drawing, in mm from the grid's top-left corner ----------------------

    def _y(self, y_mm: float) -> float:
        return self.height - y_mm * mm

    def _box(self, x, y, w, h, *, fill=0):
        c = self.canv
        c.rect(x * mm, self._y(y + h), w * mm, h * mm, stroke=1, fill=fill)

    def _text(self, x, y, text, *, size, bold=False, align="centre", color=black):
        c = self.canv
        c.setFillColor(color)
        c.setFont(self.bold if bold else self.regular, size)
        draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
        draw(x * mm, self._y(y), text)

    def draw(self):
        g, c = self.geo, self.canv
        c.saveState()
        c.setStrokeColor(LINE)
        self._draw_header()
        for i, row in enumerate(self.rows):
            self._draw_row(g.header_h + i * g.row_h, row)
        if self.footer:
            self._draw_footer(g.header_h + len(self.rows) * g.row_h)
        c.restoreState()

    def _draw_header(self):
        g, c = self.geo, self.canv
        c.setLineWidth(0.6)
        c.setFillColor(HEADER_FILL)
        c.rect(0, self._y(g.header_h), g.width * mm, g.header_h * mm, stroke=0, fill=1)
        base = g.header_h - 1.6
        self._text(2, base, self.label or "Player", size=8, bold=True, align="left")
        for i in range(FRAMES):
            self._text(g.frame_x(i) + g.frame_width(i) / 2, base, str(i + 1), size=8, bold=True)
        self._text(g.width - g.total_w / 2, base, "Total", size=8, bold=True)
        c.setLineWidth(0.4)
        for i in range(FRAMES + 1):                  # column rules in the header band
            x = g.frame_x(i) if i < FRAMES else g.width - g.total_w
            c.line(x * mm, self._y(0), x * mm, self._y(g.header_h))
        c.setLineWidth(1.0)
        c.rect(0, self._y(g.header_h), g.width * mm, g.header_h * mm, stroke=1, fill=0)

    def _draw_row(self, top: float, row: PlayerRow):
        g, c = self.geo, self.canv
        h = g.row_h
        middle = top + h / 2 + 1.4                    # baseline of name and total, 10 pt
        c.setLineWidth(1.0)
        self._box(0, top, g.name_w, h)                 # name box
        self._box(g.width - g.total_w, top, g.total_w, h)   # total box
        if row.name:
            name, size = _fit_text(row.name, self.bold, 10, (g.name_w - 4) * mm)
            self._text(2, middle, name, size=size, bold=True, align="left")
        if row.total is not None:
            self._text(g.width - g.total_w / 2, middle, str(row.total), size=12, bold=True)
        for i in range(FRAMES):
            x, w = g.frame_x(i), g.frame_width(i)
            c.setLineWidth(1.0)
            self._box(x, top, w, h)                    # the frame box
            c.setLineWidth(0.5)
            marks = row.marks[i] if i < len(row.marks) else ""
            boxes = ball_box_marks(i, marks)
            first_box_x = x + w - len(boxes) * g.ball_box
            for b, mark in enumerate(boxes):
                bx = first_box_x + b * g.ball_box
                self._box(bx, top, g.ball_box, g.ball_box)   # a ball box
                if mark:
                    self._text(bx + g.ball_box / 2, top + g.ball_box - 1.6, mark, size=11, bold=True)
            total = row.totals[i] if i < len(row.totals) else None
            if total is not None:
                self._text(x + w / 2, top + h - 2.6, str(total), size=12, bold=False)

    def _draw_footer(self, top: float):
        g, c = self.geo, self.canv
        base = top + g.footer_h - 2.6
        c.setLineWidth(0.4)
        c.setStrokeColor(LABEL_INK)
        self._text(0, base, "Date", size=8, align="left", color=LABEL_INK)
        c.line(9 * mm, self._y(base + 0.8), 48 * mm, self._y(base + 0.8))
        self._text(52, base, "Notes", size=8, align="left", color=LABEL_INK)
        c.line(62 * mm, self._y(base + 0.8), g.width * mm, self._y(base + 0.8))


def _fit_text(text: str, font: str, size: float, width_pt: float, min_size: float = 7.0):
    """Shrink a long name down to min_size, then shorten it with an ellipsis; (text, size)."""
    while size > min_size and stringWidth(text, font, size) > width_pt:
        size = max(min_size, size - 0.5)
    if stringWidth(text, font, size) <= width_pt:
        return text, size
    while text and stringWidth(text + "…", font, size) > width_pt:
        text = text[:-1]
    return text + "…", size
