"""Pyramid Solitaire printables: the rules card (eu, en, es) and the tally sheet."""
from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from print_helpers import fonts_of, missing_glyphs, page_size_mm, page_texts, reader, render
from assistant.common import rank_number
from assistant.pyramid.rules import PRESETS, Rules
from assistant.cli import printing as print_cli
from printables.paper import PrintError
from printables.pyramid_rules import (build_pyramid_rules, places, removable_groups,
                                      render_pyramid_rules_bytes)
from printables.pyramid_tally import LABELS, parse_rows, pyramid_tally, pyramid_tally_bytes, summary
from printables.pyramid_text import SWITCH_WORDS, TEXTS, defaults_line

LETTER, A4 = (215.9, 279.4), (210.0, 297.0)

# Key words of every section: cards and values, the deal, exposed cards, removing, stock and
# waste, the end, the draw option, the defaults.
EXPECTED = {
    "eu": ["Piramide bakarkakoa", "Zer behar da", "52 kartako sorta", "J = 11, Q = 12, K = 13",
           "Banaketa", "28 karta ahoz gora", "ateratzeko pila", "Hondakin-pila", "agerian",
           "Kartak kentzea", "K bat bakarrik", "13 batzen duten bi karta", "hautazkoa",
           "behin bakarrik", "Jokoaren amaiera", "Irabazi", "Aukera: hiru hondakin-pila",
           "H1, H2 eta H3", "arau lehenetsiak", "Karta bat aldi bakoitzean",
           "pasaldi bakarra"],
    "en": ["Pyramid Solitaire", "What you need", "J = 11, Q = 12, K = 13", "The deal",
           "28 cards face up", "stock", "waste", "Exposed cards", "Removing cards",
           "King on its own", "add up to 13", "optional", "Stock and waste", "once", "The end",
           "win", "Draw option: three waste piles", "W1, W2 and W3", "default rules",
           "One card per draw", "one pass, no redeal", "goal: clear the pyramid"],
    "es": ["Solitario pirámide", "Qué se necesita", "J = 11, Q = 12, K = 13", "El reparto",
           "28 cartas boca arriba", "mazo", "descarte", "Cartas libres", "Retirar cartas",
           "rey libre solo", "sumen 13", "opcional", "Mazo y descarte", "una sola vez",
           "Fin de la partida", "Ganas", "tres pilas de descarte", "D1, D2 y D3",
           "Reglas por defecto", "Una carta por robo", "objetivo: vaciar la pirámide"],
}
DEFAULT_SIZE = {"eu": A4, "es": A4, "en": LETTER}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


# --- the rules card -------------------------------------------------------------

@pytest.mark.parametrize("lang", ["eu", "en", "es"])
@pytest.mark.parametrize("paper", [None, "a4", "letter"])
def test_one_side_per_language_and_paper(tmp_path, lang, paper):
    path = build_pyramid_rules(tmp_path / f"pyramid-{lang}.pdf", lang=lang, paper=paper)
    pdf = reader(path)
    assert len(pdf.pages) == 1
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == (DEFAULT_SIZE[lang] if paper is None else
                                          {"a4": A4, "letter": LETTER}[paper])
    text = _flat(" ".join(page_texts(pdf)))
    for phrase in EXPECTED[lang]:
        assert phrase in text, f"{lang}: {phrase!r} missing"
    for kind, content in TEXTS[lang].blocks:
        if kind == "h":
            assert _flat(content) in text
    assert all(fonts_of(pdf).values())


@pytest.mark.parametrize("lang", ["eu", "en", "es"])
def test_pyramid_places_and_pairs_table_are_drawn(lang):
    text = _flat(page_texts(reader(render_pyramid_rules_bytes(lang)))[0])
    # All 28 places, row by row, apex first.
    assert " ".join(f"{r}.{c}" for r, c in places()) in text
    # The pairs table: K alone, then each pair with its sum.
    for hi, lo in [("Q", "A"), ("J", "2"), ("10", "3"), ("9", "4"), ("8", "5"), ("7", "6")]:
        assert re.search(rf"{hi} \+ {lo}", text), (hi, lo)
        assert f"{rank_number(hi)} + {rank_number(lo)} = 13" in text
    assert re.search(r"K .*: 13", text)


def test_pairs_are_exactly_the_rules_documents():
    assert removable_groups() == [("K",), ("Q", "A"), ("J", "2"), ("10", "3"), ("9", "4"),
                                  ("8", "5"), ("7", "6")]
    assert len(places()) == 28 and places()[0] == (1, 1) and places()[-1] == (7, 7)


def test_defaults_line_follows_the_engines_rules():
    defaults = Rules()
    for lang in TEXTS:
        line = defaults_line(lang)
        assert line in _flat(page_texts(reader(render_pyramid_rules_bytes(lang)))[0])
        for name in ("draw", "stock_top_available", "passes", "goal", "end", "overlap_pairs"):
            assert SWITCH_WORDS[lang][(name, getattr(defaults, name))].lower() in line.lower()
    # Another rule set reads differently, so the line is not a fixed string.
    assert defaults_line("en", PRESETS["microsoft"]) != defaults_line("en")
    assert "three passes" in defaults_line("en", PRESETS["microsoft"])
    assert "two waste tops may pair" in defaults_line("en", replace(defaults, draw="three_piles"))


def test_every_switch_value_has_words_in_every_language():
    keys = {k for words in SWITCH_WORDS.values() for k in words}
    for lang, words in SWITCH_WORDS.items():
        assert set(words) == keys, lang


@pytest.mark.parametrize("lang", ["eu", "en", "es"])
def test_card_renders(tmp_path, lang):
    path = build_pyramid_rules(tmp_path / "card.pdf", lang=lang)
    (image,) = render(path)
    assert (image < 200).mean() > 0.02


def test_every_character_has_a_glyph():
    assert missing_glyphs(TEXTS) == set()
    assert missing_glyphs(LABELS) == set()
    assert missing_glyphs(SWITCH_WORDS) == set()


def test_unknown_language_writes_nothing(tmp_path):
    with pytest.raises(PrintError, match="unknown language 'fr' \\(choose eu, en, es\\)"):
        build_pyramid_rules(tmp_path / "p.pdf", lang="fr")
    assert not (tmp_path / "p.pdf").exists()


# --- the tally sheet --------------------------------------------------------------

ROWS = [
    {"date": "2026-12-04", "won": False, "removed": 21, "rules": "seed", "notes": "two kings"},
    {"date": "2026-12-04", "won": True, "removed": 28, "rules": {"preset": "microsoft"},
     "notes": "cleared with one card in the stock"},
    {"date": "2026-12-05", "won": False, "removed": 0, "rules": "classic", "notes": "ñandú"},
]


def test_filled_tally_shows_results_and_the_session(tmp_path):
    path = pyramid_tally(ROWS, tmp_path / "tally.pdf")
    pdf = reader(path)
    assert len(pdf.pages) == 1
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == LETTER
    text = _flat(page_texts(pdf)[0])
    for phrase in ("Date", "Result", "Removed", "Rules", "Notes", "7 left", "Won", "28 left",
                   "preset=microsoft", "two kings", "ñandú"):
        assert phrase in text, phrase
    assert "3 games · 1 won (33 %) · mean 16.3 of 28 cards removed" in text


@pytest.mark.parametrize("lang,words", [
    ("eu", ["Data", "Emaitza", "Kenduta", "Arauak", "Oharrak", "Irabazita", "7 geratu"]),
    ("es", ["Fecha", "Resultado", "Retiradas", "Reglas", "Notas", "Ganada", "quedan 7"]),
])
def test_filled_tally_in_basque_and_spanish(lang, words):
    pdf = reader(pyramid_tally_bytes(ROWS, lang=lang))
    w, h = page_size_mm(pdf.pages[0])
    assert (round(w, 1), round(h, 1)) == A4
    text = _flat(page_texts(pdf)[0])
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("lang", ["eu", "en", "es"])
def test_blank_tally_has_twenty_rows(tmp_path, lang):
    path = pyramid_tally(None, tmp_path / "blank.pdf", lang=lang)
    pdf = reader(path)
    assert len(pdf.pages) == 1
    text = _flat(page_texts(pdf)[0])
    numbered = [n for n in range(1, 30) if f" {n} " in f" {text} "]
    assert numbered[:20] == list(range(1, 21)) and 21 not in numbered
    (image,) = render(path)
    assert (image < 200).mean() > 0.01


def test_long_session_continues_on_a_second_page():
    rows = [{"date": f"day {n}", "won": False, "removed": n % 28} for n in range(45)]
    pdf = reader(pyramid_tally_bytes(rows))
    assert len(pdf.pages) >= 2
    assert "45 games · 0 won (0 %)" in _flat(page_texts(pdf)[0])


def test_summary_of_no_games():
    assert summary([], "en") == "0 games · 0 won (–) · mean – of 28 cards removed"


@pytest.mark.parametrize("rows,message", [
    ([{"won": True, "removed": 27}], "row 1: a won game removed all 28 pyramid cards \\(got 27\\)"),
    ([{"won": False, "removed": 29}], "removed must be 0 to 28 \\(got 29\\)"),
    ([{"won": False, "removed": -1}], "removed must be 0 to 28"),
    ([{"won": False, "removed": True}], "\"removed\" must be a whole number"),
    ([{"won": "yes", "removed": 28}], "\"won\" must be true or false"),
    ([{"won": False, "removed": 3, "notes": 5}], "\"notes\" must be text"),
    ({"won": False}, "rows must be a list"),
])
def test_tally_refusals_write_nothing(tmp_path, rows, message):
    with pytest.raises(PrintError, match=message):
        pyramid_tally(rows, tmp_path / "t.pdf")
    assert not (tmp_path / "t.pdf").exists()


def test_tally_unknown_language(tmp_path):
    with pytest.raises(PrintError, match="unknown language 'de'"):
        pyramid_tally(None, tmp_path / "t.pdf", lang="de")


def test_rows_are_cleaned():
    (row,) = parse_rows([{"won": True, "removed": 28, "notes": "  a \n b  "}])
    assert row == {"date": "", "won": True, "removed": 28, "rules": "", "notes": "a b"}


# --- the command line -------------------------------------------------------------

def run(capsys, *argv):
    try:
        status = print_cli.main(list(argv))
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv,size", [
    (["pyramid-rules"], A4), (["pyramid-rules", "--lang", "en"], LETTER),
    (["pyramid-rules", "--lang", "es", "--paper", "letter"], LETTER),
    (["pyramid-tally"], LETTER), (["pyramid-tally", "--lang", "eu"], A4),
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


@pytest.mark.parametrize("wrap", [False, True])
def test_cli_fills_the_tally(tmp_path, capsys, wrap):
    path = tmp_path / "rows.json"
    path.write_text(json.dumps({"rows": ROWS} if wrap else ROWS), encoding="utf-8")
    status, _, err = run(capsys, "print", "pyramid-tally", "--data", str(path),
                         "--out", str(tmp_path / "t.pdf"))
    assert (status, err) == (0, "")
    assert "3 games · 1 won" in _flat(page_texts(reader(tmp_path / "t.pdf"))[0])


@pytest.mark.parametrize("argv,message", [
    (["pyramid-rules", "--lang", "fr"], "unknown language 'fr' (choose eu, en, es)"),
    (["pyramid-rules", "--paper", "legal"], "unsupported paper 'legal' (choose letter or a4)"),
    (["pyramid-tally", "--lang", "de"], "unknown language 'de' (choose en, es, eu)"),
    (["pyramid-tally", "--data", "/no/such/rows.json"], "cannot read /no/such/rows.json"),
])
def test_cli_mistakes_are_one_line(tmp_path, capsys, argv, message):
    out = tmp_path / "out.pdf"
    status, stdout, err = run(capsys, "print", *argv, "--out", str(out))
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("tableside: ") and message in err
    assert not out.exists()


def test_cli_tally_data_of_the_wrong_shape(tmp_path, capsys):
    path = tmp_path / "rows.json"
    path.write_text(json.dumps({"games": []}), encoding="utf-8")
    status, _, err = run(capsys, "print", "pyramid-tally", "--data", str(path),
                         "--out", str(tmp_path / "t.pdf"))
    assert status == 2 and "malformed tally" in err and err.count("\n") == 1
