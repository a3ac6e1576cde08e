"""Simple players, for simulation and as the floor a hint engine must beat.

`naive` is the rules document's naive player (section 10: 0.45 % of deals won
under the seed defaults): pair at once, pyramid pairs first, Kings first, draw
only when stuck.  `legal_moves` already lists moves in exactly that order of
preference (Kings, pyramid pairs, pyramid + draw pile, draw-pile pairs, draw,
recycle), so the naive player takes the first legal move.
"""
from __future__ import annotations

from typing import Callable, Iterable

from ..common import Card
from .moves import apply, is_over, legal_moves, result
from .rules import Rules
from .state import State, initial_state

# The players `simulate` knows: the solver seeing every card, the hint engine playing blind,
# and the naive player below.
POLICIES = ("perfect", "hint", "naive")

Policy = Callable[[State], "dict | None"]


def naive(state: State) -> dict | None:
    """The first legal move, or None (nothing left to do: the player stops)."""
    moves = legal_moves(state)
    return moves[0] if moves else None


def play_deal(deck: Iterable[Card], rules: Rules | None = None, policy: Policy = naive,
              max_moves: int = 10_000) -> dict:
    """Play one dealt deck to the end with `policy`, which sees only the player's view.

    Returns `moves.result` plus "moves" (the move list).  `max_moves` guards a policy
    that would cycle forever with unlimited passes.
    """
    state = initial_state(deck, rules)
    moves = []
    while not is_over(state) and len(moves) < max_moves:
        move = policy(state.player_view())
        if move is None:
            break
        state = apply(state, move)
        moves.append(move)
    out = result(state, stopped=not is_over(state))
    out["moves"] = moves
    return out
