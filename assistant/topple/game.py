"""A game of Topple as a replayable log of events: players, rounds, placements, topples.

The log is the truth (as in Bowling's game): a game is rebuilt by replaying its
events, so undo is "replay all but the last", storage keeps only the log, and
a refused event changes nothing (every event is checked in full before any
state moves).

Events (JSON objects, the same in the CLI's game files, the web API and the store):
  {"roll": 4, "space": "D1", "colour": "pink"}   a placement; "colour" may be left out
                                                 by a player with one colour; an optional
                                                 "player" is checked against the turn
  {"topple": "Ben", "while_placing": true}       pieces fell: -10 to Ben; while placing
                                                 (only the player in turn) +3 to the
                                                 player seated before him; the round ends.
                                                 "while_placing" defaults to "Ben is in turn".
  {"topple": "Ann", "late_fall": true}          B5: pieces fell later with nobody touching:
                                                 counted against the last placer (Ann) as
                                                 while placing
  {"pass": true}                                 the player in turn declines (rule may_pass)
  {"start": "Cat"}                               who starts this round (a roll-off), before
                                                 its first placement; required from round 2
                                                 with round_start "roll"
  {"fix": "Ann", "points": -2, "reason": "..."}  a manual score correction the table agreed
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..common import clean_name, clean_names, strict_int
from ..common import TablesideError
from .board import SPACES, check_roll, parse_space, short, spaces_for_roll, why_not_legal
from .rules import Rules
from .scoring import Score, score_placement

PIECES_PER_COLOUR = 12
TOPPLE_PENALTY = 10
TOPPLE_BONUS = 3
DEFAULT_TARGET = 100
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The boxed set's colours, offered by the CLI and the web page in seating order.
DEFAULT_COLOURS = ("pink", "yellow", "orange", "green")
MAX_COLOUR_LENGTH = 20
MAX_FIX = 1000


#: The fields each kind of event keeps in the log; anything else a client sends is dropped.
EVENT_FIELDS = {"place": ("roll", "space", "colour", "player"),
                "topple": ("topple", "while_placing", "late_fall"), "pass": ("pass",), "start": ("start",),
                "fix": ("fix", "points", "reason")}


class GameError(TablesideError):
    """An event that does not fit the game at this point."""


@dataclass(frozen=True)
class Seat:
    name: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    """Who plays (in seating order, clockwise) with which colours, the target and the rules."""
    seats: tuple[Seat, ...]
    target: int = DEFAULT_TARGET
    rules: Rules = Rules()

    @classmethod
    def from_json(cls, data: Any) -> "Setup":
        if not isinstance(data, Mapping):
            raise GameError("a game is an object with 'players', 'target', 'rules' and 'events'")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
            raise GameError('\'players\' must be a list such as [{"name": "Ann", '
                            '"colours": ["pink"]}, ...] in seating order')
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise GameError(f"Topple is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                            f"not {len(players)}")
        names = clean_names(p.get("name") for p in players)
        want = 2 if len(players) == 2 else 1
        seats, seen = [], {}
        for name, p in zip(names, players):
            colours = p.get("colours")
            if not isinstance(colours, list) or len(colours) != want:
                raise GameError(f"{name} needs {want} colour{'s' if want > 1 else ''} "
                                f"(with {len(players)} players each plays {want})")
            cleaned = tuple(_clean_colour(c) for c in colours)
            for c in cleaned:
                if c.casefold() in seen:
                    raise GameError(f"{c} is played by both {seen[c.casefold()]} and {name}")
                seen[c.casefold()] = name
            seats.append(Seat(name, cleaned))
        target = whole_number(data.get("target", DEFAULT_TARGET), "the target", 1, 100_000)
        return cls(tuple(seats), target, Rules.from_json(data.get("rules")))

    def to_json(self) -> dict:
        return {"players": [{"name": s.name, "colours": list(s.colours)} for s in self.seats],
                "target": self.target, "rules": self.rules.as_json()}


def whole_number(value: Any, what: str, lo: int, hi: int) -> int:
    """strict_int with the refused value quoted short (a game file may hold anything)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"{what} must be a whole number, not {short(value)}")
    return strict_int(value, what, lo, hi)


def _clean_colour(colour: Any) -> str:
    if not isinstance(colour, str) or not colour.strip():
        raise GameError("a colour is a name such as pink")
    text = clean_name(colour)
    if len(text) > MAX_COLOUR_LENGTH:
        raise GameError(f"colour names are at most {MAX_COLOUR_LENGTH} characters")
    return text


@dataclass
class Outcome:
    """What one event did: the totals it changed and an account in words.

    `kind` ("place", "topple", "pass", "start", "fix") and `ended_round` let a
    page tell the same story in another language.
    """
    round: int
    changes: dict[str, int]
    text: str
    score: Score | None = None
    colour: str | None = None
    kind: str = ""
    ended_round: bool = False
    player: str | None = None

    def to_json(self) -> dict:
        out = {"round": self.round, "kind": self.kind, "player": self.player,
               "colour": self.colour, "changes": dict(self.changes),
               "text": self.text, "ended_round": self.ended_round}
        if self.score is not None:
            out["score"] = self.score.to_json()
        return out


@dataclass
class RoundSummary:
    number: int
    starter: str
    ended_by: str            # "topple" or "last piece"
    totals: dict[str, int]

    def to_json(self) -> dict:
        return {"round": self.number, "starter": self.starter, "ended_by": self.ended_by,
                "totals": dict(self.totals)}


@dataclass
class Game:
    """The state after replaying `events` from `setup`; `apply` adds one more event."""
    setup: Setup
    events: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        log, self.events = list(self.events), []
        n = len(self.setup.seats)
        self.totals = [0] * n
        self.by_colour = {c: 0 for s in self.setup.seats for c in s.colours}
        self.out: set[int] = set()                 # junior version: seats knocked out
        self.history: list[Outcome] = []
        self.rounds: list[RoundSummary] = []
        self.over = False
        self.round = 1
        self.last_colour: dict[int, str] = {}
        self._new_board(starter=0)
        for i, event in enumerate(log, start=1):
            try:
                self.apply(event)
            except TablesideError as e:
                raise GameError(f"event {i}: {e}") from None

    # ---- the setup's shortcuts ------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.setup.seats]

    def seat_before(self, seat: int) -> int:
        """The player seated immediately before (to the right of) `seat`, wrapping."""
        return (seat - 1) % len(self.setup.seats)

    def next_seat(self, seat: int) -> int:
        """The next player to the left still in the game (the junior version has outs)."""
        n = len(self.setup.seats)
        for step in range(1, n + 1):
            if (seat + step) % n not in self.out:
                return (seat + step) % n
        return seat

    # ---- the board ------------------------------------------------------------
    def _new_board(self, starter: int | None) -> None:
        self.stacks: dict[str, list[str]] = {s: [] for s in SPACES}
        self.placed = {c: 0 for c in self.by_colour}
        self.starter = starter
        self.turn = starter
        self.last_placer: int | None = None

    def pieces_left(self, colour: str) -> int:
        return PIECES_PER_COLOUR - self.placed[colour]

    def colours_in_play(self) -> list[str]:
        return [c for i, s in enumerate(self.setup.seats) if i not in self.out for c in s.colours]

    def legal_spaces(self, roll: int) -> tuple[str, ...]:
        return spaces_for_roll(roll, self.rules.level_map)

    @property
    def awaiting(self) -> str | None:
        """"start" (who starts this round), "place", or None once the game is over."""
        if self.over:
            return None
        return "start" if self.turn is None else "place"

    @property
    def current(self) -> str | None:
        return None if self.turn is None or self.over else self.setup.seats[self.turn].name

    def winners(self) -> list[str]:
        """The highest totals once the game is over (ties share), or the last player in."""
        if not self.over:
            return []
        if self.rules.junior:
            return [self.names[i] for i in range(len(self.names)) if i not in self.out]
        best = max(self.totals)
        return [n for n, t in zip(self.names, self.totals) if t == best]

    # ---- events ---------------------------------------------------------------
    def apply(self, event: Any) -> Outcome:
        """Apply one event and return what it did; a refused event changes nothing."""
        if not isinstance(event, Mapping):
            raise GameError("an event is an object: a placement {roll, space, colour}, "
                            "a topple {topple, while_placing}, a pass, a start or a fix")
        if self.over:
            raise GameError(f"the game is over (won by {' and '.join(self.winners())}); "
                            "undo to change it")
        if "topple" in event:
            outcome = self._topple(event)
        elif "roll" in event or "space" in event:
            outcome = self._place(event)
        elif "pass" in event:
            outcome = self._pass(event)
        elif "start" in event:
            outcome = self._start(event)
        elif "fix" in event:
            outcome = self._fix(event)
        else:
            raise GameError("an event is a placement {roll, space, colour}, a topple "
                            "{topple, while_placing}, a pass, a start or a fix; "
                            f"not {short(dict(event), 80)}")
        self.events.append({k: event[k] for k in EVENT_FIELDS[outcome.kind] if k in event})
        self.history.append(outcome)
        return outcome

    def undo(self) -> dict:
        """Take back the last event (replaying the rest); returns it."""
        if not self.events:
            raise GameError("nothing to undo")
        last = self.events[-1]
        self.__dict__.update(Game(self.setup, self.events[:-1]).__dict__)
        return last

    # ---- the kinds of event -----------------------------------------------------
    def _seat_named(self, name: Any, what: str) -> int:
        if isinstance(name, str):
            for i, s in enumerate(self.setup.seats):
                if s.name.casefold() == name.strip().casefold():
                    return i
        shown = short(name) if isinstance(name, str) and name.strip() else f"{what} {short(name)}"
        raise GameError(f"{shown} is not playing (players: {', '.join(self.names)})")

    def _need_turn(self) -> int:
        if self.turn is None:
            raise GameError(f"roll for who starts round {self.round} first and record it "
                            '(an event {"start": NAME})')
        return self.turn

    def _place(self, event: Mapping) -> Outcome:
        seat = self._need_turn()
        player = self.setup.seats[seat]
        if "player" in event and self._seat_named(event["player"], "player") != seat:
            raise GameError(f"it is not {short(event['player'])}'s turn: {player.name} places now")
        roll = check_roll(event.get("roll"))
        space = parse_space(event.get("space"))
        why = why_not_legal(space, roll, self.rules.level_map)
        if why:
            raise GameError(why)
        colour = self._colour_for(player, event.get("colour"))
        if self.pieces_left(colour) <= 0:
            raise GameError(f"{colour} has no pieces left this round "
                            f"(all {PIECES_PER_COLOUR} are on the board)")
        score = (Score() if self.rules.junior
                 else score_placement(self.stacks, space, colour, self.rules))
        self.stacks[space].append(colour)
        self.placed[colour] += 1
        self.last_colour[seat] = colour
        self.last_placer = seat
        changes = {}
        if score.points:
            changes[player.name] = score.points
            self.totals[seat] += score.points
            self.by_colour[colour] += score.points
        points = ("" if self.rules.junior else f": {score.points:+d} ({score.explain()})"
                  if score.points else ": 0 points")
        text = f"{player.name} places {colour} on {space} (roll {roll}){points}"
        outcome = Outcome(self.round, changes, text, score, colour, "place",
                          player=player.name)
        if all(self.pieces_left(c) == 0 for c in self.colours_in_play()):
            outcome.text += ". " + self._end_round("last piece")
            outcome.ended_round = True
        else:
            self.turn = self.next_seat(seat)
        return outcome

    def _colour_for(self, player: Seat, colour: Any) -> str:
        if colour is None:
            if len(player.colours) == 1:
                return player.colours[0]
            left = [c for c in player.colours if self.pieces_left(c) > 0]
            if len(left) == 1:
                return left[0]
            raise GameError(f"{player.name} plays {' and '.join(player.colours)}: "
                            "name the colour placed")
        if isinstance(colour, str):
            for c in player.colours:
                if c.casefold() == colour.strip().casefold():
                    return c
        owner = next((s.name for s in self.setup.seats
                      for c in s.colours if isinstance(colour, str)
                      and c.casefold() == colour.strip().casefold()), None)
        mine = " and ".join(player.colours)
        if owner:
            raise GameError(f"{colour} is {owner}'s colour, not {player.name}'s "
                            f"({player.name} plays {mine})")
        raise GameError(f"{short(colour)!r} is not a colour in this game "
                        f"({player.name} plays {mine})")

    def _topple(self, event: Mapping) -> Outcome:
        causer = self._seat_named(event.get("topple"), "the player who toppled")
        if causer in self.out:
            raise GameError(f"{self.names[causer]} is already out")
        late = event.get("late_fall", False)
        if not isinstance(late, bool):
            raise GameError("late_fall must be true or false")
        if late:
            placing = self._check_late_fall(causer, event)
        else:
            placing = self._check_topple(causer, event)
        name = self.names[causer]
        changes: dict[str, int] = {}
        how = "'s piece fell by itself" if late else \
            (" topples while placing" if placing else " topples out of turn")
        if self.rules.junior:
            self.out.add(causer)
            text = f"{name}{how} and {name} is out"
        else:
            changes[name] = -TOPPLE_PENALTY
            self.totals[causer] -= TOPPLE_PENALTY
            text = f"{name}{how}: {name} -{TOPPLE_PENALTY}"
            if placing:
                before = self.seat_before(causer)
                changes[self.names[before]] = TOPPLE_BONUS
                self.totals[before] += TOPPLE_BONUS
                text += f", {self.names[before]} +{TOPPLE_BONUS} (seated before {name})"
        outcome = Outcome(self.round, changes, text, kind="topple", player=name)
        outcome.text += ". " + self._end_round("topple")
        outcome.ended_round = True
        return outcome

    def _check_topple(self, causer: int, event: Mapping) -> bool:
        """A topple while placing (only the player in turn) or a knock: which one, checked."""
        placing = event.get("while_placing", causer == self.turn)
        if not isinstance(placing, bool):
            raise GameError("while_placing must be true or false")
        if placing and causer != self.turn:
            now = "nobody is placing yet" if self.turn is None else \
                f"it is {self.names[self.turn]}'s turn"
            raise GameError(f"{self.names[causer]} cannot topple while placing: {now} "
                            "(a knock out of turn has while_placing false)")
        if not placing and not any(self.stacks.values()):
            raise GameError("nothing can fall: the board is empty")
        return placing

    def _check_late_fall(self, causer: int, event: Mapping) -> bool:
        """B5: pieces that fall later with nobody touching count as the last placer's topple
        while placing (-10, +3 to the player before); the table may name someone else as a
        plain topple instead."""
        if self.last_placer is None:
            raise GameError("nothing has been placed this round, so nothing can fall by itself")
        if causer != self.last_placer:
            raise GameError("pieces that fall by themselves count against the last player to "
                            f"place ({self.names[self.last_placer]}), not "
                            f"{self.names[causer]} (rule B5)")
        if event.get("while_placing") is not None:
            raise GameError("a late fall takes no while_placing: it counts as while placing")
        return True

    def _pass(self, event: Mapping) -> Outcome:
        seat = self._need_turn()
        if not self.rules.may_pass:
            raise GameError("a player may not pass: every turn is roll and place "
                            "(rule switch may_pass)")
        if event.get("pass") is not True:
            raise GameError('a pass is {"pass": true}')
        self.turn = self.next_seat(seat)
        return Outcome(self.round, {}, f"{self.names[seat]} passes", kind="pass",
                       player=self.names[seat])

    def _start(self, event: Mapping) -> Outcome:
        seat = self._seat_named(event.get("start"), "the starting player")
        if self.last_placer is not None or any(self.stacks.values()):
            raise GameError(f"round {self.round} has already begun; "
                            "who starts is settled before its first piece")
        if seat in self.out:
            raise GameError(f"{self.names[seat]} is out")
        self.starter = self.turn = seat
        return Outcome(self.round, {}, f"{self.names[seat]} starts round {self.round}",
                       kind="start", player=self.names[seat])

    def _fix(self, event: Mapping) -> Outcome:
        if self.rules.junior:
            raise GameError("the junior version keeps no score")
        seat = self._seat_named(event.get("fix"), "the player whose score is fixed")
        points = whole_number(event.get("points"), "a score fix", -MAX_FIX, MAX_FIX)
        if points == 0:
            raise GameError("a score fix of 0 changes nothing")
        reason = event.get("reason", "")
        if not isinstance(reason, str) or len(reason) > 200:
            raise GameError("a fix's reason is a short text")
        self.totals[seat] += points
        name = self.names[seat]
        text = f"score fix: {name} {points:+d}" + (f" ({reason.strip()})" if reason.strip() else "")
        return Outcome(self.round, {name: points}, text, kind="fix", player=name)

    # ---- rounds -----------------------------------------------------------------
    def _end_round(self, ended_by: str) -> str:
        """Close the round; decide the game's end or set up the next round. Returns words."""
        starter = self.names[self.starter] if self.starter is not None else "?"
        self.rounds.append(RoundSummary(self.round, starter, ended_by,
                                        dict(zip(self.names, self.totals))))
        words = f"Round {self.round} ends ({'a topple' if ended_by == 'topple' else 'every piece placed'})"
        if self._game_ends():
            self.over = True
            self.turn = None
            return words + f"; the game is over: {' and '.join(self.winners())} win" + \
                ("s" if len(self.winners()) == 1 else "")
        previous, last = self.starter, self.last_placer
        self.round += 1
        self._new_board(self._next_starter(previous, last))
        then = "roll for who starts" if self.turn is None else f"{self.names[self.turn]} starts"
        return words + f"; round {self.round}: {then}"

    def _game_ends(self) -> bool:
        if self.rules.junior:
            return len(self.out) >= len(self.names) - 1
        best = max(self.totals)
        if best < self.setup.target:
            return False
        return self.rules.tie == "shared" or self.totals.count(best) == 1

    def _next_starter(self, previous: int | None, last: int | None) -> int | None:
        rule = self.rules.round_start
        if rule == "roll":
            return None
        if previous is None:
            previous = 0
        if rule == "same":
            return previous if previous not in self.out else self.next_seat(previous)
        if rule == "after_last" and last is not None:
            return self.next_seat(last)
        return self.next_seat(previous)        # rotate (and after_last with nothing placed)

    # ---- views --------------------------------------------------------------------
    def totals_json(self) -> dict[str, int]:
        return dict(zip(self.names, self.totals))

    def score_json(self) -> dict:
        """The CLI contract of `tableside topple score --json` (README, "Topple")."""
        out = {"events": [{"changes": dict(o.changes)} for o in self.history],
               "totals": self.totals_json(), "round": self.round, "over": self.over,
               "winners": self.winners()}
        if self.rules.junior:
            out["out"] = [self.names[i] for i in sorted(self.out)]
        return out

    def to_json(self) -> dict:
        """Everything a screen shows: board, turn, totals, pieces left, history, rounds."""
        turn = None
        if not self.over and self.turn is not None:
            seat = self.setup.seats[self.turn]
            turn = {"seat": self.turn, "name": seat.name, "colours": list(seat.colours),
                    "colour": self.last_colour.get(self.turn, seat.colours[0])}
        return {
            **self.setup.to_json(),
            "round": self.round, "over": self.over, "winners": self.winners(),
            "awaiting": self.awaiting, "turn": turn,
            "starter": None if self.starter is None else self.names[self.starter],
            "last_placer": None if self.last_placer is None else self.names[self.last_placer],
            "board": {s: list(st) for s, st in self.stacks.items()},
            "totals": self.totals_json(), "by_colour": dict(self.by_colour),
            "pieces_left": {c: self.pieces_left(c) for c in self.by_colour},
            "out": [self.names[i] for i in sorted(self.out)],
            "history": [o.to_json() for o in self.history],
            "rounds": [r.to_json() for r in self.rounds],
            "events": len(self.events),
        }

    def sheet_json(self) -> dict:
        """The finished rounds in the score sheet's shape (printables' Topple sheet):
        {"players": [{name, colours}], "target": N, "rounds": [{"points": {name: {colour:
        points}}, "topples": {name: net}}]}.  A score fix has no colour: it is written in the
        player's first colour, so the sheet's totals are the game's."""
        rounds = [{"points": {s.name: {c: 0 for c in s.colours} for s in self.setup.seats},
                   "topples": {}} for _ in self.rounds]
        for outcome in self.history:
            if outcome.round > len(rounds) or not outcome.changes:
                continue
            row = rounds[outcome.round - 1]
            for name, change in outcome.changes.items():
                if outcome.kind == "topple":
                    row["topples"][name] = row["topples"].get(name, 0) + change
                else:
                    seat = self.setup.seats[self.names.index(name)]
                    colour = outcome.colour if outcome.kind == "place" else seat.colours[0]
                    row["points"][name][colour] += change
        return {"players": [{"name": s.name, "colours": list(s.colours)} for s in self.setup.seats],
                "target": self.setup.target, "rounds": rounds}

    @classmethod
    def from_json(cls, data: Any) -> "Game":
        """A game file: the setup plus its "events" list, replayed."""
        setup = Setup.from_json(data)
        events = data.get("events", [])
        if not isinstance(events, list):
            raise GameError("'events' must be a list")
        return cls(setup, events)

