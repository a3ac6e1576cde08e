"""A far card on a steeply tilted photo can show its long side the shorter: found with its
corners starting on the wrong side, it is read turned a quarter.  Crops of the independent
renderer's photo 0050 (tilted 30 degrees), as load_image scales it, with the corners as
find_cards found them."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from recognizer.cards import order_corners, rectify
from recognizer.pipeline import _read_either_way
from recognizer.rank import ink_mask, read_rank
from recognizer.result import LOW_CONFIDENCE

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["picture_without_index", "square_looking"])
def test_a_far_card_read_turned_a_quarter_is_read_the_right_way_round(name):
    truth = json.loads((DATA / f"independent_0050_far_card_{name}.json").read_text())
    image = cv2.imread(str(DATA / f"independent_0050_far_card_{name}.jpg"))
    corners = order_corners(np.float64(truth["corners"]))
    card = rectify(image, corners)
    masks = ink_mask(card)
    first = read_rank(card, masks)
    # as found, the two of diamonds reads as a picture with no index, the six unsurely
    assert first.rank != truth["rank"] or first.confidence < LOW_CONFIDENCE
    found = corners.copy()
    _, _, reading = _read_either_way(image, corners, False, (card, masks, first))
    assert (reading.kind, reading.rank) == ("number", truth["rank"])
    assert reading.confidence >= LOW_CONFIDENCE
    assert np.array_equal(corners, found)       # the layout measures the card by its corners as found


def test_a_card_read_surely_the_way_it_was_found_is_not_turned(photographed):
    card = photographed("anglo", "7", "club")
    h, w = card.shape[:2]
    corners = np.float64([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    masks = ink_mask(card)
    first = read_rank(card, masks)
    assert _read_either_way(card, corners, False, (card, masks, first))[2] is first
