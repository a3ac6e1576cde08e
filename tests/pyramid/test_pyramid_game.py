"""Games as action logs: dealt and table games, undo and replay, reports checked against the
deck, the deck text, and the naive player."""
import pytest

from assistant.common import TablesideError
from assistant.pyramid.deck import DeckError, deck_text, parse_deck, read_deck, shuffled_deck
from assistant.pyramid.game import Game, GameError, new_dealt_game, new_table_game
from assistant.pyramid.policies import naive, play_deal
from assistant.pyramid.rules import PRESETS, Rules
from assistant.pyramid.state import State
from pyr_helpers import D3

D3_PYRAMID = D3.split()[:28]


# ---- deck text ----------------------------------------------------------------------
def test_deck_text_round_trip_with_t_or_10_and_commas():
    cards = parse_deck(D3)
    assert len(cards) == 52 and str(cards[0]) == "6s" and deck_text(cards) == D3
    assert parse_deck(D3.replace("Ts", "10s").replace(" ", ",\n")) == cards


@pytest.mark.parametrize("text,message", [
    (D3.rsplit(" ", 1)[0], "a deck has 52 cards, not 51 (missing: 4h)"),
    (D3 + " Ks", "Ks appears twice in the deck"),
    (D3.replace("4h", "4x"), "card 52 of the deck, '4x', is not a card"),
    ("", "a deck has 52 cards, not 0"),
])
def test_deck_refusals(text, message):
    with pytest.raises(DeckError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_deck(text)


def test_read_deck_from_a_file(tmp_path):
    path = tmp_path / "d3.txt"
    path.write_text(D3 + "\n")
    assert read_deck(str(path)) == parse_deck(D3) == read_deck(D3)


# ---- dealt games ----------------------------------------------------------------------------
def test_dealt_game_is_a_replayable_log():
    g = new_dealt_game(deck=D3)
    for a in ({"type": "remove", "cards": ["7.1", "7.3"]}, {"type": "remove", "cards": ["7.2", "7.4"]},
              {"type": "remove", "cards": ["6.1", "7.7"]}, {"type": "draw"}):
        g.apply(a)
    assert g.result()["pyramid_removed"] == 6
    again = Game.from_json(g.to_json())
    assert again.state == g.state and again.actions == g.actions
    assert g.undo() == {"type": "draw"} and g.state.stock == 24
    g.apply({"type": "undo"})
    assert g.state.pyramid_removed == 4 and len(g.actions) == 2


def test_a_refused_action_changes_nothing():
    g = new_dealt_game(deck=D3)
    before = g.to_json()
    for bad, message in [({"type": "remove", "cards": ["7.1", "7.2"]}, "J \\+ 7 is 18, not 13"),
                         ({"type": "remove", "cards": ["6.3"]}, "6.3 is covered by 7.3 and 7.4"),
                         ({"type": "remove", "cards": ["8.1"]}, "8.1 is not a place of the pyramid"),
                         ({"type": "draw", "card": "Ks"}, "this game deals its own cards"),
                         ({"type": "deal", "pyramid": D3_PYRAMID}, "this game deals its own cards"),
                         ({"type": "recycle"}, "the stock is not empty yet"),
                         ({"type": "jump"}, "unknown action 'jump'"),
                         ("draw", "an action is an object")]:
        with pytest.raises(TablesideError, match=message):
            g.apply(bad)
    assert g.to_json() == before
    with pytest.raises(GameError, match="nothing to undo"):
        g.undo()


def test_the_player_never_sees_a_dealt_stock_on_the_first_pass():
    g = new_dealt_game(seed=4, rules=PRESETS["microsoft"])
    assert "stock_order" not in g.state_json()
    assert g.state_json()["stock_top"] is not None
    while g.state.stock or g.state.stock_top is not None:
        g.apply({"type": "draw"})
    g.apply({"type": "recycle"})
    j = g.state_json()
    assert j["pass"] == 2 and len(j["stock_order"]) == j["stock"]    # every card was seen on pass 1
    assert State.from_json(j) == g.state


def test_stop_ends_the_game():
    g = new_dealt_game(deck=D3)
    g.apply({"type": "stop"})
    assert g.over and g.result() == {"over": True, "won": False, "pyramid_removed": 0,
                                     "cards_removed": 0, "stopped": True}
    with pytest.raises(GameError, match="the game is over"):
        g.apply({"type": "draw"})
    g.undo()
    assert not g.over


def test_the_golden_deal_d3_first_moves_replay():
    """The rules document's D3 opening: J+2, 7+6, 10+3."""
    g = new_dealt_game(deck=D3)
    for pair in (["7.1", "7.3"], ["7.2", "7.4"], ["6.1", "7.7"]):
        assert {"remove": pair} in g.legal_moves()
        g.apply({"type": "remove", "cards": pair})
    assert [str(c) for c in g.state.out] == ["Js", "2s", "7h", "6h", "Th", "3s"]


# ---- table games ------------------------------------------------------------------------
def table_game(rules=None):
    g = new_table_game(rules)
    assert g.awaiting == "deal"
    with pytest.raises(GameError, match="deal first"):
        g.apply({"type": "draw", "card": "8h"})
    g.apply({"type": "deal", "pyramid": D3_PYRAMID})
    return g


def test_table_game_reports_each_turned_card():
    g = table_game()
    assert g.state.stock == 24 and g.state.stock_order is None
    with pytest.raises(TablesideError, match="turns 1 stock card face up: say which"):
        g.apply({"type": "draw"})
    g.apply({"type": "draw", "card": "Ks"})
    assert str(g.state.waste[0][-1]) == "Ks" and g.state.stock == 23
    g.apply({"type": "remove", "cards": ["waste"]})
    g.apply({"type": "draw", "card": "7"})              # a rank alone is fine
    assert g.state_json()["stock"] == 22 and g.state_json()["waste"] == ["7"]


@pytest.mark.parametrize("card,message", [
    ("Kc", "Kc has already been seen; a deck has only one"),     # Kc lies in the pyramid
    ("1x", "not a card"),
    ("Zz", "not a card"),
])
def test_table_reports_checked_against_the_deck(card, message):
    g = table_game()
    with pytest.raises(TablesideError, match=message):
        g.apply({"type": "draw", "card": card})
    assert g.state.stock == 24


def test_a_fifth_seven_is_refused():
    g = table_game()
    g.apply({"type": "draw", "card": "7c"})      # sevens in sight: 7d 7s 7h in the pyramid, 7c
    with pytest.raises(TablesideError, match="all four sevens have already been seen"):
        g.apply({"type": "draw", "card": "7"})


def test_table_deal_refusals():
    g = new_table_game()
    with pytest.raises(GameError, match="28 pyramid cards row by row, apex first \\(27 given\\)"):
        g.apply({"type": "deal", "pyramid": D3_PYRAMID[:27]})
    with pytest.raises(TablesideError, match="Js appears twice"):
        g.apply({"type": "deal", "pyramid": D3_PYRAMID[:27] + ["Js"]})
    with pytest.raises(GameError, match="report it as stock_top"):
        new_table_game(Rules(stock_top_available=True)).apply({"type": "deal", "pyramid": D3_PYRAMID})


def test_table_game_with_a_face_up_stock_top_and_three_piles():
    g = new_table_game(Rules(stock_top_available=True, draw="three_piles"))
    g.apply({"type": "deal", "pyramid": D3_PYRAMID, "stock_top": "Ks"})
    with pytest.raises(TablesideError, match="turns 3 stock cards face up"):
        g.apply({"type": "draw", "card": "3c"})
    g.apply({"type": "draw", "cards": ["3c", "4s", "8h"]})
    assert [[str(c) for c in p] for p in g.state.waste] == [["Ks"], ["3c"], ["4s"]]
    assert str(g.state.stock_top) == "8h" and g.state.stock == 20
    g.apply({"type": "remove", "cards": ["w1"], "card": None})
    assert {"remove": ["w3", "stock"]} not in g.legal_moves()   # 4 + 8 = 12


def test_table_game_replays_from_its_log():
    g = table_game()
    g.apply({"type": "draw", "card": "Ks"})
    g.apply({"type": "remove", "cards": ["waste"]})
    again = Game.from_json(g.to_json())
    assert again.state == g.state and again.mode == "table"


# ---- the naive player -------------------------------------------------------------------
def test_naive_takes_kings_then_pyramid_pairs_then_draws():
    g = new_dealt_game(deck=D3)
    assert naive(g.player_state()) == {"remove": ["7.1", "7.3"]}
    r = play_deal(parse_deck(D3))
    assert r["over"] and 0 <= r["pyramid_removed"] <= 28 and r["moves"][0] == {"remove": ["7.1", "7.3"]}


def test_naive_plays_are_legal_and_end_under_every_preset():
    for name, rules in PRESETS.items():
        for seed in range(5):
            r = play_deal(shuffled_deck(seed), rules)
            assert r["over"] and not r["stopped"], name
            g = new_dealt_game(seed=seed, rules=rules)
            for m in r["moves"]:
                kind = next(iter(m))
                g.apply({"type": kind, "cards": m[kind]} if kind == "remove" else {"type": kind})
            assert g.over and g.result()["pyramid_removed"] == r["pyramid_removed"]


def test_player_view_hides_the_stock_order_on_the_first_pass_only():
    g = new_dealt_game(deck=D3)
    assert g.state.stock_order is not None and g.state.player_view().stock_order is None


def test_after_a_recycle_the_table_stock_is_known_and_reports_must_match():
    g = table_game(Rules(passes=3))
    stock = D3.split()[28:]
    for card in stock:
        g.apply({"type": "draw", "card": card})
    with pytest.raises(TablesideError, match="the stock is empty; recycle the waste"):
        g.apply({"type": "draw", "card": "Ks"})
    g.apply({"type": "recycle"})
    assert g.state.pass_no == 2 and [str(c) for c in g.state.stock_order] == stock
    with pytest.raises(TablesideError, match="the stock's next card is Ks, not 3c"):
        g.apply({"type": "draw", "card": "3c"})
    g.apply({"type": "draw", "card": "K"})           # the rank alone matches
    g.apply({"type": "draw"})                        # or no report at all: the card is known
    assert [str(c) for c in g.state.waste[0]] == ["Ks", "3c"]


def test_removing_the_face_up_stock_top_at_a_table_reports_the_next_card():
    g = new_table_game(Rules(stock_top_available=True))
    g.apply({"type": "deal", "pyramid": D3_PYRAMID, "stock_top": "5h"})      # 5 + 8 (7.6 = 8s)
    with pytest.raises(TablesideError, match="turns 1 stock card face up: say which"):
        g.apply({"type": "remove", "cards": ["7.6", "stock"]})
    g.apply({"type": "remove", "cards": ["7.6", "stock"], "card": "Ks"})
    assert str(g.state.stock_top) == "Ks" and g.state.stock == 22
    assert [str(c) for c in g.state.out] == ["8s", "5h"]
