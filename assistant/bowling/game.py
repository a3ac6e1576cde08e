"""A whole game for one or more players, as a replayable log of actions.

The log is the truth: the game is rebuilt by replaying it, so undo is "drop
the last action and replay", storage keeps only the log, and a crash can never
leave half-applied state.  Players take whole frames in turn; the tenth frame's
bonus deals are played in the same turn.

Actions (JSON objects, the same in the CLI, the web API and the store):
  {"type": "deal", "pins": {"A": 2, ...}, "tops": [0, 0, 4]}   table games only
  {"type": "play", "pile": 1, "pins": ["F", "H"]}
  {"type": "reveal", "pile": 2, "value": 7}                    table games only
  {"type": "end_ball"}
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..common import TablesideError
from .frame import Frame
from .layout import PINS, letters_of
from .rules import Variant
from .scoring import ScoreCard, next_deal, score_rolls

MODES = ("table", "dealt")


class GameError(TablesideError):
    """An action that does not fit the game at this point."""


@dataclass
class Game:
    players: list[str]
    mode: str = "table"
    seed: int = 0
    variant: Variant = Variant.SACKSON_1969
    actions: list[dict] = field(default_factory=list)
    rolls: list[list[int]] = field(init=False)
    frame: Frame | None = field(init=False, default=None)
    deals: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        names = [str(n).strip() for n in self.players]
        if not names:
            raise GameError("a game needs at least one player")
        if any(not n for n in names):
            raise GameError("every player needs a name")
        if any(len(n) > 40 for n in names):
            raise GameError("player names are at most 40 characters")
        if len(set(n.casefold() for n in names)) != len(names):
            raise GameError("two players have the same name")
        if self.mode not in MODES:
            raise GameError(f"mode must be one of {', '.join(MODES)}")
        self.players = names
        log, self.actions = list(self.actions), []
        self.rolls = [[] for _ in names]
        self.frame, self.deals = None, 0
        self._maybe_deal()
        for a in log:
            self.apply(a)

    # ---- whose turn --------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Index of the player whose turn it is: the first whose next deal is earliest."""
        best, best_frame = None, None
        for i, r in enumerate(self.rolls):
            nxt = next_deal(r)
            if nxt is not None and (best_frame is None or nxt.frame < best_frame):
                best, best_frame = i, nxt.frame
        return best

    @property
    def over(self) -> bool:
        return self.current_player is None

    def cards(self) -> list[ScoreCard]:
        return [score_rolls(r) for r in self.rolls]

    def winners(self) -> list[str]:
        """Names with the highest total once the game is over (ties share the win)."""
        if not self.over:
            return []
        totals = [c.total for c in self.cards()]
        return [n for n, t in zip(self.players, totals) if t == max(totals)]

    @property
    def awaiting(self) -> str | None:
        """What the game waits for: 'deal', 'reveal', 'play', or None when over."""
        if self.over:
            return None
        if self.frame is None:
            return "deal"
        return "reveal" if self.frame.pending_reveals else "play"

    def expected_table(self) -> dict | None:
        """What a photo of the table should show now, as the recogniser's `expect` prior.

        A new deal shows all ten pins and three pile tops; mid-frame, exactly the
        standing pins and the piles that still have a face-up (or just turned-up) card.
        """
        if self.over:
            return None
        if self.frame is None:
            return {"standing": list(PINS), "piles": [True, True, True]}
        f = self.frame
        return {"standing": letters_of(f.standing),
                "piles": [p.top is not None or p.pending for p in f.piles]}

    # ---- actions -----------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Apply one action; a refused action changes nothing."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise GameError("an action is an object with a 'type'")
        kind = action["type"]
        if self.over:
            raise GameError("the game is over")
        if kind == "deal":
            self._deal_reported(action)
        else:
            if self.frame is None:
                raise GameError("deal the cards first: report the ten pins and three pile tops")
            if kind == "play":
                pile, pins = action.get("pile"), action.get("pins")
                if isinstance(pins, str):
                    pins = list(pins)
                if not isinstance(pins, list) or not isinstance(pile, int):
                    raise GameError("a play needs 'pile' (1-3) and 'pins' (letters)")
                self.frame.play(pile, pins)
            elif kind == "reveal":
                if self.mode != "table":
                    raise GameError("this game deals its own cards; nothing to report")
                self.frame.reveal(action.get("pile"), action.get("value"))
            elif kind == "end_ball":
                self.frame.end_ball()
            else:
                raise GameError(f"unknown action {kind!r}; use deal, play, reveal or end_ball")
        self.actions.append(dict(action))
        self._finish_frame_if_over()

    def undo(self) -> dict:
        """Take back the last action; returns it."""
        if not self.actions:
            raise GameError("nothing to undo")
        last = self.actions[-1]
        rebuilt = Game(self.players, self.mode, self.seed, self.variant, self.actions[:-1])
        self.__dict__.update(rebuilt.__dict__)
        return last

    # ---- internals ---------------------------------------------------------
    def _deal_kind(self):
        return next_deal(self.rolls[self.current_player])

    def _deal_reported(self, action: dict) -> None:
        if self.mode != "table":
            raise GameError("this game deals its own cards")
        if self.frame is not None:
            raise GameError("a deal is still being played; finish it or undo")
        kind = self._deal_kind()
        self.frame = Frame.from_table(action.get("pins"), action.get("tops"), kind.balls,
                                      self.variant)
        self.deals += 1
        self.frame.log.insert(0, self._deal_title(kind))

    def _maybe_deal(self) -> None:
        if self.mode == "dealt" and self.frame is None and not self.over:
            kind = self._deal_kind()
            rng = random.Random(f"{self.seed}:{self.deals}")
            self.frame = Frame.dealt(rng, kind.balls, self.variant)
            self.deals += 1
            self.frame.log.insert(0, self._deal_title(kind))
            self._finish_frame_if_over()

    def _deal_title(self, kind) -> str:
        who = self.players[self.current_player]
        what = f"frame {kind.frame}" if not kind.bonus else "a bonus deal in frame 10"
        return f"{who}: {what}."

    def _finish_frame_if_over(self) -> None:
        if self.frame is not None and self.frame.over:
            self.rolls[self.current_player].extend(self.frame.rolls())
            self.frame = None
            self._maybe_deal()

    # ---- views -------------------------------------------------------------
    def to_json(self) -> dict:
        cards = self.cards()
        turn = None
        if not self.over:
            p = self.current_player
            kind = self._deal_kind()
            turn = {"player": p, "name": self.players[p], "frame": kind.frame,
                    "bonus": kind.bonus, "balls": kind.balls, "awaiting": self.awaiting,
                    "ball": None, "state": None, "pending_reveals": [], "legal_plays": [],
                    "log": []}
            if self.frame is not None:
                f = self.frame
                turn.update(ball=f.ball, pending_reveals=f.pending_reveals, log=list(f.log),
                            legal_plays=[pl.to_json() for pl in f.legal_plays()],
                            pin_values=dict(f.pin_values), standing=letters_of(f.standing),
                            # What lies on the table even while a turned-up card awaits
                            # its value (then "state" is None).
                            table={"piles": [{"top": q.top, "down": q.down, "pending": q.pending}
                                             for q in f.piles], "out": list(f.out)})
                if not f.pending_reveals:
                    turn["state"] = f.state(self.rolls[p]).to_json()
        return {
            "players": [{"name": n, "rolls": r, "card": c.to_json()}
                        for n, r, c in zip(self.players, self.rolls, cards)],
            "mode": self.mode, "variant": self.variant.value, "over": self.over,
            "winners": self.winners(), "turn": turn, "actions": len(self.actions),
        }

