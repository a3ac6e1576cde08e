"""The C solver against a slow breadth-first search written here from the rule text.

Small cases (the top rows of a pyramid, a short stock, few ranks) under every
switch: the verdict, the length of a shortest win, the most pyramid cards
removable for a loss, and the solver's line replayed move by move by this file's
own rules must agree.  Nothing here imports the C core's tables.
"""
import random
from collections import deque

import pytest

from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import solve_position

ROWS = 7
PLACES = [f"{r}.{c}" for r in range(1, ROWS + 1) for c in range(1, r + 1)]


def idx(r, c):
    return r * (r - 1) // 2 + c - 1


def coverers(i):
    r, c = map(int, PLACES[i].split("."))
    return () if r == ROWS else (idx(r + 1, c), idx(r + 1, c + 1))


# ---- the rules, written from the rules document ---------------------------------
# a state: (pyramid ranks (0 = gone), waste piles (tuples, bottom..top), stock (top first), recycles)

def available(state, rules):
    pyr, piles, stock, _ = state
    out = {}
    for i, v in enumerate(pyr):
        if v and not any(pyr[j] for j in coverers(i)):
            out[PLACES[i]] = v
    if rules.draw == "one":
        if piles[0]:
            out["waste"] = piles[0][-1]
        if rules.stock_top_available and stock:
            out["stock"] = stock[0]
    else:
        for j, pile in enumerate(piles):
            if pile:
                out[f"w{j + 1}"] = pile[-1]
    return out


def won(state, rules):
    pyr, piles, stock, _ = state
    return not any(pyr) and (rules.goal == "pyramid" or not (stock or any(piles)))


def can_recycle(state, rules):
    _, piles, stock, rec = state
    if stock or not any(piles) or rules.draw != "one":
        return False
    return rules.passes is None or rec + 1 < rules.passes


def moves(state, rules):
    if won(state, rules):
        return []
    pyr, piles, stock, rec = state
    if rules.end == "at_empty_stock" and not stock and not can_recycle(state, rules):
        return []
    av = available(state, rules)
    names = list(av)
    out = []
    for n in names:
        if av[n] == 13:
            out.append({"remove": [n]})
    draw_cards = {"waste", "stock", "w1", "w2", "w3"}
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            x, y = names[a], names[b]
            if av[x] + av[y] != 13:
                continue
            # two draw-pile cards: the face-up stock top with the waste top (A2), or
            # two waste-pile tops when waste_pairs (A7)
            if x in draw_cards and y in draw_cards:
                if rules.draw == "three_piles" and not rules.waste_pairs:
                    continue
            out.append({"remove": [x, y]})
    if rules.overlap_pairs:            # a card and the one card still covering it
        for i, v in enumerate(pyr):
            if not v:
                continue
            still = [j for j in coverers(i) if pyr[j]]
            if len(still) == 1 and PLACES[still[0]] in av and v + pyr[still[0]] == 13:
                out.append({"remove": [PLACES[i], PLACES[still[0]]]})
    if stock:
        out.append({"draw": True})
    elif can_recycle(state, rules):
        out.append({"recycle": True})
    return out


def apply(state, move, rules):
    pyr, piles, stock, rec = state
    pyr, piles, stock = list(pyr), [list(p) for p in piles], list(stock)
    if "draw" in move:
        k = 1 if rules.draw == "one" else 3
        for j in range(min(k, len(stock))):
            piles[j].append(stock.pop(0))
    elif "recycle" in move:
        stock, piles, rec = piles[0], [[]], rec + 1
    else:
        for n in move["remove"]:
            if n == "stock":
                stock.pop(0)
            elif n == "waste":
                piles[0].pop()
            elif n in ("w1", "w2", "w3"):
                piles[int(n[1]) - 1].pop()
            else:
                assert pyr[PLACES.index(n)]
                pyr[PLACES.index(n)] = 0
    if rules.passes is None:
        rec = 0
    return (tuple(pyr), tuple(tuple(p) for p in piles), tuple(stock), rec)


def same_move(a, b):
    if "remove" in a and "remove" in b:
        return sorted(a["remove"]) == sorted(b["remove"])
    return a == b


def bfs(start, rules):
    """(shortest win length or None, most pyramid cards removed)."""
    seen = {start}
    q = deque([(start, 0)])
    best = 0
    while q:
        s, d = q.popleft()
        best = max(best, sum(1 for v in s[0] if not v))
        if won(s, rules):
            return d, 28
        for m in moves(s, rules):
            t = apply(s, m, rules)
            if t not in seen:
                seen.add(t)
                q.append((t, d + 1))
    return None, best


RULE_SETS = {
    "seed": Rules(),
    "stock_top": Rules(stock_top_available=True),
    "passes3": Rules(passes=3),
    "microsoft": Rules(stock_top_available=True, passes=3),
    "unlimited": Rules(passes=None),
    "overlap": Rules(overlap_pairs=True),
    "all52": Rules(goal="all52", stock_top_available=True),
    "at_empty": Rules(end="at_empty_stock"),
    "three_piles": Rules(draw="three_piles"),
    "three_piles_no_waste_pairs": Rules(draw="three_piles", waste_pairs=False),
}


def small_case(rng, rules):
    rows = rng.choice([2, 2, 3, 4])
    pairs = rng.sample([(1, 12), (2, 11), (3, 10), (6, 7)], rng.choice([2, 3]))
    ranks = [r for p in pairs for r in p] + ([13] if rng.random() < 0.5 else [])
    deck = [r for r in ranks for _ in range(4)]
    rng.shuffle(deck)
    n_pyr = rows * (rows + 1) // 2
    pyramid = deck[:n_pyr] + [None] * (28 - n_pyr)
    rest = deck[n_pyr:]
    n_waste = 0 if rules.draw == "three_piles" else rng.choice([0, 0, 1, 2])
    n_stock = rng.randint(2, 7)
    waste, stock = rest[:n_waste], rest[n_waste:n_waste + n_stock]
    start = (tuple(0 if v is None else v for v in pyramid), ((tuple(waste),) if rules.draw == "one"
                                                          else ((), (), ())), tuple(stock), 0)
    return pyramid, stock, waste, start


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_solver_matches_breadth_first_search(name):
    rules = RULE_SETS[name]
    rng = random.Random(list(RULE_SETS).index(name))
    wins = 0
    for case in range(120):
        pyramid, stock, waste, start = small_case(rng, rules)
        s = solve_position(pyramid, stock, waste if rules.draw == "one" else [[], [], []], rules)
        length, most = bfs(start, rules)
        assert s.winnable == (length is not None), (name, case, pyramid, stock, waste)
        if s.winnable:
            wins += 1
            assert len(s.moves) == length, (name, case, s.moves)
            assert s.removed == 28
        else:
            assert s.removed == most, (name, case, pyramid, stock, waste, s.moves)
        # the line replays under this file's rules and ends where the solver says
        state = start
        for m in s.moves:
            legal = moves(state, rules)
            assert any(same_move(m, x) for x in legal), (name, case, m, legal)
            state = apply(state, m, rules)
        assert won(state, rules) == s.winnable
        assert sum(1 for v in state[0] if not v) == s.removed
    assert 5 <= wins <= 115, (name, wins)       # both kinds of case were met
