"""The shared card vocabulary, names and strict numbers every game relies on."""
import pytest

from assistant.common import (Card, clean_name, clean_names, full_deck, parse_card, rank_number,
                              replay, seeded_shuffle, strict_int)
from assistant.common import TablesideError


@pytest.mark.parametrize("text,card", [("6s", Card("6", "S")), ("Ts", Card("10", "S")),
                                       ("10h", Card("10", "H")), ("KC", Card("K", "C")),
                                       ("ad", Card("A", "D"))])
def test_parse_card(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "6", "6x", "11s", "Zs"])
def test_parse_card_refuses(text):
    with pytest.raises(TablesideError):
        parse_card(text)


def test_deck_and_ranks():
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert [rank_number(r) for r in ("A", "10", "J", "Q", "K")] == [1, 10, 11, 12, 13]
    assert str(Card("10", "S")) == "Ts"


def test_seeded_shuffle_is_replayable_and_a_permutation():
    a, b = seeded_shuffle(full_deck(), 7), seeded_shuffle(full_deck(), 7)
    assert a == b and sorted(a) == sorted(full_deck()) and a != full_deck()


@pytest.mark.parametrize("bad", ["", "  ", "a\x00b", "a\nb", "a\tb", "x\u202eevil", "a\u2066b",
                                 "e" + "\u0301" * 6, "x" * 41, 7, None])
def test_clean_name_refuses(bad):
    with pytest.raises(TablesideError):
        clean_name(bad)


def test_clean_name_normalises():
    assert clean_name("  Jose\u0301 ") == "Jos\u00e9"
    with pytest.raises(TablesideError, match="same name"):
        clean_names(["Ann", "ann"])


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_strict_int_refuses_non_ints(bad):
    with pytest.raises(TablesideError):
        strict_int(bad, "ball", 1, 2)


def test_strict_int_range():
    assert strict_int(2, "ball", 1, 2) == 2
    with pytest.raises(TablesideError, match="1..2"):
        strict_int(3, "ball", 1, 2)


def test_replay_applies_in_order():
    assert replay(list, [{"x": 1}, {"x": 2}], lambda g, a: g.append(a["x"])) == [1, 2]
