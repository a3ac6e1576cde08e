"""The embedded SQLite database: one connection per request, a versioned schema.

Like flaskr's db.py: `get_db()` opens the app's database for the current
request and `close_db` closes it at teardown.  The schema version lives in
`PRAGMA user_version`; `MIGRATIONS` is the ordered list of steps from version
0, each applied in its own transaction together with the version bump, so a
crash mid-migration leaves the database at the last good version.

Connections run in autocommit mode (`isolation_level=None`): every write
transaction is explicit (`BEGIN IMMEDIATE` in `store.py`), and the journal is
in WAL mode so readers never block the one writer.
"""
from __future__ import annotations

import json
import sqlite3
from typing import Callable, Union

from flask import current_app, g

from .store import rebuild, summarize   # the v2 migration replays stored games

BUSY_TIMEOUT_MS = 10_000


def _v1_games_and_actions(db: sqlite3.Connection) -> None:
    db.execute("""
        CREATE TABLE games (
            id       TEXT PRIMARY KEY,
            created  TEXT NOT NULL,
            players  TEXT NOT NULL,          -- JSON list of names
            mode     TEXT NOT NULL,          -- 'table' (real cards) or 'dealt'
            variant  TEXT NOT NULL,
            seed     INTEGER NOT NULL DEFAULT 0
        )""")
    db.execute("""
        CREATE TABLE actions (
            game_id  TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq      INTEGER NOT NULL,       -- 0, 1, 2 ... : the replay order
            action   TEXT NOT NULL,          -- JSON, exactly as Game.apply takes it
            created  TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""")


def _v2_game_summaries(db: sqlite3.Connection) -> None:
    """A summary per game (totals, winners, frame) so the home page needs no replays."""
    db.execute("ALTER TABLE games ADD COLUMN updated TEXT")
    db.execute("ALTER TABLE games ADD COLUMN over INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE games ADD COLUMN summary TEXT")
    db.execute("CREATE INDEX games_by_update ON games(over, updated)")
    for row in db.execute("SELECT * FROM games").fetchall():
        game = rebuild(db, row)
        last = db.execute("SELECT max(created) FROM actions WHERE game_id = ?",
                          (row["id"],)).fetchone()[0]
        db.execute("UPDATE games SET updated = ?, over = ?, summary = ? WHERE id = ?",
                   (last or row["created"], int(game.over), json.dumps(summarize(game)),
                    row["id"]))


def _v4_game_versions(db: sqlite3.Connection) -> None:
    """A version per game that every write raises, undo included: the guard against stale
    screens (the number of actions comes back after an undo and a new action; this never
    does).  A stored game starts at its number of actions."""
    db.execute("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
    db.execute("UPDATE games SET version = (SELECT count(*) FROM actions "
               "WHERE actions.game_id = games.id)")


Migration = Union[str, Callable[[sqlite3.Connection], None]]

#: Schema steps in order: MIGRATIONS[0] takes version 0 to 1, and so on.  Append only.
MIGRATIONS: list[Migration] = [
    _v1_games_and_actions,
    _v2_game_summaries,
    "ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'bowling'; ALTER TABLE games ADD COLUMN setup TEXT",  # v3: other games (Topple) share the tables
    _v4_game_versions,
    "ALTER TABLE games ADD COLUMN deleted TEXT",  # v5: when a game was deleted (NULL: not); its log is kept for undo
]
SCHEMA_VERSION = len(MIGRATIONS)


def connect(path: str) -> sqlite3.Connection:
    """A connection in WAL mode, autocommit, rows by column name."""
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                         check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA journal_mode = WAL")
    # WAL + FULL: every commit is fsynced before the answer, so an answered action survives
    # a power cut too (NORMAL survives a crash of the process, but can lose the last commits
    # when the machine loses power).  Measured: 4 ms a commit (p95 14 ms) against 0.1 ms, on
    # an action that takes 25-40 ms to replay and apply.
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def schema_version(db: sqlite3.Connection) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def migrate(db: sqlite3.Connection) -> int:
    """Bring the schema up to SCHEMA_VERSION; returns the number of steps applied."""
    applied = 0
    while True:
        db.execute("BEGIN IMMEDIATE")          # one process migrates; others wait, then see it
        try:
            version = schema_version(db)
            if version > SCHEMA_VERSION:
                raise RuntimeError(f"the database has schema version {version}, newer than "
                                   f"this Tableside ({SCHEMA_VERSION}); please upgrade")
            if version == SCHEMA_VERSION:
                db.execute("COMMIT")
                return applied
            step = MIGRATIONS[version]
            if isinstance(step, str):
                for statement in step.split(";"):
                    if statement.strip():
                        db.execute(statement)
            else:
                step(db)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
            applied += 1
        except BaseException:
            db.execute("ROLLBACK")
            raise


def get_db() -> sqlite3.Connection:
    """The current request's connection to the app's database."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app) -> None:
    """Migrate the database once at start-up and close connections after each request."""
    db = connect(app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.close()
    app.teardown_appcontext(close_db)
