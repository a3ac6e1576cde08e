"""The hidden-stock hint: every legal action ranked by its chance of clearing the pyramid.

At the table the stock's contents are known (52 less everything seen) but not
its order.  `hint(state)` values each legal action by the probability of
winning with best play afterwards, tie-broken on the expected pyramid cards
removed (rules document, section 9):

- exact: expectimax with memoisation once few cards are unseen
  (`EXACT_UNSEEN`): a draw is a chance node over the unseen ranks, a position
  with nothing unseen is solved by the perfect-information solver;
- sampled: earlier, Monte-Carlo determinisation: stock orders drawn from the
  unseen cards (a seeded RNG, so a hint is reproducible), each action's position
  solved exactly per order.  These numbers are biased upward (each order is
  solved as if it were known: "strategy fusion"); they rank actions well and
  are labelled as estimates, with a 95 % interval.  The work is bounded by a
  number of positions searched, not by the clock, so a hint is reproducible; an
  order whose search passes its share is dropped and counted ("dropped").  The
  sampling stops sooner, at a few fixed sample counts (`LOOKS`), once a paired
  test over the same orders finds the leader clearly ahead of every other action
  (`clear_lead`): the same samples give the same stop, so this is reproducible too.

Some choices need no search (`_shortcut`): the only legal move, and a removal no other move
can beat (`safe_move`: a King, or the last two cards of partner ranks).  An available King
the shortcut cannot take (a draw-pile King with end=at_empty_stock) is still taken before
any draw.
Legal moves come from the solver's C core (`solver.Position.moves`), so the
hint and the solver share one set of rules.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .rules import KING, PAIR_SUM, PYRAMID_SIZE, Rules
from .solver import Position, SolverError, position, solve_from
from .state import State, unseen_ranks, value

# Unseen cards at or below which the expectimax is exact.  Tuned by timing on one
# core (seed rules, one deal's late game): 5 unseen 0.5 s, 6: 1.6 s, 7: 9 s, 8: 237 s.
EXACT_UNSEEN = 5
# The sampled hint stops after this many positions searched in all (about 0.5 s on
# one core), so the same state always gets the same samples: a reproducible hint.
SAMPLE_STATES = 400_000
MIN_SAMPLES, MAX_SAMPLES = 10, 400
# Exact values kept between hints (a game's next hint meets most of them again); past this
# many the memo starts afresh, to stay under about 100 MB.
EXACT_MEMO_MAX = 100_000
Z95 = 1.96
# The sampled hint may stop early, at these sample counts only, when its leader is clearly
# ahead of every other action (`clear_lead`): few looks, so the test's error stays bounded.
# Each look's bar is Student's t at one-sided p = 0.001 with n - 1 degrees of freedom, so
# a leader not truly ahead stops the sampling under 2 % of the time (6 looks x 3 rivals x 0.001).
LOOKS = {10: 4.297, 20: 3.579, 40: 3.313, 80: 3.197, 160: 3.142, 320: 3.116}


@dataclass(frozen=True)
class Hidden:
    """What the player knows: every face-up card as ranks, and the unseen multiset."""
    pyramid: tuple[int, ...]                  # 28 ranks, 0 for a removed place
    waste: tuple[tuple[int, ...], ...]        # one pile or W1..W3, bottom to top
    stock_top: int                            # the face-up stock top (0: none)
    unseen: tuple[int, ...]                   # 13 counts, A..K: the face-down stock's contents
    pass_no: int

    def order(self, first: tuple[int, ...] = ()) -> list[int]:
        """A stock order (top first): the face-up top, then `first`, then the rest sorted."""
        rest = Counter({r + 1: n for r, n in enumerate(self.unseen)})
        rest.subtract(Counter(first))
        tail = [r for r in sorted(rest.elements())]
        return ([self.stock_top] if self.stock_top else []) + list(first) + tail

    def position(self, rules: Rules, first: tuple[int, ...] = ()) -> Position:
        pyr = [r or None for r in self.pyramid]
        waste = self.waste if rules.draw == "three_piles" else self.waste[0]
        return position(pyr, self.order(first), waste, rules, self.pass_no)

    @property
    def n_unseen(self) -> int:
        return sum(self.unseen)


def hidden_of(state: State) -> Hidden:
    return Hidden(
        pyramid=tuple(0 if c is None else value(c) for c in state.pyramid),
        waste=tuple(tuple(value(c) for c in pile) for pile in state.waste),
        stock_top=0 if state.stock_top is None else value(state.stock_top),
        unseen=tuple(unseen_ranks(state)),
        pass_no=state.pass_no)


def _after(child: Position, unseen: tuple[int, ...], revealed: tuple[int, ...]) -> Hidden:
    """The player's knowledge after a move: the C core's child, its face-down part forgotten."""
    counts = list(unseen)
    for r in revealed:
        counts[r - 1] -= 1
    stock = child.stock_ranks()
    top = stock[0] if child.rules.stock_top_available and stock else 0
    return Hidden(child.pyramid_ranks, child.waste_ranks(), top, tuple(counts), child.pass_no)


def _turns(move: dict, h: Hidden, rules: Rules) -> int:
    """How many face-down cards the move turns face up (the chance node's depth)."""
    n = h.n_unseen
    if "draw" in move:
        return min(n, 1 if rules.draw == "one" else 3)
    if "remove" in move and "stock" in move["remove"]:
        return min(n, 1)
    return 0


def _sequences(unseen: tuple[int, ...], k: int):
    """Each ordered rank sequence of length k from the unseen multiset, with its probability."""
    if k == 0:
        yield (), 1.0
        return
    total = sum(unseen)
    for r, n in enumerate(unseen):
        if n:
            rest = list(unseen)
            rest[r] -= 1
            for seq, p in _sequences(tuple(rest), k - 1):
                yield (r + 1,) + seq, p * n / total


class _Exact:
    """Expectimax over the unseen ranks, memoised on the player's knowledge."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.memo: dict[Hidden, tuple[float, float]] = {}

    def actions(self, h: Hidden) -> list[tuple[dict, tuple[float, float]]]:
        pos = h.position(self.rules)
        out = []
        for move, child in pos.moves():
            k = _turns(move, h, self.rules)
            if k == 0:
                out.append((move, self.value(_after(child, h.unseen, ()))))
                continue
            win = rem = 0.0
            for seq, p in _sequences(h.unseen, k):
                for m2, c2 in h.position(self.rules, seq).moves():
                    if m2 == move:
                        w, r = self.value(_after(c2, h.unseen, seq))
                        win += p * w
                        rem += p * r
                        break
            out.append((move, (win, rem)))
        return out

    def value(self, h: Hidden) -> tuple[float, float]:
        if h in self.memo:
            return self.memo[h]
        pos = h.position(self.rules)
        if pos.is_won():
            v = (1.0, float(PYRAMID_SIZE))
        elif h.n_unseen == 0:              # nothing hidden: the perfect-information solver
            s = solve_from(pos, shortest=False)
            v = (1.0 if s.winnable else 0.0, float(s.removed))
        else:
            acts = self.actions(h)
            v = max((a[1] for a in acts), default=(0.0, float(pos.removed)))
        self.memo[h] = v
        return v


_EXACT: dict[Rules, _Exact] = {}


def _exact(rules: Rules) -> _Exact:
    """The expectimax of these rules with its memo of earlier hints.  A value depends only
    on the player's knowledge and the rules, so reusing it changes no hint, only its time."""
    ex = _EXACT.get(rules)
    if ex is None or len(ex.memo) > EXACT_MEMO_MAX:
        ex = _EXACT[rules] = _Exact(rules)
    return ex


def _paired_t(diffs: list[int]) -> float:
    """The one-sided t of a mean paired difference (inf when every sample agrees on a lead)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    if var == 0:
        return math.inf if mean > 0 else (0.0 if mean == 0 else -math.inf)
    return mean / math.sqrt(var / n)


def clear_lead(rows: list[list[tuple[int, int]]]) -> bool:
    """Is the leader (the ranking's first: most wins, then most cards removed) clearly ahead
    of every other action over the same sampled orders?

    Paired over the samples (each order solved for every action), a rival is clearly behind
    when the leader's wins beat it with t above the look's bar (`LOOKS`), or, when no sample
    won with one and lost with the other, the leader's cards removed beat it so.  Two actions
    with the same result on every order are never clearly apart: a tie is sampled in full.
    """
    bar = LOOKS[len(rows)]
    n_act = len(rows[0])
    sums = [(sum(r[i][0] for r in rows), sum(r[i][1] for r in rows)) for i in range(n_act)]
    lead = min(range(n_act), key=lambda i: (-sums[i][0], -sums[i][1], i))
    for a in range(n_act):
        if a == lead:
            continue
        dw = [r[lead][0] - r[a][0] for r in rows]
        if any(dw):
            if _paired_t(dw) < bar:
                return False
        elif _paired_t([r[lead][1] - r[a][1] for r in rows]) < bar:
            return False
    return True


def _king_moves(pos: Position, moves: list[dict]) -> list[dict]:
    """Removals of a King alone."""
    out = []
    for m in moves:
        names = m.get("remove", ())
        if len(names) == 1:
            out.append(m)
    return out


def ranks_left(pos: Position) -> Counter:
    """Every card still in play by rank: pyramid, waste and stock (the player knows these
    counts; a hidden stock's order does not change them)."""
    left = Counter(r for r in pos.pyramid_ranks if r)
    for pile in pos.waste_ranks():
        left.update(pile)
    left.update(pos.stock_ranks())
    return left


def _leave_together(child: Position, left: Counter) -> bool:
    """Does the move to `child` remove cards that can only ever leave together: a King
    alone, or two partners that are the last card of each of their two ranks?"""
    gone = left - ranks_left(child)
    ranks = sorted(gone.elements())
    if ranks == [KING]:
        return True
    return (len(ranks) == 2 and ranks[0] + ranks[1] == PAIR_SUM and ranks[0] != ranks[1]
            and left[ranks[0]] == 1 and left[ranks[1]] == 1)


def safe_move(pos: Position) -> dict | None:
    """A removal that is at least as good as every other legal move, or None.

    Cards that can only ever leave together (a King; the last two cards of partner
    ranks) are deleted from the game by removing them.  Any line of play without that
    removal can be replayed after it, move for move: nothing they could pair with exists,
    a pyramid card or pile top they covered is exposed sooner (availability only grows,
    under overlap_pairs too), a draw or removal of one of them becomes no move at all, and
    every later card is turned in the same order, so the same knowledge is there at each
    step.  The replay wins whenever the line did and removes at least as many pyramid
    cards, for every stock order: so taking them now is never worse, under every switch
    of the rules document but one.  With end=at_empty_stock a draw-pile card removed
    makes the stock run out sooner, and the game ends there; so under that switch only
    removals of pyramid cards count as safe.
    """
    left = None
    for move, child in pos.moves():
        if "remove" not in move:
            continue
        from_pyramid = pos.removed + len(move["remove"]) == child.removed
        if pos.rules.end != "play_out" and not from_pyramid:
            continue
        left = ranks_left(pos) if left is None else left
        if _leave_together(child, left):
            return move
    return None


def wilson_half(p: float, n: int) -> float:
    """Half the width of the 95 % Wilson interval of a rate p over n trials (1 for none)."""
    if n == 0:
        return 1.0
    d = 1 + Z95 ** 2 / n
    return Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / d


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate: a sampled hint's, a simulation's."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    mid = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = wilson_half(p, n)
    return (max(0.0, mid - half), min(1.0, mid + half))


def _describe(move: dict) -> str:
    if "draw" in move:
        return "draw"
    if "recycle" in move:
        return "turn the waste over"
    names = move["remove"]
    return "remove " + " + ".join(names)


def hint_of(state: State, *, seed: int = 0, budget: int = SAMPLE_STATES,
            exact_unseen: int = EXACT_UNSEEN) -> dict:
    """The hint for a parsed state (the player's view: a known stock order on pass 1 is ignored)."""
    rules = state.rules
    state = state.player_view()
    if state.stock_order is not None:          # after a recycle every stock card has been seen
        h = None
        pos = position([c for c in state.pyramid], ([state.stock_top] if state.stock_top else []) +
                       list(state.stock_order),
                       state.waste if rules.draw == "three_piles" else state.waste[0], rules, state.pass_no)
    else:
        h = hidden_of(state)
        pos = h.position(rules)
    moves = [m for m, _ in pos.moves()]
    if not moves:
        return {"best": None, "actions": [], "method": "exact", "samples": 0, "interval": 0.0,
                "explanation": "No move is left: the game is over.", "seconds": 0.0}
    t0 = time.perf_counter()
    short = _shortcut(pos, moves)
    if short is not None:
        return short | {"seconds": round(time.perf_counter() - t0, 3)}
    dropped = 0
    if h is None or h.n_unseen <= exact_unseen:
        method, samples, half = "exact", 0, 0.0
        if h is None:
            vals = []
            for m, child in pos.moves():
                s = solve_from(child, shortest=False)
                vals.append((m, (1.0 if s.winnable else 0.0, float(s.removed))))
        else:
            vals = _exact(rules).actions(h)
    else:
        method = "sampled"
        rng = random.Random(seed)
        rows: list[list[tuple[int, int]]] = []     # per sample, each action's (won, removed)
        work = 0
        cap = max(200_000, budget // 2)     # one order's search; past it the order is dropped
        hard = max(3 * budget, 2_000_000)   # never more than this in all (about 1 s)
        pool = [r + 1 for r, n in enumerate(h.unseen) for _ in range(n)]
        while len(rows) < MAX_SAMPLES and (len(rows) < MIN_SAMPLES or work < budget):
            if work >= hard:
                if rows or cap >= hard:
                    break
                cap = hard          # every order so far too hard: one last, searched with it all
            rng.shuffle(pool)
            p = h.position(rules, tuple(pool))
            results = []
            for m, child in p.moves():
                try:
                    s = solve_from(child, best=False, shortest=False, max_states=cap)
                except SolverError:
                    work += cap
                    break
                work += s.states
                results.append((int(s.winnable), s.removed))
            else:
                rows.append(results)
                if len(rows) in LOOKS and clear_lead(rows):
                    break
                continue
            dropped += 1
        samples = len(rows)
        if samples == 0:
            raise SolverError("every sampled stock order was too hard to solve within the hint's "
                              "budget; try again with a larger budget")
        vals = [(m, (sum(r[i][0] for r in rows) / samples, sum(r[i][1] for r in rows) / samples))
                for i, m in enumerate(moves)]
    ranked = sorted(vals, key=lambda mv: (-mv[1][0], -mv[1][1]))
    best = ranked[0][0]
    kings = _king_moves(pos, moves)
    if "draw" in best and kings:            # never a draw while a King is available
        best = kings[0]
    best_win = next(v for m, v in ranked if m == best)[0]
    if method == "sampled":
        half = wilson_half(best_win, samples)
    actions = [{"move": m, "win": round(v[0], 4), "removed": round(v[1], 2)} for m, v in ranked]
    more = {"dropped": dropped} if method == "sampled" and dropped else {}
    return {"best": best, "actions": actions, "method": method, "samples": samples, **more,
            "interval": round(half, 4), "explanation": _explain(best, ranked, method, samples, half),
            "seconds": round(time.perf_counter() - t0, 3)}


def _shortcut(pos: Position, moves: list[dict]) -> dict | None:
    """The hint without any search, when the choice needs none: the only legal move
    (method "only_move"), or a removal no other move can beat (`safe_move`, method
    "safe_first").  Its actions carry no numbers ("win" and "removed" are None): nothing
    was searched, and the hint is the same whatever the numbers would have been."""
    if len(moves) == 1:
        best, method = moves[0], "only_move"
        why = "It is the only legal move."
    else:
        best, method = safe_move(pos), "safe_first"
        if best is None:
            return None
        why = (" A King pairs with nothing, so taking it loses nothing." if len(best["remove"]) == 1
               else " These are the last two cards of their ranks: they can only ever pair with each "
                    "other, so taking them now loses nothing.")
        why = "Taking it now is at least as good as any other move." + why
    rest = [m for m in moves if m != best]
    actions = [{"move": m, "win": None, "removed": None} for m in [best] + rest]
    return {"best": best, "actions": actions, "method": method, "samples": 0, "interval": 0.0,
            "reason": why, "explanation": f"Best: {_describe(best)}. {why}"}


def _explain(best: dict, ranked: list, method: str, samples: int, half: float) -> str:
    win = next(v for m, v in ranked if m == best)
    text = f"Best: {_describe(best)}."
    if method == "exact":
        text += f" It clears the pyramid with probability {100 * win[0]:.1f} % (exact over the unseen cards)"
    else:
        text += (f" It cleared the pyramid in about {100 * win[0]:.0f} % of {samples} sampled stock "
                 f"orders (± {100 * half:.0f} %; an estimate, biased upward)")
    text += f", {win[1]:.1f} pyramid cards removed on average."
    others = [(m, v) for m, v in ranked if m != best]
    if others:
        m, v = others[0]
        text += f" Next best: {_describe(m)} ({100 * v[0]:.0f} %)."
    if len(best.get("remove", ())) == 1 and any("draw" in m for m, _ in ranked):
        text += " A King is taken before any draw: it pairs with nothing, so taking it loses nothing."
    return text


def hint(state: Any, **kw) -> dict:
    """The hint for a state JSON object or a parsed `State`."""
    if not isinstance(state, State):
        state = State.from_json(state)
    return hint_of(state, **kw)
