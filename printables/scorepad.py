"""Blank bowling score pads: as many games per page as fit, sized for a pen."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import BinaryIO

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, Spacer

from printables.fonts import register_fonts
from printables.grid import GameGrid, GridGeometry, PlayerRow
from printables.paper import Output, PrintError, canvas_maker, paper_size, render_bytes, write_pdf

MARGIN_MM = 10.0
TITLE_H_MM = 11.0          # page title band above the first grid
GAP_MM = 7.0               # between two games on a page
DEFAULT_TITLE = "Bowling Solitaire"
MAX_GAMES = 200            # a sanity bound, not a layout limit


@dataclass(frozen=True)
class PadPlan:
    """How a pad is laid out: the grid, the orientation and how many games go on a page."""
    paper: str
    landscape: bool
    page_w_mm: float
    page_h_mm: float
    geometry: GridGeometry
    players: int
    games: int
    games_per_page: int

    @property
    def pages(self) -> int:
        return math.ceil(self.games / self.games_per_page)

    @property
    def frame_boxes(self) -> int:
        """Frame boxes drawn in the whole pad (ten per player per game)."""
        return self.games * self.players * 10

    @property
    def ball_boxes(self) -> int:
        return self.games * self.players * 21


def _games_fitting(geometry: GridGeometry, players: int, page_h_mm: float) -> int:
    room = page_h_mm - 2 * MARGIN_MM - TITLE_H_MM
    block = geometry.height(players)
    return max(0, int((room + GAP_MM) // (block + GAP_MM)))


def max_players(paper: str = "letter") -> int:
    """The most players whose game still fits one page."""
    n = 1
    while plan_pad(paper, n + 1, None, check=False).games_per_page >= 1:
        n += 1
    return n


def plan_pad(paper: str = "letter", players: int = 1, games: int | None = None, *,
             check: bool = True) -> PadPlan:
    """Choose orientation and grid size; games=None fills one page."""
    if check:
        if not isinstance(players, int) or players < 1:
            raise PrintError(f"players must be at least 1 (got {players})")
        if games is not None and (not isinstance(games, int) or games < 1):
            raise PrintError(f"games must be at least 1 (got {games})")
        if games is not None and games > MAX_GAMES:
            raise PrintError(f"at most {MAX_GAMES} games per pad (got {games})")
    best = None
    for land in (True, False):
        w_pt, h_pt = paper_size(paper, landscape_=land)
        w, h = w_pt / mm, h_pt / mm
        geo = GridGeometry.fit(w - 2 * MARGIN_MM)
        if not geo.usable():
            continue
        per_page = _games_fitting(geo, players, h)
        # Landscape is tried first and wins ties: wider frames are easier to write in.
        if best is None or per_page > best[0]:
            best = (per_page, land, w, h, geo)
    per_page, land, w, h, geo = best
    if check and per_page < 1:
        raise PrintError(f"{players} players do not fit on a {paper} page "
                         f"(at most {max_players(paper)})")
    return PadPlan(paper.lower(), land, w, h, geo, players,
                   games if games is not None else max(per_page, 1), per_page)


def render_scorepad(out: BinaryIO, plan: PadPlan, title: str = DEFAULT_TITLE) -> None:
    regular, bold = register_fonts()
    page_w, page_h = plan.page_w_mm * mm, plan.page_h_mm * mm
    frame = Frame(MARGIN_MM * mm, MARGIN_MM * mm, page_w - 2 * MARGIN_MM * mm,
                  page_h - 2 * MARGIN_MM * mm - TITLE_H_MM * mm,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="grids")

    def decorate(canvas, doc):
        canvas.saveState()
        top = page_h - MARGIN_MM * mm
        canvas.setFont(bold, 15)
        canvas.setFillColor(Color(0, 0, 0))
        canvas.drawString(MARGIN_MM * mm, top - 6 * mm, title)
        canvas.setFont(regular, 8)
        canvas.setFillColor(Color(0.35, 0.35, 0.35))
        note = "X strike · / spare · - no pin    ·    Tableside score pad"
        if plan.pages > 1:
            note += f"    ·    page {doc.page} of {plan.pages}"
        canvas.drawRightString(page_w - MARGIN_MM * mm, top - 6 * mm, note)
        canvas.restoreState()

    doc = BaseDocTemplate(out, pagesize=(page_w, page_h), title=f"{title} – score pad",
                          author="Tableside", leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
                          topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm)
    doc.addPageTemplates([PageTemplate(id="pad", frames=[frame], onPage=decorate)])

    # Spread the games down the page instead of leaving a band of white at the bottom.
    room = plan.page_h_mm - 2 * MARGIN_MM - TITLE_H_MM
    n = plan.games_per_page
    gap = GAP_MM
    if n > 1:
        gap = min(2.5 * GAP_MM, (room - n * plan.geometry.height(plan.players) - 1.0) / (n - 1))

    story = []
    blank = [PlayerRow() for _ in range(plan.players)]
    for game in range(plan.games):
        on_page = game % plan.games_per_page
        if game and on_page == 0:
            story.append(PageBreak())
        elif on_page:
            story.append(Spacer(1, gap * mm))
        story.append(GameGrid(blank, plan.geometry, label=f"Game {game + 1}"))
    doc.build(story, canvasmaker=canvas_maker())


def _check_title(title: str) -> str:
    title = " ".join(str(title).split())
    if not title:
        raise PrintError("the title is empty")
    if len(title) > 80:
        raise PrintError("the title is longer than 80 characters")
    return title


def build_scorepad(out: Output, players: int = 1, games: int | None = None, paper: str = "letter",
                   title: str = DEFAULT_TITLE) -> Output:
    """Write a blank score pad to a path (atomically) or a binary file object; return it."""
    plan = plan_pad(paper, players, games)
    title = _check_title(title)
    return write_pdf(lambda buf: render_scorepad(buf, plan, title), out)


def render_scorepad_bytes(players: int = 1, games: int | None = None, paper: str = "letter",
                          title: str = DEFAULT_TITLE) -> bytes:
    plan = plan_pad(paper, players, games)
    title = _check_title(title)
    return render_bytes(lambda buf: render_scorepad(buf, plan, title))
