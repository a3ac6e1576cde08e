"""A 52-card deck as text: the 28 pyramid cards row by row, left to right, then the
stock from the top (`6s Ts 8c Kc ...`; T or 10 for a ten; whitespace or commas between).

This is how a deal is named on the command line, in tests and in the rules
document's golden deals; `parse_deck` refuses anything but 52 distinct cards.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from ..common import Card, full_deck, parse_card, seeded_shuffle
from ..common import TablesideError
from .state import DECK_SIZE


class DeckError(TablesideError):
    """Deck text that is not 52 distinct cards."""


def parse_deck(text: str) -> list[Card]:
    """The 52 cards of a deck string, in order, or a DeckError naming the problem."""
    if not isinstance(text, str):
        raise DeckError("a deck is text: 52 cards such as 6s Ts 8c Kc ...")
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    cards = []
    for n, t in enumerate(tokens, start=1):
        try:
            cards.append(parse_card(t))
        except TablesideError:
            raise DeckError(f"card {n} of the deck, {t!r}, is not a card "
                            "(write rank then suit: 7h, Ts or 10s, Kd)") from None
    twice = [c for c, k in Counter(cards).items() if k > 1]
    if twice:
        c = twice[0]
        k = Counter(cards)[c]
        raise DeckError(f"{c} appears {'twice' if k == 2 else f'{k} times'} in the deck")
    if len(cards) != DECK_SIZE:
        missing = [str(c) for c in full_deck() if c not in set(cards)]
        hint = f" (missing: {' '.join(missing)})" if 0 < len(missing) <= 4 else ""
        raise DeckError(f"a deck has {DECK_SIZE} cards, not {len(cards)}{hint}")
    return cards


def read_deck(arg: str) -> list[Card]:
    """A deck from the command line: the deck text itself, a file holding it, or '-' (stdin)."""
    if arg == "-":
        return parse_deck(sys.stdin.read())
    path = Path(arg)
    if len(arg) < 256 and path.is_file():
        try:
            return parse_deck(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            raise DeckError(f"cannot read {arg}: {e}") from None
    return parse_deck(arg)


def deck_text(cards) -> str:
    """The deck as text, 'T' for a ten, as parse_deck reads it back."""
    return " ".join(str(c) for c in cards)


def shuffled_deck(seed: int) -> list[Card]:
    """The deck a seed deals: the same on every machine."""
    return seeded_shuffle(full_deck(), seed)
