"""`tableside hint` and `tableside simulate` as a user runs them, and the simulator."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.bowling.frame import Frame
from assistant.bowling.simulate import play_game, simulate

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = {"pins": {"A": 2, "B": 7, "C": 1, "D": 7, "E": 2, "F": 9, "G": 5, "H": 1, "I": 8,
                   "J": 6},
          "piles": [{"top": 0, "down": 4}, {"top": 0, "down": 2}, {"top": 4, "down": 1}],
          "ball": 1, "out": []}


def run(*args, stdin=""):
    cmd = [sys.executable, "-m", "assistant.cli", *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


def test_hint_json_from_a_file(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SAMPLE))
    r = run("hint", str(path), "--objective", "pins", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["best"] == {"action": "play", "pile": 1, "pins": ["F", "H"]}
    assert out["objective"] == "pins"


def test_hint_text_from_stdin_with_weights():
    r = run("hint", "-", "--weights", "0,0,1,1", stdin=json.dumps(SAMPLE))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Play pile 1's 10 on F+H")
    assert "end the ball" in r.stdout


@pytest.mark.parametrize("args, stdin, words", [
    (["hint", "-"], "{", "not valid JSON"),
    (["hint", "-"], json.dumps({**SAMPLE, "ball": 5}), "ball"),
    (["hint", "-", "--weights", "1,2"], json.dumps(SAMPLE), "weights"),
    (["simulate", "--games", "0"], "", "games"),
    (["simulate", "--games", "2", "--policy", "greedy", "--perfect-information"], "",
     "optimal"),
])
def test_bad_input_exits_2_with_one_line(args, stdin, words):
    r = run(*args, stdin=stdin)
    assert r.returncode == 2
    assert r.stderr.startswith("tableside:") and words in r.stderr
    assert "Traceback" not in r.stderr


def test_simulate_reports_a_summary():
    r = run("simulate", "--games", "4", "--policy", "greedy", "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 4 and 0 <= out["mean_score"] <= 300
    assert out["strike_rate"] + out["spare_rate"] + out["open_rate"] == pytest.approx(1)


def test_games_are_reproducible_and_complete():
    a = play_game(7, seed=1, policy="random")
    assert a == play_game(7, seed=1, policy="random")
    for policy in ("greedy", "random", "optimal", "perfect"):
        g = play_game(2, seed=5, policy=policy)
        assert 0 <= g.score <= 300
        assert g.strikes + g.spares + g.opens == 10
        assert 0 <= g.pins <= 100


def test_workers_do_not_change_results():
    one = simulate(6, "greedy", seed=9, workers=1)
    two = simulate(6, "greedy", seed=9, workers=2)
    assert [r.score for r in one.results] == [r.score for r in two.results]


def test_greedy_takes_the_most_pins():
    rng = random.Random("greedy")
    from assistant.bowling.simulate import _choose_greedy
    for _ in range(20):
        f = Frame.dealt(rng)
        if f.over:
            continue
        plays = f.legal_plays()
        choice = _choose_greedy(f)
        assert len(choice.pins) == max(len(p.pins) for p in plays)
        assert choice == next(p for p in plays if len(p.pins) == len(choice.pins))


def test_summary_counts_marks_from_the_pad():
    from assistant.bowling.simulate import summarise
    g = summarise([10] * 9 + [5, 5, 10])
    assert (g.score, g.strikes, g.spares, g.opens, g.pins) == (275, 9, 1, 0, 100)
    g = summarise([3, 4] * 10)
    assert (g.score, g.strikes, g.spares, g.opens, g.pins) == (70, 0, 0, 10, 70)
