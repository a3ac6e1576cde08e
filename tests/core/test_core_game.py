"""Whole games: turn order, the tenth frame's bonus deals, undo, table reports."""
import random

import pytest

from assistant.bowling.game import Game, GameError
from assistant.bowling.layout import PINS
from assistant.bowling.scoring import score_rolls

SAMPLE_DEAL = {"type": "deal", "pins": dict(zip(PINS, [2, 7, 1, 7, 2, 9, 5, 1, 8, 6])),
               "tops": [0, 0, 4]}


def autoplay(game, rng, stop=lambda g: False):
    while not game.over and not stop(game):
        plays = game.frame.legal_plays()
        if plays and rng.random() < 0.9:
            p = rng.choice(plays)
            game.apply({"type": "play", "pile": p.pile, "pins": list(p.pins)})
        else:
            game.apply({"type": "end_ball"})


@pytest.mark.parametrize("seed", range(12))
def test_dealt_games_finish_with_valid_pads(seed):
    game = Game(["Ann", "Bob", "Cy"], mode="dealt", seed=seed)
    autoplay(game, random.Random(seed))
    assert game.over and game.awaiting is None
    for rolls in game.rolls:
        card = score_rolls(rolls, final=True)     # a complete, legal ten-frame game
        assert card.complete
    totals = [c.total for c in game.cards()]
    assert game.winners() == [n for n, t in zip(game.players, totals) if t == max(totals)]


def test_players_take_whole_frames_in_turn():
    game = Game(["Ann", "Bob"], mode="dealt", seed=7)
    order = []
    rng = random.Random(7)
    while not game.over:
        who = game.current_player
        if not order or order[-1] != who:
            order.append(who)
        autoplay(game, rng, stop=lambda g, w=who: g.current_player != w)
    assert order == [0, 1] * 10


def test_replay_gives_the_same_game():
    game = Game(["Ann"], mode="dealt", seed=3)
    autoplay(game, random.Random(3))
    again = Game(["Ann"], mode="dealt", seed=3, actions=game.actions)
    assert again.rolls == game.rolls


def test_undo_takes_back_one_action_at_a_time():
    game = Game(["Ann"], mode="table")
    game.apply(SAMPLE_DEAL)
    game.apply({"type": "play", "pile": 1, "pins": ["F", "H"]})
    game.apply({"type": "reveal", "pile": 1, "value": 5})
    assert game.undo() == {"type": "reveal", "pile": 1, "value": 5}
    assert game.awaiting == "reveal"
    game.undo()
    assert game.frame.standing == 0b1111111111
    game.undo()
    assert game.awaiting == "deal"
    with pytest.raises(GameError, match="nothing to undo"):
        game.undo()


def test_table_game_plays_the_1969_frame_and_scores_the_spare():
    game = Game(["Ann"], mode="table")
    for a in [SAMPLE_DEAL,
              {"type": "play", "pile": 1, "pins": "FH"}, {"type": "reveal", "pile": 1, "value": 5},
              {"type": "play", "pile": 1, "pins": "BCD"}, {"type": "reveal", "pile": 1, "value": 8},
              {"type": "play", "pile": 3, "pins": "AE"}, {"type": "reveal", "pile": 3, "value": 4},
              {"type": "end_ball"},
              {"type": "reveal", "pile": 1, "value": 3}, {"type": "reveal", "pile": 2, "value": 3},
              {"type": "play", "pile": 1, "pins": "GI"}, {"type": "reveal", "pile": 1, "value": 6},
              {"type": "play", "pile": 1, "pins": "J"}]:
        game.apply(a)
    assert game.rolls == [[7, 3]]
    assert game.awaiting == "deal"
    assert game.to_json()["players"][0]["card"]["frames"][0]["marks"] == "7/"


def test_refused_actions_leave_the_log_unchanged():
    game = Game(["Ann"], mode="table")
    with pytest.raises(GameError, match="deal the cards first"):
        game.apply({"type": "end_ball"})
    game.apply(SAMPLE_DEAL)
    with pytest.raises(Exception, match="back-row"):
        game.apply({"type": "play", "pile": 1, "pins": ["A", "B", "C"]})
    with pytest.raises(GameError, match="unknown action"):
        game.apply({"type": "jump"})
    assert len(game.actions) == 1


def _tenth_game(wanted):
    """A one-player dealt game played greedily, searched over seeds for a tenth-frame path."""
    for seed in range(400):
        game = Game(["Ann"], mode="dealt", seed=seed)
        while not game.over:
            plays = game.frame.legal_plays()
            if plays:
                best = max(plays, key=lambda p: len(p.pins))
                game.apply({"type": "play", "pile": best.pile, "pins": list(best.pins)})
            else:
                game.apply({"type": "end_ball"})
        tenth = score_rolls(game.rolls[0]).frames[-1].rolls
        if wanted(tenth):
            return game, tenth
    raise AssertionError("no seed produced that tenth frame")


@pytest.mark.parametrize("wanted,bonus_deals", [
    (lambda t: len(t) == 2 and sum(t) < 10, 0),                # open: no bonus
    (lambda t: len(t) == 3 and t[0] < 10, 1),                  # spare: one fresh deal
    (lambda t: len(t) == 3 and t[0] == 10 and t[1] < 10, 1),   # strike: both bonus balls on one deal
])
def test_tenth_frame_bonus_deals(wanted, bonus_deals):
    game, tenth = _tenth_game(wanted)
    assert score_rolls(game.rolls[0], final=True).complete
    assert game.deals == 10 + bonus_deals, tenth


def test_tenth_frame_strike_strike_plays_a_third_fresh_deal():
    # Drive the table game: nine open frames, then strikes are reported via plays.
    game = Game(["Ann"], mode="dealt", seed=0)
    game.rolls[0] = [0, 0] * 9 + [10, 10]
    game.frame = None
    game._maybe_deal()
    assert game.frame.max_balls == 1   # bonus ball 2 on a fresh deal: one ball only
    game.rolls[0] = [0, 0] * 9 + [10]
    game.frame = None
    game._maybe_deal()
    assert game.frame.max_balls == 2   # bonus balls 1 and 2 share a deal


def test_expected_table_is_what_a_photo_must_show():
    game = Game(["Ann"], mode="table")
    assert game.expected_table() == {"standing": list(PINS), "piles": [True, True, True]}
    game.apply(SAMPLE_DEAL)
    game.apply({"type": "play", "pile": 3, "pins": ["I", "J"]})
    # The turned-up card of pile 3 is on the table even before it is reported.
    assert game.expected_table() == {"standing": list("ABCDEFGH"), "piles": [True, True, True]}
    game.apply({"type": "reveal", "pile": 3, "value": 4})
    game.apply({"type": "play", "pile": 3, "pins": ["F", "G"]})
    assert game.expected_table() == {"standing": list("ABCDEH"), "piles": [True, True, False]}
