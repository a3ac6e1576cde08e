"""The state of a frame as a player can see it: the public JSON contract.

```json
{"pins": {"A": 2, "E": 2, "G": 5, "I": 8, "J": 6},
 "piles": [{"top": 5, "down": 3}, {"top": 0, "down": 2}, {"top": 4, "down": 1}],
 "ball": 1, "out": [0, 1, 9], "rolls": [10, 7, 3]}
```
Only what is visible is here; the face-down cards are whatever of the deck is
not in sight.  `FrameState.from_json` is the single validator used by the
CLI, the solver and the web app.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

from .cards import DECK_SIZE, rank_of, remaining, value_of
from ..common import TablesideError
from .layout import FULL, PINS, mask_of
from .rules import Variant, legal_groups
from .scoring import ScoreError, score_rolls

PILE_SIZES = (5, 3, 2)


class StateError(TablesideError):
    """A card state that cannot occur in a real game."""


@dataclass(frozen=True)
class Pile:
    top: int | None      # the face-up card's value; None when the pile is empty
    down: int            # face-down cards under it


@dataclass(frozen=True)
class Play:
    pile: int            # 1..3
    pins: tuple[str, ...]  # letters, in letter order

    def to_json(self) -> dict:
        return {"pile": self.pile, "pins": list(self.pins)}


@dataclass(frozen=True)
class FrameState:
    pins: dict[str, int]
    piles: tuple[Pile, Pile, Pile]
    ball: int = 1
    out: tuple[int, ...] = ()
    rolls: tuple[int, ...] = field(default=())

    # ---- derived views -------------------------------------------------
    @property
    def standing(self) -> int:
        return mask_of(self.pins)

    @property
    def unseen(self) -> Counter:
        """Values of the face-down cards, as a multiset (their order is unknown)."""
        return remaining(self.visible_values())

    def visible_values(self) -> list[int]:
        tops = [p.top for p in self.piles if p.top is not None]
        return list(self.pins.values()) + tops + list(self.out)

    @property
    def is_first_play(self) -> bool:
        return self.standing == FULL

    def legal_plays(self, variant: Variant = Variant.SACKSON_1969) -> Iterator[Play]:
        """Every legal play, by pile then in the stable group order of `layout.GROUPS`."""
        standing = self.standing
        for i, pile in enumerate(self.piles, start=1):
            if pile.top is None:
                continue
            for g in legal_groups(standing, self.pins, pile.top, variant):
                yield Play(i, tuple(p for p in PINS if mask_of(p) & g))

    @property
    def frame_over(self) -> bool:
        return not self.pins

    # ---- JSON ----------------------------------------------------------
    def to_json(self) -> dict:
        d: dict[str, Any] = {
            "pins": {p: self.pins[p] for p in PINS if p in self.pins},
            "piles": [{"top": p.top, "down": p.down} for p in self.piles],
            "ball": self.ball,
            "out": sorted(self.out),
        }
        if self.rolls:
            d["rolls"] = list(self.rolls)
        return d

    @classmethod
    def from_json(cls, obj: Any) -> "FrameState":
        """Parse and validate; every refusal names the problem."""
        if not isinstance(obj, dict):
            raise StateError("a state must be a JSON object with pins, piles, ball and out")
        unknown = set(obj) - {"pins", "piles", "ball", "out", "rolls"}
        if unknown:
            raise StateError(f"unknown field(s) in state: {', '.join(sorted(unknown))}")
        for key in ("pins", "piles"):
            if key not in obj:
                raise StateError(f"the state has no '{key}'")
        pins = parse_pins(obj["pins"])
        piles = _parse_piles(obj["piles"])
        ball = obj.get("ball", 1)
        if isinstance(ball, bool) or not isinstance(ball, int) or ball not in (1, 2):
            raise StateError(f"ball must be 1 or 2, not {ball!r}")   # 1.0 and true are not 1
        out = obj.get("out", [])
        if not isinstance(out, list):
            raise StateError("'out' must be a list of card values")
        out = tuple(sorted(card_value(v, "a card in 'out'") for v in out))
        rolls = obj.get("rolls", [])
        if not isinstance(rolls, list):
            raise StateError("'rolls' must be a list of pins per ball")
        state = cls(pins, piles, ball, out, tuple(rolls))
        _check_deck(state)
        _check_history(state)
        if rolls:
            try:
                complete = score_rolls(rolls).complete
            except ScoreError as e:
                raise StateError(f"'rolls' is impossible: {e}") from None
            if complete:
                raise StateError("'rolls' is already a complete game")
        return state


def card_value(v: Any, what: str) -> int:
    """A card value as written in the state JSON: 0..9, and a ten as 10 or 0."""
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10:
        raise StateError(f"{what} has value {v!r}; card values are 1..9 and a ten as 10 "
                         "(or 0, its value)")
    return value_of(v)


def parse_pins(pins: Any) -> dict[str, int]:
    if not isinstance(pins, dict):
        raise StateError("'pins' must map pin letters A..J to card values")
    out = {}
    for k, v in pins.items():
        if k not in PINS or len(k) != 1:
            raise StateError(f"{k!r} is not a pin; pins are A..J")
        out[k] = card_value(v, f"pin {k}")
    return out


def _parse_piles(piles: Any) -> tuple[Pile, Pile, Pile]:
    if not isinstance(piles, list) or len(piles) != 3:
        raise StateError("'piles' must list the three ball piles")
    parsed = []
    for i, (p, size) in enumerate(zip(piles, PILE_SIZES), start=1):
        if not isinstance(p, dict) or "top" not in p or "down" not in p:
            raise StateError(f"pile {i} must be an object with 'top' and 'down'")
        top = None if p["top"] is None else card_value(p["top"], f"pile {i}'s top")
        down = p["down"]
        if isinstance(down, bool) or not isinstance(down, int) or down < 0:
            raise StateError(f"pile {i}'s 'down' must be a count of cards, not {down!r}")
        if top is None and down:
            raise StateError(f"pile {i} has no face-up card but {down} face-down: "
                             "turn the next card up, or say the pile is empty")
        if down + (top is not None) > size:
            raise StateError(f"pile {i} holds at most {size} cards, not {down + 1}")
        parsed.append(Pile(top, down))
    return tuple(parsed)  # type: ignore[return-value]


def _check_deck(s: FrameState) -> None:
    seen = Counter(s.visible_values())
    for v, n in sorted(seen.items()):
        if n > 2:
            shown = "" if rank_of(v) == str(v) else f" ({rank_of(v)})"
            raise StateError(f"there are {n} cards of value {v}{shown} in sight; "
                             "the deck has only two")
    total = sum(seen.values()) + sum(p.down for p in s.piles)
    if total != DECK_SIZE:
        raise StateError(
            f"pins, pile tops, cards out and face-down cards make {total} cards, "
            f"not {DECK_SIZE}")


def _check_history(s: FrameState) -> None:
    """What the frame can have done: each play uses one card and takes 1-3 pins, and between
    the balls every pile that still had a card lost its top (plays_made)."""
    removed = len(PINS) - len(s.pins)
    used = [size - p.down - (p.top is not None) for size, p in zip(PILE_SIZES, s.piles)]
    if s.ball == 2 and 0 in used:
        i = used.index(0) + 1
        raise StateError(f"in the second ball pile {i} cannot still hold all its cards: "
                         "between the balls every pile's top is discarded")
    fewest, most = plays_made(used, s.ball)
    if not fewest <= removed <= 3 * most:
        played = str(fewest) if fewest == most else f"{fewest} to {most}"
        raise StateError(f"in the {'first' if s.ball == 1 else 'second'} ball {played} ball card(s) "
                         f"used cannot have taken {removed} pin(s)")


def plays_made(used: Sequence[int], ball: int) -> tuple[int, int]:
    """The fewest and most plays that leave `used[i]` cards gone from pile i+1 by ball 1 or 2.
    In ball 1 every card gone was played.  Between the balls each pile that still had a card
    lost its top unplayed; only a pile played empty in the first ball lost none so.  (ball 2
    assumes every pile lost at least one card.)"""
    if ball == 1:
        return sum(used), sum(used)
    most = sum(u if u == size else u - 1 for u, size in zip(used, PILE_SIZES))
    return sum(max(u - 1, 0) for u in used), most


def pins_to_empty(piles: Iterable[int]) -> int:
    """The fewest pins a frame must have taken before these piles (numbered 1-3) are all
    empty, in either ball: each play takes a pin or more, and a pile empties at the earliest
    after its size less one plays, the discard between the balls taking the last card.  A
    photo showing an empty pile with fewer pins down has missed that pile's top."""
    return sum(PILE_SIZES[i - 1] - 1 for i in set(piles))
