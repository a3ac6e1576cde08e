"""The golden deal D3 (rules document P8) through the engine's own moves: a plain depth-first
search over legal moves finds the document's WIN under the defaults, with a face-up stock top
and with three piles, and its solution replays as a dealt game.  (The solver's exact verdicts,
NO WIN included, are tested with the solver.)"""
import sys

import pytest

from assistant.pyramid.deck import parse_deck
from assistant.pyramid.game import new_dealt_game
from assistant.pyramid.moves import apply, legal_moves
from assistant.pyramid.rules import Rules
from assistant.pyramid.state import initial_state
from pyr_helpers import D3


def first_win(state):
    seen = set()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))

    def dfs(s, path):
        if s.pyramid_removed == 28:
            return path
        key = (s.pyramid, s.waste, s.stock, s.stock_top, s.pass_no)
        if key in seen:
            return None
        seen.add(key)
        for m in legal_moves(s):
            found = dfs(apply(s, m), path + [m])
            if found:
                return found
        return None
    return dfs(state, [])


@pytest.mark.parametrize("rules", [Rules(), Rules(stock_top_available=True), Rules(draw="three_piles")],
                         ids=["defaults", "stock_top_available", "three_piles"])
def test_d3_is_won(rules):
    moves = first_win(initial_state(parse_deck(D3), rules))
    assert moves, "the document says WIN"
    g = new_dealt_game(deck=D3, rules=rules)
    for m in moves:
        kind = next(iter(m))
        g.apply({"type": kind, "cards": m[kind]} if kind == "remove" else {"type": kind})
    assert g.result()["won"] and g.over
