"""Ten-pin bowling scoring, exactly as on a bowling pad.

Input is a player's rolls (pins per ball) in order; output is the pad: each
frame's rolls, its marks and its running total, which stays None until the
bonus balls it waits for are known.  Impossible sequences are refused with a
message naming the roll and the problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..common import TablesideError

FRAMES = 10
PINS_PER_RACK = 10


class ScoreError(TablesideError):
    """An impossible sequence of rolls."""


@dataclass(frozen=True)
class FrameScore:
    rolls: tuple[int, ...]
    marks: str            # one character per ball box: X, /, -, or a digit
    total: int | None     # running total, None until known

    def to_json(self) -> dict:
        return {"rolls": list(self.rolls), "marks": self.marks, "total": self.total}


@dataclass(frozen=True)
class ScoreCard:
    frames: tuple[FrameScore, ...]
    total: int            # last known running total
    complete: bool

    def to_json(self) -> dict:
        return {"frames": [f.to_json() for f in self.frames], "total": self.total,
                "complete": self.complete}


def _digit(n: int) -> str:
    return "-" if n == 0 else str(n)


def _tenth_marks(rolls: Sequence[int]) -> str:
    """Marks for the tenth frame: after a strike or spare the rack is fresh again."""
    marks, standing, fresh = [], PINS_PER_RACK, True
    for r in rolls:
        if r == standing:
            marks.append("X" if fresh else "/")
            standing, fresh = PINS_PER_RACK, True
        else:
            marks.append(_digit(r))
            standing, fresh = standing - r, False
    return "".join(marks)


def split_frames(rolls: Sequence[int]) -> list[list[int]]:
    """Group rolls into frames, refusing anything a real game cannot produce."""
    frames: list[list[int]] = []
    current: list[int] = []
    for n, r in enumerate(rolls, start=1):
        if isinstance(r, bool) or not isinstance(r, int):
            raise ScoreError(f"roll {n} is {r!r}: a roll is a whole number of pins")
        if not 0 <= r <= PINS_PER_RACK:
            raise ScoreError(f"roll {n} is {r}: a ball takes 0 to 10 pins")
        if len(frames) == FRAMES:
            raise ScoreError(f"roll {n}: the game is already over after ten frames")
        frame_no = len(frames) + 1
        if frame_no < FRAMES:
            if current and current[0] + r > PINS_PER_RACK:
                raise ScoreError(
                    f"roll {n}: frame {frame_no} would have {current[0]} + {r} = "
                    f"{current[0] + r} pins, more than 10")
            current.append(r)
            if r == PINS_PER_RACK and len(current) == 1 or len(current) == 2:
                frames.append(current)
                current = []
            continue
        # Tenth frame: up to three balls, the rack refilled after a strike or spare.
        standing = _standing_in_tenth(current)
        if r > standing:
            ball = ("first", "second", "third")[len(current)]
            raise ScoreError(
                f"roll {n}: the {ball} ball of frame 10 takes {r} pins but only "
                f"{standing} were standing")
        current.append(r)
        if _tenth_complete(current):
            frames.append(current)
            current = []
    if current:
        frames.append(current)
    return frames


def _standing_in_tenth(rolls: Sequence[int]) -> int:
    standing = PINS_PER_RACK
    for r in rolls:
        standing = PINS_PER_RACK if r == standing else standing - r
    return standing


def _tenth_complete(rolls: Sequence[int]) -> bool:
    if len(rolls) == 3:
        return True
    return len(rolls) == 2 and sum(rolls) < PINS_PER_RACK


def score_rolls(rolls: Sequence[int], final: bool = False) -> ScoreCard:
    """The pad for `rolls`; with final=True an unfinished game is refused too."""
    frames = split_frames(rolls)
    flat = list(rolls)
    out: list[FrameScore] = []
    running: int | None = 0
    i = 0
    for idx, fr in enumerate(frames):
        tenth = idx == FRAMES - 1
        if tenth:
            marks = _tenth_marks(fr)
            value = sum(fr) if _tenth_complete(fr) else None
        else:
            if fr[0] == PINS_PER_RACK:
                marks, need = "X", 2
            elif len(fr) == 2 and sum(fr) == PINS_PER_RACK:
                marks, need = _digit(fr[0]) + "/", 1
            else:
                marks, need = "".join(_digit(r) for r in fr), 0
            bonus = flat[i + len(fr): i + len(fr) + need]
            known = len(bonus) == need and (len(fr) == 2 or fr[0] == PINS_PER_RACK)
            value = sum(fr) + sum(bonus) if known else None
        i += len(fr)
        if running is not None and value is not None:
            running += value
            out.append(FrameScore(tuple(fr), marks, running))
        else:
            running = None
            out.append(FrameScore(tuple(fr), marks, None))
    complete = len(frames) == FRAMES and _tenth_complete(frames[-1])
    if final and not complete:
        raise ScoreError(
            f"the game is not complete: {len(rolls)} roll(s), "
            f"{sum(1 for f in out if f.total is not None)} frame(s) scored")
    last_known = max((f.total for f in out if f.total is not None), default=0)
    return ScoreCard(tuple(out), last_known, complete)


@dataclass(frozen=True)
class NextDeal:
    """What the next deal of cards is for, read off a player's rolls so far."""

    frame: int            # 1..10
    balls: int            # how many balls the deal may be played for (1 or 2)
    bonus: bool           # a tenth-frame bonus deal: its pins count only as bonus


def next_deal(rolls: Sequence[int]) -> NextDeal | None:
    """The deal a player plays next, or None when their game is complete.

    A tenth-frame strike earns a fresh deal whose first ball is bonus ball 1; if
    that is not a strike, bonus ball 2 is the second ball of the same deal,
    otherwise another fresh deal is played for one ball.  A spare earns one
    fresh deal for one ball.
    """
    frames = split_frames(rolls)
    if len(frames) < FRAMES:
        if frames and (len(frames[-1]) == 1 and frames[-1][0] != PINS_PER_RACK):
            raise ScoreError(f"the rolls end in the middle of frame {len(frames)}")
        return NextDeal(len(frames) + 1, 2, False)
    tenth = frames[-1]
    if _tenth_complete(tenth):
        return None
    if tenth == [PINS_PER_RACK]:
        return NextDeal(FRAMES, 2, True)
    if len(tenth) == 1:
        raise ScoreError("the rolls end in the middle of frame 10")
    if tenth[0] == PINS_PER_RACK and tenth[1] < PINS_PER_RACK:
        raise ScoreError("the rolls end in the middle of frame 10's bonus deal (bonus ball 2 "
                         "is ball 2 of the same deal)")
    return NextDeal(FRAMES, 1, True)


def deal_rolls(ball_pins: Sequence[int], strike: bool, balls: int) -> list[int]:
    """The rolls a finished deal adds to the pad: one ball after a strike or a one-ball deal."""
    return [ball_pins[0]] if strike or balls == 1 else [ball_pins[0], ball_pins[1]]
