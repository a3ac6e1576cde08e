"""What recognize returns: the cards read (Card) and the whole reading (Recognition), with
their JSON form (to_dict) that the CLI prints and the web app sends."""
from __future__ import annotations

from dataclasses import dataclass, field

LOW_CONFIDENCE = 0.7        # a card read less surely than this is ringed, and the player asked


@dataclass
class Card:
    value: int | None
    rank: str
    corners: list[list[int]]
    confidence: float
    role: str | None
    position: str | None
    note: str = ""

    def to_dict(self) -> dict:
        return {"value": self.value, "rank": self.rank, "corners": self.corners,
                "confidence": round(float(self.confidence), 2), "role": self.role, "position": self.position}


@dataclass
class Recognition:
    image: str | None
    width: int
    height: int
    pins: dict[str, int | None]
    piles: list[int | None]
    cards: list[Card]
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    mat: bool = False
    # the warnings a better photo would mend (cards small in the frame, cut off by its edge):
    # the web page shows them as advice, not among the notes about single cards
    photo_advice: list[str] = field(default_factory=list)
    # the pin letters or a pile's number are a guess that the standing pins and live piles
    # (recognize's expect; the CLI's --standing / --piles) would settle
    layout_guess: bool = False
    # places the caller's prior says hold a card (standing pins, live piles' tops: "H", "2")
    # where the photo showed none: a pin lost without a word would cost the player the frame
    unread: list[str] = field(default_factory=list)
    # the layout fit's lead over the next-best labelling (None on the mat's fixed slots or
    # with no layout), and per labelling nearly as good [its lead, the places it disputes
    # ("E", "pile2")]: the cards there are ringed when the lead is under pipeline.PLACE_MARGIN
    layout_margin: float | None = None
    contested: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"image": self.image, "width": self.width, "height": self.height,
                "pins": dict(self.pins), "piles": list(self.piles),
                "cards": [c.to_dict() for c in self.cards], "warnings": list(self.warnings),
                "photo_advice": list(self.photo_advice), "seconds": round(self.seconds, 3)}

    @property
    def fresh_deal(self) -> bool:
        """Ten pins and three pile tops: a frame's first photo."""
        return all(v is not None for v in self.pins.values()) and all(v is not None for v in self.piles)
