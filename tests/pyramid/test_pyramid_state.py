"""The public state JSON: round trips, the documented format, and every refusal with its reason."""
import copy
import json

import pytest

from assistant.common import TablesideError
from assistant.pyramid.moves import apply
from assistant.pyramid.positions import PLACES
from assistant.pyramid.rules import Rules
from assistant.pyramid.state import State, StateError, initial_state, unseen_ranks
from pyr_helpers import D3, cards


def fresh_json(**rules):
    return initial_state(cards(D3), Rules(**rules)).to_json(stock_order=False)


def test_the_documented_shape():
    j = fresh_json()
    assert list(j) == ["pyramid", "waste", "stock", "stock_top", "out", "pass", "rules"]
    assert list(j["pyramid"]) == list(PLACES) and j["pyramid"]["1.1"] == "6s"
    assert j["waste"] == [] and j["stock"] == 24 and j["stock_top"] is None and j["pass"] == 1
    assert j["rules"]["preset"] == "seed" and j["rules"]["overlap_pairs"] is False
    three = fresh_json(draw="three_piles")
    assert three["waste"] == {"w1": [], "w2": [], "w3": []}
    top = fresh_json(stock_top_available=True)
    assert top["stock"] == 23 and top["stock_top"] == "Ks"


def test_ranks_alone_ten_as_t_or_10_and_round_trip():
    j = fresh_json()
    j["pyramid"] = {p: c[:-1] for p, c in j["pyramid"].items()}       # drop the suits
    j["pyramid"]["2.1"] = "10"
    s = State.from_json(j)
    assert State.from_json(s.to_json()) == s
    assert s.to_json()["pyramid"]["2.1"] == "T"
    j["pyramid"]["2.1"] = "Th"
    assert str(State.from_json(j).pyramid[1]) == "Th"


def test_a_reached_state_round_trips_and_counts_the_unseen():
    s = initial_state(cards(D3))
    s = apply(apply(s, {"remove": ["7.1", "7.3"]}), {"draw": True})
    j = json.loads(json.dumps(s.to_json(stock_order=False)))
    back = State.from_json(j)
    assert back == s.with_changes(stock_order=None)
    counts = unseen_ranks(back)
    assert sum(counts) == back.stock == 23 and len(counts) == 13
    assert counts[12] == 4 - 2            # Kc in the pyramid, Ks just turned
    assert sum(unseen_ranks(s)) == 0      # the stock order known: nothing unseen


def edit(mutate, **rules):
    j = copy.deepcopy(fresh_json(**rules))
    mutate(j)
    return j


def _set(path, value):
    def f(j):
        target = j
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return f


def _remove_base(j):     # 7.1 + 7.3 (J + 2) left properly, then break something
    j["pyramid"]["7.1"] = j["pyramid"]["7.3"] = None
    j["out"] = ["Js", "2s"]


@pytest.mark.parametrize("mutate,message", [
    (_set(["pyramid", "8.1"], "5h"), "8.1 is not a place of the pyramid"),
    (lambda j: j["pyramid"].pop("3.2"), "the pyramid has no 3.2"),
    (_set(["pyramid", "7.7"], "Kc"), "Kc appears twice"),
    (lambda j: [j["pyramid"].__setitem__(f"7.{c}", "K") for c in range(1, 5)], "there are 5 kings in sight; a deck has 4"),
    (_set(["pyramid", "7.7"], "1x"), "not a card"),
    (_set(["stock"], 23), "make 51 cards, not 52"),
    (_set(["stock"], 25), "'stock' is the number of face-down cards, 0..24"),
    (_set(["stock"], True), "'stock' is the number of face-down cards"),
    (_set(["pyramid", "6.1"], None), "6.1 is removed but 7.1 and 7.2, which cover it, are still there"),
    (lambda j: (_remove_base(j), j["pyramid"].__setitem__("6.1", None),
                j["pyramid"].__setitem__("7.2", None), j["out"].extend(["10", "6"]),
                j.__setitem__("stock", 24)), "cards out cannot have left as Kings and pairs"),
    (lambda j: (_remove_base(j), j["out"].pop(), j["out"].pop(), j.__setitem__("stock", 26)),
     "'stock' is the number of face-down cards"),
    (lambda j: (_remove_base(j), j.__setitem__("out", []), j.__setitem__("waste", ["Js", "2s"])),
     "2 pyramid places are empty but only 0 cards are out"),
    (_set(["stock_top"], "Ks"), "stock_top_available is false"),
    (_set(["pass"], 2), "pass 2 but these rules allow 1 pass"),
    (_set(["pass"], 0), "'pass' is which pass"),
    (_set(["rules"], {"preset": "nope"}), "unknown rules 'nope'"),
    (_set(["rules"], {"passes": 2}), "passes must be 1, 3 or unlimited"),
    (_set(["colour"], "red"), "unknown field(s) in state: colour"),
    (lambda j: j.pop("stock"), "the state has no 'stock'"),
    (_set(["waste"], {"w1": []}), "'waste' must list the waste pile"),
    (_set(["stock_order"], ["Ks"]), "'stock_order' lists 1 cards but 'stock' is 24"),
])
def test_refusals_name_the_problem(mutate, message):
    with pytest.raises(TablesideError, match=message.replace("(", r"\(").replace(")", r"\)")):
        State.from_json(edit(mutate))


def test_stock_top_rules_refusals():
    j = edit(_set(["stock_top"], None), stock_top_available=True)
    j["stock"] = 24
    with pytest.raises(StateError, match="no face-up top"):
        State.from_json(j)
    j = edit(_set(["waste"], ["5"]), draw="three_piles")
    with pytest.raises(StateError, match="with draw=three_piles 'waste' must be"):
        State.from_json(j)


def test_three_piles_cannot_hold_more_than_was_dealt_to_them():
    j = fresh_json(draw="three_piles")
    j["stock"] = 21
    j["waste"] = {"w1": ["Ks", "3c"], "w2": ["4s"], "w3": []}
    with pytest.raises(StateError, match="w1 holds 2 cards but only 1 of the 3 cards turned"):
        State.from_json(j)
    j["waste"] = {"w1": ["Ks"], "w2": ["3c"], "w3": ["4s"]}
    assert State.from_json(j).stock == 21


def test_not_an_object():
    with pytest.raises(TablesideError, match="a state must be a JSON object"):
        State.from_json([1, 2])
