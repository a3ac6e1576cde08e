"""The state JSON contract: round trip, and every impossible state refused by name."""
import copy
import re

import pytest

from assistant.state import FrameState, StateError

START = {"pins": {"A": 2, "B": 7, "C": 1, "D": 7, "E": 2, "F": 9, "G": 5, "H": 1, "I": 8, "J": 6},
         "piles": [{"top": 0, "down": 4}, {"top": 0, "down": 2}, {"top": 4, "down": 1}],
         "ball": 1, "out": []}
# The 1969 frame after H+F, B+C+D and A+E: 7 pins down, three cards used.
MID = {"pins": {"G": 5, "I": 8, "J": 6},
       "piles": [{"top": 8, "down": 2}, {"top": 0, "down": 2}, {"top": 4, "down": 0}],
       "ball": 1, "out": [0, 9, 1, 5, 7, 1, 7, 4, 2, 2], "rolls": [10, 7, 3]}


def test_round_trip():
    for obj in (START, MID):
        s = FrameState.from_json(obj)
        assert FrameState.from_json(s.to_json()) == s
        assert s.to_json()["pins"] == obj["pins"]


def test_unseen_cards_are_the_deck_minus_everything_in_sight():
    s = FrameState.from_json(MID)
    assert sorted(s.unseen.elements()) == [3, 3, 6, 9]
    assert sum(s.unseen.values()) == sum(p.down for p in s.piles)


def broken(**change):
    obj = copy.deepcopy(MID)
    for k, v in change.items():
        obj[k] = v
    return obj


@pytest.mark.parametrize("obj,message", [
    ([], "must be a JSON object"),
    (broken(pins={"K": 1}), "'K' is not a pin"),
    (broken(pins={"G": 10, "I": 8, "J": 6}), "pin G has value 10"),
    (broken(pins={"G": True, "I": 8, "J": 6}), "pin G has value True"),
    (broken(ball=3), "ball must be 1 or 2"),
    (broken(out=[8, 8, 9, 1, 5, 7, 1, 7, 4, 2]), "4 cards of value 8 in sight"),
    (broken(out=[0, 9, 1, 5, 7, 1, 7, 4, 2]), "make 19 cards, not 20"),
    (broken(piles=[{"top": None, "down": 2}, {"top": 0, "down": 2}, {"top": 4, "down": 0}]),
     "pile 1 has no face-up card but 2 face-down"),
    (broken(piles=[{"top": 8, "down": 2}, {"top": 0, "down": 3}, {"top": 4, "down": 0}]),
     "pile 2 holds at most 3 cards"),
    (broken(piles=[{"top": 8, "down": 2}]), "must list the three ball piles"),
    (broken(rolls=[7, 5]), "frame 1 would have 7 + 5"),
    (broken(rolls=[10] * 12), "already a complete game"),
    (broken(extra=1), "unknown field"),
    ({"pins": START["pins"], "ball": 1, "out": [],
      "piles": [{"top": 0, "down": 3}, {"top": 0, "down": 2}, {"top": 4, "down": 1}]},
     "make 19 cards"),
])
def test_impossible_states_are_refused_with_the_reason(obj, message):
    with pytest.raises(StateError, match=re.escape(message)):
        FrameState.from_json(obj)


def test_first_ball_history_must_be_possible():
    # Ten pins standing but a ball card already used: impossible in the first ball.
    obj = {"pins": START["pins"], "ball": 1, "out": [0],
           "piles": [{"top": 5, "down": 3}, {"top": 0, "down": 2}, {"top": 4, "down": 1}]}
    with pytest.raises(StateError, match="cannot have taken 0 pin"):
        FrameState.from_json(obj)
