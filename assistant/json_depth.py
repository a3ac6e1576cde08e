"""JSON nested too deeply is refused before it is parsed.

Python's json parser recurses once per bracket: 100,000 "[" raise RecursionError, which is
no ValueError and so escaped every handler (a 500 in the web app, "internal error" in the
CLI).  Nothing Tableside reads is nested more than five levels deep (a game: players, a
player, rolls), so MAX_DEPTH leaves ample room.
"""
from __future__ import annotations

import re

from .common import TablesideError

MAX_DEPTH = 32

# A string (whose brackets do not count) or one bracket; everything else is skipped in C.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def check_depth(text: str, where: str = "the JSON") -> None:
    """Raise TablesideError if `text` opens more than MAX_DEPTH arrays/objects at once."""
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()[0]
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise TablesideError(f"{where} is nested too deeply (more than {MAX_DEPTH} "
                                     "levels of brackets)")
        elif c in "]}":
            depth -= 1
