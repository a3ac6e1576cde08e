"""Score-only entry: each ball as the pins it took, and corrections of finished frames.

A score-only game (mode "score") keeps no cards: a player's frame is the balls
entered for it.  A card-tracked game uses the same entry for one frame when a
player forgot to track it.  What is possible is decided in one place, ten-pin
scoring's `split_frames`: a ball is accepted exactly when the player's rolls with
it still split into frames, and the refusal is `tableside score`'s own wording.

`before` below is a player's rolls of the frames already finished (in a card
game it may end in a partly played tenth frame); `balls` the balls entered for
the frame being played.
"""
from __future__ import annotations

from typing import Any, Sequence

from .scoring import FRAMES, PINS_PER_RACK, ScoreError, score_rolls, split_frames


def complete_frames(rolls: Sequence[int]) -> int:
    """How many frames `rolls` finish."""
    frames = split_frames(rolls)
    if len(frames) == FRAMES:
        return FRAMES if score_rolls(rolls).complete else FRAMES - 1
    if frames and len(frames[-1]) == 1 and frames[-1][0] != PINS_PER_RACK:
        return len(frames) - 1
    return len(frames)


def check_ball(before: Sequence[int], balls: Sequence[int], pins: Any) -> None:
    """Refuse a ball the frame cannot have, with the roll and the problem named."""
    split_frames([*before, *balls, pins])


def possible_balls(before: Sequence[int], balls: Sequence[int]) -> list[int]:
    """The pin counts the next ball may take (a second ball never more than the pins left)."""
    out = []
    for n in range(PINS_PER_RACK + 1):
        try:
            check_ball(before, balls, n)
        except ScoreError:
            continue
        out.append(n)
    return out


def frame_over(before: Sequence[int], balls: Sequence[int]) -> bool:
    """Whether `balls` finish the frame that follows `before`."""
    return complete_frames([*before, *balls]) > complete_frames(before)


def next_ball(before: Sequence[int], balls: Sequence[int]) -> tuple[int, int]:
    """(frame 1..10, ball 1..3 within that frame) of the ball to enter next."""
    frame = complete_frames(before) + 1
    frames = split_frames([*before, *balls])
    done = len(frames[frame - 1]) if len(frames) >= frame else 0
    return frame, done + 1


def replace_frame(rolls: Sequence[int], frame: Any, new: Any) -> list[int]:
    """`rolls` with finished frame `frame` (1..10) replaced by the balls `new`.

    Refused with the reason when `new` is impossible for that frame, is not the
    whole frame (too few or too many balls), or would make later frames impossible.
    """
    if isinstance(frame, bool) or not isinstance(frame, int) or not 1 <= frame <= FRAMES:
        raise ScoreError("'frame' is the frame's number, 1 to 10")
    if not isinstance(new, list) or not new:
        raise ScoreError("'rolls' is the frame's balls as pins per ball, e.g. [7, 2] or [10]")
    if frame > complete_frames(rolls):
        raise ScoreError(f"frame {frame} is not finished yet: enter its balls one at a time")
    frames = split_frames(rolls)
    head = [r for f in frames[: frame - 1] for r in f]
    tail = [r for f in frames[frame:] for r in f]
    split = split_frames(head + new)      # refuses an impossible ball with score's wording
    if complete_frames(head + new) < frame:
        raise ScoreError(f"frame {frame} cannot end after {_listed(new)}: it needs another ball")
    if len(split) > frame:
        whole = split[frame - 1]
        raise ScoreError(f"frame {frame} is over after {_listed(whole)}; "
                         f"{_listed(new)} has {len(new) - len(whole)} ball(s) too many")
    try:
        split_frames(head + new + tail)
    except ScoreError as e:
        raise ScoreError(f"that would make a later frame impossible: {e}") from None
    return head + new + tail


def _listed(balls: Sequence[int]) -> str:
    return " + ".join(str(b) for b in balls)
