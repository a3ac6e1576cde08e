"""Which deal the rolls call for, and the weights of each objective."""
from __future__ import annotations

import pytest

from assistant.common import TablesideError
from assistant.bowling.objectives import bonus_table, deal_kind, weights_for
from assistant.bowling.rules import Variant

OPEN9 = [3, 4] * 9


@pytest.mark.parametrize("rolls, kind, frame, extra", [
    ([], "frame", 1, (0, 0)),
    ([3, 4], "frame", 2, (0, 0)),
    ([5, 5], "frame", 2, (1, 0)),            # a spare counts the next ball again
    ([10], "frame", 2, (1, 1)),              # a strike counts the next two balls
    ([10, 10], "frame", 3, (2, 1)),          # two strikes: the next ball counts three times
    ([10, 5, 5], "frame", 3, (1, 0)),
    ([3, 4] * 8 + [10], "frame", 10, (1, 1)),
    (OPEN9, "frame", 10, (0, 0)),
    (OPEN9 + [10], "strike_bonus", 10, (0, 0)),
    ([3, 4] * 8 + [10, 10], "strike_bonus", 10, (1, 0)),   # frame 9's strike counts bonus ball 1
    (OPEN9 + [5, 5], "one_ball", 10, (0, 0)),
    (OPEN9 + [10, 10], "one_ball", 10, (0, 0)),
    ([3, 4] * 8 + [10, 10, 10], "one_ball", 10, (0, 0)),
])
def test_deal_kind(rolls, kind, frame, extra):
    k = deal_kind(rolls)
    assert (k.kind, k.frame, (k.extra1, k.extra2)) == (kind, frame, extra)
    assert k.one_ball == (kind == "one_ball")


@pytest.mark.parametrize("rolls, words", [
    ([3], "middle of frame 1"),
    (OPEN9 + [3], "middle of frame 10"),
    (OPEN9 + [10, 3], "same deal"),
    (OPEN9 + [3, 4], "complete"),
    ([11], "roll 1"),
    ([7, 7], "more than 10"),
])
def test_deal_kind_refuses_rolls_that_cannot_precede_a_deal(rolls, words):
    with pytest.raises(TablesideError, match=words):
        deal_kind(rolls)


def test_fixed_objectives():
    assert weights_for("pins").as_tuple() == (1, 1, 0, 0)
    assert weights_for("strike").as_tuple() == (0, 0, 1, 0)
    assert weights_for("clear").as_tuple() == (0, 0, 1, 1)
    assert weights_for("pins", OPEN9 + [5, 5]).one_ball
    with pytest.raises(TablesideError):
        weights_for("score")


def test_game_weights_follow_the_pad():
    w = weights_for("game")
    assert (w.m1, w.m2, w.one_ball) == (1, 1, False)
    # a strike is worth about two later balls, a spare about one
    assert 10 < w.s < 20 and 5 < w.p < 10 and w.s > w.p
    after_spare = weights_for("game", [5, 5])
    assert (after_spare.m1, after_spare.m2) == (2, 1)
    after_strikes = weights_for("game", [10, 10])
    assert (after_strikes.m1, after_strikes.m2) == (3, 2)
    assert after_strikes.s > w.s            # a third strike in a row also feeds the pending one
    t = bonus_table()
    tenth = weights_for("game", OPEN9)
    assert tenth.p == pytest.approx(t["one_ball_deal"])    # a tenth spare earns one bonus ball
    assert tenth.s == pytest.approx(t["strike_bonus_deal"]["0"])
    bonus = weights_for("game", OPEN9 + [10])
    assert (bonus.m1, bonus.m2, bonus.p) == (1, 1, 0)
    assert bonus.s == pytest.approx(t["one_ball_deal"])
    last = weights_for("game", OPEN9 + [10, 10])
    assert last.as_tuple() == (1, 0, 0, 0) and last.one_ball


def test_bonus_values_say_how_they_were_made():
    t = bonus_table()
    for key in ("deals", "seed", "date", "one_ball_deal_ci95", "s_p_ci95", "frame_values"):
        assert key in t
    assert t["deals"] >= 1000
    assert 150 < t["expected_game_score"] < 300
    # the table is consistent: s, p of frame 3 are differences of frame 4's values
    w = weights_for("game", [3, 4, 3, 4])
    f4 = t["frame_values"]["4"]
    assert w.s == pytest.approx(f4["1,1"] - f4["0,0"])
    assert w.p == pytest.approx(f4["1,0"] - f4["0,0"])
    assert bonus_table(Variant.GERMAN_CENTRE_PIN)["one_ball_deal"] > 0
