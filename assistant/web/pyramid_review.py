"""After a Pyramid game: was the deal winnable, and what was the best line?

The whole deal is known in a dealt game from the start; in a table game once
every stock card has been turned and reported on the first pass (the 28 cards of
the deal, then the turned cards in the order they came up).  The deal is then
solved with perfect information (`assistant.pyramid.solver`) and the solver's
line replayed through the engine to name the cards of each move.
"""
from __future__ import annotations

from typing import Any

from ..common import Card
from ..pyramid.deck import parse_deck, shuffled_deck
from ..pyramid.game import Game
from ..pyramid.moves import apply, card_at
from ..pyramid.positions import INDEX, PYRAMID_SIZE
from ..pyramid.solver import SolverError, solve_position
from ..pyramid.state import STOCK_SIZE, State, card_text, initial_state, parse_card_text


def turned_cards(game: Game) -> list[Card]:
    """A table game's stock cards in the order they came up on the first pass."""
    turned: list[Card] = []
    for action in game.actions:
        kind = action["type"]
        if kind == "recycle":
            break
        if kind == "deal" and action.get("stock_top") is not None:
            turned.append(parse_card_text(action["stock_top"]))
        elif kind in ("draw", "remove"):
            cards = [action["card"]] if action.get("card") is not None else action.get("cards")
            if kind == "draw" and isinstance(cards, list):
                turned += [parse_card_text(c) for c in cards]
            elif kind == "remove" and action.get("card") is not None:
                turned.append(parse_card_text(action["card"]))
    return turned


def known_deal(game: Game) -> list[Card] | None:
    """The 52 cards of the deal in deal order, or None while some stock card is unseen."""
    if game.mode == "dealt":
        return parse_deck(game.deck) if game.deck is not None else shuffled_deck(game.seed)
    deal = next((a for a in game.actions if a["type"] == "deal"), None)
    turned = turned_cards(game)
    if deal is None or len(turned) < STOCK_SIZE:
        return None
    return [parse_card_text(c) for c in deal["pyramid"]] + turned


def describe_line(start: State, moves: list[dict]) -> list[str]:
    """Each move in words with its cards ("J 7.1 + 2 7.3", "King 7.5", "draw"), consecutive
    draws joined ("draw ×3")."""
    words: list[str] = []
    state = start
    for move in moves:
        if "draw" in move or "recycle" in move:
            word = "draw" if "draw" in move else "turn the waste over"
            if words and words[-1].split(" ×")[0] == word:
                n = int(words[-1].split(" ×")[1]) if " ×" in words[-1] else 1
                words[-1] = f"{word} ×{n + 1}"
            else:
                words.append(word)
        else:
            words.append(" + ".join(f"{card_text(card_at(state, name))} "
                                    f"{name if name in INDEX else 'from the ' + name}"
                                    for name in move["remove"]))
        state = apply(state, move)
    return words


def review(game: Game) -> dict[str, Any]:
    """{"known": false} while the deal is not all seen; else the verdict, the solver's line
    (move JSON and in words) and the most pyramid cards removable in a lost deal."""
    cards = known_deal(game)
    if cards is None:
        return {"known": False,
                "why": "the stock was not all seen: the deal cannot be solved"}
    try:
        solution = solve_position(cards[:PYRAMID_SIZE], cards[PYRAMID_SIZE:], rules=game.rules)
    except SolverError as e:
        return {"known": True, "decided": False, "why": str(e)}
    start = initial_state(cards, game.rules)
    return {"known": True, "decided": True, "winnable": solution.winnable,
            "removed": solution.removed, "moves": solution.moves,
            "line": describe_line(start, solution.moves)}
