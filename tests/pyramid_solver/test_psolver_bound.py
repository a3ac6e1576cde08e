"""The C core's bounds against the slow breadth-first search of test_psolver_bruteforce.

The upper bound on pyramid cards removable (which also declares a position dead,
no win through it, when it falls below 28) is the most a relaxed game removes:
the pyramid as it is, and the draw-pile cards that may still become available
as a pool, all available at any time.  The A* heuristic (removals plus the draws
needed to reach the stock cards the pyramid must pair with) must never exceed
the moves a win still needs.  Both are checked on every position reachable in
small cases under every switch; the cases below include positions that only the
pyramid's order proves lost (every card has a partner it may meet, the counts
agree, yet no order of removals frees them all).
"""
import random
import sys
from pathlib import Path

from assistant.pyramid import _pyramidcore
from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import position, solve_position, tables

sys.path.insert(0, str(Path(__file__).parent))
from test_psolver_bruteforce import RULE_SETS, apply, bfs, moves, small_case, won  # noqa: E402

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
    # none to come.  One 6 must stay, and it holds up a King of row 2 and the apex
    # King: at most the 22 places not dealt, the 7, the other 6 and one King = 25.
    # Counting per rank (the bound before the relaxed game) gave 26; the relaxed
    # game plays the pyramid's order out and is exact here.
    rules = Rules()
    pyramid = [13, 13, 13, 6, 7, 6] + [None] * 22
    stock = [1, 12]
    blocked, ub = bound(pyramid, stock, [], rules)
    start = (tuple(v or 0 for v in pyramid), ((),), tuple(stock), 0)
    length, most = bfs(start, rules)
    s = solve_position(pyramid, stock, [], rules)
    assert blocked == 0 and ub == 25 and length is None and most == s.removed == 25


def as_position(state, rules):
    pyr, piles, stock, rec = state
    pyramid = [v or None for v in pyr]
    waste = list(piles[0]) if rules.draw == "one" else [list(p) for p in piles]
    return position(pyramid, list(stock), waste, rules, 1 if rules.passes is None else rec + 1)


def test_bounds_hold_on_every_reachable_position():
    for name, rules in RULE_SETS.items():
        rng = random.Random(200 + list(RULE_SETS).index(name))
        for case in range(15):
            _, _, _, start = small_case(rng, rules)
            # every reachable position and its moves
            graph, todo = {start: None}, [start]
            while todo:
                s = todo.pop()
                graph[s] = [apply(s, m, rules) for m in moves(s, rules)]
                for t in graph[s]:
                    if t not in graph:
                        graph[t] = None
                        todo.append(t)
            # the most pyramid cards removable and the moves to a win, from each (to a fixpoint:
            # with unlimited passes the positions can go round)
            most = {s: sum(1 for v in s[0] if not v) for s in graph}
            dist = {s: 0 for s in graph if won(s, rules)}
            changed = True
            while changed:
                changed = False
                for s, kids in graph.items():
                    m = max([most[s]] + [most[t] for t in kids])
                    if m > most[s]:
                        most[s], changed = m, True
                    d = min([dist[t] + 1 for t in kids if t in dist], default=None)
                    if d is not None and not won(s, rules) and d < dist.get(s, 1 << 30):
                        dist[s], changed = d, True
            for s in graph:
                p = as_position(s, rules)
                h, _, ub = _pyramidcore.bounds(tables(rules), p.ranks, p.key)
                assert ub >= most[s], (name, case, s)
                if s in dist:
                    assert ub == 28 and h <= dist[s], (name, case, s, h, dist[s])
