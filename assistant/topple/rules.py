"""The switches of Topple's ambiguity table (rules document, section 9), with their defaults.

Every other module reads the rules from a `Rules`; none keeps its own copy of a
default.  `Rules.from_json` takes the "rules" object of a game file or the web
form; unknown switches and bad values are refused with the reason.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from ..common import TablesideError
from .board import LEVEL_RANGE, LEVELS, SPACES, parse_space, short

TALL_STACK = ("before3", "after3")
ROUND_START = ("rotate", "same", "after_last", "roll")
TIES = ("shared", "extra_round")
#: Height a stack must reach (before, or after, placing) for S3 to score.
TALL_HEIGHT = 3


@dataclass(frozen=True)
class Rules:
    """One rule set; the defaults are the document's (B1..B7)."""
    #: B1: S1's bonus also counts the completing piece's own stack (topple-scorer's reading).
    completion_counts_own_stack: bool = False
    #: B2: S3 needs a stack of 3 before placing ("before3") or after placing ("after3").
    tall_stack: str = "before3"
    #: B3: the printed level of each space, A1..E5 (the standard map unless the board differs).
    levels: tuple[int, ...] = tuple(LEVELS[s] for s in SPACES)
    #: B4: a player may decline to place.
    may_pass: bool = False
    #: B6: who starts the next round: the player left of the last starter ("rotate"), the same
    #: one, the player left of the round's last placer ("after_last"), or a roll-off ("roll").
    round_start: str = "rotate"
    #: B7: a tie for the highest total at the end shares the win, or plays another round.
    tie: str = "shared"
    #: Section 8: the junior version (no scores; whoever topples is out).
    junior: bool = False

    def __post_init__(self) -> None:
        for name in ("completion_counts_own_stack", "may_pass", "junior"):
            if not isinstance(getattr(self, name), bool):
                raise TablesideError(f"{name} must be true or false, not {short(getattr(self, name))}")
        for name, allowed in (("tall_stack", TALL_STACK), ("round_start", ROUND_START),
                              ("tie", TIES)):
            if getattr(self, name) not in allowed:
                raise TablesideError(f"{name} must be {' or '.join(allowed)}, "
                                     f"not {short(getattr(self, name))}")
        if len(self.levels) != len(SPACES) or any(
                isinstance(v, bool) or v not in LEVEL_RANGE for v in self.levels):
            raise TablesideError("every space's level must be 1-5")

    @property
    def level_map(self) -> dict[str, int]:
        """The level of every space, by name."""
        return dict(zip(SPACES, self.levels))

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["levels"] = self.level_map
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Rules":
        """Rules from a JSON object of switches; missing switches keep their defaults.

        "levels" may name only the spaces whose printed level differs from the
        standard map, e.g. {"A1": 4}.
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise TablesideError("'rules' must be an object of switches, e.g. "
                                 '{"tall_stack": "after3"}')
        known = {f.name for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise TablesideError(f"unknown rule switch {short(key)!r} "
                                     f"(known: {', '.join(sorted(known))})")
            changes[key] = _levels(value) if key == "levels" else value
        return replace(cls(), **changes)


def _levels(value: Any) -> tuple[int, ...]:
    if not isinstance(value, Mapping):
        raise TablesideError('levels must be an object such as {"A1": 5, "C3": 1}')
    levels = dict(LEVELS)
    for name, level in value.items():
        space = parse_space(name)
        if isinstance(level, bool) or level not in LEVEL_RANGE:
            raise TablesideError(f"the level of {space} must be 1-5, not {short(level)}")
        levels[space] = level
    return tuple(levels[s] for s in SPACES)
