"""Decompression bombs are refused from the header, before a pixel is decoded; libjpeg's
warnings stay off the player's terminal; --overlay never invents folders."""
import os
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from recognizer import PhotoTooLarge, RecognitionError, load_image
from assistant.cli import recognize as recog_cli
from recognizer.image_limits import MAX_PIXELS, image_size, jpeg_size, png_size, webp_size

ROOT = Path(__file__).resolve().parents[2]


def png_declaring(w: int, h: int) -> bytes:
    """A valid little PNG whose IHDR declares w x h pixels (a few hundred bytes)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = zlib.compress(b"\0" * 4096, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def jpeg_declaring(w: int, h: int) -> bytes:
    """A real 16x16 JPEG whose frame header (SOF) is patched to declare w x h pixels."""
    ok, buf = cv2.imencode(".jpg", np.full((16, 16, 3), 128, np.uint8))
    data = bytearray(buf.tobytes())
    i = data.index(b"\xff\xc0")
    data[i + 5:i + 9] = struct.pack(">HH", h, w)
    return bytes(data)


def webp_declaring(w: int, h: int) -> bytes:
    """A WebP with an extended (VP8X) header declaring a w x h canvas."""
    vp8x = b"\0\0\0\0" + (w - 1).to_bytes(3, "little") + (h - 1).to_bytes(3, "little")
    body = b"WEBP" + b"VP8X" + struct.pack("<I", len(vp8x)) + vp8x
    return b"RIFF" + struct.pack("<I", len(body)) + body


@pytest.mark.parametrize("make", [png_declaring, jpeg_declaring, webp_declaring])
def test_bomb_refused_from_its_header_at_once(make):
    data = make(30000, 30000)
    assert len(data) < 2000
    started = time.perf_counter()
    with pytest.raises(PhotoTooLarge, match=r"30000x30000 pixels is 900 megapixels; at most 50") as e:
        load_image(data)
    assert time.perf_counter() - started < 0.1
    assert isinstance(e.value, RecognitionError) and "\n" not in str(e.value)


def test_header_sizes_match_the_decoders():
    img = np.zeros((300, 420, 3), np.uint8)
    for ext, read in ((".png", png_size), (".jpg", jpeg_size), (".webp", webp_size)):
        data = cv2.imencode(ext, img)[1].tobytes()
        assert read(data) == (420, 300), ext
        assert image_size(data)[1] == (420, 300)
    lossless = cv2.imencode(".webp", img, [cv2.IMWRITE_WEBP_QUALITY, 101])[1].tobytes()
    assert webp_size(lossless) == (420, 300)


def test_just_under_the_limit_is_read_and_other_formats_are_not():
    side = int(MAX_PIXELS ** 0.5)
    assert image_size(png_declaring(side, side))[1] == (side, side)
    bmp = cv2.imencode(".bmp", np.zeros((300, 300, 3), np.uint8))[1].tobytes()
    with pytest.raises(RecognitionError, match="not a JPEG, PNG, WebP or HEIC photo"):
        load_image(bmp)
    with pytest.raises(RecognitionError, match="PNG header is broken"):
        load_image(b"\x89PNG\r\n\x1a\n" + b"\0" * 10)


def test_bomb_refusal_costs_no_memory(tmp_path):
    """In a fresh process capped at 1.5 GB of address space, the 30000 x 30000 PNG and JPEG are
    refused and the peak resident memory stays that of the imports."""
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_declaring(30000, 30000))
    jbomb = tmp_path / "bomb.jpg"
    jbomb.write_bytes(jpeg_declaring(30000, 30000))
    code = f"""
import resource, re
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
from recognizer import load_image, PhotoTooLarge
def hwm():
    return int(re.search(r"VmHWM:\\s+(\\d+)", open("/proc/self/status").read()).group(1)) // 1024
before = hwm()
for path in ({str(bomb)!r}, {str(jbomb)!r}):
    try:
        load_image(path)
    except PhotoTooLarge:
        pass
    else:
        raise SystemExit("not refused")
print(before, hwm())
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    before, after = map(int, out.stdout.split())
    assert after - before < 20, (before, after)


def run_cli(argv, capsys):
    import argparse
    ap = argparse.ArgumentParser(prog="tableside")
    recog_cli.register(ap.add_subparsers(dest="command", required=True))
    args = ap.parse_args(["recognize", *argv])
    status = args.func(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_refuses_the_bomb_with_status_2(tmp_path, capsys):
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_declaring(30000, 30000))
    status, out, err = run_cli([str(bomb)], capsys)
    assert status == 2 and out == ""
    assert err.startswith("tableside: ") and "photo too large" in err
    assert len(err.strip().splitlines()) == 1


def test_libjpeg_warnings_stay_off_stderr(tmp_path, capfd):
    """A scan cut short makes libjpeg print "Corrupt JPEG data: premature end of data segment"
    straight to fd 2; the photo still decodes (grey below the cut) and the player sees only
    the reading."""
    good = (ROOT / "sample_images" / "rotated_anglo_7_0000.jpg").read_bytes()
    assert good.endswith(b"\xff\xd9")
    bad = tmp_path / "cut.jpg"
    bad.write_bytes(good[:len(good) // 2] + b"\xff\xd9")
    warned = subprocess.run([sys.executable, "-c", "import cv2, sys; "
                             "cv2.imread(sys.argv[1])", str(bad)], capture_output=True, text=True)
    assert "Corrupt JPEG data" in warned.stderr      # what the player used to see
    capfd.readouterr()
    photo = load_image(str(bad))
    out, err = capfd.readouterr()
    assert photo.width > 1000 and "Corrupt JPEG" not in err and err == ""
    os.write(2, b"still here\n")                     # fd 2 is given back afterwards
    assert capfd.readouterr().err == "still here\n"


def test_overlay_into_a_missing_folder_is_an_error_not_a_new_folder(tmp_path, capsys):
    photo = str(ROOT / "sample_images" / "rotated_anglo_7_0000.jpg")
    target = tmp_path / "no" / "such" / "seen.jpg"
    status, out, err = run_cli([photo, "--overlay", str(target)], capsys)
    assert status == 1 and "does not exist" in err
    assert not (tmp_path / "no").exists()
    status, out, err = run_cli([photo, photo, "--overlay", str(tmp_path / "no" / "dir")], capsys)
    assert status == 2 and "does not exist" in err and not (tmp_path / "no").exists()
