"""The hint's shortcuts: moves it gives without searching, each one checked to be the move a
search could not beat.  `safe_move` is checked against this repository's brute-force search
(test_psolver_bruteforce.py, written from the rule text), not against the C solver."""
import random

import pytest

import assistant.pyramid.hint as hint_module
from assistant.pyramid.deck import shuffled_deck
from assistant.pyramid.hint import hint_of, safe_move
from assistant.pyramid.moves import legal_moves
from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import position
from assistant.pyramid.state import initial_state

from .test_psolver_bruteforce import RULE_SETS, apply, bfs, moves, same_move


def no_search(monkeypatch):
    """Make any search fail the test: a shortcut must not search."""
    def boom(*a, **kw):
        raise AssertionError("the shortcut searched")
    monkeypatch.setattr(hint_module, "solve_from", boom)


def opening(seed, rules=Rules()):
    return initial_state(shuffled_deck(seed), rules).player_view()


def first_opening(test, rules=Rules(), limit=200):
    for seed in range(limit):
        view = opening(seed, rules)
        if test(legal_moves(view)):
            return view
    raise AssertionError("no such opening")


def test_the_only_legal_move_is_returned_without_a_search(monkeypatch):
    view = first_opening(lambda ms: len(ms) == 1)
    no_search(monkeypatch)
    h = hint_of(view)
    assert h["best"] == {"draw": True} and h["method"] == "only_move" and h["samples"] == 0
    assert h["actions"] == [{"move": {"draw": True}, "win": None, "removed": None}]
    assert "only legal move" in h["reason"] and h["explanation"].endswith(h["reason"])


@pytest.mark.parametrize("preset", ["seed", "microsoft"])
def test_an_exposed_king_is_taken_first_without_a_search(monkeypatch, preset):
    rules = Rules.from_text(preset)
    view = first_opening(lambda ms: any(len(m.get("remove", ())) == 1 for m in ms)
                         and any(len(m.get("remove", ())) == 2 for m in ms), rules)
    no_search(monkeypatch)
    h = hint_of(view, seed=5)
    assert len(h["best"]["remove"]) == 1 and h["method"] == "safe_first" and h["samples"] == 0
    assert h == hint_of(view, seed=5) | {"seconds": h["seconds"]}
    assert len(h["actions"]) == len(legal_moves(view)) and "King" in h["reason"]


def test_the_last_two_cards_of_partner_ranks_are_taken_first(monkeypatch):
    # a Q and an A exposed at the base; the three other Queens and Aces are already out
    ranks = [5] * 28
    ranks[21], ranks[22] = 12, 1         # 7.1 and 7.2
    stock = [7, 6, 5, 8]
    pos = position(ranks, stock, [], Rules())
    assert safe_move(pos) == {"remove": ["7.1", "7.2"]}
    # a second Ace anywhere (here in the stock) and the pair is no longer the last one
    assert safe_move(position(ranks, [7, 1, 5, 8], [], Rules())) is None


# ---- the safe move is never beaten: brute force over small positions, every switch ----------

def small_position(rng, rules):
    """A few pyramid rows, a short stock and waste, ranks drawn so that Kings and last
    partner pairs occur often, on the pyramid and in the waste/stock alike."""
    rows = rng.choice([2, 3, 3, 4])
    n_pyr = rows * (rows + 1) // 2
    ranks = rng.sample([(1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)], 3)
    pool = [r for pair in ranks for r in pair for _ in range(rng.choice([1, 1, 2]))] + [13] * rng.randint(1, 3)
    n = n_pyr + rng.randint(2, 6)
    while len(pool) < n:
        pool.append(rng.choice(pool))
    rng.shuffle(pool)
    pyramid = pool[:n_pyr] + [None] * (28 - n_pyr)
    rest = pool[n_pyr:n]
    if rules.draw == "three_piles":
        k = rng.choice([0, 3])
        piles = [rest[j:k:3] for j in range(3)]
        stock = rest[k:]
        start_piles = tuple(tuple(p) for p in piles)
        pos = position(pyramid, stock, piles, rules)
    else:
        k = rng.randint(0, len(rest) - 1)
        waste, stock = rest[:k], rest[k:]
        start_piles = (tuple(waste),)
        pos = position(pyramid, stock, waste, rules)
    start = (tuple(v or 0 for v in pyramid), start_piles, tuple(stock), 0)
    return pos, start


def value(state, rules):
    length, most = bfs(state, rules)
    return (length is not None, most)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_safe_move_is_never_beaten_with_the_stock_known(name):
    """Every stock order is one case: if taking the safe move first is never worse with the
    order known, for every order, whatever is found here is a true counterexample."""
    rules = RULE_SETS[name]
    rng = random.Random(1000 + list(RULE_SETS).index(name))
    met = 0
    for case in range(400):
        pos, start = small_position(rng, rules)
        move = safe_move(pos)
        if move is None:
            continue
        legal = moves(start, rules)
        assert any(same_move(move, m) for m in legal), (name, case, move, legal)
        best = value(apply(start, move, rules), rules)
        for m in legal:
            assert value(apply(start, m, rules), rules) <= best, (name, case, start, move, m)
        met += 1
    assert met >= 50, (name, met)


def test_a_draw_pile_king_is_not_safe_when_the_game_ends_at_an_empty_stock():
    """The one switch the shortcut avoids: the last stock card a King, face up; removing it
    empties the stock and ends the game, where the waste top still had a pyramid partner."""
    rules = Rules(stock_top_available=True, end="at_empty_stock")
    ranks = [None] * 28
    ranks[0] = 6                        # 1.1 alone left
    start = (tuple(v or 0 for v in ranks), ((7,),), (13,), 0)
    pos = position(ranks, [13], [7], rules)
    assert safe_move(pos) is None
    assert value(apply(start, {"remove": ["stock"]}, rules), rules) < \
        value(apply(start, {"remove": ["1.1", "waste"]}, rules), rules)
    play_out = Rules(stock_top_available=True)
    assert safe_move(position(ranks, [13], [7], play_out)) == {"remove": ["stock"]}


def test_exact_values_are_kept_between_hints_and_change_none(monkeypatch):
    """The expectimax's memo outlives a hint: asked again, a hint searches nothing; the next
    hint of the game reuses it and gives what a hint with an empty memo gives."""
    from assistant.pyramid.moves import apply, is_over
    from assistant.pyramid.policies import naive

    from .test_psolver_hint import late_state, without_time
    for seed in range(60):
        state = late_state(seed, unseen=5)
        if is_over(state) or state.stock == 0:
            continue
        view = state.player_view()
        hint_module._EXACT.clear()
        first = without_time(hint_of(view))
        if first["method"] != "exact":
            continue
        after = apply(state, naive(view)).player_view()
        with monkeypatch.context() as m:
            no_search(m)
            assert without_time(hint_of(view)) == first
        reused = without_time(hint_of(after))
        hint_module._EXACT.clear()
        assert reused == without_time(hint_of(after))
        return
    raise AssertionError("no late state with a choice among 60 deals")


# ---- the sampled hint's early stop -------------------------------------------------------

def test_a_lead_is_clear_only_when_paired_samples_say_so():
    from assistant.pyramid.hint import clear_lead
    won, lost = (1, 28), (0, 20)
    assert clear_lead([[won, lost]] * 10)                       # wins every order the rival loses
    assert not clear_lead([[won, lost]] * 3 + [[lost, lost]] * 7)   # too few orders apart
    assert not clear_lead([[lost, lost]] * 10)                  # the same on every order: a tie
    assert not clear_lead([[won, lost], [lost, won]] * 10)      # wins apart both ways
    assert clear_lead([[(0, 21), (0, 20)]] * 10)               # no win apart: more cards, always
    assert not clear_lead([[(0, 21), (0, 20)], [(0, 19), (0, 20)]] * 10)
    assert not clear_lead([[won, lost, won]] * 10)              # the second action ties the leader
    # the bar falls as orders add up: 6 orders apart of 10 is not enough, 12 of 20 is
    assert not clear_lead([[won, lost]] * 6 + [[lost, lost]] * 4)
    assert clear_lead([[won, lost]] * 12 + [[lost, lost]] * 8)


def fake_solver(results):
    """solve_from giving each child of a sampled position a fixed (won, removed) by move order."""
    from types import SimpleNamespace
    calls = []

    def solve(child, **kw):
        i = len(calls) % len(results)
        calls.append(i)
        return SimpleNamespace(winnable=results[i][0], removed=results[i][1], states=1)
    return solve


def test_the_sampled_hint_stops_at_the_first_look_when_the_lead_is_clear(monkeypatch):
    view = opening(0)
    n = len(legal_moves(view))
    assert n >= 2
    monkeypatch.setattr(hint_module, "solve_from", fake_solver([(True, 28)] + [(False, 5)] * (n - 1)))
    h = hint_of(view, budget=10 ** 9)
    assert h["method"] == "sampled" and h["samples"] == hint_module.MIN_SAMPLES
    assert h["actions"][0]["win"] == 1.0
    monkeypatch.setattr(hint_module, "solve_from", fake_solver([(False, 5)] * n))
    assert hint_of(view, budget=10 ** 9)["samples"] == hint_module.MAX_SAMPLES   # a tie: all of them
