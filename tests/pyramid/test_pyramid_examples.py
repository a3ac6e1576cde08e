"""The rules document's worked examples P1..P7 (section 8), one test each (P8 is the solver's)."""
import pytest

from assistant.pyramid.moves import MoveError, apply, check, is_over, legal_moves, result
from assistant.pyramid.positions import PLACES, exposed_mask, names_of
from assistant.pyramid.rules import Rules
from assistant.pyramid.state import initial_state
from pyr_helpers import D3, build, cards


def removals(state):
    return [m["remove"] for m in legal_moves(state) if "remove" in m]


def test_p1_exposure():
    base = {"7.1": "2", "7.2": "2", "7.3": "K", "7.4": "K", "7.5": "2", "7.6": "3", "7.7": "3"}
    s = build(base)
    assert names_of(exposed_mask(s.removed)) == [f"7.{c}" for c in range(1, 8)]
    s = apply(s, {"remove": ["7.4"]})
    assert names_of(exposed_mask(s.removed)) == ["7.1", "7.2", "7.3", "7.5", "7.6", "7.7"]
    s = apply(s, {"remove": ["7.3"]})
    exposed = names_of(exposed_mask(s.removed))
    assert "6.3" in exposed and "6.2" not in exposed
    with pytest.raises(MoveError, match="6.2 is covered by 7.2"):
        check(s, {"remove": ["6.2"]})


def test_p1_fresh_deal_exposes_exactly_the_base_row():
    s = initial_state(cards(D3))
    assert names_of(exposed_mask(s.removed)) == list(PLACES[21:])


P2 = dict(pyramid={"7.1": "9", "7.2": "4", "7.3": "Q", "7.4": "7", "6.5": "7",
                   "7.5": "K", "7.6": "6", "7.7": "7", "6.6": "K", "6.1": "9", "6.2": "A"},
          removed=("7.5", "7.6", "7.7", "6.6"), out=["K", "6", "7", "K"], waste=["A"])


def test_p2_pair_legality():
    s = build(**P2)
    assert removals(s) == [["7.1", "7.2"], ["7.3", "waste"]]
    with pytest.raises(MoveError, match="two cards of equal value never pair"):
        check(s, {"remove": ["7.4", "6.5"]})
    with pytest.raises(MoveError, match="9 \\+ A is 10, not 13"):
        check(s, {"remove": ["7.1", "waste"]})
    with pytest.raises(MoveError, match="6.1 is covered by 7.1 and 7.2"):
        check(s, {"remove": ["6.1", "7.2"]})           # 9 + 4 = 13, but 6.1 is covered
    with pytest.raises(MoveError, match="6.2 is covered by 7.2 and 7.3"):
        check(s, {"remove": ["7.3", "6.2"]})           # Q + A = 13, but 6.2 is covered


def test_p2_a_king_at_7_5_leaves_alone():
    s = build({"7.5": "K"})
    assert {"remove": ["7.5"]} in legal_moves(s)
    assert apply(s, {"remove": ["7.5"]}).pyramid[PLACES.index("7.5")] is None


def test_p3_waste_is_last_in_first_out():
    s = build({"7.1": "5", "7.2": "10", "7.3": "K", "7.4": "K", "7.5": "K", "7.6": "K", "7.7": "Q"},
              stock_order=["3", "8"])
    s = apply(s, {"draw": True})
    assert ["7.2", "waste"] in removals(s)            # the 3 is the waste top for now
    s = apply(s, {"draw": True})                      # the 8 covers the 3
    assert ["7.2", "waste"] not in removals(s)
    with pytest.raises(MoveError, match="10 \\+ 8 is 18, not 13"):
        check(s, {"remove": ["7.2", "waste"]})
    s = apply(s, {"remove": ["7.1", "waste"]})        # 5 + 8
    assert ["7.2", "waste"] in removals(s)            # the 3 is on top again
    s = apply(s, {"remove": ["7.2", "waste"]})
    assert [str(c) for c in s.out] == ["5", "8", "T", "3"]


def test_p4_stock_top_switch():
    base = {"7.1": "2", "7.2": "2", "7.3": "K", "7.4": "K", "7.5": "2", "7.6": "3", "7.7": "3"}
    s = build(base, waste=["5"], stock_order=["8"], rest="stock")
    s = apply(s, {"draw": True})                      # the 8 buries the 5
    assert [str(c) for c in s.waste[0][-2:]] == ["5", "8"]
    assert not any("waste" in r for r in removals(s))
    loose = build(base, waste=["5"], stock_top="8", rules=Rules(stock_top_available=True))
    assert ["waste", "stock"] in removals(loose)
    after = apply(loose, {"remove": ["waste", "stock"]})
    assert after.stock_top is not None and after.stock == loose.stock - 1   # the next card turns up


@pytest.mark.parametrize("overlap", [False, True])
def test_p5_overlap_switch(overlap):
    rules = Rules(overlap_pairs=overlap)
    s = build({"6.1": "10", "7.1": "3", "7.2": "K"}, removed=("7.2",), out=["K"], rules=rules)
    move = {"remove": ["6.1", "7.1"]}
    if overlap:
        assert ["6.1", "7.1"] in removals(s)
        assert apply(s, move).pyramid_removed == 3
    else:
        with pytest.raises(MoveError, match="6.1 is covered by 7.1"):
            check(s, move)
    full = build({"6.1": "10", "7.1": "3", "7.2": "5"}, rules=rules)     # 7.2 still there
    with pytest.raises(MoveError, match="6.1 is covered by 7.1 and 7.2"):
        check(full, move)


def test_p6_three_piles():
    rules = Rules(draw="three_piles")
    s = build({"7.1": "4", "7.2": "K", "7.3": "K", "7.4": "K", "7.5": "Q", "7.6": "Q", "7.7": "Q"},
              stock_order=["6", "9", "7", "5", "5", "5"], rules=rules, piles=[[], [], []])
    s = apply(s, {"draw": True})
    assert [[str(c) for c in p] for p in s.waste] == [["6"], ["9"], ["7"]]
    assert ["7.1", "w2"] in removals(s) and ["w1", "w3"] in removals(s)
    s = apply(apply(s, {"remove": ["7.1", "w2"]}), {"remove": ["w1", "w3"]})
    assert s.waste == ((), (), ())
    s = apply(s, {"draw": True})
    assert [[str(c) for c in p] for p in s.waste] == [["5"], ["5"], ["5"]]
    strict = build({"7.1": "4"}, stock_order=["6", "9", "7"], piles=[[], [], []],
                   rules=Rules(draw="three_piles", waste_pairs=False))
    strict = apply(strict, {"draw": True})
    with pytest.raises(MoveError, match="waste_pairs is false"):
        check(strict, {"remove": ["w1", "w3"]})


@pytest.mark.parametrize("end", ["play_out", "at_empty_stock"])
def test_p7_end_of_game(end):
    s = build({"1.1": "2"}, removed=PLACES[1:], waste=["J"], rest="out", rules=Rules(end=end))
    assert s.stock == 0
    if end == "play_out":
        assert not is_over(s)
        s = apply(s, {"remove": ["1.1", "waste"]})
        assert result(s) == {"over": True, "won": True, "pyramid_removed": 28,
                             "cards_removed": 52, "stopped": False}
        assert legal_moves(s) == []
    else:
        assert is_over(s) and legal_moves(s) == []
        r = result(s)
        assert r["over"] and not r["won"] and 28 - r["pyramid_removed"] == 1
        with pytest.raises(MoveError, match="the game is over"):
            check(s, {"remove": ["1.1", "waste"]})


def test_unlimited_passes_end_when_going_round_can_never_remove_a_card():
    """With no pass limit the game ends once no card of stock and waste can ever leave: every
    King and every partner of the exposed 2, 3, 4 (J, 10, 9) lies covered in the pyramid."""
    covered = "K K K K J J J J T T T T 9 9 9 9 Q Q Q Q 8".split()
    pyramid = dict(zip(PLACES, covered + "2 2 2 3 3 3 4".split()))
    assert is_over(build(pyramid, rules=Rules(passes=None)))
    assert legal_moves(build(pyramid, rules=Rules(passes=None))) == []
    assert not is_over(build(pyramid, rules=Rules(passes=3)))        # the passes still run out
    assert not is_over(build(pyramid, rules=Rules(passes=None, stock_top_available=True),
                             stock_top="6", stock_order=["7"]))     # 6 + 7 may meet as stock and waste top
