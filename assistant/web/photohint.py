"""A hint from any photo, mid-frame too, and re-syncing a game's tracker from a photo.

- `GET /photo-hint`: the page (static/js/photohint.js): photo -> reading -> the few
  questions a photo cannot answer -> the hint.
- `POST /api/photo-hint`: the photo's table (`pins`, `tops`) with optional `down`, `ball`,
  `out`, `rolls`, `objective`, `variant` -> what was assumed and the hint
  (assistant.bowling.partial).
- `POST /api/games/<id>/resync-check`: the photo's table against the tracked frame -> the
  differences and the `resync` action to confirm (assistant.bowling.resync); the action itself
  goes through POST /api/games/<id>/actions like any other, so one undo takes it back.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, render_template

from ..bowling.game import GameError
from ..bowling.partial import complete, hint_unknown_out
from ..bowling.resync import compare
from ..bowling.rules import variant_of
from ..common import TablesideError
from .body import json_body
from .db import get_db
from .hints import check_objective, solver_lock
from .store import load_game

bp = Blueprint("photohint", __name__)


@bp.get("/photo-hint")
def page():
    return render_template("photohint.html")


@bp.post("/api/photo-hint")
def post_photo_hint():
    body = json_body()
    objective = check_objective(body.get("objective", "game"))
    variant = variant_of(body.get("variant", "sackson"))
    done = complete(body)
    if not done.pins:
        raise TablesideError("every pin is down in this photo: the frame is over, no hint to give")
    with solver_lock:       # the solver's memo is one module global
        result = hint_unknown_out(done, objective, variant)
    return jsonify(table=done.to_json(), state=done.state_json() if not done.unknown_out else None,
                   hint=result)


@bp.post("/api/games/<game_id>/resync-check")
def post_resync_check(game_id: str):
    body = json_body()
    game = load_game(get_db(), game_id).game
    if game.mode != "table":
        raise GameError("only a game with real cards is re-synced from a photo: "
                        + ("this one deals its own cards" if game.mode == "dealt"
                           else "this one keeps the score only"))
    if game.awaiting not in ("play", "reveal"):
        raise GameError("no frame is being played: a photo re-syncs the cards mid-frame "
                        "(a new deal is photographed from the frame screen)")
    return jsonify(compare(game.frame, body))
