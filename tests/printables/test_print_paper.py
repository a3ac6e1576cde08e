"""Paper sizes, fonts and atomic output shared by every printable."""
from __future__ import annotations

import io

import pytest

from print_helpers import MM, fonts_of, reader
from printables import paper
from printables.fonts import FONT_DIR
from printables.paper import PrintError, atomic_write_bytes, paper_size, write_pdf
from printables.scorepad import build_scorepad, render_scorepad_bytes


def test_paper_sizes_in_mm():
    w, h = paper_size("a4")
    assert (round(w / MM, 1), round(h / MM, 1)) == (210.0, 297.0)
    w, h = paper_size("Letter", landscape_=True)
    assert (round(w / MM, 1), round(h / MM, 1)) == (279.4, 215.9)


def test_unknown_paper_is_a_clear_error():
    with pytest.raises(PrintError, match="unsupported paper 'legal'"):
        paper_size("legal")


def test_fonts_and_licence_are_shipped():
    assert (FONT_DIR / "DejaVuSans.ttf").stat().st_size > 100_000
    assert (FONT_DIR / "DejaVuSans-Bold.ttf").stat().st_size > 100_000
    assert "Bitstream" in (FONT_DIR / "LICENSE-DejaVu.txt").read_text()


def test_every_font_is_embedded_and_no_helvetica():
    fonts = fonts_of(reader(render_scorepad_bytes(title="Ñandú ¿Bolos? ¡Sí! Straße")))
    assert fonts and all(fonts.values()), fonts
    assert not any("Helvetica" in name for name in fonts)


def test_failure_mid_build_leaves_no_file(tmp_path):
    target = tmp_path / "out.pdf"

    def broken(buffer):
        buffer.write(b"%PDF-1.4 half a document")
        raise RuntimeError("renderer crashed")

    with pytest.raises(RuntimeError):
        write_pdf(broken, target)
    assert list(tmp_path.iterdir()) == []


def test_failure_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(paper.os, "replace", failing_replace)
    with pytest.raises(PrintError, match="cannot write .*No space left"):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_a_bad_option_leaves_no_file(tmp_path):
    target = tmp_path / "pad.pdf"
    with pytest.raises(PrintError):
        build_scorepad(target, players=0)
    assert not target.exists()


def test_atomic_write_replaces_and_returns_path(tmp_path):
    target = tmp_path / "pad.pdf"
    target.write_bytes(b"old")
    target.chmod(0o644)
    assert build_scorepad(target) == target
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["pad.pdf"]
    assert target.stat().st_mode & 0o777 == 0o644      # the old file's mode, not mkstemp's 0600


def test_unwritable_directory_is_a_print_error(tmp_path):
    with pytest.raises(PrintError, match="cannot write"):
        build_scorepad(tmp_path / "missing" / "pad.pdf")


def test_file_object_output_gets_the_same_pdf(tmp_path):
    buffer = io.BytesIO()
    assert build_scorepad(buffer, players=2) is buffer
    path = build_scorepad(tmp_path / "pad.pdf", players=2)
    assert buffer.getvalue() == path.read_bytes()        # invariant mode: byte-identical
