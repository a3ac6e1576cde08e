"""Helpers for the printables tests: PDF inspection and rendering."""
from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import cv2
import numpy as np
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


def reader(data) -> PdfReader:
    if isinstance(data, (str, Path)):
        return PdfReader(str(data))
    return PdfReader(io.BytesIO(data))


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width) / MM, float(box.height) / MM


def _mul(a, b):
    """Product of two PDF matrices [a b c d e f] (a applied first)."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return [a0 * b0 + a1 * b2, a0 * b1 + a1 * b3, a2 * b0 + a3 * b2, a2 * b1 + a3 * b3,
            a4 * b0 + a5 * b2 + b4, a4 * b1 + a5 * b3 + b5]


def rectangles(pdf, page) -> list[tuple[float, float, float, float]]:
    """Every `re` rectangle on a page as (x, y, w, h) in mm of the page, transforms applied.

    Only translations and scalings occur in our PDFs, so a rectangle stays a
    rectangle; its width and height come out as drawn on paper.
    """
    content = ContentStream(page.get_contents(), pdf)
    ctm, stack, out = [1, 0, 0, 1, 0, 0], [], []
    for operands, op in content.operations:
        if op == b"q":
            stack.append(list(ctm))
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            x0, y0 = ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]
            w1, h1 = ctm[0] * w, ctm[3] * h
            if w1 < 0:
                x0, w1 = x0 + w1, -w1
            if h1 < 0:
                y0, h1 = y0 + h1, -h1
            out.append((x0 / MM, y0 / MM, w1 / MM, h1 / MM))
    return out


def fonts_of(pdf) -> dict[str, bool]:
    """Font base names used on any page -> whether the font file is embedded."""
    fonts = {}
    for page in pdf.pages:
        resources = page.get("/Resources") or {}
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            name = str(font.get("/BaseFont"))
            embedded = False
            if font.get("/FontDescriptor"):
                desc = font["/FontDescriptor"].get_object()
                embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            for child in font.get("/DescendantFonts") or []:
                desc = child.get_object().get("/FontDescriptor")
                if desc is not None:
                    desc = desc.get_object()
                    embedded = embedded or any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts[name] = embedded
    return fonts


def render(pdf_path: Path, dpi: int = 50) -> list[np.ndarray]:
    """Every page as a grey image, via poppler's pdftoppm."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    prefix = pdf_path.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf_path), str(prefix)], check=True)
    pages = sorted(pdf_path.parent.glob(prefix.name + "-*.png"),
                   key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [cv2.imread(str(p), cv2.IMREAD_GRAYSCALE) for p in pages]


def ink_box(image: np.ndarray, threshold: int = 200):
    """Bounding box (x0, y0, x1, y1) of the non-white pixels, as fractions of the page."""
    ys, xs = np.nonzero(image < threshold)
    h, w = image.shape
    return xs.min() / w, ys.min() / h, (xs.max() + 1) / w, (ys.max() + 1) / h


def assert_inked_sensibly(pdf_path: Path, *, min_w: float = 0.8, min_h: float = 0.8):
    """Not blank, and the ink spans most of the page (margins are at most ~10 % a side)."""
    for n, image in enumerate(render(pdf_path), start=1):
        dark = np.count_nonzero(image < 200) / image.size
        assert dark > 0.005, f"page {n} looks blank ({dark:.4f} ink)"
        x0, y0, x1, y1 = ink_box(image)
        assert x1 - x0 >= min_w, f"page {n}: ink spans only {x1 - x0:.0%} of the width"
        assert y1 - y0 >= min_h, f"page {n}: ink spans only {y1 - y0:.0%} of the height"


def page_texts(pdf) -> list[str]:
    return [page.extract_text() for page in pdf.pages]


def strings_in(value) -> list[str]:
    """Every string inside nested texts, lists, tuples, dicts and RulesText-like objects."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_in(v)]
    if hasattr(value, "__dataclass_fields__"):
        return [s for name in value.__dataclass_fields__ for s in strings_in(getattr(value, name))]
    return []


def missing_glyphs(value) -> set[str]:
    """Characters of the texts that DejaVu Sans (regular or bold) cannot draw."""
    from reportlab.pdfbase import pdfmetrics

    from printables.fonts import register_fonts

    faces = [pdfmetrics.getFont(name).face for name in register_fonts()]
    chars = {ch for s in strings_in(value) for ch in s if not ch.isspace()}
    return {ch for ch in chars if not all(ord(ch) in face.charToGlyph for face in faces)}
