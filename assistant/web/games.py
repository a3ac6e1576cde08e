"""The games API: create, list, read a game and apply actions; every error is {"error": reason}."""
from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask_wtf.csrf import generate_csrf

from ..bowling.state import FrameState
from ..common import TablesideError
from .body import json_body
from .db import get_db
from .hints import compute_hint
from .store import StaleGame, apply_action, create_game, list_games, load_game

bp = Blueprint("games", __name__, url_prefix="/api")


def game_json(stored, with_hint: bool = False, objective: str = "game") -> dict:
    out = stored.to_json()
    turn = out.get("turn")
    if with_hint and turn and turn.get("state") and turn["state"].get("pins"):
        try:
            out["hint"] = compute_hint(FrameState.from_json(turn["state"]), objective,
                                       stored.game.variant)
        except TablesideError as e:
            out["hint"] = {"error": str(e)}
    return out


def _hint_args() -> tuple[bool, str]:
    want = request.args.get("hint", "0") not in ("0", "", "false", "no")
    return want, request.args.get("objective", "game")


@bp.get("/csrf")
def get_csrf():
    """A CSRF token for scripted clients (pages carry theirs in a <meta> tag)."""
    return jsonify(csrf_token=generate_csrf())


@bp.post("/games")
def post_game():
    body = json_body()
    stored = create_game(get_db(), body.get("players"), body.get("variant", "sackson"),
                         body.get("mode", "table"))
    return jsonify(id=stored.id, url=f"/games/{stored.id}"), 201


@bp.get("/games")
def get_games():
    db = get_db()
    return jsonify(unfinished=list_games(db, over=False), finished=list_games(db, over=True))


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    want, objective = _hint_args()
    return jsonify(game_json(load_game(get_db(), game_id), want, objective))


@bp.post("/games/<game_id>/actions")
def post_action(game_id: str):
    """Body: an action ({"type": "play", ...} or {"type": "undo"}), optional "version"
    (the game's version the screen showed; "at", the number of actions, for old pages)."""
    body = json_body()
    want, objective = _hint_args()
    db = get_db()
    try:
        stored = apply_action(db, game_id, body, body.get("at"), body.get("version"))
    except StaleGame as e:
        return jsonify(error=str(e), game=game_json(load_game(db, game_id), want,
                                                    objective)), 409
    return jsonify(game_json(stored, want, objective))
