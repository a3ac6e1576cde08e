"""The fonts every printable uses: DejaVu Sans, shipped with the package.

ReportLab's built-in Helvetica has no glyphs beyond Latin-1 and is never
embedded, so accents and the rules card's ¿ ¡ ß would depend on the
reader's PDF viewer.  DejaVu Sans (Bitstream Vera licence, see
fonts/LICENSE-DejaVu.txt) is embedded as a subset in every PDF we write.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


def register_fonts() -> tuple[str, str]:
    """Register the fonts with ReportLab once; return (regular, bold) names."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in _FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    # <b> inside a Paragraph must pick the bold file, not a synthetic bold.
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)
    return REGULAR, BOLD


def wrap_words(text: str, font: str, size: float, width_pt: float) -> list[str]:
    """Text broken into lines no wider than width_pt (a single over-long word keeps its line),
    for captions drawn straight on a canvas or in a Drawing, where no Paragraph wraps them."""
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width_pt:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
