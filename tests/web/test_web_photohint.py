"""A hint from any photo and re-syncing a game from a photo, through the API: POST
/api/photo-hint (defaults for what a photo cannot show, the hint exact or averaged over the
cards out nobody named), POST /api/games/<id>/resync-check and the `resync` action (one
undoable action), each with its refusals; and both from a real mid-frame sample photo."""
from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from assistant.bowling.cards import DECK

ROOT = Path(__file__).resolve().parents[2]
MID_PHOTO = ROOT / "sample_images" / "mid_paris_7_0001.jpg"   # B 6, I 2, J 8; tops 6, 5, 10

FRESH = {"A": 2, "B": 7, "C": 1, "D": 8, "E": 5, "F": 9, "G": 3, "H": 4, "I": 3, "J": 6}
# The README's mid-frame state (examples/midframe.json): G 5, I 8, J 6 standing in ball 1.
MID = {"pins": {"G": 5, "I": 8, "J": 6}, "tops": [8, 0, 4], "down": [2, 2, 0], "ball": 1,
       "out": [0, 1, 1, 2, 2, 4, 5, 7, 7, 9]}
# A game tracked up to pile 1's 8 turned up; the photo above shows one play more:
# pile 1's 8 took A+E (3+5) and turned up the 6.
DEAL = {"type": "deal", "pins": {"A": 3, "B": 6, "C": 3, "D": 4, "E": 5, "F": 9, "G": 7,
                                 "H": 4, "I": 2, "J": 8}, "tops": [0, 5, 0]}
TRACKED = [DEAL, {"type": "play", "pile": 1, "pins": ["F", "G", "H"]},
           {"type": "reveal", "pile": 1, "value": 7},
           {"type": "play", "pile": 1, "pins": ["C", "D"]},
           {"type": "reveal", "pile": 1, "value": 8}]
PHOTO_TABLE = {"pins": {"B": 6, "I": 2, "J": 8}, "tops": [6, 5, 0]}


def photo_hint(api, body, expect=200):
    r = api.post("/api/photo-hint", body)
    assert r.status_code == expect, r.get_json()
    return r.get_json()


def hint_of(api, state):
    r = api.post("/api/hint", {"state": state})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


# ---- POST /api/photo-hint ------------------------------------------------------------------

def test_a_fresh_deal_photo_needs_no_answer_and_gets_the_exact_hint(api):
    got = photo_hint(api, {"pins": FRESH, "tops": [7, 9, 0]})
    assert got["table"]["down"] == [4, 2, 1] and got["table"]["ball"] == 1
    assert got["table"]["unknown_out"] == 0 and got["hint"]["estimate"] is None
    state = {"pins": FRESH, "piles": [{"top": 7, "down": 4}, {"top": 9, "down": 2},
                                      {"top": 0, "down": 1}], "ball": 1, "out": []}
    assert got["state"] == state
    assert got["hint"] == {**hint_of(api, state), "estimate": None}


def test_mid_frame_with_every_answer_is_the_state_jsons_hint(api):
    got = photo_hint(api, MID)
    assert got["table"]["defaulted"] == [] and got["table"]["unknown_out"] == 0
    state = {"pins": MID["pins"], "ball": 1, "out": MID["out"],
             "piles": [{"top": t, "down": n} for t, n in zip(MID["tops"], MID["down"])]}
    assert got["hint"] == {**hint_of(api, state), "estimate": None}


def test_defaults_fit_the_pins_down_and_say_they_are_assumed(api):
    got = photo_hint(api, PHOTO_TABLE)
    t = got["table"]
    assert t["defaulted"] == ["ball", "down"] and t["ball"] == 1
    # 7 pins down in ball 1: about one card for two pins, so 4 cards gone from the piles
    used = [5 - 1 - t["down"][0], 3 - 1 - t["down"][1], 2 - 1 - t["down"][2]]
    assert sum(used) == 4, t
    assert t["unknown_out"] == 7 + 4 and got["state"] is None
    assert got["hint"]["estimate"]["unknown_out"] == 11
    # the pins left: B 6 alone with pile 1's 6, then I+J (2+8) with pile 3's 10: a sure strike
    assert got["hint"]["best"]["action"] == "play"


def test_a_table_only_the_second_ball_explains_is_defaulted_to_ball_2(api):
    # pile 3 empty and pile 1 played once, one pin down: in ball 1 two plays would take 2 pins
    got = photo_hint(api, {"pins": {p: v for p, v in FRESH.items() if p != "J"},
                           "tops": [4, 6, None]})
    assert got["table"]["ball"] == 2 and "ball" in got["table"]["defaulted"]


def test_unknown_cards_out_are_averaged_over_every_way_they_can_fall(api):
    """Two cards out unnamed: the averaged values equal the mean of the exact hints over
    every pair of cards (as cards, so a value held twice counts twice), worked out here."""
    body = {**MID, "out": MID["out"][:-2]}          # 7 and 9 not named
    got = photo_hint(api, body)
    est = got["hint"]["estimate"]
    assert est["unknown_out"] == 2 and est["ways"] == est["averaged"]
    seen = list(MID["pins"].values()) + MID["tops"] + body["out"]
    pool = sorted((Counter(DECK) - Counter(seen)).elements())
    totals: dict = {}
    pairs = list(itertools.combinations(range(len(pool)), 2))
    for i, j in pairs:
        state = {"pins": MID["pins"], "ball": 1, "out": body["out"] + [pool[i], pool[j]],
                 "piles": [{"top": t, "down": n} for t, n in zip(MID["tops"], MID["down"])]}
        for a in hint_of(api, state)["actions"]:
            key = (a["action"], a.get("pile"), tuple(a.get("pins", ())))
            totals[key] = totals.get(key, 0.0) + a["value"] / len(pairs)
    for a in got["hint"]["actions"]:
        key = (a["action"], a.get("pile"), tuple(a.get("pins", ())))
        assert a["value"] == pytest.approx(totals[key], abs=1e-5), key
    assert got["hint"]["actions"][0]["value"] == max(got["hint"]["actions"],
                                                     key=lambda a: a["value"])["value"]


def test_many_unknown_cards_out_are_sampled_reproducibly(api):
    a = photo_hint(api, PHOTO_TABLE)
    b = photo_hint(api, PHOTO_TABLE)
    assert a["hint"] == b["hint"]
    assert a["hint"]["estimate"]["ways"] is None and a["hint"]["estimate"]["averaged"] == 40
    assert "name the cards out" in a["hint"]["estimate"]["why"]


def test_counts_given_without_a_ball_choose_the_ball_they_fit(api):
    # every pile has lost a card and one pin is down: only the second ball fits
    got = photo_hint(api, {"pins": {p: v for p, v in FRESH.items() if p != "J"},
                           "tops": [4, 6, 0], "down": [2, 1, 0]})
    assert got["table"]["ball"] == 2 and got["table"]["defaulted"] == ["ball"]
    got = photo_hint(api, {**PHOTO_TABLE, "down": [1, 2, 1]})
    assert got["table"]["ball"] == 1


def test_named_cards_out_and_a_chosen_ball_and_counts_are_kept(api):
    got = photo_hint(api, {**PHOTO_TABLE, "ball": 1, "down": [1, 2, 1], "out": [5, 3]})
    t = got["table"]
    assert t["down"] == [1, 2, 1] and t["out"] == [3, 5] and t["defaulted"] == []
    assert t["unknown_out"] == 20 - 3 - 3 - 4 - 2


@pytest.mark.parametrize("body, words", [
    ({**PHOTO_TABLE, "down": [9, 0, 0]}, "pile 1 has 5 cards at most: 4 under its top, not 9"),
    ({**PHOTO_TABLE, "down": [1, -1, 0]}, "pile 2's 'down' must be a count of cards"),
    ({**PHOTO_TABLE, "down": [1, 2]}, "'down' must list three counts"),
    ({"pins": {"B": 6}, "tops": [6, None, 0], "down": [1, 1, 0]},
     "pile 2 shows no face-up card, so no card can lie under it"),
    ({**PHOTO_TABLE, "ball": 3}, "ball must be 1 or 2"),
    ({"pins": {"A": 7, "B": 7}, "tops": [7, 5, 0]}, "3 cards of value 7"),
    ({"pins": {p: v for p, v in FRESH.items() if p != "J"}, "tops": [None, None, None]},
     "no game shows this table in either ball"),
    ({**PHOTO_TABLE, "ball": 2, "down": [1, 2, 1]},
     "in the second ball pile 2 cannot still hold all its cards"),
    ({**MID, "out": MID["out"] + [3]}, "11 cards named as out, but this table has only 10"),
    ({"pins": {"K": 3}, "tops": [1, 2, 3]}, "'K' is not a pin"),
    ({"pins": {"AB": 3}, "tops": [1, 2, 3]}, "'AB' is not a pin"),
    ({"pins": {"": 3}, "tops": [1, 2, 3]}, "'' is not a pin"),
    ({"pins": {"A": 11}, "tops": [1, 2, 3]}, "pin A has value 11"),
    ({"pins": FRESH, "tops": [1, 2]}, "'tops' must list the three piles"),
    ({"pins": {}, "tops": [None, None, None]}, "every pin is down"),
    ({**PHOTO_TABLE, "rolls": "10 10"}, "'rolls' must be a list"),
    ({**PHOTO_TABLE, "rolls": [7, 5]}, "'rolls' is impossible"),
    ({"pins": FRESH, "tops": [7, 9, 0], "objective": "luck"}, "unknown objective 'luck'"),
    ({"pins": FRESH, "tops": [7, 9, 0], "variant": "dutch"}, "variant"),
    ([1, 2], "JSON object"),
])
def test_impossible_tables_and_bad_answers_are_refused_in_words(api, body, words):
    got = photo_hint(api, body, expect=400)
    assert words in got["error"], got


def test_the_page_is_linked_from_home(api):
    assert 'href="/photo-hint"' in api.get("/").get_data(as_text=True)
    page = api.get("/photo-hint")
    assert page.status_code == 200 and "js/photohint.js" in page.get_data(as_text=True)


# ---- re-syncing a game from a photo ------------------------------------------------------

def tracked_game(api, actions=TRACKED):
    gid = api.new_game(["Ann"])
    for a in actions:
        api.act(gid, a)
    return gid


def check(api, gid, body, expect=200):
    r = api.post(f"/api/games/{gid}/resync-check", body)
    assert r.status_code == expect, r.get_json()
    return r.get_json()


def test_a_photo_one_play_ahead_is_compared_and_set_as_one_undoable_action(api):
    gid = tracked_game(api)
    before = api.get(f"/api/games/{gid}").get_json()
    got = check(api, gid, PHOTO_TABLE)
    assert got["differences"] == ["A+E down since the last play recorded (3+5)",
                                  "pile 1's 8 was played: it shows 6"]
    assert got["unknown_out"] == 0
    action = got["action"]
    assert action == {"type": "resync", "pins": {"B": 6, "I": 2, "J": 8}, "tops": [6, 5, 0],
                      "down": [1, 2, 1], "out": [0, 3, 3, 4, 4, 5, 7, 7, 8, 9]}
    after = api.act(gid, {**action, "version": before["version"]})
    state = after["turn"]["state"]
    assert state["pins"] == {"B": 6, "I": 2, "J": 8} and state["out"] == action["out"]
    assert [p["top"] for p in state["piles"]] == [6, 5, 0]
    assert after["turn"]["log"][-1] == ("Set from a photo: A+E down; piles 6 (1 under), "
                                         "5 (2 under), 10 (1 under).")
    assert after["version"] == before["version"] + 1
    # the pins the missed play took count for this ball: a strike if B, then I+J fall
    api.act(gid, {"type": "play", "pile": 1, "pins": ["B"]})
    api.act(gid, {"type": "reveal", "pile": 1, "value": 9})
    after = api.act(gid, {"type": "play", "pile": 3, "pins": ["I", "J"]})
    assert after["players"][0]["rolls"] == [10]
    for _ in range(3):
        api.act(gid, {"type": "undo"})
    undone = api.act(gid, {"type": "undo"})
    assert undone["turn"]["state"] == before["turn"]["state"]


def test_the_same_table_shows_no_difference(api):
    gid = tracked_game(api)
    got = check(api, gid, {"pins": {"A": 3, "B": 6, "E": 5, "I": 2, "J": 8}, "tops": [8, 5, 0]})
    assert got["differences"] == [] and got["unknown_out"] == 0


def test_a_misread_value_is_corrected_and_more_cards_gone_are_named(api):
    gid = tracked_game(api)
    # pin A was entered as 3 but is a 1 (both 1s still unseen); pile 3's 10 is a 9
    got = check(api, gid, {"pins": {"A": 1, "B": 6, "E": 5, "I": 2, "J": 8}, "tops": [8, 5, 9]})
    assert got["differences"] == ["pin A is A, not 3", "pile 3 shows 9, not 10"]
    # the player says pile 1 lost one card more than the photo shows: one card out unseen
    got = check(api, gid, {"pins": {"A": 1, "B": 6, "E": 5, "I": 2, "J": 8},
                           "tops": [8, 5, 9], "down": [1, 2, 1]})
    assert got["unknown_out"] == 1 and 1 in got["pool"]
    named = check(api, gid, {"pins": {"A": 1, "B": 6, "E": 5, "I": 2, "J": 8},
                             "tops": [8, 5, 9], "down": [1, 2, 1],
                             "out": got["action"]["out"] + [1]})
    assert named["unknown_out"] == 0
    game = api.act(gid, named["action"])
    assert game["turn"]["state"]["pins"]["A"] == 1


@pytest.mark.parametrize("body, words", [
    ({"pins": {"A": 7, "B": 1, "E": 9, "I": 2, "J": 8}, "tops": [8, 5, 0]},
     "this photo does not match the game: 3 of the 5 pins read differ"),
    ({"pins": {"C": 3, "B": 6, "I": 2, "J": 8}, "tops": [6, 5, 0]},
     "it shows C standing, already down in this frame"),
    ({"pins": {"B": 6, "I": 2, "J": 8}, "tops": [6, 5, 0], "down": [1, 5, 1]},
     "pile 2 has 3 cards at most"),
    ({"pins": {"B": 6, "I": 2, "J": 8}, "tops": [6, 5, 0], "out": [1] * 12},
     "12 cards named as out"),
    ({"pins": {"B": 6}, "tops": "6 5 10"}, "'tops' must list the three piles"),
])
def test_a_photo_of_another_table_and_bad_counts_are_refused(api, body, words):
    gid = tracked_game(api)
    got = check(api, gid, body, expect=400)
    assert words in got["error"], got


def test_resync_is_refused_where_it_cannot_apply(api):
    assert check(api, "nosuchgame", PHOTO_TABLE, expect=404)
    fresh = api.new_game(["Ann"])
    assert "no frame is being played" in check(api, fresh, PHOTO_TABLE, expect=400)["error"]
    score = api.new_game(["Ann"], mode="score")
    assert "keeps the score only" in check(api, score, PHOTO_TABLE, expect=400)["error"]
    dealt = api.new_game(["Ann"], mode="dealt")
    assert "deals its own cards" in check(api, dealt, PHOTO_TABLE, expect=400)["error"]
    got = api.act(dealt, {"type": "resync", "pins": {"B": 6}, "tops": [6, 5, 0],
                          "down": [1, 2, 1], "out": []}, expect=400)
    assert "deals its own cards" in got["error"]


@pytest.mark.parametrize("action, words", [
    ({"pins": {"B": 6, "I": 2, "J": 8}, "tops": [6, 5, 0], "down": [1, 2, 1],
      "out": [0, 3, 3, 4, 4, 5, 7, 7, 8]}, "make 19 cards, not 20"),
    ({"pins": {"B": 6, "I": 2, "J": 8, "C": 3}, "tops": [6, 5, 0], "down": [0, 2, 1],
      "out": [0, 3, 4, 4, 5, 7, 7, 8, 9, 9]}, "C is down in this frame and cannot stand again"),
    ({"pins": {"A": 3, "B": 6, "E": 5, "I": 2, "J": 8}, "tops": [8, 5, 0], "down": [3, 0, 0],
      "out": [0, 1, 1, 2, 3, 4, 4, 7, 9]}, "pile 1 had 3 card(s) left; it cannot now hold 4"),
    ({"pins": {"B": 6}, "tops": [6, 5], "down": [1, 2, 1], "out": []},
     "a re-sync needs 'tops' and 'down' for the three piles"),
])
def test_a_resync_action_that_cannot_be_is_refused_and_nothing_stored(api, action, words):
    gid = tracked_game(api)
    before = api.get(f"/api/games/{gid}").get_json()
    got = api.act(gid, {"type": "resync", **action}, expect=400)
    assert words in got["error"], got
    after = api.get(f"/api/games/{gid}").get_json()
    assert after["version"] == before["version"] and after["turn"] == before["turn"]


# ---- from a real photo ---------------------------------------------------------------------

@pytest.mark.skipif(not MID_PHOTO.exists(), reason="sample photo missing")
def test_a_real_mid_frame_photo_gives_a_hint_and_resyncs_a_game(api):
    with MID_PHOTO.open("rb") as f:
        reading = api.post("/api/recognize", data={"photo": (f, "mid.jpg")},
                           content_type="multipart/form-data").get_json()
    pins = {p: v for p, v in reading["pins"].items() if v is not None}
    assert pins == PHOTO_TABLE["pins"] and reading["piles"] == PHOTO_TABLE["tops"]
    got = photo_hint(api, {"pins": pins, "tops": reading["piles"]})
    assert got["hint"]["best"] in ({"action": "play", "pile": 1, "pins": ["B"]},
                                   {"action": "play", "pile": 3, "pins": ["I", "J"]})

    gid = tracked_game(api)
    with MID_PHOTO.open("rb") as f:        # the tracker's prior: A, B, E, I, J and three tops
        reading = api.post("/api/recognize", data={"photo": (f, "mid.jpg"), "game": gid},
                           content_type="multipart/form-data").get_json()
    pins = {p: v for p, v in reading["pins"].items() if v is not None}
    result = check(api, gid, {"pins": pins, "tops": reading["piles"]})
    assert result["differences"][0] == "A+E down since the last play recorded (3+5)"
    game = api.act(gid, result["action"])
    assert game["turn"]["state"]["pins"] == PHOTO_TABLE["pins"]
