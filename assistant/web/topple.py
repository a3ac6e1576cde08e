"""Topple's pages and JSON API: a Flask blueprint over the same Game the CLI replays.

Pages: /topple (new game, games to carry on) and /topple/<id> (the turn screen,
driven by static/js/topple.js).  API under /api/topple: create a game, read it
(with the legal spaces for every roll), add an event or undo, rank the spaces
for a roll.  Refusals come back as {"error": reason} through the app's handlers.
PDFs: a game's filled score sheet, a blank sheet and the rules card, rendered in
memory by the printables builders, imported inside those handlers; the paper
names are printables.paper's (the print blueprint loads it anyway).
"""
from __future__ import annotations

import io
import random
from itertools import zip_longest
from typing import Any

from flask import (Blueprint, abort, jsonify, make_response, redirect, render_template, request,
                   send_file, url_for)

from printables.paper import PAPERS

from ..common import TablesideError
from ..topple.advice import best_options
from ..topple.board import DIE_FACES, check_roll, short
from ..topple.game import DEFAULT_COLOURS, DEFAULT_TARGET, MAX_PLAYERS, Game
from ..topple.rules import ROUND_START, TIES, Rules
from .body import json_body
from .db import get_db
from .store import StaleGame
from .topple_store import apply_event, create_game, list_games, load_game, load_versioned
from .topple_words import TOPPLE

bp = Blueprint("topple", __name__)
BEST_SHOWN = 3
SHEET_PLAYERS = (2, 4)


# ---- what the page shows -------------------------------------------------------------

def view(game_id: str, game: Game, version: int) -> dict:
    """The game as the turn screen needs it: the engine's view plus legal spaces per roll,
    and its version (the next write names it: a screen left behind is refused)."""
    out = game.to_json()
    out["id"] = game_id
    out["version"] = version
    out["legal"] = {str(r): list(game.legal_spaces(r)) for r in DIE_FACES}
    for entry, event in zip(out["history"], game.events):
        entry["event"] = event
    return out


def roll_off(names: list[str], rng: random.Random) -> str:
    """Everyone rolls, the highest starts, ties re-roll among the tied (rules 3.6)."""
    tied = list(names)
    while len(tied) > 1:
        rolls = {n: rng.randint(1, 6) for n in tied}
        best = max(rolls.values())
        tied = [n for n in tied if rolls[n] == best]
    return tied[0]


def setup_from_form(form) -> tuple[dict, list[dict]]:
    """The new-game form as a game file's setup, and the opening events (a roll-off)."""
    rows = zip_longest(form.getlist("player"), form.getlist("colour"), form.getlist("colour2"),
                       fillvalue="")
    rows = [(n.strip(), c, c2) for n, c, c2 in rows if n.strip()]
    if len(rows) < 2:
        raise TablesideError("Topple needs 2 to 4 players: write at least two names")
    players = [{"name": n, "colours": [c]} for n, c, _ in rows]
    if len(rows) == 2:
        taken = {c for _, c, _ in rows} | {c2 for _, _, c2 in rows if c2}
        spare = [c for c in DEFAULT_COLOURS if c not in taken]
        for player, (_, _, second) in zip(players, rows):
            player["colours"].append(second or (spare.pop(0) if spare else ""))
    target = form.get("target", str(DEFAULT_TARGET)).strip()
    if not target.isdigit():
        raise TablesideError(f"the target is a whole number, not {short(target)}")
    defaults = Rules()
    rules = {"completion_counts_own_stack": bool(form.get("completion_counts_own_stack")),
             "tall_stack": form.get("tall_stack", defaults.tall_stack),
             "may_pass": bool(form.get("may_pass")), "junior": bool(form.get("junior")),
             "round_start": form.get("round_start", defaults.round_start),
             "tie": form.get("tie", defaults.tie)}
    setup = {"players": players, "target": int(target), "rules": rules}
    first = []
    if form.get("starter") == "roll":
        first.append({"start": roll_off([p["name"] for p in players], random.SystemRandom())})
    return setup, first


def render(template: str, status: int = 200, **context):
    """A page in Topple's language (i18n.py gives the template `t` and remembers ?lang=)."""
    return make_response(render_template(template, **context), status)


# ---- pages ---------------------------------------------------------------------------

@bp.get("/topple")
def home(error: str | None = None, status: int = 200):
    db = get_db()
    return render("topple_home.html", status, error=error, colours=DEFAULT_COLOURS,
                  seats=range(MAX_PLAYERS), defaults=Rules(), round_starts=ROUND_START,
                  ties=TIES, target=DEFAULT_TARGET, form=request.form,
                  unfinished=list_games(db, over=False), finished=list_games(db, over=True))


@bp.post("/topple/games")
def start_game():
    try:
        setup, first = setup_from_form(request.form)
        game_id, _ = create_game(get_db(), setup, first)
    except TablesideError as e:
        return home(error=str(e), status=400)
    return redirect(url_for("topple.game_page", game_id=game_id), code=303)


@bp.get("/topple/<game_id>")
def game_page(game_id: str):
    game = load_game(get_db(), game_id)            # unknown -> the friendly 404 page
    return render("topple_game.html", game_id=game_id, names=game.names)


# ---- the JSON API ----------------------------------------------------------------------

@bp.post("/api/topple/games")
def api_create():
    body = json_body()
    events = body.get("events", [])
    if not isinstance(events, list):
        raise TablesideError("'events' must be a list")
    game_id, _ = create_game(get_db(), body, events)
    return jsonify(id=game_id, url=url_for("topple.game_page", game_id=game_id)), 201


@bp.get("/api/topple/games/<game_id>")
def api_game(game_id: str):
    return jsonify(view(game_id, *load_versioned(get_db(), game_id)))


@bp.post("/api/topple/games/<game_id>/events")
def api_event(game_id: str):
    """Body: {"event": {...}, "version": V} or {"undo": true, "version": V} (V: the game's
    version the screen showed; the older "at", a count of events, is still honoured)."""
    body = json_body()
    db = get_db()
    try:
        stored = apply_event(db, game_id, body.get("event"), undo=body.get("undo") is True,
                             at=body.get("at"), version=body.get("version"))
    except StaleGame as e:
        return jsonify(error=str(e), game=view(game_id, *load_versioned(db, game_id))), 409
    return jsonify(view(game_id, *stored))


@bp.get("/api/topple/games/<game_id>/best")
def api_best(game_id: str):
    roll = _int_arg("roll")
    game = load_game(get_db(), game_id)
    options = best_options(game, check_roll(roll))
    return jsonify(roll=roll, player=game.current,
                   options=[o.to_json() for o in options[:BEST_SHOWN]])


def _int_arg(name: str) -> Any:
    value = request.args.get(name, "")
    try:
        return int(value)
    except ValueError:
        raise TablesideError(f"{name} must be a whole number, not {value!r}") from None


# ---- PDFs --------------------------------------------------------------------------------

def _pdf_lang() -> str:
    """?lang= when given (checked), else the page's language (cookie, Accept-Language)."""
    asked = request.args.get("lang")
    if asked is not None:
        asked = asked.strip().lower()
        if asked not in TOPPLE.languages:
            abort(400, description=f"lang must be one of {', '.join(TOPPLE.languages)}, "
                                   f"not {short(asked)}")
        return asked
    return TOPPLE.language()


def _pdf_paper() -> str | None:
    """?paper= when given (checked), else None: the printables pick the language's paper."""
    paper = request.args.get("paper")
    if paper is None:
        return None
    paper = paper.strip().lower()
    if paper not in PAPERS:
        abort(400, description=f"paper must be one of {', '.join(PAPERS)}, not {short(paper)}")
    return paper


def _pdf(render, name: str):
    try:
        data = render()
    except ValueError as e:         # printables.PrintError: a bad option or name, in words
        abort(400, description=str(e))
    return send_file(io.BytesIO(data), mimetype="application/pdf", as_attachment=True,
                     download_name=name, max_age=0)


@bp.get("/api/topple/games/<game_id>/sheet.pdf")
def sheet_pdf(game_id: str):
    """This game's score sheet, filled with its finished rounds, in the page's language."""
    lang, paper = _pdf_lang(), _pdf_paper()
    game = load_game(get_db(), game_id)            # unknown -> 404
    if game.rules.junior:
        abort(400, description="the junior version keeps no score, so it has no score sheet")
    from printables.topple_sheet import topple_sheet_bytes          # heavy (ReportLab)
    data = game.sheet_json()
    return _pdf(lambda: topple_sheet_bytes(data["players"], data["rounds"], data["target"],
                                           lang=lang, paper=paper),
                f"tableside-topple-{game_id}.pdf")


@bp.get("/topple/sheet.pdf")
def blank_sheet_pdf():
    """A blank score sheet for ?players=2..4 (default 4)."""
    lang, paper = _pdf_lang(), _pdf_paper()
    raw = request.args.get("players", str(SHEET_PLAYERS[1])).strip()
    low, high = SHEET_PLAYERS
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:   # "²".isdigit()
        abort(400, description=f"players must be a number from {low} to {high}, not {short(raw)}")
    from printables.topple_sheet import blank_topple_sheet_bytes    # heavy (ReportLab)
    return _pdf(lambda: blank_topple_sheet_bytes(players=int(raw), lang=lang, paper=paper),
                f"tableside-topple-sheet-{raw}-{lang}.pdf")


@bp.get("/topple/rules.pdf")
def rules_pdf():
    """The rules card, ?lang=es|en (default the page's language)."""
    lang, paper = _pdf_lang(), _pdf_paper()
    from printables.topple_rules import render_topple_rules_bytes   # heavy (ReportLab)
    return _pdf(lambda: render_topple_rules_bytes(lang, paper), f"tableside-topple-rules-{lang}.pdf")
