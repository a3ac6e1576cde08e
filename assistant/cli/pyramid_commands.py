"""The `tableside pyramid ...` commands' work (legal, deal, move, play): the engine's imports
live here, so listing or parsing commands never loads the Pyramid engine."""
from __future__ import annotations

import json
import random
import re
from typing import Callable

from ..common import TablesideError
from ..pyramid.deck import read_deck, shuffled_deck
from ..pyramid.game import Game, new_dealt_game
from ..pyramid.moves import apply, legal_moves, result
from ..pyramid.positions import INDEX, PYRAMID_SIZE, ROWS, is_exposed
from ..pyramid.rules import Rules
from ..pyramid.state import PILE_NAMES, State, card_text, initial_state, parse_card_text
from .args import read_json_arg
from .texts import PYRAMID_PLAY_HELP as HELP


def legal(args) -> int:
    state = State.from_json(read_json_arg(args.state))
    print(json.dumps({"moves": legal_moves(state), "result": result(state)}))
    return 0


def deal(args) -> int:
    if (args.deck is None) == (args.seed is None):
        raise TablesideError("give a deck (text, a file or -) or --seed N, not both")
    cards = read_deck(args.deck) if args.deck is not None else shuffled_deck(args.seed)
    state = initial_state(cards, Rules.from_text(args.rules, args.set))
    print(json.dumps(state.to_json(stock_order=args.reveal)))
    return 0


def move(args) -> int:
    state = State.from_json(read_json_arg(args.state))
    text = args.move.strip()
    if text.startswith("{"):
        try:
            move = json.loads(text)
        except json.JSONDecodeError as e:
            raise TablesideError(f"the move is not valid JSON ({e.msg})") from None
    else:
        move = parse_typed_move(text, state.rules)
    turned = [parse_card_text(c, "a turned card") for c in args.turned.replace(",", " ").split()]
    print(json.dumps(apply(state, move, turned or None).to_json()))
    return 0


def parse_typed_move(line: str, rules: Rules) -> dict:
    """A move as typed in the terminal: 'd'/'draw', 'r'/'recycle', or the cards to remove."""
    word = line.strip().lower()
    if word in ("d", "draw"):
        return {"draw": True}
    if word in ("r", "recycle"):
        return {"recycle": True}
    return {"remove": parse_removal(line, rules)}


# ---- the terminal game ----------------------------------------------------------------
CELL = 10   # "7.1 [Kh] " and a gap: rows shift by half a cell


def format_table(state: State) -> str:
    """The pyramid as text (exposed cards in brackets, removed places as ..), then the
    waste top(s), the stock and the pass."""
    lines = []
    for r in range(1, ROWS + 1):
        cells = []
        for c in range(1, r + 1):
            place = f"{r}.{c}"
            i = INDEX[place]
            card = state.pyramid[i]
            if card is None:
                shown = " .. "
            elif is_exposed(i, state.removed):
                shown = f"[{card_text(card):>2}]"
            else:
                shown = f" {card_text(card):>2} "
            cells.append(f"{place} {shown}")
        lines.append(" " * ((ROWS - r) * CELL // 2) + "  ".join(cells))
    lines.append("")
    lines.append("   ".join(_draw_pile_lines(state)))
    return "\n".join(lines)


def _draw_pile_lines(state: State) -> list[str]:
    out = []
    if state.rules.draw == "one":
        pile = state.waste[0]
        top = f"[{card_text(pile[-1])}]" if pile else "empty"
        out.append(f"waste: {top}" + (f" ({len(pile) - 1} under)" if len(pile) > 1 else ""))
    else:
        for name, pile in zip(PILE_NAMES, state.waste):
            top = f"[{card_text(pile[-1])}]" if pile else "empty"
            out.append(f"{name}: {top}" + (f" ({len(pile) - 1} under)" if len(pile) > 1 else ""))
    stock = f"stock: {state.stock} face down"
    if state.stock_top is not None:
        stock += f", top [{card_text(state.stock_top)}]"
    out.append(stock)
    passes = state.rules.passes
    out.append(f"pass {state.pass_no} of {'unlimited' if passes is None else passes}")
    return out


_SOURCE_WORDS = {"w": "waste", "waste": "waste", "s": "stock", "stock": "stock",
                 "w1": "w1", "w2": "w2", "w3": "w3"}


def parse_removal(line: str, rules: Rules) -> list[str]:
    """'7.1 7.3', '7.5', '7.2 w' -> the sources of a removal (names checked later by the rules)."""
    words = [w for w in re.split(r"[\s,+]+", line.strip().lower()) if w]
    if not 1 <= len(words) <= 2:
        raise TablesideError(f'"{line}" is not a move (type help)')
    out = []
    for w in words:
        if w in INDEX:
            out.append(w)
        elif w in _SOURCE_WORDS:
            name = _SOURCE_WORDS[w]
            if name == "waste" and rules.draw == "three_piles":
                raise TablesideError("with three waste piles name one: w1, w2 or w3")
            out.append(name)
        elif re.fullmatch(r"\d+\.\d+", w):
            raise TablesideError(f"{w} is not a place of the pyramid (rows 1..{ROWS}, r.c with c ≤ r)")
        else:
            raise TablesideError(f'"{line}" is not a move (type help)')
    return out


def play(args, read: Callable[[str], str] = input) -> int:
    rules = Rules.from_text(args.rules, args.set)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    game = new_dealt_game(seed, rules)
    print(f"Pyramid Solitaire — seed {seed}, rules {args.rules}{' + ' + args.set if args.set else ''}. "
          "Pairs totalling 13 leave (J 11, Q 12, K 13 alone); exposed cards are in brackets.")
    print(HELP)
    show = True
    while not game.over:
        if show:
            print()
            print(format_table(game.state))
        show = False
        try:
            line = read("> ").strip()
        except EOFError:
            print("\nGame left unfinished.")
            return 0
        if not line:
            continue
        word = line.lower()
        try:
            if word in ("quit", "exit", "q", "stop"):
                game.apply({"type": "stop"})
            elif word in ("help", "?", "h"):
                print(HELP)
            elif word == "undo":
                game.undo()
                print("Undone.")
                show = True
            elif word in ("d", "draw"):
                game.apply({"type": "draw"})
                show = True
            elif word in ("r", "recycle"):
                game.apply({"type": "recycle"})
                show = True
            elif word in ("m", "moves"):
                print("Legal: " + ("; ".join(_move_text(m) for m in game.legal_moves()) or "none"))
            else:
                game.apply({"type": "remove", "cards": parse_removal(line, rules)})
                show = True
        except TablesideError as e:
            print(f"Not allowed: {e}")
    print()
    print(format_table(game.state))
    print(end_text(game))
    return 0


def _move_text(move: dict) -> str:
    if "remove" in move:
        return " ".join(move["remove"])
    return next(iter(move))


def end_text(game: Game) -> str:
    """The end screen's verdict and the result line of the pad."""
    r = game.result()
    goal_all = game.rules.goal == "all52"
    if r["won"]:
        head = "You won: " + ("all 52 cards are gone." if goal_all else "the pyramid is cleared!")
    else:
        left = PYRAMID_SIZE - r["pyramid_removed"]
        head = (f"Game over{' (you stopped)' if r['stopped'] else ''}: {left} pyramid "
                f"card{'s' if left != 1 else ''} left.")
    return (f"{head}\nResult: {r['pyramid_removed']} of {PYRAMID_SIZE} pyramid cards removed, "
            f"{r['cards_removed']} cards out, {'win' if r['won'] else 'loss'}.")
