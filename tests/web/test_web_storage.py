"""Storage: WAL, schema migrations, serialised actions, games that never mix, restarts."""
from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from assistant.bowling.game import Game
from assistant.bowling.layout import PINS
from assistant.web import create_app
from assistant.web.db import MIGRATIONS, SCHEMA_VERSION, connect, migrate, schema_version

from .conftest import Api, Table

DEAL = {"type": "deal", "pins": dict(zip(PINS, [2, 7, 1, 8, 5, 9, 3, 4, 3, 6])), "tops": [7, 9, 0]}


def test_database_is_wal_and_current(app):
    db = connect(app.config["DATABASE"])
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert schema_version(db) == SCHEMA_VERSION == len(MIGRATIONS)
    assert migrate(db) == 0                       # already current: nothing to do


def test_migrations_from_version_0(tmp_path):
    path = tmp_path / "old.sqlite3"
    sqlite3.connect(path).close()                  # an empty file: user_version 0
    db = connect(str(path))
    assert schema_version(db) == 0
    assert migrate(db) == SCHEMA_VERSION
    cols = {r["name"] for r in db.execute("PRAGMA table_info(games)")}
    assert {"id", "players", "summary", "over", "updated"} <= cols


def test_migration_2_summarises_games_stored_by_version_1(tmp_path):
    """A database written by schema 1 (no summaries) gains them by replaying each log."""
    path = tmp_path / "v1.sqlite3"
    db = connect(str(path))
    db.execute("BEGIN")
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.execute("COMMIT")
    db.execute("INSERT INTO games (id, created, players, mode, variant, seed) VALUES "
               "('oldgame1', '2024-01-01T00:00:00+00:00', '[\"Ann\"]', 'table', 'sackson', 0)")
    for seq, action in enumerate([DEAL, {"type": "end_ball"}]):
        db.execute("INSERT INTO actions VALUES ('oldgame1', ?, ?, '2024-01-01T00:01:00+00:00')",
                   (seq, json.dumps(action)))
    assert migrate(db) == SCHEMA_VERSION - 1 and schema_version(db) == SCHEMA_VERSION
    row = db.execute("SELECT * FROM games WHERE id = 'oldgame1'").fetchone()
    summary = json.loads(row["summary"])
    assert summary["players"][0]["name"] == "Ann" and summary["turn"]["frame"] == 1
    assert row["updated"] == "2024-01-01T00:01:00+00:00" and row["over"] == 0
    app = create_app({"DATA_DIR": str(tmp_path), "DATABASE": str(path), "TESTING": True})
    g = app.test_client().get("/api/games/oldgame1").get_json()
    assert g["actions"] == 2 and g["turn"]["ball"] == 2


def test_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "future.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    with pytest.raises(RuntimeError, match="newer"):
        migrate(connect(str(path)))


def test_an_illegal_action_is_never_saved(api, app):
    gid = api.new_game()
    api.act(gid, DEAL)
    api.post(f"/api/games/{gid}/actions", {"type": "play", "pile": 1, "pins": ["A"]})
    db = connect(app.config["DATABASE"])
    rows = db.execute("SELECT seq, action FROM actions WHERE game_id = ?", (gid,)).fetchall()
    assert [r["seq"] for r in rows] == [0] and json.loads(rows[0]["action"])["type"] == "deal"


def test_two_games_interleaved_never_mix(api):
    a, b = api.new_game(["Ann"]), api.new_game(["Bob", "Cy"])
    ta, tb = Table(seed=11), Table(seed=22)
    ga, gb = api.get(f"/api/games/{a}").get_json(), api.get(f"/api/games/{b}").get_json()
    log_a, log_b = [], []
    for _ in range(100):                      # Ann's whole game, and much of Bob and Cy's
        if not ga["over"]:
            act = ta.next_action(ga)
            ga = api.act(a, act)
            log_a.append(act)
        if not gb["over"]:
            act = tb.next_action(gb)
            gb = api.act(b, act)
            log_b.append(act)
    # Each stored game is exactly its own log replayed, and nothing else.
    mine = Game(["Ann"], actions=log_a).to_json()
    assert ga["players"] == mine["players"] and ga["actions"] == mine["actions"]
    if mine["turn"]:
        assert ga["turn"] == mine["turn"]
    assert gb["players"] == Game(["Bob", "Cy"], actions=log_b).to_json()["players"]
    assert api.get(f"/api/games/{a}").get_json()["actions"] == len(log_a)
    assert api.get(f"/api/games/{b}").get_json()["actions"] == len(log_b)


def test_concurrent_requests_for_one_game_are_serialised(app):
    """Eight phones press 'end ball' for the same view at once: exactly one counts."""
    api = Api(app.test_client())
    gid = api.new_game()
    api.act(gid, DEAL)
    results = []
    barrier = threading.Barrier(8)

    def press():
        client = Api(app.test_client())
        barrier.wait()
        r = client.post(f"/api/games/{gid}/actions", {"type": "end_ball", "at": 1})
        results.append(r.status_code)

    threads = [threading.Thread(target=press) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200] + [409] * 7
    g = api.get(f"/api/games/{gid}").get_json()
    assert g["actions"] == 2


def test_concurrent_undo_and_actions_keep_a_valid_log(app):
    """Without 'at', racing requests still apply one at a time to a replayable log."""
    api = Api(app.test_client())
    gid = api.new_game()
    api.act(gid, DEAL)
    codes = []

    def worker(kind):
        client = Api(app.test_client())
        for _ in range(5):
            body = {"type": "undo"} if kind == "undo" else DEAL if kind == "deal" else {"type": "end_ball"}
            codes.append(client.post(f"/api/games/{gid}/actions", body).status_code)

    threads = [threading.Thread(target=worker, args=(k,)) for k in ("undo", "deal", "end", "end")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(codes) <= {200, 400}
    db = connect(app.config["DATABASE"])
    seqs = [r["seq"] for r in db.execute("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
    assert seqs == list(range(len(seqs)))          # no gaps, no duplicates
    g = api.get(f"/api/games/{gid}").get_json()     # and it replays
    assert g["actions"] == len(seqs)


# ---- a real server, killed and restarted ----------------------------------------------------

class HttpClient:
    """A tiny browser: cookies, the CSRF token, JSON."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        html = self.opener.open(base, timeout=10).read().decode()
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)

    def call(self, method, path, body=None):
        req = urllib.request.Request(self.base.rstrip("/") + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              "X-CSRFToken": self.token})
        try:
            with self.opener.open(req, timeout=20) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())


def start_server(data: Path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        cwd=Path(__file__).resolve().parents[2])
    lines = []
    deadline = time.time() + 30
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("Press Ctrl+C"):
            m = re.search(r"On this computer: (http://127\.0\.0\.1:\d+/)", "".join(lines))
            return proc, m.group(1), lines
    proc.kill()
    raise AssertionError("tableside serve did not start:\n" + "".join(lines))


def test_restart_loses_nothing(tmp_path):
    data = tmp_path / "games"
    table = Table(seed=5)
    proc, url, lines = start_server(data)
    try:
        assert "phones cannot reach it" in "".join(lines)
        c = HttpClient(url)
        status, body = c.call("POST", "/api/games", {"players": ["Ann", "Bob"]})
        assert status == 201
        gid = body["id"]
        status, g = c.call("GET", f"/api/games/{gid}")
        while sum(len(p["card"]["frames"]) for p in g["players"]) < 10:   # about half the game
            status, g = c.call("POST", f"/api/games/{gid}/actions", table.next_action(g))
            assert status == 200, g
        half = g
    finally:
        proc.send_signal(signal.SIGKILL)              # a crash, not a clean shutdown
        proc.wait(10)
    proc, url, _ = start_server(data)
    try:
        c = HttpClient(url)                            # a new session: a new token
        status, g = c.call("GET", f"/api/games/{gid}")
        assert status == 200
        assert g["players"] == half["players"] and g["turn"] == half["turn"]
        assert g["actions"] == half["actions"]
        while not g["over"]:
            status, g = c.call("POST", f"/api/games/{gid}/actions", table.next_action(g))
            assert status == 200, g
        assert g["winners"] and all(p["card"]["complete"] for p in g["players"])
        status, listing = c.call("GET", "/api/games")
        assert [x["id"] for x in listing["finished"]] == [gid]
    finally:
        proc.terminate()
        proc.wait(10)
    assert oct(os.stat(data / "secret_key").st_mode & 0o777) == "0o600"
