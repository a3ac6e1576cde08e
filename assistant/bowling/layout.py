"""The pin triangle as data: positions, bitmasks, adjacency, connected groups.

Pins are bits of a 10-bit mask (A = bit 0 ... J = bit 9), in the style of a
chess bitboard, so sets of pins are ints and set algebra is cheap.

       A   B   C   D        back row, farthest from the player
         E   F   G
           H   I
             J              head pin
"""
from __future__ import annotations

from itertools import combinations

PINS = "ABCDEFGHIJ"
BIT = {p: 1 << i for i, p in enumerate(PINS)}
FULL = (1 << len(PINS)) - 1
ROWS = ("ABCD", "EFG", "HI", "J")
# Each pin's place in the triangle in card pitches: u across (to the player's right, 0 on the
# axis through F and J), v the row from the back row.  The printed mat (mat.py) and the
# recogniser's lattice fit both place the pins from this.
LATTICE: dict[str, tuple[float, int]] = {
    "A": (-1.5, 0), "B": (-0.5, 0), "C": (0.5, 0), "D": (1.5, 0),
    "E": (-1.0, 1), "F": (0.0, 1), "G": (1.0, 1),
    "H": (-0.5, 2), "I": (0.5, 2), "J": (0.0, 3)}
BACK_ROW = sum(BIT[p] for p in "ABCD")
CENTRE = BIT["F"]

# The 18 pairs of pins that touch in the triangle, and no others.
ADJACENT_PAIRS = (
    "AB", "BC", "CD", "EF", "FG", "HI",
    "AE", "BE", "BF", "CF", "CG", "DG",
    "EH", "FH", "FI", "GI", "HJ", "IJ",
)

NEIGHBOURS = [0] * len(PINS)
for _a, _b in ADJACENT_PAIRS:
    NEIGHBOURS[PINS.index(_a)] |= BIT[_b]
    NEIGHBOURS[PINS.index(_b)] |= BIT[_a]
NEIGHBOURS = tuple(NEIGHBOURS)


def mask_of(letters) -> int:
    """Bitmask of pin letters ('FH' or ['F', 'H'])."""
    m = 0
    for p in letters:
        m |= BIT[p]
    return m


def letters_of(mask: int) -> list[str]:
    """Pin letters of a mask, in letter order."""
    return [p for i, p in enumerate(PINS) if mask >> i & 1]


def neighbours_of(mask: int) -> int:
    """Every position adjacent to at least one position of `mask`."""
    out = 0
    for i in range(len(PINS)):
        if mask >> i & 1:
            out |= NEIGHBOURS[i]
    return out


def is_connected(mask: int) -> bool:
    """True when the pins of `mask` form one group joined by adjacent pairs."""
    if not mask:
        return False
    reached = mask & -mask
    while True:
        grown = reached | (neighbours_of(reached) & mask)
        if grown == reached:
            return reached == mask
        reached = grown


# Every set of pins one ball card may take: a single pin, or a connected group
# of two or three: 64 sets (10 + 18 + 36); legality then depends only on values and history.
GROUPS: tuple[int, ...] = tuple(
    m
    for size in (1, 2, 3)
    for combo in combinations(range(len(PINS)), size)
    for m in [sum(1 << i for i in combo)]
    if is_connected(m)
)
