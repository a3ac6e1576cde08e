"""Topple's blueprint: the setup form, the JSON API, storage beside Bowling, languages."""
import re

PLAYERS = [{"name": "Ann", "colours": ["pink"]}, {"name": "Ben", "colours": ["yellow"]},
           {"name": "Cat", "colours": ["orange"]}]


def new_game(api, **extra):
    r = api.post("/api/topple/games", {"players": PLAYERS, "target": 100, **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def event(api, game_id, body, expect=200):
    r = api.post(f"/api/topple/games/{game_id}/events", body)
    assert r.status_code == expect, r.get_json()
    return r.get_json()


def test_a_round_through_the_api(api):
    gid = new_game(api)
    g = api.get(f"/api/topple/games/{gid}").get_json()
    assert g["turn"]["name"] == "Ann" and g["legal"]["1"] == ["C3"] and len(g["legal"]["6"]) == 25
    g = event(api, gid, {"event": {"roll": 1, "space": "C3"}, "at": 0})
    assert g["board"]["C3"] == ["pink"] and g["pieces_left"]["pink"] == 11
    refused = event(api, gid, {"event": {"roll": 4, "space": "C3"}, "at": 1}, expect=400)
    assert refused["error"].startswith("C3 is level 1, not 4")
    stale = event(api, gid, {"event": {"roll": 1, "space": "C3"}, "at": 0}, expect=409)
    assert stale["game"]["events"] == 1
    g = event(api, gid, {"event": {"topple": "Ben", "while_placing": True}, "at": 1})
    assert g["totals"] == {"Ann": 3, "Ben": -10, "Cat": 0} and g["round"] == 2
    assert g["history"][-1]["ended_round"] and g["rounds"][0]["ended_by"] == "topple"
    g = event(api, gid, {"undo": True, "at": 2})
    assert g["events"] == 1 and g["totals"]["Ben"] == 0
    best = api.get(f"/api/topple/games/{gid}/best?roll=2").get_json()
    assert best["player"] == "Ben" and len(best["options"]) == 3


def test_refusals_are_json_errors(api):
    r = api.post("/api/topple/games", {"players": PLAYERS[:1]})
    assert r.status_code == 400 and "2 to 4 players" in r.get_json()["error"]
    gid = new_game(api)
    assert api.get(f"/api/topple/games/{gid}/best?roll=x").status_code == 400
    assert api.get(f"/api/topple/games/{gid}/best?roll=7").get_json()["error"] == \
        "a die shows 1-6, not 7"
    assert api.get("/api/topple/games/nosuchgame").status_code == 404
    r = api.client.post(f"/api/topple/games/{gid}/events", json={"event": {"pass": True}})
    assert r.status_code == 400 and "security token" in r.get_json()["error"]


def test_topple_and_bowling_games_stay_apart(api):
    gid = new_game(api)
    assert api.get(f"/games/{gid}").status_code == 404          # not a Bowling game
    assert api.get(f"/api/games/{gid}").status_code == 404
    r = api.post("/api/games", {"players": ["Ann"]})
    bowling = r.get_json()["id"]
    assert api.get(f"/api/topple/games/{bowling}").status_code == 404
    listed = api.get("/api/games").get_json()
    assert [g["id"] for g in listed["unfinished"]] == [bowling]
    page = api.get("/topple").get_data(as_text=True)
    assert f"/topple/{gid}" in page and f"/topple/{bowling}" not in page


def test_the_setup_form(api):
    form = {"csrf_token": api.token, "player": ["Ann", "Ben", "", ""],
            "colour": ["pink", "orange", "orange", "green"], "colour2": ["", "", "", ""],
            "target": "50", "tall_stack": "after3", "round_start": "same", "tie": "shared",
            "starter": "roll", "may_pass": "1"}
    r = api.client.post("/topple/games", data=form)
    assert r.status_code == 303
    gid = r.headers["Location"].rsplit("/", 1)[1]
    g = api.get(f"/api/topple/games/{gid}").get_json()
    assert [p["colours"] for p in g["players"]] == [["pink", "yellow"], ["orange", "green"]]
    assert g["target"] == 50 and g["rules"]["tall_stack"] == "after3" and g["rules"]["may_pass"]
    assert g["history"][0]["kind"] == "start" and g["turn"]["name"] in ("Ann", "Ben")
    form["player"] = ["Ann", "", "", ""]
    r = api.client.post("/topple/games", data=form)
    assert r.status_code == 400 and "at least two names" in r.get_data(as_text=True)


def test_language_from_the_browser_and_the_switch(api):
    page = api.get("/topple", headers={"Accept-Language": "es-ES,es;q=0.9"}).get_data(as_text=True)
    assert "Partida nueva" in page
    page = api.get("/topple?lang=en", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "New game" in page
    page = api.get("/topple", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "New game" in page                                   # the cookie remembers
    home = api.get("/").get_data(as_text=True)
    assert re.search(r'href="/topple"', home)


def test_the_turn_screen_carries_its_words_as_data_not_script(api):
    gid = new_game(api)
    r = api.get(f"/topple/{gid}?lang=es")
    html = r.get_data(as_text=True)
    assert '<script type="application/json" id="strings">' in html and "¡Derribo!" in html
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]


def test_a_screen_left_behind_by_an_undo_is_refused_by_its_version(api):
    """An undo and a new event bring the count back; the version never does."""
    gid = new_game(api)
    assert api.get(f"/api/topple/games/{gid}").get_json()["version"] == 0
    g = event(api, gid, {"event": {"roll": 1, "space": "C3"}, "version": 0})
    assert g["version"] == 1
    g = event(api, gid, {"undo": True, "version": 1})
    g = event(api, gid, {"event": {"roll": 1, "space": "C3", "colour": "pink"}, "version": 2})
    assert g["events"] == 1 and g["version"] == 3
    stale = event(api, gid, {"event": {"topple": "Ben", "while_placing": True}, "version": 1},
                  expect=409)
    assert stale["game"]["version"] == 3 and stale["game"]["totals"]["Ben"] == 0
    assert event(api, gid, {"undo": True, "version": 1.0}, expect=400)["error"].startswith("'version'")


def test_deep_brackets_are_a_400_in_words(api):
    gid = new_game(api)
    deep = "[" * 50_000 + "]" * 50_000
    for url in ("/api/topple/games", f"/api/topple/games/{gid}/events"):
        r = api.client.post(url, data=deep, content_type="application/json",
                            headers={"X-CSRFToken": api.token})
        assert r.status_code == 400 and "nested too deeply" in r.get_json()["error"], url
