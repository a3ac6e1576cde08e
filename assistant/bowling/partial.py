"""A table seen in a photo: what the photo cannot show, defaulted; a hint over cards out unknown.

A photo shows the standing pins and each pile's face-up top.  It cannot show how many cards
lie face down under each top, which ball this is, or which values are already out of play.
`complete` fills those in with sensible defaults (the player may override any of them) and
checks the result with the state JSON's own validator.

Cards out that the player does not know are not guessed: the face-down cards are then a
random part of every value not in sight, and `hint_unknown_out` averages the solver's exact
values over the ways the unknown cards out can fall (all of them, each weighted by how many
card choices give it, when there are few; else a fixed-seed sample).  Each average is the
value for a player who would learn the cards out after this play: an estimate, said so.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Any, Sequence

from .cards import DECK_SIZE, rank_of, remaining
from .layout import PINS
from .rules import Variant
from .solver import ActionValue, Hint, SolverError, hint
from .state import PILE_SIZES, FrameState, StateError, card_value, parse_pins, plays_made

EXACT_LIMIT = 60        # at most this many ways the unknown cards out can fall: all are solved
SAMPLES = 40            # else this many fixed-seed draws


@dataclass(frozen=True)
class Completed:
    """A table read from a photo, completed: the state with the cards out the player named,
    and how many more cards are out whose values nobody said."""
    pins: dict
    tops: tuple
    down: tuple
    ball: int
    known_out: tuple
    unknown_out: int
    rolls: tuple = ()
    defaulted: tuple = ()       # which of "down", "ball" were filled in here

    def state_json(self, out: Sequence[int] | None = None) -> dict:
        """The state JSON with `out` (default: the cards out named, once none is unknown)."""
        d = {"pins": dict(self.pins),
             "piles": [{"top": t, "down": n} for t, n in zip(self.tops, self.down)],
             "ball": self.ball, "out": list(self.known_out if out is None else out)}
        if self.rolls:
            d["rolls"] = list(self.rolls)
        return d

    def pool(self) -> Counter:
        """The values that are either out unnamed or face down: the deck less all in sight
        and the cards out named."""
        seen = list(self.pins.values()) + [t for t in self.tops if t is not None]
        return remaining(seen + list(self.known_out))

    def to_json(self) -> dict:
        return {"pins": dict(self.pins), "tops": list(self.tops), "down": list(self.down),
                "ball": self.ball, "out": sorted(self.known_out), "unknown_out": self.unknown_out,
                "defaulted": list(self.defaulted)}


def parse_values(raw: Any, what: str) -> list[int]:
    """Card values through the state JSON's own parser (0..10, a ten as 10 or 0)."""
    if not isinstance(raw, list):
        raise StateError(f"'{what}' must be a list of card values")
    return [card_value(v, what) for v in raw]


def parse_tops(raw: Any) -> list[int | None]:
    if not isinstance(raw, list) or len(raw) != 3:
        raise StateError("'tops' must list the three piles' face-up cards (null: an empty pile)")
    return [None if t is None else card_value(t, f"pile {i}'s top") for i, t in enumerate(raw, 1)]


def parse_downs(raw: Any, tops: list) -> list[int]:
    if not isinstance(raw, list) or len(raw) != 3:
        raise StateError("'down' must list three counts: the face-down cards under each pile")
    out = []
    for i, (n, top, size) in enumerate(zip(raw, tops, PILE_SIZES), start=1):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise StateError(f"pile {i}'s 'down' must be a count of cards, not {n!r}")
        if top is None and n:
            raise StateError(f"pile {i} shows no face-up card, so no card can lie under it")
        if top is not None and n > size - 1:
            raise StateError(f"pile {i} has {size} cards at most: {size - 1} under its top, not {n}")
        out.append(n)
    return out


def _fits(pins: dict, tops: list, used: Sequence[int], ball: int) -> bool:
    """Whether these cards gone from the piles can have taken the pins down (state's rule)."""
    if ball == 2 and 0 in used:
        return False
    fewest, most = plays_made(used, ball)
    return fewest <= len(PINS) - len(pins) <= 3 * most


def _used_choices(tops: list) -> list[tuple[int, ...]]:
    """Every count of cards gone from each pile that the photo allows (an empty pile is all gone)."""
    ranges = [(size,) if top is None else range(size) for top, size in zip(tops, PILE_SIZES)]
    return [tuple(u) for u in product(*ranges)]


def default_downs(pins: dict, tops: list, ball: int) -> list[int] | None:
    """The face-down counts to assume: about one ball card played for every two pins down
    (in the second ball, besides the top each pile lost between the balls), cards taken from
    the piles as evenly as their sizes allow.  None when no count fits this ball."""
    removed = len(PINS) - len(pins)
    target = math.ceil(removed / 2)
    fits = [u for u in _used_choices(tops) if _fits(pins, tops, u, ball)]
    if not fits:
        return None
    best = min(fits, key=lambda u: (abs(plays_made(u, ball)[0] - target),
                                    max(n / s for n, s in zip(u, PILE_SIZES)), u))
    return [0 if t is None else size - 1 - n for t, n, size in zip(tops, best, PILE_SIZES)]


def complete(body: dict) -> Completed:
    """The photo's table (`pins`, `tops`) with what it cannot show: `down`, `ball` and `out`
    when given, else defaults; refused (StateError) when no game can show it."""
    pins = parse_pins(body.get("pins"))
    tops = parse_tops(body.get("tops"))
    rolls = body.get("rolls", [])
    if not isinstance(rolls, list):
        raise StateError("'rolls' must be a list of pins per ball")
    defaulted = []
    ball = body.get("ball")
    if ball is None:
        if body.get("down") is not None:        # the ball those counts fit
            given = parse_downs(body["down"], tops)
            used = [size - n - (t is not None) for size, n, t in zip(PILE_SIZES, given, tops)]
            ball = 1 if _fits(pins, tops, used, 1) or not _fits(pins, tops, used, 2) else 2
        else:
            ball = 1 if default_downs(pins, tops, 1) is not None else 2
        defaulted.append("ball")
    elif isinstance(ball, bool) or ball not in (1, 2):
        raise StateError(f"ball must be 1 or 2, not {ball!r}")
    if body.get("down") is None:
        down = default_downs(pins, tops, ball)
        if down is None:
            gone = [str(i) for i, t in enumerate(tops, 1) if t is None]
            which = ("in either ball" if "ball" in defaulted else
                     f"in the {'first' if ball == 1 else 'second'} ball")
            raise StateError(
                f"no game shows this table {which}: {len(PINS) - len(pins)} pin(s) down"
                + (f" beside empty pile(s) {', '.join(gone)}" if gone else "")
                + (" (a pile is empty only after each of its cards took a pin or more)"
                   if gone else ""))
        defaulted.append("down")
    else:
        down = parse_downs(body["down"], tops)
    known = parse_values(body.get("out", []), "a card in 'out'")
    out_count = DECK_SIZE - len(pins) - sum(t is not None for t in tops) - sum(down)
    if len(known) > out_count:
        raise StateError(f"{len(known)} cards named as out, but this table has only "
                         f"{out_count} out of play ({len(pins)} pins standing, "
                         f"{sum(t is not None for t in tops)} pile tops, {sum(down)} face down)")
    done = Completed(pins, tuple(tops), tuple(down), ball, tuple(sorted(known)),
                     out_count - len(known), tuple(rolls), tuple(defaulted))
    # The state JSON's validator, with any unknown cards out filled in from the pool:
    # a value seen three times, an impossible history, bad rolls are refused in its words.
    counts = Counter(list(pins.values()) + [t for t in tops if t is not None] + list(known))
    for v, n in sorted(counts.items()):
        if n > 2:
            raise StateError(f"there are {n} cards of value {rank_of(v)} in sight or out; "
                             "the deck has only two")
    filler = sorted(done.pool().elements())[:done.unknown_out]
    FrameState.from_json(done.state_json(list(known) + filler))
    return done


def _completions(done: Completed) -> tuple[list[tuple[list[int], float]], int | None]:
    """(cards out unnamed, weight) pairs to average over, and how many ways there are in all
    (None: too many to count, sampled).  The smaller side is enumerated: the cards out
    unnamed, or the face-down cards (the rest of the pool is then out)."""
    k, pool = done.unknown_out, done.pool()
    down = sum(done.down)
    if k == 0 or down == 0:      # nothing to draw, or nothing unknown: one state
        return [(sorted(pool.elements())[:k], 1.0)], 1
    m, values = min(k, down), sorted(pool)
    picks: list[tuple[list[int], float]] = []

    def walk(i: int, left: int, chosen: list[int], weight: float) -> bool:
        if len(picks) > EXACT_LIMIT:
            return False
        if i == len(values):
            if left == 0:
                picks.append((list(chosen), weight))
            return True
        v = values[i]
        return all(walk(i + 1, left - n, chosen + [v] * n, weight * math.comb(pool[v], n))
                   for n in range(min(pool[v], left) + 1))

    if walk(0, m, [], 1.0):
        if m == k:
            return picks, len(picks)
        return [(sorted((pool - Counter(c)).elements()), w) for c, w in picks], len(picks)
    rng = random.Random(repr(done.state_json()))       # the same table, the same sample
    cards = sorted(pool.elements())
    return [(sorted(rng.sample(cards, k)), 1.0) for _ in range(SAMPLES)], None


def hint_unknown_out(done: Completed, objective: str = "game",
                     variant: Variant = Variant.SACKSON_1969) -> dict:
    """The hint JSON for a completed table: exact when every card out is named, else every
    action's value averaged over the cards out unnamed, with `estimate` saying how."""
    ways, total = _completions(done)
    sums: dict = {}
    order: list = []
    weight_sum = 0.0
    first = None
    for out, w in ways:
        h = hint(FrameState.from_json(done.state_json(list(done.known_out) + out)),
                 objective, variant=variant)
        first = first or h
        weight_sum += w
        for a in h.actions:
            if a.play not in sums:
                order.append(a.play)
                sums[a.play] = [0.0] * 5
            for j, x in enumerate((a.value, a.pins_ball1, a.pins_ball2, a.p_strike, a.p_spare)):
                sums[a.play][j] += w * x
    if first is None:
        raise SolverError("no hint for this table")
    avg = [ActionValue(p, *(x / weight_sum for x in sums[p])) for p in order]
    ranked = tuple(sorted(avg, key=lambda a: -round(a.value, 9)))
    out = Hint(ranked[0], ranked, first.objective, first.weights, first.state).to_json()
    exact = done.unknown_out == 0 or sum(done.down) == 0
    out["estimate"] = None if exact else {
        "unknown_out": done.unknown_out, "ways": total, "averaged": len(ways),
        "why": (f"{done.unknown_out} card{'' if done.unknown_out == 1 else 's'} out of play not "
                 "named: the values are averaged over "
                + (f"all {total} ways they can fall" if total else f"{len(ways)} sampled ways "
                   "they can fall") + "; name the cards out for an exact hint")}
    return out
