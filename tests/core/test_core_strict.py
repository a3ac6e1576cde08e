"""A bool is not a number and 1.0 is not an int, in the state and action contracts."""
import json

import pytest

from assistant.bowling.frame import Frame, FrameError
from assistant.bowling.game import Game
from assistant.bowling.layout import PINS
from assistant.bowling.state import FrameState, StateError

PINS_DEALT = dict(zip(PINS, [2, 7, 1, 8, 5, 9, 3, 4, 3, 6]))
STATE = {"pins": PINS_DEALT, "piles": [{"top": 7, "down": 4}, {"top": 9, "down": 2},
                                       {"top": 0, "down": 1}], "ball": 1, "out": []}


@pytest.mark.parametrize("ball", [1.0, True, 2.0, "2"])
def test_ball_must_be_an_int(ball):
    with pytest.raises(StateError, match="ball must be 1 or 2"):
        FrameState.from_json({**STATE, "ball": ball})


@pytest.mark.parametrize("pile", [1.0, True, "1"])
def test_play_and_reveal_piles_must_be_ints(pile):
    frame = Frame.from_table(PINS_DEALT, [7, 9, 0])
    with pytest.raises(FrameError, match="the pile must be the number 1, 2 or 3"):
        frame.play(pile, ["H", "I"])
    frame.play(1, ["H", "I"])
    with pytest.raises(FrameError, match="the pile must be the number 1, 2 or 3"):
        frame.reveal(pile, 5)
    assert frame.pending_reveals == [1]


def test_a_game_never_logs_true_as_a_pile():
    game = Game(["Ann"])
    game.apply({"type": "deal", "pins": PINS_DEALT, "tops": [7, 9, 0]})
    game.apply({"type": "play", "pile": 1, "pins": ["H", "I"]})
    with pytest.raises(FrameError):
        game.apply({"type": "reveal", "pile": True, "value": 5})
    assert len(game.actions) == 2


def test_cli_hint_with_ball_1_0_is_a_refusal_not_an_internal_error(tmp_path, capsys):
    from assistant.cli import main
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**STATE, "ball": 1.0}))
    assert main(["hint", str(path)]) == 2
    err = capsys.readouterr().err
    assert "ball must be 1 or 2" in err and "internal error" not in err
