"""The games API: create, list, read a game and apply actions; every error is {"error": reason}."""
from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, jsonify, request
from flask_wtf.csrf import generate_csrf

from ..bowling.state import FrameState
from ..common import TablesideError
from .body import json_body
from .db import get_db
from .hints import compute_hint
from .store import (StaleGame, apply_action, create_game, delete_game, game_version, list_games,
                    load_game, rename_player, restore_game)

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
    """`?since=V` (the version a screen shows): `{"changed": false, "version": V}` without a
    replay while the game is still at V, so a second phone can poll cheaply."""
    want, objective = _hint_args()
    db = get_db()
    since = request.args.get("since")
    if since is not None:
        if not since.isdigit():
            raise TablesideError("'since' must be the game's version the screen shows")
        version = game_version(db, game_id)
        if version == int(since):
            return jsonify(changed=False, version=version)
    return jsonify(game_json(load_game(db, game_id), want, objective))


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


@bp.patch("/games/<game_id>/players/<player>")
def patch_player(game_id: str, player: str):
    """Rename a player: body {"name": "...", "version": V (optional)}.  A plain update, not
    an undoable action.  Refused: a bad name 400, unknown game or player 404/400, stale 409."""
    body = json_body()
    db = get_db()
    try:
        index = int(player) if player.isdigit() else player
        stored = rename_player(db, game_id, index, body.get("name"), body.get("version"))
    except StaleGame as e:
        return jsonify(error=str(e), game=game_json(load_game(db, game_id))), 409
    return jsonify(game_json(stored))


@bp.delete("/games/<game_id>")
def remove_game(game_id: str):
    """Mark the game deleted (kept, so POST .../restore can bring it back)."""
    delete_game(get_db(), game_id)
    return jsonify(deleted=game_id, restore=f"/api/games/{game_id}/restore")


@bp.post("/games/<game_id>/restore")
def post_restore(game_id: str):
    return jsonify(game_json(restore_game(get_db(), game_id)))


def _ball_rows(stored):
    """One row per ball: player, frame, ball, pins, mark, the frame's running total."""
    for name, card in zip(stored.game.players, stored.game.cards()):
        for number, frame in enumerate(card.frames, start=1):
            for ball, pins in enumerate(frame.rolls, start=1):
                mark = frame.marks[ball - 1] if ball <= len(frame.marks) else ""
                yield [name, number, ball, pins, mark, "" if frame.total is None else frame.total]


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id: str):
    stored = load_game(get_db(), game_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["player", "frame", "ball", "pins", "mark", "running_total"])
    writer.writerows(_ball_rows(stored))
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="tableside-{stored.id}.csv"'})


@bp.get("/games/<game_id>/export.json")
def export_json(game_id: str):
    stored = load_game(get_db(), game_id)
    game = stored.game
    body = {"id": stored.id, "created": stored.created, "updated": stored.updated,
            "players": game.players, "mode": game.mode, "variant": game.variant.value,
            "seed": game.seed, "actions": game.actions,
            "cards": [{"name": n, **c.to_json()} for n, c in zip(game.players, game.cards())],
            "over": game.over, "winners": game.winners()}
    response = jsonify(body)
    response.headers["Content-Disposition"] = f'attachment; filename="tableside-{stored.id}.json"'
    return response
