"""The Pyramid Solitaire tally sheet: one row per game played.

Pyramid has no points (the seed defines none), so a session is tallied as
the rules document suggests: won or not, how many of the 28 pyramid cards
were removed, which rules were used, and notes.  The sheet is printed blank
(about 20 rows to fill in with a pencil) or filled from plain data, in
Basque, English or Spanish:

    rows: [{"date": "2026-12-04", "won": False, "removed": 21,
            "rules": "seed", "notes": "stuck on two kings"}, ...]

"date", "rules" and "notes" are text (optional; "rules" may also be a
{switch: value} object, printed as "k=v, ..."); "won" is true or false;
"removed" is 0..28, and a won game removed all 28 (28 without a win is
possible when the goal is all 52 cards).  A filled sheet ends with the
session's line: games, wins, win rate and the mean number of cards removed.
"""
from __future__ import annotations

from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Table, TableStyle

from assistant.pyramid.rules import PYRAMID_SIZE
from printables.card import check_lang
from printables.fonts import register_fonts, wrap_words
from printables.paper import (Output, PrintError, canvas_maker, paper_for, paper_size,
                               render_bytes, write_pdf)

MARGIN_MM = 12.0
HEADER_MM = 20.0
FOOTER_MM = 10.0
ROW_H_MM = 10.5
HEAD_H_MM = 8.0
BLANK_ROWS = 20
MAX_TEXT = 200
# Column widths as shares of the page: #, date, result, removed, rules, notes.
SHARES = (0.05, 0.13, 0.17, 0.10, 0.16, 0.39)

LINE = Color(0.15, 0.15, 0.15)
SOFT = Color(0.40, 0.40, 0.42)
HEADER_FILL = Color(0.92, 0.92, 0.92)
WON_FILL = Color(1.00, 0.93, 0.70)

LABELS = {
    "en": {"title": "Pyramid Solitaire · tally", "date": "Date", "result": "Result",
           "removed": "Removed", "rules": "Rules", "notes": "Notes", "won": "Won",
           "left": "{n} left", "blank_result": "won / __ left",
           "summary": "{games} games · {wins} won ({rate}) · mean {mean} of 28 cards removed",
           "legend": "Result: won (all 28 pyramid cards removed) or the pyramid cards left. "
                     "Removed: 0 to 28. Rules: seed (one card per draw, one pass), microsoft, "
                     "classic, or the switches changed."},
    "es": {"title": "Solitario pirámide · partidas", "date": "Fecha", "result": "Resultado",
           "removed": "Retiradas", "rules": "Reglas", "notes": "Notas", "won": "Ganada",
           "left": "quedan {n}", "blank_result": "ganada / quedan __",
           "summary": "{games} partidas · {wins} ganadas ({rate}) · media de {mean} de 28 "
                      "cartas retiradas",
           "legend": "Resultado: ganada (las 28 cartas de la pirámide retiradas) o las cartas "
                     "que quedan en la pirámide. Retiradas: de 0 a 28. Reglas: seed (una carta "
                     "por robo, una pasada), microsoft, classic o los cambios hechos."},
    "eu": {"title": "Piramide bakarkakoa · emaitzak", "date": "Data", "result": "Emaitza",
           "removed": "Kenduta", "rules": "Arauak", "notes": "Oharrak", "won": "Irabazita",
           "left": "{n} geratu", "blank_result": "irabazita / __ geratu",
           "summary": "{games} joko · {wins} irabazita ({rate}) · batez beste 28 kartatik "
                      "{mean} kenduta",
           "legend": "Emaitza: irabazita (piramideko 28 kartak kenduta) edo piramidean geratu "
                     "diren kartak. Kenduta: 0tik 28ra. Arauak: seed (karta bat aldi "
                     "bakoitzean, pasaldi bakarra), microsoft, classic edo aldatutako arauak."},
}


def _text(value, what: str, n: int) -> str:
    if value is None:
        return ""
    if isinstance(value, dict) and what == "rules":
        value = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                          for k, v in value.items())
    if not isinstance(value, str):
        raise PrintError(f"row {n}: \"{what}\" must be text")
    return " ".join(value.split())[:MAX_TEXT]


def parse_rows(rows) -> list[dict]:
    """Check the games and return clean copies; PrintError names the row and the problem."""
    if not isinstance(rows, (list, tuple)):
        raise PrintError("rows must be a list of games")
    clean = []
    for n, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise PrintError(f"row {n} is not an object")
        won = row.get("won", False)
        if not isinstance(won, bool):
            raise PrintError(f"row {n}: \"won\" must be true or false")
        removed = row.get("removed")
        if isinstance(removed, bool) or not isinstance(removed, int):
            raise PrintError(f"row {n}: \"removed\" must be a whole number of cards")
        if not 0 <= removed <= PYRAMID_SIZE:
            raise PrintError(f"row {n}: removed must be 0 to {PYRAMID_SIZE} (got {removed})")
        if won and removed != PYRAMID_SIZE:
            raise PrintError(f"row {n}: a won game removed all {PYRAMID_SIZE} pyramid cards "
                             f"(got {removed})")
        clean.append({"date": _text(row.get("date"), "date", n), "won": won, "removed": removed,
                      "rules": _text(row.get("rules"), "rules", n),
                      "notes": _text(row.get("notes"), "notes", n)})
    return clean


def summary(rows: list[dict], lang: str) -> str:
    """The session in one line: games, wins, win rate, mean cards removed."""
    games = len(rows)
    wins = sum(r["won"] for r in rows)
    rate = f"{100 * wins / games:.0f} %" if games else "–"
    mean = f"{sum(r['removed'] for r in rows) / games:.1f}" if games else "–"
    return LABELS[lang]["summary"].format(games=games, wins=wins, rate=rate, mean=mean)


def _table(rows: list[dict] | None, lang: str, width_mm: float, blank_rows: int) -> Table:
    regular, bold = register_fonts()
    lab = LABELS[lang]
    cell = ParagraphStyle("cell", fontName=regular, fontSize=8.5, leading=10)
    head = ["#", lab["date"], lab["result"], lab["removed"], lab["rules"], lab["notes"]]
    body = []
    if rows is None:
        hint = ParagraphStyle("hint", parent=cell, fontSize=6.5, textColor=SOFT)
        body = [[str(n), "", Paragraph(lab["blank_result"], hint), "", "", ""]
                for n in range(1, blank_rows + 1)]
    else:
        for n, r in enumerate(rows, start=1):
            result = lab["won"] if r["won"] else lab["left"].format(n=PYRAMID_SIZE - r["removed"])
            body.append([str(n), r["date"], result, str(r["removed"]),
                         Paragraph(escape(r["rules"]), cell), Paragraph(escape(r["notes"]), cell)])
    widths = [share * width_mm * mm for share in SHARES]
    table = Table([head] + body, colWidths=widths,
                  rowHeights=[HEAD_H_MM * mm] + [None if rows is not None else ROW_H_MM * mm] * len(body),
                  repeatRows=1, hAlign="LEFT")
    style = [
        ("FONT", (0, 0), (-1, -1), regular, 9.5),
        ("FONT", (0, 0), (-1, 0), bold, 9),
        ("FONT", (0, 1), (0, -1), bold, 9),
        ("FONT", (2, 1), (3, -1), bold, 10),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
        ("ALIGN", (0, 0), (0, -1), "CENTER"), ("ALIGN", (3, 0), (3, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, LINE),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if rows is not None:
        # Filled rows grow with long notes; the padding keeps short ones writable-looking.
        style += [("TOPPADDING", (0, 1), (-1, -1), 7), ("BOTTOMPADDING", (0, 1), (-1, -1), 7)]
        for n, r in enumerate(rows, start=1):
            if r["won"]:
                style.append(("BACKGROUND", (2, n), (2, n), WON_FILL))
    table.setStyle(TableStyle(style))
    return table


def _render(out: BinaryIO, rows: list[dict] | None, lang: str, paper: str) -> None:
    regular, bold = register_fonts()
    lab = LABELS[lang]
    page_w, page_h = paper_size(paper)
    width_mm = page_w / mm - 2 * MARGIN_MM
    body_h = page_h / mm - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM
    blank_rows = min(BLANK_ROWS, int((body_h - HEAD_H_MM - 1) // ROW_H_MM))
    verdict = summary(rows, lang) if rows is not None else ""

    def page(canvas, doc):
        canvas.saveState()
        top = page_h - MARGIN_MM * mm
        canvas.setFont(bold, 17)
        canvas.drawString(MARGIN_MM * mm, top - 7 * mm, lab["title"])
        canvas.setFont(regular, 9)
        canvas.setFillColor(SOFT)
        canvas.drawRightString(page_w - MARGIN_MM * mm, top - 7 * mm, f"Tableside · {doc.page}")
        if verdict:
            canvas.setFont(bold, 10)
            canvas.setFillColor(Color(0, 0, 0))
            canvas.drawString(MARGIN_MM * mm, top - 14 * mm, verdict)
        canvas.setFont(regular, 6.8)
        canvas.setFillColor(SOFT)
        y = MARGIN_MM * mm + 4 * mm
        for line in wrap_words(lab["legend"], regular, 6.8, page_w - 2 * MARGIN_MM * mm):
            canvas.drawString(MARGIN_MM * mm, y, line)
            y -= 8.3
        canvas.restoreState()

    frame = Frame(MARGIN_MM * mm, (MARGIN_MM + FOOTER_MM) * mm, width_mm * mm, body_h * mm,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="tally")
    doc = BaseDocTemplate(out, pagesize=(page_w, page_h), title=lab["title"], author="Tableside",
                          lang=lang, leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
                          topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm)
    doc.addPageTemplates([PageTemplate(id="tally", frames=[frame], onPage=page)])
    doc.build([_table(rows, lang, width_mm, blank_rows)], canvasmaker=canvas_maker())


def _options(lang: str, paper: str | None) -> tuple[str, str]:
    lang = check_lang(lang, LABELS)
    return lang, paper_for(lang, paper)


def pyramid_tally(rows: list[dict] | None, out: Output, *, lang: str = "en",
                  paper: str | None = None) -> Output:
    """Write the tally to a path (atomically) or a binary file object: filled from `rows`
    (shape in the module docstring), or blank when rows is None."""
    lang, paper = _options(lang, paper)
    rows = None if rows is None else parse_rows(rows)
    return write_pdf(lambda buf: _render(buf, rows, lang, paper), out)


def pyramid_tally_bytes(rows: list[dict] | None = None, *, lang: str = "en",
                        paper: str | None = None) -> bytes:
    lang, paper = _options(lang, paper)
    rows = None if rows is None else parse_rows(rows)
    return render_bytes(lambda buf: _render(buf, rows, lang, paper))
