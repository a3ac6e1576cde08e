"""Moves of Pyramid Solitaire as data, their legality in one place, and the end of a game.

A move is JSON, the same in the CLI, the solver, the game log and the web API:
  {"remove": ["7.1", "7.3"]}     two exposed pyramid cards totalling 13
  {"remove": ["6.2", "waste"]}   a pyramid card and the waste top
  {"remove": ["7.5"]}            a King alone
  {"draw": true}                 turn the stock (one card, or three onto W1, W2, W3)
  {"recycle": true}              turn the waste over into a new stock (passes > 1)
Sources of draw-pile cards: "waste" (draw=one) or "w1", "w2", "w3" (draw=three_piles),
and "stock" for the face-up stock top (stock_top_available).

`legal_moves` lists moves in one documented order (see its docstring); `check`
says why a move is illegal; `apply` returns the new state.  A draw turns
face-down cards up: when the state does not know the stock's order (a real
table), `apply` takes the turned cards as `turned`.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..common import Card
from ..common import TablesideError
from .positions import INDEX, PLACES, PYRAMID_SIZE, blockers, is_exposed, may_pair_places, names_of
from .rules import KING, PAIR_SUM, Rules
from .state import DECK_SIZE, PILE_NAMES, State, card_text, check_new_cards, rank_text, unseen_ranks, value



class MoveError(TablesideError):
    """A move the rules do not allow here; the message says which rule."""


# ---- sources --------------------------------------------------------------------
def draw_sources(rules: Rules) -> tuple[str, ...]:
    """Names of the draw-pile cards that can be exposed under these rules, in move order."""
    names = ("waste",) if rules.draw == "one" else PILE_NAMES
    return names + (("stock",) if rules.stock_top_available else ())


def sources(rules: Rules) -> tuple[str, ...]:
    """Every source in move order: the places 1.1 .. 7.7, then the draw-pile cards."""
    return PLACES + draw_sources(rules)


def _order(rules: Rules) -> dict[str, int]:
    return {name: k for k, name in enumerate(sources(rules))}


def source_error(name: str, rules: Rules) -> str | None:
    """Why `name` is no source under these rules (None when it is one)."""
    if name in INDEX:
        return None
    if name == "stock" and not rules.stock_top_available:
        return ("the stock is face down: only the waste top is available "
                "(stock_top_available is false)")
    if name == "waste" and rules.draw != "one":
        return "with draw=three_piles name a waste pile: w1, w2 or w3"
    if name in PILE_NAMES and rules.draw != "three_piles":
        return f"{name} exists only with draw=three_piles; name the waste top 'waste'"
    if name not in draw_sources(rules):
        return (f"{name} is not a place of the pyramid (rows 1..7, r.c with c ≤ r) "
                f"nor a draw-pile card ({', '.join(draw_sources(rules))})")
    return None


def card_at(state: State, source: str) -> Card | None:
    """The card a source names (None when that place or pile is empty); the name is checked."""
    why = source_error(source, state.rules)
    if why:
        raise MoveError(why)
    if source in INDEX:
        return state.pyramid[INDEX[source]]
    if source == "stock":
        return state.stock_top
    pile = state.waste[0] if source == "waste" else state.waste[PILE_NAMES.index(source)]
    return pile[-1] if pile else None


# ---- the move JSON ---------------------------------------------------------------
def parse_move(move: Any, rules: Rules) -> dict:
    """A move in its canonical form (sources in move order), or a MoveError on bad form."""
    if not isinstance(move, dict) or len(move) != 1:
        raise MoveError('a move is {"remove": [...]}, {"draw": true} or {"recycle": true}')
    (kind, arg), = move.items()
    if kind in ("draw", "recycle"):
        if arg is not True:
            raise MoveError(f'write the move as {{"{kind}": true}}')
        return {kind: True}
    if kind != "remove":
        raise MoveError(f"unknown move {kind!r}; a move is remove, draw or recycle")
    if isinstance(arg, str):
        arg = [arg]
    if not isinstance(arg, list) or not 1 <= len(arg) <= 2 or not all(isinstance(a, str) for a in arg):
        raise MoveError("'remove' takes one card (a King) or two, each a place such as 7.1 or "
                        "a draw-pile card such as waste")
    names = [a.strip().lower() for a in arg]
    if len(names) == 2 and names[0] == names[1]:
        raise MoveError(f"{names[0]} is named twice")
    for n in names:
        why = source_error(n, rules)
        if why:
            raise MoveError(why)
    order = _order(rules)
    return {"remove": sorted(names, key=order.__getitem__)}


# ---- legality ----------------------------------------------------------------------
def _covered_reason(state: State, place: str, partner: str | None) -> str | None:
    i = INDEX[place]
    b = blockers(i, state.removed)
    if not b:
        return None
    names = names_of(b)
    text = f"{place} is covered by {' and '.join(names)}"
    if partner in names and len(names) == 1:
        if state.rules.overlap_pairs:
            return None
        text += " (a card pairs with the card covering it only with overlap_pairs)"
    return text


def explain_illegal(state: State, move: Any) -> str | None:
    """Why `move` is illegal in `state`, in words; None when it is legal."""
    try:
        m = parse_move(move, state.rules)
    except MoveError as e:
        return str(e)
    if is_over(state):
        return "the game is over" + (": the pyramid is cleared" if is_won(state) else "")
    if "draw" in m:
        if state.stock_empty:
            return "the stock is empty" + ("; recycle the waste to start the next pass"
                                           if can_recycle(state) else "")
        return None
    if "recycle" in m:
        return _recycle_reason(state)
    names = m["remove"]
    cards = []
    for n in names:
        c = card_at(state, n)
        if c is None:
            if n in INDEX:
                return f"{n} has already been removed"
            return {"waste": "the waste is empty", "stock": "the stock has no face-up card"}.get(
                n, f"{n} is empty")
        cards.append(c)
    for k, n in enumerate(names):
        if n in INDEX:
            partner = names[1 - k] if len(names) == 2 else None
            why = _covered_reason(state, n, partner)
            if why:
                return why
    if len(names) == 2 and names[0] in INDEX and names[1] in INDEX:
        i, j = INDEX[names[0]], INDEX[names[1]]
        if not may_pair_places(i, j, state.removed, state.rules):
            return f"{names[0]} and {names[1]} are not both exposed"
    if (len(names) == 2 and names[0] in PILE_NAMES and names[1] in PILE_NAMES
            and not state.rules.waste_pairs):
        return "two waste-pile tops may not pair (waste_pairs is false)"
    vals = [value(c) for c in cards]
    if len(vals) == 1:
        if vals[0] != KING:
            article = "an" if vals[0] in (1, 8) else "a"
            return f"{article} {rank_text(vals[0])} cannot leave alone; only a King can"
        return None
    if vals[0] == vals[1]:
        return f"two cards of equal value never pair ({rank_text(vals[0])} + {rank_text(vals[1])})"
    if sum(vals) != PAIR_SUM:
        king = " (a King leaves alone)" if KING in vals else ""
        return f"{rank_text(vals[0])} + {rank_text(vals[1])} is {sum(vals)}, not {PAIR_SUM}{king}"
    return None


def _recycle_reason(state: State) -> str | None:
    r = state.rules
    if not state.stock_empty:
        return "the stock is not empty yet; the waste is turned over only when it is"
    if r.passes is not None and state.pass_no >= r.passes:
        return (f"no pass is left: these rules allow {r.passes} "
                f"pass{'es' if r.passes > 1 else ''} through the stock")
    if not any(state.waste):
        return "the waste is empty: nothing to turn over"
    return None


def check(state: State, move: Any) -> dict:
    """The move in canonical form, or a MoveError saying why it is illegal."""
    why = explain_illegal(state, move)
    if why:
        raise MoveError(why)
    return parse_move(move, state.rules)


def _available(state: State, name: str) -> Card | None:
    c = card_at(state, name)
    if c is None or (name in INDEX and not is_exposed(INDEX[name], state.removed)):
        return None
    return c


def legal_removals(state: State) -> list[dict]:
    """Every legal removal, in the order documented at `legal_moves`."""
    r = state.rules
    removed = state.removed
    places = [p for p in PLACES if state.pyramid[INDEX[p]] is not None]
    draws = [(n, c) for n in draw_sources(r) for c in [card_at(state, n)] if c is not None]
    exposed = [(p, state.pyramid[INDEX[p]]) for p in places if is_exposed(INDEX[p], removed)]
    out: list[dict] = []
    # 1. Kings alone
    out += [{"remove": [n]} for n, c in exposed + draws if value(c) == KING]
    # 2. two pyramid cards (a card still covered by one card may pair with it under overlap_pairs)
    candidates = [p for p in places if bin(blockers(INDEX[p], removed)).count("1") <= 1]
    for a in range(len(candidates)):
        i, ci = INDEX[candidates[a]], state.pyramid[INDEX[candidates[a]]]
        for b in range(a + 1, len(candidates)):
            j, cj = INDEX[candidates[b]], state.pyramid[INDEX[candidates[b]]]
            if value(ci) + value(cj) == PAIR_SUM and may_pair_places(i, j, removed, r):
                out.append({"remove": [candidates[a], candidates[b]]})
    # 3. a pyramid card and a draw-pile card
    for p, cp in exposed:
        for n, cn in draws:
            if value(cp) + value(cn) == PAIR_SUM:
                out.append({"remove": [p, n]})
    # 4. two draw-pile cards
    for a in range(len(draws)):
        for b in range(a + 1, len(draws)):
            (na, ca), (nb, cb) = draws[a], draws[b]
            if value(ca) + value(cb) != PAIR_SUM:
                continue
            if na in PILE_NAMES and nb in PILE_NAMES and not r.waste_pairs:
                continue
            out.append({"remove": [na, nb]})
    return out


def legal_moves(state: State) -> list[dict]:
    """Every legal move, in a stable order:

    1. Kings alone: exposed pyramid Kings by place (1.1 .. 7.7), then draw-pile
       Kings (waste or w1, w2, w3, then stock);
    2. pairs of pyramid cards, by the first place then the second;
    3. a pyramid card with a draw-pile card, by place then pile;
    4. two draw-pile cards;
    5. draw; 6. recycle.
    Sources inside a removal are in the same order.  Nothing is legal once the game is over.
    """
    if is_over(state):
        return []
    moves = legal_removals(state)
    if not state.stock_empty:
        moves.append({"draw": True})
    if _recycle_reason(state) is None:
        moves.append({"recycle": True})
    return moves


# ---- applying a move ---------------------------------------------------------------
def cards_turned(state: State, move: dict) -> int:
    """How many face-down stock cards `move` turns face up (what a table player reports).

    A draw turns up to one or three; under stock_top_available the card now on top is
    turned too, which comes to the same count.  Removing the stock top turns the next up.
    """
    if "draw" in move:
        return min(state.stock, 1 if state.rules.draw == "one" else 3)
    if "remove" in move and "stock" in move["remove"]:
        return min(state.stock, 1)
    return 0


def apply(state: State, move: Any, turned: Sequence[Card] | None = None) -> State:
    """The state after a legal move (checked).  `turned`: the cards a draw turns face up,
    needed only when the state does not know the stock's order."""
    m = check(state, move)
    n = cards_turned(state, m)
    new = _take_turned(state, n, turned)
    order = None if state.stock_order is None else state.stock_order[n:]
    if "recycle" in m:
        return _recycle(state)
    if "draw" in m:
        return _draw(state, new, order)
    return _remove(state, m["remove"], new, order)


def _take_turned(state: State, n: int, turned: Sequence[Card] | None) -> list[Card]:
    if state.stock_order is not None:
        known = list(state.stock_order[:n])
        if turned is not None and (len(turned) != n or not all(map(_same, turned, known))):
            raise MoveError(f"the stock's next card{'s are' if n > 1 else ' is'} "
                            f"{' '.join(card_text(c) for c in known)}, "
                            f"not {' '.join(card_text(c) for c in turned)}")
        return known
    turned = list(turned or ())
    if len(turned) != n:
        raise MoveError(f"this move turns {n} stock card{'s' if n != 1 else ''} face up: "
                        f"say which ({len(turned)} given)")
    check_new_cards(state, turned)
    return turned


def _same(reported: Card, known: Card) -> bool:
    """A report matches a known card: the same rank, and the same suit when both have one."""
    return reported.rank == known.rank and (not reported.suit or not known.suit or reported.suit == known.suit)


def _draw(state: State, new: list[Card], order) -> State:
    r = state.rules
    k = 1 if r.draw == "one" else 3
    flow = ([state.stock_top] if state.stock_top is not None else []) + new
    # under stock_top_available the last card turned stays on the stock as its new top
    to_waste = flow[:k]
    top = flow[k] if len(flow) > k else None
    piles = [list(p) for p in state.waste]
    for j, c in enumerate(to_waste):
        piles[j % len(piles)].append(c)
    stock = state.stock - len(new)
    return state.with_changes(waste=tuple(tuple(p) for p in piles), stock=stock, stock_top=top,
                              stock_order=order)


def _remove(state: State, names: list[str], new: list[Card], order) -> State:
    pyramid = list(state.pyramid)
    piles = [list(p) for p in state.waste]
    top, stock = state.stock_top, state.stock
    gone = []
    for n in names:
        if n in INDEX:
            gone.append(pyramid[INDEX[n]])
            pyramid[INDEX[n]] = None
        elif n == "stock":
            gone.append(top)
            top = new[0] if new else None
            stock -= len(new)
        else:
            pile = piles[0] if n == "waste" else piles[PILE_NAMES.index(n)]
            gone.append(pile.pop())
    return state.with_changes(pyramid=tuple(pyramid), waste=tuple(tuple(p) for p in piles),
                              stock_top=top, stock=stock, out=state.out + tuple(gone),
                              stock_order=order)


def recycled_stock(waste: Iterable[Sequence[Card]]) -> tuple[Card, ...]:
    """The new stock, top first, when the waste is turned over.

    One pile turned over puts its bottom card (the first turned) on top, so the
    stock keeps its order less the cards removed.  Three piles are each turned
    over and stacked W1 on W2 on W3.
    """
    return tuple(c for pile in waste for c in pile)


def _recycle(state: State) -> State:
    stock = list(recycled_stock(state.waste))
    top = stock.pop(0) if state.rules.stock_top_available else None
    return state.with_changes(waste=tuple(() for _ in state.waste), stock=len(stock),
                              stock_top=top, stock_order=tuple(stock),
                              pass_no=state.pass_no + 1)


# ---- the end of the game ---------------------------------------------------------------
def is_won(state: State) -> bool:
    """Goal `pyramid`: all 28 pyramid cards removed; goal `all52`: every card removed."""
    if state.rules.goal == "all52":
        return len(state.out) == DECK_SIZE
    return state.pyramid_removed == PYRAMID_SIZE


def can_recycle(state: State) -> bool:
    return _recycle_reason(state) is None


def is_over(state: State) -> bool:
    """Rules 14-15 and A5: won; or the stock is spent (no pass left) and no removal is left
    (or at once, with end=at_empty_stock).  With unlimited passes the game also ends when
    going round the stock again can never bring a removal."""
    if is_won(state):
        return True
    if state.stock_empty and not can_recycle(state):
        return state.rules.end == "at_empty_stock" or not legal_removals(state)
    if state.rules.passes is None and not legal_removals(state):
        return not _cycling_can_remove(state)
    return False


def _cycling_can_remove(state: State) -> bool:
    """With nothing removable now, whether some card of stock and waste will ever be: every
    such card comes to a waste top as the stock goes round, while the pyramid stays as it is."""
    r = state.rules
    circulating = [value(c) for pile in state.waste for c in pile]
    if state.stock_top is not None:
        circulating.append(value(state.stock_top))
    circulating += [value(c) for c in state.stock_order or ()]
    if state.stock_order is None:
        circulating += [v + 1 for v, n in enumerate(unseen_ranks(state)) for _ in range(n)]
    exposed = {value(c) for i, c in enumerate(state.pyramid)
               if c is not None and is_exposed(i, state.removed)}
    vals = set(circulating)
    if KING in vals or any(PAIR_SUM - v in exposed for v in vals):
        return True
    together = r.stock_top_available or (r.draw == "three_piles" and r.waste_pairs)
    return together and any(PAIR_SUM - v in vals and PAIR_SUM - v != v for v in vals)


def result(state: State, stopped: bool = False) -> dict:
    """The game's outcome: over?, won?, pyramid cards removed (0..28, the pad's result line)."""
    return {"over": stopped or is_over(state), "won": is_won(state),
            "pyramid_removed": state.pyramid_removed, "cards_removed": len(state.out),
            "stopped": stopped and not is_over(state)}
