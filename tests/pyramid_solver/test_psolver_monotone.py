"""Loosening a switch never turns a win into a loss (rules document, P8)."""
from assistant.pyramid.deck import shuffled_deck
from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import solve

LOOSER = {
    Rules(): [Rules(stock_top_available=True), Rules(passes=3), Rules(passes=None),
              Rules(overlap_pairs=True)],
    Rules(stock_top_available=True): [Rules(stock_top_available=True, overlap_pairs=True),
                                      Rules(stock_top_available=True, passes=3)],
    Rules(goal="all52"): [Rules()],
    Rules(end="at_empty_stock"): [Rules()],
    Rules(draw="three_piles", waste_pairs=False): [Rules(draw="three_piles")],
}


def won(seed, rules):
    return solve(shuffled_deck(seed), rules, shortest=False, best=False).winnable


def test_loosening_a_switch_never_loses_a_win():
    wins = 0
    for seed in range(200):
        for strict, looser in LOOSER.items():
            if won(seed, strict):
                wins += 1
                for r in looser:
                    assert won(seed, r), (seed, strict, r)
    assert wins >= 10
