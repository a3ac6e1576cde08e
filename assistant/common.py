"""What the three games share: a card vocabulary, a seeded deck, player names,
the action-log-and-replay pattern, and the one exception type a user may see.

Each game owns its own rules; this module owns only what would otherwise be
written three times.  It imports nothing of the games, so any game package may
import it.
"""
from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar


class TablesideError(ValueError):
    """A clear, one-line refusal of bad input.

    Every refusal the user can fix (an impossible card state, an illegal play, a
    wrong roll) is a `TablesideError`; the CLI prints its message and exits 2, the
    web app turns it into a 4xx.  It subclasses ValueError so callers that only
    care about "bad input" can catch that.
    """


# ---- cards ------------------------------------------------------------------
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SIGNS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}

# How people write a rank: "T" and "10" are both a ten, "1" and "ACE" an ace.
_RANK_ALIASES = {r: r for r in RANKS}
_RANK_ALIASES.update({"T": "10", "1": "A", "ACE": "A", "JACK": "J", "QUEEN": "Q", "KING": "K"})


def parse_rank(text: str) -> str:
    """A rank as printed ('A', '2'..'10', 'J', 'Q', 'K') from how people write it."""
    key = str(text).strip().upper()
    if key not in _RANK_ALIASES:
        raise TablesideError(f"{text!r} is not a card rank (A, 2..10, J, Q, K)")
    return _RANK_ALIASES[key]


def rank_number(rank: str) -> int:
    """The rank's place in A..K, 1..13: the value in games that count court cards."""
    return RANKS.index(parse_rank(rank)) + 1


@dataclass(frozen=True, order=True)
class Card:
    """One physical card. Suits are for display and for checking a report against the deck."""
    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{'T' if self.rank == '10' else self.rank}{self.suit.lower()}"

    @property
    def number(self) -> int:
        return rank_number(self.rank)


def parse_card(text: str) -> Card:
    """A card from text such as '6s', 'Ts', '10h', 'KC' (rank then suit letter)."""
    t = str(text).strip()
    if len(t) < 2 or t[-1].upper() not in SUITS:
        raise TablesideError(f"{text!r} is not a card (write rank then suit, e.g. 7h, Ts, 10c, Kd)")
    return Card(parse_rank(t[:-1]), t[-1].upper())


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (suit by suit, A..K)."""
    return [Card(r, s) for s in SUITS for r in RANKS]


def seeded_shuffle(cards: Sequence[Any], seed: int) -> list[Any]:
    """The cards shuffled by a seed: the same seed gives the same deal on every machine."""
    out = list(cards)
    random.Random(seed).shuffle(out)
    return out


# ---- players ----------------------------------------------------------------
MAX_NAME_LENGTH = 40
MAX_COMBINING_MARKS = 4   # in a row: enough for any real script, not for "Zalgo" text
_BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def clean_name(name: Any) -> str:
    """A player's name, NFC-normalised and trimmed, or a TablesideError saying why not.

    Refused: non-text, empty, longer than MAX_NAME_LENGTH, control characters
    (NUL, newlines, tabs) and bidirectional overrides (they can disguise text),
    and runs of combining marks longer than MAX_COMBINING_MARKS.
    """
    if not isinstance(name, str):
        raise TablesideError("a player's name must be text")
    text = unicodedata.normalize("NFC", name).strip()
    if not text:
        raise TablesideError("every player needs a name")
    if len(text) > MAX_NAME_LENGTH:
        raise TablesideError(f"player names are at most {MAX_NAME_LENGTH} characters")
    run = 0
    for ch in text:
        if ch in _BIDI_CONTROLS:
            raise TablesideError("a player's name may not contain text-direction controls")
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            raise TablesideError("a player's name may not contain control characters "
                                 "(tabs, new lines and the like)")
        run = run + 1 if unicodedata.combining(ch) else 0
        if run > MAX_COMBINING_MARKS:
            raise TablesideError("a player's name has too many accents on one letter")
    return text


def clean_names(names: Iterable[Any], *, max_players: int | None = None) -> list[str]:
    """Player names cleaned one by one, distinct (ignoring case), at least one."""
    out = [clean_name(n) for n in names]
    if not out:
        raise TablesideError("a game needs at least one player")
    if max_players is not None and len(out) > max_players:
        raise TablesideError(f"at most {max_players} players")
    if len({n.casefold() for n in out}) != len(out):
        raise TablesideError("two players have the same name")
    return out


# ---- the action log ---------------------------------------------------------
G = TypeVar("G")


def replay(start: Callable[[], G], actions: Iterable[dict], apply: Callable[[G, dict], Any]) -> G:
    """Rebuild a game from its log: a fresh game from `start`, then every action applied.

    The log is the truth in every game: undo is "replay all but the last",
    storage keeps only the log, and a crash never leaves half-applied state.
    """
    game = start()
    for action in actions:
        apply(game, action)
    return game


def strict_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """`value` as an int, refusing bools, floats and strings (1.0 and True are not 1)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TablesideError(f"{what} must be a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if lo is not None and hi is not None else (f">= {lo}" if lo is not None else f"<= {hi}")
        raise TablesideError(f"{what} must be {span}, not {value}")
    return value
