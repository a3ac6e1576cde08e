"""Pyramid Solitaire games kept as their action logs, in the same tables as Bowling's games.

A Pyramid game is a `games` row of kind 'pyramid' (schema version 3) whose
`setup` column holds what `Game.from_json` needs besides the log: the mode
('dealt' or 'table'), the seed and the rules.  Its actions are rows of
`actions`, replayed through `assistant.pyramid.game.Game` exactly as the CLI
replays one.  Writes follow store.py: the action is applied to the rebuilt game
inside one BEGIN IMMEDIATE transaction before it is written, so a refused action
is never saved and two phones acting at once are serialised.
"""
from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from typing import Any

from ..pyramid.game import MODES, Game, GameError
from ..pyramid.rules import Rules
from .store import ID_PATTERN, UnknownGame, check_fresh, now, seen_version

KIND = "pyramid"

# The fields each kind of action carries (assistant/pyramid/game.py's docstring);
# anything else a client sends is dropped before the action is applied and stored.
ACTION_FIELDS = {"deal": ("pyramid", "stock_top"), "remove": ("cards", "card"),
                 "draw": ("card", "cards"), "recycle": (), "stop": ()}


@dataclass
class StoredPyramid:
    id: str
    created: str
    updated: str
    game: Game
    version: int = 0        # raised by every write, undo included: never comes back


def clean_action(action: Any) -> dict:
    """The action as Game.apply takes it, with only its own fields."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GameError("an action is an object with a 'type'")
    kind = action["type"]
    if kind not in ACTION_FIELDS:
        raise GameError(f"unknown action {kind!r}; use deal, remove, draw, recycle, stop or undo")
    return {"type": kind, **{k: action[k] for k in ACTION_FIELDS[kind] if k in action}}


def summarize(game: Game) -> dict:
    """What the tally needs of a game without replaying it."""
    return {**game.result(), "mode": game.mode, "rules": game.rules.as_json()}


def _row(db: sqlite3.Connection, game_id: Any) -> sqlite3.Row:
    row = None
    if isinstance(game_id, str) and ID_PATTERN.fullmatch(game_id):
        row = db.execute("SELECT * FROM games WHERE id = ? AND kind = ?",
                         (game_id, KIND)).fetchone()
    if row is None:
        raise UnknownGame("Pyramid Solitaire game", game_id)
    return row


def rebuild(db: sqlite3.Connection, row: sqlite3.Row) -> Game:
    actions = [json.loads(r["action"]) for r in db.execute(
        "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (row["id"],))]
    return Game.from_json({**json.loads(row["setup"]), "actions": actions})


def create_game(db: sqlite3.Connection, mode: Any = "dealt", rules: Any = None,
                seed: Any = None) -> StoredPyramid:
    """Store a new game: a dealt one from `seed` (random when None), or a table game."""
    if mode not in MODES:
        raise GameError(f"mode must be one of {', '.join(MODES)}")
    if rules is not None and not isinstance(rules, dict):
        raise GameError("'rules' must be an object such as {\"preset\": \"seed\"}")
    if seed is None or mode == "table":
        seed = secrets.randbelow(10 ** 9) if mode == "dealt" else 0
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise GameError("'seed' must be a whole number from 0")
    game = Game(mode, seed, Rules.from_json(rules))               # validates
    setup = {"mode": game.mode, "seed": game.seed, "rules": game.rules.as_json()}
    stamp = now()
    db.execute("BEGIN IMMEDIATE")
    try:
        while True:
            game_id = secrets.token_urlsafe(6)
            if not db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                break
        db.execute("INSERT INTO games (id, created, players, mode, variant, seed, updated, over, "
                   "summary, kind, setup) VALUES (?, ?, '[]', ?, ?, ?, ?, 0, ?, ?, ?)",
                   (game_id, stamp, game.mode, KIND, game.seed, stamp,
                    json.dumps(summarize(game)), KIND, json.dumps(setup)))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return StoredPyramid(game_id, stamp, stamp, game)


def load_game(db: sqlite3.Connection, game_id: Any) -> StoredPyramid:
    row = _row(db, game_id)
    return StoredPyramid(row["id"], row["created"], row["updated"] or row["created"],
                         rebuild(db, row), row["version"])


def apply_action(db: sqlite3.Connection, game_id: Any, action: Any,
                 at: Any = None, version: Any = None) -> StoredPyramid:
    """Apply one action (or {"type": "undo"}) and store it; refused actions store nothing.
    `version`: the game's version the client saw (`at`: the older count of actions); a
    game written since is refused (store.check_fresh)."""
    is_undo = isinstance(action, dict) and action.get("type") == "undo"
    if not is_undo:
        action = clean_action(action)
    version = seen_version(version)
    db.execute("BEGIN IMMEDIATE")
    try:
        row = _row(db, game_id)
        game = rebuild(db, row)
        check_fresh(row, version, at, len(game.actions))
        stamp = now()
        if is_undo:
            game.undo()
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?",
                       (row["id"], len(game.actions)))
        else:
            seq = len(game.actions)
            game.apply(action)          # refused: raises, and nothing is written
            db.execute("INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, ?)",
                       (row["id"], seq, json.dumps(action), stamp))
        db.execute("UPDATE games SET updated = ?, over = ?, summary = ?, version = version + 1 "
                   "WHERE id = ?", (stamp, int(game.over), json.dumps(summarize(game)), row["id"]))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return StoredPyramid(row["id"], row["created"], stamp, game, row["version"] + 1)


def list_games(db: sqlite3.Connection, over: bool, day: str | None = None,
               limit: int = 200) -> list[dict]:
    """Pyramid games (finished or not), oldest first; `day` (YYYY-MM-DD) keeps one day's."""
    rows = db.execute("SELECT id, created, updated, summary FROM games WHERE kind = ? AND over = ? "
                      "AND (? IS NULL OR substr(created, 1, 10) = ?) ORDER BY created LIMIT ?",
                      (KIND, int(over), day, day, limit)).fetchall()
    return [{"id": r["id"], "created": r["created"], "updated": r["updated"],
             **json.loads(r["summary"] or "{}")} for r in rows]
