"""Games kept as their action logs, in the database of `db.py`.

A game is never stored as state: it is rebuilt by replaying its log through
`Game`, exactly as the CLI replays one.  A new action is applied to the
rebuilt game *before* it is written, inside one `BEGIN IMMEDIATE`
transaction, so an illegal action is never saved, two requests for the same
game are serialised (the second sees the first's action when it replays), and
the action is on disk before the response is sent.
"""
from __future__ import annotations

import json
import re
import reprlib
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..bowling.game import Game, GameError
from ..bowling.rules import variant_of
from ..common import TablesideError, clean_names, strict_int

MAX_PLAYERS = 12
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{4,32}")

# The fields each kind of action carries; anything else a client sends is dropped
# before the action is applied and stored.
ACTION_FIELDS = {"deal": ("pins", "tops"), "play": ("pile", "pins"),
                 "reveal": ("pile", "value"), "end_ball": (), "roll": ("pins",),
                 "resync": ("pins", "tops", "down", "out"),
                 "set_frame": ("player", "frame", "rolls"), "quick": ("on",)}


class UnknownGame(LookupError):
    """No game has this id (the web layer answers 404).  The id is echoed shortened: it is
    whatever the client sent, up to the request's size limit."""

    def __init__(self, what: str, game_id: str):
        super().__init__(f"there is no {what} {reprlib.repr(game_id)}")


class StaleGame(TablesideError):
    """The client acted on an older view of the game (the web layer answers 409)."""


STALE = ("the game has changed since this screen was shown (another phone, or a double tap); "
         "here it is as it stands now")


def seen_version(version: Any) -> int | None:
    """The `version` a write names (the game's version its screen showed), checked."""
    if version is None:
        return None
    return strict_int(version, "'version' (the game's version the screen showed)", 0)


def check_fresh(row: sqlite3.Row, version: int | None, at: Any = None,
                count: int | None = None) -> None:
    """Refuse a write made from an older screen: every game kind's one guard.  `version`
    only ever grows (undo included); `at`, the number of actions the screen saw, is the
    older guard that an undo and a new action fool, still honoured for old clients."""
    if at is not None and (isinstance(at, bool) or not isinstance(at, int)):
        raise TablesideError("'at' must be the number of actions the game had")
    if (version is not None and version != row["version"]) or (at is not None and at != count):
        raise StaleGame(STALE)


@dataclass
class StoredGame:
    id: str
    created: str
    updated: str
    game: Game
    version: int = 0        # raised by every write, undo included: never comes back

    def to_json(self) -> dict:
        return {"id": self.id, "created": self.created, "updated": self.updated,
                "version": self.version, **self.game.to_json()}


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def clean_action(action: Any) -> dict:
    """The action as Game.apply takes it, with only its own fields."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GameError("an action is an object with a 'type'")
    kind = action["type"]
    if kind not in ACTION_FIELDS:
        raise GameError(f"unknown action {kind!r}; use deal, play, reveal, end_ball, "
                        "resync, roll, set_frame, quick or undo")
    return {"type": kind, **{k: action[k] for k in ACTION_FIELDS[kind] if k in action}}


def summarize(game: Game) -> dict:
    """What the home page shows of a game without replaying it."""
    cards = game.cards()
    out = game.to_json()
    turn = out["turn"]
    return {"players": [{"name": n, "total": c.total, "rolls": p["rolls"]}
                        for n, c, p in zip(game.players, cards, out["players"])],
            "winners": game.winners(),
            "turn": None if turn is None else {"name": turn["name"], "frame": turn["frame"]}}


def rebuild(db: sqlite3.Connection, row: sqlite3.Row) -> Game:
    """Replay a stored game's log."""
    actions = [json.loads(r["action"]) for r in db.execute(
        "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (row["id"],))]
    return Game(json.loads(row["players"]), mode=row["mode"], seed=row["seed"],
                variant=variant_of(row["variant"]), actions=actions)


def _row(db: sqlite3.Connection, game_id: str, deleted: bool = False) -> sqlite3.Row:
    """The game's row; a deleted game is unknown unless `deleted` (restoring one) asks for it."""
    row = None
    if isinstance(game_id, str) and ID_PATTERN.fullmatch(game_id):
        row = db.execute("SELECT * FROM games WHERE id = ? AND kind = 'bowling' AND "
                         + ("deleted IS NOT NULL" if deleted else "deleted IS NULL"),
                         (game_id,)).fetchone()
    if row is None:
        raise UnknownGame("game", game_id)
    return row


def _stored(row: sqlite3.Row, game: Game) -> StoredGame:
    keys = row.keys()
    updated = row["updated"] if "updated" in keys and row["updated"] else row["created"]
    return StoredGame(row["id"], row["created"], updated, game,
                      row["version"] if "version" in keys else len(game.actions))


def create_game(db: sqlite3.Connection, players: Any, variant: Any = "sackson",
                mode: Any = "table") -> StoredGame:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise GameError("'players' must be a list of names")
    if len(players) > MAX_PLAYERS:
        raise GameError(f"at most {MAX_PLAYERS} players can share a game")
    players = clean_names(players)      # NFC; no control characters or direction overrides
    seed = secrets.randbelow(10 ** 9)
    game = Game(players, mode=mode, seed=seed, variant=variant_of(variant))  # validates
    created = now()
    db.execute("BEGIN IMMEDIATE")
    try:
        while True:
            game_id = secrets.token_urlsafe(6)
            if not db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                break
        db.execute("INSERT INTO games (id, created, players, mode, variant, seed, updated, "
                   "over, summary) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
                   (game_id, created, json.dumps(game.players), game.mode,
                    game.variant.value, seed, created, json.dumps(summarize(game))))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return StoredGame(game_id, created, created, game)


def game_version(db: sqlite3.Connection, game_id: str) -> int:
    """The game's version alone, without replaying it (a polling phone asks this)."""
    return _row(db, game_id)["version"]


def load_game(db: sqlite3.Connection, game_id: str) -> StoredGame:
    row = _row(db, game_id)
    return _stored(row, rebuild(db, row))


def apply_action(db: sqlite3.Connection, game_id: str, action: Any,
                 at: Any = None, version: Any = None) -> StoredGame:
    """Apply one action (or {"type": "undo"}) and store it; refused actions store nothing.

    `version`, when given, is the game's version the client saw: if the game has
    been written since (another phone, a double tap, an undo) the action is
    refused.  `at`, the number of actions the client saw, is the older guard
    (an undo and a new action bring the same number back); still honoured.
    """
    is_undo = isinstance(action, dict) and action.get("type") == "undo"
    if not is_undo:
        action = clean_action(action)
    version = seen_version(version)
    db.execute("BEGIN IMMEDIATE")      # the write lock: requests for this game queue here
    try:
        row = _row(db, game_id)
        game = rebuild(db, row)
        check_fresh(row, version, at, len(game.actions))
        stamp = now()
        if is_undo:
            game.undo()
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?",
                       (game_id, len(game.actions)))
        else:
            seq = len(game.actions)
            game.apply(action)          # refused: raises, and nothing is written
            db.execute("INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, ?)",
                       (game_id, seq, json.dumps(action), stamp))
        db.execute("UPDATE games SET updated = ?, over = ?, summary = ?, version = version + 1 "
                   "WHERE id = ?", (stamp, int(game.over), json.dumps(summarize(game)), game_id))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return StoredGame(row["id"], row["created"], stamp, game, row["version"] + 1)


def list_games(db: sqlite3.Connection, over: bool, limit: int = 50) -> list[dict]:
    """Recent games, newest first, from their summaries."""
    rows = db.execute("SELECT id, created, updated, variant, mode, summary FROM games "
                      "WHERE over = ? AND kind = 'bowling' AND deleted IS NULL "
                      "ORDER BY updated DESC LIMIT ?", (int(over), limit)).fetchall()
    return [{"id": r["id"], "created": r["created"], "updated": r["updated"],
             "variant": r["variant"], "mode": r["mode"], **json.loads(r["summary"] or "{}")}
            for r in rows]


def _write(db: sqlite3.Connection, game_id: str, version: Any, change, deleted: bool = False):
    """One transaction: check the game and its version, `change(row)` it, raise its version."""
    version = seen_version(version)
    db.execute("BEGIN IMMEDIATE")
    try:
        row = _row(db, game_id, deleted)
        check_fresh(row, version)
        result = change(row)
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (row["id"],))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return result


def rename_player(db: sqlite3.Connection, game_id: str, player: Any, name: Any,
                  version: Any = None) -> StoredGame:
    """Give player `player` (index from 0) a new name: a plain update of the game's players,
    not an action (the log replays the same with any names), so Undo does not undo it."""
    if not isinstance(name, str):
        raise GameError("'name' must be the player's new name")

    def change(row):
        players = json.loads(row["players"])
        index = strict_int(player, "'player' (the player's index from 0)", 0)
        if index >= len(players):
            raise GameError(f"there is no player {index}: the game has {len(players)}")
        players[index] = name
        players = clean_names(players)      # refuses empty, duplicate, control characters
        game = Game(players, mode=row["mode"], seed=row["seed"],
                    variant=variant_of(row["variant"]), actions=rebuild(db, row).actions)
        db.execute("UPDATE games SET players = ?, summary = ? WHERE id = ?",
                   (json.dumps(players), json.dumps(summarize(game)), row["id"]))
        return StoredGame(row["id"], row["created"], _stored(row, game).updated, game,
                          row["version"] + 1)
    return _write(db, game_id, version, change)


def delete_game(db: sqlite3.Connection, game_id: str) -> None:
    """Mark the game deleted: it leaves every list and answers 404, its log is kept for restore."""
    _write(db, game_id, None, lambda row: db.execute(
        "UPDATE games SET deleted = ? WHERE id = ?", (now(), row["id"])))


def restore_game(db: sqlite3.Connection, game_id: str) -> StoredGame:
    """Bring a deleted game back (the home page's undo toast)."""
    _write(db, game_id, None, lambda row: db.execute(
        "UPDATE games SET deleted = NULL WHERE id = ?", (row["id"],)), deleted=True)
    return load_game(db, game_id)


def finished_cards(db: sqlite3.Connection) -> list[dict]:
    """Every finished, not deleted Bowling game's players with their rolls, oldest first:
    from the summaries (a summary written before rolls were kept is rebuilt from the log)."""
    out = []
    for row in db.execute("SELECT * FROM games WHERE over = 1 AND kind = 'bowling' AND "
                          "deleted IS NULL ORDER BY updated").fetchall():
        players = json.loads(row["summary"] or "{}").get("players", [])
        if not players or any("rolls" not in p for p in players):
            players = rebuild(db, row).to_json()["players"]
        out.append({"id": row["id"], "date": row["updated"],
                    "players": [{"name": p["name"], "rolls": p["rolls"]} for p in players]})
    return out
