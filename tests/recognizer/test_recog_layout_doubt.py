"""A layout placement the fit cannot settle rings the cards it places (issue 40).

A placement a row or column off reads every card right and places it wrong; with the
per-card confidence high, a player trusts it.  When the winning placement leads the
next-best labelling by less than pipeline.PLACE_MARGIN, the cards the two place differently
are read below LOW_CONFIDENCE and a warning names the places."""
import math

import numpy as np

from assistant.bowling import mat as ML
from recognizer import LOW_CONFIDENCE, Card
from recognizer.layout import CANON, LATTICE, LETTERS, fit_layout
from recognizer.pipeline import PLACE_MARGIN, _contested_places

PX, PY = ML.CARD_W_MM + 8, ML.CARD_H_MM + 12


def _quad(c, a):
    """A card centred at c (table mm) with its long axis at angle a, as 3 px per mm."""
    t = a - math.pi / 2
    R = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]])
    return 3 * (np.asarray(c, float) + CANON @ R.T) + 1500


def _read(quads, numbered, on_stack=None):
    """fit_layout, then the cards as recognize makes them (all read surely) and the doubt."""
    pl = fit_layout(quads, [True] * len(quads), numbered, on_stack=on_stack)
    of_face = {i: Card(5, "5", q.astype(int).tolist(), 0.95, role, pos)
               for i, (q, role, pos) in enumerate(zip(quads, pl.roles, pl.positions))}
    cards = list(of_face.values())
    said, places = _contested_places(pl, of_face, cards, [])
    return pl, cards, said, places


def test_an_ambiguous_placement_rings_its_cards():
    """A sparse touching frame (A and C standing, a row of pile tops below, a picture card
    and a discard): the row of tops fits J and piles beside it nearly as well."""
    xy = [[-99, -8], [72, -371], [-55, -384], [103, 11], [-1, 0], [235, -19], [-213, -327]]
    angles = [1.71, 1.69, 1.68, 1.75, 1.57, 3.1, 3.0]
    numbered = [True, True, True, True, True, False, True]
    quads = [_quad(c, a) for c, a in zip(xy, angles)]
    pl, cards, said, places = _read(quads, numbered, on_stack=[True] + [False] * 6)
    assert pl.margin < PLACE_MARGIN and pl.disputes[0][0] == pl.margin
    placed = [c for c in cards if c.role in ("pin", "pile")]
    assert placed and all(c.confidence < LOW_CONFIDENCE for c in placed)
    assert all("another placement" in c.note for c in placed)
    # the warning names the places read and where the rival puts the cards
    assert "pins A and C" in said and "J" in said.split("may be")[1]
    assert {"A", "C", "J"} <= set(places[0][1])


def test_a_clear_placement_stays_sure():
    """A fresh deal, ten pins and three piles below: no rival comes near, nothing is doubted."""
    quads = [_quad(np.array(LATTICE[k]) * (PX, PY), math.pi / 2) for k in LETTERS]
    quads += [_quad((u * PX, 4.3 * PY), math.pi / 2) for u in (-1.2, 0.0, 1.2)]
    pl, cards, said, _ = _read(quads, [True] * 13)
    assert pl.margin >= PLACE_MARGIN
    assert said == "" and all(c.confidence == 0.95 for c in cards)
    assert [c.position for c in cards] == list(LETTERS) + ["1", "2", "3"]
