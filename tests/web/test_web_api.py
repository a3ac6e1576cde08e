"""The JSON API through Flask's test client: every route, good and bad input."""
from __future__ import annotations

import io
import json
import os
import stat
from pathlib import Path

import pytest

from assistant.bowling.layout import PINS
from assistant.web import create_app

DEAL = {"type": "deal", "pins": dict(zip(PINS, [2, 7, 1, 8, 5, 9, 3, 4, 3, 6])), "tops": [7, 9, 0]}
STATE = {"pins": DEAL["pins"], "piles": [{"top": 7, "down": 4}, {"top": 9, "down": 2},
                                         {"top": 0, "down": 1}], "ball": 1, "out": []}


# ---- games -------------------------------------------------------------------------------

def test_create_and_get_a_game(api):
    r = api.post("/api/games", {"players": ["Ann", "Bob"], "variant": "german"})
    assert r.status_code == 201
    game_id = r.get_json()["id"]
    g = api.get(f"/api/games/{game_id}").get_json()
    assert g["id"] == game_id and g["created"] and g["variant"] == "german"
    assert [p["name"] for p in g["players"]] == ["Ann", "Bob"]
    assert g["turn"]["awaiting"] == "deal" and g["turn"]["name"] == "Ann" and g["actions"] == 0
    assert "hint" not in g


@pytest.mark.parametrize("body, words", [
    ({"players": []}, "at least one player"),
    ({"players": ["Ann", "ann"]}, "same name"),
    ({"players": "Ann"}, "list of names"),
    ({"players": [""]}, "needs a name"),
    ({"players": ["x" * 41]}, "40 characters"),
    ({"players": [f"P{i}" for i in range(13)]}, "at most 12"),
    ({"players": ["Ann"], "variant": "martian"}, "variant"),
    ({}, "list of names"),
])
def test_create_refuses_bad_games(api, body, words):
    r = api.post("/api/games", body)
    assert r.status_code == 400 and words in r.get_json()["error"]


def test_not_json_is_refused(api):
    r = api.post("/api/games", data="players=Ann", headers={"Content-Type": "text/plain"})
    assert r.status_code == 400 and "JSON object" in r.get_json()["error"]


def test_unknown_game_is_404_json_and_html(api):
    for url in ("/api/games/nosuchgame", "/api/games/../../etc", "/api/games/x%00y"):
        r = api.get(url)
        assert r.status_code == 404
        assert "error" in r.get_json()
    r = api.post("/api/games/nosuchgame/actions", {"type": "end_ball"})
    assert r.status_code == 404 and "no game" in r.get_json()["error"]
    r = api.get("/games/nosuchgame")
    assert r.status_code == 404 and b"find that page or game" in r.data and b"Traceback" not in r.data
    # an id of any length is echoed shortened, never whole (it is whatever the client sent)
    r = api.post("/api/games/" + "x" * 3000 + "/actions", {"type": "end_ball"})
    assert r.status_code == 404 and len(r.get_json()["error"]) < 80 and "..." in r.get_json()["error"]


def test_play_reveal_undo_through_the_api(api):
    gid = api.new_game()
    g = api.act(gid, DEAL)
    assert g["turn"]["awaiting"] == "play" and g["actions"] == 1
    assert {"pile": 1, "pins": ["H", "I"]} in g["turn"]["legal_plays"]
    g = api.act(gid, {"type": "play", "pile": 1, "pins": ["H", "I"]})
    assert g["turn"]["awaiting"] == "reveal" and g["turn"]["pending_reveals"] == [1]
    assert g["turn"]["table"]["piles"][0] == {"top": None, "down": 3, "pending": True}
    g = api.act(gid, {"type": "reveal", "pile": 1, "value": 5})
    assert g["turn"]["state"]["piles"][0] == {"top": 5, "down": 3}
    g = api.act(gid, {"type": "undo"})
    assert g["turn"]["awaiting"] == "reveal" and g["actions"] == 2
    g = api.act(gid, {"type": "undo"})
    g = api.act(gid, {"type": "undo"})
    assert g["turn"]["awaiting"] == "deal" and g["actions"] == 0
    r = api.post(f"/api/games/{gid}/actions", {"type": "undo"})
    assert r.status_code == 400 and "nothing to undo" in r.get_json()["error"]


def test_refused_actions_change_nothing(api):
    gid = api.new_game()
    api.act(gid, DEAL)
    cases = [
        ({"type": "play", "pile": 1, "pins": ["A"]}, "A is a 2, not a 7"),
        ({"type": "play", "pile": 3, "pins": ["F"]}, "F"),
        ({"type": "play", "pile": 4, "pins": ["H"]}, "no pile 4"),
        ({"type": "play", "pile": 1, "pins": ["Z"]}, "not a pin"),
        ({"type": "play", "pile": "1", "pins": ["H", "I"]}, "'pile'"),
        ({"type": "reveal", "pile": 1, "value": 3}, "no newly turned-up card"),
        ({"type": "deal", **{k: DEAL[k] for k in ("pins", "tops")}}, "still being played"),
        ({"type": "jump"}, "unknown action"),
        ({"pile": 1}, "'type'"),
    ]
    for action, words in cases:
        r = api.post(f"/api/games/{gid}/actions", action)
        assert r.status_code == 400, action
        assert words in r.get_json()["error"], (action, r.get_json())
    assert api.get(f"/api/games/{gid}").get_json()["actions"] == 1


def test_impossible_reveal_and_impossible_deal_are_refused(api):
    gid = api.new_game()
    bad = {"type": "deal", "pins": {**DEAL["pins"], "A": 7, "J": 7}, "tops": [7, 9, 0]}
    r = api.post(f"/api/games/{gid}/actions", bad)
    assert r.status_code == 400 and "only two" in r.get_json()["error"]
    api.act(gid, DEAL)
    api.act(gid, {"type": "play", "pile": 1, "pins": ["H", "I"]})
    # Both 3s are in sight (G standing, I taken out): pile 1 cannot show a third one.
    r = api.post(f"/api/games/{gid}/actions", {"type": "reveal", "pile": 1, "value": 3})
    assert r.status_code == 400 and "cannot show a 3" in r.get_json()["error"]
    r = api.post(f"/api/games/{gid}/actions", {"type": "reveal", "pile": 1, "value": 10})
    assert r.status_code == 400 and "not a card value" in r.get_json()["error"]
    assert api.get(f"/api/games/{gid}").get_json()["actions"] == 2


def test_a_stale_view_is_refused_with_the_current_game(api):
    gid = api.new_game()
    api.act(gid, {**DEAL, "at": 0})
    r = api.post(f"/api/games/{gid}/actions", {"type": "end_ball", "at": 0})
    assert r.status_code == 409
    body = r.get_json()
    assert "changed" in body["error"] and body["game"]["actions"] == 1
    r = api.post(f"/api/games/{gid}/actions", {"type": "end_ball", "at": "one"})
    assert r.status_code == 400


def test_extra_fields_are_not_stored(api, app):
    gid = api.new_game()
    api.act(gid, {**DEAL, "junk": "x" * 1000, "at": 0})
    from assistant.web.db import connect
    db = connect(app.config["DATABASE"])
    (stored,) = db.execute("SELECT action FROM actions WHERE game_id = ?", (gid,)).fetchone()
    assert "junk" not in stored and '"at"' not in stored


def test_a_whole_game_for_two_players(api, table):
    gid = api.new_game(["Ann", "Bob"])
    g = api.get(f"/api/games/{gid}").get_json()
    steps = 0
    while not g["over"]:
        g = api.act(gid, table.next_action(g))
        steps += 1
        assert steps < 2000
    assert g["turn"] is None and g["winners"]
    assert all(p["card"]["complete"] for p in g["players"])
    totals = {p["name"]: p["card"]["total"] for p in g["players"]}
    assert set(g["winners"]) == {n for n, t in totals.items() if t == max(totals.values())}
    r = api.post(f"/api/games/{gid}/actions", {"type": "end_ball"})
    assert r.status_code == 400 and "over" in r.get_json()["error"]
    games = api.get("/api/games").get_json()
    assert [x["id"] for x in games["finished"]] == [gid] and games["unfinished"] == []
    assert games["finished"][0]["winners"] == g["winners"]
    home = api.get("/").data.decode()
    finished = home[home.index("Finished games"):]
    assert gid in finished and all(f'class="winner">{w} ' in finished for w in g["winners"])


# ---- hints ---------------------------------------------------------------------------------

def test_hint_for_a_state(api):
    r = api.post("/api/hint", {"state": STATE, "objective": "pins"})
    assert r.status_code == 200, r.get_json()
    h = r.get_json()
    assert h["best"] == {"action": "play", "pile": 1, "pins": ["H", "I"]}
    assert h["objective"] == "pins" and h["explanation"]
    assert any(a["action"] == "end_ball" for a in h["actions"])
    r = api.post("/api/hint", {**STATE, "objective": "strike"})     # the state itself as body
    assert r.status_code == 200 and r.get_json()["objective"] == "strike"


@pytest.mark.parametrize("body, words", [
    ({"state": {**STATE, "ball": 3}}, "ball must be 1 or 2"),
    ({"state": {**STATE, "pins": {**STATE["pins"], "A": 7, "J": 7}}}, "only two"),
    ({"state": STATE, "objective": "fun"}, "objective"),
    ({"state": STATE, "objective": 3}, "objective"),
    ({"state": {**STATE, "pins": {}}, "objective": "pins"}, ""),
    ({"state": STATE, "variant": "martian", "objective": "pins"}, "variant"),
    ({"state": "pins"}, "JSON object"),
])
def test_hint_refuses_bad_states(api, body, words):
    r = api.post("/api/hint", body)
    assert r.status_code == 400
    assert words in r.get_json()["error"]


def test_game_json_carries_the_hint_on_request(api):
    gid = api.new_game()
    api.act(gid, DEAL)
    g = api.get(f"/api/games/{gid}?hint=1&objective=pins").get_json()
    assert g["hint"]["best"] == {"action": "play", "pile": 1, "pins": ["H", "I"]}
    r = api.post(f"/api/games/{gid}/actions?hint=1&objective=pins",
                 {"type": "play", "pile": 1, "pins": ["H", "I"]})
    assert "hint" not in r.get_json()          # a reveal is pending: no state, no hint
    api.act(gid, {"type": "reveal", "pile": 1, "value": 5})
    g = api.get(f"/api/games/{gid}?hint=1&objective=nonsense").get_json()
    assert "objective" in g["hint"]["error"]


def test_default_objective_is_the_game_score(api):
    r = api.post("/api/hint", STATE)
    assert r.status_code == 200 and r.get_json()["objective"] == "game"


# ---- CSRF, limits, headers --------------------------------------------------------------------

def test_posts_without_the_csrf_token_are_refused(app):
    client = app.test_client()
    for url, body in (("/api/games", {"players": ["Ann"]}), ("/api/hint", STATE)):
        r = client.post(url, json=body)
        assert r.status_code == 400 and "security token" in r.get_json()["error"]
    r = client.post("/api/games", json={"players": ["Ann"]}, headers={"X-CSRFToken": "forged"})
    assert r.status_code == 400
    r = client.post("/games", data={"player": "Ann"})
    assert r.status_code == 400 and b"security token" in r.data


def test_a_26_mb_upload_is_refused_with_413(api):
    big = b"\xff\xd8\xff" + bytes(26 * 1024 * 1024)
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(big), "big.jpg")},
                 content_type="multipart/form-data")
    assert r.status_code == 413 and "25 MB" in r.get_json()["error"]


@pytest.mark.parametrize("payload, name, words", [
    (b"%PDF-1.4 not a photo at all", "photo.jpg", "not a photo"),
    (b"GIF89a......", "cards.png", "not a photo"),
    (b"", "empty.jpg", "empty"),
])
def test_recognize_sniffs_the_bytes_not_the_name(api, payload, name, words):
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(payload), name)},
                 content_type="multipart/form-data")
    assert r.status_code == 400 and words in r.get_json()["error"]


def test_recognize_needs_a_photo_field(api):
    r = api.post("/api/recognize", data={"picture": (io.BytesIO(b"x"), "a.jpg")},
                 content_type="multipart/form-data")
    assert r.status_code == 400 and "'photo'" in r.get_json()["error"]


def test_recognize_a_broken_jpeg_is_a_400_with_the_reason(api):
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(b"\xff\xd8\xff\xe0garbage"), "x.jpg")},
                 content_type="multipart/form-data")
    assert r.status_code == 400 and r.get_json()["error"]


def test_recognize_a_photo(api, sample_photo):
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(sample_photo), "table.jpg")},
                 content_type="multipart/form-data")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert set(body["pins"]) == set(PINS) and len(body["piles"]) == 3
    assert body["overlay"] is None or body["overlay"].startswith("data:image/jpeg;base64,")
    assert "image" not in body


def test_recognize_too_few_cards_is_a_400_with_what_was_seen(api):
    """One real card on a table (edje-train, Apache-2.0): no layout, but the overlay of the card
    that was found comes with the reason, for the page to show."""
    photo = (Path(__file__).resolve().parents[2] / "sample_images" / "real" / "IMG_2386.JPG").read_bytes()
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(photo), "table.jpg")},
                 content_type="multipart/form-data")
    body = r.get_json()
    assert r.status_code == 400 and "too few cards" in body["error"]
    assert body["overlay"].startswith("data:image/jpeg;base64,")


def test_security_headers_everywhere(api):
    for url in ("/", "/api/games", "/print", "/static/app.css"):
        h = api.get(url).headers
        assert h["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'self'" in h["Content-Security-Policy"]
        assert "script-src 'self'" in h["Content-Security-Policy"]
        assert h["Referrer-Policy"] == "no-referrer"


def test_wrong_method_is_json_on_the_api(api):
    r = api.get("/api/hint")
    assert r.status_code == 405 and "error" in r.get_json()


def test_secret_key_is_made_once_and_private(data_dir):
    a = create_app({"DATA_DIR": str(data_dir)})
    b = create_app({"DATA_DIR": str(data_dir)})
    assert a.config["SECRET_KEY"] == b.config["SECRET_KEY"] and len(a.config["SECRET_KEY"]) == 64
    mode = stat.S_IMODE(os.stat(data_dir / "secret_key").st_mode)
    assert mode == 0o600


# ---- printing -----------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/print/scorepad.pdf?players=3&paper=a4", "/print/scorepad.pdf",
                                 "/print/rules.pdf?lang=es", "/print/rules.pdf?lang=de",
                                 "/print/mat.pdf?paper=letter"])
def test_printables_download(api, url):
    r = api.get(url)
    assert r.status_code == 200, r.data[:200]
    assert r.mimetype == "application/pdf" and r.data.startswith(b"%PDF")
    assert "attachment" in r.headers["Content-Disposition"]


@pytest.mark.parametrize("url, words", [
    ("/print/scorepad.pdf?players=0", "players"), ("/print/scorepad.pdf?players=x", "players"),
    ("/print/scorepad.pdf?players=11", "players"), ("/print/rules.pdf?lang=fr", "lang"),
    ("/print/mat.pdf?paper=a3", "paper"),
])
def test_printables_refuse_bad_options(api, url, words):
    r = api.get(url, headers={"Accept": "application/json"})
    assert r.status_code == 400 and words in r.get_json()["error"]
    r = api.get(url)                      # a browser gets a friendly page
    assert r.status_code == 400 and r.mimetype == "text/html"


def test_a_games_sheet_as_pdf(api, table):
    gid = api.new_game(["Ann", "Bob"])
    g = api.get(f"/api/games/{gid}").get_json()
    for _ in range(60):
        g = api.act(gid, table.next_action(g))
    r = api.get(f"/api/games/{gid}/sheet.pdf?paper=a4")
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    assert api.get("/api/games/nosuchgame/sheet.pdf").status_code == 404


# ---- pages --------------------------------------------------------------------------------

def test_home_page_start_resume_and_finished(api, table):
    r = api.get("/")
    assert r.status_code == 200
    html = r.data.decode()
    assert 'name="csrf-token"' in html and "<svg" in html and "manifest.webmanifest" in html
    assert "http" not in html.split("<body")[0].replace("http-equiv", "").replace(
        'xmlns="http://www.w3.org/2000/svg"', "")     # nothing from another origin
    r = api.client.post("/games", data={"player": ["Ann", "Bob, Cy"], "csrf_token": api.token})
    assert r.status_code == 303
    gid = r.headers["Location"].rsplit("/", 1)[1]
    g = api.get(f"/api/games/{gid}").get_json()
    assert [p["name"] for p in g["players"]] == ["Ann", "Bob", "Cy"]
    assert gid in api.get("/").data.decode()
    r = api.client.post("/games", data={"player": ["Ann", "ann"], "csrf_token": api.token})
    assert r.status_code == 400 and b"same name" in r.data
    r = api.client.post("/games", data={"player": "Solo", "virtual": "1", "variant": "german",
                                        "csrf_token": api.token})
    solo = api.get(r.headers["Location"].replace("/games/", "/api/games/")).get_json()
    assert solo["mode"] == "dealt" and solo["variant"] == "german"
    assert solo["turn"]["awaiting"] == "play"          # virtual cards are dealt by the game
    page = api.get(f"/games/{gid}")
    assert page.status_code == 200 and b'data-game-id="' + gid.encode() in page.data


def test_static_assets_and_manifest_are_local(api):
    m = api.get("/manifest.webmanifest")
    assert m.mimetype == "application/manifest+json"
    manifest = m.get_json(force=True)
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/")
        assert api.get(icon["src"]).status_code == 200
    for js in ("api", "cards", "game", "home", "picker", "sheet", "table"):
        r = api.get(f"/static/js/{js}.js")
        assert r.status_code == 200 and b"http://" not in r.data and b"https://" not in r.data


def test_a_broken_heic_photo_says_so(api):
    heic = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(500)
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(heic), "IMG_0001.HEIC")},
                 content_type="multipart/form-data")
    assert r.status_code == 400 and "HEIC" in r.get_json()["error"]


def test_a_heic_photo_is_read(api):
    """A browser that cannot decode HEIC (Chrome on a PC) sends it as it is: the server reads it."""
    samples = Path(__file__).resolve().parents[2] / "sample_images"
    truth = json.loads((samples / "fresh_orell_7_0000.json").read_text())
    heic = (samples / "fresh_orell_7_0000.heic").read_bytes()
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(heic), "IMG_0001.HEIC")},
                 content_type="multipart/form-data")
    assert r.status_code == 200
    body = r.get_json()
    assert body["pins"] == truth["pins"] and body["overlay"].startswith("data:image/jpeg")


def test_uploads_never_touch_the_disk(app, monkeypatch):
    """Werkzeug would spool a big upload to a temporary file; ours stay in memory."""
    from werkzeug import formparser
    calls = []

    def spy(*a, **k):
        calls.append(a)
        raise AssertionError("an upload was about to be spooled to disk")
    monkeypatch.setattr(formparser, "SpooledTemporaryFile", spy)
    monkeypatch.setattr(formparser, "TemporaryFile", spy, raising=False)
    from .conftest import Api
    api = Api(app.test_client())
    r = api.post("/api/recognize", data={"photo": (io.BytesIO(b"%PDF" + bytes(3_000_000)), "a.jpg")},
                 content_type="multipart/form-data")
    assert r.status_code == 400 and calls == []


def test_a_bug_is_a_friendly_500_never_a_traceback(data_dir):
    app = create_app({"DATA_DIR": str(data_dir)})

    def boom():
        raise KeyError("secret internals")
    app.add_url_rule("/api/boom", "api_boom", boom)
    app.add_url_rule("/boom", "boom", boom)
    client = app.test_client()
    r = client.get("/api/boom")
    assert r.status_code == 500 and "the game is safe" in r.get_json()["error"]
    assert "secret internals" not in r.get_data(as_text=True)
    r = client.get("/boom")
    assert r.status_code == 500 and b"Traceback" not in r.data and b"secret" not in r.data


def test_recognize_for_a_game_tells_the_recogniser_what_to_expect(api, sample_photo, monkeypatch):
    import recognizer
    seen = []
    real = recognizer.recognize

    def spy(data, expect=None, **kw):
        seen.append(expect)
        return real(data, expect=expect, **kw)

    monkeypatch.setattr(recognizer, "recognize", spy)
    gid = api.new_game(["Ann"])

    def read():
        r = api.post("/api/recognize", content_type="multipart/form-data",
                     data={"photo": (io.BytesIO(sample_photo), "t.jpg"), "game": gid})
        assert r.status_code == 200, r.get_json()

    read()                                   # a new deal: all ten pins and three tops
    assert seen[-1] == {"standing": list(PINS), "piles": [True, True, True]}
    api.act(gid, {"type": "deal", "pins": dict(zip(PINS, [2, 7, 1, 7, 2, 9, 5, 1, 8, 6])),
                  "tops": [0, 0, 4]})
    api.act(gid, {"type": "play", "pile": 3, "pins": ["I", "J"]})
    api.act(gid, {"type": "reveal", "pile": 3, "value": 4})
    api.act(gid, {"type": "play", "pile": 3, "pins": ["F", "G"]})   # 9+5; pile 3 is now empty
    read()
    assert seen[-1]["standing"] == [p for p in PINS if p not in "FGIJ"]
    assert seen[-1]["piles"] == [True, True, False]
    r = api.post("/api/recognize", content_type="multipart/form-data",
                 data={"photo": (io.BytesIO(sample_photo), "t.jpg"), "game": "nosuchgame"})
    assert r.status_code == 404
