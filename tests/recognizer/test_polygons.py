"""recognizer.polygons: the area two card outlines share, also where OpenCV's own intersection
fails (two outlines of one card from two masks, 2 px apart, measured as sharing nothing)."""
import cv2
import numpy as np
import pytest

from recognizer.polygons import overlap_area, quad_iou

# two outlines of one card (work px), from the non_edge and the bright_hi masks of a held-out
# photo: cv2.intersectConvexConvex gives 0 for them, so both were kept and the card found twice
ONE_CARD_A = [[397.44652913915706, 752.5534708608429], [449.3068985202928, 700.6931014797073],
              [524.6156157732657, 774.3843842267343], [472.6447380807172, 826.3552619192828]]
ONE_CARD_B = [[399.5312020164148, 752.4687979835852], [449.73177755898405, 702.268222441016],
              [523.8746283434449, 775.1253716565551], [472.95180862539, 826.04819137461]]


def test_nearly_coincident_outlines_share_almost_all_their_area():
    a, b = np.float32(ONE_CARD_A), np.float32(ONE_CARD_B)
    smaller = min(cv2.contourArea(a), cv2.contourArea(b))
    assert overlap_area(a, b) == pytest.approx(smaller, rel=0.02)
    assert quad_iou(a, b) > 0.95
    assert quad_iou(b, a) == pytest.approx(quad_iou(a, b), abs=1e-6)


def square(x, y, s):
    return np.float32([[x, y], [x + s, y], [x + s, y + s], [x, y + s]])


@pytest.mark.parametrize("b, shared", [
    (square(5, 0, 10), 50.0),          # half of it
    (square(2, 2, 4), 16.0),           # inside it
    (square(20, 0, 10), 0.0),          # apart
    (square(10, 0, 10), 0.0),          # touching along a side
    (np.float32([[10, 9], [19, 0], [28, 9], [19, 18]]), 0.0),   # boxes overlap, shapes apart
    (np.float32([[9, 5], [14, 0], [19, 5], [14, 10]]), 1.0),    # a corner of a diamond inside
])
def test_overlap_of_squares(b, shared):
    assert overlap_area(square(0, 0, 10), b) == pytest.approx(shared, abs=0.5)


def test_iou_of_a_card_and_a_slightly_shifted_copy():
    a = square(0, 0, 100)
    assert quad_iou(a, a + [10, 0]) == pytest.approx(90 * 100 / (2 * 100 * 100 - 90 * 100), abs=1e-3)
