"""A filled score sheet for one game: every player's marks and running totals.

All numbers come from `assistant.scoring.score_rolls`; this module only lays
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
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from assistant.scoring import ScoreCard, ScoreError, score_rolls
from printables.fonts import register_fonts
from printables.grid import GameGrid, GridGeometry, PlayerRow
from printables.paper import Output, PrintError, canvas_maker, paper_size, render_bytes, write_pdf

MARGIN_MM = 10.0
HEADER_MM = 24.0
DEFAULT_TITLE = "Bowling Solitaire"
MAX_NAME = 40


def parse_game(data) -> dict:
    """Check a game dict (or JSON text) and return a clean copy; PrintError says what is wrong."""
    if isinstance(data, (str, bytes)):
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
        canvas.restoreState()

    frame = Frame(MARGIN_MM * mm, MARGIN_MM * mm, page_w - 2 * MARGIN_MM * mm,
                  page_h - (2 * MARGIN_MM + HEADER_MM) * mm,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="grid")
    doc = BaseDocTemplate(out, pagesize=(page_w, page_h), title=f"{title} – score sheet",
                          author="Tableside", leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
                          topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm)
    doc.addPageTemplates([PageTemplate(id="sheet", frames=[frame], onPage=header)])
    doc.build([GameGrid(sheet_rows(cards), geometry, label="Player", footer=False)],
              canvasmaker=canvas_maker())


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
