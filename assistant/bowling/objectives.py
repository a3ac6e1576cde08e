"""What a hint maximises: the linear utility of one deal, and which deal it is.

The solver maximises the expected value of

    U = m1 * (pins taken in ball 1) + m2 * (pins taken in ball 2)
        + s * [strike] + p * [spare]

over the rest of the deal.  The named objectives fix these weights:

- ``pins``   (1, 1, 0, 0): the most pins in this deal;
- ``strike`` (0, 0, 1, 0): the best chance of a strike;
- ``clear``  (0, 0, 1, 1): the best chance of a strike or a spare;
- ``game``   (default): the most expected points on the final score.  m1, m2
  count how often the pad counts this deal's balls (once, plus once for each
  earlier strike or spare whose bonus they fill); s and p are what a strike or
  spare made now is worth in later points, computed offline by
  ``python -m assistant.bowling.calibrate`` and stored in ``bonus_values.json``.

The kind of deal comes from the player's rolls *before* this deal: a frame of
1..10, the strike-bonus deal of the tenth (its first ball is bonus ball 1, its
second ball bonus ball 2), or a one-ball deal (the bonus ball after a tenth
spare, or bonus ball 2 after bonus ball 1 was a strike).  See docs/solver.md.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from ..common import TablesideError
from .rules import Variant
from .scoring import FRAMES, PINS_PER_RACK, ScoreError, next_deal, split_frames

OBJECTIVES = ("game", "pins", "strike", "clear")
BONUS_VALUES = Path(__file__).with_name("bonus_values.json")

# (extra count on this deal's first roll, on the roll after it): nothing pending,
# after a spare, after a strike, after two strikes in a row.
PENDING = ((0, 0), (1, 0), (1, 1), (2, 1))


class ObjectiveError(TablesideError):
    """An unknown objective or unusable weights."""


@dataclass(frozen=True)
class Weights:
    m1: float
    m2: float
    s: float
    p: float
    one_ball: bool = False

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.m1, self.m2, self.s, self.p)


@dataclass(frozen=True)
class DealKind:
    """Which deal a player's next cards are for."""

    kind: str        # "frame" (frames 1-10), "strike_bonus" or "one_ball" (tenth-frame bonus)
    frame: int       # 1..10
    extra1: int      # earlier strikes/spares whose bonus counts this deal's first roll
    extra2: int      # ... and the roll after it

    @property
    def one_ball(self) -> bool:
        return self.kind == "one_ball"

    @property
    def balls(self) -> int:
        return 1 if self.one_ball else 2


def deal_kind(rolls: Sequence[int] = ()) -> DealKind:
    """The deal that follows `rolls` (a player's rolls so far, before this deal)."""
    if not isinstance(rolls, (list, tuple)):
        raise ObjectiveError("rolls must be a list of pins per ball")
    frames = split_frames(rolls)  # refuses impossible rolls
    n = len(rolls)
    # Bonus windows of strikes and spares in frames 1..9: the roll indexes they add again.
    windows: list[int] = []
    start = 0
    for idx, fr in enumerate(frames):
        if idx < FRAMES - 1 and len(fr) >= 1:
            if fr[0] == PINS_PER_RACK:
                windows += [start + 1, start + 2]
            elif len(fr) == 2 and sum(fr) == PINS_PER_RACK:
                windows += [start + 2]
        start += len(fr)
    extra1, extra2 = windows.count(n), windows.count(n + 1)
    try:
        nxt = next_deal(rolls)          # the one reader of deal kinds, shared with the tracker
    except ScoreError as e:
        raise ObjectiveError(f"{e}; give the rolls before this deal") from None
    if nxt is None:
        raise ObjectiveError("the rolls are already a complete game")
    kind = "frame" if not nxt.bonus else ("strike_bonus" if nxt.balls == 2 else "one_ball")
    return DealKind(kind, nxt.frame, extra1, extra2)


@lru_cache(maxsize=1)
def _bonus_file() -> dict:
    try:
        return json.loads(BONUS_VALUES.read_text())["variants"]
    except FileNotFoundError:
        raise ObjectiveError(
            "assistant/bonus_values.json is missing; run python -m assistant.bowling.calibrate") from None


def bonus_table(variant: Variant = Variant.SACKSON_1969) -> dict:
    """The calibrated values for `variant` (see assistant/calibrate.py).

    A variant without its own calibration uses the 1969 rules' values.
    """
    tables = _bonus_file()
    return tables.get(variant.value) or tables[Variant.SACKSON_1969.value]


def _frame_value(table: dict, frame: int, a: int, b: int) -> float:
    return table["frame_values"][str(frame)][f"{a},{b}"]


def game_weights(kind: DealKind, variant: Variant = Variant.SACKSON_1969) -> Weights:
    """m1, m2, s, p for the expected final score, from the calibrated table."""
    t = bonus_table(variant)
    m1, m2 = 1 + kind.extra1, 1 + kind.extra2
    one = t["one_ball_deal"]
    if kind.kind == "one_ball":
        return Weights(m1, 0.0, 0.0, 0.0, True)
    if kind.kind == "strike_bonus":
        # a strike with bonus ball 1 sends bonus ball 2 to a fresh one-ball deal
        return Weights(m1, m2, one, 0.0, False)
    if kind.frame == FRAMES:
        # after the tenth's strike: the strike-bonus deal, whose first roll is counted
        # again by a ninth-frame strike; after its spare: a one-ball deal.
        return Weights(m1, m2, t["strike_bonus_deal"][str(kind.extra2)], one, False)
    base = _frame_value(t, kind.frame + 1, 0, 0)
    s = _frame_value(t, kind.frame + 1, kind.extra2 + 1, 1) - base
    p = _frame_value(t, kind.frame + 1, 1, 0) - base
    return Weights(m1, m2, s, p, False)


def weights_for(objective: str = "game", rolls: Sequence[int] = (),
                variant: Variant = Variant.SACKSON_1969) -> Weights:
    """The utility weights of `objective` for the deal after `rolls`."""
    kind = deal_kind(rolls)
    if objective == "game":
        return game_weights(kind, variant)
    fixed = {"pins": (1, 1, 0, 0), "strike": (0, 0, 1, 0), "clear": (0, 0, 1, 1)}
    if objective not in fixed:
        raise ObjectiveError(
            f"unknown objective {objective!r}; choose one of {', '.join(OBJECTIVES)}")
    return Weights(*map(float, fixed[objective]), one_ball=kind.one_ball)


def custom_weights(weights, rolls: Sequence[int] = ()) -> Weights:
    """User weights (m1, m2, s, p) or a Weights; the one-ball flag still comes from rolls."""
    one_ball = deal_kind(rolls).one_ball
    if isinstance(weights, Weights):
        return Weights(*weights.as_tuple(), one_ball=weights.one_ball or one_ball)
    if isinstance(weights, str):
        weights = weights.split(",")
    try:
        values = [float(w) for w in weights]
    except (TypeError, ValueError):
        raise ObjectiveError("weights are four numbers m1,m2,s,p") from None
    if len(values) != 4 or not all(abs(v) < 1e6 for v in values):
        raise ObjectiveError("weights are four finite numbers m1,m2,s,p")
    return Weights(*values, one_ball=one_ball)


__all__ = ["OBJECTIVES", "Weights", "DealKind", "deal_kind", "weights_for", "game_weights",
           "custom_weights", "bonus_table"]
