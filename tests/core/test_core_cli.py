"""The `tableside` command line as a user runs it: JSON out, clear errors, exit codes."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATE = {"pins": {"A": 2, "B": 7, "C": 1, "D": 7, "E": 2, "F": 9, "G": 5, "H": 1, "I": 8, "J": 6},
         "piles": [{"top": 0, "down": 4}, {"top": 0, "down": 2}, {"top": 4, "down": 1}],
         "ball": 1, "out": []}


def run(*args, stdin=""):
    exe = Path(sys.executable).with_name("tableside")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "assistant.cli"]
    return subprocess.run(cmd + list(args), input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


def test_legal_prints_plays_in_stable_order(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(STATE))
    r = run("legal", str(path))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"plays": [
        {"pile": 1, "pins": ["F", "H"]}, {"pile": 2, "pins": ["F", "H"]},
        {"pile": 3, "pins": ["F", "G"]}, {"pile": 3, "pins": ["I", "J"]},
        {"pile": 3, "pins": ["G", "H", "I"]}], "can_end_ball": True}


def test_legal_reads_standard_input_and_honours_the_variant():
    r = run("legal", "-", "--variant", "german", stdin=json.dumps(STATE))
    plays = json.loads(r.stdout)["plays"]
    assert {"pile": 3, "pins": ["F", "G"]} not in plays   # F without H or I
    assert {"pile": 1, "pins": ["F", "H"]} in plays


def test_score_prints_the_pad():
    r = run("score", "8", "2", "10", "10", "6", "3")
    assert r.returncode == 0
    out = json.loads(r.stdout)
    assert [f["total"] for f in out["frames"]] == [20, 46, 65, 74]
    assert out["total"] == 74 and out["complete"] is False


@pytest.mark.parametrize("args,stdin,message", [
    (["score", "7", "5"], "", "frame 1 would have 7 + 5 = 12 pins"),
    (["score", "--", "-1"], "", "roll 1 is -1"),
    (["score", "x"], "", "roll 1 is 'x'"),
    (["score", "--final", "10"], "", "not complete"),
    (["legal", "/no/such/file"], "", "cannot read /no/such/file"),
    (["legal", "-"], "{not json", "standard input is not valid JSON"),
    (["legal", "-"], '{"pins": {}, "piles": []}', "must list the three ball piles"),
])
def test_bad_input_is_one_line_and_status_2(args, stdin, message):
    r = run(*args, stdin=stdin)
    assert r.returncode == 2
    assert message in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) <= 2


def test_help_for_every_command():
    for cmd in ("legal", "score", "play"):
        r = run(cmd, "--help")
        assert r.returncode == 0 and "usage: tableside " + cmd in r.stdout


def test_terminal_game_rejects_bad_input_and_shows_the_sheet():
    r = run("play", "--seed", "1", "--players", "Ann,Bob",
            stdin="1 ZZ\n9 H\nfoo\nhint\nend\nend\nsheet\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "Not allowed: Z is not a pin" in r.stdout
    assert "Not allowed: there is no pile 9" in r.stdout
    assert '"foo" is not a play' in r.stdout
    assert "expected" in r.stdout and "points" in r.stdout      # the solver's hint
    assert "Ann" in r.stdout and "Bob" in r.stdout and "total" in r.stdout


def test_terminal_game_plays_to_the_end():
    # Ending every ball at once: twenty zero balls, a complete game of 0.
    r = run("play", "--seed", "2", stdin="end\n" * 40)
    assert r.returncode == 0, r.stderr
    assert "Game over." in r.stdout and "Final score: 0." in r.stdout
