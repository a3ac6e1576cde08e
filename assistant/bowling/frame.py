"""One deal of the 20 cards, played for one or two balls: the frame tracker.

Two kinds share this engine:
- a *dealt* frame shuffles a virtual deck (seeded) and knows every card;
- a *table* frame follows real cards: the face-down cards are unknown and the
  player reports each card as it is turned up ("pile 2 now shows a 7").
Every action is checked before anything changes, so a refused action leaves
the frame exactly as it was.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from .cards import DECK, face_value, rank_of, remaining
from ..common import TablesideError
from .layout import FULL, PINS, letters_of, mask_of
from .rules import Variant, explain_illegal, legal_groups
from .scoring import deal_rolls
from .state import PILE_SIZES, FrameState, Pile, Play


class FrameError(TablesideError):
    """An action the rules or the cards do not allow."""


def _check_pile(pile) -> None:
    """A pile number is the int 1, 2 or 3: 1.0 and true are refused (true == 1 in Python, and
    was stored as true)."""
    if isinstance(pile, bool) or not isinstance(pile, int):
        raise FrameError(f"the pile must be the number 1, 2 or 3, not {pile!r}")
    if pile not in (1, 2, 3):
        raise FrameError(f"there is no pile {pile}; the piles are 1, 2 and 3")


@dataclass
class _Pile:
    top: int | None            # face-up value; None when empty or not yet reported
    down: int                  # cards still face down
    hidden: list[int] | None   # dealt frames: the face-down values, top first
    pending: bool = False      # a card was turned up but its value is not reported yet


@dataclass
class Frame:
    pin_values: dict[str, int]
    piles: list[_Pile]
    max_balls: int = 2
    variant: Variant = Variant.SACKSON_1969
    standing: int = FULL
    ball: int = 1
    out: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0, 0])
    ball_start: int = FULL          # the pins standing when this ball began
    over: bool = False
    log: list[str] = field(default_factory=list)

    # ---- construction ---------------------------------------------------
    @classmethod
    def dealt(cls, rng: random.Random, max_balls: int = 2,
              variant: Variant = Variant.SACKSON_1969) -> "Frame":
        """A virtual deal: ten pins A..J, then piles of 5, 3 and 2, top card first."""
        deck = list(DECK)
        rng.shuffle(deck)
        pins = dict(zip(PINS, deck[:10]))
        piles, i = [], 10
        for size in PILE_SIZES:
            cards = deck[i:i + size]
            piles.append(_Pile(cards[0], size - 1, cards[1:]))
            i += size
        frame = cls(pins, piles, max_balls, variant)
        frame._settle()
        return frame

    @classmethod
    def from_table(cls, pins: Mapping[str, int], tops: Sequence[int], max_balls: int = 2,
                   variant: Variant = Variant.SACKSON_1969) -> "Frame":
        """Real cards just dealt: all ten pins and the three face-up pile tops."""
        if not isinstance(pins, Mapping) or sorted(pins) != list(PINS):
            raise FrameError("a new deal needs all ten pins A..J")
        if not isinstance(tops, Sequence) or len(tops) != 3:
            raise FrameError("a new deal needs the face-up top card of each of the three piles")
        state = FrameState.from_json({
            "pins": dict(pins), "ball": 1, "out": [],
            "piles": [{"top": t, "down": size - 1} for t, size in zip(tops, PILE_SIZES)]})
        piles = [_Pile(p.top, p.down, None) for p in state.piles]
        frame = cls(dict(state.pins), piles, max_balls, variant)
        frame._settle()
        return frame

    # ---- what the player sees ----------------------------------------------
    @property
    def pending_reveals(self) -> list[int]:
        """Piles (1..3) whose newly turned-up card the player has not reported yet."""
        return [i for i, p in enumerate(self.piles, start=1) if p.pending]

    @property
    def strike(self) -> bool:
        return self.over and self.standing == 0 and self.ball == 1

    @property
    def spare(self) -> bool:
        return self.over and self.standing == 0 and self.ball == 2

    @property
    def pins_by_ball(self) -> list[int]:
        return list(self.taken[: self.max_balls])

    def rolls(self) -> list[int]:
        """What this deal adds to the score pad once it is over."""
        return deal_rolls(self.taken, self.strike, self.max_balls)

    def hidden_piles(self) -> list[list[int]] | None:
        """Dealt frames only: each pile's face-down values, top first."""
        if any(p.hidden is None for p in self.piles):
            return None
        return [list(p.hidden) for p in self.piles]

    def state(self, rolls: Sequence[int] = ()) -> FrameState:
        """The visible state as the public JSON model (refused while a reveal is pending)."""
        self._require_no_pending()
        return FrameState(
            pins={p: v for p, v in self.pin_values.items() if self.standing & mask_of(p)},
            piles=tuple(Pile(p.top, p.down) for p in self.piles),  # type: ignore[arg-type]
            ball=self.ball, out=tuple(self.out), rolls=tuple(rolls))

    def legal_plays(self) -> list[Play]:
        if self.over or self.pending_reveals:
            return []
        plays = []
        for i, pile in enumerate(self.piles, start=1):
            if pile.top is None:
                continue
            for g in legal_groups(self.standing, self.pin_values, pile.top, self.variant):
                plays.append(Play(i, tuple(letters_of(g))))
        return plays

    # ---- actions ----------------------------------------------------------
    def play(self, pile: int, letters: Sequence[str]) -> None:
        """Use pile `pile`'s face-up card to take the pins `letters`."""
        self._require_in_play()
        _check_pile(pile)
        card = self.piles[pile - 1].top
        if card is None:
            raise FrameError(f"pile {pile} is empty")
        letters = [str(p).upper() for p in letters]
        bad = sorted({p for p in letters if p not in PINS or len(p) != 1})
        if bad:
            raise FrameError(f"{', '.join(bad)} is not a pin; pins are A..J")
        if len(set(letters)) != len(letters):
            raise FrameError("a pin can be taken only once")
        group = mask_of(letters)
        why = explain_illegal(group, self.standing, self.pin_values, card, self.variant)
        if why:
            raise FrameError(f"pile {pile}'s {rank_of(card)} cannot take "
                             f"{'+'.join(letters_of(group))}: {why}")
        taken = letters_of(group)
        self.standing &= ~group
        self.out.append(card)
        self.out.extend(self.pin_values[p] for p in taken)
        self.taken[self.ball - 1] += len(taken)
        values = "+".join(face_value(self.pin_values[p]) for p in taken)
        self.log.append(f"Pile {pile}'s {rank_of(card)} took {'+'.join(taken)} ({values}).")
        self._turn_up(pile)
        if self.standing == 0:
            self.over = True
            self.log.append("Strike!" if self.ball == 1 else "Spare!")
            return
        self._settle()

    def reveal(self, pile: int, value: int) -> None:
        """The player reports the card now face up on `pile` (table frames)."""
        _check_pile(pile)
        p = self.piles[pile - 1]
        if not p.pending:
            raise FrameError(f"pile {pile} has no newly turned-up card to report")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
            raise FrameError(f"{value!r} is not a card value; values are 0..9 (a 10 is 0)")
        left = self._unseen()
        if left[value] <= 0:
            raise FrameError(f"pile {pile} cannot show a {rank_of(value)}: both "
                             f"{rank_of(value)}s are already in sight or out")
        p.top, p.pending = value, False
        self.log.append(f"Pile {pile} now shows {rank_of(value)}.")
        self._settle()

    def resync(self, pins, tops, down, out) -> None:
        """The table as a photo taken mid-ball shows it, confirmed by the player: the standing
        pins with their values, each pile's top and face-down count, the cards out.  Plays
        nobody recorded are counted as pins taken in this ball; a card misread earlier is set
        right.  The ball stays the tracked one; a pin already down cannot stand again (a play
        recorded by mistake is undone, not re-synced)."""
        self._require_no_over()
        if any(p.hidden is not None for p in self.piles):
            raise FrameError("this game deals its own cards: the tracker knows every card")
        if not isinstance(tops, list) or not isinstance(down, list) or len(tops) != 3 \
                or len(down) != 3:
            raise FrameError("a re-sync needs 'tops' and 'down' for the three piles")
        state = FrameState.from_json({"pins": pins, "ball": self.ball, "out": out,
                                      "piles": [{"top": t, "down": n} for t, n in zip(tops, down)]})
        back = letters_of(state.standing & ~self.standing)
        if back:
            raise FrameError(f"{'+'.join(back)} is down in this frame and cannot stand "
                             "again: undo the play that took it instead")
        for i, (old, new) in enumerate(zip(self.piles, state.piles), start=1):
            had = old.down + (old.top is not None or old.pending)
            has = new.down + (new.top is not None)
            if has > had:
                raise FrameError(f"pile {i} had {had} card(s) left; it cannot now hold {has}")
        gone = letters_of(self.standing & ~state.standing)
        self.pin_values.update(state.pins)
        self.taken[self.ball - 1] = bin(self.ball_start).count("1") - len(state.pins)
        self.standing = state.standing
        self.piles = [_Pile(p.top, p.down, None) for p in state.piles]
        self.out = list(state.out)
        self.log.append("Set from a photo: " + (f"{'+'.join(gone)} down" if gone else "no pin down")
                        + "; piles " + ", ".join("empty" if p.top is None else
                                                 f"{rank_of(p.top)} ({p.down} under)"
                                                 for p in state.piles) + ".")
        if self.standing == 0:
            self.over = True
            self.log.append("Strike!" if self.ball == 1 else "Spare!")
            return
        self._settle()

    def end_ball(self) -> None:
        """The player stops this ball (or no play is left)."""
        self._require_in_play()
        self._end_ball(chosen=True)

    # ---- internals --------------------------------------------------------
    def _require_no_pending(self) -> None:
        if self.pending_reveals:
            piles = " and ".join(str(i) for i in self.pending_reveals)
            raise FrameError(f"first say which card is now face up on pile {piles}")

    def _require_no_over(self) -> None:
        if self.over:
            raise FrameError("this frame is over")

    def _require_in_play(self) -> None:
        if self.over:
            raise FrameError("this frame is over")
        self._require_no_pending()

    def _unseen(self) -> Counter:
        seen = [self.pin_values[p] for p in letters_of(self.standing)]
        seen += [p.top for p in self.piles if p.top is not None]
        return remaining(seen + self.out)

    def _turn_up(self, pile: int) -> None:
        p = self.piles[pile - 1]
        if p.down == 0:
            p.top = None
            return
        p.down -= 1
        if p.hidden is not None:
            p.top = p.hidden.pop(0)
        else:
            p.top, p.pending = None, True

    def _end_ball(self, chosen: bool) -> None:
        pins = self.taken[self.ball - 1]
        which = "first" if self.ball == 1 else "second"
        over = f"{which.capitalize()} ball over"
        if not chosen:
            over = f"No play is left: {which} ball over"
        if self.ball == 1 and self.max_balls == 2:
            discards = [p.top for p in self.piles if p.top is not None]
            self.out.extend(discards)
            for i, p in enumerate(self.piles, start=1):
                if p.top is not None:
                    p.top = None
                    self._turn_up(i)
            self.ball, self.ball_start = 2, self.standing
            gone = ", ".join(rank_of(v) for v in discards) or "nothing"
            self.log.append(f"{over} ({pins} pins). Discarded {gone}; "
                            "the next card of each pile is turned up.")
            self._settle()
        else:
            self.over = True
            self.log.append(f"{over} ({pins} pins).")

    def _settle(self) -> None:
        """End the ball by itself when every card is known and none can play."""
        if not self.over and not self.pending_reveals and not self.legal_plays():
            self._end_ball(chosen=False)
