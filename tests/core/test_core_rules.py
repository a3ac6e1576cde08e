"""The play rules: restrictions, the 1969 examples, and brute force over pin subsets."""
import random
from itertools import combinations

import pytest

from assistant.bowling.layout import PINS, mask_of
from assistant.bowling.rules import Variant, explain_illegal, legal_groups
from assistant.bowling.state import FrameState

# Written out again from the rules document, independently of assistant.bowling.layout.
PAIRS = {frozenset(p) for p in
         "AB BC CD EF FG HI AE BE BF CF CG DG EH FH FI GI HJ IJ".split()}
BACK = set("ABCD")


def connected(pins):
    pins = set(pins)
    seen, todo = set(), [next(iter(pins))]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo += [q for q in pins if frozenset((p, q)) in PAIRS]
    return seen == pins


def brute_legal(standing, values, ball, variant=Variant.SACKSON_1969):
    """Every subset of standing pins a ball card may take, straight from the rule text."""
    removed = set(PINS) - set(standing)
    out = set()
    for size in (1, 2, 3):
        for combo in combinations(sorted(standing), size):
            if size > 1 and not connected(combo):
                continue
            if sum(values[p] for p in combo) % 10 != ball:
                continue
            if not removed:
                if BACK & set(combo) or combo == ("F",):
                    continue
                if variant is Variant.GERMAN_CENTRE_PIN and "F" in combo \
                        and not {"H", "I"} & set(combo):
                    continue
            elif not any(frozenset((p, r)) in PAIRS for p in combo for r in removed):
                continue
            out.add(combo)
    return out


SAMPLE = dict(zip(PINS, [2, 7, 1, 7, 2, 9, 5, 1, 8, 6]))


def groups(standing, values, ball, variant=Variant.SACKSON_1969):
    from assistant.bowling.layout import letters_of
    return {tuple(letters_of(g)) for g in legal_groups(mask_of(standing), values, ball, variant)}


def test_first_play_never_takes_back_row_or_lone_f():
    values = dict.fromkeys(PINS, 3)
    first = groups(PINS, values, 3)
    assert ("F",) not in first and ("A",) not in first
    assert ("E",) in first and ("J",) in first
    values = dict(SAMPLE)
    first = groups(PINS, values, 0)          # a 10 on the 1969 deal
    assert ("F", "H") in first               # F together with another pin is fine
    assert ("A", "B", "C") not in first      # 2+7+1 = 10 but back row


def test_german_variant_takes_f_only_with_h_or_i():
    values = dict(SAMPLE)
    assert ("E", "F") in groups(PINS, values, 1)                      # 2+9 = 11
    assert ("E", "F") not in groups(PINS, values, 1, Variant.GERMAN_CENTRE_PIN)
    assert ("F", "H") in groups(PINS, values, 0, Variant.GERMAN_CENTRE_PIN)


def test_1969_example_after_e_and_h_removed():
    standing = [p for p in PINS if p not in "EH"]
    values = dict(SAMPLE)
    values.update(C=4, G=3, F=3)  # C+G = 7, F+C+G = 10
    assert explain_illegal(mask_of("CG"), mask_of(standing), values, 7) \
        == "C+G touch no position emptied this frame"
    assert explain_illegal(mask_of("CFG"), mask_of(standing), values, 0) is None


def test_explanations_name_the_problem():
    full = mask_of(PINS)
    assert "back-row" in explain_illegal(mask_of("AB"), full, SAMPLE, 9)
    assert "F by itself" in explain_illegal(mask_of("F"), full, SAMPLE, 9)
    assert "connected" in explain_illegal(mask_of("EJ"), full, SAMPLE, 8)
    assert "at most three" in explain_illegal(mask_of("EFHI"), full, SAMPLE, 0)
    assert "does not end in 5" in explain_illegal(mask_of("HI"), full, SAMPLE, 5)
    assert "no longer standing" in explain_illegal(mask_of("H"), full & ~mask_of("H"), SAMPLE, 1)


def test_legal_plays_equal_brute_force_on_random_states():
    rng = random.Random(1969)
    checked = 0
    for _ in range(4000):
        values = {p: rng.randrange(10) for p in PINS}
        k = rng.choice([10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
        standing = sorted(rng.sample(PINS, k))
        ball = rng.randrange(10)
        variant = rng.choice(list(Variant))
        expect = brute_legal(standing, values, ball, variant)
        assert groups(standing, values, ball, variant) == expect, (standing, values, ball)
        checked += len(expect)
    assert checked > 1000  # the random states really exercise legal plays


def test_state_legal_plays_cover_every_pile_in_stable_order():
    state = FrameState.from_json({
        "pins": SAMPLE, "ball": 1, "out": [],
        "piles": [{"top": 0, "down": 4}, {"top": 0, "down": 2}, {"top": 4, "down": 1}]})
    plays = [(p.pile, "".join(p.pins)) for p in state.legal_plays()]
    assert plays == [(1, "FH"), (2, "FH"), (3, "FG"), (3, "IJ"), (3, "GHI")]


@pytest.mark.parametrize("ball", range(10))
def test_first_play_can_come_in_the_second_ball(ball):
    # A frame whose first ball took nothing: ball 2 still obeys the first-play rules.
    state = FrameState.from_json({
        "pins": SAMPLE, "ball": 2, "out": [0, 0, 4],
        "piles": [{"top": 5, "down": 3}, {"top": 3, "down": 1}, {"top": 4, "down": 0}]})
    for play in state.legal_plays():
        assert not BACK & set(play.pins) and play.pins != ("F",)
