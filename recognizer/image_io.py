"""Stage 0, load_image: a path, bytes or BGR array -> an upright BGR image and its true size.

cv2.imdecode(IMREAD_COLOR) applies the JPEG EXIF orientation (tested in
tests/recognizer/test_recog_stages.py), so coordinates are those of the photo as a viewer
shows it.  HEIC/HEIF (iPhones' default) is decoded by pillow-heif (libheif), which applies
the file's own rotation and mirroring as a viewer does.  Big JPEGs are decoded at 1/2, 1/4
or 1/8 scale straight from the DCT (libjpeg's reduced decoding), which is several times
faster than a full decode; everything the recogniser reports is scaled back to the full
photo's pixels.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass

import cv2
import numpy as np

MIN_SIDE = 200            # smallest photo side we accept, in pixels
DETAIL_LONG = 1700        # we never need more than this many pixels along the long side


class RecognitionError(ValueError):
    """Bad input: the one-line message says what is wrong.  partial, when there is something
    to show the player: what was seen (a Recognition of the cards found), so an overlay can
    tell why -- one card found where ten were dealt points at glare or a busy cloth."""

    def __init__(self, message: str, partial=None):
        super().__init__(message)
        self.partial = partial


@dataclass
class Photo:
    image: np.ndarray      # BGR, upright, possibly reduced
    width: int             # the full photo's size, as a viewer shows it
    height: int
    scale: float           # full-photo pixels per pixel of `image`
    name: str | None = None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's SOF header, without decoding."""
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        seglen = int.from_bytes(data[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h = int.from_bytes(data[i + 5:i + 7], "big")
            w = int.from_bytes(data[i + 7:i + 9], "big")
            return w, h
        i += 2 + seglen
    return None


HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1", b"msf1")


def is_heif(data: bytes) -> bool:
    """Is this a HEIC/HEIF file (an ISO box "ftyp" naming a HEIF brand)?"""
    return data[4:8] == b"ftyp" and data[8:12] in HEIF_BRANDS


def sniff_image(data: bytes) -> str | None:
    """The image format from the first bytes (never the file name), or None."""
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if is_heif(data):
        return "heic"
    return None


def _decode_heif(data: bytes) -> np.ndarray:
    """The primary image of a HEIC/HEIF file as upright 8-bit BGR."""
    import pillow_heif
    try:
        heif = pillow_heif.open_heif(io.BytesIO(data), convert_hdr_to_8bit=True, bgr_mode=True)
        img = np.asarray(heif)
    except Exception as e:            # libheif's own message says what is broken
        raise RecognitionError(f"not an image: the HEIC file cannot be decoded ({str(e).strip()})") from None
    if img.ndim == 3 and img.shape[2] == 4:
        img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    return img


def load_image(source, detail_long: int = DETAIL_LONG) -> Photo:
    """Read a photo from a path, bytes or a BGR ndarray; raise RecognitionError if it is not one."""
    name = None
    if isinstance(source, np.ndarray):
        img = source
        if img.ndim == 2:
            img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
        elif img.ndim == 3 and img.shape[2] == 4:
            img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
        if img.ndim != 3 or img.shape[2] != 3 or img.size == 0:
            raise RecognitionError(f"not an image: array of shape {source.shape}")
        if img.dtype != np.uint8:
            img = np.clip(img, 0, 255).astype(np.uint8)
        data = None
    else:
        if isinstance(source, (str, os.PathLike)):
            name = os.path.basename(os.fspath(source))
            try:
                with open(source, "rb") as f:
                    data = f.read()
            except OSError as e:
                raise RecognitionError(f"cannot read {source}: {e.strerror}") from None
        elif isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
        else:
            raise RecognitionError(f"not an image: expected a path, bytes or an array, got {type(source).__name__}")
        if len(data) == 0:
            raise RecognitionError("empty file: no image data")
        buf = np.frombuffer(data, np.uint8)
        size = _jpeg_size(data)
        flag = cv2.IMREAD_COLOR
        if size and max(size) >= 2 * detail_long:
            red = 2
            while red < 8 and max(size) / (red * 2) >= detail_long:
                red *= 2
            flag = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
                    8: cv2.IMREAD_REDUCED_COLOR_8}[red]
        img = _decode_heif(data) if is_heif(data) else cv2.imdecode(buf, flag)
        if img is None:
            raise RecognitionError("not an image: the data is not a readable JPEG/PNG/HEIC/WebP/TIFF/BMP file")
        if flag != cv2.IMREAD_COLOR:
            w, h = size
            if (img.shape[1] > img.shape[0]) != (w > h) and w != h:
                w, h = h, w          # EXIF rotated it by 90 degrees
            if min(w, h) < MIN_SIDE:
                raise RecognitionError(f"image too small: {w}x{h} pixels, need at least {MIN_SIDE} on each side")
            return Photo(img, w, h, w / img.shape[1], name)
    h, w = img.shape[:2]
    if min(w, h) < MIN_SIDE:
        raise RecognitionError(f"image too small: {w}x{h} pixels, need at least {MIN_SIDE} on each side")
    scale = 1.0
    if max(w, h) > detail_long * 1.15:
        scale = max(w, h) / detail_long
        img = cv2.resize(img, (round(w / scale), round(h / scale)), interpolation=cv2.INTER_AREA)
        scale = w / img.shape[1]
    return Photo(np.ascontiguousarray(img), w, h, scale, name)
