"""The pyramid as data: 28 places, who covers whom, exposure, the 1430 shapes.

Places are named `r.c` (row 1 = apex .. row 7 = base, column 1 = left) and
numbered i = r(r-1)/2 + c - 1 (0..27, the order of mchung94's solver and of
the deck text).  A set of places is a 28-bit mask, as Bowling's pins are a
10-bit mask, so the solver can hash and compare pyramid shapes as ints.

Card r.c (r < 7) is covered by (r+1).c and (r+1).(c+1); the base row is
covered by nothing.
"""
from __future__ import annotations

from ..common import TablesideError
from .rules import PYRAMID_SIZE, ROWS, Rules

PLACES: tuple[str, ...] = tuple(f"{r}.{c}" for r in range(1, ROWS + 1) for c in range(1, r + 1))
INDEX: dict[str, int] = {name: i for i, name in enumerate(PLACES)}
ROW_OF: tuple[int, ...] = tuple(r for r in range(1, ROWS + 1) for _ in range(r))
FULL = (1 << PYRAMID_SIZE) - 1
BASE_ROW = sum(1 << i for i, r in enumerate(ROW_OF) if r == ROWS)


def index_of(row: int, col: int) -> int:
    return row * (row - 1) // 2 + col - 1


# The two places covering each place (empty for the base row), and the same as masks.
COVERERS: tuple[tuple[int, ...], ...] = tuple(
    () if r == ROWS else (index_of(r + 1, c), index_of(r + 1, c + 1))
    for r in range(1, ROWS + 1) for c in range(1, r + 1))
COVER_MASK: tuple[int, ...] = tuple(sum(1 << j for j in cov) for cov in COVERERS)


def parse_place(text: object) -> int:
    """The index of a place written `r.c`, or a TablesideError naming the rule."""
    name = str(text).strip()
    if name in INDEX:
        return INDEX[name]
    raise TablesideError(f"{name or repr(text)} is not a place of the pyramid "
                         f"(rows 1..{ROWS}, r.c with c ≤ r)")


def blockers(i: int, removed: int) -> int:
    """The cards still covering place i, as a mask (0: exposed)."""
    return COVER_MASK[i] & ~removed


def is_exposed(i: int, removed: int) -> bool:
    """Rule 3: in the base row, or both coverers gone (and the card itself still there)."""
    return not removed >> i & 1 and not blockers(i, removed)


def exposed_mask(removed: int) -> int:
    """Every exposed place of the shape `removed`."""
    m = 0
    for i in range(PYRAMID_SIZE):
        if is_exposed(i, removed):
            m |= 1 << i
    return m


def may_pair_places(i: int, j: int, removed: int, rules: Rules) -> bool:
    """The position rules (not the values) let places i and j leave together.

    Both must be exposed; with `overlap_pairs` (A6) a card may also pair with the
    one card still covering it, provided that card is itself exposed.
    """
    if removed >> i & 1 or removed >> j & 1 or i == j:
        return False
    bi, bj = blockers(i, removed), blockers(j, removed)
    if not bi and not bj:
        return True
    if not rules.overlap_pairs:
        return False
    return (bi in (0, 1 << j)) and (bj in (0, 1 << i)) and not (bi and bj)


def is_valid_shape(removed: int) -> bool:
    """A removed place must have both its coverers removed too (rule 3 applied backwards)."""
    return all(COVER_MASK[i] & ~removed == 0 for i in range(PYRAMID_SIZE) if removed >> i & 1)


def names_of(mask: int) -> list[str]:
    """Place names of a mask, in index order."""
    return [PLACES[i] for i in range(PYRAMID_SIZE) if mask >> i & 1]


def mask_of(names) -> int:
    """Mask of place names (each checked)."""
    m = 0
    for n in names:
        m |= 1 << parse_place(n)
    return m
