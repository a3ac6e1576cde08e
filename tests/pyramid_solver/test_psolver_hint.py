"""The hidden-stock hint: every legal move ranked, reproducible, Kings first, exact below the
clairvoyant bound."""
from itertools import permutations

from assistant.pyramid.deck import shuffled_deck
from assistant.pyramid.hint import EXACT_UNSEEN, hint, hint_of
from assistant.pyramid.moves import apply, is_over, legal_moves
from assistant.pyramid.policies import naive
from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import position, solve_from
from assistant.pyramid.state import initial_state, unseen_ranks, value


def same(a, b):
    if "remove" in a and "remove" in b:
        return sorted(a["remove"]) == sorted(b["remove"])
    return a == b


def late_state(seed, rules=Rules(), unseen=EXACT_UNSEEN):
    """A dealt game played by the naive player until `unseen` stock cards are left."""
    state = initial_state(shuffled_deck(seed), rules)
    while not is_over(state) and state.stock > unseen:
        state = apply(state, naive(state.player_view()))
    return state


def without_time(h):
    return {k: v for k, v in h.items() if k != "seconds"}


def test_every_legal_move_is_ranked_and_the_hint_is_reproducible():
    state = initial_state(shuffled_deck(0), Rules())
    view = state.player_view()
    h = hint(view.to_json(stock_order=False), budget=50_000)
    legal = legal_moves(view)
    assert len(h["actions"]) == len(legal)
    assert all(any(same(a["move"], m) for m in legal) for a in h["actions"])
    assert h["method"] == "sampled" and h["samples"] >= 10 and 0 < h["interval"] <= 0.5
    assert without_time(hint_of(view, budget=50_000)) == without_time(h)
    wins = [a["win"] for a in h["actions"]]
    assert wins == sorted(wins, reverse=True)
    assert h["explanation"].startswith("Best:")


def test_the_hint_does_not_peek_at_a_known_stock_on_the_first_pass():
    state = initial_state(shuffled_deck(5), Rules())
    assert state.stock_order is not None
    assert without_time(hint_of(state, budget=30_000)) == \
        without_time(hint_of(state.player_view(), budget=30_000))


def test_never_a_draw_while_a_king_is_available():
    for seed in range(60):
        state = initial_state(shuffled_deck(seed), Rules())
        moves = legal_moves(state)
        if any(len(m.get("remove", ())) == 1 for m in moves):
            h = hint_of(state.player_view(), budget=20_000)
            assert "draw" not in h["best"]
            assert len(h["best"]["remove"]) == 1 or h["actions"][0]["move"] == h["best"]
            return
    raise AssertionError("no deal with a King in the base row among 60")


def test_exact_hint_is_a_probability_below_the_clairvoyant_average():
    checked = 0
    for seed in range(60):
        state = late_state(seed)
        if is_over(state) or state.stock == 0:
            continue
        h = hint_of(state.player_view())
        if h["method"] in ("only_move", "safe_first"):      # nothing searched: no number to check
            continue
        assert h["method"] == "exact"
        best = h["actions"][0]["win"]
        assert 0.0 <= best <= 1.0
        # the clairvoyant bound: every distinct order of the unseen cards solved with full knowledge
        unseen = [v + 1 for v, n in enumerate(unseen_ranks(state.player_view())) for _ in range(n)]
        orders = set(permutations(unseen))
        waste = state.waste[0]
        won = sum(solve_from(position(list(state.pyramid), list(o), list(waste), state.rules,
                                      state.pass_no), shortest=False).winnable for o in orders)
        assert best <= won / len(orders) + 1e-9
        if won == 0:
            assert best == 0.0
        checked += 1
    assert checked >= 10


def test_when_every_sampled_order_is_too_hard_one_more_is_searched_with_the_whole_budget(monkeypatch):
    """A position where no stock order can be searched within one order's share still gets a
    hint (one order, searched with all the hint may spend); only when that fails too does the
    hint say it cannot help."""
    import assistant.pyramid.hint as hint_module
    from assistant.pyramid.solver import SolverError
    real = hint_module.solve_from
    caps = []

    def hard_below(cap_needed):
        def solve(*a, max_states=None, **kw):
            caps.append(max_states)
            if max_states is not None and max_states < cap_needed:
                raise SolverError("too many positions")
            return real(*a, max_states=max_states, **kw)
        return solve
    view = initial_state(shuffled_deck(0), Rules()).player_view()
    monkeypatch.setattr(hint_module, "solve_from", hard_below(2_000_000))
    h = hint_of(view, budget=50_000)
    assert h["method"] == "sampled" and h["samples"] == 1 and h["best"] is not None
    assert max(caps) == 2_000_000 and caps.count(2_000_000) == len(legal_moves(view))
    monkeypatch.setattr(hint_module, "solve_from", hard_below(10 ** 12))
    try:
        hint_of(view, budget=50_000)
    except SolverError as e:
        assert "too hard" in str(e)
    else:
        raise AssertionError("a hint with no order searched must say so")


def test_a_blind_simulation_plays_on_when_the_hint_cannot_help(monkeypatch):
    """simulate --policy hint never stops on a hard position: the naive player's move is
    played there, and the summary counts such moves."""
    import assistant.pyramid.simulate as sim
    from assistant.pyramid.solver import SolverError

    def no_hint(*a, **kw):
        raise SolverError("every sampled stock order was too hard")
    monkeypatch.setattr(sim, "hint_of", no_hint)
    blind = sim.simulate(3, seed=11, policy="hint")
    plain = sim.simulate(3, seed=11, policy="naive")
    assert (blind.wins, blind.removed) == (plain.wins, plain.removed)
    assert blind.fallback_moves > 0 and blind.to_json()["fallback_moves"] == blind.fallback_moves
    assert "by the naive rule" in blind.line() and "fallback_moves" not in plain.to_json()
