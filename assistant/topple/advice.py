"""The best space for a roll: what `tableside topple best` and the page's hint show.

Ranking (documented in the README): first by the points the player in turn
scores with this placement now; ties by what the placement leaves the next
player, measured as the next player's expected best score on their next turn
(the mean over the six die faces of the most points they could then score
with any legal space and any of their colours with pieces left), lower first;
then by space name (A1..E5) and the player's colour order, so the list is
stable.  A placement that ends the round (the last piece) leaves 0.  Balance
is not modelled: every option assumes the tower stands.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import DIE_FACES, SPACES
from .game import PIECES_PER_COLOUR, Game, GameError
from .scoring import Part, score_placement


@dataclass(frozen=True)
class Option:
    space: str
    colour: str
    points: int
    reasons: tuple[str, ...]
    next_player_expected: float
    parts: tuple[Part, ...] = ()

    def to_json(self) -> dict:
        return {"space": self.space, "colour": self.colour, "points": self.points,
                "reasons": list(self.reasons), "parts": [p.to_json() for p in self.parts],
                "next_player_expected": round(self.next_player_expected, 3)}


def _best_points(game: Game, stacks: dict, seat: int, roll: int, placed: dict) -> int:
    colours = [c for c in game.setup.seats[seat].colours if placed[c] < PIECES_PER_COLOUR]
    return max((score_placement(stacks, s, c, game.rules).points
                for s in game.legal_spaces(roll) for c in colours), default=0)


def best_options(game: Game, roll: int) -> list[Option]:
    """Every legal (space, colour) for the player in turn, best first (see the module doc)."""
    if game.over:
        raise GameError("the game is over")
    if game.turn is None:
        raise GameError(f"nobody is in turn yet: record who starts round {game.round}")
    seat = game.turn
    nxt = game.next_seat(seat)
    options = []
    for colour in game.setup.seats[seat].colours:
        if game.pieces_left(colour) <= 0:
            continue
        for space in game.legal_spaces(roll):
            score = score_placement(game.stacks, space, colour, game.rules)
            stacks = {s: list(st) for s, st in game.stacks.items()}
            stacks[space].append(colour)
            placed = dict(game.placed)
            placed[colour] += 1
            ends_round = all(placed[c] >= PIECES_PER_COLOUR for c in game.colours_in_play())
            left = 0.0 if ends_round else sum(
                _best_points(game, stacks, nxt, r, placed) for r in DIE_FACES) / len(DIE_FACES)
            options.append(Option(space, colour, score.points,
                                  tuple(p.reason for p in score.parts), left, score.parts))
    colours = game.setup.seats[seat].colours
    options.sort(key=lambda o: (-o.points, o.next_player_expected, SPACES.index(o.space),
                                colours.index(o.colour)))
    return options
