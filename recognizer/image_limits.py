"""A photo's size read from its header, before any pixel is decoded: the guard against
decompression bombs (a 100 KB PNG can declare 30000 x 30000 pixels, 2.7 GB once decoded).

Only the formats whose header we read here are decoded at all (JPEG, PNG, WebP, HEIC), so a
decoder never meets a size we have not checked.
"""
from __future__ import annotations

import io

# The largest photo decoded: a 50 MP phone photo is 150 MB as BGR pixels; beyond that it is a
# bomb or a 200 MP camera mode, which the web page shrinks to 3000 px before uploading anyway.
MAX_PIXELS = 50_000_000

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1",
               b"msf1")


def jpeg_size(data: bytes) -> tuple[int, int] | None:
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
        if marker in (0xD8, 0x01, 0xFF) or 0xD0 <= marker <= 0xD7:
            i += 1 if marker == 0xFF else 2      # fill bytes, then markers without a length
            continue
        seglen = int.from_bytes(data[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > n:
                return None
            h = int.from_bytes(data[i + 5:i + 7], "big")
            w = int.from_bytes(data[i + 7:i + 9], "big")
            return w, h
        if marker == 0xDA:                       # scan data before any frame header: broken
            return None
        i += 2 + seglen
    return None


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's IHDR chunk (always the first)."""
    if data[:8] != PNG_MAGIC or data[12:16] != b"IHDR" or len(data) < 24:
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def webp_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a WebP's first chunk: VP8 (lossy), VP8L (lossless) or VP8X."""
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP" or len(data) < 30:
        return None
    chunk, body = data[12:16], data[20:]
    if chunk == b"VP8X":
        return (int.from_bytes(body[4:7], "little") + 1, int.from_bytes(body[7:10], "little") + 1)
    if chunk == b"VP8L" and body[:1] == b"\x2f":
        bits = int.from_bytes(body[1:5], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and body[3:6] == b"\x9d\x01\x2a":
        return (int.from_bytes(body[6:8], "little") & 0x3FFF,
                int.from_bytes(body[8:10], "little") & 0x3FFF)
    return None


def is_heif(data: bytes) -> bool:
    """Is this a HEIC/HEIF file (an ISO box "ftyp" naming a HEIF brand)?"""
    return data[4:8] == b"ftyp" and data[8:12] in HEIF_BRANDS


def heif_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a HEIC's primary image from libheif's header parse (no decoding)."""
    import pillow_heif
    try:
        return tuple(pillow_heif.open_heif(io.BytesIO(data)).size)  # type: ignore[return-value]
    except Exception:             # a broken file: the decoder will say what is wrong
        return None


def image_size(data: bytes) -> tuple[str, tuple[int, int] | None] | None:
    """(format, (width, height) or None when the header is broken), or None for a format we do
    not decode."""
    for kind, test, size in (("jpeg", lambda d: d[:3] == b"\xff\xd8\xff", jpeg_size),
                             ("png", lambda d: d[:8] == PNG_MAGIC, png_size),
                             ("webp", lambda d: d[:4] == b"RIFF" and d[8:12] == b"WEBP", webp_size),
                             ("heic", is_heif, heif_size)):
        if test(data):
            return kind, size(data)
    return None


def too_many_pixels(width: int, height: int) -> str | None:
    """The refusal for a photo over MAX_PIXELS, or None when it is small enough."""
    if width * height <= MAX_PIXELS:
        return None
    return (f"photo too large: {width}x{height} pixels is {width * height / 1e6:.0f} megapixels; "
            f"at most {MAX_PIXELS // 1_000_000} are read (take it at a lower resolution)")
