"""The C solver against an independent brute force, action by action.

The brute force shares nothing with the solver but the rules (assistant.bowling.rules,
the one home of legality): it lists every explicit arrangement of the unseen
cards in the face-down slots and runs expectimax over information sets.  At a
decision node the player knows only the set of arrangements consistent with
what has been turned up; a reveal splits that set by the card it shows, each
part with probability (part size) / (set size); decisions maximise.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations

import pytest

from assistant.bowling.frame import Frame
from assistant.bowling.layout import FULL, GROUPS, PINS
from assistant.bowling.objectives import Weights
from assistant.bowling.rules import Variant, legal_groups
from assistant.bowling.solver import DealSolver, hint
from assistant.bowling.state import FrameState

WEIGHTS = {
    "pins": Weights(1, 1, 0, 0),
    "strike": Weights(0, 0, 1, 0),
    "clear": Weights(0, 0, 1, 1),
    "game-like": Weights(2, 1, 13.7, 7.3),
    "odd": Weights(0.5, 3, -2, 4),
}


def arrangements(unseen: list[int], downs: tuple[int, ...]) -> frozenset:
    """Every distinct way to put the unseen cards face down, as piles top first."""
    out = set()
    for perm in set(permutations(unseen)):
        piles, i = [], 0
        for d in downs:
            piles.append(tuple(perm[i:i + d]))
            i += d
        out.add(tuple(piles))
    return frozenset(out)


class BruteForce:
    def __init__(self, pin_values: dict, w: Weights, variant: Variant):
        self.pins = dict(pin_values)
        self.w = w
        self.variant = variant
        self.value = lru_cache(maxsize=None)(self._value)

    def _pins_of(self, standing: int) -> dict:
        return {p: v for i, p in enumerate(PINS) if standing >> i & 1
                for v in [self.pins[p]]}

    def plays(self, standing, tops):
        for i, t in enumerate(tops):
            if t is None:
                continue
            for g in legal_groups(standing, self._pins_of(standing), t, self.variant):
                yield i, g

    def reveal(self, arrs: frozenset, pile: int):
        """(probability, card or None, remaining arrangements) for turning up `pile`."""
        parts: dict = {}
        for a in arrs:
            card = a[pile][0] if a[pile] else None
            rest = a[:pile] + (a[pile][1:],) + a[pile + 1:]
            parts.setdefault(card, set()).add(rest)
        return [(len(s) / len(arrs), card, frozenset(s)) for card, s in parts.items()]

    def play_value(self, standing, ball, tops, arrs, i, g):
        k = bin(g).count("1")
        r = (self.w.m1 if ball == 1 else self.w.m2) * k
        ns = standing & ~g
        if ns == 0:
            return r + (self.w.s if ball == 1 else self.w.p)
        total = 0.0
        for prob, card, rest in self.reveal(arrs, i):
            nt = tops[:i] + (card,) + tops[i + 1:]
            total += prob * self.value(ns, ball, nt, rest)
        return r + total

    def end_value(self, standing, ball, tops, arrs):
        if ball == 2 or self.w.one_ball:
            return 0.0
        # discard every top, turn up the next card of each pile: one reveal per pile
        branches = [(1.0, (None, None, None), arrs)]
        for i in range(3):
            nxt = []
            for prob, tp, a in branches:
                for p2, card, rest in self.reveal(a, i):
                    nxt.append((prob * p2, tp[:i] + (card,) + tp[i + 1:], rest))
            branches = nxt
        return sum(p * self.value(standing, 2, tp, a) for p, tp, a in branches)

    def actions(self, standing, ball, tops, arrs):
        out = [((i + 1, g), self.play_value(standing, ball, tops, arrs, i, g))
               for i, g in self.plays(standing, tops)]
        out.append(((0, None), self.end_value(standing, ball, tops, arrs)))
        return out

    def _value(self, standing, ball, tops, arrs):
        return max(v for _, v in self.actions(standing, ball, tops, arrs))


def random_state(rng: random.Random, max_unseen: int, variant=Variant.SACKSON_1969,
                 one_ball=False) -> tuple[Frame, FrameState]:
    """A reachable state: a random deal played at random until few cards are unseen."""
    while True:
        f = Frame.dealt(rng, 1 if one_ball else 2, variant)
        while not f.over:
            st = f.state()
            n = sum(st.unseen.values())
            plays = f.legal_plays()
            if n <= max_unseen and rng.random() < 0.6:
                return f, st
            if not plays or rng.random() < 0.12:
                f.end_ball()
            else:
                pl = rng.choice(plays)
                f.play(pl.pile, pl.pins)


def compare(st: FrameState, w: Weights, variant=Variant.SACKSON_1969):
    solver = DealSolver(st.pins, w, variant)
    got = solver.actions(st)
    bf = BruteForce(st.pins, w, variant)
    unseen = [v for v, n in st.unseen.items() for _ in range(n)]
    arrs = arrangements(unseen, tuple(p.down for p in st.piles))
    tops = tuple(p.top for p in st.piles)
    want = bf.actions(st.standing, st.ball, tops, arrs)
    assert len(got) == len(want)
    group_index = {g: i for i, g in enumerate(GROUPS)}
    for a, ((pile, g), v) in zip(got, want):
        if g is None:
            assert a.play is None
        else:
            assert a.play is not None and a.play.pile == pile
            assert GROUPS[group_index[g]] == sum(1 << PINS.index(p) for p in a.play.pins)
        assert a.value == pytest.approx(v, abs=1e-9), (st.to_json(), a, v)
    return got


@pytest.mark.parametrize("name", sorted(WEIGHTS))
def test_every_action_value_matches_brute_force(name):
    rng = random.Random(f"exact-{name}")
    w = WEIGHTS[name]
    for _ in range(25):
        _, st = random_state(rng, max_unseen=4)
        compare(st, w)


@pytest.mark.parametrize("name", ["pins", "game-like"])
def test_one_ball_deals_match_brute_force(name):
    rng = random.Random(f"one-{name}")
    w = Weights(*WEIGHTS[name].as_tuple(), one_ball=True)
    for _ in range(20):
        _, st = random_state(rng, max_unseen=4, one_ball=True)
        got = compare(st, w)
        end = [a for a in got if a.play is None][0]
        assert end.value == 0.0   # a one-ball deal ends with its only ball


def test_german_variant_matches_brute_force():
    rng = random.Random("german")
    for _ in range(20):
        _, st = random_state(rng, max_unseen=4, variant=Variant.GERMAN_CENTRE_PIN)
        compare(st, WEIGHTS["game-like"], Variant.GERMAN_CENTRE_PIN)


def test_first_play_states_match_brute_force():
    """All ten pins standing (restriction 1 in force), a few cards unseen."""
    rng = random.Random("first")
    done = 0
    while done < 12:
        f = Frame.dealt(rng)
        # end ball 1 at once: ball 2 opens with all ten pins and 4 unseen cards
        if f.ball == 1:
            f.end_ball()
        if f.over or f.ball != 2:
            continue
        st = f.state()
        assert st.standing == FULL
        compare(st, WEIGHTS["clear"])
        compare(st, WEIGHTS["game-like"])
        done += 1


def test_brute_force_can_disagree():
    """The comparison is not vacuous: a wrong weight changes the values."""
    rng = random.Random("vacuous")
    _, st = random_state(rng, max_unseen=3)
    with pytest.raises(AssertionError):
        solver = DealSolver(st.pins, Weights(1, 1, 0, 0))
        got = solver.actions(st)
        bf = BruteForce(st.pins, Weights(1, 1.5, 0.5, 0), Variant.SACKSON_1969)
        unseen = [v for v, n in st.unseen.items() for _ in range(n)]
        arrs = arrangements(unseen, tuple(p.down for p in st.piles))
        want = bf.actions(st.standing, st.ball, tuple(p.top for p in st.piles), arrs)
        for a, (_, v) in zip(got, want):
            assert a.value == pytest.approx(v, abs=1e-9)


def test_hint_values_equal_solver_values():
    rng = random.Random("hint")
    _, st = random_state(rng, max_unseen=4)
    h = hint(st, weights=(1, 1, 0, 0))
    bf = BruteForce(st.pins, Weights(1, 1, 0, 0), Variant.SACKSON_1969)
    unseen = [v for v, n in st.unseen.items() for _ in range(n)]
    arrs = arrangements(unseen, tuple(p.down for p in st.piles))
    best = bf.value(st.standing, st.ball, tuple(p.top for p in st.piles), arrs)
    assert h.value == pytest.approx(best, abs=1e-9)


def test_perfect_information_matches_brute_force_and_bounds_the_blind_value():
    """Knowing the arrangement is an information set of one; on average it never hurts."""
    rng = random.Random("perfect")
    w = WEIGHTS["game-like"]
    for _ in range(12):
        _, st = random_state(rng, max_unseen=4)
        unseen = [v for v, n in st.unseen.items() for _ in range(n)]
        arrs = arrangements(unseen, tuple(p.down for p in st.piles))
        tops = tuple(p.top for p in st.piles)
        bf = BruteForce(st.pins, w, Variant.SACKSON_1969)
        blind = bf.value(st.standing, st.ball, tops, arrs)
        total = 0.0
        for arr in arrs:
            seer = DealSolver(st.pins, w, hidden=arr).actions(st)
            want = bf.actions(st.standing, st.ball, tops, frozenset([arr]))
            for a, (_, v) in zip(seer, want):
                assert a.value == pytest.approx(v, abs=1e-9)
            total += max(a.value for a in seer)
        assert total / len(arrs) >= blind - 1e-9
