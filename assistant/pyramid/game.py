"""A game of Pyramid Solitaire as a replayable log of actions.

The log is the truth, as in Bowling's game: undo is "drop the last action and
replay", storage keeps only the log, and a refused action changes nothing.

Two kinds of game:
- dealt: a virtual deck (a seed's shuffle, or a given deck) deals itself; every
  card and the stock's order are known to the game (not shown to the player);
- table: real cards.  The player reports the 28 pyramid cards at the deal and
  every stock card as it is turned; each report is checked against the deck.

Actions (JSON objects, the same in the CLI, the web API and the store):
  {"type": "deal", "pyramid": ["7h", ...28, row by row], "stock_top": "8h"}   table only;
                                          stock_top only under stock_top_available
  {"type": "remove", "cards": ["7.1", "waste"]}    (+ "card": the new stock top, table,
                                          when the removal takes the face-up stock top)
  {"type": "draw"}  or, at a table, {"type": "draw", "card": "8h"} / {"cards": [3 cards]}
  {"type": "recycle"}
  {"type": "stop"}                        the player ends the game
  {"type": "undo"}                        takes the last action back (never logged)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..common import Card, replay
from ..common import TablesideError
from .deck import deck_text, parse_deck, shuffled_deck
from .moves import apply as apply_move, cards_turned, check, is_over, legal_moves, result
from .positions import PYRAMID_SIZE
from .rules import Rules
from .state import STOCK_SIZE, State, check_deck, initial_state, parse_card_text, validate

MODES = ("dealt", "table")


class GameError(TablesideError):
    """An action that does not fit the game at this point."""


@dataclass
class Game:
    mode: str = "dealt"
    seed: int = 0
    rules: Rules = field(default_factory=Rules)
    deck: str | None = None            # a dealt game's deck text; None: the seed's shuffle
    actions: list[dict] = field(default_factory=list)
    state: State | None = field(init=False, default=None)
    stopped: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise GameError(f"mode must be one of {', '.join(MODES)}")
        if self.mode == "table" and self.deck is not None:
            raise GameError("a table game is dealt with real cards: report them, give no deck")
        log, self.actions = list(self.actions), []
        self.stopped = False
        self.state = None
        if self.mode == "dealt":
            cards = parse_deck(self.deck) if self.deck is not None else shuffled_deck(self.seed)
            self.state = initial_state(cards, self.rules)
        for a in log:
            self.apply(a)

    # ---- views ---------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.stopped or (self.state is not None and is_over(self.state))

    @property
    def awaiting(self) -> str | None:
        """'deal' (a table game before its deal), 'move', or None when over."""
        if self.over:
            return None
        return "deal" if self.state is None else "move"

    def player_state(self) -> State | None:
        """The state as the player knows it: a dealt game's stock order stays secret on the first
        pass (after a recycle every stock card has been seen, so the order is known)."""
        return None if self.state is None else self.state.player_view()

    def state_json(self) -> dict | None:
        """The public state JSON (state.py) of what the player can see."""
        s = self.player_state()
        return None if s is None else s.to_json()

    def legal_moves(self) -> list[dict]:
        return [] if self.over or self.state is None else legal_moves(self.state)

    def result(self) -> dict:
        """over, won, pyramid cards removed (0..28: the pad's result line), cards removed."""
        if self.state is None:
            return {"over": self.stopped, "won": False, "pyramid_removed": 0, "cards_removed": 0,
                    "stopped": self.stopped}
        return result(self.state, self.stopped)

    def to_json(self) -> dict:
        d = {"mode": self.mode, "seed": self.seed, "rules": {"preset": "seed", **self.rules.as_json()},
             "actions": [dict(a) for a in self.actions], "awaiting": self.awaiting,
             "state": self.state_json(), "legal_moves": self.legal_moves(), "result": self.result()}
        if self.deck is not None:
            d["deck"] = self.deck
        return d

    @classmethod
    def from_json(cls, obj: dict) -> "Game":
        """Rebuild a stored game (mode, seed, rules, deck, actions) by replaying its log."""
        if not isinstance(obj, dict):
            raise GameError("a stored game is an object with mode, seed, rules and actions")
        return replay(lambda: cls(obj.get("mode", "dealt"), obj.get("seed", 0),
                                  Rules.from_json(obj.get("rules")), obj.get("deck")),
                      obj.get("actions", []), cls.apply)

    # ---- actions ---------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Apply one action; a refused action changes nothing."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise GameError("an action is an object with a 'type'")
        kind = action["type"]
        if kind == "undo":
            self.undo()
            return
        if self.over:
            raise GameError("the game is over")
        if kind == "deal":
            self.state = self._deal(action)
        elif kind == "stop":
            self.stopped = True
        elif self.state is None:
            raise GameError("deal first: report the 28 pyramid cards, row by row")
        elif kind in ("remove", "draw", "recycle"):
            move = check(self.state, {"remove": action.get("cards")} if kind == "remove" else {kind: True})
            self.state = apply_move(self.state, move, self._reported(action, move))
        else:
            raise GameError(f"unknown action {kind!r}; use deal, remove, draw, recycle, stop or undo")
        self.actions.append(dict(action))

    def undo(self) -> dict:
        """Take back the last action; returns it."""
        if not self.actions:
            raise GameError("nothing to undo")
        last = self.actions[-1]
        rebuilt = Game(self.mode, self.seed, self.rules, self.deck, self.actions[:-1])
        self.__dict__.update(rebuilt.__dict__)
        return last

    # ---- internals -----------------------------------------------------------------
    def _deal(self, action: dict) -> State:
        if self.mode != "table":
            raise GameError("this game deals its own cards")
        if self.state is not None:
            raise GameError("the cards are already dealt")
        cards = action.get("pyramid")
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        if not isinstance(cards, list) or len(cards) != PYRAMID_SIZE:
            n = len(cards) if isinstance(cards, list) else "no"
            raise GameError(f"a deal reports the {PYRAMID_SIZE} pyramid cards row by row, "
                            f"apex first ({n} given)")
        pyramid = tuple(parse_card_text(c, f"pyramid card {k}") for k, c in enumerate(cards, 1))
        top = None
        if self.rules.stock_top_available:
            if action.get("stock_top") is None:
                raise GameError("with stock_top_available the stock's top card lies face up: "
                                "report it as stock_top")
            top = parse_card_text(action["stock_top"], "the stock top")
        elif action.get("stock_top") is not None:
            raise GameError("the stock lies face down under these rules: report no stock_top")
        check_deck(pyramid + ((top,) if top else ()))
        state = State(pyramid=pyramid, waste=((),) if self.rules.draw == "one" else ((), (), ()),
                      stock=STOCK_SIZE - (top is not None), stock_top=top, rules=self.rules)
        validate(state)
        return state

    def _reported(self, action: dict, move: dict) -> list[Card] | None:
        """The stock cards the action reports as turned face up (table games)."""
        cards = action.get("cards") if action["type"] != "remove" else None
        if action.get("card") is not None:
            cards = [action["card"]]
        if cards is None:
            return None
        if self.mode == "dealt":
            raise GameError("this game deals its own cards; nothing to report")
        if not isinstance(cards, list):
            raise GameError("report the turned cards as a list, e.g. \"cards\": [\"8h\", \"2c\", \"Ks\"]")
        turned = [parse_card_text(c, "the turned card") for c in cards]
        if not cards_turned(self.state, move) and turned:
            raise GameError("this move turns no stock card face up: nothing to report")
        return turned


def new_table_game(rules: Rules | None = None, actions: Sequence[dict] = ()) -> Game:
    return Game("table", 0, rules or Rules(), None, list(actions))


def new_dealt_game(seed: int = 0, rules: Rules | None = None, deck: str | Sequence[Card] | None = None,
                   actions: Sequence[dict] = ()) -> Game:
    """A game dealt from a seed's shuffle, or from the given deck (text or cards)."""
    if deck is not None and not isinstance(deck, str):
        deck = deck_text(deck)
    return Game("dealt", seed, rules or Rules(), deck, list(actions))
