"""The Topple rules card: one sheet in Spanish or English, Bowling's look.

Words come from `topple_text`; `printables.card` typesets them; this module
draws the four pictures a player needs at the table: the board's level map
(which spaces a roll allows) and one small drawing per scoring rule, a line
or a stack seen from the side with the new piece marked and its points.

The level map is the rules document's (topple.md 2.4): level = 1 + the row
distance + the column distance from the centre C3.  It is computed here, not
typed in, and the tests hold it against the table printed in the document.
"""
from __future__ import annotations

from typing import BinaryIO

from reportlab.graphics.shapes import Drawing, Line, Polygon, Rect, String
from reportlab.lib.colors import Color
from reportlab.lib.units import mm

from printables import card
from printables.card import ACCENT, INK, SOFT
from printables.fonts import register_fonts
from printables.paper import Output, paper_for, render_bytes, write_pdf
from printables.card import RulesText
from printables.topple_text import (EXAMPLE_LINE_S1, EXAMPLE_LINE_S2,
                                    EXAMPLE_STACK_S3, TEXTS)

ROWS = "ABCDE"
COLUMNS = (1, 2, 3, 4, 5)
CENTRE = ("C", 3)

PIECE_FILL = {"P": Color(0.97, 0.62, 0.77), "Y": Color(1.00, 0.86, 0.25),
              "O": Color(0.98, 0.58, 0.20), "G": Color(0.42, 0.73, 0.42)}
# Lightest for the highest level, so the centre (level 1) stands out.
LEVEL_FILL = {1: Color(0.55, 0.70, 0.86), 2: Color(0.68, 0.79, 0.91), 3: Color(0.80, 0.87, 0.95),
              4: Color(0.89, 0.93, 0.97), 5: Color(0.97, 0.98, 1.00)}


def level(row: str, column: int) -> int:
    """The level printed on space row+column (A..E, 1..5)."""
    return 1 + abs(ROWS.index(row) - ROWS.index(CENTRE[0])) + abs(column - CENTRE[1])


def spaces_of_level(n: int) -> list[str]:
    return [f"{r}{c}" for r in ROWS for c in COLUMNS if level(r, c) == n]


# --- drawings -----------------------------------------------------------------

CELL = 7.8          # mm, one space of the level map
PIECE_W, PIECE_H, SLOT = 8.0, 3.8, 9.6      # mm, a piece seen from the side; one space's width


def levels_diagram(text: RulesText) -> Drawing:
    """The 5×5 board with each space's level, rows A–E and columns 1–5, and what a roll allows."""
    regular, bold = register_fonts()
    lab = text.labels
    left, top_pad = 5.0, 5.0
    height = top_pad + 5 * CELL + 1.0
    d = card.drawing(88 * mm, height * mm)
    for j, c in enumerate(COLUMNS):
        d.add(String((left + (j + 0.5) * CELL) * mm, (height - top_pad + 1.3) * mm, str(c),
                     fontName=bold, fontSize=8, fillColor=SOFT, textAnchor="middle"))
    for i, r in enumerate(ROWS):
        y = height - top_pad - (i + 1) * CELL
        d.add(String((left - 2.2) * mm, (y + CELL / 2 - 1.1) * mm, r, fontName=bold, fontSize=8,
                     fillColor=SOFT, textAnchor="middle"))
        for j, c in enumerate(COLUMNS):
            n = level(r, c)
            d.add(Rect((left + j * CELL) * mm, y * mm, CELL * mm, CELL * mm, fillColor=LEVEL_FILL[n],
                       strokeColor=INK, strokeWidth=1.2 if n == 1 else 0.6))
            d.add(String((left + (j + 0.5) * CELL) * mm, (y + CELL / 2 - 1.6) * mm, str(n),
                         fontName=bold, fontSize=11, fillColor=INK, textAnchor="middle"))
    # Legend: how many spaces each level has, then what each roll allows.
    x0 = left + 5 * CELL + 4.0
    y = height - top_pad - 3.0
    for n in range(1, 6):
        count = len(spaces_of_level(n))
        d.add(Rect(x0 * mm, (y - 0.6) * mm, 3.2 * mm, 3.2 * mm, fillColor=LEVEL_FILL[n],
                   strokeColor=INK, strokeWidth=0.4))
        words = lab["space"] if count == 1 else lab["spaces"].format(n=count)
        d.add(String((x0 + 4.8) * mm, y * mm, f"{lab['level']} {n} · {words}", fontName=regular,
                      fontSize=7.2, fillColor=INK))
        y -= 4.3
    y -= 1.2
    for key in ("die1", "die25", "die6", "rule"):
        d.add(String(x0 * mm, y * mm, lab[key], fontName=bold if key != "rule" else regular,
                     fontSize=7.2, fillColor=ACCENT if key != "rule" else SOFT))
        y -= 4.0
    return d


def _piece(d: Drawing, x: float, y: float, colour: str, text: RulesText, *, new: bool) -> None:
    """One piece from the side, its colour's letter on it (readable in black and white)."""
    regular, bold = register_fonts()
    d.add(Rect(x * mm, y * mm, PIECE_W * mm, PIECE_H * mm, rx=1.0, ry=1.0,
               fillColor=PIECE_FILL[colour], strokeColor=INK, strokeWidth=1.6 if new else 0.5))
    d.add(String((x + PIECE_W / 2) * mm, (y + 0.95) * mm, text.labels[f"{colour}_letter"],
                 fontName=bold, fontSize=7, fillColor=INK, textAnchor="middle"))


def _stacks(d: Drawing, text: RulesText, spaces, stacks, new: int, base: float) -> float:
    """Stacks side by side on a base line, the new piece (top of stack `new`) marked; the right edge."""
    regular, bold = register_fonts()
    x = 0.8
    for k, (space, stack) in enumerate(zip(spaces, stacks)):
        d.add(Line(x * mm, base * mm, (x + SLOT - 0.8) * mm, base * mm, strokeColor=INK,
                   strokeWidth=1.0))
        d.add(String((x + PIECE_W / 2) * mm, (base - 3.4) * mm, space, fontName=bold,
                     fontSize=7, fillColor=SOFT, textAnchor="middle"))
        for h, colour in enumerate(stack):
            is_new = k == new and h == len(stack) - 1
            _piece(d, x, base + 0.3 + h * PIECE_H, colour, text, new=is_new)
            if is_new:            # an arrow down onto the new piece
                tip = base + 0.3 + (h + 1) * PIECE_H + 0.6
                cx = x + PIECE_W / 2
                d.add(Polygon([cx * mm, tip * mm, (cx - 1.3) * mm, (tip + 2.0) * mm,
                               (cx + 1.3) * mm, (tip + 2.0) * mm], fillColor=ACCENT,
                              strokeColor=ACCENT, strokeWidth=0.3))
                d.add(String(cx * mm, (tip + 2.8) * mm, text.labels["new"], fontName=regular,
                             fontSize=6.5, fillColor=ACCENT, textAnchor="middle"))
        x += SLOT
    return x


def _points(d: Drawing, text: RulesText, x: float, top: float, example: dict, caption: str) -> None:
    regular, bold = register_fonts()
    d.add(String(x * mm, top * mm, example["sum"], fontName=bold, fontSize=11, fillColor=ACCENT))
    d.add(String(x * mm, (top - 4.6) * mm, f"{example['points']} {text.labels['points']}",
                 fontName=regular, fontSize=7.5, fillColor=INK))
    d.add(String(x * mm, (top - 8.6) * mm, caption, fontName=regular, fontSize=7,
                 fillColor=SOFT))


def _line_diagram(text: RulesText, example: dict, caption_key: str) -> Drawing:
    tallest = max(len(s) for s in example["stacks"])
    base = 4.6
    height = base + tallest * PIECE_H + 7.5
    d = card.drawing(88 * mm, height * mm)
    right = _stacks(d, text, example["spaces"], example["stacks"], example["new"], base)
    _points(d, text, right + 3.0, height - 5.0, example, text.labels[caption_key])
    return d


def s1_diagram(text: RulesText) -> Drawing:
    return _line_diagram(text, EXAMPLE_LINE_S1, "s1")


def s2_diagram(text: RulesText) -> Drawing:
    return _line_diagram(text, EXAMPLE_LINE_S2, "s2")


def s3_diagram(text: RulesText) -> Drawing:
    example = EXAMPLE_STACK_S3
    base = 4.6
    height = base + len(example["stack"]) * PIECE_H + 7.5
    d = card.drawing(88 * mm, height * mm)
    right = _stacks(d, text, (example["space"],), (example["stack"],), 0, base)
    # The colour key sits here, where the drawing has room.
    regular, _ = register_fonts()
    key = " · ".join(f"{text.labels[c + '_letter']} {text.labels[c]}" for c in PIECE_FILL)
    _points(d, text, right + 3.0, height - 5.0, example, text.labels["s3"])
    d.add(String((right + 3.0) * mm, 1.0 * mm, key, fontName=regular, fontSize=6.5,
                 fillColor=SOFT))
    return d


DIAGRAMS = {"levels": levels_diagram, "s1": s1_diagram, "s2": s2_diagram, "s3": s3_diagram}


# --- the document -------------------------------------------------------------

def check_lang(lang: str) -> str:
    return card.check_lang(lang, TEXTS)


def render_topple_rules(out: BinaryIO, lang: str = "es", paper: str | None = None) -> None:
    lang = check_lang(lang)
    card.render_card(out, TEXTS[lang], DIAGRAMS, paper_for(lang, paper), sides=None)


def build_topple_rules(out: Output, lang: str = "es", paper: str | None = None) -> Output:
    """Write the Topple rules card to a path (atomically) or a binary file object; return it.
    The paper follows the language unless chosen (Letter for en, A4 otherwise)."""
    lang = check_lang(lang)
    paper = paper_for(lang, paper)
    return write_pdf(lambda buf: render_topple_rules(buf, lang, paper), out)


def render_topple_rules_bytes(lang: str = "es", paper: str | None = None) -> bytes:
    lang = check_lang(lang)
    paper = paper_for(lang, paper)
    return render_bytes(lambda buf: render_topple_rules(buf, lang, paper))
