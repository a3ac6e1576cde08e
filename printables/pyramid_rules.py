"""The Pyramid Solitaire rules card: one sheet in Basque, English or Spanish.

Words come from `pyramid_text`; `printables.card` typesets them in Bowling's
look; this module draws what the words describe: the pyramid of 28 places
(7 overlapping rows, named r.c), the pairs that make 13, the stock turned
onto the waste, and the draw option's three waste piles.

The pairs are computed from the card values (`assistant.common`) and the
engine's constants (`assistant.pyramid.rules`: 13 to pair, the King alone),
so the table cannot drift from the rules the app plays.
"""
from __future__ import annotations

from typing import BinaryIO

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib.colors import white
from reportlab.lib.units import mm

from assistant.common import RANKS, rank_number
from assistant.pyramid.rules import KING, PAIR_SUM, ROWS
from printables import card
from printables.card import ACCENT, CARD_BACK, HIGHLIGHT, INK, SOFT
from printables.fonts import register_fonts, wrap_words
from printables.paper import Output, paper_for, render_bytes, write_pdf
from printables.card import RulesText
from printables.pyramid_text import TEXTS

WIDTH_MM = 88.0               # every drawing fits a column on A4 and Letter


def removable_groups() -> list[tuple[str, ...]]:
    """("K",), then each pair of ranks totalling 13, highest rank first: Q+A, J+2 ... 7+6."""
    groups: list[tuple[str, ...]] = [(r,) for r in RANKS if rank_number(r) == KING]
    for rank in reversed(RANKS):
        partner = PAIR_SUM - rank_number(rank)
        if 0 < partner < rank_number(rank):
            groups.append((rank, RANKS[partner - 1]))
    return groups


def places() -> list[tuple[int, int]]:
    """Every pyramid place (row, column), apex first, row by row, left to right."""
    return [(r, c) for r in range(1, ROWS + 1) for c in range(1, r + 1)]


# --- drawings -----------------------------------------------------------------

def _card(g: Group, x: float, y: float, w: float, h: float, label: str = "", *, fill=white,
          size: float = 10.0, label_at_top: bool = False, corner: bool = False,
          width: float = 0.6) -> None:
    """A card with its lower-left corner at (x, y) mm; the label centred, along its top, or
    in its top-left corner (a card fanned under another shows only its left edge)."""
    regular, bold = register_fonts()
    g.add(Rect(x * mm, y * mm, w * mm, h * mm, rx=1.0, ry=1.0, fillColor=fill, strokeColor=INK,
               strokeWidth=width))
    if label:
        if corner:
            g.add(String((x + 0.7) * mm, (y + h - 1.0 - size * 0.3528) * mm, label,
                         fontName=bold, fontSize=size, fillColor=INK))
            return
        ty = y + h - 1.0 - size * 0.3528 if label_at_top else y + h / 2 - size * 0.3528 * 0.36
        g.add(String((x + w / 2) * mm, ty * mm, label, fontName=bold, fontSize=size,
                     fillColor=INK, textAnchor="middle"))


def _arrow(g: Group, x0: float, x1: float, y: float) -> None:
    g.add(Line(x0 * mm, y * mm, (x1 - 1.6) * mm, y * mm, strokeColor=ACCENT, strokeWidth=1.0))
    g.add(Polygon([x1 * mm, y * mm, (x1 - 2.0) * mm, (y + 1.1) * mm, (x1 - 2.0) * mm,
                   (y - 1.1) * mm], fillColor=ACCENT, strokeColor=ACCENT, strokeWidth=0.3))


CW, CH, PITCH, STEP = 9.6, 12.0, 10.8, 5.0     # mm: a pyramid card, its spacing, a row's drop


def pyramid_diagram(text: RulesText) -> Drawing:
    """The 28 places, each row overlapping the one above; row 7 (exposed at the start) shaded,
    3.2 and the two cards covering it outlined.  The key sits in the corners beside the apex."""
    regular, _ = register_fonts()
    height = (ROWS - 1) * STEP + CH + 1.0
    d = card.drawing(WIDTH_MM * mm, height * mm)
    g = Group()
    centre = WIDTH_MM / 2
    marked = {(3, 2), (4, 2), (4, 3)}
    for r, c in places():            # apex first, so each row is drawn over the one above
        x = centre + (c - (r + 1) / 2) * PITCH - CW / 2
        y = height - 1.0 - (r - 1) * STEP - CH
        fill = HIGHLIGHT if r == ROWS else white
        _card(g, x, y, CW, CH, f"{r}.{c}", fill=fill, size=6.6, label_at_top=True,
              width=1.4 if (r, c) in marked else 0.6)
    room = centre - 1.5 * PITCH - 6.0          # beside rows 1-3
    for i, (key, fill, stroke) in enumerate((("start", HIGHLIGHT, 0.5), ("covered", white, 1.4))):
        x = 0.5 if i == 0 else WIDTH_MM - room + 1.5
        top = height - 3.0
        g.add(Rect(x * mm, (top - 0.6) * mm, 3.0 * mm, 3.0 * mm, fillColor=fill, strokeColor=INK,
                   strokeWidth=stroke))
        for k, line in enumerate(wrap_words(text.labels[key], regular, 6.6, (room - 4.5) * mm)):
            g.add(String((x + 4.0) * mm, (top - k * 3.0) * mm, line, fontName=regular,
                         fontSize=6.6, fillColor=SOFT))
    d.add(g)
    return d


def pairs_diagram(text: RulesText) -> Drawing:
    """K alone and the six pairs of 13 as little cards, each group with its values added up."""
    regular, bold = register_fonts()
    w, h, plus, slot = 7.4, 10.2, 3.6, 21.5
    groups = removable_groups()
    rows = [groups[:4], groups[4:]]
    row_h = h + 6.6
    height = len(rows) * row_h
    d = card.drawing(WIDTH_MM * mm, height * mm)
    g = Group()
    for i, row in enumerate(rows):
        y = height - 0.5 - i * row_h - h
        for j, group in enumerate(row):
            centre = 1.0 + (j + 0.5) * slot
            x = centre - (len(group) * w + (len(group) - 1) * plus) / 2
            for k, rank in enumerate(group):
                if k:
                    g.add(String((x + plus / 2) * mm, (y + h / 2 - 1.2) * mm, "+", fontName=bold,
                                 fontSize=9, fillColor=ACCENT, textAnchor="middle"))
                    x += plus
                _card(g, x, y, w, h, rank, size=10.5, fill=HIGHLIGHT if len(group) == 1 else white)
                x += w
            values = [rank_number(r) for r in group]
            label = (" + ".join(str(v) for v in values) + f" = {sum(values)}" if len(values) > 1
                     else text.labels["king"])
            g.add(String(centre * mm, (y - 3.4) * mm, label, fontName=regular, fontSize=6.8,
                         fillColor=SOFT, textAnchor="middle"))
    d.add(g)
    return d


SW, SH = 9.0, 12.6         # mm: a card in the stock and waste drawings


def _stock(g: Group, text: RulesText, x: float, y: float) -> float:
    """The face-down stock with its caption; returns its right edge."""
    regular, bold = register_fonts()
    for k in range(3, 0, -1):
        _card(g, x + k * 0.6, y - k * 0.6, SW, SH, fill=CARD_BACK, width=0.5)
    _card(g, x, y, SW, SH, fill=CARD_BACK)
    g.add(String(x * mm, (y - 5.0) * mm, text.labels["stock"], fontName=bold, fontSize=7,
                 fillColor=INK))
    g.add(String(x * mm, (y - 8.0) * mm, text.labels["down"], fontName=regular, fontSize=6.5,
                 fillColor=SOFT))
    return x + SW + 1.8


def stock_diagram(text: RulesText) -> Drawing:
    """The stock turned one card at a time onto the waste; only the waste's top is exposed."""
    regular, bold = register_fonts()
    height = SH + 12.5
    d = card.drawing(WIDTH_MM * mm, height * mm)
    g = Group()
    y = height - SH - 1.0
    right = _stock(g, text, 0.5, y)
    _arrow(g, right + 1.0, right + 15.0, y + SH / 2)
    g.add(String((right + 8.0) * mm, (y + SH / 2 + 1.8) * mm, text.labels["turn"],
                 fontName=regular, fontSize=6.5, fillColor=ACCENT, textAnchor="middle"))
    x = right + 18.0
    waste = ("3", "J", "8")
    for k, rank in enumerate(waste):           # fanned so the older cards still show
        top = k == len(waste) - 1
        _card(g, x + k * 4.2, y, SW, SH, rank, fill=HIGHLIGHT if top else white,
              size=9 if top else 7, corner=not top, width=1.2 if top else 0.6)
    g.add(String(x * mm, (y - 5.0) * mm, text.labels["waste"], fontName=bold, fontSize=7,
                 fillColor=INK))
    g.add(String(x * mm, (y - 8.0) * mm, text.labels["top"], fontName=regular, fontSize=6.5,
                 fillColor=SOFT))
    d.add(g)
    return d


def three_piles_diagram(text: RulesText) -> Drawing:
    """The draw option: three waste piles side by side, each draw adding one card to each."""
    regular, bold = register_fonts()
    height = SH + 16.0
    d = card.drawing(WIDTH_MM * mm, height * mm)
    g = Group()
    y = height - SH - 4.5
    right = _stock(g, text, 0.5, y)
    _arrow(g, right + 1.0, right + 11.0, y + SH / 2)
    x = right + 14.0
    piles = (("Q", "6"), ("4", "9"), ("2", "7"))   # the second draw's cards on the first's
    for n, pile in enumerate(piles, start=1):
        px = x + (n - 1) * 19.0
        for k, rank in enumerate(pile):
            top = k == len(pile) - 1
            _card(g, px + k * 4.0, y, SW, SH, rank, fill=HIGHLIGHT if top else white,
                  size=9 if top else 7, corner=not top, width=1.2 if top else 0.6)
        g.add(String((px + 6.5) * mm, (y + SH + 1.2) * mm, text.labels["pile"].format(n=n),
                     fontName=bold, fontSize=7.5, fillColor=ACCENT, textAnchor="middle"))
    g.add(String(x * mm, (y - 5.0) * mm, text.labels["draw3"], fontName=regular, fontSize=6.5,
                 fillColor=SOFT))
    g.add(String(x * mm, (y - 8.0) * mm, text.labels["top"], fontName=regular, fontSize=6.5,
                 fillColor=SOFT))
    d.add(g)
    return d


DIAGRAMS = {"pyramid": pyramid_diagram, "pairs": pairs_diagram, "stock": stock_diagram,
            "three": three_piles_diagram}


# --- the document -------------------------------------------------------------

def check_lang(lang: str) -> str:
    return card.check_lang(lang, TEXTS)


def render_pyramid_rules(out: BinaryIO, lang: str = "eu", paper: str | None = None) -> None:
    lang = check_lang(lang)
    card.render_card(out, TEXTS[lang], DIAGRAMS, paper_for(lang, paper), sides=None)


def build_pyramid_rules(out: Output, lang: str = "eu", paper: str | None = None) -> Output:
    """Write the Pyramid Solitaire rules card to a path (atomically) or a binary file object.
    The paper follows the language unless chosen (Letter for en, A4 otherwise)."""
    lang = check_lang(lang)
    paper = paper_for(lang, paper)
    return write_pdf(lambda buf: render_pyramid_rules(buf, lang, paper), out)


def render_pyramid_rules_bytes(lang: str = "eu", paper: str | None = None) -> bytes:
    lang = check_lang(lang)
    paper = paper_for(lang, paper)
    return render_bytes(lambda buf: render_pyramid_rules(buf, lang, paper))
