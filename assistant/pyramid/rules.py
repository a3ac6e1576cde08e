"""The switches of Pyramid Solitaire and its named presets (rules document, section 7).

Every other module of the game reads the rules from a `Rules`; none keeps its
own copy of a default.  `Rules.from_text` parses the CLI's `--rules NAME
--set k=v,...` and the web form alike.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Mapping

from ..common import TablesideError

DRAWS = ("one", "three_piles")
GOALS = ("pyramid", "all52")
ENDS = ("play_out", "at_empty_stock")
PASSES = (1, 3, None)          # None: unlimited
PYRAMID_SIZE = 28
WASTE_PILES = 3                # draw=three_piles: the seed's draw option lays three waste piles (A1)
ROWS = 7
KING = 13
PAIR_SUM = 13


@dataclass(frozen=True)
class Rules:
    """One rule set. The defaults are the seed's (A1..A7 of the rules document)."""
    draw: str = "one"                     # A1: one card per draw, or three waste piles
    stock_top_available: bool = False     # A2: the face-up stock top is exposed beside the waste top
    passes: int | None = 1                # A3: 1, 3 or None (unlimited)
    goal: str = "pyramid"                 # A4: clear the pyramid, or all 52 cards
    end: str = "play_out"                 # A5: play on after the stock runs out
    overlap_pairs: bool = False           # A6: a card may pair with the one card still covering it
    waste_pairs: bool = True              # A7: two waste-pile tops may pair (three_piles only)

    def __post_init__(self) -> None:
        if self.draw not in DRAWS:
            raise TablesideError(f"draw must be one of {', '.join(DRAWS)}, not {self.draw!r}")
        if self.goal not in GOALS:
            raise TablesideError(f"goal must be one of {', '.join(GOALS)}, not {self.goal!r}")
        if self.end not in ENDS:
            raise TablesideError(f"end must be one of {', '.join(ENDS)}, not {self.end!r}")
        if self.passes not in PASSES or isinstance(self.passes, bool):
            raise TablesideError(f"passes must be 1, 3 or unlimited, not {self.passes!r}")
        for name in ("stock_top_available", "overlap_pairs", "waste_pairs"):
            if not isinstance(getattr(self, name), bool):
                raise TablesideError(f"{name} must be true or false")

    def as_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["passes"] = "unlimited" if self.passes is None else self.passes
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> "Rules":
        """Rules from a JSON object: a preset name under "preset" plus any switches."""
        data = dict(data or {})
        base = preset(data.pop("preset", "seed"))
        return base.with_switches(data)

    def with_switches(self, switches: Mapping[str, Any]) -> "Rules":
        """These rules with some switches changed; values may be JSON or text ('true', '3')."""
        known = set(asdict(self))
        changes = {}
        for key, value in switches.items():
            if key not in known:
                raise TablesideError(f"unknown rule switch {key!r} (known: {', '.join(sorted(known))})")
            changes[key] = _parse_switch(key, value)
        return replace(self, **changes)

    @classmethod
    def from_text(cls, name: str = "seed", sets: str = "") -> "Rules":
        """The CLI's `--rules NAME --set k=v,k=v`."""
        switches = {}
        for part in filter(None, (p.strip() for p in sets.split(","))):
            key, eq, value = part.partition("=")
            if not eq:
                raise TablesideError(f"--set takes key=value pairs, not {part!r}")
            switches[key.strip()] = value.strip()
        return preset(name).with_switches(switches)


def _parse_switch(key: str, value: Any) -> Any:
    if key in ("stock_top_available", "overlap_pairs", "waste_pairs"):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on", "false", "no", "0", "off"):
            return value.lower() in ("true", "yes", "1", "on")
        raise TablesideError(f"{key} must be true or false, not {value!r}")
    if key == "passes":
        if value is None or (isinstance(value, str) and value.lower() in ("unlimited", "none", "inf")):
            return None
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value in (1, 3):
            return value
        raise TablesideError(f"passes must be 1, 3 or unlimited, not {value!r}")
    return value


PRESETS: dict[str, Rules] = {
    # the seed's own rules: one card at a time, waste top only, one pass, clear the pyramid
    "seed": Rules(),
    # Microsoft Solitaire Collection: three passes, stock top and waste top, pyramid only
    "microsoft": Rules(stock_top_available=True, passes=3),
    # Morehead & Mott-Smith: the card in hand pairs with the waste top, all 52 to discard, one pass
    "classic": Rules(stock_top_available=True, goal="all52"),
}


def preset(name: Any) -> Rules:
    if not isinstance(name, str) or name not in PRESETS:
        raise TablesideError(f"unknown rules {name!r} (choose {', '.join(PRESETS)})")
    return PRESETS[name]
