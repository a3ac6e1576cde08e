"""The look every rules card shares: a title band, two columns, diagrams, a footer.

Bowling's card (`rules_card`) and the Topple and Pyramid Solitaire cards
give this module a `RulesText` (the words, as blocks in reading order) and a
table of diagram functions (name -> function text -> Drawing); it typesets
them with platypus.  One home for the styles, so the three cards look alike.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import BinaryIO, Callable, Mapping

from reportlab.graphics.shapes import Drawing, Group, Rect
from reportlab.lib.colors import Color, white
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Frame, KeepTogether,
                                ListFlowable, ListItem, PageTemplate, Paragraph, Spacer)

from printables.fonts import register_fonts
from printables.paper import PrintError, canvas_maker, paper_size

MARGIN_MM = 12.0
GUTTER_MM = 7.0
HEADER_MM = 17.0
FOOTER_MM = 7.0

INK = Color(0.10, 0.10, 0.12)
ACCENT = Color(0.10, 0.27, 0.45)
SOFT = Color(0.45, 0.45, 0.48)
CARD_BACK = Color(0.80, 0.84, 0.90)
HIGHLIGHT = Color(1.00, 0.88, 0.45)
RULE = Color(0.75, 0.78, 0.82)


@dataclass(frozen=True)
class RulesText:
    """One card's words in one language: title, labels for its drawings, and blocks in
    reading order, each (kind, content): ("h", heading), ("p", markup), ("ul" | "ol",
    [items]), ("diagram", name) or ("keep", [blocks])."""
    lang: str
    title: str
    subtitle: str
    footer: str
    labels: dict[str, str]
    blocks: list[tuple[str, object]] = field(default_factory=list)


Diagrams = Mapping[str, Callable[[RulesText], Drawing]]


def styles():
    regular, bold = register_fonts()
    body = ParagraphStyle("body", fontName=regular, fontSize=9.4, leading=12.6, textColor=INK,
                          alignment=TA_LEFT, spaceAfter=4.0)
    return {
        "body": body,
        "h": ParagraphStyle("h", parent=body, fontName=bold, fontSize=12, leading=15,
                            textColor=ACCENT, spaceBefore=8, spaceAfter=3, keepWithNext=1),
        "bullet": ParagraphStyle("bullet", parent=body, spaceAfter=2.5),
        "caption": ParagraphStyle("caption", parent=body, fontSize=7.6, leading=9.8,
                                  textColor=SOFT),
    }


def tidy(text: str) -> str:
    """Keep sums on one line: no break around + or = between numbers and letters."""
    return text.replace(" + ", "\u00a0+\u00a0").replace(" = ", "\u00a0=\u00a0")


def drawing(width, height) -> Drawing:
    """A Drawing that starts in our font: renderPDF would otherwise select Helvetica first."""
    regular, _ = register_fonts()
    d = Drawing(width, height)
    d.initialFontName = regular
    d.initialFontSize = 8
    return d


def card_shape(group: Group, cx, cy, w, h, *, fill=white, stroke=INK, width=0.6):
    group.add(Rect(cx - w / 2, cy - h / 2, w, h, rx=1.2, ry=1.2, fillColor=fill,
                   strokeColor=stroke, strokeWidth=width))


def story_for(text: RulesText, diagrams: Diagrams, blocks=None) -> list:
    """The card's flowables in reading order; `diagrams` maps a diagram block's name to
    a function text -> Drawing.  A ("keep", [blocks]) block keeps its blocks in one
    column (a rule and the drawing that shows it)."""
    st = styles()
    story: list = []
    pending_heading = None
    for kind, content in (text.blocks if blocks is None else blocks):
        if kind == "h":
            pending_heading = Paragraph(tidy(content), st["h"])
            continue
        if kind == "p":
            flow = Paragraph(tidy(content), st["body"])
        elif kind == "ul":
            items = [ListItem(Paragraph(tidy(item), st["bullet"]), leftIndent=10, value="•")
                     for item in content]
            flow = ListFlowable(items, bulletType="bullet", start="•", leftIndent=10,
                                bulletFontName=st["body"].fontName, bulletFontSize=9.4,
                                bulletOffsetY=-1.0, bulletColor=ACCENT)
        elif kind == "ol":
            items = [ListItem(Paragraph(tidy(item), st["bullet"]), leftIndent=12)
                     for item in content]
            flow = ListFlowable(items, bulletType="1", leftIndent=12, bulletFontName=st["h"].fontName,
                                bulletFontSize=9.0, bulletOffsetY=0.2, bulletColor=ACCENT,
                                bulletFormat="%s.")
        elif kind == "keep":
            # One KeepTogether around the lot: nested ones push the group a column on.
            # Its heading goes in too, or the heading could end a column alone.
            inner = [] if pending_heading is None else [pending_heading]
            pending_heading = None
            for f in story_for(text, diagrams, content):
                inner.extend(f._content if isinstance(f, KeepTogether) else [f])
            flow = KeepTogether(inner)
        elif kind == "diagram":
            flow = KeepTogether([Spacer(1, 1.5 * mm), diagrams[content](text), Spacer(1, 2 * mm)])
        else:
            raise ValueError(f"unknown block kind {kind!r}")
        if pending_heading is not None:
            # A heading never sits alone at the foot of a column.
            story.append(CondPageBreak(22 * mm))
            story.append(pending_heading)
            pending_heading = None
        story.append(flow)
    return story


def render_card(out: BinaryIO, text: RulesText, diagrams: Diagrams, paper: str = "letter",
                sides: int | None = 2) -> None:
    """Typeset a rules card: a title band, two columns, a footer with "page/sides"
    (no page number on a one-sided card).  sides=None counts them with a dry run:
    a card written to fit one side may need two on the shorter paper."""
    if sides is None:
        sides = _typeset(io.BytesIO(), text, diagrams, paper, sides=1)
    _typeset(out, text, diagrams, paper, sides)


def _typeset(out: BinaryIO, text: RulesText, diagrams: Diagrams, paper: str, sides: int) -> int:
    """Build the card; return how many pages it took."""
    regular, bold = register_fonts()
    page_w, page_h = paper_size(paper)
    col_w = (page_w - 2 * MARGIN_MM * mm - GUTTER_MM * mm) / 2

    def columns(top_reserved_mm: float):
        height = page_h - 2 * MARGIN_MM * mm - (top_reserved_mm + FOOTER_MM) * mm
        y = MARGIN_MM * mm + FOOTER_MM * mm
        return [Frame(MARGIN_MM * mm + i * (col_w + GUTTER_MM * mm), y, col_w, height,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                      id=f"col{i}") for i in (0, 1)]

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        y = MARGIN_MM * mm + 3.5 * mm
        canvas.line(MARGIN_MM * mm, y + 3 * mm, page_w - MARGIN_MM * mm, y + 3 * mm)
        canvas.setFont(regular, 7)
        canvas.setFillColor(SOFT)
        canvas.drawString(MARGIN_MM * mm, y, f"{text.title} · {text.footer}")
        if sides > 1:
            canvas.drawRightString(page_w - MARGIN_MM * mm, y, f"{doc.page}/{sides}")
        x = page_w / 2
        canvas.line(x, MARGIN_MM * mm + FOOTER_MM * mm, x,
                    page_h - MARGIN_MM * mm - (HEADER_MM if doc.page == 1 else 0) * mm)
        canvas.restoreState()

    def first_page(canvas, doc):
        canvas.saveState()
        top = page_h - MARGIN_MM * mm
        canvas.setFillColor(ACCENT)
        canvas.setFont(bold, 22)
        canvas.drawString(MARGIN_MM * mm, top - 8 * mm, text.title)
        canvas.setFillColor(SOFT)
        canvas.setFont(regular, 9)
        canvas.drawString(MARGIN_MM * mm, top - 13 * mm, text.subtitle)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(1.2)
        canvas.line(MARGIN_MM * mm, top - 15.5 * mm, page_w - MARGIN_MM * mm, top - 15.5 * mm)
        canvas.restoreState()
        footer(canvas, doc)

    doc = BaseDocTemplate(out, pagesize=(page_w, page_h), title=f"{text.title} – {text.footer}",
                          author="Tableside", lang=text.lang,
                          leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
                          topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm)
    doc.addPageTemplates([
        PageTemplate(id="front", frames=columns(HEADER_MM), onPage=first_page, autoNextPageTemplate="back"),
        PageTemplate(id="back", frames=columns(0), onPage=footer),
    ])
    doc.build(story_for(text, diagrams), canvasmaker=canvas_maker())
    return doc.page


def check_lang(lang: str, texts: Mapping[str, RulesText]) -> str:
    """A language code the card has words for, or a PrintError naming the choices."""
    key = str(lang).strip().lower()
    if key not in texts:
        raise PrintError(f"unknown language {lang!r} (choose {', '.join(texts)})")
    return key
