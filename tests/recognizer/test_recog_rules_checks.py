"""The rules as a prior on one photo (recognizer/rules_checks.py, layout.pile_3_may_be_right_of_j):
a reading that shows what no frame can leave asks the player instead of passing silently."""
import json
from pathlib import Path

import cv2
import numpy as np

from recognizer import recognize
from recognizer.layout import pile_3_may_be_right_of_j
from recognizer.result import LOW_CONFIDENCE, Card
from recognizer.rules_checks import over_the_deck, tops_missed, tops_needed

FRESH = "fresh_atlasnye_7_0001"          # ten pins, piles [5, 5, 0]; pins A and J are 8s


def _quad(truth: dict, role: str, position: str) -> np.ndarray:
    return np.float32([c["corners"] for c in truth["cards"] if c["role"] == role and c["position"] == position][0])


def test_piles_that_cannot_be_empty_yet_are_named():
    assert tops_missed([5, 5, 2], 0) == ([], "")
    assert tops_missed([5, 5, None], 1)[0] == []                   # one play from pile 3, then the discard
    missed, said = tops_missed([5, None, None], 0)
    assert missed == ["2", "3"]
    assert said.startswith("no pin is down, so piles 2 and 3 cannot be used up yet")
    missed, said = tops_missed([5, None, None], 2)                 # either may be, not both
    assert missed == ["2", "3"] and "piles 2 and 3 cannot both be used up" in said
    missed, said = tops_missed([None, 4, None], 3)                 # pile 3 may be; pile 1 needs 4 plays
    assert missed == ["1"] and said.startswith("only 3 pins are down, so pile 1 cannot be used up yet")
    missed, said = tops_missed([None, None, None], 5)              # two may be, not all three
    assert missed == ["1", "2", "3"] and "piles 1, 2 and 3 cannot all be used up" in said
    assert tops_missed([None, None, None], 7) == ([], "")
    # pins read down with no sign of it on the table may stand: then so must the piles
    missed, said = tops_missed([5, 5, None], 1, ["J"])
    assert missed == ["3"] and said.startswith("if pin J still stands, no pin is down and pile 3 cannot be used up")
    missed, said = tops_missed([5, None, None], 3, ["A", "B"])
    assert missed == ["2"] and said.startswith("if pins A, B still stand, only 1 pin is down and pile 2 cannot be")
    assert tops_missed([5, 5, None], 2, ["J"]) == ([], "")      # one pin surely down: pile 3 may be used up


def test_values_the_deck_has_too_few_of_are_grouped():
    card = lambda v, role="pin", pos="A": Card(v, str(v), [], 0.95, role, pos)  # noqa: E731
    three = [card(2), card(2, "pile", "1"), card(2, pos="G")]
    assert over_the_deck(three + [card(5), card(5)]) == [three]
    # cards outside the layout may be the rest of a full deck on the table
    assert over_the_deck([card(2), card(2), card(2, "outside", None)]) == []


def _hide(img: np.ndarray, q: np.ndarray) -> None:
    """Paint the card at q over with the table colour round it (a cloth laid on it)."""
    c = q.mean(0)
    ring = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(ring, (c + (q - c) * 1.6).astype(np.int32), 1)
    cv2.fillConvexPoly(ring, (c + (q - c) * 1.3).astype(np.int32), 0)
    cloth = tuple(int(v) for v in np.median(img[ring > 0], axis=0))
    cv2.fillConvexPoly(img, (c + (q - c) * 1.3).astype(np.int32), cloth)


def test_a_fresh_deal_with_a_pile_top_hidden_asks_for_it(samples):
    """Pile 3's top and stack covered by a cloth: ten pins stand, so the pile cannot be used
    up, and the reading says a top was missed there rather than returning an empty pile."""
    truth = json.loads((samples / f"{FRESH}.json").read_text())
    img = cv2.imread(str(samples / f"{FRESH}.jpg"))
    _hide(img, _quad(truth, "pile", "3"))
    r = recognize(img)
    assert all(v is not None for v in r.pins.values()) and r.piles == [5, 5, None]
    assert r.unread == ["3"]
    assert any(w.startswith("no pin is down, so pile 3 cannot be used up yet") for w in r.warnings)
    # told that pile 3 is used up, the reading believes it
    told = recognize(img, expect={"piles": [True, True, False]})
    assert told.unread == [] and not any("cannot be used up" in w for w in told.warnings)
    whole = recognize(str(samples / f"{FRESH}.jpg"))
    assert whole.piles == [5, 5, 0] and whole.unread == []


def test_a_pile_top_missed_beside_a_pin_missed_on_a_fresh_deal_is_asked_too(samples):
    """Pile 3's top and pin J both hidden: J reads as knocked down, and one pin down would let
    pile 3 be used up, so the pile went unasked.  Nothing lies beside the layout, where a
    knocked-down pin would be: J may stand, and if it does pile 3 cannot be empty, so both are
    asked."""
    truth = json.loads((samples / f"{FRESH}.json").read_text())
    img = cv2.imread(str(samples / f"{FRESH}.jpg"))
    _hide(img, _quad(truth, "pile", "3"))
    _hide(img, _quad(truth, "pin", "J"))
    r = recognize(img)
    assert r.pins["J"] is None and r.piles[2] is None
    assert "3" in r.unread
    assert any(w.startswith("if pin J still stands, no pin is down and pile 3 cannot be used up yet")
               for w in r.warnings)
    assert any(w.startswith("pin J is read as knocked down, but no card lies outside the layout")
               for w in r.warnings)


def test_three_cards_of_one_value_are_all_asked(samples):
    """Pin A's 8 pasted over pin C's 7: three 8s in the layout, where the deck has two.  One of
    them is misread, and the photo cannot say which: each is ringed, with the reason."""
    truth = json.loads((samples / f"{FRESH}.json").read_text())
    img = cv2.imread(str(samples / f"{FRESH}.jpg"))
    a, c = _quad(truth, "pin", "A"), _quad(truth, "pin", "C")
    warped = cv2.warpPerspective(img, cv2.getPerspectiveTransform(a, c), img.shape[1::-1])
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, c.astype(np.int32), 1)
    img[mask > 0] = warped[mask > 0]
    r = recognize(img)
    assert (r.pins["A"], r.pins["C"], r.pins["J"]) == (8, 8, 8)
    eights = [k for k in r.cards if k.role == "pin" and k.value == 8]
    assert len(eights) == 3 and all(k.confidence < LOW_CONFIDENCE for k in eights)
    assert sum("3 cards of the layout read 8" in w for w in r.warnings) == 3
    whole = recognize(str(samples / f"{FRESH}.jpg"))
    assert all(k.confidence >= LOW_CONFIDENCE for k in whole.cards if k.value == 8)


def test_a_lone_pile_right_of_j_is_pile_2_when_too_few_pins_are_down_for_pile_3():
    """Piles 1 and 2 used up take 6 pins down, piles 1 and 3 only 5: with 5 down the pile right
    of J is pile 2 for sure; with 6 it may be either (the reading then asks)."""
    roles, pos = ["pin"] * 5 + ["pile"], list("ABCDE") + ["2"]
    assert not pile_3_may_be_right_of_j(roles, pos, 5)
    assert pile_3_may_be_right_of_j(roles, pos, 6)
    # piles left and right of J: 1 and 2 (pile 3 used up, one pin down) or 1 and 3 (two down)
    roles, pos = ["pin"] * 9 + ["pile", "pile"], list("ABCDEFGHI") + ["1", "2"]
    assert not pile_3_may_be_right_of_j(roles, pos, 1)
    assert pile_3_may_be_right_of_j(roles, pos, 2)


def test_the_tops_a_frame_still_shows_by_the_rules():
    """tops_needed against every set of piles that could be empty, by the rules engine's own
    pins_to_empty: the most piles that can be used up with d pins down leave the rest."""
    from itertools import combinations

    from assistant.bowling.state import pins_to_empty
    for down in range(11):
        most_empty = max(len(s) for n in range(4) for s in combinations((1, 2, 3), n) if pins_to_empty(s) <= down)
        assert tops_needed(down) == 3 - most_empty
    assert [tops_needed(d) for d in (0, 1, 3, 6, 7)] == [3, 2, 1, 1, 0]


def test_a_pile_top_the_finder_missed_is_looked_for_beside_the_one_it_found():
    """A fresh lowcontrast deal (a development photo, scaled to half): pile tops as light as
    the table, lying on their stacks, and of the three only pile 2 was found.  With no pin
    down all three must show a top, so the places beside pile 2 along the row are read:
    pile 3, an ace, is found there, and so is pile 1 (an 8 whose index the snapped card
    misread while cards were read at 1700 px; at DETAIL_LONG it reads).  Were one still
    missed, the player would be asked for it rather than told it is used up (tested above)."""
    data = Path(__file__).with_name("data")
    truth = json.loads((data / "lowcontrast_ornamental_pile_row.json").read_text())
    got = recognize(str(data / "lowcontrast_ornamental_pile_row.jpg"))
    assert got.pins == truth["pins"]
    assert got.piles == truth["piles"] == [8, 7, 1]
    assert got.unread == [] and not any("cannot be used up" in w for w in got.warnings)


def test_a_pile_top_the_finder_missed_is_looked_for_across_the_axis():
    """A fresh lowcontrast deal (a development photo, scaled to 0.6): piles 1 and 2 beside J as
    on the mat, pile 3 beside I; pile 2's top, as light as the table, was not found.  Pins I
    and J were placed only after the fit (recover_pins), so with 8 pins placed the rules let
    two tops suffice and nothing was looked for; and beside pile 1 along its row lies J, not
    pile 2.  While a pile lacks a top, its mirror image across the triangle's axis is read
    too: pile 2 is found there."""
    data = Path(__file__).with_name("data")
    truth = json.loads((data / "lowcontrast_ornamental_pile_2_beside_j.json").read_text())
    got = recognize(str(data / "lowcontrast_ornamental_pile_2_beside_j.jpg"))
    assert got.pins == truth["pins"]
    assert got.piles == truth["piles"] == [8, 3, 1]
    assert not got.unread


def test_the_wide_arrangement_s_pile_2_is_looked_for_below_j():
    """A fresh lowcontrast deal (a development photo, scaled to 0.6), the piles laid wide: 1
    left of J, 2 below J on the axis, 3 right of J.  Pile 2's top, as light as the table,
    was never looked for: along pile 3's row lies J, and across the axis pile 1.  Beside a
    top level with J the place below J is read too.  (Pile 1's top, outlined together with
    the photo's edge into a region larger than a card, is found since such an outline goes
    behind the card-sized ones.)"""
    data = Path(__file__).with_name("data")
    truth = json.loads((data / "lowcontrast_ornamental_wide_pile_2_below_j.json").read_text())
    got = recognize(str(data / "lowcontrast_ornamental_wide_pile_2_below_j.jpg"))
    assert got.pins == truth["pins"]
    assert got.piles == truth["piles"] == [5, 6, 9]
    assert not got.unread


def test_the_place_below_j_is_read_only_beside_a_top_level_with_j():
    """row_mates (synthetic plane: table mm = photo px, J at (0, 3 rows)): a pile top right of
    J (layout._beside_j) adds the two places below J on the axis; a top right of I does not
    (the mat's pile 3; the wide arrangement has no pile beside I)."""
    from types import SimpleNamespace

    from recognizer.layout import CH, CW
    from recognizer.recover import BELOW_J_GAPS_MM, row_mates

    px, py = 75.0, 100.0
    half = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [CW / 2, CH / 2]

    def mates(u: float, v: float) -> list[np.ndarray]:
        ctr = np.array([u * px, v * py])
        pl = SimpleNamespace(plane=np.eye(3), roles=["pile"], uv=np.array([[u, v]]),
                             lattice={"axis": [(1.0, 0.0), (0.0, 1.0)], "t": (0.0, 0.0), "pitch": (px, py)})
        return [b.mean(0) for b in row_mates(pl, [(ctr + half, None)])]

    below = [np.array([0.0, 3 * py + CH + g]) for g in BELOW_J_GAPS_MM]
    beside_j, beside_i = mates(1.6, 3.0), mates(1.6, 2.0)
    for b in below:
        assert any(np.allclose(m, b) for m in beside_j)
        assert not any(np.allclose(m, b) for m in beside_i)
    # both still look along their row and across the axis
    assert any(np.allclose(m, [-1.6 * px, 3 * py]) for m in beside_j)
    assert any(np.allclose(m, [-1.6 * px, 2 * py]) for m in beside_i)


def test_pins_read_down_with_no_cards_beside_the_layout_are_named():
    """Knocked-down pins lie beside the layout with the ball cards that took them: pins read
    down with no face-up card outside the layout are named in a warning; with a heap beside
    it, nothing is said (its cards cover each other: the finder sees fewer than lie there)."""
    from recognizer.result import Card
    from recognizer.rules_checks import pins_down_unseen
    pins = {k: (None if k in "AB" else 5) for k in "ABCDEFGHIJ"}
    layout = [Card(5, "5", [[0, 0]] * 4, 0.99, "pin", k) for k in "CDEFGHIJ"]
    down, said = pins_down_unseen(pins, layout)
    assert down == ["A", "B"] and said.startswith("pins A, B are read as knocked down, but no card lies")
    heap = [Card(3, "3", [[0, 0]] * 4, 0.99, "outside", None)]
    assert pins_down_unseen(pins, layout + heap) == ([], "")
    assert pins_down_unseen({k: 5 for k in "ABCDEFGHIJ"}, layout) == ([], "")
