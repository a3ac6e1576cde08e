"""Which pins a ball card may take: the one home of Sackson's play rules.

A play takes one pin of the ball card's value, or a connected group of two or
three pins whose sum ends in that value.  The first play of a frame may not
touch the back row nor take F alone; every later play must take a pin next to
a position already emptied this frame.  "First play" needs no flag: every play
removes a pin, so it is exactly the state where all ten pins still stand.
"""
from __future__ import annotations

import enum
from functools import lru_cache
from typing import Any, Iterator, Mapping

from ..common import TablesideError
from .layout import BACK_ROW, BIT, CENTRE, FULL, GROUPS, PINS, letters_of, neighbours_of


class Variant(enum.Enum):
    """Rule sets.  SACKSON_1969 is the default; the German retelling is stricter."""

    SACKSON_1969 = "sackson"
    #: The first play may take F only together with H or I.
    GERMAN_CENTRE_PIN = "german"


def variant_of(name: Any) -> Variant:
    """The rule set a name stands for ('sackson', 'german'): the one parser of variant names."""
    for v in Variant:
        if v.value == name:
            return v
    choices = " or ".join(repr(v.value) for v in Variant)
    raise TablesideError(f"unknown rules variant {name!r}; choose {choices}")


_H_OR_I = BIT["H"] | BIT["I"]


def group_sum_digit(group: int, pin_values: Mapping[str, int]) -> int:
    """Last digit of the values of the pins in `group`."""
    return sum(pin_values[p] for p in letters_of(group)) % 10


def first_play_allowed(group: int, variant: Variant = Variant.SACKSON_1969) -> bool:
    """Restriction 1: the opening play avoids the back row and never takes F alone."""
    if group & BACK_ROW or group == CENTRE:
        return False
    if variant is Variant.GERMAN_CENTRE_PIN and group & CENTRE and not group & _H_OR_I:
        return False
    return True


@lru_cache(maxsize=1 << 10)    # one entry per standing mask; the solver's table asks 14,000 times
def frontier(standing: int) -> int:
    """Positions next to an emptied one: a later play must take one of them (restriction 2)."""
    return neighbours_of(FULL & ~standing)


def may_take(group: int, standing: int, variant: Variant = Variant.SACKSON_1969) -> bool:
    """The position rules (not the values) allow taking `group` from `standing` pins."""
    if group & ~standing:
        return False
    if standing == FULL:
        return first_play_allowed(group, variant)
    return bool(group & frontier(standing))


def legal_groups(
    standing: int,
    pin_values: Mapping[str, int],
    ball_value: int,
    variant: Variant = Variant.SACKSON_1969,
) -> Iterator[int]:
    """Every group of standing pins the ball card may take, in a stable order."""
    for g in GROUPS:
        if may_take(g, standing, variant) and group_sum_digit(g, pin_values) == ball_value:
            yield g


def explain_illegal(
    group: int,
    standing: int,
    pin_values: Mapping[str, int],
    ball_value: int,
    variant: Variant = Variant.SACKSON_1969,
) -> str | None:
    """Why a ball card may not take `group`, in words; None when the play is legal."""
    names = "+".join(letters_of(group)) or "nothing"
    if not group:
        return "a play must take at least one pin"
    gone = letters_of(group & ~standing)
    if gone:
        return f"pin {', '.join(gone)} is no longer standing"
    size = bin(group).count("1")
    if size > 3:
        return "a ball card takes at most three pins"
    if group not in GROUPS:
        return f"{names} do not form a connected group (each pin must touch another of the group)"
    total = sum(pin_values[p] for p in letters_of(group))
    if total % 10 != ball_value:
        if size == 1:
            return f"{names} is a {pin_values[names]}, not a {ball_value}"
        return f"{names} add up to {total}, which does not end in {ball_value}"
    if standing == FULL:
        if group & BACK_ROW:
            return "the first play of a frame may not take a back-row pin (A, B, C, D)"
        if group == CENTRE:
            return "the first play of a frame may not take F by itself"
        if not first_play_allowed(group, variant):
            return "in the German variant the first play may take F only together with H or I"
    elif not group & frontier(standing):
        return f"{names} touch no position emptied this frame"
    return None


__all__ = [
    "Variant", "PINS", "group_sum_digit", "first_play_allowed", "frontier",
    "may_take", "legal_groups", "explain_illegal",
]
