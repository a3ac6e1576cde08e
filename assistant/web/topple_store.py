"""Topple games kept as their event logs, in the same tables as Bowling's games.

A Topple game is a `games` row of kind 'topple' whose `setup` column holds the
players with their colours, the target and the rules (schema version 3); its
events are rows of `actions`, replayed through `assistant.topple.game.Game`
exactly as `tableside topple score` replays a file.  Writes follow store.py:
the event is applied to the rebuilt game inside one BEGIN IMMEDIATE
transaction before it is written, so a refused event is never saved and two
phones acting at once are serialised.
"""
from __future__ import annotations

import json
import secrets
import sqlite3
from typing import Any

from ..topple.game import Game, GameError, Setup
from .store import ID_PATTERN, UnknownGame, check_fresh, now, seen_version

KIND = "topple"


def summarize(game: Game) -> dict:
    """What the Topple page's list shows of a game without replaying it."""
    return {"players": [{"name": n, "total": t} for n, t in zip(game.names, game.totals)],
            "winners": game.winners(), "round": game.round, "turn": game.current}


def _row(db: sqlite3.Connection, game_id: Any) -> sqlite3.Row:
    row = None
    if isinstance(game_id, str) and ID_PATTERN.fullmatch(game_id):
        row = db.execute("SELECT * FROM games WHERE id = ? AND kind = ?",
                         (game_id, KIND)).fetchone()
    if row is None:
        raise UnknownGame("Topple game", game_id)
    return row


def rebuild(db: sqlite3.Connection, row: sqlite3.Row) -> Game:
    events = [json.loads(r["action"]) for r in db.execute(
        "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (row["id"],))]
    return Game(Setup.from_json(json.loads(row["setup"])), events)


def create_game(db: sqlite3.Connection, setup_json: Any,
                first_events: list[dict] | None = None) -> tuple[str, Game]:
    """Store a new game (its setup validated), with any opening events (a roll-off's start)."""
    game = Game(Setup.from_json(setup_json), list(first_events or []))
    stamp = now()
    db.execute("BEGIN IMMEDIATE")
    try:
        while True:
            game_id = secrets.token_urlsafe(6)
            if not db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                break
        db.execute("INSERT INTO games (id, created, players, mode, variant, seed, updated, over, "
                   "summary, kind, setup) VALUES (?, ?, ?, 'table', ?, 0, ?, 0, ?, ?, ?)",
                   (game_id, stamp, json.dumps(game.names), KIND, stamp,
                    json.dumps(summarize(game)), KIND, json.dumps(game.setup.to_json())))
        for seq, event in enumerate(game.events):
            db.execute("INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, ?)",
                       (game_id, seq, json.dumps(event), stamp))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return game_id, game


def load_game(db: sqlite3.Connection, game_id: Any) -> Game:
    return rebuild(db, _row(db, game_id))


def load_versioned(db: sqlite3.Connection, game_id: Any) -> tuple[Game, int]:
    """The game and its version (raised by every write, undo included), from one read."""
    row = _row(db, game_id)
    return rebuild(db, row), row["version"]


def apply_event(db: sqlite3.Connection, game_id: Any, event: Any, undo: bool = False,
                at: Any = None, version: Any = None) -> tuple[Game, int]:
    """Apply one event (or undo the last) and store it; refused events store nothing.
    Returns the game and its new version.

    `version` is the game's version the client saw (`at` the older count of events):
    if the game moved on since (another phone, a double tap, an undo) the request is
    refused with StaleGame (store.check_fresh).
    """
    version = seen_version(version)
    db.execute("BEGIN IMMEDIATE")
    try:
        row = _row(db, game_id)
        game = rebuild(db, row)
        check_fresh(row, version, at, len(game.events))
        stamp = now()
        if undo:
            game.undo()
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?",
                       (row["id"], len(game.events)))
        else:
            if not isinstance(event, dict):
                raise GameError("send the event as an object under 'event'")
            game.apply(event)              # refused: raises, and nothing is written
            db.execute("INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, ?)",
                       (row["id"], len(game.events) - 1, json.dumps(game.events[-1]), stamp))
        db.execute("UPDATE games SET updated = ?, over = ?, summary = ?, version = version + 1 "
                   "WHERE id = ?", (stamp, int(game.over), json.dumps(summarize(game)), row["id"]))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return game, row["version"] + 1


def list_games(db: sqlite3.Connection, over: bool, limit: int = 20) -> list[dict]:
    rows = db.execute("SELECT id, updated, summary FROM games WHERE kind = ? AND over = ? "
                      "ORDER BY updated DESC LIMIT ?", (KIND, int(over), limit)).fetchall()
    return [{"id": r["id"], "updated": r["updated"], **json.loads(r["summary"] or "{}")}
            for r in rows]
