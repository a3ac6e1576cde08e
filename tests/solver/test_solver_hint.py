"""What users rely on from `hint`: the JSON, the invariants, Sackson's sample frame, refusals."""
from __future__ import annotations

import random
import time

import pytest

from assistant.common import TablesideError
from assistant.bowling.frame import Frame
from assistant.bowling.layout import PINS
from assistant.bowling.objectives import weights_for
from assistant.bowling.rules import Variant
from assistant.bowling.solver import DealSolver, hint
from assistant.bowling.state import FrameState

# The sample frame of the 1969 text: pins A..J, pile tops 10, 10, 4 (10 counts 0).
SAMPLE = {"pins": dict(zip(PINS, [2, 7, 1, 7, 2, 9, 5, 1, 8, 6])),
          "piles": [{"top": 0, "down": 4}, {"top": 0, "down": 2}, {"top": 4, "down": 1}],
          "ball": 1, "out": []}
SAMPLE_HIDDEN = ([5, 8, 3, 6], [3, 9], [4])
# Sackson's plays: 10 on F+H, 5 on B+C+D, 4 on A+E, end the ball, 3 on G+I, 6 on J.
SACKSON = [(1, "FH"), (1, "BCD"), (3, "AE"), None, (1, "GI"), (1, "J")]


def sample_frame() -> Frame:
    f = Frame.from_table(SAMPLE["pins"], [0, 0, 4])
    return f


def replay_sample():
    """Yield (state, Sackson's action) along the sample frame, reporting each turned-up card."""
    f = sample_frame()
    hidden = [list(h) for h in SAMPLE_HIDDEN]
    for step in SACKSON:
        state = f.state()
        yield state, step
        if step is None:
            f.end_ball()
            piles = [i for i in (1, 2, 3) if i in f.pending_reveals]
        else:
            f.play(step[0], list(step[1]))
            piles = f.pending_reveals
        for i in piles:
            f.reveal(i, hidden[i - 1].pop(0))
    assert f.over and f.spare


def test_sacksons_sample_choices_are_legal_and_the_solver_agrees():
    for state, step in replay_sample():
        h = hint(state, objective="pins")
        legal = {(p.pile, "".join(p.pins)) for p in state.legal_plays()}
        if step is not None:
            assert step in legal
        best = h.best.play
        chosen = None if best is None else (best.pile, "".join(best.pins))
        if step == (1, "GI"):   # two 3s on top: either one is best (50% spare each)
            assert chosen in {(1, "GI"), (2, "GI")}
        else:
            assert chosen == step, h.explanation


def test_sample_first_hint_values_are_sane():
    state = FrameState.from_json(SAMPLE)
    pins = hint(state, objective="pins")
    assert 9.0 < pins.value <= 10
    assert pins.best.play.pins == ("F", "H") and pins.best.play.pile == 1
    j = pins.to_json()
    assert j["best"] == {"action": "play", "pile": 1, "pins": ["F", "H"]}
    assert "Play pile 1's 10 on F+H (9+1)" in j["explanation"]
    game = hint(state)
    assert game.objective == "game"
    assert game.value > pins.value   # the strike/spare bonus is worth something
    strike = hint(state, objective="strike").value
    clear = hint(state, objective="clear").value
    assert 0 < strike < clear <= 1


def test_hint_json_lists_every_legal_action_ranked():
    state = FrameState.from_json(SAMPLE)
    j = hint(state, objective="pins").to_json()
    assert set(j) == {"best", "value", "actions", "objective", "weights", "explanation"}
    plays = [(a["pile"], tuple(a["pins"])) for a in j["actions"] if a["action"] == "play"]
    assert sorted(plays) == sorted((p.pile, p.pins) for p in state.legal_plays())
    assert [a["action"] for a in j["actions"]].count("end_ball") == 1
    values = [a["value"] for a in j["actions"]]
    assert values == sorted(values, reverse=True)
    assert j["value"] == values[0]
    assert {k: v for k, v in j["actions"][0].items() if k != "value"} == j["best"]
    assert j["weights"] == [1, 1, 0, 0] and j["objective"] == "pins"


def test_ties_keep_pile_order():
    states = list(replay_sample())
    state = states[4][0]          # ball 2: two 3s on top, G+I either way
    actions = hint(state, objective="pins").actions
    assert actions[0].value == actions[1].value
    assert [a.play.pile for a in actions[:2]] == [1, 2]


def random_states(n, seed, max_balls=2):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        f = Frame.dealt(rng, max_balls)
        while not f.over:
            out.append(f.state())
            plays = f.legal_plays()
            if rng.random() < 0.15:
                f.end_ball()
            else:
                pl = rng.choice(plays)
                f.play(pl.pile, pl.pins)
    return out[:n]


def test_invariants_on_random_states():
    for state in random_states(60, "invariants"):
        standing = len(state.pins)
        by = {}
        for obj in ("pins", "strike", "clear", "game"):
            h = hint(state, objective=obj)
            by[obj] = h
            assert h.best.value >= max(a.value for a in h.actions) - 1e-9
            assert h.actions[0] is h.best
            for a in h.actions:
                assert 0 <= a.p_strike <= 1 + 1e-12 and 0 <= a.p_spare <= 1 + 1e-12
                assert a.p_strike + a.p_spare <= 1 + 1e-9
                assert -1e-9 <= a.pins_ball1 + a.pins_ball2 <= standing + 1e-9
                if state.ball == 2:
                    assert a.pins_ball1 == 0 and a.p_strike == 0
                w = h.weights
                # the tracked expectations are those of the valued line
                assert a.value == pytest.approx(
                    w.m1 * a.pins_ball1 + w.m2 * a.pins_ball2 + w.s * a.p_strike
                    + w.p * a.p_spare, abs=1e-9)
        assert by["pins"].value <= standing + 1e-9
        assert by["strike"].value <= by["clear"].value + 1e-12
        # the same actions in the same order under each objective
        key = lambda a: (a.play is None, a.play and (a.play.pile, a.play.pins))  # noqa: E731
        assert sorted(map(key, by["pins"].actions)) == sorted(map(key, by["game"].actions))


def test_one_ball_deal_cannot_be_worth_more_than_two():
    for state in random_states(20, "oneball", max_balls=1):
        assert state.ball == 1
        rolls = [3, 4] * 9 + [5, 5]     # a tenth-frame spare: the bonus deal has one ball
        one = hint(FrameState.from_json({**state.to_json(), "rolls": rolls}), objective="pins")
        two = hint(state, objective="pins")
        assert one.weights.one_ball and not two.weights.one_ball
        assert one.value <= two.value + 1e-12
        end = [a for a in one.actions if a.is_end_ball][0]
        assert end.value == 0


def test_frame_start_hints_are_fast():
    rng = random.Random("speed")
    worst = 0.0
    for _ in range(5):
        state = Frame.dealt(rng).state()
        t = time.perf_counter()
        hint(state)
        worst = max(worst, time.perf_counter() - t)
    assert worst < 2.0    # budget 1 s on the reference machine; slack for loaded CI


def test_hint_accepts_json_and_variant():
    h = hint(SAMPLE, objective="pins", variant=Variant.GERMAN_CENTRE_PIN)
    # German rule: the first play takes F only together with H or I; F+H is still fine
    assert h.best.play.pins == ("F", "H")
    assert all(not (a.play and "F" in a.play.pins and not {"H", "I"} & set(a.play.pins))
               for a in h.actions)


@pytest.mark.parametrize("bad, words", [
    ({**SAMPLE, "pins": {}, "piles": [{"top": None, "down": 0}] * 3,
      "out": list(range(10)) * 2}, "over"),
    ({**SAMPLE, "piles": [{"top": None, "down": 4}, {"top": 0, "down": 2},
                          {"top": 4, "down": 1}]}, "turn the next card up"),
    ({**SAMPLE, "ball": 3}, "ball"),
    ({**SAMPLE, "rolls": [3]}, "middle of frame"),
    ("not a state", "state"),
])
def test_bad_input_is_refused_clearly(bad, words):
    with pytest.raises(TablesideError, match=words):
        hint(bad)


def test_bad_objective_and_weights_are_refused():
    with pytest.raises(TablesideError, match="objective"):
        hint(SAMPLE, objective="fun")
    with pytest.raises(TablesideError, match="weights"):
        hint(SAMPLE, weights="1,2,3")
    with pytest.raises(TablesideError, match="weights"):
        hint(SAMPLE, weights="1,x,3,4")
    # the second ball of the tenth frame's deal after a spare: the first took no pin, and
    # between the balls every pile's top was discarded
    one_ball_second = {**SAMPLE, "ball": 2, "rolls": [3, 4] * 9 + [5, 5], "out": [0, 0, 4],
                       "piles": [{"top": 5, "down": 3}, {"top": 3, "down": 1}, {"top": 4, "down": 0}]}
    with pytest.raises(TablesideError, match="one-ball"):
        hint(one_ball_second)


def test_custom_weights_reproduce_named_objectives():
    a = hint(SAMPLE, weights="0,0,1,1")
    b = hint(SAMPLE, objective="clear")
    assert a.objective == "custom"
    assert [x.value for x in a.actions] == [x.value for x in b.actions]


def test_perfect_information_knows_the_sample_makes_a_spare_at_least():
    state = FrameState.from_json(SAMPLE)
    solver = DealSolver(state.pins, weights_for("clear"), hidden=SAMPLE_HIDDEN)
    best = max(solver.actions(state), key=lambda a: a.value)
    assert best.value == 1.0      # Sackson made a spare with these very cards
