"""Topple printables: the rules card (es, en) and the score sheet (blank and filled)."""
from __future__ import annotations

import json
import re
import sys

import pytest

from print_helpers import fonts_of, missing_glyphs, page_size_mm, page_texts, reader, render
from assistant.cli import printing as print_cli
from printables.paper import PrintError
from printables.topple_rules import build_topple_rules, level, render_topple_rules_bytes
from printables.topple_sheet import (LABELS, blank_topple_sheet, blank_topple_sheet_bytes, topple_sheet,
                                     topple_sheet_bytes)
from printables.topple_text import (EXAMPLE_LINE_S1, EXAMPLE_LINE_S2, EXAMPLE_STACK_S3, TEXTS)

LETTER, A4 = (215.9, 279.4), (210.0, 297.0)

# The level map exactly as printed in shared/rules/topple.md, section 2.4.
DOC_LEVELS = """
   A    5  4  3  4  5
   B    4  3  2  3  4
   C    3  2  1  2  3
   D    4  3  2  3  4
   E    5  4  3  4  5
"""

# Key words of every section, per language: components, set-up, a turn, scoring S1-S3,
# topples, rounds and the end, two players, junior version.
EXPECTED = {
    "en": ["Topple", "Components and set-up", "48 pieces", "2 to 4 players", "A turn", "level",
           "only the centre, C3", "a 6 any space", "S1 Completing a line", "3 points",
           "S2 Adding to a full line", "S3 Tall stack", "3 or more pieces", "Topples",
           "10 points", "+3", "Rounds and the end", "highest total wins", "Two players",
           "two colours", "Junior version", "−10", "3 + 2 = 5", "1 + 1 + 1 = 3"],
    "es": ["Topple", "Componentes y preparación", "48 piezas", "de 2 a 4 jugadores", "Un turno",
           "nivel", "solo vale el centro, C3", "con un 6", "S1 Completar una línea", "3 puntos",
           "S2 Añadir a una línea llena", "S3 Pila alta", "3 piezas o más", "Derribos",
           "10 puntos", "+3", "Rondas y final", "Gana el total más alto", "Dos jugadores",
           "dos colores", "Versión infantil", "−10", "casilla", "3 + 2 = 5", "1 + 1 + 1 = 3"],
}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


def _card_text(data: bytes) -> str:
    return _flat(" ".join(page_texts(reader(data))))


# --- the rules card -------------------------------------------------------------

@pytest.mark.parametrize("lang,paper,size", [
    ("es", None, A4), ("en", None, LETTER), ("es", "letter", LETTER), ("en", "a4", A4)])
def test_one_side_on_the_languages_paper(tmp_path, lang, paper, size):
    path = build_topple_rules(tmp_path / f"topple-{lang}.pdf", lang=lang, paper=paper)
    pdf = reader(path)
    assert len(pdf.pages) == 1
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == size
    text = _flat(" ".join(page_texts(pdf)))
    for phrase in EXPECTED[lang]:
        assert phrase in text, f"{lang}: {phrase!r} missing"
    for kind, content in TEXTS[lang].blocks:
        if kind == "h":
            assert _flat(content) in text
    assert all(fonts_of(pdf).values())


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_level_map_is_drawn_row_by_row(lang):
    text = page_texts(reader(render_topple_rules_bytes(lang)))[0]
    rows = [line.split() for line in DOC_LEVELS.strip().splitlines()]
    pattern = r"\s*".join(re.escape(tok) for row in rows for tok in row)
    assert re.search(pattern, text), "the 5×5 level map (rows A–E, levels) is not on the card"
    assert re.search(r"1\s*2\s*3\s*4\s*5\s*A", text)           # the column numbers above row A


def test_level_map_matches_the_rules_document():
    for line in DOC_LEVELS.strip().splitlines():
        row, *levels = line.split()
        assert [level(row, c) for c in range(1, 6)] == [int(v) for v in levels]


def _score_line(stacks, new, colour):
    """S1/S2 for one line, written from the rules text (topple.md section 5)."""
    before = [list(s) for s in stacks]
    before[new] = before[new][:-1]
    others_full = all(before[i] for i in range(5) if i != new)
    if not others_full:
        return 0
    if not before[new]:                                    # S1: completing the line
        return 3 + sum(1 for i in range(5) if i != new and before[i][-1] == colour)
    return sum(1 for s in stacks if s[-1] == colour)       # S2: adding to a full line


def test_scoring_drawings_agree_with_the_rule_text():
    for example in (EXAMPLE_LINE_S1, EXAMPLE_LINE_S2):
        assert example["stacks"][example["new"]][-1] == example["colour"]
        assert _score_line(example["stacks"], example["new"], example["colour"]) == example["points"]
        assert eval(example["sum"].split("=")[0]) == example["points"]      # "3 + 2" == 5
    s3 = EXAMPLE_STACK_S3
    assert len(s3["stack"]) - 1 >= 3                                        # had 3 or more
    assert s3["stack"].count(s3["colour"]) == s3["points"]
    # The drawn lines are the rules document's worked examples T2 and T3.
    assert EXAMPLE_LINE_S1["stacks"] == (("P",), ("Y",), ("P",), ("P",), ("O",))
    assert EXAMPLE_LINE_S2["stacks"] == (("P",), ("Y", "P"), ("P",), ("O",), ("Y",))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_card_renders(tmp_path, lang):
    path = build_topple_rules(tmp_path / "card.pdf", lang=lang)
    (image,) = render(path)
    assert (image < 200).mean() > 0.02


def test_every_character_has_a_glyph():
    assert missing_glyphs(TEXTS) == set()
    assert missing_glyphs(LABELS) == set()
    assert missing_glyphs("Begoña Íñigo × − ¿¡") == set()


def test_unknown_language_writes_nothing(tmp_path):
    with pytest.raises(PrintError, match="unknown language 'de' \\(choose es, en\\)"):
        build_topple_rules(tmp_path / "t.pdf", lang="de")
    assert not (tmp_path / "t.pdf").exists()


# --- the score sheet ------------------------------------------------------------

TWO = [{"name": "Ann", "colours": ["pink", "yellow"]}, {"name": "Ben", "colours": ["orange", "green"]}]
TWO_ROUNDS = [
    {"points": {"Ann": {"pink": 5, "yellow": 3}, "Ben": {"orange": 9}},
     "topples": {"Ben": -10, "Ann": 3}},
    {"points": {"Ann": {"pink": 12}, "Ben": {"orange": 20, "green": 11}}},
    {"points": {"Ann": {"pink": 40, "yellow": 45}, "Ben": {"green": 60}}},
]


def _expected_totals(players, rounds):
    """Running totals written out longhand from the sheet's definition."""
    totals, out = {p["name"]: 0 for p in players}, []
    for r in rounds:
        for name in totals:
            totals[name] += sum(r.get("points", {}).get(name, {}).values())
            totals[name] += r.get("topples", {}).get(name, 0)
        out.append(dict(totals))
    return out


def test_filled_two_player_sheet_shows_colours_topples_and_totals(tmp_path):
    path = topple_sheet(TWO, TWO_ROUNDS, 100, tmp_path / "sheet.pdf")
    pdf = reader(path)
    assert len(pdf.pages) == 1
    text = _flat(page_texts(pdf)[0])
    for word in ("Ann", "Ben", "pink", "yellow", "orange", "green", "topple", "total", "Round"):
        assert word in text
    totals = _expected_totals(TWO, TWO_ROUNDS)
    assert [t["Ann"] for t in totals] == [11, 23, 108]
    assert [t["Ben"] for t in totals] == [-1, 30, 90]
    # Each round's row: round number, Ann's colours, topple, total, then Ben's.
    assert re.search(r"1 5 3 \+3 11 9 0 −10 −1", text)
    assert re.search(r"3 40 45 108 0 60 90", text)
    assert "Winner: Ann (108)" in text
    assert "Target: 100" in text


def test_filled_four_player_sheet_in_spanish(tmp_path):
    players = [{"name": n, "colours": [c]} for n, c in
               zip(["Ana", "Begoña", "Íñigo", "Dani"], ["rosa", "amarillo", "naranja", "verde"])]
    rounds = [{"points": {"Ana": {"rosa": 7}, "Íñigo": {"naranja": 4}},
               "topples": {"Íñigo": -10, "Begoña": 3}}] * 4
    data = topple_sheet_bytes(players, rounds, 100, lang="es")
    pdf = reader(data)
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == A4
    text = _flat(page_texts(pdf)[0])
    for word in ("Begoña", "Íñigo", "Ronda", "puntos", "derribo", "Partida en curso", "Meta: 100"):
        assert word in text
    final = _expected_totals(players, rounds)[-1]
    assert final == {"Ana": 28, "Begoña": 12, "Íñigo": -24, "Dani": 0}
    assert re.search(r"4 7 28 0 \+3 12 4 −10 −24 0 0", text)


def test_tie_is_shared():
    players = [{"name": n, "colours": [c]} for n, c in zip("XYZ", ("p", "y", "o"))]
    rounds = [{"points": {"X": {"p": 100}, "Y": {"y": 100}, "Z": {"o": 5}}}]
    text = _flat(page_texts(reader(topple_sheet_bytes(players, rounds, 100)))[0])
    assert "Shared win: X and Y (100)" in text


@pytest.mark.parametrize("count", [2, 3, 4])
def test_blank_sheet_for_each_table_size(tmp_path, count):
    names = ["Ann", "Ben", "Cat", "Dan"][:count]
    path = blank_topple_sheet(tmp_path / "blank.pdf", players=count, names=names, target=150)
    pdf = reader(path)
    assert len(pdf.pages) == 1
    text = _flat(page_texts(pdf)[0])
    for name in names:
        assert name in text
    assert text.count("topple total") == count
    assert ("colour 1" in text) == (count == 2)
    assert "Target: 150" in text and " 18 " in text           # 18 rounds to fill in
    assert "Winner" not in text and "progress" not in text
    (image,) = render(path)
    assert (image < 200).mean() > 0.02


def test_blank_sheet_without_names_and_letter_paper():
    pdf = reader(blank_topple_sheet_bytes(players=3, lang="es", paper="letter"))
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == LETTER
    assert "Ronda" in page_texts(pdf)[0]


@pytest.mark.parametrize("players,rounds,target,message", [
    ([{"name": n, "colours": [n]} for n in "ABCDE"], [], 100, "2 to 4 players \\(got 5\\)"),
    ([{"name": "A", "colours": ["p"]}], [], 100, "2 to 4 players \\(got 1\\)"),
    ([{"name": "A", "colours": ["p"]}, {"name": "B", "colours": ["y"]}], [], 100,
     "A needs 2 colours with 2 players"),
    (TWO, [{"points": {"Ann": {"orange": 3}}}], 100, "'orange' is not a colour of Ann"),
    (TWO, [{"points": {"Zoe": {"pink": 3}}}], 100, "'Zoe' is not playing"),
    (TWO, [{"points": {"Ann": {"pink": 2.5}}}], 100, "must be a whole number"),
    (TWO, [{"topples": {"Ann": True}}], 100, "must be a whole number"),
    (TWO, [], 0, "target must be at least 1"),
    ([{"name": "A", "colours": ["p", "y"]}, {"name": "A", "colours": ["o", "g"]}], [], 100,
     "two players are called 'A'"),
])
def test_refusals_write_nothing(tmp_path, players, rounds, target, message):
    with pytest.raises(PrintError, match=message):
        topple_sheet(players, rounds, target, tmp_path / "s.pdf")
    assert not (tmp_path / "s.pdf").exists()


def test_blank_refusals(tmp_path):
    with pytest.raises(PrintError, match="2 to 4 players \\(got 5\\)"):
        blank_topple_sheet(tmp_path / "b.pdf", players=5)
    with pytest.raises(PrintError, match="2 names given for 3 players"):
        blank_topple_sheet(tmp_path / "b.pdf", players=3, names=["A", "B"])
    with pytest.raises(PrintError, match="unknown language 'fr'"):
        blank_topple_sheet(tmp_path / "b.pdf", lang="fr")
    assert not (tmp_path / "b.pdf").exists()


# --- the command line -------------------------------------------------------------

def run(capsys, *argv):
    try:
        status = print_cli.main(list(argv))
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv,size", [
    (["topple-rules"], A4), (["topple-rules", "--lang", "en"], LETTER),
    (["topple-rules", "--lang", "en", "--paper", "A4"], A4),
    (["topple-sheet", "--names", "Ann,Ben,Cat", "--target", "100"], LETTER),
    (["topple-sheet", "--players", "4", "--lang", "es"], A4),
])
def test_cli_writes_one_page(tmp_path, capsys, argv, size):
    out = tmp_path / "out.pdf"
    status, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert (status, err) == (0, "")
    assert f"wrote {out}" in stdout
    pdf = reader(out)
    assert len(pdf.pages) == 1
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == size


def test_cli_fills_a_sheet_from_data(tmp_path, capsys, monkeypatch):
    game = {"players": TWO, "rounds": TWO_ROUNDS, "target": 100}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    status, _, err = run(capsys, "print", "topple-sheet", "--data", str(path),
                         "--out", str(tmp_path / "a.pdf"))
    assert (status, err) == (0, "")
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(game)))
    status, _, err = run(capsys, "print", "topple-sheet", "--data", "-",
                         "--out", str(tmp_path / "b.pdf"))
    assert (status, err) == (0, "")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert "Winner: Ann (108)" in _flat(page_texts(reader(tmp_path / "a.pdf"))[0])


@pytest.mark.parametrize("argv,message", [
    (["topple-rules", "--lang", "fr"], "unknown language 'fr' (choose es, en)"),
    (["topple-sheet", "--players", "5"], "Topple is for 2 to 4 players (got 5)"),
    (["topple-sheet", "--players", "1"], "Topple is for 2 to 4 players (got 1)"),
    (["topple-sheet", "--players", "two"], "--players must be a whole number (got 'two')"),
    (["topple-sheet", "--names", "A,B,C,D,E"], "Topple is for 2 to 4 players (got 5)"),
    (["topple-sheet", "--lang", "de"], "unknown language 'de' (choose en, es)"),
    (["topple-sheet", "--paper", "b5"], "unsupported paper 'b5' (choose letter or a4)"),
    (["topple-sheet", "--data", "/no/such/game.json"], "cannot read /no/such/game.json"),
    (["topple-sheet", "--data", "x.json", "--players", "3"], "--players and --names are for a blank"),
])
def test_cli_mistakes_are_one_line(tmp_path, capsys, argv, message):
    out = tmp_path / "out.pdf"
    status, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("tableside: ") and message in err
    assert not out.exists()


def test_cli_malformed_data(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{\"players\": [", encoding="utf-8")
    status, _, err = run(capsys, "print", "topple-sheet", "--data", str(path),
                         "--out", str(tmp_path / "o.pdf"))
    assert status == 2 and "malformed JSON" in err and err.count("\n") == 1
