"""legal_moves and check against a slow enumeration written straight from the rule text
(rules document sections 3-5 and the switches A1..A7), over many random reachable states."""
import itertools
import json
import random

import pytest

from assistant.common import RANKS
from assistant.pyramid.deck import shuffled_deck
from assistant.pyramid.moves import MoveError, apply, check, is_over, legal_moves
from assistant.pyramid.rules import Rules
from assistant.pyramid.state import State, initial_state

RULE_SETS = [
    Rules(), Rules(stock_top_available=True, passes=3), Rules(stock_top_available=True, goal="all52"),
    Rules(draw="three_piles"), Rules(draw="three_piles", waste_pairs=False),
    Rules(overlap_pairs=True), Rules(draw="three_piles", stock_top_available=True, passes=None),
    Rules(passes=None, overlap_pairs=True), Rules(end="at_empty_stock", passes=3),
]


def val(card):
    return RANKS.index(card.rank) + 1


def slow_moves(s: State):
    """Every legal move as a set of (kind, frozenset of sources), from the rule text."""
    r = s.rules
    if slow_over(s):
        return set()
    present = {f"{row}.{c}": s.pyramid[row * (row - 1) // 2 + c - 1]
               for row in range(1, 8) for c in range(1, row + 1)}
    present = {p: card for p, card in present.items() if card is not None}

    def covering(place):          # the cards overlapping `place` that are still there
        row, c = map(int, place.split("."))
        return [q for q in (f"{row + 1}.{c}", f"{row + 1}.{c + 1}") if q in present] if row < 7 else []
    exposed = {p: card for p, card in present.items() if not covering(p)}
    tops = {}
    names = ["waste"] if r.draw == "one" else ["w1", "w2", "w3"]
    for name, pile in zip(names, s.waste):
        if pile:
            tops[name] = pile[-1]
    if r.stock_top_available and s.stock_top is not None:
        tops["stock"] = s.stock_top
    available = {**exposed, **tops}
    out = {("remove", frozenset([a])) for a, card in available.items() if val(card) == 13}
    for a, b in itertools.combinations(available, 2):
        if val(available[a]) + val(available[b]) != 13:
            continue
        if a in ("w1", "w2", "w3") and b in ("w1", "w2", "w3") and not r.waste_pairs:
            continue
        out.add(("remove", frozenset([a, b])))
    if r.overlap_pairs:   # A6: a card with one card still on it may pair with that card
        for p, card in present.items():
            cov = covering(p)
            if len(cov) == 1 and cov[0] in exposed and val(card) + val(present[cov[0]]) == 13:
                out.add(("remove", frozenset([p, cov[0]])))
    if s.stock or s.stock_top is not None:
        out.add(("draw", None))
    elif any(s.waste) and (r.passes is None or s.pass_no < r.passes):
        out.add(("recycle", None))
    return out


def slow_over(s: State) -> bool:
    r = s.rules
    if (len(s.out) == 52) if r.goal == "all52" else all(c is None for c in s.pyramid):
        return True
    return False   # the other endings are checked through is_over below


def _slow_ignoring_end(s):
    return slow_moves(s.with_changes(rules=s.rules.with_switches({"end": "play_out"})))


def as_set(moves):
    return {("remove", frozenset(m["remove"])) if "remove" in m else (next(iter(m)), None)
            for m in moves}


def candidates(s: State):
    names = [f"{row}.{c}" for row in range(1, 8) for c in range(1, row + 1)]
    names += ["waste"] if s.rules.draw == "one" else ["w1", "w2", "w3"]
    names += ["stock"] if s.rules.stock_top_available else []
    return [[a] for a in names] + [list(p) for p in itertools.combinations(names, 2)]


def random_states(rules, deals, rng):
    for d in deals:
        s = initial_state(shuffled_deck(d), rules)
        for _ in range(300):
            yield s
            moves = legal_moves(s)
            if not moves:
                break
            removals = [m for m in moves if "remove" in m]
            # mostly remove (to reach deep shapes), sometimes draw even when a removal exists
            pick = rng.choice(removals) if removals and rng.random() < 0.7 else rng.choice(moves)
            s = apply(s, pick)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: json.dumps(r.as_json(), sort_keys=True))
def test_legal_moves_match_the_rule_text(rules):
    rng = random.Random(7)
    checked = 0
    for k, s in enumerate(random_states(rules, range(10), rng)):
        fast = legal_moves(s)
        assert len(fast) == len(as_set(fast)), "a move is listed twice"
        if is_over(s):
            assert fast == []
            if not slow_over(s):        # a loss: only rule 15 / A5, or no removal ever again
                removals_now = {m for m in _slow_ignoring_end(s) if m[0] == "remove"}
                assert s.stock_empty or rules.passes is None
                assert not removals_now or (rules.end == "at_empty_stock" and s.stock_empty)
            continue
        assert fast, "a game that is not over always has a move"

        assert as_set(fast) == slow_moves(s)
        assert State.from_json(json.loads(json.dumps(s.to_json()))) == s   # every state round-trips
        if k % 15 == 0:                                                   # check() agrees, candidate by candidate
            legal = as_set(fast)
            for names in candidates(s):
                move = {"remove": names}
                if ("remove", frozenset(names)) in legal:
                    check(s, move)
                else:
                    with pytest.raises(MoveError):
                        check(s, move)
        checked += 1
    assert checked > 200


def test_the_documented_order():
    """Kings, pyramid pairs, pyramid + draw pile, draw-pile pairs, draw, recycle."""
    rng = random.Random(3)
    rules = Rules(draw="three_piles", stock_top_available=True, overlap_pairs=True, passes=3)
    for s in random_states(rules, range(6), rng):
        moves = legal_moves(s)

        def group(m):
            if "draw" in m:
                return 4
            if "recycle" in m:
                return 5
            names = m["remove"]
            if len(names) == 1:
                return 0
            pyr = sum("." in n for n in names)
            return {2: 1, 1: 2, 0: 3}[pyr]
        assert [group(m) for m in moves] == sorted(group(m) for m in moves)


@pytest.mark.parametrize("rules", RULE_SETS[:7], ids=lambda r: json.dumps(r.as_json(), sort_keys=True))
def test_a_hidden_stock_fed_the_turned_cards_follows_the_known_deal(rules):
    """apply(state, move, turned) on a state without the stock's order (a real table) gives the
    same states as the dealt deck, once each turned card is reported."""
    from assistant.pyramid.moves import cards_turned
    rng = random.Random(11)
    for d in range(4):
        known = initial_state(shuffled_deck(100 + d), rules)
        hidden = known.with_changes(stock_order=None)
        for _ in range(150):
            moves = legal_moves(known)
            assert moves == legal_moves(hidden)
            if not moves:
                break
            m = rng.choice(moves)
            n = cards_turned(known, m)
            turned = list(known.stock_order[:n])
            known, hidden = apply(known, m), apply(hidden, m, turned)
            if hidden.stock_order is None:
                assert hidden == known.with_changes(stock_order=None)
            else:                                   # after a recycle both know the stock
                assert hidden == known
