"""Printable PDFs: the print page, the score pad, the rules card, the play mat and a game's sheet.

Each is rendered into memory by the same printables builders `tableside print`
calls and sent as a download; nothing is written to disk and no file name comes
from the request.  Papers, languages and the pad's player limit are the
printables' own.  The paper follows the language unless ?paper= chooses
(`printables.paper.paper_for`: Letter for English, A4 for Spanish and German):
the rules card's language for the rules, the page's language for the rest.
"""
from __future__ import annotations

import io
from typing import Callable

from flask import Blueprint, abort, render_template, request, send_file

from printables.mat import build_mat
from printables.paper import PAPERS, paper_for
from printables.rules_card import build_rules
from printables.rules_text import LANGUAGES
from printables.scorepad import build_scorepad, max_players
from printables.sheet import build_sheet

from .bowling_words import BOWLING
from .db import get_db
from .i18n import NAMES
from .store import load_game

bp = Blueprint("printing", __name__)


def paper_arg(lang: str | None = None) -> str:
    """?paper= when given (checked), else the usual paper of `lang` (default: the page's)."""
    paper = request.args.get("paper", "").strip().lower()
    if not paper:
        return paper_for(lang or BOWLING.language())
    if paper not in PAPERS:
        abort(400, description=f"paper must be one of {', '.join(PAPERS)}")
    return paper


def pdf_response(build: Callable[[io.BytesIO], object], download_name: str):
    buf = io.BytesIO()
    try:
        build(buf)
    except ValueError as e:         # printables.PrintError: a bad option, said in words
        abort(400, description=str(e))
    buf.seek(0)
    return send_file(buf, mimetype="application/pdf", as_attachment=True,
                     download_name=download_name, max_age=0)


@bp.get("/print")
def page():
    return render_template("print.html", papers=list(PAPERS),
                           card_languages=[(lang, NAMES.get(lang, lang)) for lang in LANGUAGES],
                           max_players=min(max_players(p) for p in PAPERS))


@bp.get("/print/scorepad.pdf")
def scorepad():
    raw = request.args.get("players", "1")
    paper = paper_arg()
    limit = max_players(paper)
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= limit:  # "²" is a digit to isdigit()
        abort(400, description=f"players must be a number from 1 to {limit}")
    return pdf_response(lambda out: build_scorepad(out, players=int(raw), paper=paper),
                        "tableside-scorepad.pdf")


@bp.get("/print/rules.pdf")
def rules():
    lang = (request.args.get("lang") or BOWLING.language()).strip().lower()
    if lang not in LANGUAGES:
        abort(400, description=f"lang must be one of {', '.join(LANGUAGES)}")
    paper = paper_arg(lang)
    return pdf_response(lambda out: build_rules(out, lang=lang, paper=paper),
                        f"tableside-rules-{lang}.pdf")


@bp.get("/print/mat.pdf")
def mat():
    paper = paper_arg()
    return pdf_response(lambda out: build_mat(out, paper=paper), "tableside-mat.pdf")


def sheet_data(stored) -> dict:
    game = stored.game
    title = "Bowling Solitaire"
    if game.over and game.winners():
        title += " — won by " + " & ".join(game.winners())
    return {"players": [{"name": n, "rolls": list(r)} for n, r in zip(game.players, game.rolls)],
            "date": stored.created[:10], "title": title}


@bp.get("/api/games/<game_id>/sheet.pdf")
def sheet(game_id: str):
    stored = load_game(get_db(), game_id)
    return pdf_response(lambda out: build_sheet(sheet_data(stored), out, paper=paper_arg()),
                        f"tableside-{stored.id}.pdf")
