"""Issue 38 §3 through the JSON API: rename a player, delete and restore a game, export it as
CSV and JSON; each with its refusals (unknown game 404, bad name 400, stale version 409)."""
from __future__ import annotations

import csv
import io

from assistant.web.db import SCHEMA_VERSION

# Ann: a spare, a strike, nines, and a tenth frame X 7 / (three balls).
ANN = [[9, 1], [10], [4, 5], [0, 0], [3, 7], [10], [10], [8, 1], [0, 10], [10, 7, 3]]


def send(api, method, url, body=None):
    return api.client.open(url, method=method, json=body, headers={"X-CSRFToken": api.token})


def score_game(api, players=("Ann",), frames=ANN):
    gid = api.new_game(players, mode="score")
    for frame in frames:
        for pins in frame:
            api.act(gid, {"type": "roll", "pins": pins})
    return gid


def test_schema_is_version_5():
    assert SCHEMA_VERSION == 5


def test_rename_a_player(api):
    gid = api.new_game(["Ann", "Bob"], mode="score")
    api.act(gid, {"type": "roll", "pins": 7})
    before = api.get(f"/api/games/{gid}").get_json()
    r = send(api, "PATCH", f"/api/games/{gid}/players/1",
             {"name": "  Roberta ", "version": before["version"]})
    assert r.status_code == 200, r.get_json()
    g = r.get_json()
    assert [p["name"] for p in g["players"]] == ["Ann", "Roberta"]
    assert g["version"] == before["version"] + 1
    assert g["players"][0]["rolls"] == [7]            # the log is untouched
    assert api.get(f"/api/games/{gid}").get_json()["players"][1]["name"] == "Roberta"
    home = api.get("/api/games").get_json()["unfinished"][0]
    assert [p["name"] for p in home["players"]] == ["Ann", "Roberta"]
    # a plain update: Undo takes back the roll, not the name
    g = api.act(gid, {"type": "undo"})
    assert g["players"][1]["name"] == "Roberta" and g["players"][0]["rolls"] == []


def test_rename_refusals(api):
    gid = api.new_game(["Ann", "Bob"])
    url = f"/api/games/{gid}/players/0"
    for bad in ("", "   ", "bob", "a\nb", "x" * 41, 7, None):
        r = send(api, "PATCH", url, {"name": bad})
        assert r.status_code == 400, (bad, r.get_json())
        assert r.get_json()["error"]
    assert send(api, "PATCH", f"/api/games/{gid}/players/2", {"name": "Cy"}).status_code == 400
    assert send(api, "PATCH", f"/api/games/{gid}/players/x", {"name": "Cy"}).status_code == 400
    assert send(api, "PATCH", "/api/games/nosuchgame/players/0", {"name": "Cy"}).status_code == 404
    r = send(api, "PATCH", url, {"name": "Cy", "version": 99})
    assert r.status_code == 409 and r.get_json()["game"]["players"][0]["name"] == "Ann"
    # without the CSRF token
    assert api.client.patch(url, json={"name": "Cy"}).status_code == 400


def test_delete_and_restore(api):
    gid = api.new_game(["Ann"])
    keep = api.new_game(["Bob"])
    r = send(api, "DELETE", f"/api/games/{gid}")
    assert r.status_code == 200 and r.get_json()["deleted"] == gid
    assert [g["id"] for g in api.get("/api/games").get_json()["unfinished"]] == [keep]
    assert api.get(f"/api/games/{gid}").status_code == 404
    assert api.get(f"/games/{gid}").status_code == 404
    assert api.post(f"/api/games/{gid}/actions", {"type": "end_ball"}).status_code == 404
    assert send(api, "DELETE", f"/api/games/{gid}").status_code == 404      # already gone
    r = api.post(f"/api/games/{gid}/restore")
    assert r.status_code == 200 and r.get_json()["id"] == gid
    assert {g["id"] for g in api.get("/api/games").get_json()["unfinished"]} == {gid, keep}
    assert api.post(f"/api/games/{gid}/restore").status_code == 404         # not deleted
    assert api.post("/api/games/nosuchgame/restore").status_code == 404
    assert send(api, "DELETE", "/api/games/no").status_code == 404
    assert api.client.delete(f"/api/games/{gid}").status_code == 400        # no CSRF token


def test_home_list_shows_mode_date_and_turn(api):
    api.new_game(["Ann"], mode="score")
    api.new_game(["Bob"], mode="dealt")
    api.new_game(["Cy"])
    games = api.get("/api/games").get_json()["unfinished"]
    assert {g["players"][0]["name"]: g["mode"] for g in games} == {
        "Ann": "score", "Bob": "dealt", "Cy": "table"}
    page = api.get("/").get_data(as_text=True)
    for text in ("Score only", "Virtual cards", "Real cards", "Ann · frame 1"):
        assert text in page


def test_export_csv(api):
    gid = score_game(api)
    r = api.get(f"/api/games/{gid}/export.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0] == ["player", "frame", "ball", "pins", "mark", "running_total"]
    assert rows[1] == ["Ann", "1", "1", "9", "9", "20"]
    assert rows[2] == ["Ann", "1", "2", "1", "/", "20"]
    assert rows[3] == ["Ann", "2", "1", "10", "X", "39"]
    assert len(rows) == 1 + sum(len(f) for f in ANN)
    assert rows[-1][:5] == ["Ann", "10", "3", "3", "/"]
    total = api.get(f"/api/games/{gid}").get_json()["players"][0]["card"]["total"]
    assert rows[-1][5] == str(total)
    assert api.get("/api/games/nosuchgame/export.csv").status_code == 404


def test_export_json(api):
    gid = score_game(api, frames=ANN[:2])
    r = api.get(f"/api/games/{gid}/export.json")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    body = r.get_json()
    assert body["players"] == ["Ann"] and body["mode"] == "score"
    assert body["variant"] == "sackson"
    assert body["actions"] == [{"type": "roll", "pins": p} for p in (9, 1, 10)]
    assert body["cards"][0]["name"] == "Ann"
    assert body["cards"][0]["frames"][0] == {"rolls": [9, 1], "marks": "9/", "total": 20}
    assert api.get("/api/games/nosuchgame/export.json").status_code == 404


BOB = [[7, 2], [5, 5], [6, 0], [10], [2, 3], [9, 0], [1, 1], [10], [4, 4], [6, 4, 9]]


def test_stats_across_finished_games(api):
    # two finished games for Ann (the second as "ANN"), one unfinished, one deleted
    order = [f for pair in zip(ANN, BOB) for f in pair]
    gid = api.new_game(["Ann", "Bob"], mode="score")
    for frame in order:
        for pins in frame:
            api.act(gid, {"type": "roll", "pins": pins})
    second = score_game(api, players=("ANN",), frames=[[10]] * 9 + [[10, 10, 10]])
    score_game(api, players=("Ann",), frames=ANN[:3])              # unfinished: not counted
    gone = score_game(api, players=("Ann",), frames=[[0, 0]] * 10)
    send(api, "DELETE", f"/api/games/{gone}")
    r = api.get("/api/stats")
    assert r.status_code == 200
    players = {p["name"].casefold(): p for p in r.get_json()["players"]}
    assert set(players) == {"ann", "bob"}
    ann = players["ann"]
    ann_total = api.get(f"/api/games/{gid}").get_json()["players"][0]["card"]["total"]
    assert ann["name"] == "ANN" and ann["games"] == 2 and ann["high"] == 300
    assert [s["score"] for s in ann["scores"]] == [ann_total, 300]
    assert [s["game"] for s in ann["scores"]] == [gid, second]
    assert ann["average"] == round((ann_total + 300) / 2, 1)
    # Ann's first game: strikes in frames 2, 6, 7, 10; spares in 1, 5, 9; the perfect game 10 strikes
    assert ann["strike_rate"] == round((4 + 10) / 20, 3)
    assert ann["spare_rate"] == round(3 / 20, 3)
    bob = players["bob"]
    assert bob["games"] == 1 and bob["strike_rate"] == 0.2 and bob["spare_rate"] == 0.2
    page = api.get("/stats").get_data(as_text=True)
    assert "<svg" in page and "<polyline" in page and "ANN" in page


def test_stats_with_no_games(api):
    assert api.get("/api/stats").get_json() == {"players": []}
    assert "No finished games yet" in api.get("/stats").get_data(as_text=True)


def test_poll_since_version(api):
    gid = api.new_game(["Ann"], mode="score")
    v = api.get(f"/api/games/{gid}").get_json()["version"]
    r = api.get(f"/api/games/{gid}?since={v}")
    assert r.status_code == 200 and r.get_json() == {"changed": False, "version": v}
    api.act(gid, {"type": "roll", "pins": 4})
    g = api.get(f"/api/games/{gid}?since={v}").get_json()
    assert g["version"] == v + 1 and g["players"][0]["rolls"] == [4]
    assert api.get(f"/api/games/{gid}?since=x").status_code == 400
    assert api.get("/api/games/nosuchgame?since=0").status_code == 404
    send(api, "DELETE", f"/api/games/{gid}")
    assert api.get(f"/api/games/{gid}?since={v + 1}").status_code == 404
