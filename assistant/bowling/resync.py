"""A photo taken mid-frame against the tracked frame: the differences in words, and the
`resync` action that would set the tracker right once the player confirms them.

The photo shows the standing pins and the pile tops; what it cannot show comes from the
tracker: a pile whose top changed while pins fell is taken to have played its top (one card
fewer under, the old top out), a pile whose top changed with no pin gone is taken as a card
misread; pins gone went out with their tracked values.  Cards that went out unseen (more than
one card from a pile) the player names: `unknown_out` says how many.  A photo whose standing
pins mostly disagree with the tracked values, or that shows pins already down, is of another
table and refused.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import rank_of, remaining
from .frame import Frame, FrameError
from .layout import letters_of, mask_of
from .partial import parse_downs, parse_tops, parse_values
from .state import parse_pins


def _another_table(frame: Frame, pins: dict) -> None:
    """Refuse a photo that cannot be of this frame's table."""
    back = sorted(p for p in pins if not frame.standing & mask_of(p))
    if back:
        raise FrameError(f"this photo does not match the game: it shows {'+'.join(back)} "
                         "standing, already down in this frame (a photo of another table? "
                         "if a play was recorded by mistake, undo it)")
    both = [p for p in pins if frame.standing & mask_of(p)]
    differ = [p for p in both if frame.pin_values[p] != pins[p]]
    if len(differ) >= 2 and 2 * len(differ) > len(both):
        said = ", ".join(f"{p} reads {rank_of(pins[p])} (tracked {rank_of(frame.pin_values[p])})"
                         for p in differ)
        raise FrameError(f"this photo does not match the game: {len(differ)} of the "
                         f"{len(both)} pins read differ from the tracked cards ({said}); "
                         "is it a photo of another table?")


def compare(frame: Frame, body: Any) -> dict:
    """Differences between the tracked frame and the photo's `pins` and `tops` (optional
    `down` and `out` override the proposal) -> {"differences": [...], "action": {...},
    "unknown_out": k, "pool": [values the unnamed cards out can have]}."""
    if not isinstance(body, dict):
        raise FrameError("send the photo's table as {\"pins\": {...}, \"tops\": [...]}")
    if frame.over:
        raise FrameError("this frame is over")
    pins, tops = parse_pins(body.get("pins")), parse_tops(body.get("tops"))
    _another_table(frame, pins)
    words: list[str] = []
    gone = letters_of(frame.standing & ~mask_of(list(pins)))
    if gone:
        words.append(f"{'+'.join(gone)} down since the last play recorded "
                     f"({'+'.join(rank_of(frame.pin_values[p]) for p in gone)})")
    for p in sorted(pins):
        if frame.pin_values[p] != pins[p]:
            words.append(f"pin {p} is {rank_of(pins[p])}, not {rank_of(frame.pin_values[p])}")
    out = list(frame.out) + [frame.pin_values[p] for p in gone]
    down = []
    for i, (old, top) in enumerate(zip(frame.piles, tops), start=1):
        was = "a card not yet named" if old.pending else (
            "empty" if old.top is None else rank_of(old.top))
        if top is None:
            down.append(0)
            if old.top is not None or old.pending:
                words.append(f"pile {i} is empty, not {was}")
                if old.top is not None:
                    out.append(old.top)
        elif old.pending:
            down.append(old.down)
            words.append(f"pile {i}'s turned-up card is {rank_of(top)}")
        elif old.top is None:
            raise FrameError(f"this photo does not match the game: pile {i} is empty in this "
                             f"frame, the photo shows {rank_of(top)} on it")
        elif top == old.top:
            down.append(old.down)
        elif gone and old.down:
            down.append(old.down - 1)
            out.append(old.top)
            words.append(f"pile {i}'s {rank_of(old.top)} was played: it shows {rank_of(top)}")
        else:
            down.append(old.down)
            words.append(f"pile {i} shows {rank_of(top)}, not {rank_of(old.top)}")
    if body.get("down") is not None:
        down = parse_downs(body["down"], tops)
    if body.get("out") is not None:
        out = parse_values(body["out"], "a card in 'out'")
    in_sight = list(pins.values()) + [t for t in tops if t is not None]
    unknown = 20 - len(in_sight) - sum(down) - len(out)
    if unknown < 0:
        raise FrameError(f"{len(out)} cards named as out, but with {sum(down)} face down "
                         f"only {len(out) + unknown} can be out")
    pool = remaining(in_sight + out)
    if any(n > 2 for n in Counter(in_sight + out).values()):
        raise FrameError("a value shows up more than twice between the photo and the cards out")
    return {"differences": words, "unknown_out": unknown, "pool": sorted(pool.elements()),
            "action": {"type": "resync", "pins": pins, "tops": tops, "down": down,
                       "out": sorted(out)}}
