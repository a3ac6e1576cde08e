"""The rules card: one sheet, three languages, and examples that agree with the engine."""
from __future__ import annotations

import re

import pytest

from print_helpers import assert_inked_sensibly, fonts_of, page_size_mm, page_texts, reader
from assistant.bowling.layout import FULL, mask_of
from assistant.bowling.rules import legal_groups, may_take
from assistant.bowling.scoring import score_rolls
from printables.paper import PrintError
from printables.rules_card import build_rules, render_rules_bytes
from printables.rules_text import (EXAMPLE_GAME, EXAMPLE_GAME_SHOWN, EXAMPLE_GAME_TOTAL,
                                   EXAMPLE_PINS, EXAMPLE_ROLLS, EXAMPLE_TAKE, EXAMPLE_TOPS,
                                   EXAMPLE_TOTALS, TEXTS)

EXPECTED = {
    "en": ["Bowling Solitaire", "What you need", "ball card", "strike", "spare", "18 pairs",
           "back row", "tenth frame", "bonus ball", "Sid Sackson’s"],
    "es": ["Bolos solitario", "Qué necesitas", "carta de bola", "pleno", "semipleno",
           "décimo cuadro", "¿Quién gana?", "¡doce plenos, 300 puntos!", "también", "baraja",
           "Dónde", "18 parejas"],
    "de": ["Bowling", "Was du brauchst", "Kugelkarte", "Strike", "Spare", "zehnten Frame",
           "Überlege", "größten Spielraum", "abgeräumt", "Bonuskugeln", "18 Paare", "zählt", "Auslegens"],
}


def _flat(text: str) -> str:
    """Extracted text with line breaks, soft spaces and hyphen variants made plain."""
    text = text.replace("\u00a0", " ").replace("\u2011", "-")
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("lang", ["en", "es", "de"])
@pytest.mark.parametrize("paper,size", [("letter", (215.9, 279.4)), ("a4", (210.0, 297.0))])
def test_one_sheet_two_sides_with_the_texts(tmp_path, lang, paper, size):
    path = build_rules(tmp_path / f"rules-{lang}.pdf", lang=lang, paper=paper)
    pdf = reader(path)
    assert len(pdf.pages) == 2
    for page in pdf.pages:
        w, h = page_size_mm(page)
        assert (round(w, 1), round(h, 1)) == size
    text = _flat(" ".join(page_texts(pdf)))
    for phrase in EXPECTED[lang]:
        assert phrase in text, f"{lang}: {phrase!r} missing"
    # Every heading of the language made it onto the card.
    for kind, content in TEXTS[lang].blocks:
        if kind == "h":
            assert _flat(content) in text
    assert all(fonts_of(pdf).values())


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_prints_across_both_sides(tmp_path, lang):
    path = build_rules(tmp_path / "rules.pdf", lang=lang)
    assert_inked_sensibly(path, min_w=0.85, min_h=0.85)


def test_every_language_covers_the_same_ground():
    kinds = {lang: [c for k, c in t.blocks if k == "diagram"] for lang, t in TEXTS.items()}
    assert kinds["es"] == kinds["en"] == kinds["de"]
    assert set(kinds["en"]) == {"deal", "example", "adjacency", "pad", "tenth"}


def test_worked_example_agrees_with_the_rules_engine():
    def groups(ball):
        return {"+".join(sorted(p for p in "ABCDEFGHIJ" if g >> "ABCDEFGHIJ".index(p) & 1))
                for g in legal_groups(FULL, EXAMPLE_PINS, ball)}
    sevens = groups(EXAMPLE_TOPS["1"])
    assert {"H+I", "E+F+G", "E+F+I"} == sevens                # what the text lists for the 7
    assert "+".join(EXAMPLE_TAKE) in sevens                     # the highlighted take
    assert EXAMPLE_PINS["B"] == 7 and not may_take(mask_of("B"), FULL)   # back row on play 1
    assert EXAMPLE_PINS["G"] + EXAMPLE_PINS["H"] == 7 and "G+H" not in sevens  # not touching
    nines = groups(EXAMPLE_TOPS["2"])
    assert EXAMPLE_PINS["F"] == 9 and "F" not in nines and "E+H" in nines
    assert groups(EXAMPLE_TOPS["3"]) == {"H+J", "G+H+I"}


def test_scoring_examples_agree_with_the_scorer():
    card = score_rolls(list(EXAMPLE_ROLLS))
    assert tuple(f.total for f in card.frames) == EXAMPLE_TOTALS
    game = score_rolls(list(EXAMPLE_GAME))
    assert game.complete and game.total == EXAMPLE_GAME_TOTAL
    shown = game.frames[slice(*EXAMPLE_GAME_SHOWN)]
    assert [f.marks for f in shown] == ["81", "X", "X7/"]
    assert shown[1].total - shown[0].total == 27 and shown[2].total - shown[1].total == 20


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_example_numbers_appear_in_every_language(lang):
    text = _flat(" ".join(page_texts(reader(render_rules_bytes(lang)))))
    for total in EXAMPLE_TOTALS + (EXAMPLE_GAME_TOTAL,):
        assert str(total) in text
    assert "4 + 3 = 7" in text and "5 + 9 + 3 = 17" in text


def test_unknown_language(tmp_path):
    with pytest.raises(PrintError, match="unknown language 'fr'"):
        build_rules(tmp_path / "r.pdf", lang="fr")
    assert not (tmp_path / "r.pdf").exists()
