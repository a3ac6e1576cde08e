"""End to end on the committed sample photos (rendered with ground truth beside each)."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from recog_helpers import quad_iou

from recognizer import RecognitionError, draw_overlay, recognize, recognize_cards


def _truth(p):
    return json.loads(p.with_suffix(".json").read_text())


def _per_card(got: dict, truth: dict) -> tuple[int, int]:
    ok = n = 0
    for c in truth["cards"]:
        if c["role"] == "pin":
            n += 1
            ok += got["pins"][c["position"]] == c["value"]
        elif c["role"] == "pile":
            n += 1
            ok += got["piles"][int(c["position"]) - 1] == c["value"]
    return ok, n


@pytest.fixture(scope="module")
def readings(samples):
    out = {}
    for p in sorted(samples.glob("*.jpg")):
        try:
            d = recognize(str(p)).to_dict()
        except RecognitionError as e:      # counts as every card wrong
            d = {"pins": {k: None for k in "ABCDEFGHIJ"}, "piles": [None] * 3, "cards": [], "warnings": [str(e)]}
        out[p.name] = (d, _truth(p))
    return out


def test_to_dict_has_exactly_the_documented_shape(readings):
    d, _ = readings["rotated_anglo_7_0000.jpg"]
    assert list(d) == ["image", "width", "height", "pins", "piles", "cards", "warnings", "photo_advice",
                       "seconds"]
    assert list(d["pins"]) == list("ABCDEFGHIJ")
    assert len(d["piles"]) == 3
    for c in d["cards"]:
        assert set(c) == {"value", "rank", "corners", "confidence", "role", "position"}
        assert c["role"] in ("pin", "pile", "outside")
        assert len(c["corners"]) == 4 and all(len(p) == 2 for p in c["corners"])
        assert c["rank"] in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "joker"]
        if c["rank"] in ("J", "Q", "K", "joker"):
            assert c["value"] is None
    json.dumps(d)


@pytest.mark.parametrize("name", ["rotated_anglo_7_0000.jpg", "rotated_paris_7_0001.jpg",
                                  "rotated_dondorf_7_0003.jpg", "fresh_atlasnye_7_0001.jpg"])
def test_rotated_fresh_deal_read_exactly(readings, name):
    got, truth = readings[name]
    assert got["pins"] == truth["pins"]
    assert got["piles"] == truth["piles"]


@pytest.mark.parametrize("kind,min_acc", [("rotated", 0.9), ("touching", 0.85),
                                          ("lowcontrast", 0.75), ("mat", 0.85), ("tilted", 0.85)])
def test_each_kind_of_scene_mostly_right(readings, kind, min_acc):
    ok = n = 0
    for name, (got, truth) in readings.items():
        if name.startswith(kind + "_"):
            a, b = _per_card(got, truth)
            ok, n = ok + a, n + b
    assert n > 0
    assert ok / n >= min_acc, f"{kind}: {ok}/{n} pins and pile tops right"


def test_mid_frame_is_right_or_says_the_letters_are_a_guess(readings):
    # with few cards left the triangle can be placed several ways; then the user must be told
    sure = 0
    for name, (got, truth) in readings.items():
        if not truth.get("mid"):
            continue
        guessed = any("guess" in w for w in got["warnings"])
        if guessed:
            continue
        sure += 1
        ok, n = _per_card(got, truth)
        invented = [k for k, v in truth["pins"].items() if v is None and got["pins"][k] is not None]
        assert not invented, f"{name}: removed pins {invented} reported as standing"
        assert ok >= n - 1, f"{name}: only {ok}/{n} right without a warning"
    assert sure >= 3


def test_discards_and_court_cards_are_never_pins(readings):
    # a clearly read court card is always outside the layout; one read with doubt may keep
    # its place in the triangle or on a pile (it anchors the fit), with no value and a
    # warning asking the player to check it -- and on the samples those are number cards
    for name, (got, truth) in readings.items():
        for c in got["cards"]:
            if c["value"] is None:
                assert any("not used in this game" in w for w in got["warnings"]), name
                if c["role"] != "outside":
                    assert c["confidence"] < 0.7, name
                    assert any("please check the card" in w for w in got["warnings"]), name
                    slot = c["position"] if c["role"] == "pin" else int(c["position"]) - 1
                    true_value = truth["pins" if c["role"] == "pin" else "piles"][slot]
                    assert true_value is not None, name


def test_mat_scenes_use_the_mat(samples):
    for p in sorted(samples.glob("mat_*.jpg")):
        r = recognize(str(p))
        assert r.mat, p.name


def test_exif_rotated_photo_reads_like_the_upright_one(readings):
    a, _ = readings["exif_rotated_anglo.jpg"]
    b, _ = readings["rotated_anglo_7_0000.jpg"]
    assert (a["width"], a["height"]) == (b["width"], b["height"])
    assert a["pins"] == b["pins"] and a["piles"] == b["piles"]


def test_bytes_and_array_sources_agree(samples):
    import cv2
    p = samples / "mid_paris_7_0001.jpg"
    a = recognize(p.read_bytes()).to_dict()
    b = recognize(cv2.imread(str(p))).to_dict()
    assert a["pins"] == b["pins"] and a["piles"] == b["piles"]


def test_overlay_draws_on_a_copy(samples):
    import cv2
    p = samples / "rotated_anglo_7_0000.jpg"
    img = cv2.imread(str(p))
    r = recognize(img)
    out = draw_overlay(img, r)
    assert out.shape == img.shape
    assert np.abs(out.astype(int) - img.astype(int)).sum() > 0
    assert np.array_equal(img, cv2.imread(str(p)))


def test_recognize_cards_on_real_photos(samples):
    """Real phone photos (edje-train, Apache-2.0): cards found, no J/Q/K read as a number."""
    import csv
    rows = list(csv.DictReader(open(samples / "real" / "labels.csv")))
    found = 0
    for name in sorted({r["image"] for r in rows}):
        r = recognize_cards(str(samples / "real" / name))
        assert all(c.role is None for c in r.cards)
        labels = [x for x in rows if x["image"] == name]
        for lab in labels:
            box = [float(lab[k]) for k in ("xmin", "ymin", "xmax", "ymax")]
            for c in r.cards:
                xs = [p[0] for p in c.corners]
                ys = [p[1] for p in c.corners]
                cx, cy = np.mean(xs), np.mean(ys)
                if box[0] < cx < box[2] and box[1] < cy < box[3]:
                    found += 1
                    if lab["rank"] in ("jack", "queen", "king"):
                        assert c.value is None, f"{name}: a {lab['rank']} read as {c.rank}"
                    break
    assert found >= len(rows) // 2


def test_pin_outside_the_photo_is_not_silently_knocked_down(samples):
    """A fresh deal photographed with pin D (a 10) past the right edge: D reads as no pin, and
    the player is told its place is outside the photo, not left to lose a standing pin."""
    img = cv2.imread(str(samples / "fresh_atlasnye_7_0001.jpg"))[:, :900].copy()
    r = recognize(img)
    assert r.pins["D"] is None and r.pins["A"] == 8 and r.pins["J"] == 8
    assert any("pin D is outside the photo" in w for w in r.warnings)
    whole = recognize(str(samples / "fresh_atlasnye_7_0001.jpg"))
    assert whole.pins["D"] == 0 and not any("outside the photo" in w for w in whole.warnings)
    # a sparse mid-frame read without the prior: its far slots (here A and D, past the photo's
    # edge) are knocked down as a rule, so no warning
    sparse = recognize(str(samples / "mid_paris_7_0001.jpg"))
    assert sum(v is not None for v in sparse.pins.values()) == 3
    assert not any("outside the photo" in w for w in sparse.warnings)


def test_card_cut_off_by_the_photo_edge_is_flagged(samples):
    """Real photo (edje-train IMG_2611, Apache-2.0): an ace and a nine cut in half by the right
    edge read 2 and 5 with confidence 0.7; a piece of a card is never sure, and the player is
    told which cards the edge cuts off."""
    from recognizer import recognize_cards
    r = recognize_cards(str(samples / "real" / "IMG_2611.JPG"))
    cut = [c for c in r.cards if max(p[0] for p in c.corners) > r.width - 4]
    assert len(cut) == 2
    assert all(c.confidence <= 0.5 for c in cut)
    assert any(w.startswith("cut off by the photo's edge") for w in r.warnings)
    assert [w for w in r.photo_advice if w.startswith("cut off by the photo's edge")]
    whole = [c for c in r.cards if c not in cut]
    assert [c.rank for c in whole] == ["10"] and whole[0].confidence > 0.9


def test_pins_another_card_covers_are_asked_not_sure():
    """Pins dealt overlapping by up to a centimetre (bellot, render.py --overlap 12): a covered
    pip row reads a 6 as a sure 5 (0.98) and an 8 as a 7.  A pin or pile top another found card
    covers more than 5 % of is at most 0.6 sure, with its reason; the free pile tops keep theirs."""
    from pathlib import Path
    from recognizer import COVERED_CONFIDENCE
    photo = Path(__file__).with_name("data") / "bellot_pins_overlapping_a_centimetre.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    r = recognize(str(photo))
    wrong = [c for c in r.cards if c.role == "pin" and c.value != truth["pins"][c.position]]
    assert {c.position for c in wrong} >= {"I", "D"}
    assert all(c.confidence < 0.7 for c in wrong)
    covered = [c for c in r.cards if c.note == "partly covered by another card"]
    assert covered and all(c.confidence <= COVERED_CONFIDENCE for c in covered)
    assert any(c.confidence > 0.9 for c in r.cards if c.role == "pile" and c not in covered)   # free


def test_a_far_layout_is_read_and_the_player_told_to_come_closer(samples, far_layout):
    """The far sample shrunk to 60 % in its 12 MP frame: its cards are 1/34 of the photo's long
    side.  It still reads exactly, but a little farther (55 %) three back-row pins were lost
    with no word why -- so below 1/30 the reading says the cards are small.  At its own size
    (1/20) nothing is said."""
    truth = json.loads((samples / "far_tango_31_0004.json").read_text())
    r = recognize(far_layout(0.6))
    assert r.pins == truth["pins"] and r.piles == truth["piles"]
    small = [w for w in r.warnings if "cards are small in this photo" in w]
    assert small and r.to_dict()["photo_advice"] == small       # what a closer photo mends
    near = recognize(str(samples / "far_tango_31_0004.jpg"))
    assert not any("small" in w for w in near.warnings) and near.to_dict()["photo_advice"] == []


def test_a_far_deal_of_touching_cards_is_looked_at_again_closer():
    """A fresh deal far off in the frame (kde-nicu-ornamental, a development deck), its pins
    touching: at the finder's size each region took in parts of its neighbours, so the cards
    seemed 59 work px wide -- above the old 52 px cut for a second look at twice the
    resolution -- and five cards of 13 were read.  At about a pixel per millimetre (65 px)
    the gaps between touching cards close, and the second look reads the deal exactly."""
    photo = Path(__file__).with_name("data") / "nicu_ornamental_far_deal_touching_pins.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    r = recognize(str(photo))
    assert r.pins == truth["pins"] and r.piles == truth["piles"]
    assert len([c for c in r.cards if c.role in ("pin", "pile")]) == 13


def test_the_mat_print_is_never_reported_as_a_card(readings, samples):
    """A mat's marker, with the paper round it, and an empty slot's printed frame are card-sized
    and light: they read as a lone ace or a picture with no index, and the player was warned
    of cards that are not on the table (two of the five mat samples)."""
    for p in sorted(samples.glob("mat_*.jpg")):
        got, truth = readings[p.name]
        for c in got["cards"]:
            assert max(quad_iou(c["corners"], t["corners"]) for t in truth["cards"]) > 0.3, (p.name, c)
