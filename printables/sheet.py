"""A filled score sheet for one game: every player's marks and running totals.

All numbers come from `assistant.bowling.scoring.score_rolls`; this module only lays
them out on the same grid as the blank pad.  The game is the plain dict the
CLI reads from JSON and the web app keeps in its store:

    {"players": [{"name": "Ann", "rolls": [10, 7, 3, ...]}, ...],
     "date": "2026-11-29", "title": "optional"}
"""
from __future__ import annotations

import json
from typing import BinaryIO

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer, Table,
                                TableStyle)

from assistant.bowling.scoring import ScoreCard, ScoreError, score_rolls
from assistant.common import TablesideError
from assistant.json_depth import check_depth
from printables.fonts import register_fonts
from printables.grid import GameGrid, GridGeometry, PlayerRow, _fit_text
from printables.paper import Output, PrintError, canvas_maker, paper_size, render_bytes, write_pdf

MARGIN_MM = 10.0
HEADER_MM = 24.0
DEFAULT_TITLE = "Bowling Solitaire"
MAX_NAME = 40
LEGEND = ("X strike (10 + next two balls) · / spare (10 + next ball) · - a ball that took "
          "no pin · a frame's total appears once its bonus balls are known")


def parse_game(data) -> dict:
    """Check a game dict (or JSON text) and return a clean copy; PrintError says what is wrong."""
    if isinstance(data, (str, bytes)):
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        try:
            check_depth(text, "the game JSON")     # json.loads would recurse past the stack
        except TablesideError as e:
            raise PrintError(str(e)) from None
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise PrintError(f"malformed game JSON: {exc.msg} at line {exc.lineno} "
                             f"column {exc.colno}") from None
    if not isinstance(data, dict):
        raise PrintError("malformed game: expected a JSON object with a \"players\" list")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise PrintError("malformed game: \"players\" must be a non-empty list")
    clean = []
    for n, p in enumerate(players, start=1):
        if not isinstance(p, dict):
            raise PrintError(f"malformed game: player {n} is not an object")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise PrintError(f"malformed game: player {n} has no name")
        rolls = p.get("rolls", [])
        if not isinstance(rolls, list):
            raise PrintError(f"malformed game: rolls of {name.strip()!r} must be a list")
        clean.append({"name": " ".join(name.split())[:MAX_NAME], "rolls": list(rolls)})
    for key in ("date", "title"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise PrintError(f"malformed game: \"{key}\" must be a string")
    return {"players": clean, "date": (data.get("date") or "").strip(),
            "title": " ".join((data.get("title") or "").split())}


def score_game(game: dict) -> list[tuple[str, ScoreCard]]:
    """Each player's score card; an impossible roll names its player."""
    cards = []
    for p in game["players"]:
        try:
            cards.append((p["name"], score_rolls(p["rolls"])))
        except ScoreError as exc:
            raise ScoreError(f"{p['name']}: {exc}") from None
    return cards


def result_line(cards: list[tuple[str, ScoreCard]]) -> str:
    """'Winner: Ann (167)', 'Tie: Ann and Bob (150)' or 'In progress'."""
    if not cards or not all(card.complete for _, card in cards):
        return "In progress"
    best = max(card.total for _, card in cards)
    leaders = [name for name, card in cards if card.total == best]
    if len(leaders) == 1:
        return f"Winner: {leaders[0]} ({best})"
    return f"Tie: {', '.join(leaders[:-1])} and {leaders[-1]} ({best})"


def standings(cards: list[tuple[str, ScoreCard]]) -> list[tuple[str, str, int, str]]:
    """(place, name, score, status) rows, best first; equal scores share a place."""
    ranked = sorted(cards, key=lambda nc: -nc[1].total)
    rows, place, previous = [], 0, None
    for i, (name, card) in enumerate(ranked, start=1):
        if card.total != previous:
            place, previous = i, card.total
        scored = sum(1 for f in card.frames if f.total is not None)
        status = "finished" if card.complete else f"in progress · {scored} of 10 frames scored"
        rows.append((f"{place}.", name, card.total, status))
    return rows


def sheet_rows(cards: list[tuple[str, ScoreCard]]) -> list[PlayerRow]:
    """The grid rows, straight from the score cards."""
    return [PlayerRow(name=name,
                      marks=[f.marks for f in card.frames],
                      totals=[f.total for f in card.frames],
                      total=card.total if card.frames else None)
            for name, card in cards]


def render_sheet(out: BinaryIO, game: dict, paper: str = "letter") -> None:
    regular, bold = register_fonts()
    cards = score_game(game)
    page_w, page_h = paper_size(paper, landscape_=True)
    geometry = GridGeometry.fit(page_w / mm - 2 * MARGIN_MM)
    title = game["title"] or DEFAULT_TITLE
    result = result_line(cards)
    date = game["date"]
    styles = {"h": ParagraphStyle("h", fontName=bold, fontSize=12, leading=15, spaceAfter=3)}

    def header(canvas, doc):
        canvas.saveState()
        top = page_h - MARGIN_MM * mm
        canvas.setFont(bold, 17)
        canvas.setFillColor(Color(0, 0, 0))
        canvas.drawString(MARGIN_MM * mm, top - 7 * mm, title)
        canvas.setFont(bold, 12)
        canvas.drawRightString(page_w - MARGIN_MM * mm, top - 7 * mm, result)
        canvas.setFont(regular, 9)
        canvas.setFillColor(Color(0.35, 0.35, 0.35))
        info = f"Date: {date}" if date else "Date: —"
        info += f"    ·    {len(cards)} player{'s' if len(cards) != 1 else ''}"
        canvas.drawString(MARGIN_MM * mm, top - 13 * mm, info)
        canvas.drawRightString(page_w - MARGIN_MM * mm, top - 13 * mm,
                               f"Tableside score sheet · page {doc.page}")
        canvas.setFont(regular, 8)
        canvas.drawString(MARGIN_MM * mm, MARGIN_MM * mm - 3 * mm, LEGEND)
        canvas.restoreState()

    frame = Frame(MARGIN_MM * mm, MARGIN_MM * mm, page_w - 2 * MARGIN_MM * mm,
                  page_h - (2 * MARGIN_MM + HEADER_MM) * mm,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="grid")
    doc = BaseDocTemplate(out, pagesize=(page_w, page_h), title=f"{title} – score sheet",
                          author="Tableside", leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
                          topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm)
    doc.addPageTemplates([PageTemplate(id="sheet", frames=[frame], onPage=header)])
    story = [GameGrid(sheet_rows(cards), geometry, label="Player", footer=False),
             Spacer(1, 8 * mm), Paragraph("Standings", styles["h"])]
    table = Table([[place, _fit_text(name, bold, 10, 58 * mm)[0], str(score), status]
                   for place, name, score, status in standings(cards)],
                  colWidths=[10 * mm, 60 * mm, 18 * mm, 90 * mm], hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), regular, 10),
        ("FONT", (1, 0), (2, -1), bold, 10),
        ("ALIGN", (2, 0), (2, -1), "RIGHT"),
        ("TEXTCOLOR", (3, 0), (3, -1), Color(0.35, 0.35, 0.35)),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, Color(0.8, 0.8, 0.8)),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    story.append(table)
    doc.build(story, canvasmaker=canvas_maker())


def build_sheet(game: dict, out_path: Output, paper: str = "letter") -> Output:
    """Write the filled sheet of `game` to a path (atomically) or a binary file object."""
    game = parse_game(game)
    paper_size(paper)
    score_game(game)            # refuse impossible rolls before touching the output
    return write_pdf(lambda buf: render_sheet(buf, game, paper), out_path)


def render_sheet_bytes(game: dict, paper: str = "letter") -> bytes:
    game = parse_game(game)
    paper_size(paper)
    score_game(game)
    return render_bytes(lambda buf: render_sheet(buf, game, paper))
