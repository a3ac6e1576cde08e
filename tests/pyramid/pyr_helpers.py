"""Builders of valid Pyramid states for the tests: name the cards that matter, the rest of
the deck fills the covered places and the stock."""
from __future__ import annotations

from collections import Counter

from assistant.common import RANKS, Card
from assistant.pyramid.positions import PLACES
from assistant.pyramid.rules import Rules
from assistant.pyramid.state import State, parse_card_text, validate, value

D3 = ("6s Ts 8c Kc 2d Tc 6c Qc Ah 3h 2h Qh 9h Ac Jd Th 7d Qd Jh 5d 7s Js 7h 2s 6h 2c 8s 3s "
      "Ks 3c 4s 8h 4c As 4d 6d Kh Ad Jc 5h Qs 9s 3d 8d 5s 9d 5c Kd Td 9c 7c 4h")


def cards(text):
    return [parse_card_text(t) for t in text.split()] if isinstance(text, str) else \
        [parse_card_text(t) for t in text]


def build(pyramid=None, removed=(), waste=(), out=(), stock_top=None, rules=None,
          stock_order=None, pass_no=1, rest="stock", piles=None) -> State:
    """A validated state.  `pyramid`: {place: card}; `removed`: places gone; other places get
    filler ranks.  `rest`: where the unnamed cards go: "stock" (order known, after
    `stock_order`), "hidden" (stock, order unknown) or "out"."""
    rules = rules or Rules()
    pyramid = {p: parse_card_text(c) for p, c in (pyramid or {}).items() if p not in removed}
    waste_piles = tuple(tuple(cards(p)) for p in piles) if piles is not None else (tuple(cards(waste)),)
    out, order = cards(out), cards(stock_order or [])
    top = None if stock_top is None else parse_card_text(stock_top)
    named = list(pyramid.values()) + [c for p in waste_piles for c in p] + out + order + ([top] if top else [])
    used = Counter(value(c) for c in named)
    pool = [Card(r, "") for r in reversed(RANKS) for _ in range(4 - used[RANKS.index(r) + 1])]
    # filler for covered places: take from the middle ranks first so exposed filler is rare
    grid = []
    for p in PLACES:
        if p in removed:
            grid.append(None)
        elif p in pyramid:
            grid.append(pyramid[p])
        else:
            grid.append(pool.pop())
    if rest == "out":
        out, pool = out + pool, []
    stock = order + pool
    state = State(pyramid=tuple(grid), waste=waste_piles, stock=len(stock), stock_top=top,
                  out=tuple(out), pass_no=pass_no, rules=rules,
                  stock_order=None if rest == "hidden" else tuple(stock))
    validate(state)
    return state
