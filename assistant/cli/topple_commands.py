"""The `tableside topple ...` commands' work: the group's engine imports live here, so
listing or parsing commands (`tableside --help`) never loads the Topple engine."""
from __future__ import annotations

import json
from typing import Callable

from ..common import TablesideError
from ..topple.advice import best_options
from ..topple.board import COLUMNS, ROWS, check_roll, short, spaces_for_roll
from ..topple.game import DEFAULT_COLOURS, DEFAULT_TARGET, Game, Setup
from ..topple.rules import Rules
from .args import read_json_arg
from .texts import TOPPLE_PLAY_HELP as PLAY_HELP


def load_game(path: str) -> Game:
    return Game.from_json(read_json_arg(path))


# ---- score, legal, best -----------------------------------------------------------

def score(args) -> int:
    game = load_game(args.game)
    if args.json:
        print(json.dumps(game.score_json()))
    else:
        print(account(game))
    return 0


def account(game: Game) -> str:
    """The game in words: every event and what it changed, then the totals and what is next."""
    lines = [f"{', '.join(game.names)} · target {game.setup.target}"]
    number = None
    for i, outcome in enumerate(game.history, start=1):
        if outcome.round != number:
            number = outcome.round
            lines.append(f"Round {number}")
        lines.append(f"  {i}. {outcome.text}")
    lines.append(totals_line(game))
    lines.append(status_line(game))
    return "\n".join(lines)


def totals_line(game: Game) -> str:
    parts = []
    for seat, total in zip(game.setup.seats, game.totals):
        text = f"{seat.name} {total}"
        if len(seat.colours) > 1:
            text += " (" + ", ".join(f"{c} {game.by_colour[c]}" for c in seat.colours) + ")"
        parts.append(text)
    return "Totals: " + ", ".join(parts)


def status_line(game: Game) -> str:
    if game.over:
        return f"Game over after round {game.round}: {' and '.join(game.winners())} " + \
            ("wins." if len(game.winners()) == 1 else "share the win.")
    if game.current is None:
        return f"Round {game.round}: roll for who starts."
    return f"Round {game.round}: {game.current} to play."


def legal(args) -> int:
    spaces = spaces_for_roll(check_roll(args.roll))
    if args.json:
        print(json.dumps({"roll": args.roll, "spaces": list(spaces)}))
    else:
        print(f"Roll {args.roll}: " + " ".join(spaces))
    return 0


def best(args) -> int:
    game = load_game(args.game)
    options = best_options(game, check_roll(args.roll))
    if args.json:
        print(json.dumps({"player": game.current, "roll": args.roll,
                          "options": [o.to_json() for o in options]}))
        return 0
    print(f"{game.current}, roll {args.roll}: best first (points now; then what the next "
          f"player can expect to score, lower is better)")
    for rank, o in enumerate(options, start=1):
        why = "; ".join(o.reasons) or "nothing"
        print(f"{rank:>3}. {o.space} {o.colour}: {o.points} ({why}); "
              f"next player ~{o.next_player_expected:.2f}")
    return 0


# ---- play --------------------------------------------------------------------------

def colour_codes(colours) -> dict[str, str]:
    """The shortest distinct prefixes of the colour names, capitalised (pink -> P)."""
    for k in range(1, max(len(c) for c in colours) + 1):
        codes = {c: c[:k].capitalize() for c in colours}
        if len(set(codes.values())) == len(codes):
            return codes
    return {c: c.capitalize() for c in colours}


def format_board(game: Game) -> str:
    """The 5x5 board: each space's level, then its top colour and height (· when empty)."""
    codes = colour_codes(list(game.by_colour))
    levels = game.rules.level_map
    width = max(len(v) for v in codes.values()) + 5
    out = [("   " + "".join(f"{c:<{width}}" for c in COLUMNS)).rstrip()]
    for r in ROWS:
        cells = []
        for c in COLUMNS:
            stack = game.stacks[r + c]
            what = f"{codes[stack[-1]]}{len(stack)}" if stack else "·"
            cells.append(f"{levels[r + c]} {what}".ljust(width))
        out.append(f"{r}  " + "".join(cells).rstrip())
    legend = ", ".join(f"{v}={k}" for k, v in codes.items())
    left = ", ".join(f"{c} {game.pieces_left(c)}" for c in game.colours_in_play())
    out.append(f"(level, then top colour and height; {legend}) pieces left: {left}")
    return "\n".join(out)


def _ask(read: Callable[[str], str], prompt: str, default: str = "") -> str:
    answer = read(f"{prompt}{f' [{default}]' if default else ''}: ").strip()
    return answer or default


def ask_setup(read: Callable[[str], str], rules: Rules) -> Setup:
    """Names in seating order, colours and the target, asked until they make a valid setup."""
    while True:
        try:
            names = [n.strip() for n in _ask(read, "Players in seating order (clockwise), "
                                                   "separated by commas").split(",") if n.strip()]
            players = []
            per = 2 if len(names) == 2 else 1
            for i, name in enumerate(names):
                default = ",".join(DEFAULT_COLOURS[i * per:(i + 1) * per])
                colours = _ask(read, f"{name}'s colour{'s' if per > 1 else ''}", default)
                players.append({"name": name,
                                "colours": [c.strip() for c in colours.split(",") if c.strip()]})
            target = _ask(read, "Target score", str(DEFAULT_TARGET))
            if not target.isdigit():
                raise TablesideError(f"the target is a whole number, not {short(target)}")
            return Setup.from_json({"players": players, "target": int(target),
                                    "rules": rules.as_json()})
        except TablesideError as e:
            print(f"Not a game: {e}. Let's try again.")


def parse_switches(text: str) -> Rules:
    switches = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise TablesideError(f"--set takes key=value pairs, not {short(part)}")
        value = value.strip()
        switches[key.strip()] = {"true": True, "false": False}.get(value.lower(), value)
    return Rules.from_json(switches)


def play(args, read: Callable[[str], str] = input) -> int:
    rules = parse_switches(args.switches)
    print("Topple scorekeeper. " + PLAY_HELP)
    try:
        setup = ask_setup(read, rules)
    except EOFError:
        print("\nNo game.")
        return 0
    game = Game(setup)
    print(format_board(game))
    while not game.over:
        prompt = (f"Round {game.round}: who starts? (start NAME)" if game.current is None else
                  f"Round {game.round}, {game.current} "
                  f"({'/'.join(setup.seats[game.turn].colours)})")
        try:
            line = read(prompt + " > ").strip()
        except EOFError:
            print("\nGame left unfinished.")
            return 0
        if not line:
            continue
        word = line.split()[0].lower()
        try:
            if word in ("quit", "exit", "q"):
                print("Game left unfinished.")
                return 0
            if word in ("help", "?"):
                print(PLAY_HELP)
                continue
            if word == "board":
                print(format_board(game))
                continue
            if word == "totals":
                print(totals_line(game))
                continue
            if word == "undo":
                game.undo()
                print("Undone.")
            else:
                event = _event_from(line, game, read)
                if event is None:
                    continue
                print(game.apply(event).text)
            if args.save:
                _save(args.save, game)
            print(format_board(game))
            print(totals_line(game))
        except TablesideError as e:
            print(f"Not allowed: {e}")
    print(status_line(game))
    return 0


def _event_from(line: str, game: Game, read: Callable[[str], str]) -> dict | None:
    words = line.split()
    word = words[0].lower()
    if word == "topple":
        default = game.current or game.names[0]
        who = _ask(read, "Who caused it?", default)
        placing_default = "y" if who.casefold() == (game.current or "").casefold() else "n"
        placing = _ask(read, "While placing? (y/n)", placing_default).lower().startswith("y")
        return {"topple": who, "while_placing": placing}
    if word == "fell":
        if game.last_placer is None:
            raise TablesideError("nothing has been placed this round")
        return {"topple": game.names[game.last_placer], "late_fall": True}
    if word == "pass":
        return {"pass": True}
    if word == "start" and len(words) == 2:
        return {"start": words[1]}
    if word == "fix" and len(words) >= 3:
        try:
            points = int(words[2])
        except ValueError:
            raise TablesideError("a fix is FIX NAME POINTS, e.g. fix Ann -2") from None
        return {"fix": words[1], "points": points, "reason": " ".join(words[3:])}
    if len(words) in (2, 3) and words[0].isdigit():
        event = {"roll": int(words[0]), "space": words[1]}
        if len(words) == 3:
            event["colour"] = words[2]
        return event
    print(f'"{line}" is not a turn. {PLAY_HELP}')
    return None


def _save(path: str, game: Game) -> None:
    data = {**game.setup.to_json(), "events": game.events}
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
    except OSError as e:
        raise TablesideError(f"cannot save to {path}: {e.strerror or e}") from None
