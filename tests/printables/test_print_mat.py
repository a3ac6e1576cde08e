"""The play mat: real sizes in the PDF, and a photo-like round trip through the recogniser."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from print_helpers import assert_inked_sensibly, page_size_mm, page_texts, reader, rectangles, render
from assistant.bowling.layout import ADJACENT_PAIRS
from printables.mat import JOIN_INSTRUCTION, adjacent_pin_pairs, build_mat, halves, render_mat_bytes
from assistant.bowling import mat as L

SLOTS = {**L.PIN_SLOTS, **L.PILE_SLOTS}


def _slot_rects(pdf, page):
    return [r for r in rectangles(pdf, page)
            if abs(r[2] - L.CARD_W_MM) < 0.5 and abs(r[3] - L.CARD_H_MM) < 0.5]


@pytest.fixture(scope="module", params=["letter", "a4"])
def mat_pdf(request, tmp_path_factory):
    path = tmp_path_factory.mktemp(f"mat-{request.param}") / "mat.pdf"
    return request.param, build_mat(path, paper=request.param)


def test_two_landscape_pages(mat_pdf):
    paper, path = mat_pdf
    pdf = reader(path)
    assert len(pdf.pages) == 2
    for page in pdf.pages:
        w, h = page_size_mm(page)
        assert w > h
        assert w >= L.MAT_W_MM + 2 and h >= L.JOIN_Y_MM + 2


def test_card_outlines_measure_63_by_88_and_sit_where_the_mat_geometry_says(mat_pdf):
    paper, path = mat_pdf
    pdf = reader(path)
    for half, page in zip(halves(paper), pdf.pages):
        found = _slot_rects(pdf, page)
        expected = [name for name, (_, cy) in SLOTS.items()
                    if cy - L.CARD_H_MM / 2 < half.y1 and cy + L.CARD_H_MM / 2 > half.y0]
        assert len(found) == len(expected) == (10 if half.index == 0 else 6)
        for x, y, w, h in found:
            assert abs(w - 63.0) <= 0.5 and abs(h - 88.0) <= 0.5
        # Back to mat mm: the rectangles are exactly the slots of this half.
        centres = sorted((round(x + w / 2 - half.left_mm, 2),
                          round(half.page_h_mm - half.top_mm - (y + h / 2) + half.y0, 2))
                         for x, y, w, h in found)
        assert centres == sorted((round(SLOTS[n][0], 2), round(SLOTS[n][1], 2)) for n in expected)


def test_markers_are_20_mm(mat_pdf):
    paper, path = mat_pdf
    pdf = reader(path)
    for half, page in zip(halves(paper), pdf.pages):
        cells = [r for r in rectangles(pdf, page) if r[3] > 3.3 and abs(r[3] - L.MARKER_MM / 6) < 0.01]
        for marker_id, (cx, cy) in L.MARKERS.items():
            if not half.y0 <= cy < half.y1:
                continue
            px, py = half.left_mm + cx, half.page_h_mm - half.top_mm - (cy - half.y0)
            mine = [r for r in cells if abs(r[0] - px) < 11 and abs(r[1] - py) < 11]
            x0 = min(r[0] for r in mine)
            x1 = max(r[0] + r[2] for r in mine)
            y0 = min(r[1] for r in mine)
            y1 = max(r[1] + r[3] for r in mine)
            assert abs((x1 - x0) - 20.0) < 0.05 and abs((y1 - y0) - 20.0) < 0.05
            assert abs((x0 + x1) / 2 - px) < 0.05 and abs((y0 + y1) / 2 - py) < 0.05


def test_labels_and_join_instruction(mat_pdf):
    _, path = mat_pdf
    top, bottom = page_texts(reader(path))
    for letter in "ABCDEFG":
        assert letter in top
    assert "Sheet 1 of 2" in top and "cut here" in top
    assert "Sheet 2 of 2" in bottom and "How to join" in bottom and "pile 1" in bottom
    assert "50 mm" in bottom
    assert "tape" in JOIN_INSTRUCTION


def test_hint_lines_follow_the_rules_adjacency():
    geometric = {frozenset(p) for p in adjacent_pin_pairs()}
    assert geometric == {frozenset(p) for p in ADJACENT_PAIRS}
    assert len(geometric) == 18


def test_prints_across_the_page(tmp_path):
    path = build_mat(tmp_path / "mat.pdf", paper="letter")
    assert_inked_sensibly(path, min_w=0.9, min_h=0.88)


def test_bytes_match_the_file(tmp_path):
    assert render_mat_bytes("a4") == build_mat(tmp_path / "m.pdf", "a4").read_bytes()


# --- the round trip: print, join, lay cards, photograph, detect ---------------

DPI = 100
PX_PER_MM = DPI / 25.4


def _joined_mat(path, paper):
    """Both rendered sheets cropped to their halves and stacked: the taped-together mat."""
    parts = []
    for half, image in zip(halves(paper), render(path, dpi=DPI)):
        x0 = round(half.left_mm * PX_PER_MM)
        y0 = round(half.top_mm * PX_PER_MM)
        parts.append(image[y0:y0 + round(L.JOIN_Y_MM * PX_PER_MM),
                           x0:x0 + round(L.MAT_W_MM * PX_PER_MM)])
    return np.vstack(parts)


def _outline_found(mat, name):
    """The slot's left and right outline are dark where assistant.bowling.mat puts them."""
    cx, cy = SLOTS[name]
    row = mat[round(cy * PX_PER_MM), :]
    for edge in (cx - L.CARD_W_MM / 2, cx + L.CARD_W_MM / 2):
        px = round(edge * PX_PER_MM)
        if row[max(px - 2, 0):px + 3].min() > 128:
            return False
    return True


def _lay_card(mat, name, value):
    cx, cy = SLOTS[name]
    x0, y0 = round((cx - 31.5) * PX_PER_MM), round((cy - 44) * PX_PER_MM)
    x1, y1 = round((cx + 31.5) * PX_PER_MM), round((cy + 44) * PX_PER_MM)
    cv2.rectangle(mat, (x0, y0), (x1, y1), 250, thickness=-1)
    cv2.rectangle(mat, (x0, y0), (x1, y1), 150, thickness=2)
    cv2.putText(mat, str(value), (x0 + 12, y0 + 60), cv2.FONT_HERSHEY_SIMPLEX, 2.0, 30, 5)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_round_trip_through_a_phone_photo(tmp_path, paper):
    path = build_mat(tmp_path / "mat.pdf", paper=paper)
    mat = _joined_mat(path, paper)
    assert abs(mat.shape[0] - 400 * PX_PER_MM) < 2 and abs(mat.shape[1] - 264 * PX_PER_MM) < 2
    for name in SLOTS:
        assert _outline_found(mat, name), f"outline of slot {name} is not where assistant.bowling.mat says"

    for name, value in (("A", 7), ("F", 3), ("H", 0), ("J", 9), ("1", 5), ("3", 2)):
        _lay_card(mat, name, value)

    # A phone held above the player's edge: the far edge looks narrower, slightly rotated.
    h, w = mat.shape
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[260, 120], [900, 150], [1080, 1330], [90, 1290]])
    true_h = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(mat, true_h, (1200, 1450), flags=cv2.INTER_AREA, borderValue=90)
    photo = cv2.GaussianBlur(photo, (3, 3), 0)

    # The recogniser's own mat stage must see every marker and recover the table plane.
    from recognizer.mat import find_markers, find_mat
    assert sorted(find_markers(photo)) == [0, 1, 2, 3, 4, 5]
    est = np.linalg.inv(find_mat(photo))          # photo px -> mat mm

    for name, (x, y) in SLOTS.items():
        seen = cv2.perspectiveTransform(np.float32([[[x * PX_PER_MM, y * PX_PER_MM]]]), true_h)
        back = cv2.perspectiveTransform(seen, est)[0, 0]
        err = float(np.hypot(back[0] - x, back[1] - y))
        assert err < 2.0, f"slot {name}: {err:.2f} mm off"
