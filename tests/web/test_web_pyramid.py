"""Pyramid Solitaire's web API and pages: every route, its refusals in the engine's words,
games kept as action logs of their own kind, the review at the end, the tally and the PDFs."""
from __future__ import annotations

import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from assistant.pyramid.deck import shuffled_deck
from assistant.pyramid.game import new_dealt_game
from assistant.pyramid.moves import explain_illegal
from assistant.pyramid.policies import naive
from assistant.pyramid.solver import solve
from assistant.pyramid.state import card_text
from assistant.web.db import MIGRATIONS, SCHEMA_VERSION, connect
from recognizer.result import LOW_CONFIDENCE

WINNABLE_SEED = 7          # seed rules: a deal the solver wins (most deals are lost)
LOST_SEED = 5


def new(api, expect=201, **body):
    r = api.post("/api/pyramid/games", body)
    assert r.status_code == expect, r.get_json()
    return r.get_json()


def act(api, game_id, action, expect=200, query=""):
    r = api.post(f"/api/pyramid/games/{game_id}/actions{query}", action)
    assert r.status_code == expect, r.get_json()
    return r.get_json()


def as_action(move: dict) -> dict:
    if "remove" in move:
        return {"type": "remove", "cards": move["remove"]}
    return {"type": "draw"} if "draw" in move else {"type": "recycle"}


# ---- creating and reading ----------------------------------------------------------------
def test_a_dealt_game_is_created_and_read_without_its_secret(api):
    body = new(api, mode="dealt", seed=WINNABLE_SEED)
    game = body["game"]
    assert body["url"] == f"/pyramid/{body['id']}"
    assert game["mode"] == "dealt" and game["awaiting"] == "move" and not game["over"]
    assert game["state"]["stock"] == 24 and "stock_order" not in game["state"]
    assert "deck" not in game
    expected = new_dealt_game(WINNABLE_SEED)
    assert game["state"]["pyramid"] == expected.state_json()["pyramid"]
    assert game["legal_moves"] == expected.legal_moves()
    again = api.get(f"/api/pyramid/games/{body['id']}").get_json()
    assert again["state"] == game["state"] and again["actions"] == []


def test_rules_preset_and_switches_reach_the_game(api):
    game = new(api, mode="dealt", seed=1, rules={"preset": "microsoft", "draw": "three_piles"})["game"]
    assert game["rules"]["passes"] == 3 and game["rules"]["stock_top_available"] is True
    assert game["rules"]["draw"] == "three_piles"
    assert set(game["state"]["waste"]) == {"w1", "w2", "w3"} and game["state"]["stock_top"]


@pytest.mark.parametrize("body,reason", [
    ({"mode": "virtual"}, "mode must be one of dealt, table"),
    ({"rules": {"preset": "vegas"}}, "unknown rules 'vegas'"),
    ({"rules": {"passes": 2}}, "passes must be 1, 3 or unlimited"),
    ({"rules": {"colour": "red"}}, "unknown rule switch 'colour'"),
    ({"rules": "seed"}, "'rules' must be an object"),
    ({"seed": -1}, "'seed' must be a whole number"),
    ({"seed": "7"}, "'seed' must be a whole number"),
])
def test_creating_a_game_is_refused_in_words(api, body, reason):
    assert reason in new(api, expect=400, **body)["error"]


def test_a_body_that_is_not_json_is_refused(api):
    r = api.post("/api/pyramid/games", data="mode=dealt", content_type="text/plain")
    assert r.status_code == 400 and "JSON object" in r.get_json()["error"]


def test_a_post_without_the_security_token_is_refused(api):
    r = api.client.post("/api/pyramid/games", json={"mode": "dealt"})
    assert r.status_code == 400 and "security token" in r.get_json()["error"]


def test_unknown_games_and_the_other_games_kind_are_404(api):
    assert api.get("/api/pyramid/games/nosuchgame").status_code == 404
    assert api.get("/api/pyramid/games/../etc").status_code == 404
    pyramid_id = new(api, mode="dealt")["id"]
    bowling_id = api.new_game(["Ann"])
    assert api.get(f"/api/games/{pyramid_id}").status_code == 404
    assert api.get(f"/api/pyramid/games/{bowling_id}").status_code == 404
    assert api.get(f"/pyramid/{bowling_id}").status_code == 404
    listed = api.get("/api/games").get_json()
    assert [g["id"] for g in listed["unfinished"]] == [bowling_id]


def test_the_games_are_action_logs_of_their_own_kind(api, app):
    game_id = new(api, mode="dealt", seed=3)["id"]
    act(api, game_id, {"type": "draw", "ignored": "dropped"})
    db = connect(app.config["DATABASE"])
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(MIGRATIONS)
    row = db.execute("SELECT kind, setup FROM games WHERE id = ?", (game_id,)).fetchone()
    assert row["kind"] == "pyramid" and '"seed": 3' in row["setup"]
    logged = [r["action"] for r in db.execute("SELECT action FROM actions WHERE game_id = ?",
                                              (game_id,))]
    assert logged == ['{"type": "draw"}']


# ---- actions, refusals and undo ------------------------------------------------------------
def test_removals_and_their_refusals_use_the_engines_reasons(api):
    game_id = new(api, mode="dealt", seed=LOST_SEED)["id"]
    engine = new_dealt_game(LOST_SEED)
    for move in ({"remove": ["7.1", "7.2"]}, {"remove": ["6.1", "7.1"]}, {"remove": ["7.1"]},
                 {"remove": ["7.1", "waste"]}, {"remove": ["8.1"]}, {"remove": ["stock"]}):
        reason = explain_illegal(engine.state, move)
        assert reason, move
        body = act(api, game_id, {"type": "remove", "cards": move["remove"]}, expect=400)
        assert body["error"] == reason
    assert act(api, game_id, {"type": "fold"}, expect=400)["error"].startswith("unknown action 'fold'")
    assert act(api, game_id, {"cards": []}, expect=400)["error"] == "an action is an object with a 'type'"
    king = next(m for m in engine.legal_moves() if "remove" in m and len(m["remove"]) == 1)
    game = act(api, game_id, as_action(king))
    assert game["state"]["pyramid"][king["remove"][0]] is None and len(game["actions"]) == 1


def test_a_stale_screen_gets_409_with_the_game_as_it_stands(api):
    game_id = new(api, mode="dealt", seed=LOST_SEED)["id"]
    act(api, game_id, {"type": "draw", "at": 0})
    r = api.post(f"/api/pyramid/games/{game_id}/actions", {"type": "draw", "at": 0})
    assert r.status_code == 409 and len(r.get_json()["game"]["actions"]) == 1
    assert act(api, game_id, {"type": "draw", "at": "1"}, expect=400)["error"].startswith("'at' must")


def test_undo_by_route_and_by_action(api):
    game_id = new(api, mode="dealt", seed=LOST_SEED)["id"]
    r = api.post(f"/api/pyramid/games/{game_id}/undo")
    assert r.status_code == 400 and r.get_json()["error"] == "nothing to undo"
    act(api, game_id, {"type": "draw"})
    act(api, game_id, {"type": "draw"})
    r = api.post(f"/api/pyramid/games/{game_id}/undo", {"at": 2})
    assert r.status_code == 200 and len(r.get_json()["state"]["waste"]) == 1
    game = act(api, game_id, {"type": "undo"})
    assert game["state"]["waste"] == [] and game["actions"] == []
    assert api.post(f"/api/pyramid/games/{game_id}/undo", {"at": 5}).status_code == 409


def test_the_hint_ranks_the_legal_moves(api):
    game_id = new(api, mode="dealt", seed=WINNABLE_SEED)["id"]
    game = api.get(f"/api/pyramid/games/{game_id}?hint=1").get_json()
    hint = game["hint"]
    assert hint["best"] in game["legal_moves"]
    assert sorted(map(str, (a["move"] for a in hint["actions"]))) == sorted(map(str, game["legal_moves"]))
    if hint["method"] in ("only_move", "safe_first"):      # chosen without a search: no numbers
        assert hint["samples"] == 0 and all(a["win"] is None for a in hint["actions"])
    else:
        assert hint["method"] in ("exact", "sampled") and 0 <= hint["actions"][0]["win"] <= 1
    assert "hint" not in api.get(f"/api/pyramid/games/{game_id}").get_json()


# ---- the end of a game ---------------------------------------------------------------------
def test_a_won_deal_ends_with_the_review(api):
    game_id = new(api, mode="dealt", seed=WINNABLE_SEED)["id"]
    line = solve(shuffled_deck(WINNABLE_SEED)).moves
    for move in line:
        game = act(api, game_id, as_action(move))
    assert game["over"] and game["result"]["won"] and game["result"]["pyramid_removed"] == 28
    review = game["review"]
    assert review["known"] and review["winnable"] and review["moves"] == line
    assert review["line"] and all(isinstance(step, str) for step in review["line"])
    assert act(api, game_id, {"type": "draw"}, expect=400)["error"] == "the game is over"
    assert "hint" not in api.get(f"/api/pyramid/games/{game_id}?hint=1").get_json()


def test_a_stopped_dealt_game_says_what_the_deal_allowed(api):
    game_id = new(api, mode="dealt", seed=LOST_SEED)["id"]
    game = act(api, game_id, {"type": "stop"})
    best = solve(shuffled_deck(LOST_SEED))
    assert game["over"] and not game["result"]["won"]
    assert game["review"]["winnable"] is best.winnable is False
    assert game["review"]["removed"] == best.removed
    first = best.moves[0]
    assert game["review"]["line"][0].endswith(first["remove"][-1]) if "remove" in first else True


def table_play(api, game_id, deck, stop_after_draws=None):
    """Play a table game with real cards from `deck` (the naive player's moves), reporting
    every card turned up; returns the last game JSON."""
    stock = [card_text(c) for c in deck[28:]]
    game = act(api, game_id, {"type": "deal", "pyramid": [card_text(c) for c in deck[:28]]})
    turned = draws = 0
    engine = new_dealt_game(0, deck=deck)
    while not game["over"]:
        move = naive(engine.player_state())
        if move is None or (stop_after_draws is not None and draws >= stop_after_draws):
            return act(api, game_id, {"type": "stop"})
        action = as_action(move)
        if "draw" in move:
            action["card"] = stock[turned][:-1]        # the rank alone: the suit is optional
            turned += 1
            draws += 1
        game = act(api, game_id, action)
        engine.apply(as_action(move))
    return game


def test_a_table_game_is_reviewed_once_every_stock_card_was_seen(api):
    deck = shuffled_deck(11)
    seen_all = table_play(api, new(api, mode="table")["id"], deck)
    assert seen_all["over"] and seen_all["state"]["stock"] == 0
    expected = solve(deck)
    assert seen_all["review"]["known"] and seen_all["review"]["winnable"] == expected.winnable
    partly = table_play(api, new(api, mode="table")["id"], deck, stop_after_draws=3)
    assert partly["over"] and partly["review"] == {
        "known": False, "why": "the stock was not all seen: the deal cannot be solved"}


def test_table_reports_are_checked_against_the_deck(api):
    game_id = new(api, mode="table")["id"]
    assert act(api, game_id, {"type": "draw"}, expect=400)["error"].startswith("deal first")
    short = act(api, game_id, {"type": "deal", "pyramid": ["7"] * 27}, expect=400)["error"]
    assert "28 pyramid cards" in short
    others = ["A", "2", "3", "4", "5", "6", "8", "9", "T", "J", "Q", "K"] * 2
    five = act(api, game_id, {"type": "deal", "pyramid": ["7"] * 5 + others[:23]}, expect=400)
    assert five["error"] == "there are 5 sevens in sight; a deck has 4"
    deck = shuffled_deck(2)
    act(api, game_id, {"type": "deal", "pyramid": [card_text(c) for c in deck[:28]]})
    assert "say which" in act(api, game_id, {"type": "draw"}, expect=400)["error"]
    seen = card_text(deck[0])
    assert "already been seen" in act(api, game_id, {"type": "draw", "card": seen}, expect=400)["error"]
    game = act(api, game_id, {"type": "draw", "card": card_text(deck[28])})
    assert game["state"]["waste"] == [card_text(deck[28])]


# ---- tally, pages and printables --------------------------------------------------------------
def test_the_tally_counts_finished_games_beside_the_true_rate(api):
    assert api.get("/api/pyramid/tally").get_json()["games"] == 0
    won_id = new(api, mode="dealt", seed=WINNABLE_SEED)["id"]
    for move in solve(shuffled_deck(WINNABLE_SEED)).moves:
        act(api, won_id, as_action(move))
    act(api, new(api, mode="dealt", seed=LOST_SEED)["id"], {"type": "stop"})
    new(api, mode="dealt")                                        # unfinished: not tallied
    t = api.get("/api/pyramid/tally").get_json()
    assert (t["games"], t["wins"], t["removed"], t["rate"]) == (2, 1, [28, 0], 0.5)
    assert t["true_rate"]["rate"] == pytest.approx(0.0371)
    assert [r["won"] for r in t["rows"]] == [True, False] and t["rows"][0]["rules"] == "seed"
    page = api.get("/pyramid").get_data(as_text=True)
    assert "<strong>1</strong> won" in page and "3.71 %" in page and "28, 0" in page
    act(api, new(api, mode="dealt", rules={"preset": "microsoft"})["id"], {"type": "stop"})
    mixed = api.get("/api/pyramid/tally?day=all").get_json()
    assert mixed["games"] == 3 and mixed["true_rate"] is None
    assert api.get("/api/pyramid/tally?day=1999-01-01").get_json()["games"] == 0
    assert api.get("/api/pyramid/tally?day=yesterday").status_code == 400


@pytest.mark.parametrize("lang", ["eu", "en", "es"])
def test_the_rules_card_in_each_language(api, lang):
    r = api.get(f"/pyramid/rules.pdf?lang={lang}")
    assert r.status_code == 200 and r.mimetype == "application/pdf" and r.data.startswith(b"%PDF")
    assert f"pyramid-rules-{lang}.pdf" in r.headers["Content-Disposition"]


def test_the_tally_sheet_blank_and_filled(api):
    act(api, new(api, mode="dealt", seed=LOST_SEED)["id"], {"type": "stop"})
    filled = api.get("/pyramid/tally.pdf?lang=es&paper=a4")
    blank = api.get("/pyramid/tally.pdf?blank=1")
    assert filled.status_code == blank.status_code == 200
    assert filled.data.startswith(b"%PDF") and blank.data.startswith(b"%PDF")
    assert filled.data != blank.data


@pytest.mark.parametrize("url,reason", [
    ("/pyramid/rules.pdf?lang=de", "unknown language 'de'"),
    ("/pyramid/rules.pdf?paper=a3", "paper must be letter or a4"),
    ("/pyramid/tally.pdf?lang=fr", "unknown language 'fr'"),
])
def test_printables_refuse_unknown_options(api, url, reason):
    r = api.get(url, headers={"Accept": "application/json"})
    assert r.status_code == 400 and reason in r.get_json()["error"]


def test_the_pages_start_and_show_a_game(api):
    home = api.get("/").get_data(as_text=True)
    assert 'href="/pyramid"' in home
    page = api.get("/pyramid").get_data(as_text=True)
    for preset in ("seed", "microsoft", "classic"):
        assert f'value="{preset}"' in page
    assert re.search(r'name="overlap_pairs"', page)
    form = {"csrf_token": api.token, "cards": "virtual", "seed": "7", "preset": "seed",
            "passes": "3"}
    r = api.client.post("/pyramid/games", data=form)
    assert r.status_code == 303
    game_id = r.headers["Location"].rsplit("/", 1)[1]
    game = api.get(f"/api/pyramid/games/{game_id}").get_json()
    assert game["mode"] == "dealt" and game["seed"] == 7 and game["rules"]["passes"] == 3
    shell = api.get(f"/pyramid/{game_id}").get_data(as_text=True)
    assert f'data-game-id="{game_id}"' in shell and "js/pyramid.js" in shell
    bad = api.client.post("/pyramid/games", data={**form, "seed": "x7"})
    assert bad.status_code == 400 and "the seed is a whole number" in bad.get_data(as_text=True)
    bad = api.client.post("/pyramid/games", data={**form, "draw": "two"})
    assert bad.status_code == 400 and "draw must be one of" in bad.get_data(as_text=True)
    assert api.get("/pyramid/nosuchgame").status_code == 404


def test_after_a_recycle_a_table_game_knows_its_stock(api):
    """The play screen asks for no card once `stock_order` is in the state (pass 2 on)."""
    deck = shuffled_deck(3)
    game_id = new(api, mode="table", rules={"passes": 3})["id"]
    act(api, game_id, {"type": "deal", "pyramid": [card_text(c) for c in deck[:28]]})
    for card in deck[28:]:
        game = act(api, game_id, {"type": "draw", "card": card_text(card)})
    assert "stock_order" not in game["state"] and {"recycle": True} in game["legal_moves"]
    game = act(api, game_id, {"type": "recycle"})
    assert game["state"]["pass"] == 2 and len(game["state"]["stock_order"]) == 24
    game = act(api, game_id, {"type": "draw"})
    assert game["state"]["waste"] == [card_text(deck[28])]


def test_rules_the_solver_does_not_take_get_no_hint_but_the_game_goes_on(api):
    rules = {"preset": "microsoft", "draw": "three_piles"}
    game_id = new(api, mode="dealt", seed=9, rules=rules)["id"]
    game = api.get(f"/api/pyramid/games/{game_id}?hint=1").get_json()
    assert "does not take draw=three_piles" in game["hint"]["error"]
    game = act(api, game_id, {"type": "stop"})
    assert game["review"]["known"] and game["review"]["decided"] is False


def test_a_screen_left_behind_by_an_undo_is_refused_by_its_version(api):
    """An undo and a new action bring the count of actions back; the version never comes back,
    so a second phone's tap made on the screen before them is refused, not played."""
    game_id = new(api, mode="dealt", seed=LOST_SEED)["id"]
    seen = api.get(f"/api/pyramid/games/{game_id}").get_json()
    assert seen["version"] == 0
    after = act(api, game_id, {"type": "draw", "version": 0})
    assert after["version"] == 1
    act(api, game_id, {"type": "undo", "version": 1})
    act(api, game_id, {"type": "draw", "version": 2})          # one action again, another history
    r = api.post(f"/api/pyramid/games/{game_id}/actions", {"type": "draw", "version": 1})
    assert r.status_code == 409 and r.get_json()["game"]["version"] == 3
    assert act(api, game_id, {"type": "draw", "version": True}, expect=400)["error"].startswith("'version'")
    r = api.post(f"/api/pyramid/games/{game_id}/undo", {"version": 0})
    assert r.status_code == 409 and len(r.get_json()["game"]["actions"]) == 1


def test_bad_bodies_and_arguments_are_400s_in_words(api):
    """Deep brackets, a preset that is no name, an impossible day: a 400 that says why."""
    game_id = new(api, mode="dealt", seed=LOST_SEED)["id"]
    deep = "[" * 50_000 + "]" * 50_000
    for url in ("/api/pyramid/games", f"/api/pyramid/games/{game_id}/actions",
                f"/api/pyramid/games/{game_id}/undo"):
        r = api.client.post(url, data=deep, content_type="application/json",
                            headers={"X-CSRFToken": api.token})
        assert r.status_code == 400 and "nested too deeply" in r.get_json()["error"], url
    r = api.post("/api/pyramid/games", {"mode": "dealt", "rules": {"preset": ["seed"]}})
    assert r.status_code == 400 and r.get_json()["error"].startswith("unknown rules")
    for day in ("2026-13-45", "²", "yesterday"):
        assert api.get(f"/api/pyramid/tally?day={day}").status_code == 400
        assert api.get(f"/pyramid/tally.pdf?day={day}").status_code == 400
    assert api.get("/api/pyramid/tally?day=2026-12-04").get_json()["day"] == "2026-12-04"


# ---- a photo of the pyramid ----------------------------------------------------------------
PYRAMID_PHOTOS = Path(__file__).resolve().parents[1] / "recognizer" / "data" / "pyramid"


def post_photo(api, path_or_bytes, **fields):
    data = path_or_bytes if isinstance(path_or_bytes, bytes) else path_or_bytes.read_bytes()
    return api.post("/api/pyramid/recognize", data={"photo": (io.BytesIO(data), "p.jpg"), **fields},
                    content_type="multipart/form-data")


def test_a_photo_of_a_dealt_pyramid_fills_the_places_it_reads(api):
    """The deal's screen sends a photo; the 28 places come back as the reader read them (a
    rendered fixture with gaps, read exactly), with the cut-off below which the page rings a card."""
    photo = PYRAMID_PHOTOS / "pyramid_simplistic_5_0002.jpg"
    r = post_photo(api, photo)
    assert r.status_code == 200, r.get_json()
    d = r.get_json()
    assert d["pyramid"] == json.loads(photo.with_suffix(".json").read_text())["pyramid"]
    assert d["low_confidence"] == LOW_CONFIDENCE and "image" not in d
    assert all(c["role"] in ("pyramid", "waste", "stock") for c in d["cards"])


def test_a_games_places_still_there_are_the_readers_prior(api, monkeypatch):
    """With `game`, the places the game still holds a card on go to the reader as its prior;
    a game still being dealt (no state yet) sends none."""
    from assistant.web import photos
    seen = []
    real = photos.recognize_pyramid
    monkeypatch.setattr(photos, "recognize_pyramid", lambda data, prior=None: seen.append(prior) or real(data, prior))
    game = new(api, mode="dealt", seed=LOST_SEED)
    first = game["game"]["legal_moves"][0]
    if "remove" in first:
        act(api, game["id"], {**as_action(first), "version": game["game"]["version"]})
    photo = PYRAMID_PHOTOS / "pyramid_paris_5_0001.jpg"
    assert post_photo(api, photo, game=game["id"]).status_code == 200
    stored = api.get(f"/api/pyramid/games/{game['id']}").get_json()["state"]["pyramid"]
    assert sorted(seen[-1]) == sorted(p for p, c in stored.items() if c is not None)
    table = new(api, mode="table")
    assert post_photo(api, photo, game=table["id"]).status_code == 200 and seen[-1] is None


@pytest.mark.parametrize("payload, words", [(b"%PDF-1.4 not a photo", "not a photo"), (b"", "empty")])
def test_a_pyramid_photo_that_is_no_photo_is_a_400_in_words(api, payload, words):
    r = post_photo(api, payload)
    assert r.status_code == 400 and words in r.get_json()["error"]
    r = post_photo(api, PYRAMID_PHOTOS / "pyramid_paris_5_0001.jpg", game="no-such-game")
    assert r.status_code == 404
