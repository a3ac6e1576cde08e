"""Fans of overlapping cards on small synthetic fixtures: the cut at the top card's side
(cards._fan_cards), which cut is kept (fans.fans_read), the covered part painted over
(fans.strip_card)."""
import cv2
import numpy as np

from recognizer.cards import CARD_ASPECT, FAN, _fan_cards
from recognizer.fans import FAN_STRIP, fans_read, strip_card
from recognizer.rank import RankReading

H = 200                                  # the fan's height: a card's long side
W = int(round(H / CARD_ASPECT))          # a card's width


def _fan_edges(width: int, seam_x: int) -> tuple[np.ndarray, np.ndarray]:
    """An edge map of a fan `width` wide at (20, 20) whose top card's free side runs at seam_x."""
    edges = np.zeros((H + 40, width + 40), np.uint8)
    cv2.rectangle(edges, (20, 20), (20 + width, 20 + H), 255, 3)
    if seam_x:
        cv2.line(edges, (20 + seam_x, 20), (20 + seam_x, 20 + H), 255, 3)
    quad = np.array([[20, 20], [20 + width, 20], [20 + width, 20 + H], [20, 20 + H]], float)
    return edges, quad


def test_the_top_card_is_cut_at_its_free_side_with_the_strip_of_the_card_under_it():
    width = int(1.5 * W)
    edges, quad = _fan_edges(width, W)              # the top card at the left end
    cut = _fan_cards(quad, 0.97, edges)
    assert len(cut) == 1
    card, _, _, source, aspect, under = cut[0]
    assert source == FAN and abs(aspect - CARD_ASPECT) < 0.1
    xs = sorted(card[:, 0])
    assert abs(xs[0] - 20) < 2 and abs(xs[-1] - (20 + W)) < 0.1 * W
    assert len(under) == 1
    strip, whole = under[0]
    assert abs(min(strip[:, 0]) - (20 + W)) < 0.1 * W and abs(max(strip[:, 0]) - (20 + width)) < 2
    assert abs((max(whole[:, 0]) - min(whole[:, 0])) - (max(xs) - min(xs))) < 2     # a card as wide


def test_each_card_under_the_top_one_shows_a_strip_up_to_its_own_free_side():
    width = int(1.9 * W)
    edges, quad = _fan_edges(width, W)
    cv2.line(edges, (20 + int(1.45 * W), 20), (20 + int(1.45 * W), 20 + H), 255, 3)   # the second card's side
    (_, _, _, _, _, under), = [c for c in _fan_cards(quad, 0.97, edges) if min(c[0][:, 0]) < 25]
    widths = [(max(s[:, 0]) - min(s[:, 0])) / W for s, _ in under]
    assert len(widths) == 2 and all(abs(w - 0.45) < 0.08 for w in widths)
    for strip, whole in under:          # each whole card ends where its strip does
        assert abs(max(whole[:, 0]) - max(strip[:, 0])) < 1 and abs(max(whole[:, 0]) - min(whole[:, 0]) - W) < 0.1 * W


def test_a_rectangle_with_no_straight_seam_is_no_fan():
    edges, quad = _fan_edges(int(1.5 * W), 0)
    assert _fan_cards(quad, 0.97, edges) == []


def _face(x0, x1, conf):
    return np.array([[x0, 0], [x1, 0], [x1, 100], [x0, 100]], float), RankReading("number", "9", conf)


def test_a_fan_card_replaces_the_fan_read_less_surely_and_takes_its_sliver():
    faces = [_face(0, 100, 0.5), _face(0, 70, 0.99), _face(70, 100, 0.6)]
    keep, slivers = fans_read(faces, ["bright_cut", FAN, FAN_STRIP], [0.3, 0.0, 0.0], [None, None, 1])
    assert keep == [1, 2] and slivers[1] == 0.3


def test_a_fan_card_read_less_surely_than_the_card_it_overlaps_goes_with_its_strips():
    """A lone card cut across as if it were two cards end to end: its own reading is surer."""
    faces = [_face(0, 100, 0.9), _face(0, 70, 0.45), _face(70, 100, 0.6)]
    keep, _ = fans_read(faces, ["bright_cut", FAN, FAN_STRIP], [0.0, 0.0, 0.0], [None, None, 1])
    assert keep == [0]


def test_the_covered_part_of_the_card_under_is_painted_paper_white():
    img = np.full((300, 300, 3), 40, np.uint8)                  # dark table
    img[50:250, 50:200] = (10, 10, 200)                          # the top card's red pip ink
    img[50:250, 200:260] = 235                                   # the strip of the card under it
    img[60:80, 240:255] = 0                                      # its corner index
    under = np.array([[117, 50], [260, 50], [260, 250], [117, 250]], float)
    strip = np.array([[200, 50], [260, 50], [260, 250], [200, 250]], float)
    card = strip_card(img, strip, under)
    left = card[:, : card.shape[1] // 3]
    assert np.abs(left.astype(int) - 235).max() <= 1             # no red ink of the top card left
    assert card.min() < 30                                       # the strip's own index stays
