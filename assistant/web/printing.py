"""Printable PDFs: the score pad, the rules card, the play mat (and, in api.py, a game's sheet).

Each is rendered into memory by the printables package and sent as a download;
nothing is written to disk and no file name comes from the request.
"""
from __future__ import annotations

import io
from typing import Callable

from flask import Blueprint, abort, request, send_file

bp = Blueprint("printing", __name__, url_prefix="/print")

PAPERS = ("letter", "a4")
LANGUAGES = ("en", "es", "de")
MAX_PAD_PLAYERS = 8


def paper_arg() -> str:
    paper = request.args.get("paper", "letter").strip().lower()
    if paper not in PAPERS:
        abort(400, description=f"paper must be one of {', '.join(PAPERS)}")
    return paper


def pdf_response(build: Callable[[io.BytesIO], object], download_name: str):
    buf = io.BytesIO()
    try:
        build(buf)
    except ValueError as e:         # printables.PrintError: a bad option, said in words
        abort(400, description=str(e))
    buf.seek(0)
    return send_file(buf, mimetype="application/pdf", as_attachment=True,
                     download_name=download_name, max_age=0)


@bp.get("/scorepad.pdf")
def scorepad():
    from .api import find_printable
    raw = request.args.get("players", "1")
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= MAX_PAD_PLAYERS:  # "²"
        abort(400, description=f"players must be a number from 1 to {MAX_PAD_PLAYERS}")
    paper = paper_arg()
    build = find_printable("build_scorepad")
    return pdf_response(lambda out: build(out, players=int(raw), paper=paper),
                        "tableside-scorepad.pdf")


@bp.get("/rules.pdf")
def rules():
    from .api import find_printable
    lang = request.args.get("lang", "en").strip().lower()
    if lang not in LANGUAGES:
        abort(400, description=f"lang must be one of {', '.join(LANGUAGES)}")
    paper = paper_arg()
    build = find_printable("build_rules")
    return pdf_response(lambda out: build(out, lang=lang, paper=paper),
                        f"tableside-rules-{lang}.pdf")


@bp.get("/mat.pdf")
def mat():
    from .api import find_printable
    paper = paper_arg()
    build = find_printable("build_mat")
    return pdf_response(lambda out: build(out, paper=paper), "tableside-mat.pdf")
