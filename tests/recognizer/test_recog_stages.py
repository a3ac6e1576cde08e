"""One test per stage: load_image, find_cards, rectify, read_rank, fit_layout, find_mat."""
import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.bowling import mat as ML
from recognizer.cards import find_cards, order_corners, rectify
from recognizer.image_io import DETAIL_LONG, DETAIL_SLACK, load_image
from recognizer.layout import CANON, LATTICE, fit_layout
from recognizer.mat import find_mat
from recog_helpers import quad_iou

CW, CH = ML.CARD_W_MM, ML.CARD_H_MM




def rect(cx, cy, deg, w=CW, h=CH):
    a = math.radians(deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return np.array([cx, cy]) + (CANON * (w / CW, h / CH)) @ R.T


def project(H, pts):
    return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), H).reshape(-1, 2)


def tilted_view(deg_rot=0.0, tilt=25.0, scale=3.0, size=(1400, 1400)):
    """mm -> px homography: rotate, tilt about an oblique axis, centre in the frame."""
    a = math.radians(deg_rot)
    S = np.array([[scale * math.cos(a), -scale * math.sin(a), 0], [scale * math.sin(a), scale * math.cos(a), 0], [0, 0, 1]])
    f = 1500.0
    K = np.array([[f, 0, 0], [0, f, 0], [0, 0, 1]])
    R, _ = cv2.Rodrigues(np.array([0.6, 0.8, 0.0]) * math.radians(tilt))
    P = K @ R @ np.linalg.inv(K) @ S
    c = project(P, [[0, 0]])[0]
    T = np.array([[1, 0, size[0] / 2 - c[0]], [0, 1, size[1] / 2 - c[1]], [0, 0, 1]])
    return T @ P


# ------------------------------------------------------------------ load_image
def test_load_image_path_bytes_array_agree(samples):
    p = samples / "rotated_anglo_7_0000.jpg"
    a = load_image(str(p))
    b = load_image(p.read_bytes())
    c = load_image(cv2.imread(str(p)))
    assert (a.width, a.height) == (b.width, b.height) == (c.width, c.height) == (1200, 1600)
    assert a.name == "rotated_anglo_7_0000.jpg"


def test_load_image_applies_exif_orientation(samples):
    # stored sideways (1600 x 1200) with EXIF orientation 6: a viewer shows it upright
    ph = load_image(str(samples / "exif_rotated_anglo.jpg"))
    assert (ph.width, ph.height) == (1200, 1600)
    upright = cv2.imread(str(samples / "rotated_anglo_7_0000.jpg"))
    assert np.abs(ph.image.astype(int) - upright.astype(int)).mean() < 3


def test_heic_photo_is_read_like_its_jpeg(samples):
    """iPhones save HEIC by default: the same rendered photo stored as HEIC reads the same."""
    from recognizer import recognize
    truth = json.loads((samples / "fresh_orell_7_0000.json").read_text())
    r = recognize(str(samples / "fresh_orell_7_0000.heic"))
    assert (r.width, r.height) == (truth["width"], truth["height"])
    assert r.pins == truth["pins"] and r.piles == truth["piles"]


def test_heic_rotation_is_applied():
    """A landscape HEIC (320 x 240, white corner top left) turned a quarter clockwise by the
    file's rotation box, as a phone held upright writes it: a viewer shows it 240 x 320 with
    the white corner top right, and so must load_image."""
    ph = load_image(str(Path(__file__).with_name("data") / "landscape_white_corner_turned_by_irot.heic"))
    assert (ph.width, ph.height) == (240, 320)
    white = np.argwhere(ph.image[:, :, 0] > 128).mean(0)
    assert white[0] < 60 and white[1] > 180


def test_load_image_big_jpeg_is_reduced_but_reports_full_size():
    img = np.full((4000, 3000, 3), 128, np.uint8)
    cv2.circle(img, (1500, 2000), 600, (255, 255, 255), -1)
    ok, buf = cv2.imencode(".jpg", img)
    ph = load_image(buf.tobytes())
    assert (ph.width, ph.height) == (3000, 4000)
    assert max(ph.image.shape[:2]) <= 2000
    assert ph.scale == pytest.approx(3000 / ph.image.shape[1])


@pytest.mark.parametrize("long_side, read_at", [(4000, 2000), (3000, DETAIL_LONG), (2400, 2400), (1600, 1600)])
def test_photos_are_read_at_about_detail_long_pixels(long_side, read_at):
    """Cards are read at DETAIL_LONG pixels along the long side, give or take DETAIL_SLACK: a
    12 MP JPEG is decoded at half size straight from the DCT (2000 px, never resampled), a
    3000 px one resampled to DETAIL_LONG, one within the slack kept as it is, a small one never
    enlarged.  (Fitted: tools/fit_detail_long.py; fewer pixels lost cards on photos we did not make.)"""
    img = np.full((long_side, long_side * 3 // 4, 3), 128, np.uint8)
    ok, buf = cv2.imencode(".jpg", img)
    ph = load_image(buf.tobytes())
    assert max(ph.image.shape[:2]) == read_at and ph.height == long_side
    assert DETAIL_LONG / DETAIL_SLACK <= read_at <= DETAIL_LONG * DETAIL_SLACK or read_at == long_side


# ------------------------------------------------------------------ find_cards and rectify
def _plain_cards_scene():
    rng = np.random.default_rng(1)
    img = np.clip(rng.normal((40, 110, 30), 8, (900, 1200, 3)), 0, 255).astype(np.uint8)
    truth = []
    for (cx, cy, a) in [(200, 220, 10), (480, 250, 95), (800, 200, -30), (300, 600, 45), (900, 620, 170)]:
        q = rect(cx, cy, a, 126, 176)
        cv2.fillConvexPoly(img, q.astype(np.int32), (235, 238, 240), cv2.LINE_AA)
        cv2.polylines(img, [q.astype(np.int32)], True, (150, 150, 150), 1, cv2.LINE_AA)
        cv2.circle(img, tuple(int(v) for v in q[0] * 0.8 + q.mean(0) * 0.2), 9, (0, 0, 200), -1)
        truth.append(q)
    # two cards touching side by side: their shared border is a thin grey line
    for dx in (0, 126):
        q = rect(560 + dx, 650, 0, 126, 176)
        cv2.fillConvexPoly(img, q.astype(np.int32), (235, 238, 240))
        cv2.polylines(img, [q.astype(np.int32)], True, (120, 120, 120), 1)
        truth.append(q)
    return img, truth


def test_find_cards_finds_every_card_including_touching():
    img, truth = _plain_cards_scene()
    found = find_cards(img)
    assert len(found) == len(truth)
    for t in truth:
        assert max(quad_iou(t, f.corners) for f in found) > 0.85


def test_find_cards_ignores_plain_background():
    img = np.clip(np.random.default_rng(2).normal(90, 20, (600, 800, 3)), 0, 255).astype(np.uint8)
    assert find_cards(img) == []


def test_order_corners_short_edge_first_clockwise():
    q = order_corners(rect(100, 100, 70, 63, 88))
    assert np.linalg.norm(q[1] - q[0]) < np.linalg.norm(q[2] - q[1])
    (ax, ay), (bx, by) = q[1] - q[0], q[2] - q[1]
    cross = ax * by - ay * bx
    assert cross > 0          # clockwise on screen (y down)


def test_rectify_makes_an_upright_portrait_card():
    img, truth = _plain_cards_scene()
    q = order_corners(truth[1])                  # the card lying sideways (95 deg)
    card = rectify(img, q)
    assert card.shape[0] > card.shape[1]
    # the red dot drawn near one corner ends in a corner of the rectified card
    red = (card[:, :, 2] > 150) & (card[:, :, 1] < 80)
    ys, xs = np.nonzero(red)
    h, w = card.shape[:2]
    cy, cx = ys.mean() / h, xs.mean() / w
    assert min(cx, 1 - cx) < 0.3 and min(cy, 1 - cy) < 0.3


# ------------------------------------------------------------------ read_rank
from synth import decks  # noqa: E402


@pytest.mark.skipif(not decks.have_decks(), reason="needs gnome-cards-data and rsvg-convert")
@pytest.mark.parametrize("deck", ["anglo", "plastic"])   # plastic is held out of tuning
@pytest.mark.parametrize("rank", ["A", "3", "7", "9", "10", "K"])
def test_read_rank_clean_card(deck, rank, photographed):
    from recognizer.rank import read_rank
    r = read_rank(photographed(deck, rank, "spade"))
    if rank == "K":
        assert r.kind == "court" and r.value is None
    else:
        assert r.kind == "number" and r.rank == rank
        # sure, or asked where the index read another rank (plastic's 9 reads 7 at 0.72)
        assert (r.confidence >= 0.7) == (not r.note.startswith("pips say")), r


def test_read_rank_blank_and_back():
    from recognizer.rank import read_rank
    blank = np.full((280, 200, 3), 235, np.uint8)
    assert read_rank(blank).kind == "blank"
    back = np.zeros((280, 200, 3), np.uint8)
    back[:] = (140, 40, 30)
    for i in range(0, 280, 14):
        cv2.line(back, (0, i), (200, i + 100), (220, 200, 200), 3)
    assert read_rank(back).kind in ("back", "blank")


# ------------------------------------------------------------------ fit_layout
def _layout_quads(H, removed=(), piles=((-1.2, 4.3), (0, 4.3), (1.2, 4.3)), heap=True, gap=(6, 10)):
    px, py = CW + gap[0], CH + gap[1]
    quads, truth = [], []
    rng = np.random.default_rng(3)
    for k, (u, v) in LATTICE.items():
        if k in removed:
            continue
        quads.append(project(H, rect(u * px + rng.normal(0, 1.5), v * py, rng.normal(0, 2) + 180 * rng.integers(0, 2))))
        truth.append(("pin", k))
    for i, uv in enumerate(piles):
        if uv is None:
            continue
        quads.append(project(H, rect(uv[0] * px, uv[1] * py, rng.normal(0, 3))))
        truth.append(("pile", str(i + 1)))
    if heap:
        for j in range(4):   # a discard heap beside the triangle: overlapping, askew
            quads.append(project(H, rect(-4.2 * px + 15 * j, 1.5 * py + 20 * j, 30 + 25 * j)))
            truth.append(("outside", None))
    return quads, truth


def test_table_plane_not_set_by_one_bad_outline_in_the_middle():
    """A glare spot in the middle of the layout taken for a card (a skewed outline) must not
    set the table plane: every real card still measures 63 x 88 mm."""
    from recognizer.layout import table_plane
    H = tilted_view(20, 18)
    quads, _ = _layout_quads(H, removed="EFHI")
    centre = np.mean([q.mean(0) for q in quads], axis=0)
    bad = centre + np.array([[-70, -90], [60, -100], [95, 80], [-50, 110]])     # a lopsided blob
    Hi = table_plane(quads + [bad])
    for q in quads:
        m = project(Hi, q)
        sides = np.linalg.norm(np.roll(m, -1, 0) - m, axis=1)
        assert sorted([sides[0] + sides[2], sides[1] + sides[3]]) == pytest.approx([2 * CW, 2 * CH], rel=0.06)


@pytest.mark.parametrize("rot", [0, 37, 90, 181, 250])
def test_fit_layout_fresh_deal_any_rotation(rot):
    H = tilted_view(rot, tilt=30)
    quads, truth = _layout_quads(H)
    pl = fit_layout(quads, [True] * len(quads), [True] * len(quads))
    assert list(zip(pl.roles, pl.positions)) == truth


# removed sets a frame can reach by legal plays (connected, first play not back row / F alone):
# the fit prefers such standing sets (layout.plausible_standing)
@pytest.mark.parametrize("removed", ["CFH", "ABCDEF", "EHJ", "BEFH"])
def test_fit_layout_mid_frame_gaps_keep_their_letters(removed):
    H = tilted_view(123, tilt=20)
    quads, truth = _layout_quads(H, removed=removed, piles=((-1.2, 4.3), None, (1.2, 4.3)))
    pl = fit_layout(quads, [True] * len(quads), [True] * len(quads))
    assert list(zip(pl.roles, pl.positions)) == truth


def test_fit_layout_piles_beside_the_triangle_like_the_mat():
    H = tilted_view(300, tilt=10)
    quads, truth = _layout_quads(H, piles=((-1.7, 3), (1.7, 3), (1.7, 2)), heap=False)
    pl = fit_layout(quads, [True] * len(quads), [True] * len(quads))
    assert list(zip(pl.roles, pl.positions)) == truth


def test_fit_layout_never_takes_discards_for_pins():
    H = tilted_view(45, tilt=15)
    quads, truth = _layout_quads(H, removed="ABCDEFG")
    pl = fit_layout(quads, [True] * len(quads), [True] * len(quads))
    for (role, _), got in zip(truth, pl.roles):
        if role == "outside":
            assert got == "outside"


# ------------------------------------------------------------------ find_mat
def test_find_mat_recovers_the_homography():
    from synth.render import mat_bgra
    mat = mat_bgra(px_per_mm=3.0)[:, :, :3]
    H_true = tilted_view(200, tilt=28, scale=2.2, size=(1300, 1300)) @ np.array(
        [[1, 0, -ML.MAT_W_MM / 2], [0, 1, -ML.MAT_H_MM / 2], [0, 0, 1]])
    to_mm = np.diag([1 / 3.0, 1 / 3.0, 1])
    img = cv2.warpPerspective(mat, H_true @ to_mm, (1300, 1300), borderValue=(60, 90, 40))
    H = find_mat(img)
    assert H is not None
    pts = np.array([ML.PIN_SLOTS[k] for k in "ADJ"] + [ML.PILE_SLOTS["3"]])
    err = np.linalg.norm(project(H, pts) - project(H_true, pts), axis=1)
    assert err.max() < 3.0


def test_find_mat_none_without_markers():
    assert find_mat(np.full((500, 500, 3), 200, np.uint8)) is None


def test_mat_print_tells_the_mats_own_shapes_from_cards():
    """An outline on an empty slot's frame or round a marker the photo shows is the mat's
    print; a card-sized outline elsewhere, or round a marker the photo does not show (a card
    lying on it hides it), is not."""
    from recognizer.mat import mat_print
    H = tilted_view(30, tilt=20, scale=2.0) @ np.array([[1, 0, -ML.MAT_W_MM / 2], [0, 1, -ML.MAT_H_MM / 2], [0, 0, 1]])
    px = lambda q_mm: project(H, np.asarray(q_mm, float))
    card = np.array([[-31.5, -44], [31.5, -44], [31.5, 44], [-31.5, 44]])
    seen = {4: None}
    assert mat_print(px(ML.slot_corners_mm("B")), H, seen) == "slot"
    assert mat_print(px(np.array(ML.slot_corners_mm("3")) + [1.5, -2]), H, seen) == "slot"
    assert mat_print(px(card + ML.MARKERS[4]), H, seen) == "marker"
    assert mat_print(px(card + ML.MARKERS[3]), H, seen) is None          # marker 3 is not seen
    assert mat_print(px(card + [ML.MAT_W_MM + 60, 100]), H, seen) is None   # beside the mat
    assert mat_print(px(card + ML.PIN_SLOTS["B"] + [32, 0]), H, seen) is None  # across two slots
