"""`tableside recognize --game pyramid` (assistant/cli/recognize_pyramid.py): the JSON
contract, the text drawing, a photo with no pyramid, bad input."""
import argparse
import json
from pathlib import Path

from assistant.cli import recognize as cli

DATA = Path(__file__).with_name("data") / "pyramid"
GAPS = DATA / "pyramid_simplistic_5_0002.jpg"


def run(argv, capsys):
    ap = argparse.ArgumentParser(prog="tableside")
    sub = ap.add_subparsers(dest="command", required=True)
    cli.register(sub)
    args = ap.parse_args(["recognize", "--game", "pyramid", *argv])
    status = args.func(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_json_contract(capsys):
    status, out, err = run([str(GAPS), "--json"], capsys)
    assert status == 0, err
    d = json.loads(out)
    assert set(d) >= {"pyramid", "waste", "cards", "warnings", "seconds", "stock", "width", "height"}
    assert list(d["pyramid"]) == [f"{r}.{c}" for r in range(1, 8) for c in range(1, r + 1)]
    assert all(v is None or v in {"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
               for v in d["pyramid"].values())
    assert d["pyramid"] == json.loads(GAPS.with_suffix(".json").read_text())["pyramid"]
    assert isinstance(d["waste"], list) and isinstance(d["seconds"], float)
    for c in d["cards"]:
        assert len(c["corners"]) == 4 and all(len(p) == 2 for p in c["corners"])
        assert 0 <= c["confidence"] <= 1 and c["role"] in ("pyramid", "waste", "stock")
        if c["role"] == "pyramid":
            assert d["pyramid"][c["position"]] == c["rank"]


def test_text_drawing(capsys):
    status, out, _ = run([str(GAPS)], capsys)
    assert status == 0
    lines = out.splitlines()
    assert "17 pyramid cards" in lines[0]
    assert len(lines[1].split()) == 1 and len(lines[7].split()) == 7       # apex .. base row
    assert "waste:" in out


def test_photo_with_no_pyramid_gives_its_cards_and_a_warning(samples, capsys):
    """One card on a table (real photo, edje-train, Apache-2.0)."""
    status, out, err = run([str(samples / "real" / "IMG_2386.JPG"), "--json"], capsys)
    assert status == 0, err
    d = json.loads(out)
    assert all(v is None for v in d["pyramid"].values())
    assert any("no pyramid" in w for w in d["warnings"])
    assert len(d["cards"]) >= 1 and all(c["role"] in ("outside", "stock") for c in d["cards"])


def test_a_photo_of_a_bare_table_is_an_empty_reading_not_an_error(capsys, tmp_path):
    """A readable photo with no card on it (a plain wooden-brown table with some noise): the
    empty pyramid with a warning, every place in doubt, exit 0; the message on stderr too."""
    import cv2
    import numpy as np
    table = np.clip(np.random.default_rng(1).normal((60, 90, 140), 12, (900, 1200, 3)), 0, 255).astype(np.uint8)
    photo = tmp_path / "table.jpg"
    cv2.imwrite(str(photo), table)
    status, out, err = run([str(photo), "--json"], capsys)
    assert status == 0, err
    d = json.loads(out)
    assert all(v is None for v in d["pyramid"].values()) and d["cards"] == [] and d["waste"] == []
    assert d["places_doubtful"] is True
    assert d["warnings"][0].startswith("no pyramid found: no cards found in the photo")
    assert "no cards found" in err and len(err.strip().splitlines()) == 1


def test_bad_input_one_line_exit_2(samples, capsys):
    status, out, err = run([str(samples / "bad" / "not_an_image.jpg")], capsys)
    assert status == 2 and out == ""
    assert err.startswith("tableside: ") and "not an image" in err and len(err.strip().splitlines()) == 1


def test_bad_prior_exit_2(capsys):
    status, _, err = run([str(GAPS), "--places", "2.1,2.2"], capsys)
    assert status == 2 and "no game can leave" in err


def test_debug_writes_the_pyramid_readers_stages(capsys, tmp_path):
    """--debug with --game pyramid: the photo, the outlines found, the ranks read, the places
    fitted and the result, in DIR/<photo stem>/, each drawn on the photo."""
    import cv2
    status, _, err = run([str(GAPS), "--debug", str(tmp_path)], capsys)
    assert status == 0, err
    folder = tmp_path / GAPS.stem
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["1-photo.jpg", "2-found.jpg", "3-ranks.jpg", "4-layout.jpg", "5-result.jpg"]
    photo = cv2.imread(str(folder / "1-photo.jpg"))
    for name in names[1:]:
        img = cv2.imread(str(folder / name))
        assert img.shape == photo.shape and (cv2.absdiff(img, photo) > 60).mean() > 0.001, name
