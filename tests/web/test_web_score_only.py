"""Score-only games and quick entry through the JSON API: rolls, corrections, undo,
refusals with `tableside score`'s wording, and a card game's frame entered by pins."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEAL = {"type": "deal", "pins": {"A": 2, "B": 7, "C": 1, "D": 8, "E": 5, "F": 9, "G": 3,
                                 "H": 4, "I": 3, "J": 6}, "tops": [7, 9, 0]}

# Ann: a spare, a strike, nines, and a tenth frame X 7 / (three balls).
ANN = [[9, 1], [10], [4, 5], [0, 0], [3, 7], [10], [10], [8, 1], [0, 10], [10, 7, 3]]
# Bob: open frames, then a tenth-frame spare with its bonus ball.
BOB = [[7, 2], [5, 5], [6, 0], [10], [2, 3], [9, 0], [1, 1], [10], [4, 4], [6, 4, 9]]


def score_cli(rolls):
    """What `tableside score` prints for these rolls."""
    exe = Path(sys.executable).with_name("tableside")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "assistant.cli"]
    r = subprocess.run(cmd + ["score", *map(str, rolls)], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def roll(api, gid, pins, expect=200):
    return api.act(gid, {"type": "roll", "pins": pins}, expect)


def play_frames(api, gid, frames_by_player):
    """Enter whole frames in turn, as the table plays them; returns the last game JSON."""
    g = None
    for f in range(10):
        for frames in frames_by_player:
            for pins in frames[f]:
                g = roll(api, gid, pins)
    return g


def test_a_whole_score_only_game_for_two_players(api):
    r = api.post("/api/games", {"players": ["Ann", "Bob"], "mode": "score"})
    assert r.status_code == 201
    gid = r.get_json()["id"]
    g = api.get(f"/api/games/{gid}").get_json()
    assert g["mode"] == "score"
    t = g["turn"]
    assert (t["awaiting"], t["player"], t["frame"], t["ball"], t["quick"]) == ("roll", 0, 1, 1, True)
    assert t["possible"] == list(range(11))

    # Ann's first ball: her card shows it live, and the second ball can take at most 1 pin.
    g = roll(api, gid, 9)
    assert g["turn"]["possible"] == [0, 1] and g["turn"]["ball"] == 2
    assert g["players"][0]["rolls"] == [9] and g["players"][0]["card"]["frames"][0]["marks"] == "9"
    g = roll(api, gid, 1)
    assert g["turn"]["name"] == "Bob" and g["turn"]["frame"] == 1

    # the rest of the game, frame by frame in turn
    for pins in BOB[0]:
        g = roll(api, gid, pins)
    for f in range(1, 10):
        for p, frames in enumerate((ANN, BOB)):
            assert g["turn"]["player"] == p and g["turn"]["frame"] == f + 1
            for pins in frames[f]:
                g = roll(api, gid, pins)
            if f == 9 and p == 0:
                assert g["turn"]["name"] == "Bob"      # Ann's three balls were her turn
    assert g["over"] and g["turn"] is None
    for player, frames in zip(g["players"], (ANN, BOB)):
        rolls = [r for f in frames for r in f]
        assert player["rolls"] == rolls
        assert player["card"] == score_cli(rolls)       # exactly as `tableside score` prints it
    assert g["players"][0]["card"]["frames"][9]["marks"] == "X7/"
    assert g["players"][1]["card"]["frames"][9]["marks"] == "6/9"
    totals = [p["card"]["total"] for p in g["players"]]
    assert g["winners"] == [["Ann", "Bob"][totals.index(max(totals))]]

    # no more balls
    r = api.post(f"/api/games/{gid}/actions", {"type": "roll", "pins": 3})
    assert r.status_code == 400 and "over" in r.get_json()["error"]


def test_the_tenth_frame_offers_only_what_is_possible(api):
    gid = api.new_game(["Ann"], mode="score")
    for _ in range(18):
        g = roll(api, gid, 0)
    g = roll(api, gid, 10)
    assert (g["turn"]["frame"], g["turn"]["ball"]) == (10, 2)
    assert g["turn"]["possible"] == list(range(11))      # a fresh rack after a strike
    g = roll(api, gid, 6)
    assert g["turn"]["possible"] == [0, 1, 2, 3, 4] and g["turn"]["ball"] == 3
    r = api.post(f"/api/games/{gid}/actions", {"type": "roll", "pins": 5})
    assert r.status_code == 400
    assert r.get_json()["error"] == ("roll 21: the third ball of frame 10 takes 5 pins but only "
                                     "4 were standing")
    g = roll(api, gid, 4)
    assert g["over"] and g["players"][0]["card"]["frames"][9]["marks"] == "X6/"
    assert g["players"][0]["card"]["total"] == 20


@pytest.mark.parametrize("pins, words", [
    (11, "roll 2 is 11: a ball takes 0 to 10 pins"),
    (-1, "roll 2 is -1: a ball takes 0 to 10 pins"),
    ("3", "a roll is a whole number of pins"),
    (True, "a roll is a whole number of pins"),
    (None, "a roll is a whole number of pins"),
    (5, "roll 2: frame 1 would have 7 + 5 = 12 pins, more than 10"),
])
def test_impossible_rolls_are_refused_with_the_score_commands_words(api, pins, words):
    gid = api.new_game(["Ann"], mode="score")
    roll(api, gid, 7)
    r = api.post(f"/api/games/{gid}/actions", {"type": "roll", "pins": pins})
    assert r.status_code == 400 and words in r.get_json()["error"], r.get_json()
    assert api.get(f"/api/games/{gid}").get_json()["actions"] == 1


def test_the_refusal_is_the_score_commands_own_message():
    """One home: the API's refusal and the CLI's error line say the same."""
    exe = Path(sys.executable).with_name("tableside")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "assistant.cli"]
    r = subprocess.run(cmd + ["score", "7", "5"], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 2
    assert "roll 2: frame 1 would have 7 + 5 = 12 pins, more than 10" in r.stderr


def test_correct_an_earlier_frame_and_undo_the_correction(api):
    gid = api.new_game(["Ann", "Bob"], mode="score")
    for pins in (7, 2, 3, 4, 10):          # Ann 7 2, Bob 3 4, Ann frame 2 strike
        g = roll(api, gid, pins)
    assert g["players"][0]["card"]["frames"][0]["total"] == 9
    g = api.act(gid, {"type": "set_frame", "player": 0, "frame": 1, "rolls": [7, 3]})
    ann = g["players"][0]
    assert ann["rolls"] == [7, 3, 10]
    assert [f["marks"] for f in ann["card"]["frames"]] == ["7/", "X"]
    assert ann["card"]["frames"][0]["total"] == 20          # 10 + the strike that follows
    assert g["turn"]["name"] == "Bob" and g["turn"]["frame"] == 2   # whose turn is unchanged
    # Bob's frame 1 too, to a strike
    g = api.act(gid, {"type": "set_frame", "player": 1, "frame": 1, "rolls": [10]})
    assert g["players"][1]["card"]["frames"][0]["marks"] == "X"
    assert g["players"][1]["card"]["frames"][0]["total"] is None    # waits for its bonus
    # one undo takes back exactly one correction
    g = api.act(gid, {"type": "undo"})
    assert g["players"][1]["rolls"] == [3, 4]
    assert g["players"][0]["rolls"] == [7, 3, 10]
    g = api.act(gid, {"type": "undo"})
    assert g["players"][0]["rolls"] == [7, 2, 10]
    assert g["actions"] == 5


@pytest.mark.parametrize("action, words", [
    ({"player": 0, "frame": 1, "rolls": [7, 5]}, "roll 2: frame 1 would have 7 + 5 = 12 pins"),
    ({"player": 0, "frame": 1, "rolls": [10, 0]}, "frame 1 is over after 10; 10 + 0 has 1 ball(s) too many"),
    ({"player": 0, "frame": 1, "rolls": [7]}, "frame 1 cannot end after 7: it needs another ball"),
    ({"player": 0, "frame": 2, "rolls": [1, 2]}, "frame 2 is not finished yet"),
    ({"player": 1, "frame": 2, "rolls": [1, 2]}, "frame 2 is not finished yet"),
    ({"player": 0, "frame": 11, "rolls": [1, 2]}, "'frame' is the frame's number, 1 to 10"),
    ({"player": 0, "frame": "1", "rolls": [1, 2]}, "'frame' is the frame's number"),
    ({"player": 2, "frame": 1, "rolls": [1, 2]}, "'player' is the player's index, 0 to 1"),
    ({"player": "Ann", "frame": 1, "rolls": [1, 2]}, "'player' is the player's index"),
    ({"player": 0, "frame": 1, "rolls": []}, "'rolls' is the frame's balls"),
    ({"player": 0, "frame": 1, "rolls": 9}, "'rolls' is the frame's balls"),
    ({"player": 0, "frame": 1, "rolls": [3, "x"]}, "a roll is a whole number of pins"),
])
def test_impossible_corrections_are_refused_with_reasons(api, action, words):
    gid = api.new_game(["Ann", "Bob"], mode="score")
    for pins in (7, 2, 3, 4, 5):
        roll(api, gid, pins)
    r = api.post(f"/api/games/{gid}/actions", {"type": "set_frame", **action})
    assert r.status_code == 400 and words in r.get_json()["error"], r.get_json()
    g = api.get(f"/api/games/{gid}").get_json()
    assert g["actions"] == 5 and g["players"][0]["rolls"] == [7, 2, 5]


def test_a_tenth_frame_correction_and_a_correction_after_the_game(api):
    gid = api.new_game(["Ann"], mode="score")
    for pins in [0] * 18 + [3, 4]:
        g = roll(api, gid, pins)
    assert g["over"] and g["players"][0]["card"]["total"] == 7
    # the tenth with its bonus balls, after the game is over
    g = api.act(gid, {"type": "set_frame", "player": 0, "frame": 10, "rolls": [10, 10, 10]})
    assert g["over"] and g["players"][0]["card"]["total"] == 30
    r = api.post(f"/api/games/{gid}/actions",
                 {"type": "set_frame", "player": 0, "frame": 10, "rolls": [10, 3]})
    assert r.status_code == 400 and "needs another ball" in r.get_json()["error"]
    r = api.post(f"/api/games/{gid}/actions",
                 {"type": "set_frame", "player": 0, "frame": 10, "rolls": [3, 4, 5]})
    assert r.status_code == 400 and "already over after ten frames" in r.get_json()["error"]
    r = api.post(f"/api/games/{gid}/actions",
                 {"type": "set_frame", "player": 0, "frame": 10, "rolls": [10, 6, 5]})
    assert r.status_code == 400 and "only 4 were standing" in r.get_json()["error"]


def test_card_actions_are_refused_in_a_score_only_game(api):
    gid = api.new_game(["Ann"], mode="score")
    for action, words in [(DEAL, "entered by pins"),
                          ({"type": "end_ball"}, "entered by pins"),
                          ({"type": "quick", "on": False}, "score-only game enters every ball"),
                          ({"type": "quick", "on": True}, "score-only game enters every ball")]:
        r = api.post(f"/api/games/{gid}/actions", action)
        assert r.status_code == 400 and words in r.get_json()["error"], (action, r.get_json())


def test_a_card_game_switches_one_frame_to_quick_entry_and_back(api):
    gid = api.new_game(["Ann", "Bob"])
    r = api.post(f"/api/games/{gid}/actions", {"type": "roll", "pins": 3})
    assert r.status_code == 400 and "tracked with cards" in r.get_json()["error"]
    # Ann forgot to track frame 1: the deal in progress is set aside
    g = api.act(gid, DEAL)
    g = api.act(gid, {"type": "quick", "on": True})
    assert g["turn"]["awaiting"] == "roll" and g["turn"]["quick"] and g["turn"]["frame"] == 1
    r = api.post(f"/api/games/{gid}/actions", DEAL)
    assert r.status_code == 400 and "back to cards" in r.get_json()["error"]
    g = roll(api, gid, 8)
    r = api.post(f"/api/games/{gid}/actions", {"type": "quick", "on": False})
    assert r.status_code == 400 and "undo them first" in r.get_json()["error"]
    g = roll(api, gid, 1)
    # her frame is on the pad; Bob's frame is tracked with cards again
    assert g["players"][0]["rolls"] == [8, 1]
    assert g["turn"]["name"] == "Bob" and g["turn"]["awaiting"] == "deal" and not g["turn"]["quick"]
    # Bob switches and changes his mind before a ball is entered
    g = api.act(gid, {"type": "quick", "on": True})
    r = api.post(f"/api/games/{gid}/actions", {"type": "quick", "on": True})
    assert r.status_code == 400 and "already entered by pins" in r.get_json()["error"]
    g = api.act(gid, {"type": "quick", "on": False})
    assert g["turn"]["awaiting"] == "deal" and g["turn"]["name"] == "Bob"
    r = api.post(f"/api/games/{gid}/actions", {"type": "quick", "on": False})
    assert r.status_code == 400 and "already tracked with cards" in r.get_json()["error"]
    r = api.post(f"/api/games/{gid}/actions", {"type": "quick", "on": "yes"})
    assert r.status_code == 400 and "'on' is true" in r.get_json()["error"]
    # undo brings Ann's deal back, cards and all
    for _ in range(5):
        g = api.act(gid, {"type": "undo"})
    assert g["turn"]["awaiting"] == "play" and g["turn"]["state"]["pins"]["J"] == 6


def test_a_virtual_card_game_deals_again_after_a_quick_frame(api):
    gid = api.new_game(["Ann"], mode="dealt")
    g = api.act(gid, {"type": "quick", "on": True})
    assert g["turn"]["awaiting"] == "roll"
    g = roll(api, gid, 10)
    assert g["players"][0]["rolls"] == [10]
    assert g["turn"]["awaiting"] == "play" and g["turn"]["frame"] == 2 and not g["turn"]["quick"]


def test_a_card_game_corrects_a_frame_its_cards_scored(api, table):
    gid = api.new_game(["Ann"])
    g = api.get(f"/api/games/{gid}").get_json()
    while not g["players"][0]["card"]["frames"]:
        g = api.act(gid, table.next_action(g))
    g = api.act(gid, {"type": "set_frame", "player": 0, "frame": 1, "rolls": [4, 4]})
    assert g["players"][0]["rolls"] == [4, 4] and g["players"][0]["card"]["total"] == 8
    assert g["turn"]["frame"] == 2 and g["turn"]["awaiting"] == "deal"


def test_score_actions_keep_only_their_own_fields(api, app):
    gid = api.new_game(["Ann"], mode="score")
    api.act(gid, {"type": "roll", "pins": 4, "player": 3, "note": "x"})
    api.act(gid, {"type": "roll", "pins": 4})
    api.act(gid, {"type": "set_frame", "player": 0, "frame": 1, "rolls": [5, 5], "pins": 2})
    from assistant.web.db import connect
    db = connect(app.config["DATABASE"])
    stored = [json.loads(r["action"]) for r in db.execute(
        "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
    assert stored == [{"type": "roll", "pins": 4}, {"type": "roll", "pins": 4},
                      {"type": "set_frame", "player": 0, "frame": 1, "rolls": [5, 5]}]


def test_unknown_mode_is_refused(api):
    r = api.post("/api/games", {"players": ["Ann"], "mode": "darts"})
    assert r.status_code == 400 and "score" in r.get_json()["error"]
