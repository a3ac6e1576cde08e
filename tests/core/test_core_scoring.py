"""Ten-pin scoring as on a bowling pad, with every impossible sequence refused."""
import re

import pytest

from assistant.bowling.scoring import NextDeal, ScoreError, next_deal, score_rolls


def totals(rolls):
    return [f.total for f in score_rolls(rolls).frames]


def test_sackson_example_pad():
    card = score_rolls([8, 2, 10, 10, 6, 3])
    assert [f.marks for f in card.frames] == ["8/", "X", "X", "63"]
    assert totals([8, 2, 10, 10, 6, 3]) == [20, 46, 65, 74]
    assert not card.complete


def test_totals_wait_for_bonus_balls():
    assert totals([10]) == [None]
    assert totals([10, 10]) == [None, None]
    assert totals([10, 10, 4]) == [24, None, None]
    assert totals([7, 3]) == [None]
    assert totals([7, 3, 4]) == [14, None]
    assert totals([7, 3, 4, 2]) == [14, 20]


@pytest.mark.parametrize("rolls,total", [
    ([10] * 12, 300),
    ([0] * 20, 0),
    ([5] * 21, 150),
    ([9, 0] * 10, 90),
    ([10, 9, 1, 5, 5, 7, 2, 10, 10, 10, 9, 0, 8, 2, 9, 1, 10], 187),
    ([0] * 18 + [10, 0, 10], 20),
    ([0] * 18 + [3, 7, 10], 20),
])
def test_complete_games(rolls, total):
    card = score_rolls(rolls, final=True)
    assert card.complete and card.total == total and card.frames[-1].total == total


def test_tenth_frame_marks():
    assert score_rolls([0] * 18 + [10, 10, 10]).frames[-1].marks == "XXX"
    assert score_rolls([0] * 18 + [10, 0, 10]).frames[-1].marks == "X-/"
    assert score_rolls([0] * 18 + [10, 7, 2]).frames[-1].marks == "X72"
    assert score_rolls([0] * 18 + [0, 10, 5]).frames[-1].marks == "-/5"
    assert score_rolls([0] * 18 + [9, 0]).frames[-1].marks == "9-"


@pytest.mark.parametrize("rolls,message", [
    ([-1], "roll 1 is -1: a ball takes 0 to 10 pins"),
    ([11], "roll 1 is 11"),
    ([7, 5], "roll 2: frame 1 would have 7 + 5 = 12 pins, more than 10"),
    ([10] * 13, "roll 13: the game is already over"),
    ([0] * 20 + [3], "roll 21: the game is already over"),
    ([0] * 18 + [10, 7, 5], "roll 21: the third ball of frame 10 takes 5 pins but only 3"),
    ([0] * 18 + [6, 5], "roll 20: the second ball of frame 10 takes 5 pins but only 4"),
])
def test_impossible_sequences_are_refused(rolls, message):
    with pytest.raises(ScoreError, match=re.escape(message)):
        score_rolls(rolls)


def test_final_refuses_unfinished_games():
    with pytest.raises(ScoreError, match="not complete"):
        score_rolls([10, 10], final=True)


def test_next_deal_follows_the_tenth_frame_rules():
    nine = [0, 0] * 9
    assert next_deal([]) == NextDeal(1, 2, False)
    assert next_deal(nine) == NextDeal(10, 2, False)
    assert next_deal(nine + [10]) == NextDeal(10, 2, True)        # bonus balls 1 and 2
    assert next_deal(nine + [10, 10]) == NextDeal(10, 1, True)    # bonus ball 2 on a fresh deal
    assert next_deal(nine + [6, 4]) == NextDeal(10, 1, True)      # one bonus ball
    assert next_deal(nine + [6, 3]) is None
    assert next_deal(nine + [10, 3, 4]) is None


def test_next_deal_refuses_rolls_that_stop_inside_a_deal():
    nine = [0, 0] * 9
    with pytest.raises(ScoreError, match="middle of frame 3"):
        next_deal([10, 5, 5, 3])
    with pytest.raises(ScoreError, match="middle of frame 10's bonus deal"):
        next_deal(nine + [10, 5])
