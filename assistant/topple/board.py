"""The Topple board: 25 spaces A1..E5, their printed levels and the 12 lines of five.

Everything here is data computed once from the rules document (section 2):
the level of a space is 1 + its row distance + its column distance from the
centre C3, and the lines are the five rows, the five columns and the two long
diagonals.  Both are symmetric under turning or mirroring the board, so the
app never needs to know which way the physical board faces.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..common import TablesideError

ROWS = "ABCDE"
COLUMNS = "12345"
SIZE = 5
CENTRE = "C3"
#: Every space, row by row: A1 A2 .. A5 B1 .. E5.
SPACES: tuple[str, ...] = tuple(r + c for r in ROWS for c in COLUMNS)
LEVEL_RANGE = range(1, 6)
DIE_FACES = range(1, 7)
#: A roll of 6 allows any space.
ANY_SPACE_ROLL = 6


def row_col(space: str) -> tuple[int, int]:
    """A space's (row, column) indices, 0..4 each."""
    return ROWS.index(space[0]), COLUMNS.index(space[1])


def standard_level(space: str) -> int:
    r, c = row_col(space)
    return 1 + abs(r - 2) + abs(c - 2)


#: The printed level map (rules document 2.4).
LEVELS: Mapping[str, int] = {s: standard_level(s) for s in SPACES}


@dataclass(frozen=True)
class Line:
    """A straight line of five spaces; `name` is how the scorer says it ("row C")."""
    name: str
    spaces: tuple[str, ...]


def _lines() -> tuple[Line, ...]:
    rows = [Line(f"row {r}", tuple(r + c for c in COLUMNS)) for r in ROWS]
    cols = [Line(f"column {c}", tuple(r + c for r in ROWS)) for c in COLUMNS]
    diag = Line("diagonal A1-E5", tuple(ROWS[i] + COLUMNS[i] for i in range(SIZE)))
    anti = Line("diagonal A5-E1", tuple(ROWS[i] + COLUMNS[SIZE - 1 - i] for i in range(SIZE)))
    return tuple(rows + cols + [diag, anti])


#: The 12 lines of five.
LINES: tuple[Line, ...] = _lines()
#: The lines through each space (4 through C3, 3 through the other diagonal spaces, else 2).
LINES_THROUGH: Mapping[str, tuple[Line, ...]] = {
    s: tuple(line for line in LINES if s in line.spaces) for s in SPACES}


def short(value: Any, limit: int = 40) -> str:
    """Input quoted back in a refusal: printable text as typed, anything else as its repr,
    cut to `limit` characters so a refusal stays one short line."""
    text = value.strip() if isinstance(value, str) and value.strip().isprintable() else repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def parse_space(text: Any) -> str:
    """A space name such as 'c3' or ' C3 ' as 'C3', or a TablesideError saying why not."""
    if not isinstance(text, str):
        raise TablesideError(f"a space is a name such as C3, not {short(text)}")
    name = text.strip().upper()
    if name not in LEVELS:
        shown = short(text) if text.strip() else "an empty name"
        raise TablesideError(f"{shown} is not a space (rows A-E, columns 1-5)")
    return name


def check_roll(roll: Any) -> int:
    """A die roll 1..6, refusing anything else with the reason."""
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise TablesideError(f"a roll is a whole number 1-6, not {short(roll)}")
    if roll not in DIE_FACES:
        raise TablesideError(f"a die shows 1-6, not {short(roll)}")
    return roll


def spaces_for_roll(roll: int, levels: Mapping[str, int] = LEVELS) -> tuple[str, ...]:
    """The spaces a roll allows: 1 the centre, 2..5 that level, 6 any of the 25."""
    roll = check_roll(roll)
    if roll == ANY_SPACE_ROLL:
        return SPACES
    return tuple(s for s in SPACES if levels[s] == roll)


def why_not_legal(space: str, roll: int, levels: Mapping[str, int] = LEVELS) -> str | None:
    """Why `space` is not allowed for `roll`, in words; None when it is allowed."""
    if roll == ANY_SPACE_ROLL or levels[space] == roll:
        return None
    allowed = spaces_for_roll(roll, levels)
    listed = allowed[0] if len(allowed) == 1 else ", ".join(allowed[:-1]) + " or " + allowed[-1]
    return f"{space} is level {levels[space]}, not {roll}: a roll of {roll} places on {listed}"
