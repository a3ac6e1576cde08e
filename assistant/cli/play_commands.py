"""`tableside play`'s work: the game, the sheet and the hints, imported when the command runs."""
from __future__ import annotations

import random
from typing import Callable

from ..bowling.cards import rank_of
from ..bowling.game import Game
from ..bowling.layout import BIT, ROWS
from ..bowling.scoring import ScoreCard
from ..bowling.solver import hint
from ..common import TablesideError, clean_names
from .args import variant_arg
from .texts import BOWLING_PLAY_HELP as HELP


def card_words(value: int) -> str:
    """A card as printed, with its value where the two differ: 'A(1)', '10(0)', '7'."""
    rank = rank_of(value)
    return rank if rank == str(value) else f"{rank}({value})"


def format_layout(frame) -> str:
    """The triangle, each pin as letter=card ('B=A(1)', removed pins 'B=·'), and the piles."""
    lines = []
    for depth, row in enumerate(ROWS):
        cells = []
        for p in row:
            if frame.standing & BIT[p]:
                cells.append(f"{p}={card_words(frame.pin_values[p]):<5}")
            else:
                cells.append(f"{p}={'·':<5}")
        lines.append(" " * (4 * depth + 2) + "  ".join(cells).rstrip())
    piles = []
    for i, pile in enumerate(frame.piles, start=1):
        if pile.top is None:
            piles.append(f"pile {i}: empty")
        else:
            piles.append(f"pile {i}: {card_words(pile.top)}, {pile.down} under")
    lines.append("  " + "   ".join(piles))
    return "\n".join(lines)


def format_sheet(names: list[str], cards: list[ScoreCard]) -> str:
    """A text bowling sheet: marks over running totals, ten frames and a total."""
    width = max(6, *(len(n) for n in names))
    head = " " * width + " |" + "|".join(f"{i:^5}" for i in range(1, 10)) + f"|{10:^7}|total"
    out = [head, "-" * len(head)]
    for name, card in zip(names, cards):
        marks, totals = [], []
        for i in range(10):
            w = 7 if i == 9 else 5
            f = card.frames[i] if i < len(card.frames) else None
            marks.append(f"{' '.join(f.marks) if f else '':>{w}}")
            totals.append(f"{(f.total if f and f.total is not None else ''):>{w}}")
        out.append(f"{name:<{width}} |" + "|".join(marks) + "|")
        out.append(" " * width + " |" + "|".join(totals) + f"|{card.total:>5}")
    return "\n".join(out)


def play(args, read: Callable[[str], str] = input) -> int:
    names = clean_names(args.players.split(","))
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    game = Game(names, mode="dealt", seed=seed, variant=variant_arg(args))
    print(f"Bowling Solitaire — seed {seed}. {HELP}")
    shown_log = 0
    frame_id = None
    show = True                  # an empty line only asks again
    while not game.over:
        frame = game.frame
        if id(frame) != frame_id:
            frame_id, shown_log = id(frame), 0
        if show:
            for line in frame.log[shown_log:]:
                print(line)
            shown_log = len(frame.log)
            who = game.players[game.current_player]
            print(f"\n{who}, ball {frame.ball}:")
            print(format_layout(frame))
        try:
            line = read("> ").strip()
        except EOFError:
            print("\nGame left unfinished.")
            return 0
        show = bool(line)
        if not line:
            continue
        word = line.lower()
        try:
            if word in ("quit", "exit", "q"):
                print("Game left unfinished.")
                return 0
            if word in ("help", "?"):
                print(HELP)
            elif word == "sheet":
                print(format_sheet(game.players, game.cards()))
            elif word == "undo":
                game.undo()
                frame_id = None
                print("Undone.")
            elif word == "hint":
                print(_hint_text(game))
            elif word == "end":
                before = game.frame
                game.apply({"type": "end_ball"})
                shown_log = _after(game, before, shown_log)
            else:
                pile, pins = _parse_play(line)
                before = game.frame
                game.apply({"type": "play", "pile": pile, "pins": pins})
                shown_log = _after(game, before, shown_log)
        except TablesideError as e:
            print(f"Not allowed: {e}")
    print(result_line(game))
    return 0


def _after(game: Game, before, shown: int) -> int:
    """When a deal finished, the lines of its log not yet shown, then the sheet (once).
    Returns how many of the deal's log lines have been shown."""
    if game.frame is before and not game.over:
        return shown
    for line in before.log[shown:]:
        print(line)
    if game.over:
        print("\nGame over.")
    print(format_sheet(game.players, game.cards()))
    return len(before.log)


def result_line(game: Game) -> str:
    """The end of a game in one line: a solo player's score, else the winner(s) and score."""
    totals = [c.total for c in game.cards()]
    if len(game.players) == 1:
        return f"Final score: {totals[0]}."
    best = max(totals)
    winners = game.winners()
    if len(winners) > 1:
        return f"A tie at {best}: {' and '.join(winners)}."
    return f"Winner: {winners[0]} with {best}."


def _parse_play(line: str) -> tuple[int, list[str]]:
    parts = line.replace(",", " ").split()
    if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isalpha():
        raise TablesideError(f'"{line}" is not a play; {HELP}')
    return int(parts[0]), list(parts[1].upper())


def _hint_text(game: Game) -> str:
    h = hint(game.frame.state(game.rolls[game.current_player]), variant=game.variant)
    return h.explanation
