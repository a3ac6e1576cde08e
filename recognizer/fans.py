"""Fans of overlapping cards (find_cards' FAN cards, the pipeline's second look): which cut
is the top card, and the card under it read from the strip of it that shows.

Two cards laid side by side, one over the other, make one clean rectangle; cards.find_cards
cuts it at the top card's free side (_fan_cards).  A real phone photo of a hand of cards shows
such fans more often than lone cards (edje-train: 64 % of the cards of two-card photos were
not found before this)."""
from __future__ import annotations

import functools

import cv2
import numpy as np

from .cards import FAN, FAN_WIDER, rectify, same_card
from .polygons import overlap_area
from .rank import COURT_RANKS, LEGIBLE, SURE_MARGIN, RankReading, corner_votes, ink_mask, templates

FAN_STRIP = "fan_strip"  # the visible strip of the card under a fan's top card
FAN_INSIDE = 0.8        # a fan's card lies in the fan it was cut from (or in a card found whole) this much
STRIP_CONFIDENCE = 0.6  # a card read from one corner of its strip is asked about (below result.LOW_CONFIDENCE):
                        # its pips are hidden, so nothing checks the index
STRIP_NOTE = "partly covered: read from its corner index only"


def fans_read(faces: list, sources: list[str], slivers: list, parents: list) -> tuple[list[int], list]:
    """The faces to keep, and the slivers.  A fan's top card (FAN, read in both corners) and
    a card found otherwise that overlap (cards.same_card, find_cards' own measure of one
    card found twice) are one card or a card and the fan it was cut from: the surer reading stays
    (the fan's own reading straddles two cards' corners).  A fan's card that replaces its fan
    (lies in it, FAN_WIDER smaller) takes over its sliver: a pile top and the strip of its
    stack beside it are such a fan.  A strip of a card under a fan's top card (FAN_STRIP;
    parents: the index of that top card's face, None for other faces) goes with its top
    card, and is none where it lies in a card kept."""
    quads = [np.asarray(c, np.float64) for c, _ in faces]
    areas = [cv2.contourArea(np.float32(q)) for q in quads]
    drop, slivers = set(), list(slivers)

    @functools.cache
    def overlap(i: int, j: int) -> float:
        return overlap_area(quads[i], quads[j]) if i < j else overlap(j, i)

    def same(i: int, j: int) -> bool:
        return same_card(overlap(i, j), areas[i], areas[j])

    def inside(i: int, j: int) -> bool:
        return overlap(i, j) > FAN_INSIDE * areas[i]

    for i in (i for i, s in enumerate(sources) if s == FAN):
        for j in range(len(faces)):
            if sources[j] in (FAN, FAN_STRIP) or not same(i, j):
                continue
            if faces[j][1].confidence > faces[i][1].confidence:
                drop.add(i)
                continue
            drop.add(j)
            if inside(i, j) and areas[j] > FAN_WIDER * areas[i]:
                slivers[i] = max(slivers[i], slivers[j])
    fans = [i for i, s in enumerate(sources) if s == FAN and i not in drop]
    for a, i in enumerate(fans):            # cuts of one fan at nearby places: the surer stays
        for j in fans[a + 1:]:
            if i not in drop and j not in drop and same(i, j):
                drop.add(j if faces[j][1].confidence <= faces[i][1].confidence else i)
    for i in (i for i, s in enumerate(sources) if s == FAN_STRIP):
        if parents[i] in drop or any(j != i and j not in drop and sources[j] != FAN_STRIP and inside(i, j)
                                     for j in range(len(faces))):
            drop.add(i)
    return [i for i in range(len(faces)) if i not in drop], slivers


def strip_card(image: np.ndarray, strip: np.ndarray, under: np.ndarray) -> np.ndarray:
    """The card under a fan's top card, rectified from its whole outline (`under`, photo px,
    as find_cards orders corners) with all but its visible `strip` painted the strip's paper
    white: the top card's own index and pips would otherwise be read as this card's."""
    card = rectify(image, under)
    inside = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, np.int32(np.rint(strip)), 255)
    shown = rectify(cv2.merge([inside] * 3), under)[:, :, 0] > 127
    if shown.any():
        grey = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY)
        paper = grey[shown] >= np.percentile(grey[shown], 50)        # the lighter half: paper, not ink
        card[~shown] = np.median(card[shown][paper], axis=0).astype(np.uint8)
    return card


def read_strip(card: np.ndarray) -> RankReading | None:
    """A partly covered card (strip_card) read from the corner index its strip shows, or None
    when no corner shows a clear one (SURE_MARGIN over the next rank, LEGIBLE).  Always asked
    (STRIP_CONFIDENCE): with the pips hidden nothing checks the index."""
    tpl = templates()
    if tpl is None:
        return None
    votes = [v for v in corner_votes(card, ink_mask(card)[0], tpl) if v[1] >= LEGIBLE and v[2] >= SURE_MARGIN]
    if not votes:
        return None
    rank, sim, _, _ = max(votes, key=lambda v: v[1] + v[2])
    kind = "court" if rank in COURT_RANKS else "number"
    return RankReading(kind, rank, STRIP_CONFIDENCE, index=rank, index_score=sim, note=STRIP_NOTE)
