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

import math
import time
from dataclasses import dataclass
from typing import Callable

from .deck import shuffled_deck
from .hint import hint_of
from .policies import POLICIES, naive, play_deal
from .rules import PYRAMID_SIZE, Rules
from .solver import position, solve_from

Z95 = 1.96


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + Z95 ** 2 / n
    mid = (p + Z95 ** 2 / (2 * n)) / d
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass
class Summary:
    policy: str
    rules: Rules
    deals: int
    wins: int
    removed: float          # mean pyramid cards removed per deal
    seconds: float
    seed: int

    @property
    def rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    def to_json(self) -> dict:
        lo, hi = wilson(self.wins, self.deals)
        return {"policy": self.policy, "rules": self.rules.as_json(), "deals": self.deals,
                "seed": self.seed, "wins": self.wins, "win_rate": round(self.rate, 5),
                "interval95": [round(lo, 5), round(hi, 5)], "removed_mean": round(self.removed, 3),
                "seconds": round(self.seconds, 2),
                "seconds_per_deal": round(self.seconds / max(1, self.deals), 4)}

    def line(self) -> str:
        lo, hi = wilson(self.wins, self.deals)
        return (f"{self.policy}: {self.wins} of {self.deals} won = {100 * self.rate:.2f} % "
                f"(95 % interval {100 * lo:.2f}..{100 * hi:.2f} %), {self.removed:.2f} pyramid cards "
                f"removed per deal, {self.seconds:.1f} s ({1000 * self.seconds / max(1, self.deals):.1f} ms a deal)")


def play_perfect(deck, rules: Rules) -> tuple[bool, int]:
    s = solve_from(position(deck[:PYRAMID_SIZE], deck[PYRAMID_SIZE:], rules=rules), shortest=False)
    return s.winnable, s.removed


def play_hint(deck, rules: Rules, budget: int = 100_000) -> tuple[bool, int]:
    out = play_deal(deck, rules, lambda view: hint_of(view, budget=budget)["best"])
    return out["won"], out["pyramid_removed"]


def play_naive(deck, rules: Rules) -> tuple[bool, int]:
    out = play_deal(deck, rules, naive)
    return out["won"], out["pyramid_removed"]


def simulate(deals: int, seed: int = 0, policy: str = "perfect", rules: Rules = Rules(),
             hint_budget: int = 100_000, progress: Callable[[int, int], None] | None = None) -> Summary:
    play = {"perfect": play_perfect, "naive": play_naive,
            "hint": lambda d, r: play_hint(d, r, hint_budget)}[policy]
    t0 = time.perf_counter()
    wins = removed = 0
    for i in range(deals):
        won, rm = play(shuffled_deck(seed + i), rules)
        wins += won
        removed += rm
        if progress:
            progress(i + 1, wins)
    return Summary(policy, rules, deals, wins, removed / max(1, deals), time.perf_counter() - t0, seed)
