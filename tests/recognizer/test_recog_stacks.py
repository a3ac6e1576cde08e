"""Pile tops seen lying on their face-down stacks (recognizer.stacks) and what the layout fit
makes of them: a pile top is never taken for a pin because a row of tops looks like a row of
pins, and a pile never sits on a pin slot's own ground."""
import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from recognizer import load_image
from recognizer.pipeline import _on_stack, _read_cards
from recognizer.layout import CANON, LATTICE, _pile_region, fit_layout
from recognizer.stacks import stacked

@pytest.fixture
def camera(script):
    """test_recog_layout_piles.py, for its tilted-camera card builder (_view, _card)."""
    return script("tests/recognizer/test_recog_layout_piles.py")


def _truth_card(truth, corners):
    """The true card whose outline contains this found card's centre."""
    c = np.float32(corners).mean(0)
    for t in truth["cards"]:
        if cv2.pointPolygonTest(np.float32(t["corners"]).reshape(-1, 1, 2), (float(c[0]), float(c[1])), False) > 0:
            return t
    return None


def test_stack_cue_finds_pile_tops_and_seldom_a_pin(samples):
    flagged = {"pin": 0, "pile": 0}
    seen_pins = seen_piles = 0
    for jf in sorted(samples.glob("*.json")):
        truth = json.loads(jf.read_text())
        if "pile_down" not in truth or truth["mat"] or not jf.with_suffix(".jpg").exists():
            continue                  # (on the printed mat the slots are fixed: no stack cue)
        photo = load_image(str(jf.with_suffix(".jpg")))
        seen = _read_cards(photo)
        faces, on_stack = seen.faces, _on_stack(photo.image, seen.faces, seen.slivers)
        for (corners, _), s in zip(faces, on_stack):
            t = _truth_card(truth, corners * photo.scale)
            if t is None:
                continue
            stack = t["role"] == "pile" and truth["pile_down"][int(t["position"]) - 1] > 0
            seen_pins += t["role"] == "pin"
            seen_piles += stack
            flagged["pin"] += s and t["role"] == "pin"
            flagged["pile"] += s and stack
    # a flagged pin costs the fit a penalty the other cards outvote in a full frame
    assert flagged["pin"] <= 0.01 * seen_pins             # 1 of the samples' pins today
    assert flagged["pile"] >= 0.5 * seen_piles            # 48 of 81 today; the ink cue alone 29


def test_more_flags_than_piles_means_the_cue_failed():
    # a hand shadow inks the margins of many cards in one photo: trust none of them
    assert stacked([0.9, 0.8, 0.85, 0.7, 0.0, 0.0, 0.0, 0.0, 0.0]) == [False] * 9
    assert stacked([0.9, 0.0, 0.0, 0.0, 0.05, 0.0]) == [True] + [False] * 5
    assert stacked([]) == []


@pytest.mark.parametrize("rot", [0, 90, 200])
@pytest.mark.parametrize("pins", ["AB", "AD", "BC"])
def test_pile_row_on_stacks_is_not_a_pin_row(pins, rot, camera):
    # a sparse mid-frame: two back-row pins and the three pile tops in a row below the
    # triangle -- at about the pin pitch, so without the stacks the row of tops fits the
    # lattice as well as the pins do
    H = camera._view(rot)
    piles = {"1": (-1.3, 4.3), "2": (0.0, 4.3), "3": (1.3, 4.3)}
    quads = [camera._card(H, *LATTICE[k], deg=1.0) for k in pins]
    quads += [camera._card(H, u, v, deg=-2.0) for u, v in piles.values()]
    truth = [("pin", k) for k in pins] + [("pile", n) for n in piles]
    pl = fit_layout(quads, [True] * len(quads), [True] * len(quads), on_stack=[False] * len(pins) + [True] * 3)
    assert list(zip(pl.roles, pl.positions)) == truth


@pytest.mark.parametrize("pins, heap", [("AD", (3.0, 2.5)), ("GH", (-3.0, 3.0)), ("BCD", (3.0, 3.5))])
def test_an_askew_card_lying_on_cards_does_not_turn_the_layout(pins, heap, camera):
    # the discard heap's top lies on cards, so the stack cue may flag it; lying askew it is
    # no pile top, and the placement must not be turned to bring it into a pile's place
    H = camera._view(0)
    quads = [camera._card(H, *LATTICE[k], deg=1.0) for k in pins]
    quads += [camera._card(H, 0.0, 4.3, deg=-2.0), camera._card(H, *heap, deg=40.0)]
    n = len(quads)
    pl = fit_layout(quads, [True] * n, [True] * n, on_stack=[False] * len(pins) + [True, True])
    assert list(zip(pl.roles, pl.positions)) == [("pin", k) for k in pins] + [("pile", "2"), ("outside", None)]


def test_a_pile_never_lies_on_a_pin_slot():
    pitch = (71.0, 100.0)
    u = np.array([0.0, 0.5, -0.55, 1.55, -1.6, 0.0])
    v = np.array([3.0, 2.0, 3.55, 2.0, 3.0, 4.3])
    # J's and I's own slots, and half overlapping J, are not pile ground; beside I, beside J
    # and a row below J are
    assert _pile_region(u, v, pitch).tolist() == [False, False, False, True, True, True]


def test_a_doubtful_court_card_still_anchors_the_triangle():
    # a 10 of an ornate deck read as a queen at confidence 0.5 lies in the triangle: the fit
    # may use it (its value stays unknown and the player is asked); a clear king may not, and
    # on the printed mat (fixed slots) no doubtful picture is placed
    from recognizer.pipeline import _may_be_pin
    from recognizer.rank import RankReading
    faces = [(None, RankReading("number", "7", 0.98)), (None, RankReading("court", "Q", 0.5)),
             (None, RankReading("court", "K", 0.97, None, "K", 0.95))]     # its K index clear
    assert _may_be_pin(faces) == [True, True, False]
    assert _may_be_pin(faces, doubtful_courts=False) == [True, False, False]


def test_pile_top_lighter_than_the_table_but_not_than_its_stack_is_a_card():
    # the local-contrast test of card finding: a dim card face (whiteness 60) on a darker
    # table (48); its stack's paper-white edges (70) fill two sides of the ring around it and
    # part of the other two, so the ring as a whole is lighter than the face
    from recognizer.cards import _light_region
    white = np.full((200, 200), 48, np.uint8)
    white[36:160, 46:160] = 70                  # the stack, a little larger than the top
    white[40:150, 50:150] = 60                  # the face-up top
    cnt = np.array([[[50, 40]], [[149, 40]], [[149, 149]], [[50, 149]]], np.int32)
    assert _light_region(white, cnt, 50, 40, 100, 110, t=200.0)
    lone = np.full((200, 200), 58, np.uint8)    # no stack, and the table as light as the face
    lone[40:150, 50:150] = 60
    assert not _light_region(lone, cnt, 50, 40, 100, 110, t=200.0)



# a sparse mid-frame photo mapped to table mm: B = 10 and C = 7 standing (the player sits at
# -y), pile 1's 9 beyond them, the discard heap's top card, and a piece of a heap card found
# as a small crosswise "card" lying on cards
HEAP_PHOTO_MM = [[[33, -513], [96, -509], [91, -422], [28, -425]],
                 [[-121, -46], [-58, -45], [-59, 43], [-122, 42]],
                 [[-32, -44], [31, -44], [31, 44], [-32, 44]],
                 [[215, -436], [277, -424], [260, -338], [198, -350]],
                 [[201, -308], [202, -347], [266, -334], [260, -306]]]


@pytest.mark.parametrize("rot", [0, 160])
def test_a_piece_of_the_discard_heap_is_no_pile_top(rot, camera):
    # the stack cue pulls the lattice towards a pile top; a piece of the heap must not pull it
    # (it shifted B, C to C, D and left pile 1 empty, even with the standing pins known)
    H = camera._view(rot)
    quads = [cv2.perspectiveTransform(np.float64(q).reshape(-1, 1, 2), H).reshape(4, 2) for q in HEAP_PHOTO_MM]
    expect = {"standing": ["B", "C"], "piles": [True, False, False]}
    pl = fit_layout(quads, [True] * 5, [True] * 5, expect=expect, on_stack=[False] * 4 + [True])
    assert list(zip(pl.roles, pl.positions))[:3] == [("pile", "1"), ("pin", "C"), ("pin", "B")]


# a touching mid-frame photo in table mm: 5 of hearts on pile 1's stack, H = 6, D = 5 of clubs,
# a queen, and a joker lying askew on something -- the stack cue fired on the joker
JOKER_PHOTO_MM = [[[-73, 190], [-10, 189], [-8, 277], [-71, 279]],
                  [[-32, -44], [32, -44], [31, 45], [-31, 45]],
                  [[337, -227], [400, -227], [400, -139], [337, -138]],
                  [[97, -227], [161, -228], [159, -139], [97, -139]],
                  [[268, -110], [314, -66], [255, -4], [204, -43]]]


def test_a_picture_card_on_something_is_no_pile_top(camera):
    # a clear picture card is never a ball card: its lying on something must not pull the
    # lattice round (it made the 6 pile 1 and the 5 of clubs H, with the prior known)
    H = camera._view(30)
    quads = [cv2.perspectiveTransform(np.float64(q).reshape(-1, 1, 2), H).reshape(4, 2) for q in JOKER_PHOTO_MM]
    expect = {"standing": ["D", "H"], "piles": [True, False, False]}
    numbered = [True, True, False, True, False]
    pl = fit_layout(quads, [True] * 5, numbered, expect=expect, on_stack=[False] * 4 + [True])
    assert list(zip(pl.roles, pl.positions))[:2] + [(pl.roles[3], pl.positions[3])] == \
        [("pile", "1"), ("pin", "H"), ("pin", "D")]


def _table_scene(rng):
    """A 3 px/mm photo of a grained wooden table: a lone card with its drop shadow, and a pile
    top lying tightly outlined on a face-down stack whose blue-patterned, white-edged back
    peeks out 2-6 mm on the left and the top.  -> (image, lone corners, top corners)."""
    s = 3.0
    img = np.zeros((600, 900, 3), np.float32)
    img[:] = (40, 75, 120)                                  # brown wood (BGR)
    img += rng.normal(0, 6, (600, 1, 1)).astype(np.float32)    # grain along x
    img += rng.normal(0, 3, img.shape).astype(np.float32)

    def rect(x, y, deg):
        a = math.radians(deg)
        R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        return (CANON @ R.T + (x, y)) * s

    lone = rect(70, 90, 4.0)
    shadow = lone + 2.5 * s                                   # offset down-right, darker table
    cv2.fillPoly(img, [np.int32(shadow)], (24, 45, 72))
    back = rect(196, 96, 6.0)                                 # the stack, offset up-left of the top
    cv2.fillPoly(img, [np.int32(back)], (235, 235, 235))
    inner = back.mean(0) + (back - back.mean(0)) * 0.88
    cv2.fillPoly(img, [np.int32(inner)], (150, 60, 30))      # blue pattern inside a white margin
    top = rect(200, 100, 3.0)
    for quad in (lone, top):
        cv2.fillPoly(img, [np.int32(quad)], (238, 240, 242))
    return np.clip(img, 0, 255).astype(np.uint8), lone, top


def test_edge_cue_sees_a_stack_beside_a_tight_outline_but_not_a_shadow():
    from recognizer.stacks import edge_score
    img, lone, top = _table_scene(np.random.default_rng(3))
    top_score = edge_score(img, top, [lone])
    lone_score = edge_score(img, lone, [top])
    assert top_score > 0.5
    assert lone_score < 0.2
    # the stack is found by its place beside the card: masked as another card, it is not seen
    assert edge_score(img, top, [lone, top + (top - top.mean(0)) * 0.15]) < 0.2


def test_edge_cue_joins_the_ink_cue_under_the_per_photo_rules():
    ink = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert stacked(ink, [0.9, 0.7, 0.0, 0.05, 0.1, 0.0]) == [True, True, False, False, False, False]
    # an edge cue firing on most cards (touching cards, a busy cloth) is dropped, the ink cue kept
    assert stacked([0.9, 0, 0, 0, 0, 0], [0.9, 0.8, 0.9, 0.7, 0.8, 0.0]) == [True] + [False] * 5
    # judged against the photo's median card
    assert stacked(ink, [0.9, 0.7, 0.7, 0.7, 0.7, 0.7]) == [False] * 6


def test_when_the_ink_cue_fails_in_a_photo_the_edge_cue_may_still_decide():
    # big pips by the edge ink the margins of most cards: the ink cue is dropped, not the edge cue
    assert stacked([0.98, 0.99, 0.84, 0.9, 1.0, 0.0], [0.0, 0.0, 0.02, 0.0, 0.0, 0.92]) == [False] * 5 + [True]


@pytest.mark.parametrize("far", [(5.0, 1.3), (-3.3, 2.2), (3.6, 3.5)])
def test_a_card_on_cards_far_from_the_pile_places_is_no_pile(far, camera):
    # a discard lying on the heap (or a picture card whose print reads as a stack's edge)
    # lies on cards too; far out beside the triangle it is no pile top, and counting it as
    # one renumbered the real piles 1 and 3 of a row as 1 and 2
    H = camera._view(30)
    pins = "ABDEG"
    quads = [camera._card(H, *LATTICE[k], deg=1.0) for k in pins]
    quads += [camera._card(H, -1.3, 4.3, deg=-2.0), camera._card(H, 1.3, 4.3, deg=1.5),
              camera._card(H, *far, deg=2.0)]
    n = len(quads)
    pl = fit_layout(quads, [True] * n, [True] * n, on_stack=[False] * len(pins) + [True] * 3)
    assert list(zip(pl.roles, pl.positions)) == ([("pin", k) for k in pins]
                                                 + [("pile", "1"), ("pile", "3"), ("outside", None)])


def test_the_cuts_of_a_row_of_touching_cards_are_no_stack_edges():
    """A row of touching cards is split into equal pieces (cards.find_cards); a cut does not
    follow a card's own edge, so the band inside it may hold the table or the neighbour. Only
    the row's own outline counts for the ink cue."""
    from recognizer.cards import _cut_sides, _split_row, order_corners
    from recognizer.stacks import sliver_score
    row = order_corners(np.float64([[0, 0], [189, 0], [189, 88], [0, 88]]))     # three cards side by side
    pieces = _split_row(row, 3, True)
    assert [len(_cut_sides(p, row)) for p in pieces] == [1, 2, 1]     # the middle card: a cut each side
    ink = np.zeros((280, 200), np.uint8)
    ink[:, 7:14] = 1                                       # the left band inked: a neighbour's edge
    assert sliver_score(ink) > 0.9
    assert sliver_score(ink, (3,)) == 0.0                  # ... the left side is a cut: no stack
    assert sliver_score(ink, (1,)) > 0.9                   # a cut on the right leaves the left


def test_a_touching_back_row_is_not_taken_for_the_piles():
    """Only the back row stands, its four pins touching, and the three pile tops lie in a
    loose row (kde-nicu-ornamental, a development deck; photo scaled to 1125 x 1500).  The
    equal cuts of the back row took in strips of the table, which the ink cue read as stacks
    under three pins: the piles were read as pins A-C, the pins as piles -- even when told
    that A-D stand."""
    from recognizer import recognize
    photo = str(Path(__file__).with_name("data") / "nicu_ornamental_touching_back_row_and_three_piles.jpg")
    for expect in (None, {"standing": ["A", "B", "C", "D"], "piles": [True, True, True]}):
        got = recognize(photo, expect=expect)
        assert got.pins == {"A": 1, "B": 3, "C": 6, "D": 0, **{k: None for k in "EFGHIJ"}}
        assert got.piles == [1, 7, 8]
