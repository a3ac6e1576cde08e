"""The state JSON takes a ten as 10 as well as 0 (its value), everywhere a card is written."""
import pytest

from assistant.bowling.state import FrameState, StateError

WITH_ZEROS = {"pins": {"A": 0, "B": 7, "C": 1, "D": 8, "E": 5, "F": 9, "G": 3, "H": 4, "I": 3,
                       "J": 6},
              "piles": [{"top": 7, "down": 4}, {"top": 9, "down": 2}, {"top": 0, "down": 1}],
              "ball": 1, "out": []}


def test_a_ten_may_be_written_10():
    tens = {**WITH_ZEROS, "pins": {**WITH_ZEROS["pins"], "A": 10},
            "piles": [{"top": 7, "down": 4}, {"top": 9, "down": 2}, {"top": 10, "down": 1}]}
    assert FrameState.from_json(tens) == FrameState.from_json(WITH_ZEROS)
    assert FrameState.from_json(tens).to_json()["pins"]["A"] == 0     # written back as its value


def test_a_ten_in_out_may_be_written_10():
    state = {"pins": {"G": 5, "I": 8, "J": 6},
             "piles": [{"top": 8, "down": 2}, {"top": 0, "down": 2}, {"top": 4, "down": 0}],
             "ball": 1, "out": [10, 1, 1, 2, 2, 4, 5, 7, 7, 9]}
    assert FrameState.from_json(state).out == FrameState.from_json(
        {**state, "out": [0, 1, 1, 2, 2, 4, 5, 7, 7, 9]}).out


@pytest.mark.parametrize("value", [11, -1, "10", 10.0, True])
def test_other_values_are_still_refused(value):
    with pytest.raises(StateError, match="a ten as 10"):
        FrameState.from_json({**WITH_ZEROS, "pins": {**WITH_ZEROS["pins"], "A": value}})
