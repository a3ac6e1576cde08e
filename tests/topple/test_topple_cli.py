"""`tableside topple ...` as a user runs it: the JSON contract, the words, the refusals."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.cli import topple_commands as topple_cli

ROOT = Path(__file__).resolve().parents[2]
ISSUE_INPUT = {
    "players": [{"name": "Ann", "colours": ["pink"]}, {"name": "Ben", "colours": ["yellow"]},
                {"name": "Cat", "colours": ["orange"]}],
    "target": 100,
    "rules": {"completion_counts_own_stack": False, "tall_stack": "before3"},
    "events": [{"roll": 1, "space": "C3", "colour": "pink"},
               {"topple": "Ben", "while_placing": True}]}
ISSUE_OUTPUT = {"events": [{"changes": {}}, {"changes": {"Ben": -10, "Ann": 3}}],
                "totals": {"Ann": 3, "Ben": -10, "Cat": 0}, "round": 2, "over": False,
                "winners": []}


def run(args, stdin="", capsys=None, monkeypatch=None):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def cli(capsys, monkeypatch):
    return lambda *args, stdin="": run(list(args), stdin, capsys, monkeypatch)


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_the_issue_example_as_a_subprocess(tmp_path):
    exe = Path(sys.executable).with_name("tableside")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "assistant.cli"]
    r = subprocess.run(cmd + ["topple", "score", "-", "--json"], input=json.dumps(ISSUE_INPUT),
                       capture_output=True, text=True, cwd=ROOT, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("\n") == 1 and json.loads(r.stdout) == ISSUE_OUTPUT


def test_score_json_from_a_file(cli, tmp_path):
    status, out, _ = cli("topple", "score", write(tmp_path, ISSUE_INPUT), "--json")
    assert status == 0 and json.loads(out) == ISSUE_OUTPUT


def test_score_in_words_explains_every_change(cli, tmp_path):
    data = dict(ISSUE_INPUT, events=[{"roll": 3, "space": "C1"}, {"roll": 2, "space": "C2"},
                                     {"roll": 3, "space": "C5"}, {"roll": 2, "space": "C4"},
                                     {"roll": 1, "space": "C3"}])
    status, out, _ = cli("topple", "score", write(tmp_path, data))
    assert status == 0
    assert "Ben places yellow on C3 (roll 1): +4 (row C completed: 3 + 1 top)" in out
    assert "Totals: Ann 0, Ben 4, Cat 0" in out and "Round 1: Cat to play." in out
    status, out, _ = cli("topple", "score", "-", stdin=json.dumps(ISSUE_INPUT))
    assert "Ben -10, Ann +3 (seated before Ben)" in out


def test_legal(cli):
    status, out, _ = cli("topple", "legal", "--roll", "4", "--json")
    assert json.loads(out) == {"roll": 4, "spaces": ["A2", "A4", "B1", "B5", "D1", "D5",
                                                     "E2", "E4"]}
    status, out, _ = cli("topple", "legal", "--roll", "1")
    assert out.strip() == "Roll 1: C3"


def test_best_ranks_by_points_then_by_what_is_left(cli, tmp_path):
    data = dict(ISSUE_INPUT, events=[{"roll": 3, "space": "C1"}, {"roll": 2, "space": "C2"},
                                     {"roll": 3, "space": "C5"}, {"roll": 2, "space": "C4"}])
    status, out, _ = cli("topple", "best", write(tmp_path, data), "--roll", "6", "--json")
    ranking = json.loads(out)
    assert ranking["player"] == "Ben" and ranking["roll"] == 6
    options = ranking["options"]
    assert len(options) == 25 and options[0]["space"] == "C3" and options[0]["points"] == 4
    keys = [(-o["points"], o["next_player_expected"]) for o in options]
    assert keys == sorted(keys)
    status, out, _ = cli("topple", "best", write(tmp_path, data), "--roll", "1")
    assert "1. C3 yellow: 4 (row C completed: 3 + 1 top)" in out


@pytest.mark.parametrize("events,message", [
    ([{"roll": 4, "space": "D4"}], "event 1: D4 is level 3, not 4"),
    ([{"roll": 6, "space": "F7"}], "event 1: F7 is not a space (rows A-E, columns 1-5)"),
    ([{"topple": "Dan", "while_placing": False}], "event 1: Dan is not playing (players: Ann, Ben, Cat)"),
    ([{"roll": 1, "space": "C3"}, {"topple": "Ann", "while_placing": True}],
     "event 2: Ann cannot topple while placing: it is Ben's turn"),
])
def test_impossible_games_are_one_line_and_status_2(cli, tmp_path, events, message):
    status, out, err = cli("topple", "score", write(tmp_path, dict(ISSUE_INPUT, events=events)))
    assert status == 2 and out == ""
    assert err.startswith("tableside: " + message) and err.count("\n") == 1


def test_an_event_after_the_game_is_over(cli, tmp_path):
    events = [{"fix": "Cat", "points": 100}, {"topple": "Ann"}, {"roll": 1, "space": "C3"}]
    status, _, err = cli("topple", "score", write(tmp_path, dict(ISSUE_INPUT, events=events)))
    assert status == 2 and "event 3: the game is over (won by Cat)" in err


@pytest.mark.parametrize("args,stdin,message", [
    (["topple", "score", "-"], "{not json", "standard input is not valid JSON"),
    (["topple", "score", "/no/such.json"], "", "cannot read /no/such.json"),
    (["topple", "score", "-"], "[1, 2]", "a game is an object"),
    (["topple", "legal", "--roll", "0"], "", "a die shows 1-6, not 0"),
    (["topple", "best", "-", "--roll", "9"], json.dumps(ISSUE_INPUT), "a die shows 1-6, not 9"),
])
def test_bad_input(cli, args, stdin, message):
    status, out, err = cli(*args, stdin=stdin)
    assert status == 2 and message in err and err.count("\n") == 1


def test_play_a_round_in_the_terminal(tmp_path, capsys):
    answers = iter(["Ann, Ben, Cat", "", "", "", "", "1 C3", "4 F7", "2 B3", "topple", "Cat",
                    "", "undo", "topple", "Cat", "", "3 C1", "quit"])
    args = type("Args", (), {"switches": "tall_stack=after3",
                             "save": str(tmp_path / "saved.json")})()
    assert topple_cli.play(args, read=lambda prompt: next(answers)) == 0
    out = capsys.readouterr().out
    assert "Not allowed: F7 is not a space" in out
    assert "Cat topples while placing: Cat -10, Ben +3 (seated before Cat)" in out
    assert "Undone." in out and "Totals: Ann 0, Ben 3, Cat -10" in out
    assert "C  3 ·   2 ·   1 P1" in out                       # the board, levels and tops
    saved = json.loads((tmp_path / "saved.json").read_text())
    assert saved["rules"]["tall_stack"] == "after3" and len(saved["events"]) == 4
    assert saved["players"][2] == {"name": "Cat", "colours": ["orange"]}


def test_play_with_two_players_names_the_colour(capsys):
    answers = iter(["Ann, Ben", "", "", "50", "6 A1", "6 A1 pink", "6 B1 green", "totals",
                    "topple", "Ann", "n", "fell", "6 C3 orange", "fell"])
    args = type("Args", (), {"switches": "", "save": None})()

    def read(prompt):
        for answer in answers:
            return answer
        raise EOFError                    # the player closes the terminal: Ctrl-D
    assert topple_cli.play(args, read=read) == 0
    out = capsys.readouterr().out
    assert "Not allowed: Ann plays pink and yellow: name the colour placed" in out
    assert "Ann places pink on A1 (roll 6): 0 points" in out
    assert "Totals: Ann 0 (pink 0, yellow 0), Ben 0 (orange 0, green 0)" in out
    assert "Ann topples out of turn: Ann -10" in out
    assert "Not allowed: nothing has been placed this round" in out
    assert "Ben's piece fell by itself: Ben -10, Ann +3 (seated before Ben)" in out
    assert out.rstrip().endswith("Game left unfinished.")


def test_play_refuses_bad_switches():
    args = type("Args", (), {"switches": "tall_stack=after9", "save": None})()
    with pytest.raises(Exception, match="tall_stack must be before3 or after3"):
        topple_cli.play(args, read=lambda prompt: "")
