"""What one placement scores (rules document, section 5), with the reasons in words.

For each line through the space at most one of S1 (completing the line) and
S2 (adding to a line that was already full) applies; S3 (a tall stack) is
checked once; everything adds up.  A placement that topples scores nothing,
which is the game's business, not this module's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .board import LINES_THROUGH
from .rules import TALL_HEIGHT, Rules

#: S1's fixed reward for completing a line.
COMPLETION_POINTS = 3

Stacks = Mapping[str, Sequence[str]]     # space -> colours, bottom to top; absent = empty


@dataclass(frozen=True)
class Part:
    """One scoring rule that applied, e.g. (5, "row C completed: 3 + 2 tops").

    `rule` ("S1", "S2", "S3"), `line` (its name, None for S3) and `count` (the
    tops or pieces counted) let a page say the same in another language.
    """
    points: int
    reason: str
    rule: str = ""
    line: str | None = None
    count: int = 0

    def to_json(self) -> dict:
        return {"points": self.points, "reason": self.reason, "rule": self.rule,
                "line": self.line, "count": self.count}


@dataclass(frozen=True)
class Score:
    parts: tuple[Part, ...] = ()

    @property
    def points(self) -> int:
        return sum(p.points for p in self.parts)

    def explain(self) -> str:
        return "; ".join(p.reason for p in self.parts) or "no line or tall stack: 0"

    def to_json(self) -> dict:
        return {"points": self.points, "reasons": [p.reason for p in self.parts],
                "parts": [p.to_json() for p in self.parts]}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def score_placement(stacks: Stacks, space: str, colour: str, rules: Rules = Rules()) -> Score:
    """The points for placing `colour` on `space` of the board `stacks` (before placing)."""
    height = len(stacks.get(space, ()))
    parts: list[Part] = []
    for line in LINES_THROUGH[space]:
        others = [s for s in line.spaces if s != space]
        if not all(stacks.get(s) for s in others):
            continue                                  # an empty space: the line scores nothing
        other_tops = sum(1 for s in others if stacks[s][-1] == colour)
        if height == 0:                                # S1: this piece completes the line
            bonus = other_tops + (1 if rules.completion_counts_own_stack else 0)
            reason = f"{line.name} completed: {COMPLETION_POINTS}"
            if bonus:
                reason += f" + {_plural(bonus, 'top')}"
            parts.append(Part(COMPLETION_POINTS + bonus, reason, "S1", line.name, bonus))
        else:                                          # S2: the line was already full
            tops = other_tops + 1                      # the new piece tops its own stack
            parts.append(Part(tops, f"{line.name} was full: {_plural(tops, 'top')}",
                              "S2", line.name, tops))
    needed = TALL_HEIGHT if rules.tall_stack == "before3" else TALL_HEIGHT - 1
    if height >= needed:                               # S3: a tall stack
        own = sum(1 for c in stacks[space] if c == colour) + 1
        parts.append(Part(own, f"stack of {height + 1}: {_plural(own, colour + ' piece')}",
                          "S3", None, own))
    return Score(tuple(parts))
