"""Pyramid Solitaire on the phone: its pages, its JSON API, its tally and printables.

Pages: /pyramid (new game, the session tally, the printables) and
/pyramid/<id> (the play screen, driven by static/js/pyramid.js through the API).
API under /api/pyramid: create a game, read it (state, legal moves, result; a
finished game's review; `?hint=1` adds the hint), post actions (the engine's
action JSON, `{"type": "undo"}` included) or undo, and the tally.  Every refusal
is a 4xx with the engine's reason.  Games are stored as action logs
(pyramid_store.py).  The PDFs come from printables' builders, imported inside the
handlers; the paper names are printables.paper's (the print blueprint loads it anyway).
"""
from __future__ import annotations

import io
import json
import threading
from datetime import date, datetime, timezone

from flask import (Blueprint, abort, jsonify, redirect, render_template, request, send_file,
                   url_for)

from printables.paper import PAPERS

from ..common import TablesideError
from ..pyramid.hint import hint
from ..pyramid.rules import DRAWS, ENDS, GOALS, PRESETS, PYRAMID_SIZE, Rules
from .body import json_body
from .db import get_db
from .pyramid_review import review
from .pyramid_store import apply_action, create_game, list_games, load_game
from .store import StaleGame

bp = Blueprint("pyramid", __name__)

# Perfect-information (clairvoyant) win rates from the rules document, section 10, for the
# rule sets it measured; a hidden-stock player can only do worse.
TRUE_RATES: dict[Rules, tuple[float, str]] = {
    PRESETS["seed"]: (0.0371, "± 0.12, measured on 25,000 deals"),
    Rules(overlap_pairs=True): (0.124, "± 0.5, measured on 5000 deals"),
    Rules(draw="three_piles"): (0.444, "± 0.7, measured on 5000 deals"),
    Rules(draw="three_piles", waste_pairs=False): (0.226, "± 0.6, measured on 5000 deals"),
    Rules(stock_top_available=True): (0.0902, "solitairewinrates.com, 100 M deals"),
    Rules(stock_top_available=True, overlap_pairs=True): (0.2277, "solitairewinrates.com"),
    PRESETS["classic"]: (0.0680, "solitairewinrates.com"),
    PRESETS["microsoft"]: (0.665, "998 of mchung94's 1500 deals"),
}
# The switches the new-game form offers, each with its choices (the Rules class checks them).
SWITCHES = {"draw": DRAWS, "stock_top_available": (False, True), "passes": (1, 3, "unlimited"),
            "goal": GOALS, "end": ENDS, "overlap_pairs": (False, True), "waste_pairs": (True, False)}
TALLY_LANGUAGES = ("en", "es", "eu")

# hints run the solver's C core; one at a time keeps two phones from doubling the load
_hint_lock = threading.Lock()
# A finished game's review, by (id, its log): a deal under three passes can take the solver
# seconds, and the end screen is read again on every reload.
_reviews: dict[tuple[str, str], dict] = {}
MAX_REVIEWS = 64


def cached_review(stored) -> dict:
    key = (stored.id, json.dumps(stored.game.actions))
    if key not in _reviews:
        if len(_reviews) >= MAX_REVIEWS:
            _reviews.pop(next(iter(_reviews)))
        _reviews[key] = review(stored.game)
    return _reviews[key]


def _day_arg() -> str | None:
    """?day=YYYY-MM-DD (default today) or all (None); anything else is a 400 in words."""
    day = request.args.get("day", today())
    if day == "all":
        return None
    try:
        return date.fromisoformat(day).isoformat()
    except ValueError:
        abort(400, description="day must be a date such as 2026-12-04, or all")


def today() -> str:
    return datetime.now(timezone.utc).date().isoformat()


def game_json(stored, with_hint: bool = False) -> dict:
    game = stored.game
    out = {"id": stored.id, "created": stored.created, "updated": stored.updated,
           "version": stored.version, **game.to_json()}
    out.pop("deck", None)                   # a dealt game's deck is its secret until the end
    out["over"] = game.over
    if game.over:
        out["review"] = cached_review(stored)
    elif with_hint and game.state is not None:
        try:
            with _hint_lock:
                out["hint"] = hint(game.player_state())
        except TablesideError as e:     # rules the solver does not take: the game goes on
            out["hint"] = {"error": str(e)}
    return out


def _want_hint() -> bool:
    return request.args.get("hint", "0") not in ("0", "", "false", "no")


def rules_from_form(form) -> dict:
    """The form's preset plus the switches that differ from it."""
    name = form.get("preset", "seed")
    base = PRESETS.get(name)
    if base is None:
        raise TablesideError(f"unknown rules {name!r} (choose {', '.join(PRESETS)})")
    switches = {k: form[k] for k in SWITCHES if form.get(k) not in (None, "")}
    return {"preset": name, **base.with_switches(switches).as_json()}


def tally(day: str | None) -> dict:
    """The session's finished games: games, wins, cards removed, the win rate beside the
    rules' true (perfect-information) rate when every game used the same rules."""
    games = list_games(get_db(), over=True, day=day)
    rows = [{"date": g["created"][:10], "won": g["won"], "removed": g["pyramid_removed"],
             "rules": _rules_label(g["rules"]), "notes": ""} for g in games]
    wins = sum(g["won"] for g in games)
    rule_sets = {Rules.from_json(g["rules"]) for g in games}
    true = TRUE_RATES.get(rule_sets.pop()) if len(rule_sets) == 1 else None
    return {"day": day, "games": len(games), "wins": wins,
            "rate": wins / len(games) if games else None,
            "removed": [g["pyramid_removed"] for g in games],
            "mean_removed": (sum(g["pyramid_removed"] for g in games) / len(games)
                             if games else None),
            "true_rate": None if true is None else {"rate": true[0], "source": true[1]},
            "ids": [g["id"] for g in games], "rows": rows}


def _rules_label(rules_json: dict) -> str:
    rules = Rules.from_json(rules_json)
    for name, preset in PRESETS.items():
        if rules == preset:
            return name
    seed = PRESETS["seed"].as_json()
    return ", ".join(f"{k}={v}" for k, v in rules.as_json().items() if seed[k] != v)


# ---- pages ---------------------------------------------------------------------------
@bp.get("/pyramid")
def home(error: str | None = None):
    return render_template("pyramid_home.html", presets=PRESETS, switches=SWITCHES,
                           defaults=PRESETS["seed"].as_json(), tally=tally(today()),
                           unfinished=list_games(get_db(), over=False, day=None)[-10:],
                           languages=TALLY_LANGUAGES, error=error)


@bp.post("/pyramid/games")
def start_game():
    """The new-game form: real or virtual cards, an optional seed, the preset and switches."""
    mode = "dealt" if request.form.get("cards") == "virtual" else "table"
    raw_seed = request.form.get("seed", "").strip()
    try:
        if raw_seed and not raw_seed.isdigit():
            raise TablesideError("the seed is a whole number")
        stored = create_game(get_db(), mode, rules_from_form(request.form),
                             int(raw_seed) if raw_seed else None)
    except TablesideError as e:
        return home(error=f"Could not start the game: {e}."), 400
    return redirect(url_for("pyramid.play", game_id=stored.id), code=303)


@bp.get("/pyramid/<game_id>")
def play(game_id: str):
    stored = load_game(get_db(), game_id)          # unknown -> the friendly 404 page
    return render_template("pyramid.html", game_id=stored.id, mode=stored.game.mode,
                           size=PYRAMID_SIZE)


# ---- JSON API --------------------------------------------------------------------------
@bp.post("/api/pyramid/games")
def api_create():
    """Body: {"mode": "dealt"|"table", "rules": {"preset": "seed", ...}, "seed": 7}."""
    body = json_body()
    stored = create_game(get_db(), body.get("mode", "dealt"), body.get("rules"), body.get("seed"))
    return jsonify(id=stored.id, url=url_for("pyramid.play", game_id=stored.id),
                   game=game_json(stored)), 201


@bp.get("/api/pyramid/games/<game_id>")
def api_get(game_id: str):
    return jsonify(game_json(load_game(get_db(), game_id), _want_hint()))


def _act(game_id: str, action: dict, at, version):
    db = get_db()
    try:
        stored = apply_action(db, game_id, action, at, version)
    except StaleGame as e:
        return jsonify(error=str(e), game=game_json(load_game(db, game_id))), 409
    return jsonify(game_json(stored, _want_hint()))


@bp.post("/api/pyramid/games/<game_id>/actions")
def api_action(game_id: str):
    """Body: an action ({"type": "remove", "cards": ["7.1", "7.3"]}, ...), with the "version"
    its screen showed (or the older "at")."""
    body = json_body()
    return _act(game_id, {k: v for k, v in body.items() if k not in ("at", "version")},
                body.get("at"), body.get("version"))


@bp.post("/api/pyramid/games/<game_id>/undo")
def api_undo(game_id: str):
    body = json_body(optional=True)
    return _act(game_id, {"type": "undo"}, body.get("at"), body.get("version"))


@bp.get("/api/pyramid/tally")
def api_tally():
    return jsonify(tally(_day_arg()))


# ---- printables -------------------------------------------------------------------------
def _paper_arg() -> str | None:
    paper = request.args.get("paper", "").strip().lower() or None
    if paper is not None and paper not in PAPERS:
        abort(400, description="paper must be letter or a4")
    return paper


def _pdf(data: bytes, name: str):
    return send_file(io.BytesIO(data), mimetype="application/pdf", as_attachment=True,
                     download_name=name, max_age=0)


@bp.get("/pyramid/rules.pdf")
def rules_pdf():
    from printables.pyramid_rules import render_pyramid_rules_bytes   # heavy (ReportLab)
    lang = request.args.get("lang", "eu").strip().lower()
    try:
        data = render_pyramid_rules_bytes(lang, _paper_arg())
    except ValueError as e:             # printables.PrintError: an unknown language, in words
        abort(400, description=str(e))
    return _pdf(data, f"tableside-pyramid-rules-{lang}.pdf")


@bp.get("/pyramid/tally.pdf")
def tally_pdf():
    from printables.pyramid_tally import pyramid_tally_bytes          # heavy (ReportLab)
    lang = request.args.get("lang", "en").strip().lower()
    rows = None if request.args.get("blank") else tally(_day_arg())["rows"]
    try:
        data = pyramid_tally_bytes(rows or None, lang=lang, paper=_paper_arg())
    except ValueError as e:
        abort(400, description=str(e))
    return _pdf(data, f"tableside-pyramid-tally-{lang}.pdf")
