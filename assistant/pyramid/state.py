"""What a Pyramid player can see, as the public state JSON: parse, validate, write.

```json
{"pyramid": {"1.1": "7h", "2.1": "K", "2.2": null, "...": "..."},
 "waste": ["5", "9"],
 "stock": 20,
 "stock_top": null,
 "out": ["K", "6", "7"],
 "pass": 1,
 "rules": {"preset": "seed", "overlap_pairs": false}}
```
- `pyramid`: all 28 places; a card ("7h", or a rank alone "7"; "T" or "10" for a
  ten) or null for a removed card.
- `waste`: bottom to top.  With `draw=three_piles` an object `{"w1": [...],
  "w2": [...], "w3": [...]}`, each pile bottom to top.
- `stock`: face-down cards left.  `stock_top`: the stock's face-up top card under
  `stock_top_available` (not counted in `stock`), otherwise null or absent.
- `out`: every card removed from play.  `pass`: which pass through the stock (1..).
- `rules`: a preset plus switches (`Rules.from_json`).
- `stock_order` (optional): the face-down stock, top first, when it is known (a
  dealt game, or any pass after the first, whose cards were all seen before).

`State.from_json` is the one validator used by the CLI, the game log, the
solver and the web app; each refusal names the problem.  Suits never matter to
the rules; they are kept so that a table game can check reports against the deck.
A card without a suit is a `Card(rank, "")`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..common import RANKS, SUITS, Card, parse_rank
from ..common import TablesideError
from .positions import COVERERS, PLACES, PYRAMID_SIZE, is_valid_shape
from .rules import KING, PAIR_SUM, WASTE_PILES, Rules

DECK_SIZE = 52
STOCK_SIZE = DECK_SIZE - PYRAMID_SIZE      # 24
PILE_NAMES = tuple(f"w{i + 1}" for i in range(WASTE_PILES))
RANK_WORDS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
              "nines", "tens", "jacks", "queens", "kings")


class StateError(TablesideError):
    """A card state that cannot occur in a real game."""


# ---- cards as written in the JSON --------------------------------------------
def parse_card_text(value: Any, what: str = "a card") -> Card:
    """'7h', 'Ts', '10h' (suited) or '7', 'T', '10', 'K' (rank only: suit '')."""
    if not isinstance(value, str) or not value.strip():
        raise StateError(f"{what} must be a card such as '7h' or a rank such as '7', not {value!r}")
    t = value.strip()
    if len(t) >= 2 and t[-1].upper() in SUITS:
        try:
            return Card(parse_rank(t[:-1]), t[-1].upper())
        except TablesideError:
            pass
    try:
        return Card(parse_rank(t), "")
    except TablesideError:
        raise StateError(f"{what} is {value!r}: not a card (write 7h, Ts, 10c or a rank "
                         "alone: A, 2..10 or T, J, Q, K)") from None


def card_text(card: Card) -> str:
    """'7h' for a suited card, '7' for a rank alone; a ten is 'T' either way."""
    return str(card)


def value(card: Card) -> int:
    """A = 1 .. K = 13: the only thing the rules look at."""
    return RANKS.index(card.rank) + 1


def rank_word(v: int) -> str:
    return RANK_WORDS[v - 1]


def rank_text(v: int) -> str:
    """A rank for messages ("10 + 3 is 13"): a ten is written 10 here, not T."""
    return RANKS[v - 1]


# ---- the state ------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    """A position as the player sees it.  Immutable: moves.apply returns a new one."""
    pyramid: tuple[Card | None, ...]            # 28, in index order; None = removed
    waste: tuple[tuple[Card, ...], ...]         # one pile, or three (W1..W3); each bottom → top
    stock: int                                  # face-down cards left
    stock_top: Card | None = None               # face-up stock top (stock_top_available)
    out: tuple[Card, ...] = ()                  # removed from play, in the order they left
    pass_no: int = 1
    rules: Rules = field(default_factory=Rules)
    stock_order: tuple[Card, ...] | None = None  # face-down stock, top first, when known

    # ---- derived views -------------------------------------------------------
    @property
    def removed(self) -> int:
        """The pyramid shape: a mask of removed places."""
        return sum(1 << i for i, c in enumerate(self.pyramid) if c is None)

    @property
    def pyramid_removed(self) -> int:
        return sum(c is None for c in self.pyramid)

    @property
    def stock_empty(self) -> bool:
        return self.stock == 0 and self.stock_top is None

    def seen_cards(self) -> list[Card]:
        """Every card whose face is known: pyramid, waste, stock top, out, known stock."""
        cards = [c for c in self.pyramid if c is not None]
        for pile in self.waste:
            cards.extend(pile)
        if self.stock_top is not None:
            cards.append(self.stock_top)
        cards.extend(self.out)
        cards.extend(self.stock_order or ())
        return cards

    def with_changes(self, **changes) -> "State":
        return replace(self, **changes)

    def player_view(self) -> "State":
        """What a player at the table knows: on the first pass nobody has seen the stock, so a
        known order (a dealt deck) is hidden; after a recycle every stock card has been seen."""
        return self if self.pass_no > 1 or self.stock_order is None else replace(self, stock_order=None)

    # ---- JSON ------------------------------------------------------------------
    def to_json(self, *, stock_order: bool = True) -> dict:
        """The public JSON; `stock_order=False` hides a known stock order (a hint must not peek)."""
        d: dict[str, Any] = {
            "pyramid": {p: (None if c is None else card_text(c)) for p, c in zip(PLACES, self.pyramid)},
            "waste": ([card_text(c) for c in self.waste[0]] if self.rules.draw == "one" else
                      {n: [card_text(c) for c in pile] for n, pile in zip(PILE_NAMES, self.waste)}),
            "stock": self.stock,
            "stock_top": None if self.stock_top is None else card_text(self.stock_top),
            "out": [card_text(c) for c in self.out],
            "pass": self.pass_no,
            "rules": {"preset": "seed", **self.rules.as_json()},
        }
        if stock_order and self.stock_order is not None:
            d["stock_order"] = [card_text(c) for c in self.stock_order]
        return d

    @classmethod
    def from_json(cls, obj: Any) -> "State":
        """Parse and validate; every refusal names the problem."""
        if not isinstance(obj, dict):
            raise StateError("a state must be a JSON object with pyramid, waste, stock, out, "
                             "pass and rules")
        unknown = set(obj) - {"pyramid", "waste", "stock", "stock_top", "out", "pass", "rules",
                              "stock_order"}
        if unknown:
            raise StateError(f"unknown field(s) in state: {', '.join(sorted(unknown))}")
        for key in ("pyramid", "waste", "stock"):
            if key not in obj:
                raise StateError(f"the state has no '{key}'")
        rules_json = obj.get("rules", {})
        if not isinstance(rules_json, dict):
            raise StateError("'rules' must be an object such as {\"preset\": \"seed\"}")
        rules = Rules.from_json(rules_json)
        stock = obj["stock"]
        if isinstance(stock, bool) or not isinstance(stock, int) or not 0 <= stock <= STOCK_SIZE:
            raise StateError(f"'stock' is the number of face-down cards, 0..{STOCK_SIZE}, not {stock!r}")
        top = obj.get("stock_top")
        out = obj.get("out", [])
        if not isinstance(out, list):
            raise StateError("'out' must be a list of the cards removed from play")
        pass_no = obj.get("pass", 1)
        if isinstance(pass_no, bool) or not isinstance(pass_no, int) or pass_no < 1:
            raise StateError(f"'pass' is which pass through the stock (1, 2, ...), not {pass_no!r}")
        order = obj.get("stock_order")
        if order is not None and not isinstance(order, list):
            raise StateError("'stock_order' must list the face-down stock, top first")
        state = cls(
            pyramid=_parse_pyramid(obj["pyramid"]),
            waste=_parse_waste(obj["waste"], rules),
            stock=stock,
            stock_top=None if top is None else parse_card_text(top, "stock_top"),
            out=tuple(parse_card_text(c, "a card in 'out'") for c in out),
            pass_no=pass_no,
            rules=rules,
            stock_order=None if order is None else tuple(
                parse_card_text(c, "a card in 'stock_order'") for c in order),
        )
        validate(state)
        return state


def _parse_pyramid(obj: Any) -> tuple[Card | None, ...]:
    if not isinstance(obj, dict):
        raise StateError("'pyramid' must map every place 1.1 .. 7.7 to a card or null")
    for key in obj:
        if key not in PLACES:
            raise StateError(f"{key} is not a place of the pyramid (rows 1..7, r.c with c ≤ r)")
    missing = [p for p in PLACES if p not in obj]
    if missing:
        raise StateError(f"the pyramid has no {', '.join(missing[:3])}"
                         f"{' ...' if len(missing) > 3 else ''} (give null for a removed card)")
    return tuple(None if obj[p] is None else parse_card_text(obj[p], f"place {p}") for p in PLACES)


def _parse_waste(obj: Any, rules: Rules) -> tuple[tuple[Card, ...], ...]:
    if rules.draw == "one":
        if not isinstance(obj, list):
            raise StateError("'waste' must list the waste pile, bottom to top "
                             "(with draw=three_piles it is {\"w1\": [...], \"w2\": [...], \"w3\": [...]})")
        return (tuple(parse_card_text(c, "a waste card") for c in obj),)
    if not isinstance(obj, dict) or set(obj) - set(PILE_NAMES):
        raise StateError("with draw=three_piles 'waste' must be {\"w1\": [...], \"w2\": [...], "
                         "\"w3\": [...]}, each pile bottom to top")
    piles = []
    for name in PILE_NAMES:
        pile = obj.get(name, [])
        if not isinstance(pile, list):
            raise StateError(f"waste pile {name} must be a list of cards, bottom to top")
        piles.append(tuple(parse_card_text(c, f"a card of {name}") for c in pile))
    return tuple(piles)


# ---- validation --------------------------------------------------------------------
def validate(s: State) -> None:
    """Refuse any state no real game can reach, naming the problem."""
    r = s.rules
    if len(s.pyramid) != PYRAMID_SIZE:
        raise StateError(f"the pyramid has {PYRAMID_SIZE} places, not {len(s.pyramid)}")
    if len(s.waste) != (1 if r.draw == "one" else 3):
        raise StateError("the waste has one pile (draw=one) or three (draw=three_piles)")
    check_deck(s.seen_cards())
    on_top = s.stock_top is not None
    # the pyramid's shape: a card leaves only once both cards covering it have left
    if not is_valid_shape(s.removed):
        for i, c in enumerate(s.pyramid):
            if c is None:
                there = [PLACES[j] for j in COVERERS[i] if s.pyramid[j] is not None]
                if there:
                    raise StateError(f"{PLACES[i]} is removed but {' and '.join(there)}, which "
                                     f"{'cover' if len(there) > 1 else 'covers'} it, "
                                     f"{'are' if len(there) > 1 else 'is'} still there")
    if len(s.out) < s.pyramid_removed:
        raise StateError(f"{s.pyramid_removed} pyramid places are empty but only {len(s.out)} "
                         "cards are out")
    # cards leave as Kings or as pairs totalling 13, so 'out' holds as many of a rank as of its partner
    counts = Counter(value(c) for c in s.out)
    for v in range(1, 7):
        if counts[v] != counts[PAIR_SUM - v]:
            raise StateError(
                f"the cards out cannot have left as Kings and pairs totalling 13: "
                f"{counts[v]} {rank_word(v)} but {counts[PAIR_SUM - v]} {rank_word(PAIR_SUM - v)}")
    # the stock
    if on_top and not r.stock_top_available:
        raise StateError("'stock_top' is given but these rules keep the stock face down "
                         "(stock_top_available is false)")
    if r.stock_top_available and s.stock and not on_top:
        raise StateError(f"the stock has {s.stock} face-down cards but no face-up top; with "
                         "stock_top_available the stock's top card lies face up")
    # the count: every card is somewhere
    in_pyramid = PYRAMID_SIZE - s.pyramid_removed
    in_waste = sum(len(p) for p in s.waste)
    total = in_pyramid + in_waste + len(s.out) + s.stock + on_top
    if total != DECK_SIZE:
        top = " + the stock top" if on_top else ""
        raise StateError(f"{in_pyramid} pyramid cards, {in_waste} in the waste, {len(s.out)} out "
                         f"and {s.stock} in the stock{top} make {total} cards, not {DECK_SIZE}")
    if s.stock_order is not None and len(s.stock_order) != s.stock:
        raise StateError(f"'stock_order' lists {len(s.stock_order)} cards but 'stock' is {s.stock}")
    if r.passes is not None and s.pass_no > r.passes:
        raise StateError(f"pass {s.pass_no} but these rules allow {r.passes} "
                         f"pass{'es' if r.passes > 1 else ''}")
    if s.pass_no == 1 and r.draw == "three_piles":
        # on the first pass the draws dealt the turned cards W1, W2, W3, W1, ... in turn
        turned = STOCK_SIZE - s.stock - on_top
        for j, (name, pile) in enumerate(zip(PILE_NAMES, s.waste)):
            dealt = len(range(j, turned, 3))
            if len(pile) > dealt:
                raise StateError(f"{name} holds {len(pile)} cards but only {dealt} of the "
                                 f"{turned} cards turned so far went onto it")


def check_deck(cards: Iterable[Card]) -> None:
    """At most four of a rank, and no suited card twice."""
    cards = list(cards)
    ranks = Counter(value(c) for c in cards)
    for v, n in sorted(ranks.items()):
        if n > 4:
            raise StateError(f"there are {n} {rank_word(v)} in sight; a deck has 4")
    suited = Counter(c for c in cards if c.suit)
    for c, n in suited.items():
        if n > 1:
            raise StateError(f"{card_text(c)} appears {'twice' if n == 2 else f'{n} times'}")


def check_new_cards(state: State, cards: Iterable[Card]) -> None:
    """Refuse a reported card the deck cannot still hold: a fifth seven, a card already seen."""
    seen = state.seen_cards()
    ranks = Counter(value(c) for c in seen)
    suited = {c for c in seen if c.suit}
    for c in cards:
        v = value(c)
        if c.suit and c in suited:
            raise StateError(f"{card_text(c)} has already been seen; a deck has only one")
        if ranks[v] >= 4:
            raise StateError(f"all four {rank_word(v)} have already been seen; "
                             f"{card_text(c)} cannot be in the stock")
        ranks[v] += 1
        if c.suit:
            suited.add(c)


def unseen_ranks(state: State) -> list[int]:
    """How many of each rank (A..K, 13 counts) the face-down stock holds and nobody has seen.

    The hint engine's chance nodes branch over these: the stock's contents are
    known exactly (52 less everything seen), only its order is not.
    """
    seen = Counter(value(c) for c in state.seen_cards())
    return [4 - seen[v] for v in range(1, KING + 1)]


def initial_state(deck: Iterable[Card], rules: Rules | None = None, *, known_stock: bool = True) -> State:
    """The deal of a 52-card deck (28 pyramid cards row by row, then the stock from the top).

    With `stock_top_available` the stock's top card is turned face up at once.
    `known_stock=False` forgets the stock's order (what a player at the table knows).
    """
    rules = rules or Rules()
    cards = list(deck)
    if len(cards) != DECK_SIZE:
        raise StateError(f"a deal needs {DECK_SIZE} cards, not {len(cards)}")
    check_deck(cards)
    stock = cards[PYRAMID_SIZE:]
    top = stock.pop(0) if rules.stock_top_available else None
    state = State(pyramid=tuple(cards[:PYRAMID_SIZE]),
                  waste=((),) if rules.draw == "one" else ((), (), ()),
                  stock=len(stock), stock_top=top, rules=rules,
                  stock_order=tuple(stock) if known_stock else None)
    validate(state)
    return state
