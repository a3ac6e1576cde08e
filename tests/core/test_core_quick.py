"""Score-only entry (assistant/quick.py) held against the ten-pin rules written out plainly."""
import random

import pytest

from assistant.bowling.game import Game, GameError
from assistant.bowling.quick import complete_frames, frame_over, next_ball, possible_balls, replace_frame
from assistant.bowling.scoring import ScoreError, score_rolls


def standing_by_hand(frame, balls):
    """Pins standing for the next ball of a frame, from the rule text (not from scoring.py)."""
    if frame < 10:
        return 10 - sum(balls)
    standing = 10
    for b in balls:
        standing = 10 if b == standing else standing - b
    return standing


def test_possible_balls_match_the_pins_left_over_random_games():
    rng = random.Random(7)
    for _ in range(300):
        done, balls = [], []
        while True:
            frame, ball = next_ball(done, balls)
            assert ball == len(balls) + 1
            left = standing_by_hand(frame, balls)
            assert possible_balls(done, balls) == list(range(left + 1))
            balls.append(rng.choice([left, rng.randint(0, left)]))
            if frame_over(done, balls):
                done += balls
                balls = []
                if complete_frames(done) == 10:
                    break
        assert score_rolls(done, final=True).complete


def test_complete_frames_counts_finished_frames_only():
    assert complete_frames([]) == 0
    assert complete_frames([10]) == 1
    assert complete_frames([7]) == 0
    assert complete_frames([0] * 18 + [10, 3]) == 9
    assert complete_frames([0] * 18 + [3, 4]) == 10


def test_replace_frame_keeps_the_later_frames():
    rolls = [7, 2, 10, 3, 4]
    assert replace_frame(rolls, 2, [5, 5]) == [7, 2, 5, 5, 3, 4]
    assert replace_frame(rolls, 1, [10]) == [10, 10, 3, 4]
    with pytest.raises(ScoreError, match="not finished yet"):
        replace_frame([7, 2, 3], 2, [3, 4])


def test_a_score_game_replays_from_its_log_and_undoes():
    log = [{"type": "roll", "pins": p} for p in (10, 3, 4, 6)]
    game = Game(["Ann", "Bob"], mode="score", actions=log)
    assert game.rolls == [[10], [3, 4]] and game.quick == [6] and game.entered(0) == [10, 6]
    game.apply({"type": "set_frame", "player": 1, "frame": 1, "rolls": [5, 5]})
    assert game.cards()[1].frames[0].marks == "5/"
    game.undo()
    assert game.rolls[1] == [3, 4] and game.quick == [6]
    with pytest.raises(GameError, match="score-only"):
        game.apply({"type": "quick", "on": True})
