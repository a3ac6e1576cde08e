"""`tableside pyramid ...` as a user runs it: JSON out, one-line errors with exit 2, and a
terminal game driven through standard input."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.cli.pyramid_commands import format_table
from assistant.pyramid.state import initial_state
from pyr_helpers import D3, cards

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    exe = Path(sys.executable).with_name("tableside")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "assistant.cli"]
    return subprocess.run(cmd + ["pyramid", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


def fresh():
    return initial_state(cards(D3)).to_json(stock_order=False)


def test_legal_prints_the_moves_in_order(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(fresh()))
    r = run("legal", str(path))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["moves"] == [{"remove": ["7.1", "7.3"]}, {"remove": ["7.1", "7.5"]},
                            {"remove": ["7.2", "7.4"]}, {"draw": True}]
    assert out["result"] == {"over": False, "won": False, "pyramid_removed": 0, "cards_removed": 0,
                             "stopped": False}


def test_deal_and_move_chain_through_standard_input():
    r = run("deal", D3)
    assert r.returncode == 0 and json.loads(r.stdout) == fresh()
    r = run("move", "-", "7.1 7.3", stdin=r.stdout)
    state = json.loads(r.stdout)
    assert state["pyramid"]["7.1"] is None and state["out"] == ["Js", "2s"]
    r = run("move", "-", '{"draw": true}', "--turned", "Ks", stdin=r.stdout)
    assert json.loads(r.stdout)["waste"] == ["Ks"]
    revealed = json.loads(run("deal", "--seed", "3", "--reveal", "--rules", "microsoft").stdout)
    assert len(revealed["stock_order"]) == 23 and revealed["stock_top"]


@pytest.mark.parametrize("args,stdin,message", [
    (["legal", "-"], json.dumps({**fresh(), "pyramid": {**fresh()["pyramid"], "8.1": "5h"}}),
     "8.1 is not a place of the pyramid (rows 1..7, r.c with c ≤ r)"),
    (["deal", D3.rsplit(" ", 1)[0]], "", "a deck has 52 cards, not 51"),
    (["deal", D3 + " Ks"], "", "Ks appears twice in the deck"),
    (["move", "-", "7.1 7.2"], json.dumps(fresh()), "J + 7 is 18, not 13"),
    (["move", "-", "6.3 7.1"], json.dumps(fresh()), "6.3 is covered by 7.3 and 7.4"),
    (["move", "-", "8.1"], json.dumps(fresh()), "8.1 is not a place of the pyramid"),
    (["move", "-", "7.4 7.4"], json.dumps(fresh()), "named twice"),
    (["move", "-", "recycle"], json.dumps(fresh()), "the stock is not empty yet"),
    (["legal", "-"], "{not json", "standard input is not valid JSON"),
    (["legal", "/no/such/file"], "", "cannot read /no/such/file"),
    (["deal", "--seed", "1", "--set", "passes=2"], "", "passes must be 1, 3 or unlimited"),
    (["deal", "--seed", "1", "--set", "colour=red"], "", "unknown rule switch 'colour'"),
    (["play", "--rules", "vegas"], "", "unknown rules 'vegas' (choose seed, microsoft, classic)"),
])
def test_errors_are_one_line_and_status_2(args, stdin, message):
    r = run(*args, stdin=stdin)
    assert r.returncode == 2, r.stdout
    assert message in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) <= 2


def test_help_for_every_pyramid_command():
    for cmd in ("legal", "play", "deal", "move"):
        r = run(cmd, "--help")
        assert r.returncode == 0 and f"usage: tableside pyramid {cmd}" in r.stdout


def test_play_in_the_terminal():
    r = run("play", "--seed", "5", stdin="7.1 7.2\n8.1\n7.4\nundo\nfoo\nd\nmoves\nhelp\nquit\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Not allowed: 5 + 3 is 8, not 13" in out
    assert "Not allowed: 8.1 is not a place of the pyramid" in out
    assert "Undone." in out and '"foo" is not a move' in out
    assert "Legal: " in out and "waste: [Ad]" in out
    assert "7.4  .. " in out                         # the King removed shows as ..
    assert "Result: 0 of 28 pyramid cards removed" in out and "(you stopped)" in out


def test_play_to_the_end_shows_the_result():
    moves = "\n".join(["d"] * 24) + "\n"
    r = run("play", "--seed", "5", "--set", "end=at_empty_stock", stdin=moves)
    assert r.returncode == 0, r.stderr
    assert "Game over: 28 pyramid cards left." in r.stdout and "loss" in r.stdout


def test_the_pyramid_as_text():
    text = format_table(initial_state(cards(D3)))
    lines = text.splitlines()
    assert lines[0].strip() == "1.1  6s"
    assert lines[6].startswith("7.1 [Js]  7.2 [7h]")
    assert "waste: empty" in text and "stock: 24 face down" in text and "pass 1 of 1" in text
