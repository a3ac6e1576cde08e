"""The `recognize` subcommand (assistant/cli/recognize.py) through a tiny argparse harness, as the `tableside` dispatcher uses it."""
import argparse
import json

import pytest

from assistant.cli import recognize as cli


def run(argv, capsys):
    ap = argparse.ArgumentParser(prog="tableside")
    sub = ap.add_subparsers(dest="command", required=True)
    cli.register(sub)
    args = ap.parse_args(["recognize", *argv])
    status = args.func(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_json_one_line_per_photo(samples, capsys):
    photos = [str(samples / "rotated_anglo_7_0000.jpg"), str(samples / "mid_paris_7_0001.jpg")]
    status, out, err = run([*photos, "--json"], capsys)
    assert status == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 2
    d = [json.loads(x) for x in lines]
    assert d[0]["image"] == "rotated_anglo_7_0000.jpg"
    truth = json.loads((samples / "rotated_anglo_7_0000.json").read_text())
    assert d[0]["pins"] == truth["pins"]


def test_human_summary_shows_triangle_and_piles(samples, capsys):
    status, out, _ = run([str(samples / "rotated_anglo_7_0000.jpg")], capsys)
    assert status == 0
    assert "10 pins, 3 pile tops" in out
    assert "piles: 1:" in out


def test_overlay_for_several_photos_into_a_directory(samples, capsys, tmp_path):
    photos = [str(samples / "rotated_anglo_7_0000.jpg"), str(samples / "mid_paris_7_0001.jpg")]
    status, _, err = run([*photos, "--overlay", str(tmp_path / "ov")], capsys)
    assert status == 0, err
    assert (tmp_path / "ov" / "rotated_anglo_7_0000.overlay.jpg").stat().st_size > 1000
    status, _, err = run([photos[0], "--overlay", str(tmp_path / "{stem}-seen.png")], capsys)
    assert (tmp_path / "rotated_anglo_7_0000-seen.png").exists()


def test_bad_input_is_one_line_on_stderr_no_traceback(samples, capsys):
    status, out, err = run([str(samples / "bad" / "not_an_image.jpg")], capsys)
    assert status != 0
    assert err.startswith("tableside: ") and "not an image" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_photo_too_few_cards_still_gets_its_overlay(samples, capsys, tmp_path):
    """One card on a table (real photo, edje-train, Apache-2.0) is no layout: the reading says
    so in a warning and still prints the card that was found (exit 0: the photo was readable),
    and the overlay shows it, so the player sees why."""
    import cv2
    out = tmp_path / "seen.png"
    status, stdout, err = run([str(samples / "real" / "IMG_2386.JPG"), "--overlay", str(out)], capsys)
    assert status == 0, err
    assert "no layout found: too few cards for a layout" in stdout and "Traceback" not in err
    assert f"drawn in {out}" in err
    seen, photo = cv2.imread(str(out)), cv2.imread(str(samples / "real" / "IMG_2386.JPG"))
    assert seen.shape == photo.shape and (seen != photo).any()


def test_no_layout_json_lists_the_cards_found_and_exits_0(samples, capsys):
    """tableside recognize --json on a photo without a full layout: the cards found (no role, no
    position), every pin and pile empty, a warning that no layout was found; exit status 0."""
    status, stdout, err = run([str(samples / "real" / "IMG_2386.JPG"), "--json"], capsys)
    assert status == 0, err
    d = json.loads(stdout)
    assert len(d["cards"]) >= 1 and all(c["role"] is None and c["position"] is None for c in d["cards"])
    assert all(v is None for v in d["pins"].values()) and d["piles"] == [None, None, None]
    assert d["warnings"][0].startswith("no layout found")
    assert d["seconds"] > 0            # the time the reading took, as for a full layout


def test_debug_writes_one_picture_per_stage(samples, capsys, tmp_path):
    """--debug DIR: the photo, the outlines found, the ranks read, the layout fitted and the
    result, each a picture of the photo with that stage drawn on it, in DIR/<photo stem>/."""
    import cv2
    status, _, err = run([str(samples / "rotated_anglo_7_0000.jpg"), "--debug", str(tmp_path / "dbg")], capsys)
    assert status == 0, err
    folder = tmp_path / "dbg" / "rotated_anglo_7_0000"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["1-photo.jpg", "2-found.jpg", "3-ranks.jpg", "4-layout.jpg", "5-result.jpg"]
    photo = cv2.imread(str(folder / "1-photo.jpg"))
    for name in names[1:]:       # each stage draws on the photo: same size, not the same pixels
        img = cv2.imread(str(folder / name))
        assert img.shape == photo.shape and (cv2.absdiff(img, photo) > 60).mean() > 0.001, name


def test_debug_stops_where_the_photo_was_lost(samples, capsys, tmp_path):
    """One card is no layout: the pictures end before the layout stage, which shows where the
    reading stopped; a folder under a missing one is refused in words."""
    status, _, err = run([str(samples / "real" / "IMG_2386.JPG"), "--debug", str(tmp_path)], capsys)
    assert status == 0, err
    assert sorted(p.name for p in (tmp_path / "IMG_2386").iterdir()) == ["1-photo.jpg", "2-found.jpg", "3-ranks.jpg"]
    status, _, err = run([str(samples / "real" / "IMG_2386.JPG"), "--debug", str(tmp_path / "no" / "such")], capsys)
    assert status == 2 and "does not exist" in err and "Traceback" not in err


def test_unreadable_input_still_exits_non_zero_with_json(samples, capsys):
    status, stdout, err = run([str(samples / "bad" / "not_an_image.jpg"), "--json"], capsys)
    assert status != 0 and stdout == "" and "not an image" in err


def test_bad_option_value(samples, capsys):
    status, _, err = run([str(samples / "rotated_anglo_7_0000.jpg"), "--state", "--down", "4,x"], capsys)
    assert status != 0 and err.startswith("tableside: ") and "--down" in err


def test_state_of_a_fresh_deal_assumes_4_2_1(samples, capsys):
    status, out, err = run([str(samples / "rotated_anglo_7_0000.jpg"), "--json", "--state"], capsys)
    assert status == 0, err
    reading, state = [json.loads(x) for x in out.strip().splitlines()]
    assert state["pins"] == reading["pins"]
    assert [p["down"] for p in state["piles"]] == [4, 2, 1]
    assert [p["top"] for p in state["piles"]] == reading["piles"]
    assert state["ball"] == 1 and state["out"] == []


def test_state_mid_frame_needs_down_and_out(samples, capsys):
    photo = str(samples / "mid_paris_7_0001.jpg")
    status, out, err = run([photo, "--state"], capsys)
    assert status != 0 and "--down" in err and "--out" in err


def test_state_validated_by_the_rules_engine(samples, capsys):
    photo = str(samples / "mid_paris_7_0001.jpg")
    truth = json.loads((samples / "mid_paris_7_0001.json").read_text())
    down = ",".join(str(n) for n in truth["pile_down"])
    status, out, err = run([photo, "--json", "--state", "--down", down, "--out", "1,2,3"], capsys)
    # the engine decides whether this is a consistent frame; either way: JSON or a clear message
    if status == 0:
        state = json.loads(out.strip().splitlines()[-1])
        assert [p["down"] for p in state["piles"]] == truth["pile_down"]
    else:
        assert err.startswith("tableside: ") and "Traceback" not in err


def test_what_the_player_knows_settles_a_sparse_frame(samples, capsys):
    """Two pins and a lone pile: the photo alone cannot tell which slots they stand on; the
    player's --standing and --piles (the web app sends the tracker's) read it exactly."""
    photo = samples / "mid_anglo_7_0000.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    standing = "".join(k for k, v in truth["pins"].items() if v is not None)
    piles = ",".join(str(i + 1) for i, v in enumerate(truth["piles"]) if v is not None)
    status, out, err = run([str(photo), "--json", "--standing", standing, "--piles", piles], capsys)
    assert status == 0, err
    got = json.loads(out)
    assert got["pins"] == truth["pins"] and got["piles"] == truth["piles"]
    assert not any("guess" in w for w in got["warnings"])


def test_a_guessed_layout_names_the_options_that_settle_it(samples, capsys):
    """Read from the photo alone, the sparse frame's letters are a guess: the summary says so
    and names --standing and --piles; told them, it neither guesses nor hints.  The JSON
    stays JSON."""
    photo = str(samples / "mid_anglo_7_0000.jpg")
    status, out, _ = run([photo], capsys)
    assert status == 0 and "guess" in out
    hint = [line for line in out.splitlines() if line.strip().startswith("hint:")]
    assert len(hint) == 1 and "--standing" in hint[0] and "--piles" in hint[0]
    status, out, _ = run([photo, "--standing", "CD", "--piles", "3"], capsys)
    assert status == 0 and "hint:" not in out and "guess" not in out
    status, out, _ = run([photo, "--json"], capsys)
    assert "hint" not in json.loads(out)


def test_on_a_guessed_layout_the_pins_read_knocked_down_are_asked_too(samples, capsys):
    """The sparse frame read from the photo alone: its letters are a guess, so the pins it
    reports knocked down are one too (a cloth that hid seven standing pins had them all
    reported down, unasked).  A warning names every pin read down; told what stands, none."""
    photo = str(samples / "mid_anglo_7_0000.jpg")
    status, out, _ = run([photo, "--json"], capsys)
    got = json.loads(out)
    down = [k for k, v in got["pins"].items() if v is None]
    asked = [w for w in got["warnings"] if "read as knocked down: a guess too" in w]
    assert status == 0 and down and len(asked) == 1
    assert asked[0].startswith("pins " + ", ".join(down[:-1]) + " and " + down[-1])
    status, out, _ = run([photo, "--json", "--standing", "CD", "--piles", "3"], capsys)
    assert not any("a guess too" in w for w in json.loads(out)["warnings"])


def test_the_hint_names_only_the_options_not_given(samples, capsys):
    """A guess the standing pins leave open (a lone pile right of J: pile 2 or 3?) gets a hint
    naming --piles only (before, a partial prior got no hint at all).  On the sample photo,
    told that one pin is down, the rules settle it: piles 1 and 3 used up take 5 pins down,
    so the pile right of J is pile 2, and nothing is asked."""
    from assistant.cli.recognize import summary
    d = {"image": "p.jpg", "pins": dict.fromkeys("ABCDEFGHIJ") | {"A": 3, "B": 4}, "piles": [None, 5, None],
         "warnings": ["the pile right of J is taken as pile 2, as on the mat"], "seconds": 0.3}
    hint = [line for line in summary(d, True, {"standing"}).splitlines() if line.strip().startswith("hint:")]
    assert len(hint) == 1 and "--piles" in hint[0] and "--standing" not in hint[0]
    status, out, _ = run([str(samples / "mid_gnomangelo_7_0004.jpg"), "--standing", "BCDEFGHIJ"], capsys)
    assert status == 0 and "piles: 1:4  2:1  3:-" in out
    assert "pile right of J" not in out and "hint:" not in out


def test_piles_alone_keep_the_top_the_player_says_is_there(samples, capsys):
    """Told only that pile 3 has a top, two pins and that top are not read as three pins and
    no pile: the pile top is kept and the pins' letters are still called a guess."""
    photo = samples / "mid_anglo_7_0000.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    status, out, _ = run([str(photo), "--json", "--piles", "3"], capsys)
    got = json.loads(out)
    assert status == 0 and got["piles"] == truth["piles"] == [None, None, truth["piles"][2]]
    assert sum(v is not None for v in got["pins"].values()) == 2
    assert any("guess" in w for w in got["warnings"])


def test_fresh_deal_option_reads_a_fresh_deal(samples, capsys):
    photo = samples / "rotated_anglo_7_0000.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    status, out, err = run([str(photo), "--json", "--fresh"], capsys)
    assert status == 0, err
    got = json.loads(out)
    assert got["pins"] == truth["pins"] and got["piles"] == truth["piles"]


@pytest.mark.parametrize("argv, word", [(["--standing", "CK"], "--standing"), (["--piles", "1,4"], "--piles"),
                                        (["--piles", "x"], "--piles"), (["--fresh", "--piles", "1"], "--fresh")])
def test_bad_prior_options_are_a_usage_error(samples, capsys, argv, word):
    status, out, err = run([str(samples / "rotated_anglo_7_0000.jpg"), *argv], capsys)
    assert status == 2 and out == ""
    assert err.startswith("tableside: ") and word in err and "Traceback" not in err


def test_prior_options_parsed():
    assert cli.expect_from(None, None) is None
    assert cli.expect_from("c, d", "3") == {"standing": ["C", "D"], "piles": [False, False, True]}
    assert cli.expect_from("none", "none") == {"standing": [], "piles": [False, False, False]}
    assert cli.expect_from(None, None, fresh=True)["standing"] == list("ABCDEFGHIJ")
