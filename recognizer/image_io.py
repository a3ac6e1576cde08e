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
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass

import cv2
import numpy as np

from .image_limits import image_size, is_heif, too_many_pixels  # is_heif: also the web app's sniff

MIN_SIDE = 200            # smallest photo side we accept, in pixels
# The long side, in pixels, that cards are read at (the work image for finding is smaller).
# Fitted by tools/fit_detail_long.py on the even independent photos (1700 until 2026-12-04:
# positions 85.17 -> 90.19 %, layouts 66.67 -> 76.81 %, wrong and unflagged 50 -> 22).
DETAIL_LONG = 2200
DETAIL_SLACK = 1.15       # a photo within this factor of it is not resampled (nor decoded reduced below it)


class RecognitionError(ValueError):
    """Bad input: the one-line message says what is wrong.  partial, when there is something
    to show the player: what was seen (a Recognition of the cards found), so an overlay can
    tell why -- one card found where ten were dealt points at glare or a busy cloth."""

    def __init__(self, message: str, partial=None):
        super().__init__(message)
        self.partial = partial


class PhotoTooLarge(RecognitionError):
    """A photo over image_limits.MAX_PIXELS, refused from its header before decoding."""


@dataclass
class Photo:
    image: np.ndarray      # BGR, upright, possibly reduced
    width: int             # the full photo's size, as a viewer shows it
    height: int
    scale: float           # full-photo pixels per pixel of `image`
    name: str | None = None


def sniff_image(data: bytes) -> str | None:
    """The image format from the first bytes (never the file name), or None."""
    found = image_size(data)
    return found[0] if found else None


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


@contextmanager
def _libjpeg_quiet():
    """libjpeg prints its warnings ("Corrupt JPEG data: 12 extraneous bytes ...") straight to
    file descriptor 2, past Python; the photo still decodes, so the player should not see them.
    Only on the main thread (the CLI): in the server other threads may write to fd 2 meanwhile,
    and there it is only the server's log."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def load_image(source, detail_long: int | None = None) -> Photo:
    """Read a photo from a path, bytes or a BGR ndarray; raise RecognitionError if it is not one.
    detail_long: the long side it is read at (default DETAIL_LONG, looked up at each call so
    tools/fit_detail_long.py can try others)."""
    name = None
    if detail_long is None:
        detail_long = DETAIL_LONG
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
        kind_size = image_size(data)        # from the header: nothing is decoded before this check
        if kind_size is None:
            raise RecognitionError("not an image: the data is not a JPEG, PNG, WebP or HEIC photo")
        kind, size = kind_size
        if size is None and kind != "heic":     # libheif says itself what is broken
            raise RecognitionError(f"not an image: the {kind.upper()} header is broken")
        if size is not None and too_many_pixels(*size):
            raise PhotoTooLarge(too_many_pixels(*size))
        buf = np.frombuffer(data, np.uint8)
        if kind != "jpeg":
            size = None                      # reduced decoding is libjpeg's alone
        flag = cv2.IMREAD_COLOR
        if size and max(size) / 2 >= detail_long / DETAIL_SLACK:
            red = 2
            while red < 8 and max(size) / (red * 2) >= detail_long / DETAIL_SLACK:
                red *= 2
            flag = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
                    8: cv2.IMREAD_REDUCED_COLOR_8}[red]
        if kind == "heic":
            img = _decode_heif(data)
        else:
            with _libjpeg_quiet():
                img = cv2.imdecode(buf, flag)
        del buf
        if img is None:
            raise RecognitionError(f"not an image: the {kind.upper()} data cannot be decoded")
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
    if max(w, h) > detail_long * DETAIL_SLACK:
        scale = max(w, h) / detail_long
        img = cv2.resize(img, (round(w / scale), round(h / scale)), interpolation=cv2.INTER_AREA)
        scale = w / img.shape[1]
    return Photo(np.ascontiguousarray(img), w, h, scale, name)
