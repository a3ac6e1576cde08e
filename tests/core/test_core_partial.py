"""What a photo cannot show, filled in (assistant.bowling.partial), and a tracked frame set
right from a photo (Frame.resync, assistant.bowling.resync), on frames played out by the
engine itself: every real table gets defaults the state JSON accepts, the true answers give
the solver's own hint, and a re-sync counts the pins of unrecorded plays in their ball."""
from __future__ import annotations

import random

import pytest

from assistant.bowling.frame import Frame, FrameError
from assistant.bowling.game import Game
from assistant.bowling.partial import complete, default_downs, hint_unknown_out
from assistant.bowling.resync import compare
from assistant.bowling.solver import hint
from assistant.bowling.state import FrameState


def played_states(n: int, seed: int = 5):
    """States of dealt frames after a few random plays (and sometimes the end of ball 1)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        f = Frame.dealt(rng)
        for _ in range(rng.randrange(0, 6)):
            if f.over:
                break
            plays = f.legal_plays()
            if not plays or rng.random() < 0.15:
                f.end_ball()
            else:
                p = rng.choice(plays)
                f.play(p.pile, list(p.pins))
        if not f.over:
            out.append(f.state())
    return out


STATES = played_states(60)


def photo_of(state: FrameState) -> dict:
    return {"pins": dict(state.pins), "tops": [p.top for p in state.piles]}


@pytest.mark.parametrize("state", STATES)
def test_every_real_table_gets_defaults_the_state_json_accepts(state):
    got = complete({**photo_of(state), "ball": state.ball})
    assert got.ball == state.ball
    fill = sorted(got.pool().elements())[:got.unknown_out]
    FrameState.from_json(got.state_json(list(got.known_out) + fill))      # no refusal
    # the photo alone: a ball is chosen whose defaults fit
    alone = complete(photo_of(state))
    assert default_downs(state.pins, [p.top for p in state.piles], alone.ball) == list(alone.down)


@pytest.mark.parametrize("state", STATES[:20])
def test_the_true_answers_give_the_solvers_own_hint(state):
    body = {**photo_of(state), "ball": state.ball, "down": [p.down for p in state.piles],
            "out": list(state.out)}
    got = hint_unknown_out(complete(body))
    assert got["estimate"] is None
    assert got == {**hint(state).to_json(), "estimate": None}


def test_a_fresh_photo_defaults_to_the_deal():
    pins = {p: v for p, v in zip("ABCDEFGHIJ", [2, 7, 1, 8, 5, 9, 3, 4, 3, 6])}
    got = complete({"pins": pins, "tops": [7, 9, 0]})
    assert (got.down, got.ball, got.unknown_out) == ((4, 2, 1), 1, 0)


DEAL = {"type": "deal", "pins": {"A": 3, "B": 6, "C": 3, "D": 4, "E": 5, "F": 9, "G": 7,
                                 "H": 4, "I": 2, "J": 8}, "tops": [0, 5, 0]}


def test_a_resync_in_ball_two_counts_the_unrecorded_pins_in_ball_two():
    g = Game(["Ann"])
    for a in [DEAL, {"type": "play", "pile": 1, "pins": ["F", "G", "H"]},
              {"type": "reveal", "pile": 1, "value": 7}, {"type": "end_ball"},
              {"type": "reveal", "pile": 1, "value": 8}, {"type": "reveal", "pile": 2, "value": 1},
              {"type": "reveal", "pile": 3, "value": 9}]:
        g.apply(a)
    assert g.frame.ball == 2 and g.frame.taken == [3, 0]
    # unrecorded: pile 1's 8 took A+E (3+5) and turned up a 6: the photo shows it
    got = compare(g.frame, {"pins": {"B": 6, "C": 3, "D": 4, "I": 2, "J": 8}, "tops": [6, 1, 9]})
    assert got["differences"][0] == "A+E down since the last play recorded (3+5)"
    g.apply(got["action"])
    assert g.frame.taken == [3, 2] and g.frame.ball == 2
    with pytest.raises(FrameError, match="F is down in this frame"):
        g.frame.resync({"B": 6, "C": 3, "D": 4, "F": 9, "I": 2, "J": 8}, [6, 1, 9], [1, 1, 0],
                       got["action"]["out"][:-1])
    g.apply({"type": "end_ball"})
    assert g.rolls[0] == [3, 2]


def test_a_pin_already_down_cannot_stand_again_and_nothing_changes():
    g = Game(["Ann"])
    g.apply(DEAL)
    g.apply({"type": "play", "pile": 1, "pins": ["F", "G", "H"]})
    g.apply({"type": "reveal", "pile": 1, "value": 7})
    before = g.to_json()
    with pytest.raises(FrameError, match="F\\+H is down in this frame"):
        g.apply({"type": "resync", "pins": {p: v for p, v in DEAL["pins"].items() if p != "G"},
                 "tops": [7, 5, 0], "down": [3, 2, 1], "out": [0, 7]})
    assert g.to_json() == before
