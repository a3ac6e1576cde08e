"""The state JSON contract: round trip, and every impossible state refused by name."""
import copy
import re

import pytest

from assistant.bowling.state import FrameState, StateError

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
    (broken(pins={"G": 11, "I": 8, "J": 6}), "pin G has value 11"),   # 10 is a ten
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


def _frames_by_counts():
    """Brute force over card counts alone: every (cards gone from each pile, pins taken, ball)
    a frame can reach.  A play uses a pile's top and takes one to three pins; the first ball
    may end at any time, and then every pile that still has a card loses its top unplayed."""
    from assistant.bowling.state import PILE_SIZES
    seen, todo = set(), [((0, 0, 0), 0, 1)]
    while todo:
        used, taken, ball = todo.pop()
        if (used, taken, ball) in seen:
            continue
        seen.add((used, taken, ball))
        for i, size in enumerate(PILE_SIZES):
            if used[i] < size:
                more = used[:i] + (used[i] + 1,) + used[i + 1:]
                todo += [(more, taken + k, ball) for k in (1, 2, 3) if taken + k <= 10]
        if ball == 1:
            todo.append((tuple(u + (u < s) for u, s in zip(used, PILE_SIZES)), taken, 2))
    return seen


def test_pile_history_bounds_match_brute_force():
    from itertools import product

    from assistant.bowling.state import PILE_SIZES, plays_made
    reached = _frames_by_counts()
    for used in product(*(range(s + 1) for s in PILE_SIZES)):
        for ball in (1, 2):
            fewest, most = plays_made(used, ball)
            allowed = {r for r in range(11) if fewest <= r <= 3 * most and (ball == 1 or 0 not in used)}
            assert allowed == {r for r in range(11) if (used, r, ball) in reached}, (used, ball)


def test_fewest_pins_to_empty_piles_match_brute_force():
    from itertools import combinations

    from assistant.bowling.state import PILE_SIZES, pins_to_empty
    reached = _frames_by_counts()
    for n in range(4):
        for empty in combinations((1, 2, 3), n):
            least = min(r for used, r, _ in reached if all(used[i - 1] == PILE_SIZES[i - 1] for i in empty))
            assert pins_to_empty(empty) == least, empty
    assert pins_to_empty([]) == 0 and pins_to_empty([3]) == 1 and pins_to_empty([1, 3]) == 5


def test_second_ball_history_must_be_possible():
    # ten pins standing in the second ball: every pile lost its top between the balls
    full = {**START, "ball": 2}
    with pytest.raises(StateError, match="pile 1 cannot still hold all its cards"):
        FrameState.from_json(full)
    ok = {**START, "ball": 2, "out": [0, 0, 4],
          "piles": [{"top": 5, "down": 3}, {"top": 3, "down": 1}, {"top": 4, "down": 0}]}
    assert FrameState.from_json(ok).standing == FrameState.from_json(START).standing
    # nine pins standing, but pile 1 played empty: four plays would have taken four pins
    nine = {"pins": {k: v for k, v in START["pins"].items() if k != "J"}, "ball": 2,
            "out": [0, 0, 3, 5, 6, 6, 8, 9],
            "piles": [{"top": None, "down": 0}, {"top": 3, "down": 1}, {"top": 4, "down": 0}]}
    with pytest.raises(StateError, match="4 to 5 ball card"):
        FrameState.from_json(nine)
