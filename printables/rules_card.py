"""The rules card: one sheet, two sides, in English, Spanish or German.

Words come from `rules_text`; this module only typesets them (two columns,
platypus) and draws the four diagrams: the deal, the worked example, the
touching pairs and a scored stretch of pad.  The deal diagram is the play
mat scaled down, so card, pile and letter positions match the real mat.

The typesetting lives in `printables.card`, shared with the Topple and
Pyramid Solitaire cards, so the three cards look alike.
"""
from __future__ import annotations

from typing import BinaryIO
from xml.sax.saxutils import escape  # noqa: F401  (texts carry markup on purpose)

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib.colors import Color, white
from reportlab.lib.units import mm

from assistant.bowling.layout import ADJACENT_PAIRS
from assistant.bowling.scoring import score_rolls
from printables import card
from printables.card import ACCENT, CARD_BACK, HIGHLIGHT, INK, SOFT
from printables.card import card_shape as _card
from printables.card import drawing as _drawing
from printables.fonts import register_fonts
from printables.grid import ball_box_marks
from printables.paper import Output, paper_size, render_bytes, write_pdf
from printables.rules_text import (EXAMPLE_GAME, EXAMPLE_GAME_SHOWN, EXAMPLE_PINS,
                                   EXAMPLE_ROLLS, EXAMPLE_TAKE, EXAMPLE_TOPS, TEXTS,
                                   RulesText)
from assistant.bowling import mat as L

# --- diagrams -----------------------------------------------------------------

DIAGRAM_SCALE = 0.19          # mat mm -> diagram mm
TRIANGLE_ROWS_MM = 364.0      # mat rows end here; the markers below are left out


def _mat_xy(x_mm: float, y_mm: float, height_mm: float, dx: float = 0.0) -> tuple[float, float]:
    """Mat mm (y down) -> drawing points (y up), scaled."""
    return (dx + x_mm * DIAGRAM_SCALE) * mm, (height_mm - y_mm * DIAGRAM_SCALE) * mm


def _triangle_and_piles(text: RulesText, *, values: dict | None, tops: dict | None,
                        highlight=(), pad_top_mm: float = 4.0, label_right_mm: float = 36.0):
    """The mat in miniature: pins lettered (or valued), piles as stacks."""
    regular, bold = register_fonts()
    w_mm = L.MAT_W_MM * DIAGRAM_SCALE
    h_mm = TRIANGLE_ROWS_MM * DIAGRAM_SCALE + pad_top_mm + 10.0
    d = _drawing((w_mm + label_right_mm) * mm, h_mm * mm)
    g = Group()
    top = h_mm - pad_top_mm
    cw, ch = L.CARD_W_MM * DIAGRAM_SCALE * mm, L.CARD_H_MM * DIAGRAM_SCALE * mm
    for pin, (x, y) in L.PIN_SLOTS.items():
        px, py = _mat_xy(x, y, top)
        fill = HIGHLIGHT if pin in highlight else white
        _card(g, px, py, cw, ch, fill=fill, width=1.1 if pin in highlight else 0.6)
        if values is None:
            g.add(String(px, py - 4.4, pin, fontName=bold, fontSize=13, fillColor=INK,
                         textAnchor="middle"))
        else:
            g.add(String(px, py - 4.2, _rank(values[pin]), fontName=bold, fontSize=13,
                         fillColor=INK, textAnchor="middle"))
            g.add(String(px - cw / 2 + 1.2 * mm, py + ch / 2 - 2.8 * mm, pin, fontName=regular,
                         fontSize=6.5, fillColor=SOFT))
    counts = {"1": 5, "2": 3, "3": 2}
    for pile, (x, y) in L.PILE_SLOTS.items():
        px, py = _mat_xy(x, y, top)
        n = counts[pile]
        step = 0.55 * mm
        for k in range(n - 1, 0, -1):          # face-down cards peeking out below the top
            _card(g, px + k * step, py - k * step, cw, ch, fill=CARD_BACK, width=0.5)
        _card(g, px, py, cw, ch)
        label = str(pile) if tops is None else _rank(tops[pile])
        g.add(String(px, py - 4.2, label, fontName=bold, fontSize=13,
                     fillColor=INK if tops else ACCENT, textAnchor="middle"))
        caption = text.labels["pile"].format(n=pile) + " · " + text.labels["cards"].format(n=n)
        if pile == "3":        # pile 2 sits right below pile 3: caption to the side
            g.add(String(px + cw / 2 + 2.5 * mm, py - 1.0 * mm, "← " + caption,
                         fontName=regular, fontSize=7, fillColor=SOFT))
        else:                  # two short lines, clear of the head-pin label beside them
            below = py - ch / 2 - (n - 1) * step
            for k, line in enumerate((text.labels["pile"].format(n=pile),
                                      text.labels["cards"].format(n=n))):
                g.add(String(px + 0.5 * mm, below - (3.2 + 2.8 * k) * mm, line,
                             fontName=regular, fontSize=7, fillColor=SOFT, textAnchor="middle"))
    # Labels on the right: the back row and the player's side.
    lx = (w_mm + 2.0) * mm
    _, back_y = _mat_xy(0, L.PIN_SLOTS["A"][1], top)
    g.add(String(lx, back_y - 1.0 * mm, "← " + text.labels["back"] + " A–D", fontName=regular,
                 fontSize=7, fillColor=SOFT))
    _, you_y = _mat_xy(0, TRIANGLE_ROWS_MM, top)
    g.add(String(lx, you_y + 1.0 * mm, "↓ " + text.labels["you"], fontName=regular,
                 fontSize=7, fillColor=SOFT))
    if values is None:
        jx, jy = _mat_xy(*L.PIN_SLOTS["J"], top)
        g.add(String(jx, jy - ch / 2 - 3.2 * mm, text.labels["head"], fontName=regular,
                     fontSize=7, fillColor=SOFT, textAnchor="middle"))
    d.add(g)
    return d


def _rank(value: int) -> str:
    return "10" if value == 0 else ("A" if value == 1 else str(value))


def deal_diagram(text: RulesText) -> Drawing:
    return _triangle_and_piles(text, values=None, tops=None)


def example_diagram(text: RulesText) -> Drawing:
    return _triangle_and_piles(text, values=EXAMPLE_PINS, tops=EXAMPLE_TOPS,
                               highlight=EXAMPLE_TAKE)


ADJ_PITCH_X, ADJ_PITCH_Y, ADJ_R = 12.5, 10.5, 3.6     # mm


def adjacency_positions() -> dict[str, tuple[float, float]]:
    """Pin centres for the touching-pairs drawing, in mm, y up, from the mat's rows."""
    rows = sorted({y for _, y in L.PIN_SLOTS.values()})
    out = {}
    for pin, (x, y) in L.PIN_SLOTS.items():
        col = (x - L.MAT_W_MM / 2) / L.PITCH_X          # -1.5 .. 1.5
        row = rows.index(y)
        out[pin] = (ADJ_R + 1.5 * ADJ_PITCH_X + col * ADJ_PITCH_X + 1.0,
                    ADJ_R + (3 - row) * ADJ_PITCH_Y + 1.0)
    return out


def adjacency_diagram(text: RulesText) -> Drawing:
    regular, bold = register_fonts()
    pos = adjacency_positions()
    width_mm = 3 * ADJ_PITCH_X + 2 * ADJ_R + 2
    height_mm = 3 * ADJ_PITCH_Y + 2 * ADJ_R + 2
    d = _drawing(86 * mm, height_mm * mm)
    for a, b in ADJACENT_PAIRS:
        (ax, ay), (bx, by) = pos[a], pos[b]
        d.add(Line(ax * mm, ay * mm, bx * mm, by * mm, strokeColor=ACCENT, strokeWidth=1.1))
    for pin, (x, y) in pos.items():
        d.add(Circle(x * mm, y * mm, ADJ_R * mm, fillColor=white, strokeColor=INK, strokeWidth=0.7))
        d.add(String(x * mm, y * mm - 3.0, pin, fontName=bold, fontSize=8.5, fillColor=INK,
                     textAnchor="middle"))
    # The same pairs in words, grouped as a player reads the triangle.
    same_row = [p for p in ADJACENT_PAIRS if _row(p[0]) == _row(p[1])]
    diagonal = [p for p in ADJACENT_PAIRS if _row(p[0]) != _row(p[1])]
    lines = [same_row, diagonal[:6], diagonal[6:]]
    x0 = (width_mm + 5) * mm
    d.add(String(x0, (height_mm - 4) * mm, text.labels["adjacent"], fontName=bold, fontSize=7.5,
                 fillColor=ACCENT))
    for i, pairs in enumerate(lines):
        s = "  ".join(f"{a}–{b}" for a, b in pairs)
        d.add(String(x0, (height_mm - 10 - 5.5 * i) * mm, s, fontName=regular, fontSize=7.2,
                     fillColor=INK))
    return d


def _row(pin: str) -> int:
    return sorted({y for _, y in L.PIN_SLOTS.values()}).index(L.PIN_SLOTS[pin][1])


def _pad_drawing(text: RulesText, rolls, first: int, last: int) -> Drawing:
    """Frames first..last-1 of a pad, marks and running totals exactly as the scorer writes them."""
    regular, bold = register_fonts()
    frames = score_rolls(list(rolls)).frames[first:last]
    fw, fh, bb, head = 16.5, 12.0, 5.0, 4.4
    widths = [fw * 1.4 if first + i == 9 else fw for i in range(len(frames))]
    d = _drawing((sum(widths) + 1) * mm, (fh + head + 1) * mm)
    x = 0.5
    for i, frame in enumerate(frames):
        index, w = first + i, widths[i]
        d.add(Rect(x * mm, (fh + 0.5) * mm, w * mm, head * mm, fillColor=Color(0.92, 0.92, 0.92),
                   strokeColor=INK, strokeWidth=0.6))
        d.add(String((x + w / 2) * mm, (fh + 1.6) * mm, f"{text.labels['frame']} {index + 1}",
                     fontName=bold, fontSize=6.3, fillColor=INK, textAnchor="middle"))
        d.add(Rect(x * mm, 0.5 * mm, w * mm, fh * mm, fillColor=None, strokeColor=INK,
                   strokeWidth=0.8))
        boxes = ball_box_marks(index, frame.marks)
        for b, mark in enumerate(boxes):
            bx = x + w - (len(boxes) - b) * bb
            d.add(Rect(bx * mm, (fh + 0.5 - bb) * mm, bb * mm, bb * mm, fillColor=None,
                       strokeColor=INK, strokeWidth=0.5))
            if mark:
                d.add(String((bx + bb / 2) * mm, (fh + 0.5 - bb + 1.3) * mm, mark,
                             fontName=bold, fontSize=9, fillColor=INK, textAnchor="middle"))
        if frame.total is not None:
            d.add(String((x + w / 2) * mm, 2.4 * mm, str(frame.total), fontName=regular,
                         fontSize=9.5, fillColor=INK, textAnchor="middle"))
        x += w
    return d


def pad_diagram(text: RulesText) -> Drawing:
    return _pad_drawing(text, EXAMPLE_ROLLS, 0, 5)


def tenth_diagram(text: RulesText) -> Drawing:
    return _pad_drawing(text, EXAMPLE_GAME, *EXAMPLE_GAME_SHOWN)


DIAGRAMS = {"deal": deal_diagram, "example": example_diagram,
            "adjacency": adjacency_diagram, "pad": pad_diagram, "tenth": tenth_diagram}


# --- the document -------------------------------------------------------------

def story_for(text: RulesText) -> list:
    return card.story_for(text, DIAGRAMS)


def render_rules(out: BinaryIO, lang: str = "en", paper: str = "letter") -> None:
    card.render_card(out, TEXTS[lang], DIAGRAMS, paper)


def check_lang(lang: str) -> str:
    return card.check_lang(lang, TEXTS)


def build_rules(out: Output, lang: str = "en", paper: str = "letter") -> Output:
    """Write the rules card to a path (atomically) or a binary file object; return it."""
    lang = check_lang(lang)
    paper_size(paper)
    return write_pdf(lambda buf: render_rules(buf, lang, paper), out)


def render_rules_bytes(lang: str = "en", paper: str = "letter") -> bytes:
    lang = check_lang(lang)
    paper_size(paper)
    return render_bytes(lambda buf: render_rules(buf, lang, paper))
