"""Fixtures for the web tests: an app on a temporary data dir, a CSRF-aware client,
and a simulated table of real cards that answers the game's questions."""
from __future__ import annotations

import random

import pytest

from assistant.bowling.cards import DECK
from assistant.bowling.layout import PINS
from assistant.web import create_app


@pytest.fixture
def data_dir(tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def app(data_dir):
    return create_app({"DATA_DIR": str(data_dir), "TESTING": True})


class Api:
    """The Flask test client with the session's CSRF token on every POST."""

    def __init__(self, client):
        self.client = client
        self.token = client.get("/api/csrf").get_json()["csrf_token"]

    def get(self, url, **kw):
        return self.client.get(url, **kw)

    def post(self, url, json=None, **kw):
        headers = {"X-CSRFToken": self.token, **kw.pop("headers", {})}
        return self.client.post(url, json=json, headers=headers, **kw)

    def new_game(self, players=("Ann",), **extra):
        r = self.post("/api/games", {"players": list(players), **extra})
        assert r.status_code == 201, r.get_json()
        return r.get_json()["id"]

    def act(self, game_id, action, expect=200):
        r = self.post(f"/api/games/{game_id}/actions", action)
        assert r.status_code == expect, r.get_json()
        return r.get_json()


@pytest.fixture
def api(app):
    return Api(app.test_client())


class Table:
    """Real cards on a kitchen table: shuffled and dealt by the rules, each card turned
    up when the game asks for it.  `next_action(game_json)` plays a plausible game."""

    def __init__(self, seed=0, play_rate=0.85):
        self.rng = random.Random(seed)
        self.play_rate = play_rate
        self.piles = None
        self.shown = None

    def deal(self) -> dict:
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.piles = [deck[10:15], deck[15:18], deck[18:20]]
        self.shown = [0, 0, 0]
        return {"type": "deal", "pins": dict(zip(PINS, deck[:10])),
                "tops": [p[0] for p in self.piles]}

    def reveal(self, pile: int) -> dict:
        self.shown[pile - 1] += 1
        return {"type": "reveal", "pile": pile, "value": self.piles[pile - 1][self.shown[pile - 1]]}

    def next_action(self, game: dict) -> dict:
        turn = game["turn"]
        if turn["awaiting"] == "deal":
            return self.deal()
        if turn["awaiting"] == "reveal":
            return self.reveal(turn["pending_reveals"][0])
        plays = turn["legal_plays"]
        if plays and self.rng.random() < self.play_rate:
            return {"type": "play", **self.rng.choice(plays)}
        return {"type": "end_ball"}


@pytest.fixture
def table():
    return Table(seed=1)


SAMPLES = __import__("pathlib").Path(__file__).resolve().parents[2] / "sample_images"


def draw_table_photo(pins: dict, tops: list) -> bytes:
    """A plain picture of the deal (white cards with big ranks on green), as JPEG bytes:
    used when the recogniser's sample photos are not in the checkout."""
    import cv2
    import numpy as np

    from assistant.bowling.cards import rank_of
    img = np.full((1600, 1200, 3), (60, 110, 50), np.uint8)
    cw, ch = 170, 240
    rows = [("A", "B", "C", "D"), ("E", "F", "G"), ("H", "I"), ("J",)]
    for r, row in enumerate(rows):
        y = 120 + r * 260
        x0 = 600 - (len(row) * cw + (len(row) - 1) * 30) // 2
        for i, p in enumerate(row):
            x = x0 + i * (cw + 30)
            cv2.rectangle(img, (x, y), (x + cw, y + ch), (250, 250, 250), -1)
            cv2.putText(img, rank_of(pins[p]), (x + 20, y + 150), cv2.FONT_HERSHEY_SIMPLEX, 3.2,
                        (20, 20, 20), 8)
    for i, v in enumerate(tops):
        x, y = 170 + i * 330, 1220
        cv2.rectangle(img, (x, y), (x + cw, y + ch), (250, 250, 250), -1)
        cv2.putText(img, rank_of(v), (x + 20, y + 150), cv2.FONT_HERSHEY_SIMPLEX, 3.2,
                    (20, 20, 20), 8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return buf.tobytes()


def sample_photo_path():
    """A sample photo of a fresh deal from the recogniser's set (with its truth .json beside)."""
    if SAMPLES.is_dir():
        preferred = SAMPLES / "fresh_orell_7_0000.jpg"
        if preferred.is_file() and preferred.stat().st_size:
            return preferred
        for path in sorted(SAMPLES.glob("fresh_*.jpg")) + sorted(SAMPLES.glob("*.jpg")):
            if path.stat().st_size and path.with_suffix(".json").is_file():
                return path
    return None


@pytest.fixture
def sample_photo() -> bytes:
    path = sample_photo_path()
    if path is not None:
        return path.read_bytes()
    return draw_table_photo(dict(zip(PINS, [2, 7, 1, 8, 5, 9, 3, 4, 3, 6])), [7, 9, 0])
