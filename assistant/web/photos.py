"""POST /api/recognize (Bowling) and POST /api/pyramid/recognize: a photo of the table read by
the recogniser, as the CLI's `recognize` reads it.  Photos are read in memory and dropped."""
from __future__ import annotations

import base64
import time

from flask import Blueprint, abort, current_app, jsonify, request

import recognizer
from recognizer.image_io import PhotoTooLarge, RecognitionError, sniff_image
from recognizer.pyramid_pipeline import recognize_pyramid
from recognizer.result import LOW_CONFIDENCE
from recognizer.overlay import overlay_jpeg

from .db import get_db
from .limits import recognition_slot
from ..pyramid.positions import PLACES
from . import pyramid_store
from .store import load_game

bp = Blueprint("photos", __name__, url_prefix="/api")

OVERLAY_LONG_SIDE = 720


def _overlay_or_none(data: bytes, reading) -> str | None:
    try:
        jpeg = overlay_jpeg(data, reading, OVERLAY_LONG_SIDE)
    except Exception:               # the reading is still useful without its picture
        current_app.logger.exception("overlay failed")
        return None
    return "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")


def _uploaded_photo() -> bytes:
    """The multipart field `photo`, checked to be an image by its first bytes (400 if not)."""
    upload = request.files.get("photo")
    if upload is None:
        abort(400, description="send the photo as a multipart form field named 'photo'")
    data = upload.read()
    if not data:
        abort(400, description="the photo is empty")
    if sniff_image(data) is None:
        abort(400, description="that file is not a photo (JPEG, PNG, WebP or HEIC)")
    return data


@bp.post("/recognize")
def post_recognize():
    """Multipart `photo` -> the recogniser's reading plus an overlay thumbnail.

    The photo is read into memory, recognised and dropped: never stored.
    """
    data = _uploaded_photo()
    # Knowing the game, the photo must show exactly its standing pins and live piles:
    # that prior removes the layout guesswork of sparse mid-frame photos.
    game_id = request.form.get("game")
    expect = load_game(get_db(), game_id).game.expected_table() if game_id else None
    started = time.perf_counter()
    with recognition_slot():
        try:
            reading = recognizer.recognize(data, expect=expect)   # looked up here: tests spy on it
        except PhotoTooLarge as e:      # refused from its header, nothing decoded
            return jsonify(error=str(e)), 413
        except RecognitionError as e:
            seen = e.partial
            if seen is None or not seen.cards:
                abort(400, description=str(e))
            # the cards that were found, drawn: why the photo could not be read (glare, clutter)
            return jsonify({"error": str(e), "overlay": _overlay_or_none(data, seen)}), 400
        out = reading.to_dict()
        out["overlay"] = _overlay_or_none(data, reading)
        del reading
    return _answer(out, started)


def _answer(out: dict, started: float):
    """A reading as the pages get it: with the confidence below which they ask the player to
    check a card, the server's seconds, and no file name (the recogniser's, not ours to echo)."""
    out.pop("image", None)
    out["low_confidence"] = LOW_CONFIDENCE
    out["server_seconds"] = round(time.perf_counter() - started, 3)
    return jsonify(out)


@bp.post("/pyramid/recognize")
def post_recognize_pyramid():
    """Multipart `photo` (and optionally `game`, a Pyramid game: its places still holding a
    card are the reader's prior) -> the pyramid reading: {"pyramid": {"1.1": "7", ...},
    "waste": [...], "stock": bool, "cards": [...], "warnings": [...]}.  The page fills the
    places read and rings those below `low_confidence`; the player checks every card."""
    data = _uploaded_photo()
    prior = None
    game_id = request.form.get("game")
    if game_id:
        state = pyramid_store.load_game(get_db(), game_id).game.state
        if state is not None:       # (while the deal is being entered, every place holds a card)
            prior = [p for p, card in zip(PLACES, state.pyramid) if card is not None]
    started = time.perf_counter()
    with recognition_slot():
        try:
            reading = recognize_pyramid(data, prior=prior)
        except PhotoTooLarge as e:
            return jsonify(error=str(e)), 413
        except RecognitionError as e:
            abort(400, description=str(e))
        out = reading.to_dict()
        del reading
    return _answer(out, started)
