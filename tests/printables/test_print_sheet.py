"""Filled score sheets: the numbers on paper are exactly score_rolls's."""
from __future__ import annotations

import io
import json
import random

import pytest

from print_helpers import assert_inked_sensibly, page_texts, reader
from assistant.bowling.scoring import ScoreError, score_rolls
from printables.grid import ball_box_marks
from printables.paper import PrintError
from printables.sheet import build_sheet, render_sheet_bytes


def random_rolls(rng: random.Random, frames_done: int, extra_ball: bool = False) -> list[int]:
    """A real game's rolls: `frames_done` whole frames (10 = complete with bonus balls)."""
    rolls = []
    for frame in range(min(frames_done, 9)):
        first = rng.choice([10, 10, rng.randint(0, 9)])
        rolls.append(first)
        if first < 10:
            rolls.append(rng.choice([10 - first, rng.randint(0, 10 - first)]))
    if frames_done >= 10:
        first = rng.choice([10, rng.randint(0, 10)])
        rolls.append(first)
        second = rng.randint(0, 10) if first == 10 else rng.choice([10 - first, rng.randint(0, 10 - first)])
        rolls.append(second)
        if first == 10 or first + second == 10:
            standing = 10 if first + second in (10, 20) or (first == 10 and second == 10) else 10 - second
            rolls.append(rng.randint(0, standing))
    elif extra_ball:
        rolls.append(rng.randint(0, 9))      # the first ball of a frame in progress
    return rolls


def expected_tokens(name: str, rolls: list[int]) -> list[str]:
    """What the grid row draws, in drawing order: name, total, then per frame marks and total."""
    card = score_rolls(rolls)
    tokens = [name]
    if card.frames:
        tokens.append(str(card.total))
    for i, frame in enumerate(card.frames):
        tokens += [m for m in ball_box_marks(i, frame.marks) if m]
        if frame.total is not None:
            tokens.append(str(frame.total))
    return tokens


def grid_tokens(pdf) -> list[str]:
    """The text lines of the grid: after the header's 'Total', up to 'Standings'."""
    lines = [t.strip() for text in page_texts(pdf) for t in text.splitlines() if t.strip()]
    start = lines.index("Total") + 1
    end = lines.index("Standings")
    return lines[start:end]


@pytest.mark.parametrize("seed", range(12))
def test_numbers_equal_score_rolls(tmp_path, seed):
    rng = random.Random(seed)
    players = []
    for n in range(rng.randint(1, 6)):
        done = 10 if seed % 3 == 0 else rng.randint(0, 10)
        players.append({"name": f"Player {n + 1}", "rolls": random_rolls(rng, done, rng.random() < 0.5)})
    game = {"players": players, "date": "2026-11-29"}
    path = build_sheet(game, tmp_path / "sheet.pdf")
    pdf = reader(path)
    tokens = grid_tokens(pdf)
    expected = [t for p in players for t in expected_tokens(p["name"], p["rolls"])]
    assert tokens == expected

    text = "\n".join(page_texts(pdf))
    assert "2026-11-29" in text
    cards = [score_rolls(p["rolls"]) for p in players]
    if all(c.complete for c in cards):
        best = max(c.total for c in cards)
        leaders = [p["name"] for p, c in zip(players, cards) if c.total == best]
        assert (f"Winner: {leaders[0]} ({best})" if len(leaders) == 1 else "Tie: ") in text
    else:
        assert "In progress" in text


def test_perfect_game_and_winner(tmp_path):
    game = {"players": [{"name": "Zoë Ñúñez", "rolls": [10] * 12},
                        {"name": "Åsa", "rolls": [9, 1] * 10 + [9]}],
            "date": "2026-11-29", "title": "Final · ¡Olé!"}
    text = "\n".join(page_texts(reader(build_sheet(game, tmp_path / "s.pdf"))))
    assert "Winner: Zoë Ñúñez (300)" in text
    assert "Final · ¡Olé!" in text
    assert score_rolls([9, 1] * 10 + [9]).total == 190 and "190" in text


def test_a_tie_is_named(tmp_path):
    game = {"players": [{"name": "A", "rolls": [0] * 20}, {"name": "B", "rolls": [0] * 20}]}
    assert "Tie: A and B (0)" in "\n".join(page_texts(reader(render_sheet_bytes(game))))


def test_many_players_flow_onto_more_pages(tmp_path):
    game = {"players": [{"name": f"P{n}", "rolls": [3, 4] * 10} for n in range(25)]}
    pdf = reader(build_sheet(game, tmp_path / "s.pdf"))
    assert len(pdf.pages) >= 3
    text = "\n".join(page_texts(pdf))
    assert all(f"P{n}\n" in text for n in range(25))


def test_prints_across_the_page(tmp_path):
    game = {"players": [{"name": "Ann", "rolls": [10, 7, 3, 9, 0]}], "date": "2026-11-29"}
    assert_inked_sensibly(build_sheet(game, tmp_path / "s.pdf", paper="a4"), min_w=0.85, min_h=0.8)


def test_json_text_and_file_object(tmp_path):
    buffer = io.BytesIO()
    game = {"players": [{"name": "Ann", "rolls": [1, 2]}]}
    build_sheet(json.dumps(game), buffer)
    assert buffer.getvalue().startswith(b"%PDF")


@pytest.mark.parametrize("game,message", [
    ("{not json", "malformed game JSON"),
    ([], "expected a JSON object"),
    ({}, "\"players\" must be a non-empty list"),
    ({"players": []}, "non-empty list"),
    ({"players": ["Ann"]}, "player 1 is not an object"),
    ({"players": [{"rolls": []}]}, "player 1 has no name"),
    ({"players": [{"name": "Ann", "rolls": "10 10"}]}, "must be a list"),
    ({"players": [{"name": "Ann"}], "date": 20261129}, "\"date\" must be a string"),
])
def test_malformed_games(tmp_path, game, message):
    with pytest.raises(PrintError, match=message):
        build_sheet(game, tmp_path / "s.pdf")
    assert not (tmp_path / "s.pdf").exists()


@pytest.mark.parametrize("rolls", [[7, 5], [11], [-1], [10] * 13, ["x"]])
def test_impossible_rolls_name_the_player_and_leave_no_file(tmp_path, rolls):
    game = {"players": [{"name": "Ann", "rolls": [3, 4]}, {"name": "Bob", "rolls": rolls}]}
    with pytest.raises(ScoreError, match="^Bob: "):
        build_sheet(game, tmp_path / "s.pdf")
    assert not (tmp_path / "s.pdf").exists()
