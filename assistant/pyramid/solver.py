"""Perfect-information Pyramid: is a deal winnable, a shortest win, the most cards removable.

`solve(deal, rules)` takes the 52 cards (the 28 pyramid cards row by row, then
the stock from the top) and `solve_position(...)` any position of a game whose
stock order is known (the hint's samples, the end screen's "was this deal
winnable?").  Both return a `Solution`: winnable or not, a shortest winning
line (every removal is a move, Kings included; draws and recycles are moves;
nothing follows the clearing of the pyramid), or for a lost deal a line that
removes the most pyramid cards possible.

The search runs in C (`_pyramidcore.c`).  As with Bowling, this module hands
it the rules as tables: which places cover which (`positions`), which places
may ever leave together (depends on `overlap_pairs`), which ranks leave alone
or in pairs (`rules.KING`, `rules.PAIR_SUM`), and the switches as numbers.

A position is handed over as a "stock array": the waste bottom to top, then
the stock top first (three_piles: pile j's cards at array places j, j+3, ...);
the C core's 64-bit key is documented at the top of `_pyramidcore.c`.
"""
from __future__ import annotations

import struct
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ..common import Card, parse_card, rank_number
from ..common import TablesideError
from . import _pyramidcore
from .positions import COVER_MASK, COVERERS, PLACES
from .rules import KING, PAIR_SUM, PYRAMID_SIZE, Rules
from .state import PILE_NAMES as PILES

DECK_SIZE = 52
STOCK_SIZE = DECK_SIZE - PYRAMID_SIZE
DEFAULT_MAX_STATES = 8_000_000      # up to about 1 GB at the limit; a search past it stops with a SolverError

_DRAW, _RECYCLE, _REMOVE = 0, 1, 2
_NO_SLOT = 63
_STATUS = {0: "win", 1: "loss", 2: "limit"}


class SolverError(TablesideError):
    """A deal or position the solver cannot take."""


# ---- the rules as tables ----------------------------------------------------------

def _above(i: int) -> set[int]:
    """Every place that place i holds up, directly or not (i covers them)."""
    out, todo = set(), [i]
    while todo:
        j = todo.pop()
        for k, cov in enumerate(COVERERS):
            if j in cov and k not in out:
                out.add(k)
                todo.append(k)
    return out


ABOVE: tuple[frozenset[int], ...] = tuple(frozenset(_above(i)) for i in range(PYRAMID_SIZE))


def may_meet(i: int, j: int, overlap_pairs: bool) -> bool:
    """Can places i and j ever be available together?  Not when one holds the other
    up: i must go before j is exposed.  With overlap_pairs a card may still pair
    with the one card covering it."""
    if i == j:
        return False
    if j in ABOVE[i] or i in ABOVE[j]:
        return overlap_pairs and (j in COVERERS[i] or i in COVERERS[j])
    return True


def _mask(places: Iterable[int]) -> int:
    return sum(1 << p for p in places)


@lru_cache(maxsize=None)
def tables(rules: Rules) -> tuple:
    """Everything the C core needs to know of the rules."""
    if rules.draw == "three_piles" and rules.stock_top_available:
        raise SolverError("the solver does not take draw=three_piles with stock_top_available "
                          "(the rules document defines no face-up stock top for three piles)")
    if rules.draw == "three_piles" and rules.passes != 1:
        raise SolverError("the solver does not take draw=three_piles with more than one pass "
                          "(the rules document does not say how the three piles are gathered)")
    cover = struct.pack("<28I", *COVER_MASK)
    compat = struct.pack("<28I", *(
        _mask(j for j in range(PYRAMID_SIZE) if may_meet(i, j, rules.overlap_pairs))
        for i in range(PYRAMID_SIZE)))
    cone = struct.pack("<28I", *(_mask(ABOVE[i] | {i}) for i in range(PYRAMID_SIZE)))
    pairs = bytes(int(0 < a < KING and 0 < b < KING and a + b == PAIR_SUM)
                  for a in range(14) for b in range(14))
    alone = bytes(int(r == KING) for r in range(14))
    for r in range(1, 14):    # the C heuristic counts one partner rank per rank
        assert sum(pairs[r * 14 + s] for s in range(14)) <= 1
    switches = (int(rules.draw == "three_piles"), int(rules.stock_top_available),
                0 if rules.passes is None else rules.passes, int(rules.goal == "all52"),
                int(rules.end == "at_empty_stock"), int(rules.waste_pairs), int(rules.overlap_pairs))
    return (cover, compat, cone, pairs, alone, switches)


# ---- positions --------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    """A position with every card known, in the C core's terms.

    `ranks`: 28 pyramid ranks (0 for a place removed before the position) then
    the stock array; `key` the C core's key.
    """
    ranks: bytes
    key: int
    rules: Rules

    @property
    def pyramid_mask(self) -> int:
        return self.key & ((1 << PYRAMID_SIZE) - 1)

    @property
    def stock_mask(self) -> int:
        return (self.key >> 28) & 0xFFFFFF

    @property
    def pointer(self) -> int:
        return (self.key >> 52) & 31

    @property
    def removed(self) -> int:
        return PYRAMID_SIZE - bin(self.pyramid_mask).count("1")

    def child(self, key: int) -> "Position":
        return Position(self.ranks, key, self.rules)

    def moves(self) -> list[tuple[dict, "Position"]]:
        """Every legal move (as move JSON) and the position it leads to."""
        return [(self.move_json(code), self.child(k))
                for code, k in _pyramidcore.children(tables(self.rules), self.ranks, self.key, True)]

    @property
    def pyramid_ranks(self) -> tuple[int, ...]:
        """The 28 pyramid ranks, 0 for a place removed."""
        return tuple(self.ranks[i] if self.pyramid_mask >> i & 1 else 0 for i in range(PYRAMID_SIZE))

    def waste_ranks(self) -> tuple[tuple[int, ...], ...]:
        """The waste pile(s) as ranks, bottom to top: one pile, or W1..W3."""
        turned = [k for k in range(self.pointer) if self.stock_mask >> k & 1]
        if self.rules.draw == "three_piles":
            return tuple(tuple(self.ranks[PYRAMID_SIZE + k] for k in turned if k % 3 == j) for j in range(3))
        return (tuple(self.ranks[PYRAMID_SIZE + k] for k in turned),)

    def stock_ranks(self) -> tuple[int, ...]:
        """The stock, top first (its face-up top first under stock_top_available)."""
        n = len(self.ranks) - PYRAMID_SIZE
        return tuple(self.ranks[PYRAMID_SIZE + k] for k in range(self.pointer, n) if self.stock_mask >> k & 1)

    @property
    def pass_no(self) -> int:
        return 1 + ((self.key >> 57) & 3)

    def move_json(self, code: int) -> dict:
        kind, a, b = code & 0xFF, (code >> 8) & 0xFF, (code >> 16) & 0xFF
        if kind == _DRAW:
            return {"draw": True}
        if kind == _RECYCLE:
            return {"recycle": True}
        return {"remove": [self._slot_name(s) for s in (a, b) if s != _NO_SLOT]}

    def _slot_name(self, slot: int) -> str:
        if slot < PYRAMID_SIZE:
            return PLACES[slot]
        k = slot - PYRAMID_SIZE
        if self.rules.draw == "three_piles":
            return PILES[k % len(PILES)]
        return "waste" if k < self.pointer else "stock"

    def is_won(self) -> bool:
        return self.pyramid_mask == 0 and (self.rules.goal == "pyramid" or self.stock_mask == 0)


def _rank(card: Any) -> int:
    if isinstance(card, int) and not isinstance(card, bool):
        if not 1 <= card <= KING:
            raise SolverError(f"a rank is 1..13, not {card}")
        return card
    if isinstance(card, Card):
        return card.number
    text = str(card).strip()
    try:
        return parse_card(text).number
    except TablesideError:
        return rank_number(text)


def position(pyramid: Sequence[Any], stock: Sequence[Any], waste: Sequence[Any] | Sequence[Sequence[Any]] = (),
             rules: Rules = Rules(), pass_no: int = 1) -> Position:
    """A position from its cards (Card, text such as '7h' or '7', or ranks 1..13).

    pyramid: 28 entries in index order, None for a removed place.
    stock: the stock top first; under stock_top_available its face-up top is stock[0].
    waste: bottom to top; with draw=three_piles the three piles (w1, w2, w3).
    pass_no: which pass through the stock (1..).
    """
    if len(pyramid) != PYRAMID_SIZE:
        raise SolverError(f"the pyramid has {PYRAMID_SIZE} places, not {len(pyramid)}")
    pyr_ranks = [0 if c is None else _rank(c) for c in pyramid]
    pyr_mask = _mask(i for i, c in enumerate(pyramid) if c is not None)
    stock_ranks = [_rank(c) for c in stock]
    if rules.draw == "three_piles":
        piles = [list(p) for p in waste] if waste else [[], [], []]
        if len(piles) != 3:
            raise SolverError("with draw=three_piles the waste is three piles")
        dealt = 3 * max((len(p) for p in piles), default=0)
        array = [0] * dealt
        present = 0
        for j, pile in enumerate(piles):
            for m, c in enumerate(pile):
                array[j + 3 * m] = _rank(c)
                present |= 1 << (j + 3 * m)
        for k in range(dealt):         # an empty slot stands for a card already gone
            if not array[k]:
                array[k] = 1
        pointer = dealt
    else:
        array = [_rank(c) for c in waste]
        pointer = len(array)
        present = (1 << pointer) - 1
    array += stock_ranks
    present |= ((1 << len(stock_ranks)) - 1) << pointer
    if len(array) > STOCK_SIZE:
        raise SolverError(f"the waste and stock hold {len(array)} cards; at most {STOCK_SIZE} fit")
    passes = rules.passes
    if pass_no < 1 or (passes is not None and pass_no > passes):
        raise SolverError(f"pass {pass_no} is not allowed by these rules")
    pass_bits = 0 if passes is None else pass_no - 1
    key = pyr_mask | (present << 28) | (pointer << 52) | (pass_bits << 57)
    ranks = bytes(r if r else 1 for r in pyr_ranks) + bytes(array)
    return Position(ranks, key, rules)


def deal_cards(deal: Any) -> list[Card]:
    """52 distinct cards from a list of cards or a text 'As 2d ...'."""
    items = deal.split() if isinstance(deal, str) else list(deal)
    cards = [c if isinstance(c, Card) else parse_card(c) for c in items]
    if len(cards) != DECK_SIZE:
        raise SolverError(f"a deal has {DECK_SIZE} cards, not {len(cards)}")
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise SolverError(f"{c} appears twice in the deal")
        seen.add(c)
    return cards


# ---- solving ------------------------------------------------------------------------

@dataclass(frozen=True)
class Solution:
    winnable: bool
    moves: list[dict]        # a shortest win, or a line removing the most pyramid cards
    removed: int             # pyramid cards removed at the end of `moves` (28 for a win)
    states: int              # positions the search met
    seconds: float
    lines: list[Position] = field(default_factory=list, repr=False)  # the position before each move

    def to_json(self) -> dict:
        return {"winnable": self.winnable, "moves": self.moves, "removed": self.removed,
                "states": self.states, "seconds": round(self.seconds, 6)}


def solve_from(start: Position, *, best: bool = True, shortest: bool = True,
               max_states: int = DEFAULT_MAX_STATES) -> Solution:
    """Solve a position.

    `best=False` skips the most-cards search when no win exists (`removed` is
    then only the most seen on the way); `shortest=False` returns any win, found
    by searching the most promising positions first (the verdict is the same,
    usually sooner).
    """
    t0 = time.process_time()
    status, path, removed, states = _pyramidcore.solve(tables(start.rules), start.ranks, start.key,
                                                      best, max_states, shortest)
    seconds = time.process_time() - t0
    if _STATUS[status] == "limit":
        raise SolverError(f"the search met more than {max_states} positions and stopped")
    befores = [start.child(k) for _, k in path]
    moves = [p.move_json(code) for (code, _), p in zip(path, befores)]
    return Solution(status == 0, moves, removed, states, seconds, befores)


def solve(deal: Any, rules: Rules = Rules(), **kw) -> Solution:
    """Solve a whole deal: 52 cards, the pyramid row by row then the stock from the top."""
    cards = deal_cards(deal)
    return solve_from(position(cards[:PYRAMID_SIZE], cards[PYRAMID_SIZE:], rules=rules), **kw)


def solve_position(pyramid: Sequence[Any], stock: Sequence[Any], waste: Sequence[Any] = (),
                   rules: Rules = Rules(), pass_no: int = 1, **kw) -> Solution:
    """Solve a mid-game position whose stock order is known (see `position`)."""
    return solve_from(position(pyramid, stock, waste, rules, pass_no), **kw)
