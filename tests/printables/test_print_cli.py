"""`tableside print ...`: files on success, one line and exit 2 on every mistake."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from print_helpers import reader
from assistant.cli import printing as print_cli

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    """The stand-alone entry point, parsed exactly as `tableside print ...`."""
    try:
        status = print_cli.main(list(argv))
    except SystemExit as exc:           # argparse's own complaints
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv,pages", [
    (["scorepad", "--players", "3", "--games", "4", "--paper", "a4", "--title", "Mañana"], 2),
    (["rules", "--lang", "es"], 2),
    (["rules", "--lang", "de", "--paper", "A4"], 2),
    (["mat"], 2),
])
def test_success_writes_the_pdf(tmp_path, capsys, argv, pages):
    out = tmp_path / "out.pdf"
    status, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert (status, err) == (0, "")
    assert f"wrote {out}" in stdout
    assert len(reader(out).pages) == pages


@pytest.mark.parametrize("argv,size", [
    (["--lang", "en"], (612, 792)), (["--lang", "es"], (595, 842)), (["--lang", "de"], (595, 842)),
    (["--lang", "de", "--paper", "letter"], (612, 792)), (["--lang", "en", "--paper", "a4"], (595, 842)),
])
def test_the_rules_cards_paper_follows_its_language_unless_chosen(tmp_path, capsys, argv, size):
    out = tmp_path / "rules.pdf"
    assert run(capsys, "print", "rules", *argv, "--out", str(out))[0] == 0
    box = reader(out).pages[0].mediabox
    assert tuple(sorted(round(float(v)) for v in (box.width, box.height))) == size


def test_sheet_from_file_and_stdin(tmp_path, capsys, monkeypatch):
    game = {"players": [{"name": "Ann", "rolls": [10, 7, 3]}], "date": "2026-11-29"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    status, _, err = run(capsys, "print", "sheet", str(path), "--out", str(tmp_path / "a.pdf"))
    assert (status, err) == (0, "")
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(game)))
    status, _, err = run(capsys, "print", "sheet", "-", "--out", str(tmp_path / "b.pdf"))
    assert (status, err) == (0, "")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@pytest.mark.parametrize("argv,message", [
    (["rules", "--lang", "fr"], "unknown language 'fr' (choose en, es, de)"),
    (["scorepad", "--players", "0"], "--players must be at least 1 (got 0)"),
    (["scorepad", "--players", "-2"], "--players must be at least 1 (got -2)"),
    (["scorepad", "--players", "many"], "--players must be a whole number (got 'many')"),
    (["scorepad", "--players", "40"], "40 players do not fit on a letter page (at most 10)"),
    (["scorepad", "--games", "0"], "--games must be at least 1 (got 0)"),
    (["scorepad", "--paper", "legal"], "unsupported paper 'legal' (choose letter or a4)"),
    (["mat", "--paper", "tabloid"], "unsupported paper 'tabloid' (choose letter or a4)"),
])
def test_bad_options_are_one_line(tmp_path, capsys, argv, message):
    out = tmp_path / "out.pdf"
    status, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert status == 2
    assert err == f"tableside: {message}\n"
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_missing_out_and_unwritable_out(tmp_path, capsys):
    status, _, err = run(capsys, "print", "mat")
    assert status == 2 and err == "tableside: print mat needs --out FILE (or --out - for stdout)\n"
    status, _, err = run(capsys, "print", "mat", "--out", str(tmp_path / "no" / "such" / "m.pdf"))
    assert status == 2
    assert err.startswith("tableside: cannot write ") and err.count("\n") == 1
    status, _, err = run(capsys, "print", "mat", "--out", str(tmp_path))
    assert status == 2 and "is a directory" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_read_only_directory(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    status, _, err = run(capsys, "print", "mat", "--out", str(locked / "m.pdf"))
    assert status == 2 and "Permission denied" in err


@pytest.mark.parametrize("content,message", [
    ("{\"players\": [", "malformed game JSON"),
    ("[1, 2]", "malformed game: expected a JSON object"),
    ("{\"players\": [{\"name\": \"Ann\", \"rolls\": [7, 5]}]}",
     "Ann: roll 2: frame 1 would have 7 + 5 = 12 pins, more than 10"),
    ("{\"players\": [{\"name\": \"Ann\", \"rolls\": [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]}]}",
     "Ann: roll 13"),
])
def test_bad_games_are_one_line(tmp_path, capsys, content, message):
    game = tmp_path / "game.json"
    game.write_text(content, encoding="utf-8")
    status, _, err = run(capsys, "print", "sheet", str(game), "--out", str(tmp_path / "s.pdf"))
    assert status == 2
    assert err.startswith(f"tableside: {message}") and err.count("\n") == 1
    assert not (tmp_path / "s.pdf").exists()


def test_missing_game_file(tmp_path, capsys):
    status, _, err = run(capsys, "print", "sheet", str(tmp_path / "nope.json"), "--out", "x.pdf")
    assert status == 2 and err.startswith("tableside: cannot read game file") and "\n" == err[-1]


@pytest.mark.parametrize("argv", [["print"], ["print", "poster"], ["print", "mat", "--bogus"],
                                  ["print", "sheet", "--out", "x.pdf"]])
def test_argparse_mistakes_are_one_line(capsys, argv):
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert err.startswith("tableside: ") and err.count("\n") == 1 and "Traceback" not in err


def test_registered_in_the_main_cli(tmp_path):
    """The real `tableside` entry point: no traceback, same messages."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ok = subprocess.run([sys.executable, "-c", "import sys; from assistant.cli import main; "
                         "sys.exit(main(sys.argv[1:]))", "print", "rules", "--lang", "de",
                         "--out", str(tmp_path / "r.pdf")],
                        capture_output=True, text=True, env=env, cwd=ROOT)
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run([sys.executable, "-c", "import sys; from assistant.cli import main; "
                          "sys.exit(main(sys.argv[1:]))", "print", "rules", "--lang", "xx",
                          "--out", str(tmp_path / "x.pdf")],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert bad.returncode == 2
    assert bad.stderr == "tableside: unknown language 'xx' (choose en, es, de)\n"
