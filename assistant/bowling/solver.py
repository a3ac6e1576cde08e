"""The best play: exact expectimax over the unseen cards of one deal.

`hint(state)` values every legal action of a visible frame state (each play
and ending the ball) by the exact expected utility of the rest of the deal
(see `assistant.bowling.objectives` for the utilities), and names the best.

The search runs in C (`assistant/_solvercore.c`); this module hands it the
rules as tables computed from `assistant.bowling.rules`, so the rules live in one
place: for every standing-pin mask the groups `may_take` allows, and for this
deal each group's value digit (`group_sum_digit`).  A `DealSolver` keeps its
memo for one deal, so every later state of the same deal is a lookup.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from . import _solvercore
from .cards import face_value, rank_of
from ..common import TablesideError
from .layout import GROUPS, PINS, letters_of
from .objectives import Weights, custom_weights, deal_kind, weights_for
from .rules import Variant, group_sum_digit, may_take
from .state import FrameState, Play

NO_DIGIT = 255
_EMPTY = 10


class SolverError(TablesideError):
    """A state or request the solver cannot answer."""


# ---- tables from the rules ----------------------------------------------------

@lru_cache(maxsize=None)
def position_table(variant: Variant) -> bytes:
    """For each standing mask, the bit set of GROUPS indexes `rules.may_take` allows."""
    rows = []
    for standing in range(1 << len(PINS)):
        bits = 0
        for i, g in enumerate(GROUPS):
            # may_take decides; asking it only of groups still standing (a fifth of them)
            # makes this table, built once per process, four times quicker to build
            if not g & ~standing and may_take(g, standing, variant):
                bits |= 1 << i
        rows.append(bits)
    return struct.pack("<1024Q", *rows)


_GROUP_MASKS = struct.pack("<64H", *GROUPS)


def group_digits(pins: Mapping[str, int]) -> bytes:
    """Each group's value digit for these pins; NO_DIGIT when a pin of it is gone."""
    return bytes(group_sum_digit(g, pins) if all(p in pins for p in letters_of(g))
                 else NO_DIGIT for g in GROUPS)


# ---- results -----------------------------------------------------------------

@dataclass(frozen=True)
class ActionValue:
    """One action and its exact expectations under best play afterwards."""

    play: Play | None          # None: end the ball
    value: float               # expected utility of the rest of the deal
    pins_ball1: float          # expected pins still to come in ball 1 ...
    pins_ball2: float          # ... and in ball 2
    p_strike: float
    p_spare: float

    @property
    def is_end_ball(self) -> bool:
        return self.play is None

    def action_json(self) -> dict:
        if self.play is None:
            return {"action": "end_ball"}
        return {"action": "play", "pile": self.play.pile, "pins": list(self.play.pins)}


class DealSolver:
    """Exact values for every state of one deal, memoised across calls.

    `pins` are the deal's pin values (all that were standing when it was made;
    later states may have fewer).  With `hidden` (each pile's face-down values,
    top first, when the solver is made) it solves with perfect information.
    """

    def __init__(self, pins: Mapping[str, int], weights: Weights,
                 variant: Variant = Variant.SACKSON_1969,
                 hidden: Sequence[Sequence[int]] | None = None):
        self.pins = dict(pins)
        self.weights = weights
        self.variant = variant
        self.perfect = hidden is not None
        self._core = _solvercore.Solver(
            position_table(variant), _GROUP_MASKS, group_digits(self.pins),
            weights.as_tuple(), weights.one_ball,
            None if hidden is None else tuple(tuple(h) for h in hidden))

    def fits(self, state: FrameState, weights: Weights, variant: Variant) -> bool:
        """True when `state` belongs to this deal (its memo stays valid)."""
        return (weights == self.weights and variant is self.variant and not self.perfect
                and all(self.pins.get(p) == v for p, v in state.pins.items()))

    def actions(self, state: FrameState) -> list[ActionValue]:
        """Every legal action of `state`: plays by pile then GROUPS order, ending last."""
        if not self.fits(state, self.weights, self.variant) and not self.perfect:
            raise SolverError("this state is not from the solver's deal")
        tops = tuple(_EMPTY if p.top is None else p.top for p in state.piles)
        downs = tuple(p.down for p in state.piles)
        unseen = state.unseen
        counts = tuple(unseen.get(v, 0) for v in range(10))
        if self.perfect:
            counts = (0,) * 10
        raw = self._core.actions(state.standing, state.ball, tops, downs, counts)
        out = []
        for pile, g, value, e1, e2, px, pp in raw:
            play = None if pile == 0 else Play(pile, tuple(letters_of(GROUPS[g])))
            out.append(ActionValue(play, value, e1, e2, px, pp))
        return out

    @property
    def states(self) -> int:
        return self._core.size()


# ---- the hint ------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    best: ActionValue
    actions: tuple[ActionValue, ...]     # every legal action, best first
    objective: str
    weights: Weights
    state: FrameState

    @property
    def value(self) -> float:
        return self.best.value

    def to_json(self) -> dict:
        return {
            "best": self.best.action_json(),
            "value": round(self.best.value, 6),
            "actions": [{**a.action_json(), "value": round(a.value, 6)} for a in self.actions],
            "objective": self.objective,
            "weights": list(self.weights.as_tuple()),
            "explanation": self.explanation,
        }

    @property
    def explanation(self) -> str:
        return explain(self)


_cache: list[DealSolver] = []


def solver_for(state: FrameState, weights: Weights,
               variant: Variant = Variant.SACKSON_1969) -> DealSolver:
    """A solver for this state's deal, reusing the last one when the deal is the same."""
    for s in _cache:
        if s.fits(state, weights, variant):
            return s
    s = DealSolver(state.pins, weights, variant)
    _cache[:] = [s]
    return s


def _as_state(state: Any) -> FrameState:
    if isinstance(state, FrameState):
        return state
    if isinstance(state, Mapping):
        return FrameState.from_json(dict(state))
    raise SolverError("a hint needs a frame state (the JSON object with pins, piles, ball, out)")


def resolve_weights(objective: str, weights, rolls: Sequence[int],
                    variant: Variant = Variant.SACKSON_1969) -> tuple[str, Weights]:
    """The objective's name and weights; explicit `weights` make it 'custom'."""
    if weights is not None:
        return "custom", custom_weights(weights, rolls)
    return objective, weights_for(objective, rolls, variant)


def hint(state: Any, objective: str = "game", weights=None,
         variant: Variant = Variant.SACKSON_1969) -> Hint:
    """The value of every legal action of `state`, best first."""
    state = _as_state(state)
    if not isinstance(variant, Variant):
        raise SolverError(f"unknown rules variant {variant!r}")
    if not state.pins:
        raise SolverError("this frame is over: every pin is down")
    objective, w = resolve_weights(objective, weights, state.rolls, variant)
    if w.one_ball and state.ball == 2:
        raise SolverError("this deal is a one-ball bonus deal: it has no second ball")
    values = solver_for(state, w, variant).actions(state)
    ranked = tuple(sorted(values, key=lambda a: -round(a.value, 9)))
    return Hint(ranked[0], ranked, objective, w, state)


# ---- words -------------------------------------------------------------------------

def describe_action(a: ActionValue, state: FrameState, verb: bool = True) -> str:
    """'Play pile 1's 10 on F+H (9+1)', or ending the ball, in words."""
    if a.play is None:
        what = "end the ball now" if state.ball == 1 else "stop and end the frame"
    else:
        top = state.piles[a.play.pile - 1].top
        pins = "+".join(a.play.pins)
        values = "+".join(face_value(state.pins[p]) for p in a.play.pins)
        what = f"play pile {a.play.pile}'s {rank_of(top)} on {pins} ({values})"
    return what[0].upper() + what[1:] if verb else what


# What a chance objective's value is a chance of.
_CHANCE_OF = {"strike": "strike chance", "clear": "chance to clear all ten"}


def _fmt_value(v: float, objective: str) -> str:
    """A value in the objective's own unit: points, pins, or one chance in words."""
    if objective in _CHANCE_OF:
        what = _CHANCE_OF[objective]
        return f"no {what}" if v < 0.0005 else f"a {100 * v:.1f}% {what}"
    unit = {"pins": " pins", "game": " points"}.get(objective, "")
    return f"{v:.2f}{unit}"


def _chances(a: ActionValue, state: FrameState, objective: str) -> str:
    """The strike and spare chances an objective's value does not already say."""
    parts = []
    if state.ball == 1 and objective != "strike" and not a.is_end_ball:
        parts.append(f"{100 * a.p_strike:.0f}% strike")
    parts.append(f"{100 * a.p_spare:.0f}% spare")
    return ", ".join(parts) + " chance"


def _why_worse(best: ActionValue, other: ActionValue, objective: str) -> str:
    """The clearest way `other` falls short of `best`, in the objective's unit."""
    reasons = []
    for name, b, o, scale in (("strike", best.p_strike, other.p_strike, 10),
                              ("spare", best.p_spare, other.p_spare, 5)):
        if b - o > 0.005:
            reasons.append(((b - o) * scale, f"{100 * o:.0f}% {name} chance instead of "
                                             f"{100 * b:.0f}%"))
    pins_b = best.pins_ball1 + best.pins_ball2
    pins_o = other.pins_ball1 + other.pins_ball2
    if objective == "game" and best.value - other.value > 0.005:
        # the game objective counts points: say the shortfall in points, not pins
        reasons.append((pins_b - pins_o, f"{best.value - other.value:.2f} fewer points expected"))
    elif pins_b - pins_o > 0.005:
        reasons.append((pins_b - pins_o, f"{pins_b - pins_o:.2f} fewer pins expected"))
    if not reasons:
        return "it trades pins and chances less well"
    return max(reasons)[1]


def _why_end_now(h: Hint) -> str:
    """Why stopping a ball that has taken no pin is best: the plain reason, or ''."""
    s = h.state
    if not (h.best.is_end_ball and s.ball == 1 and len(s.pins) == 10):
        return ""
    if len(h.actions) == 1:
        return (" No face-up card can make a first play: ending the ball sets them aside and "
                "turns up fresh cards for ball 2.")
    return (" No face-up card makes a good first play: ending the ball sets them aside and "
            "turns up fresh cards for ball 2, whose chance of clearing all ten pins (a spare) "
            "is worth more than what these cards can take now.")


def explain(h: Hint) -> str:
    """Short words for a hint: the best action, its chances, and the alternatives."""
    s, best = h.state, h.best
    if h.objective in _CHANCE_OF:
        text = (f"{describe_action(best, s)}: {_fmt_value(best.value, h.objective)}, "
                f"{_chances(best, s, h.objective)}.")
    else:
        text = (f"{describe_action(best, s)}: expected {_fmt_value(best.value, h.objective)}, "
                f"{_chances(best, s, h.objective)}.")
    text += _why_end_now(h)
    others = [a for a in h.actions if a is not best]
    if not others:
        return text + " It is the only action."
    runner = others[0]
    if best.value - runner.value < 1e-9:
        text += f" {describe_action(runner, s)} is just as good."
    elif not runner.is_end_ball:
        # a strike chance needs no reason beside it: the two chances say it
        why = "" if h.objective == "strike" else f" ({_why_worse(best, runner, h.objective)})"
        text += (f" Next best: {describe_action(runner, s, verb=False)}, "
                 f"{_fmt_value(runner.value, h.objective)}{why}.")
    end = next(a for a in h.actions if a.is_end_ball)
    if end is not best and not (runner is end and best.value - end.value < 1e-9):
        what = "Ending the ball now" if s.ball == 1 else "Stopping now"
        text += f" {what}: {_fmt_value(end.value, h.objective)}."
    return text


__all__ = ["hint", "Hint", "ActionValue", "DealSolver", "SolverError", "solver_for",
           "position_table", "group_digits", "resolve_weights", "explain"]
