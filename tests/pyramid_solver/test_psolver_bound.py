"""The C core's upper bound on pyramid cards removable, which also declares a
position dead (no win through it) when it falls below 28, against the slow
breadth-first search of test_psolver_bruteforce.

The bound pairs, per pair of partner ranks, the free pyramid cards of one rank
with those of the other that may ever meet (a maximum matching over the places
that are never one above the other) and with the reachable draw pile; the cases
below include positions that only this matching proves dead (every card has a
partner it may meet, the counts agree, yet no pairing covers them all).
"""
import random
import sys
from pathlib import Path

from assistant.pyramid import _pyramidcore
from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import position, solve_position, tables

sys.path.insert(0, str(Path(__file__).parent))
from test_psolver_bruteforce import RULE_SETS, bfs, small_case  # noqa: E402

PAIR = {r: 13 - r for r in range(1, 13)}


def bound(pyramid, stock, waste, rules):
    p = position(pyramid, stock, waste, rules)
    _, blocked, ub = _pyramidcore.bounds(tables(rules), p.ranks, p.key)
    return blocked, ub


def test_bound_never_below_the_most_removable():
    for name, rules in RULE_SETS.items():
        rng = random.Random(100 + list(RULE_SETS).index(name))
        for case in range(80):
            pyramid, stock, waste, start = small_case(rng, rules)
            waste_arg = waste if rules.draw == "one" else [[], [], []]
            _, ub = bound(pyramid, stock, waste_arg, rules)
            length, most = bfs(start, rules)
            assert ub >= (28 if length is not None else most), (name, case, pyramid, stock, waste)


def test_matching_proves_a_loss_the_counts_miss():
    # Three rows: two 6s, two 7s and two Kings; the stock a 6 and a King.  Every
    # card has a partner it may meet (the blocked mask is empty) and the counts
    # balance (two 6s for two 7s, the stock 6 for a 7), yet in some arrangements both
    # pyramid 6s may meet only the same 7 (the other 7 is the apex, below them both):
    # one 6 must stay.  The bound says < 28 there, and brute force agrees.
    rules = Rules()
    stock = [6, 13]
    rng = random.Random(7)
    found = set()
    for _ in range(400):
        ranks = [6, 6, 7, 7, 13, 13]
        rng.shuffle(ranks)
        pyramid = ranks + [None] * 22
        blocked, ub = bound(pyramid, stock, [], rules)
        start = (tuple(v or 0 for v in pyramid), ((),), tuple(stock), 0)
        length, most = bfs(start, rules)
        assert ub >= (28 if length is not None else most)
        if blocked or ub == 28:
            continue
        assert length is None
        s = solve_position(pyramid, stock, [], rules)
        assert not s.winnable and s.removed == most
        found.add(tuple(ranks))
    assert (7, 13, 13, 6, 7, 6) in found


def test_a_waste_card_whose_partners_may_only_come_from_the_stock_buries_the_waste():
    # Two rows: an Ace under two Kings.  The waste holds a Queen under a 6, the stock
    # a 7 first.  Without a face-up stock top a waste card never pairs with a stock
    # card: the 6 can never leave, the Queen under it is buried, the Ace is blocked.
    # With the stock top available the 7 takes the 6 and the deal is won.
    pyramid = [1, 13, 13] + [None] * 25
    stock, waste = [7, 2, 11], [12, 6]
    for rules, lost in ((Rules(), True), (Rules(stock_top_available=True), False)):
        blocked, ub = bound(pyramid, stock, waste, rules)
        start = (tuple(v or 0 for v in pyramid), (tuple(waste),), tuple(stock), 0)
        length, most = bfs(start, rules)
        s = solve_position(pyramid, stock, waste, rules)
        assert (length is None) == lost == (not s.winnable)
        if lost:
            assert blocked == 1 and ub == most == s.removed == 27      # the places not dealt count as removed
        else:
            assert blocked == 0 and ub == 28 and len(s.moves) == length


def test_a_rank_falling_short_keeps_what_all_its_cards_hold_up():
    # Three rows: Kings at 1.1, 2.1 and 2.2, 6s at 3.1 and 3.3, one 7 at 3.2 and
    # none to come.  One 6 must stay, and either holds up the apex King: the bound
    # is 22 gone + 2 Kings + one 6 and the 7 = 26, not 27.  Brute force finds 25
    # (the 6 left at 3.3 also holds up 2.2).
    rules = Rules()
    pyramid = [13, 13, 13, 6, 7, 6] + [None] * 22
    stock = [1, 12]
    blocked, ub = bound(pyramid, stock, [], rules)
    start = (tuple(v or 0 for v in pyramid), ((),), tuple(stock), 0)
    length, most = bfs(start, rules)
    s = solve_position(pyramid, stock, [], rules)
    assert blocked == 0 and ub == 26 and length is None and most == s.removed == 25
