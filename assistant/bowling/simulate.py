"""Whole games on virtual deals: how well does a policy score?

Each game deals ten frames (and the tenth frame's bonus deals) from a seeded
virtual deck through `assistant.bowling.frame.Frame`, plays them with a policy and
scores the rolls with `assistant.bowling.scoring.score_rolls`.  Game i of seed S always
gets the same deals, whatever the policy or the number of workers, so policies
are compared on identical cards.

Policies:
- ``optimal``: the solver's best action for the objective (default ``game``);
- ``greedy``: the play taking the most pins now (ties: lowest pile, then the
  GROUPS order); end the ball when there is none;
- ``random``: a uniformly random legal play, never ending a ball early;
- ``perfect`` (``--perfect-information``): the solver's best action when every
  face-down card is known: an upper bound on what any player can expect.
"""
from __future__ import annotations

import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Callable

from ..common import TablesideError
from .frame import Frame
from .objectives import OBJECTIVES, deal_kind, weights_for
from .rules import Variant
from .scoring import FRAMES, PINS_PER_RACK, score_rolls, split_frames
from .solver import DealSolver

POLICIES = ("optimal", "greedy", "random", "perfect")


class SimulationError(TablesideError):
    """A simulation request that cannot run."""


@dataclass(frozen=True)
class GameResult:
    score: int
    strikes: int         # frames 1..10 whose first ball was a strike
    spares: int
    opens: int
    pins: int            # pins taken in the ten frames' own deals (bonus balls excluded)


def _choose_by_solver(solver: DealSolver, frame: Frame):
    actions = solver.actions(frame.state())
    best = actions[0]
    for a in actions[1:]:
        if a.value > best.value + 1e-9:
            best = a
    return best.play


def _choose_greedy(frame: Frame):
    plays = frame.legal_plays()
    if not plays:
        return None
    return max(plays, key=lambda p: len(p.pins))   # max keeps the first of equals


def _choose_random(rng: random.Random, frame: Frame):
    plays = frame.legal_plays()
    return rng.choice(plays) if plays else None


def play_game(index: int, seed: int = 0, policy: str = "optimal", objective: str = "game",
              variant: Variant = Variant.SACKSON_1969) -> GameResult:
    """Play game `index` of `seed` with `policy`; the deals depend only on (seed, index)."""
    deals = random.Random(f"simulate:{seed}:{index}")
    choices = random.Random(f"policy:{seed}:{index}")
    rolls: list[int] = []
    while not score_rolls(rolls).complete:
        kind = deal_kind(rolls)
        frame = Frame.dealt(deals, kind.balls, variant)
        choose: Callable[[Frame], object]
        if policy in ("optimal", "perfect"):
            w = weights_for(objective, rolls, variant)
            hidden = frame.hidden_piles() if policy == "perfect" else None
            solver = DealSolver(frame.pin_values, w, variant, hidden)
            choose = lambda fr, s=solver: _choose_by_solver(s, fr)  # noqa: E731
        elif policy == "greedy":
            choose = _choose_greedy
        else:
            choose = lambda fr: _choose_random(choices, fr)  # noqa: E731
        while not frame.over:
            play = choose(frame)
            if play is None:
                frame.end_ball()
            else:
                frame.play(play.pile, play.pins)
        rolls.extend(frame.rolls())
    return summarise(rolls)


def summarise(rolls: list[int]) -> GameResult:
    frames = split_frames(rolls)
    strikes = spares = pins = 0
    for fr in frames[:FRAMES]:
        if fr[0] == PINS_PER_RACK:
            strikes += 1
            pins += PINS_PER_RACK
        else:
            pins += fr[0] + fr[1]
            spares += fr[0] + fr[1] == PINS_PER_RACK
    return GameResult(score_rolls(rolls, final=True).total, strikes, spares,
                      FRAMES - strikes - spares, pins)


def _play_chunk(job) -> list[GameResult]:
    lo, hi, seed, policy, objective, variant = job
    return [play_game(i, seed, policy, objective, variant) for i in range(lo, hi)]


@dataclass
class Summary:
    policy: str
    objective: str
    games: int
    seconds: float
    results: list[GameResult] = field(repr=False)

    @property
    def mean_score(self) -> float:
        return sum(r.score for r in self.results) / self.games

    @property
    def ci95(self) -> float:
        n, m = self.games, self.mean_score
        if n < 2:
            return float("nan")
        var = sum((r.score - m) ** 2 for r in self.results) / (n - 1)
        return 1.96 * math.sqrt(var / n)

    def rate(self, what: str) -> float:
        return sum(getattr(r, what) for r in self.results) / (FRAMES * self.games)

    @property
    def pins_per_frame(self) -> float:
        return sum(r.pins for r in self.results) / (FRAMES * self.games)

    def to_json(self) -> dict:
        return {"policy": self.policy, "objective": self.objective, "games": self.games,
                "mean_score": round(self.mean_score, 3), "ci95": round(self.ci95, 3),
                "strike_rate": round(self.rate("strikes"), 4),
                "spare_rate": round(self.rate("spares"), 4),
                "open_rate": round(self.rate("opens"), 4),
                "pins_per_frame": round(self.pins_per_frame, 3),
                "seconds": round(self.seconds, 1)}

    def text(self) -> str:
        return (f"{self.policy} policy ({self.objective}), {self.games} games: "
                f"mean score {self.mean_score:.1f} ± {self.ci95:.1f} (95% CI), "
                f"strikes {100 * self.rate('strikes'):.1f}%, "
                f"spares {100 * self.rate('spares'):.1f}%, "
                f"open frames {100 * self.rate('opens'):.1f}%, "
                f"{self.pins_per_frame:.2f} pins per frame, {self.seconds:.1f} s")


def simulate(games: int, policy: str = "optimal", objective: str = "game", seed: int = 0,
             workers: int = 1, variant: Variant = Variant.SACKSON_1969,
             progress: bool = False) -> Summary:
    """Play `games` games with `policy`, in `workers` processes."""
    if not isinstance(games, int) or games < 1:
        raise SimulationError("--games must be a positive number of games")
    if not isinstance(workers, int) or workers < 1:
        raise SimulationError("--workers must be at least 1")
    if policy not in POLICIES:
        raise SimulationError(f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}")
    if objective not in OBJECTIVES:
        raise SimulationError(
            f"unknown objective {objective!r}; choose one of {', '.join(OBJECTIVES)}")
    t0 = time.perf_counter()
    step = max(1, min(25, games // (4 * workers) or 1))
    jobs = [(lo, min(lo + step, games), seed, policy, objective, variant)
            for lo in range(0, games, step)]
    results: list[GameResult] = []
    pool = multiprocessing.get_context("fork").Pool(workers) if workers > 1 else None
    try:
        parts = pool.imap(_play_chunk, jobs) if pool else map(_play_chunk, jobs)
        for part in parts:
            results.extend(part)
            if progress:
                done = len(results)
                bar = "#" * (30 * done // games)
                print(f"\r[{bar:<30}] {done}/{games} games", end="", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    if progress:
        print(file=sys.stderr)
    return Summary(policy, objective, games, time.perf_counter() - t0, results)


__all__ = ["POLICIES", "GameResult", "Summary", "play_game", "simulate", "summarise"]
