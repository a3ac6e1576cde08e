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
  {"type": "resync", "pins": {"G": 5, ...}, "tops": [8, null, 4], "down": [2, 0, 1],
   "out": [...]}                         table games: the table as a photo shows it mid-ball
                                         (the player confirmed it), one undoable action
  {"type": "roll", "pins": 7}            a ball entered as the pins it took (score-only
                                         games, or a frame switched to quick entry)
  {"type": "set_frame", "player": 0, "frame": 3, "rolls": [7, 2]}
                                         correct a finished frame (any player, any time)
  {"type": "quick", "on": true}          card games: enter the current frame by pins
                                         (the deal in progress is set aside); "on": false
                                         goes back to cards before a ball is entered.
                                         After that frame the game is tracked with cards again.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..common import TablesideError
from .frame import Frame
from .layout import PINS, letters_of
from .quick import check_ball, frame_over, next_ball, possible_balls, replace_frame
from .rules import Variant
from .scoring import ScoreCard, next_deal, score_rolls

MODES = ("table", "dealt", "score")


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
    # The balls entered by pins for the current frame, or None while it is tracked with cards.
    quick: list[int] | None = field(init=False, default=None)

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
        self.quick = [] if self.mode == "score" else None
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

    def entered(self, player: int) -> list[int]:
        """A player's rolls so far, with the balls entered by pins in the current frame."""
        if self.quick and player == self.current_player:
            return self.rolls[player] + self.quick
        return list(self.rolls[player])

    def cards(self) -> list[ScoreCard]:
        return [score_rolls(self.entered(i)) for i in range(len(self.players))]

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
        if self.quick is not None:
            return "roll"
        if self.frame is None:
            return "deal"
        return "reveal" if self.frame.pending_reveals else "play"

    def expected_table(self) -> dict | None:
        """What a photo of the table should show now, as the recogniser's `expect` prior.

        A new deal shows all ten pins and three pile tops; mid-frame, exactly the
        standing pins and the piles that still have a face-up (or just turned-up) card.
        """
        if self.over or self.quick is not None:
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
        if kind == "set_frame":          # a correction: also after the game is over
            self._set_frame(action)
            self.actions.append(dict(action))
            return
        if self.over:
            raise GameError("the game is over")
        if kind == "roll":
            self._roll(action)
            self.actions.append(dict(action))
            return
        if kind == "quick":
            self._switch_quick(action)
            self.actions.append(dict(action))
            return
        if self.quick is not None:
            raise GameError("this frame is entered by pins: send {\"type\": \"roll\", "
                            "\"pins\": N}" + ("" if self.mode == "score" else
                                               ", or switch back to cards with "
                                               "{\"type\": \"quick\", \"on\": false}"))
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
            elif kind == "resync":
                if self.mode != "table":
                    raise GameError("this game deals its own cards: the tracker knows every card")
                self.frame.resync(action.get("pins"), action.get("tops"), action.get("down"),
                                  action.get("out"))
            else:
                raise GameError(f"unknown action {kind!r}; use deal, play, reveal, end_ball, "
                                "resync, roll, set_frame or quick")
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

    # ---- pins entered by hand ------------------------------------------------
    def _roll(self, action: dict) -> None:
        if self.quick is None:
            raise GameError("this frame is tracked with cards; to enter it by pins send "
                            "{\"type\": \"quick\", \"on\": true} first")
        p = self.current_player
        check_ball(self.rolls[p], self.quick, action.get("pins"))
        self.quick.append(action["pins"])
        if frame_over(self.rolls[p], self.quick):
            self.rolls[p].extend(self.quick)
            self.quick = [] if self.mode == "score" else None
            self._maybe_deal()

    def _switch_quick(self, action: dict) -> None:
        on = action.get("on")
        if not isinstance(on, bool):
            raise GameError("'on' is true (enter this frame by pins) or false (back to cards)")
        if self.mode == "score":
            raise GameError("a score-only game enters every ball by pins already")
        if on:
            if self.quick is not None:
                raise GameError("this frame is already entered by pins")
            self.frame, self.quick = None, []       # the deal in progress is set aside
        elif self.quick is None:
            raise GameError("this frame is already tracked with cards")
        elif self.quick:
            raise GameError("balls of this frame are already entered by pins; undo them "
                            "first to go back to cards")
        else:
            self.quick = None
            self._maybe_deal()

    def _set_frame(self, action: dict) -> None:
        p = action.get("player")
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.players):
            raise GameError(f"'player' is the player's index, 0 to {len(self.players) - 1}")
        self.rolls[p] = replace_frame(self.rolls[p], action.get("frame"), action.get("rolls"))

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
                    "log": [], "quick": self.quick is not None}
            if self.quick is not None:
                # The frame by pins: which ball, and the pin counts it may take.
                frame, ball = next_ball(self.rolls[p], self.quick)
                turn.update(frame=frame, bonus=False, balls=3 if frame == 10 else 2, ball=ball,
                            possible=possible_balls(self.rolls[p], self.quick))
            elif self.frame is not None:
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
            "players": [{"name": n, "rolls": self.entered(i), "card": c.to_json()}
                        for i, (n, c) in enumerate(zip(self.players, cards))],
            "mode": self.mode, "variant": self.variant.value, "over": self.over,
            "winners": self.winners(), "turn": turn, "actions": len(self.actions),
        }

