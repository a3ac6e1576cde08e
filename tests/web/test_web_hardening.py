"""The game's version against stale screens, and inputs that used to be 500s."""
from __future__ import annotations

import json

import pytest

from assistant.bowling.layout import PINS
from assistant.web import create_app
from assistant.web.db import connect

DEAL = {"type": "deal", "pins": dict(zip(PINS, [2, 7, 1, 8, 5, 9, 3, 4, 3, 6])), "tops": [7, 9, 0]}
STATE = {"pins": DEAL["pins"], "piles": [{"top": 7, "down": 4}, {"top": 9, "down": 2},
                                         {"top": 0, "down": 1}], "ball": 1, "out": []}


# ---- the version -----------------------------------------------------------------

def test_every_game_json_has_a_version_that_only_grows(api):
    gid = api.new_game()
    g = api.get(f"/api/games/{gid}").get_json()
    assert g["version"] == 0
    g = api.act(gid, {**DEAL, "version": 0})
    assert g["version"] == 1
    g = api.act(gid, {"type": "undo", "version": 1})
    assert g["version"] == 2 and g["actions"] == 0
    assert api.get(f"/api/games/{gid}").get_json()["version"] == 2


def test_a_stale_tab_is_refused_after_undo_and_a_new_action(api):
    """Tab 1 and tab 2 both show the game after the deal and a play (2 actions).  Tab 1
    undoes the play and makes another: 2 actions again, on a different table.  Tab 2's play,
    made on what it still shows, must be refused, not applied to the new table."""
    gid = api.new_game()
    api.act(gid, DEAL)
    shown = api.act(gid, {"type": "play", "pile": 1, "pins": ["H", "I"]})
    assert shown["actions"] == 2 and shown["turn"]["awaiting"] == "reveal"
    tab1 = api.act(gid, {"type": "undo", "version": shown["version"]})
    other = next(p for p in tab1["turn"]["legal_plays"]
                 if p["pile"] == 1 and p["pins"] != ["H", "I"])
    tab1 = api.act(gid, {"type": "play", **other, "version": tab1["version"]})
    assert tab1["actions"] == shown["actions"]          # `at` alone cannot tell them apart
    assert tab1["turn"]["pending_reveals"] == [1]       # so the stale reveal would fit
    stale = {"type": "reveal", "pile": 1, "value": 5, "version": shown["version"]}
    r = api.post(f"/api/games/{gid}/actions", stale)
    assert r.status_code == 409
    body = r.get_json()
    assert "changed" in body["error"] and body["game"]["version"] == tab1["version"]
    assert api.get(f"/api/games/{gid}").get_json()["turn"] == tab1["turn"]
    # `at` still guards old pages (here: 1 action seen, 2 stored)
    r = api.post(f"/api/games/{gid}/actions", {"type": "undo", "at": 1})
    assert r.status_code == 409
    for bad in ("2", 2.0, True, -1):
        r = api.post(f"/api/games/{gid}/actions", {"type": "undo", "version": bad})
        assert r.status_code == 400, bad
    assert api.get(f"/api/games/{gid}").get_json()["version"] == tab1["version"]


def test_version_migration_keeps_old_games(tmp_path):
    """A version-2 database (before versions) gains them, starting at each game's actions."""
    from assistant.web import db as dbmod
    path = str(tmp_path / "data" / "tableside.sqlite3")
    (tmp_path / "data").mkdir()
    db = connect(path)
    for step in dbmod.MIGRATIONS[:2]:
        step(db)
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO games (id, created, players, mode, variant, seed, updated, over, "
               "summary) VALUES ('oldgame1', '2026-01-01', '[\"Ann\"]', 'table', 'sackson', 0, "
               "'2026-01-01', 0, '{}')")
    db.execute("INSERT INTO actions VALUES ('oldgame1', 0, ?, '2026-01-01')", (json.dumps(DEAL),))
    db.close()
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "TESTING": True})
    c = app.test_client()
    g = c.get("/api/games/oldgame1").get_json()
    assert g["version"] == 1 and g["actions"] == 1


# ---- former 500s -----------------------------------------------------------------

@pytest.mark.parametrize("ball", [1.0, True, "1", 2.5])
def test_a_hint_state_with_a_ball_that_is_no_int(api, ball):
    r = api.post("/api/hint", {"state": {**STATE, "ball": ball}})
    assert r.status_code == 400
    assert "ball must be 1 or 2" in r.get_json()["error"]


@pytest.mark.parametrize("pile", [1.0, True, False, "1", None])
def test_a_reveal_with_a_pile_that_is_no_int(api, app, pile):
    gid = api.new_game()
    api.act(gid, DEAL)
    g = api.act(gid, {"type": "play", "pile": 1, "pins": ["H", "I"]})
    assert g["turn"]["pending_reveals"] == [1]
    r = api.post(f"/api/games/{gid}/actions", {"type": "reveal", "pile": pile, "value": 5})
    assert r.status_code == 400, r.get_json()
    assert "pile" in r.get_json()["error"]
    db = connect(app.config["DATABASE"])
    stored = [json.loads(a) for (a,) in db.execute("SELECT action FROM actions WHERE game_id = ?",
                                                   (gid,))]
    assert len(stored) == 2 and all(a.get("pile") is not True for a in stored)


@pytest.mark.parametrize("pile", [1.0, True])
def test_a_play_with_a_pile_that_is_no_int(api, pile):
    gid = api.new_game()
    api.act(gid, DEAL)
    r = api.post(f"/api/games/{gid}/actions", {"type": "play", "pile": pile, "pins": ["H", "I"]})
    assert r.status_code == 400 and "pile" in r.get_json()["error"]


@pytest.mark.parametrize("players", ["²", "٣", "1.0", "", "11", "-1"])
def test_scorepad_players_must_be_plain_digits(api, players):
    r = api.get(f"/print/scorepad.pdf?players={players}", headers={"Accept": "application/json"})
    assert r.status_code == 400
    assert "players must be a number" in r.get_json()["error"]


# ---- names -----------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [
    ("Ann\x00", "control characters"), ("An\nn", "control characters"),
    ("A\tnn", "control characters"), ("\u202eAnn", "text-direction"),
    ("Ann\u2066", "text-direction"), ("e" + "\u0301" * 9, "too many accents"),
])
def test_names_with_controls_are_refused_in_the_api_and_the_form(api, name, words):
    r = api.post("/api/games", {"players": ["Bob", name]})
    assert r.status_code == 400 and words in r.get_json()["error"]
    r = api.client.post("/games", data={"player": ["Bob", name], "csrf_token": api.token})
    assert r.status_code == 400 and words in r.get_data(as_text=True)


def test_names_are_nfc(api):
    gid = api.new_game(["Zoe\u0301"])
    g = api.get(f"/api/games/{gid}").get_json()
    assert g["players"][0]["name"] == "Zo\u00e9"
    r = api.post("/api/games", {"players": ["Zo\u00e9", "ZOE\u0301"]})
    assert r.status_code == 400 and "same name" in r.get_json()["error"]
