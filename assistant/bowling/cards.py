"""Cards of Bowling Solitaire: Ace..10 of two suits, valued by last digit.

Only the value counts: Ace = 1, 2..9 face value, 10 = 0.  The deck is
therefore the values 0..9, each exactly twice.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

VALUES = tuple(range(10))
COPIES = 2
DECK: tuple[int, ...] = tuple(v for v in VALUES for _ in range(COPIES))
DECK_SIZE = len(DECK)  # 20

_RANK_OF_VALUE = {1: "A", 0: "10", **{v: str(v) for v in range(2, 10)}}
_VALUE_OF_RANK = {r: v for v, r in _RANK_OF_VALUE.items()}
_VALUE_OF_RANK.update({"1": 1, "ACE": 1, "0": 0, "T": 0})


def rank_of(value: int) -> str:
    """The printed rank of a card value: 1 -> 'A', 0 -> '10'."""
    return _RANK_OF_VALUE[value]


def face_value(value: int) -> str:
    """A value as a number in a sum, as printed on the card: 10 for 0, 1 for the Ace."""
    return "10" if value == 0 else str(value)


def value_of(rank: str | int) -> int:
    """A card's game value from its rank as people write it ('A', '7', '10', 'T')."""
    if isinstance(rank, int) and not isinstance(rank, bool):
        if rank == 10:
            return 0
        if 0 <= rank <= 9:
            return rank
    elif isinstance(rank, str) and rank.strip().upper() in _VALUE_OF_RANK:
        return _VALUE_OF_RANK[rank.strip().upper()]
    raise ValueError(f"{rank!r} is not a card of this game (Ace..10)")


def remaining(seen: Iterable[int]) -> Counter:
    """The multiset of deck values not among `seen` (assumed valid)."""
    left = Counter(DECK)
    left.subtract(Counter(seen))
    return +left
