"""The sweep stage (recognizer/sweep.py): cards found on the table plane by their four sides."""
import cv2
import numpy as np
import pytest

from recognizer import sweep
from recognizer.layout import CH, CW

PX = 3.0                                    # the test photos' scale: px per table mm
HI = np.diag([1 / PX, 1 / PX, 1.0])         # image px -> table mm


def _card_at(img, face, centre_mm, deg):
    """Paste face (a rectified card picture) at centre_mm turned deg; returns its corners in px."""
    h, w = face.shape[:2]
    box = cv2.boxPoints(((centre_mm[0] * PX, centre_mm[1] * PX), (CW * PX, CH * PX), deg))
    # boxPoints starts at the bottom-left corner; the face's corners go round from its top-left
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([box[1], box[2], box[3], box[0]])
    m = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(face, m, (img.shape[1], img.shape[0]))
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, (img.shape[1], img.shape[0]))
    img[mask > 0] = warped[mask > 0]
    return dst


@pytest.mark.parametrize("deg", [-5, 0, 5])
def test_the_strongest_rectangle_is_the_card_at_its_angle(deg):
    img = np.full((600, 600), 70, np.uint8)
    box = cv2.boxPoints(((300, 300), (CW * PX, CH * PX), deg))
    cv2.fillPoly(img, [box.astype(np.int32)], 225)
    scores, angle, to_img = sweep.rectangle_scores(img, HI, np.array([100.0, 100.0]), 90.0, 0.0)
    y, x = np.unravel_index(int(np.argmax(scores)), scores.shape)
    at = cv2.perspectiveTransform(np.array([[[x, y]]], np.float64), to_img).reshape(2)
    assert np.linalg.norm(at - 300) < 2 * PX
    # the nearest angle tried, on the right side of the layout's axis
    assert angle[y, x] == min(sweep.ANGLES_DEG, key=lambda a: abs(a - deg))


def test_touching_cards_the_finder_missed_are_read(photographed):
    """A row of four cards without a gap, the two at its ends found: the sweep adds the two
    between, read, where they lie."""
    img = np.full((int(130 * PX), int(330 * PX), 3), (60, 90, 120), np.uint8)
    ranks = ["3", "8", "5", "10"]
    corners = [_card_at(img, photographed("paris", r, "spade"), (50 + i * CW, 60), 1.5 * i)
               for i, r in enumerate(ranks)]
    got = sweep.swept_cards(img, HI, [corners[0], corners[3]], np.array([1.0, 0.0]))
    read = sorted((float(np.asarray(c).mean(0)[0]), r.rank) for c, r in got.cards)
    assert [rank for _, rank in read] == ["8", "5"]
    for (x, _), want in zip(read, corners[1:3]):
        assert abs(x - want.mean(0)[0]) < 3 * PX


def test_a_bare_table_adds_nothing(photographed):
    """No rectangle of a card's sides on a plain table beside a found card: nothing is made up."""
    img = np.full((int(130 * PX), int(260 * PX), 3), (60, 90, 120), np.uint8)
    img = cv2.add(img, np.random.default_rng(3).integers(0, 25, img.shape, dtype=np.uint8))
    first = _card_at(img, photographed("paris", "7", "heart"), (50, 60), 0)
    got = sweep.swept_cards(img, HI, [first], np.array([1.0, 0.0]))
    assert got.cards == [] and got.unsure == []


def test_an_unread_card_shape_on_an_empty_slot_is_asked_about():
    """A pin slot read empty on which the sweep saw a card's outline it could not read is named
    in a warning (the player checks it); an empty slot with nothing card-shaped on it is not."""
    from assistant.bowling import mat as ML
    from recognizer.layout import LETTERS, Placement
    from recognizer.pipeline import Fitted, _say_shapes, _shaped_empty_slots
    slots = {k: np.array(ML.slot_corners_mm(k), np.float64) for k in LETTERS}
    pl = Placement([], [], plane=np.eye(3), slots_mm=slots)     # photo px = table mm
    near_c = slots["C"] + (6.0, -4.0)                           # an outline a little off slot C
    far = slots["J"] + (0.0, 3 * CH)                            # one well away from every slot
    fitted = Fitted([], pl, None, None, {}, [near_c, far])
    pins = {k: None if k in "CEH" else 5 for k in LETTERS}
    assert _shaped_empty_slots(fitted, pins, []) == ["C"]
    assert "pin C read as knocked down" in _say_shapes(["C"])
    assert _shaped_empty_slots(Fitted([], pl, None, None, {}, [far]), pins, []) == []


def test_touching_rows_on_a_striped_cloth_are_read(photographed):
    """Two rows of touching cards, the second set half a card along as a triangle's rows are,
    on a cloth whose stripes run nearly along the cards: rectangles straddling two cards and
    the stripes score close to the true places, and one a little stronger than a true place
    beside it must not hide it (PEAK_APART).  The two found cards are the first row's ends."""
    h, w = int(240 * PX), int(300 * PX)
    yy, xx = np.mgrid[0:h, 0:w]
    band = ((yy * np.cos(np.radians(8)) - xx * np.sin(np.radians(8))) / PX // 12).astype(int) % 2 == 0
    img = np.where(band[..., None], np.uint8([235, 235, 235]), np.uint8([200, 90, 40])).astype(np.uint8)
    cards = [("3", "spade", (60, 60)), ("8", "heart", (60 + CW, 60)), ("5", "spade", (60 + 2 * CW, 60)),
             ("9", "heart", (60 + CW / 2, 60 + CH)), ("4", "spade", (60 + 1.5 * CW, 60 + CH))]
    corners = [_card_at(img, photographed("paris", r, s), at, 0) for r, s, at in cards]
    got = sweep.swept_cards(img, HI, [corners[0], corners[2]], np.array([1.0, 0.0]))
    assert sorted(r.rank for _, r in got.cards) == ["4", "8", "9"]
    for c, r in got.cards:
        want = corners[[rank for rank, _, _ in cards].index(r.rank)]
        assert np.linalg.norm(np.asarray(c).mean(0) - want.mean(0)) < 3 * PX
