"""The game: turns, topples, rounds, the end, the switches, undo and every refusal."""
import json
import random
import re

import pytest

from assistant.common import TablesideError
from assistant.topple.board import LEVELS, SPACES
from assistant.topple.game import Game

THREE = [{"name": "Ann", "colours": ["pink"]}, {"name": "Ben", "colours": ["yellow"]},
         {"name": "Cat", "colours": ["orange"]}]
TWO = [{"name": "Ann", "colours": ["pink", "yellow"]},
       {"name": "Ben", "colours": ["orange", "green"]}]


def game(events=(), players=THREE, target=100, **rules):
    return Game.from_json({"players": players, "target": target, "rules": rules,
                           "events": list(events)})


def place(space, colour=None, roll=None):
    e = {"roll": roll or LEVELS[space], "space": space}
    if colour:
        e["colour"] = colour
    return e


def refused(g, event, message):
    before = json.dumps(g.to_json())
    with pytest.raises(TablesideError, match=re.escape(message)):
        g.apply(event)
    assert json.dumps(g.to_json()) == before        # a refused event changes nothing


# ---- the issue's contract example and T8 ------------------------------------------------

def test_the_issue_example():
    g = game([{"roll": 1, "space": "C3", "colour": "pink"},
              {"topple": "Ben", "while_placing": True}])
    assert g.score_json() == {"events": [{"changes": {}}, {"changes": {"Ben": -10, "Ann": 3}}],
                              "totals": {"Ann": 3, "Ben": -10, "Cat": 0}, "round": 2,
                              "over": False, "winners": []}
    assert list(g.score_json()["events"][1]["changes"]) == ["Ben", "Ann"]


def t8_start():
    return [{"fix": "Ann", "points": 96}, {"fix": "Ben", "points": 88},
            {"fix": "Cat", "points": 99}, place("A1"), place("A2")]


def test_t8_topple_while_placing():
    g = game(t8_start() + [{"topple": "Cat", "while_placing": True}])
    assert g.totals_json() == {"Ann": 96, "Ben": 91, "Cat": 89}
    assert g.round == 2 and not g.over and not any(g.stacks.values())


def test_t8_a_knock_out_of_turn():
    g = game(t8_start() + [{"topple": "Ben", "while_placing": False}])
    assert g.totals_json() == {"Ann": 96, "Ben": 78, "Cat": 99}
    assert g.round == 2 and not g.over


def test_t8_the_higher_of_two_totals_past_the_target_wins():
    g = game([{"fix": "Ann", "points": 104}, {"fix": "Ben", "points": 107},
              {"fix": "Cat", "points": 101}, place("C3")])
    assert not g.over                                  # past 100 mid-round: play on
    g.apply({"topple": "Ben", "while_placing": False})
    assert g.totals_json() == {"Ann": 104, "Ben": 97, "Cat": 101}
    assert g.over and g.winners() == ["Ann"]
    refused(g, place("C3"), "the game is over (won by Ann)")


# ---- turns and topples ----------------------------------------------------------------

def test_turns_pass_left_and_the_bonus_wraps_on_a_rounds_first_turn():
    g = game()
    assert g.current == "Ann"
    g.apply({"topple": "Ann", "while_placing": True})
    assert g.totals_json() == {"Ann": -10, "Ben": 0, "Cat": 3}
    assert g.current == "Ben"                          # rotate: left of the last starter


def test_while_placing_defaults_to_the_player_in_turn():
    g = game([place("C3")])
    g.apply({"topple": "Ben"})
    assert g.history[-1].changes == {"Ben": -10, "Ann": 3}
    g = game([place("C3")])
    g.apply({"topple": "Cat"})
    assert g.history[-1].changes == {"Cat": -10}


def test_two_players_bonus_goes_to_the_opponent_and_colours_are_kept_apart():
    g = game([place("C1", "pink"), place("C2", "orange"), place("C4", "pink"),
              place("C5", "green"), place("C3", "yellow")], players=TWO)
    assert g.totals_json() == {"Ann": 3, "Ben": 0}     # T7's rule: yellow counts yellow only
    assert g.by_colour == {"pink": 0, "yellow": 3, "orange": 0, "green": 0}
    g.apply({"topple": "Ben", "while_placing": True})
    assert g.totals_json() == {"Ann": 6, "Ben": -10}


def test_the_last_piece_ends_the_round():
    g = game()
    for i in range(36):
        g.apply({"roll": 6, "space": SPACES[i % 25]})
    assert g.round == 2 and g.rounds[0].ended_by == "last piece"
    assert g.current == "Ben" and not any(g.stacks.values())
    assert all(g.pieces_left(c) == 12 for c in ("pink", "yellow", "orange"))


# ---- refusals ------------------------------------------------------------------------

def test_refusals_name_the_reason():
    g = game([place("C3")])
    refused(g, {"roll": 4, "space": "D4"}, "D4 is level 3, not 4")
    refused(g, {"roll": 4, "space": "F7"}, "F7 is not a space (rows A-E, columns 1-5)")
    refused(g, {"roll": 9, "space": "C3"}, "a die shows 1-6, not 9")
    refused(g, place("A1", "pink"), "pink is Ann's colour, not Ben's (Ben plays yellow)")
    refused(g, place("A1", "blue"), "'blue' is not a colour in this game")
    refused(g, {**place("A1"), "player": "Cat"}, "it is not Cat's turn: Ben places now")
    refused(g, {"topple": "Dan"}, "Dan is not playing (players: Ann, Ben, Cat)")
    refused(g, {"topple": "Cat", "while_placing": True}, "Cat cannot topple while placing")
    refused(g, {"pass": True}, "a player may not pass")
    refused(g, {"start": "Cat"}, "round 1 has already begun")
    refused(g, {"fix": "Ann", "points": 1.5}, "a score fix must be a whole number")
    refused(g, {"hello": 1}, "an event is a placement")
    refused(game(), {"topple": "Ben", "while_placing": False}, "nothing can fall")


def test_a_thirteenth_piece_of_a_colour_is_refused():
    g = game(players=TWO)
    for i in range(12):
        g.apply({"roll": 6, "space": SPACES[i], "colour": "pink"})
        g.apply({"roll": 6, "space": SPACES[i], "colour": "orange"})
    refused(g, {"roll": 6, "space": "E5", "colour": "pink"}, "pink has no pieces left this round")
    g.apply({"roll": 6, "space": "E5"})                # the one colour left needs no name
    assert g.stacks["E5"] == ["yellow"]
    refused(game(players=TWO), {"roll": 6, "space": "E5"}, "Ann plays pink and yellow: name")


@pytest.mark.parametrize("data,message", [
    ({"players": THREE[:1]}, "Topple is for 2 to 4 players, not 1"),
    ({"players": THREE * 2}, "not 6"),
    ({"players": [THREE[0], {"name": "ann", "colours": ["y"]}]}, "two players have the same"),
    ({"players": THREE[:2]}, "Ann needs 2 colours"),
    ({"players": [THREE[0], {"name": "Ben", "colours": ["Pink"]}, THREE[2]]},
     "Pink is played by both Ann and Ben"),
    ({"players": THREE, "target": "100"}, "the target must be a whole number"),
    ({"players": THREE, "rules": {"tall_stak": "after3"}}, "unknown rule switch 'tall_stak'"),
    ({"players": THREE, "rules": {"tall_stack": "after4"}}, "tall_stack must be before3 or after3"),
    ({"players": THREE, "rules": {"junior": 1}}, "junior must be true or false"),
    ({"players": THREE, "rules": {"levels": {"A1": 6}}}, "the level of A1 must be 1-5"),
    ({"players": THREE, "events": [{"roll": 2, "space": "C3"}]}, "event 1: C3 is level 1, not 2"),
])
def test_bad_setups(data, message):
    with pytest.raises(TablesideError, match=re.escape(message)):
        Game.from_json(data)


# ---- switches ---------------------------------------------------------------------------

@pytest.mark.parametrize("rule,round2,round3", [
    ("rotate", "Ben", "Cat"), ("same", "Ann", "Ann"), ("after_last", "Cat", "Cat")])
def test_next_rounds_starter(rule, round2, round3):
    # round 1: Ann and Ben place, Cat topples while placing (last placer: Ben)
    g = game([place("C3"), place("C3"), {"topple": "Cat"}], round_start=rule)
    assert g.current == round2
    g.apply(place("A1"))
    g.apply(place("A1"))                                # two pieces: the last placer is the
    last = g.names[g.last_placer]                       # second of the round
    g.apply({"topple": g.current})
    assert g.current == (round3 if rule != "after_last" else g.names[(g.names.index(last) + 1) % 3])


def test_round_start_roll_needs_a_start_event():
    g = game([{"topple": "Ann"}], round_start="roll")
    assert g.awaiting == "start" and g.current is None
    refused(g, place("C3"), 'roll for who starts round 2 first and record it')
    g.apply({"start": "Cat"})
    assert g.current == "Cat"


def test_a_start_event_picks_round_ones_starter():
    g = game([{"start": "Cat"}, place("C3")])
    assert g.current == "Ann" and g.history[1].text.startswith("Cat places")


def test_tie_shared_and_extra_round():
    events = [{"fix": "Ann", "points": 110}, {"fix": "Ben", "points": 100},
              {"fix": "Cat", "points": 120}, place("C3"), {"topple": "Cat", "while_placing": False}]
    g = game(events)
    assert g.over and g.winners() == ["Ann", "Cat"]
    g = game(events, tie="extra_round")
    assert not g.over and g.round == 2
    g.apply(place("C3"))
    g.apply({"topple": "Ann", "while_placing": False})
    assert g.over and g.winners() == ["Cat"]


def test_may_pass():
    g = game([place("C3"), {"pass": True}], may_pass=True)
    assert g.current == "Cat" and g.history[-1].text == "Ben passes"


def test_junior_version_keeps_no_score_and_the_toppler_is_out():
    g = game([place("C1"), place("C2"), place("C4"), place("C5"), place("C3"),
              {"topple": "Cat"}], junior=True)
    assert g.totals_json() == {"Ann": 0, "Ben": 0, "Cat": 0}
    assert g.score_json()["out"] == ["Cat"] and not g.over
    assert g.current == "Ben"
    refused(g, {"topple": "Cat", "while_placing": False}, "Cat is already out")
    g.apply(place("C3"))
    assert g.current == "Ann"
    g.apply(place("C3"))
    assert g.current == "Ben"                          # Cat's seat is skipped
    g.apply({"topple": "Ben"})
    assert g.over and g.winners() == ["Ann"]
    refused(game(junior=True), {"fix": "Ann", "points": 3}, "the junior version keeps no score")


def test_an_edited_level_map():
    g = game(levels={"A1": 4, "A2": 5})
    refused(g, {"roll": 5, "space": "A1"}, "A1 is level 4, not 5")
    g.apply({"roll": 5, "space": "A2"})
    assert "A1" in g.legal_spaces(4) and "A2" not in g.legal_spaces(4)


# ---- undo and replay ------------------------------------------------------------------

def test_undo_replays_everything_but_the_last_event():
    events = [place("C3"), place("B3"), {"topple": "Cat"}, place("A1")]
    g = game(events)
    assert g.undo() == place("A1")
    assert json.dumps(g.to_json()) == json.dumps(game(events[:3]).to_json())
    while g.events:
        g.undo()
    with pytest.raises(TablesideError, match="nothing to undo"):
        g.undo()
    assert json.dumps(g.to_json()) == json.dumps(game().to_json())


def test_random_games_agree_with_the_brute_force_scorer(script):
    brute = script("tests/topple/test_topple_scoring.py").brute_score
    rng = random.Random(7)
    for trial in range(40):
        players = TWO if trial % 2 else THREE
        own, after3 = rng.random() < 0.5, rng.random() < 0.5
        g = game(players=players, completion_counts_own_stack=own,
                 tall_stack="after3" if after3 else "before3")
        grid = [[[] for _ in range(5)] for _ in range(5)]
        expected = dict.fromkeys(g.names, 0)
        for _ in range(60):
            if g.over:
                break
            if rng.random() < 0.03:
                who = g.current
                g.apply({"topple": who, "while_placing": True})
                expected[who] -= 10
                expected[g.names[(g.names.index(who) - 1) % len(g.names)]] += 3
                grid = [[[] for _ in range(5)] for _ in range(5)]
                continue
            roll = rng.randint(1, 6)
            space = rng.choice(g.legal_spaces(roll))
            seat = g.setup.seats[g.turn]
            colour = rng.choice([c for c in seat.colours if g.pieces_left(c)])
            r, c = "ABCDE".index(space[0]), int(space[1]) - 1
            pts = brute(grid, r, c, colour, own, after3)
            round_before = g.round
            g.apply({"roll": roll, "space": space, "colour": colour})
            expected[seat.name] += pts
            grid[r][c].append(colour)
            if g.round != round_before:
                grid = [[[] for _ in range(5)] for _ in range(5)]
        assert g.totals_json() == expected


def test_garbage_events_are_refused_with_a_reason_never_a_crash():
    """Odd JSON from a hand-written file or a client: a TablesideError, one line, no change."""
    rng = random.Random(3)
    values = [None, True, False, 0, 1, -1, 6, 7, 2.5, "", "C3", "c3", "F7", "Ann", "ann", "pink",
              "Dan", "\n", [], {}, ["C3"], {"a": 1}, 10 ** 20, "x" * 500]
    keys = ["roll", "space", "colour", "player", "topple", "while_placing", "pass", "start",
            "fix", "points", "reason", "other"]
    g = game([place("C3")], may_pass=True)
    for _ in range(3000):
        event = {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 4))}
        before = json.dumps(g.to_json())
        try:
            g.apply(event)
        except TablesideError as e:
            assert "\n" not in str(e) and len(str(e)) < 300, (event, str(e))
            assert json.dumps(g.to_json()) == before
        if g.over:
            g.undo()


def test_garbage_setups_are_refused_with_a_reason_never_a_crash():
    rng = random.Random(5)
    values = [None, True, 0, 3, -5, 2.5, "", "x" * 300, "pink", [], {}, ["pink"], [1, 2],
              {"tall_stack": "after3"}, {"levels": {"Z9": 1}}, {"levels": []}, {"junior": "yes"}]
    for _ in range(1500):
        players = [{"name": rng.choice(["Ann", "Ben", "Cat", "", None, "Ann"]),
                    "colours": rng.choice(values)} for _ in range(rng.randint(0, 5))]
        data = {"players": rng.choice([players, rng.choice(values)]),
                "target": rng.choice(values + [100]), "rules": rng.choice(values)}
        try:
            Game.from_json(data)
        except TablesideError as e:
            assert "\n" not in str(e) and len(str(e)) < 300, (data, str(e))


def test_b5_a_piece_falling_later_counts_against_the_last_placer():
    g = game([place("C3"), place("B3")])                  # Ann, Ben placed; Cat in turn
    refused(g, {"topple": "Ann", "late_fall": True},
            "count against the last player to place (Ben), not Ann (rule B5)")
    refused(g, {"topple": "Ben", "late_fall": True, "while_placing": True},
            "a late fall takes no while_placing")
    refused(g, {"topple": "Ben", "late_fall": "yes"}, "late_fall must be true or false")
    g.apply({"topple": "Ben", "late_fall": True})
    assert g.history[-1].changes == {"Ben": -10, "Ann": 3}
    assert g.events[-1] == {"topple": "Ben", "late_fall": True}
    assert g.history[-1].text.startswith("Ben's piece fell by itself: Ben -10, Ann +3")
    refused(g, {"topple": "Ann", "late_fall": True}, "nothing has been placed this round")


def test_the_score_sheets_shape_adds_up_to_the_totals():
    g = game([place("C1"), place("C2"), place("C4"), place("C5"), place("C3"),
              {"fix": "Cat", "points": 2}, {"topple": "Cat"}, place("C3")], players=THREE)
    sheet = g.sheet_json()
    assert sheet["players"] == THREE and sheet["target"] == 100
    assert sheet["rounds"] == [{"points": {"Ann": {"pink": 0}, "Ben": {"yellow": 4},
                                           "Cat": {"orange": 2}},
                                "topples": {"Cat": -10, "Ben": 3}}]    # round 2 is not over
    two = game([place("C1", "pink"), place("C2", "orange"), place("C4", "pink"),
                place("C5", "green"), place("C3", "yellow"), {"topple": "Ben"}], players=TWO)
    row = two.sheet_json()["rounds"][0]
    assert row["points"]["Ann"] == {"pink": 0, "yellow": 3} and row["topples"] == {"Ben": -10,
                                                                                  "Ann": 3}
    for g in (g, two):
        ends = g.rounds[-1].totals
        for name in g.names:
            r = g.sheet_json()["rounds"]
            assert sum(sum(x["points"][name].values()) + x["topples"].get(name, 0)
                       for x in r) == ends[name]
