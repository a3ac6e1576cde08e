"""Paper sizes, the errors a printable reports to the user, and atomic output.

Every builder renders a whole PDF before anything reaches the target path:
it writes into a temporary file in the target's directory and renames it over
the target only when rendering succeeded, so a crash or a bad game never
leaves a half-written PDF behind (and never clobbers a good old one).
"""
from __future__ import annotations

import io
import os
import tempfile
from functools import partial
from pathlib import Path
from typing import BinaryIO, Callable, Union

from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import register_fonts

PAPERS: dict[str, tuple[float, float]] = {"letter": LETTER, "a4": A4}   # portrait, points

Output = Union[str, os.PathLike, BinaryIO]


class PrintError(ValueError):
    """A problem the user can fix (bad option, bad game file); the CLI prints it on one line."""


def paper_size(name: str, *, landscape_: bool = False) -> tuple[float, float]:
    """Page size in points for a paper name ("letter" or "a4")."""
    key = str(name).strip().lower()
    if key not in PAPERS:
        raise PrintError(f"unsupported paper {name!r} (choose {' or '.join(PAPERS)})")
    size = PAPERS[key]
    return landscape(size) if landscape_ else portrait(size)


def paper_for(lang: str, paper: str | None = None) -> str:
    """The chosen paper, checked; else the language's usual one: Letter for English (the
    North American reader), A4 for every other language.  Used by the Topple and Pyramid
    printables, Bowling's rules card (CLI and web) and the web app's Bowling PDFs (by the
    page's language); the Bowling builders themselves keep Letter as their default."""
    if paper is None:
        return "letter" if lang == "en" else "a4"
    paper_size(paper)
    return str(paper).strip().lower()


def make_canvas(target, **kwargs) -> Canvas:
    """A canvas whose default font is our embedded one, so no unembedded Helvetica sneaks in."""
    regular, _ = register_fonts()
    # Platypus passes these explicitly, as None when unset: fill the gaps, keep real choices.
    if kwargs.get("initialFontName") is None:
        kwargs["initialFontName"] = regular
    if kwargs.get("invariant") is None:
        kwargs["invariant"] = 1           # reproducible bytes: no timestamps/random ids
    return Canvas(target, **kwargs)


def canvas_maker(**kwargs) -> Callable[..., Canvas]:
    """The same, for platypus doc templates (`doc.build(..., canvasmaker=canvas_maker())`)."""
    return partial(make_canvas, **kwargs)


def write_pdf(render: Callable[[BinaryIO], None], out: Output) -> Output:
    """Run render(buffer) and deliver the bytes to `out` all at once.

    `out` is a path (written atomically, returned as a Path) or a writable
    binary file object (written once rendering succeeded, returned as is).
    """
    buffer = io.BytesIO()
    render(buffer)
    data = buffer.getvalue()
    if hasattr(out, "write"):
        out.write(data)
        return out
    return atomic_write_bytes(Path(out), data)


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    """Write data to path via a temp file in the same directory and os.replace."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise PrintError(f"cannot write {path}: it is a directory")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise PrintError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        # mkstemp makes the file private; give it the mode a plain open() would.
        os.chmod(tmp_name, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp_name, path)
    except BaseException as exc:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise PrintError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise
    return path


def render_bytes(render: Callable[[BinaryIO], None]) -> bytes:
    """The PDF bytes of a render function, for the web app."""
    buffer = io.BytesIO()
    render(buffer)
    return buffer.getvalue()
