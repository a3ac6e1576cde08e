"""What one photo of a frame can show, by the rules: a reading that shows more is missing a
card or misreading one, and the player is asked rather than handed a state that cannot be.
The rules live in assistant (cards.COPIES, state.pins_to_empty); this module applies them to
a reading."""
from __future__ import annotations

from collections import defaultdict

from assistant.bowling.cards import COPIES
from assistant.bowling.state import pins_to_empty

from .result import Card


def tops_missed(piles: list, pins_down: int, doubted: list[str] = ()) -> tuple[list[str], str]:
    """The piles read empty that cannot be, and what to tell the player ([], '' if none).
    A pile empties at the earliest after its size less one plays, each taking a pin or more:
    ten pins standing beside an empty pile means its top was not found (a lowcontrast pile
    top, as light as the table, is the usual cause).  doubted: pins read down of which the
    table shows no sign (pins_down_unseen): if they stand, so must a pile that only they
    could have emptied (a missed pin and a missed pile top on one photo were both taken as
    played, and the pile went unasked)."""
    empty = [i + 1 for i, v in enumerate(piles) if v is None]
    surely = pins_down - len(doubted)
    if pins_to_empty(empty) <= surely:
        return [], ""
    alone = [i for i in empty if pins_to_empty([i]) > surely]
    named = alone or empty
    which = f"pile {named[0]}" if len(named) == 1 else f"piles {', '.join(map(str, named[:-1]))} and {named[-1]}"
    verb = "cannot be" if alone else ("cannot both be" if len(named) == 2 else "cannot all be")
    down = ("no pin is down" if surely == 0 else
            f"only {surely} pin{' is' if surely == 1 else 's are'} down")
    so = ", so"
    if doubted:
        down, so = f"if {_pins(doubted)} still {'stands' if len(doubted) == 1 else 'stand'}, {down}", " and"
    return [str(i) for i in named], (f"{down}{so} {which} {verb} used up yet, but no face-up top was "
                                     "read there: please check the photo, or set the card by hand")


def _pins(letters: list[str]) -> str:
    return f"pin {letters[0]}" if len(letters) == 1 else f"pins {', '.join(letters)}"


def tops_needed(pins_down: int) -> int:
    """How many piles must still show a face-up top with this many pins down (pins_to_empty:
    pile 3 empties after 1 play at the earliest, piles 2 and 3 after 3, all three after 7)."""
    can_be_empty = max(n for n in range(4) if pins_to_empty(range(3, 3 - n, -1)) <= pins_down)
    return 3 - can_be_empty


def over_the_deck(cards: list[Card]) -> list[list[Card]]:
    """Pins and pile tops sharing a value that more of them show than the deck holds (two of
    each): one of each such group is misread.  Cards outside the layout are left out: the rest
    of a full deck may lie on the table."""
    by_value: dict[int, list[Card]] = defaultdict(list)
    for c in cards:
        if c.role in ("pin", "pile") and c.value is not None:
            by_value[c.value].append(c)
    return [group for _, group in sorted(by_value.items()) if len(group) > COPIES]


def pins_down_unseen(pins: dict, cards: list[Card]) -> tuple[list[str], str]:
    """The pins read knocked down that the table does not show knocked down, and what to tell
    the player ([], '' if none).  A knocked-down pin leaves the triangle with the ball card that
    took it, and both stay visible beside the layout: pins read down with no face-up card
    found outside the layout means a pin was missed (on a fresh deal none is down; 68 of the
    120 wrong positions nobody was told of on the independent development photos were pins
    read as down).  Only none: the discard heap's cards cover each other, so the finder sees
    fewer of them than lie there, and asking for as many as pins down asked about 137 right
    empty slots of mid-frame photos to catch 17 more missed pins."""
    down = [k for k, v in pins.items() if v is None and not any(c.position == k for c in cards)]
    outside = sum(c.role == "outside" for c in cards)
    if not down or outside > 0:
        return [], ""
    which = f"{_pins(down)} {'is' if len(down) == 1 else 'are'}"
    seen = "no card lies" if outside == 0 else f"only {outside} card{' lies' if outside == 1 else 's lie'}"
    return down, (f"{which} read as knocked down, but {seen} outside the layout, where knocked-down "
                  "pins and the ball cards that took them go: please check the photo, or set the card by hand")
