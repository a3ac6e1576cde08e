"""Whole games on seeded deals: the game's true numbers.

Policies:
- `perfect`: the perfect-information solver, which sees the whole deal (an upper bound);
- `hint`: plays blind with the hint engine, seeing each stock card only when it is turned;
- `naive`: the engine's naive player (`policies.naive`: pair at once, pyramid pairs first,
  draw only when stuck), the floor a hint must beat.

Deal i of a run with seed S is `deck.shuffled_deck(S + i)`, so every policy and
rule set of one run plays the same deals.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from .deck import shuffled_deck
from .hint import hint_of, wilson
from .policies import naive, play_deal
from .rules import PYRAMID_SIZE, Rules
from .solver import SolverError, position, solve_from


@dataclass
class Summary:
    policy: str
    rules: Rules
    deals: int
    wins: int
    removed: float          # mean pyramid cards removed per deal
    seconds: float
    seed: int
    fallback_moves: int = 0     # hint policy: moves the hint engine could not give (play_hint)

    @property
    def rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    def to_json(self) -> dict:
        lo, hi = wilson(self.wins, self.deals)
        return {"policy": self.policy, "rules": self.rules.as_json(), "deals": self.deals,
                "seed": self.seed, "wins": self.wins, "win_rate": round(self.rate, 5),
                "interval95": [round(lo, 5), round(hi, 5)], "removed_mean": round(self.removed, 3),
                "seconds": round(self.seconds, 2),
                "seconds_per_deal": round(self.seconds / max(1, self.deals), 4)} | \
            ({"fallback_moves": self.fallback_moves} if self.policy == "hint" else {})

    def line(self) -> str:
        lo, hi = wilson(self.wins, self.deals)
        return (f"{self.policy}: {self.wins} of {self.deals} won = {100 * self.rate:.2f} % "
                f"(95 % interval {100 * lo:.2f}..{100 * hi:.2f} %), {self.removed:.2f} pyramid cards "
                f"removed per deal, {self.seconds:.1f} s ({1000 * self.seconds / max(1, self.deals):.1f} ms a deal)"
                + (f"; {self.fallback_moves} moves by the naive rule (no stock order searchable in the "
                   f"hint's budget)" if self.fallback_moves else ""))


def play_perfect(deck, rules: Rules) -> tuple[bool, int]:
    s = solve_from(position(deck[:PYRAMID_SIZE], deck[PYRAMID_SIZE:], rules=rules), shortest=False)
    return s.winnable, s.removed


def play_hint(deck, rules: Rules, budget: int = 100_000, fallbacks: list | None = None) -> tuple[bool, int]:
    """Play blind with the hint engine.  A move it cannot give (every stock order it sampled
    too hard to search within its budget) is the naive player's, and one entry is appended to
    `fallbacks`: a simulation must not stop on one hard position, nor hide that it happened."""
    def policy(view):
        try:
            return hint_of(view, budget=budget)["best"]
        except SolverError:
            if fallbacks is not None:
                fallbacks.append(1)
            return naive(view)
    out = play_deal(deck, rules, policy)
    return out["won"], out["pyramid_removed"]


def play_naive(deck, rules: Rules) -> tuple[bool, int]:
    out = play_deal(deck, rules, naive)
    return out["won"], out["pyramid_removed"]


def simulate(deals: int, seed: int = 0, policy: str = "perfect", rules: Rules = Rules(),
             hint_budget: int = 100_000, progress: Callable[[int, int], None] | None = None) -> Summary:
    fallbacks: list = []
    play = {"perfect": play_perfect, "naive": play_naive,
            "hint": lambda d, r: play_hint(d, r, hint_budget, fallbacks)}[policy]
    t0 = time.perf_counter()
    wins = removed = 0
    for i in range(deals):
        won, rm = play(shuffled_deck(seed + i), rules)
        wins += won
        removed += rm
        if progress:
            progress(i + 1, wins)
    return Summary(policy, rules, deals, wins, removed / max(1, deals), time.perf_counter() - t0, seed,
                   len(fallbacks))
