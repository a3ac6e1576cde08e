"""Scoring: worked examples T2..T7, then the engine against a brute-force scorer.

The brute force is written here from the rule text of section 5 with other
code: it keeps the board as a raw 5x5 grid, finds every straight run of five
cells by walking the four directions from every cell, and re-reads each line
from scratch; it shares nothing with assistant.topple but the space names.
"""
import itertools
import random

import pytest

from assistant.topple.rules import Rules
from assistant.topple.scoring import score_placement

OWN = Rules(completion_counts_own_stack=True)
AFTER3 = Rules(tall_stack="after3")
ALL_SWITCHES = [Rules(completion_counts_own_stack=a, tall_stack=b)
                for a in (False, True) for b in ("before3", "after3")]


def board(**stacks):
    """board(C1="P", D4="YPO") -> {space: [colours bottom to top]} (one letter per piece)."""
    return {space: list(colours) for space, colours in stacks.items()}


# ---- worked examples ---------------------------------------------------------------

def test_t2_completing_a_line():
    b = board(C1="P", C2="Y", C4="P", C5="O")
    s = score_placement(b, "C3", "P")
    assert s.points == 5 and [p.reason for p in s.parts] == ["row C completed: 3 + 2 tops"]
    assert score_placement(b, "C3", "P", OWN).points == 6


def test_t3_adding_to_a_full_line():
    b = board(C1="P", C2="Y", C3="P", C4="O", C5="Y")
    for rules in ALL_SWITCHES:
        s = score_placement(b, "C2", "P", rules)
        assert s.points == 3, rules
    assert score_placement(b, "C2", "P").explain() == "row C was full: 3 tops"


def test_t4_tall_stack_and_its_counter_case():
    for rules in ALL_SWITCHES:
        assert score_placement(board(B3="PYP"), "B3", "P", rules).points == 3
    assert score_placement(board(B3="YP"), "B3", "P").points == 0
    s = score_placement(board(B3="YP"), "B3", "P", AFTER3)
    assert s.points == 2 and s.explain() == "stack of 3: 2 P pieces"


def test_t5_two_lines_at_once():
    b = board(C1="P", C2="Y", C4="Y", C5="O", A3="P", B3="P", D3="Y", E3="Y")
    s = score_placement(b, "C3", "P")
    assert s.points == 9
    assert sorted(p.points for p in s.parts) == [4, 5]
    assert score_placement(b, "C3", "P", OWN).points == 11


def test_t6_two_full_lines_and_a_stack():
    b = board(D4="YPO", D1="P", D2="Y", D3="P", D5="O", A4="Y", B4="P", C4="O", E4="P")
    for rules in ALL_SWITCHES:
        s = score_placement(b, "D4", "P", rules)
        assert s.points == 8, rules
        assert sorted(p.points for p in s.parts) == [2, 3, 3]


def test_t7_only_the_colour_placed_counts():
    b = board(C1="P", C2="Y", C4="P", C5="Y")
    assert score_placement(b, "C3", "Y").points == 5
    assert score_placement(b, "C3", "Y", OWN).points == 6


def test_an_empty_space_elsewhere_in_the_line_scores_nothing():
    assert score_placement(board(C1="P", C2="P", C4="P"), "C3", "P").points == 0


# ---- the brute force -----------------------------------------------------------------

ROW_LETTERS = "ABCDE"


def brute_lines():
    """Every straight run of five cells of a 5x5 grid, as lists of (row, column)."""
    found = set()
    for r0, c0 in itertools.product(range(5), repeat=2):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(r0 + k * dr, c0 + k * dc) for k in range(5)]
            if all(0 <= r < 5 and 0 <= c < 5 for r, c in cells):
                found.add(tuple(cells))
    return sorted(found)


BRUTE_LINES = brute_lines()


def brute_score(grid, r, c, colour, own_stack, after3):
    """Section 5 read literally, on a grid of lists (bottom to top)."""
    h = len(grid[r][c])
    total = 0
    for line in BRUTE_LINES:
        if (r, c) not in line:
            continue
        others = [cell for cell in line if cell != (r, c)]
        if any(len(grid[i][j]) == 0 for i, j in others):
            continue
        if h == 0:
            total += 3 + sum(grid[i][j][-1] == colour for i, j in others) + (1 if own_stack else 0)
        else:
            after = [grid[i][j][-1] if (i, j) != (r, c) else colour for i, j in line]
            total += after.count(colour)
    if (h >= 3 and not after3) or (h + 1 >= 3 and after3):
        total += grid[r][c].count(colour) + 1
    return total


def test_the_brute_force_knows_twelve_lines():
    assert len(BRUTE_LINES) == 12


@pytest.mark.parametrize("seed", range(4))
def test_engine_matches_brute_force_on_random_boards(seed):
    rng = random.Random(seed)
    colours = "PYOG"
    checked, seen = 0, {"completed": 0, "was full": 0, "stack of": 0}
    for _ in range(1500):
        fill = rng.random()
        grid = [[[rng.choice(colours) for _ in range(rng.choice((1, 1, 2, 3, 4, 5)))]
                 if rng.random() < fill else [] for _ in range(5)] for _ in range(5)]
        stacks = {f"{ROW_LETTERS[i]}{j + 1}": grid[i][j] for i in range(5) for j in range(5)}
        r, c = rng.randrange(5), rng.randrange(5)
        colour = rng.choice(colours)
        for own, after3 in itertools.product((False, True), repeat=2):
            rules = Rules(completion_counts_own_stack=own,
                          tall_stack="after3" if after3 else "before3")
            got = score_placement(stacks, f"{ROW_LETTERS[r]}{c + 1}", colour, rules)
            assert got.points == brute_score(grid, r, c, colour, own, after3), (stacks, r, c)
            assert got.points == sum(p.points for p in got.parts)
            checked += 1
            for part in got.parts:
                seen[next(k for k in seen if k in part.reason)] += 1
    assert checked == 6000
    assert min(seen.values()) > 200, seen             # every rule was exercised
