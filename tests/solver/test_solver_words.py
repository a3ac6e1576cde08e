"""The hint's words: one unit per sentence, chances worded as chances, and the plain
reason for ending a ball while all ten pins still stand."""
import random
import re

from assistant.bowling.cards import DECK
from assistant.bowling.layout import PINS
from assistant.bowling.solver import hint


def fresh_deals(n, seed=1):
    rng = random.Random(seed)
    for _ in range(n):
        d = list(DECK)
        rng.shuffle(d)
        yield {"pins": dict(zip(PINS, d[:10])),
               "piles": [{"top": d[10], "down": 4}, {"top": d[15], "down": 2},
                         {"top": d[18], "down": 1}], "ball": 1, "out": []}


def test_the_game_objective_speaks_in_points_only():
    for state in fresh_deals(12):
        text = hint(state, objective="game").explanation
        assert "points" in text and not re.search(r"\d pins", text), text


def test_a_strike_chance_is_worded_as_a_chance():
    for state in fresh_deals(12):
        text = hint(state, objective="strike").explanation
        assert "expected" not in text and "0.0%" not in text, text
        assert re.search(r"(a \d+\.\d% strike chance|no strike chance)", text), text
        assert not re.search(r"\d% strike,", text), text       # said once, not twice


def test_ending_a_ball_with_ten_pins_standing_says_why():
    found = 0
    for state in fresh_deals(40):
        h = hint(state, objective="game")
        if h.best.is_end_ball:
            assert "fresh cards for ball 2" in h.explanation, h.explanation
            assert "0% strike" not in h.explanation
            found += 1
    assert found, "no deal among 40 where ending the first ball is best"


def test_a_shortfall_in_pins_is_said_in_points_under_the_game_objective():
    from assistant.bowling.solver import ActionValue, _why_worse
    best = ActionValue(None, 20.0, 6.0, 2.0, 0.30, 0.40)
    other = ActionValue(None, 18.5, 4.0, 2.0, 0.30, 0.40)      # same chances, fewer pins
    assert _why_worse(best, other, "game") == "1.50 fewer points expected"
    assert _why_worse(best, other, "pins") == "2.00 fewer pins expected"
