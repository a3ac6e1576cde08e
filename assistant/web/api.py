"""The JSON API the pages use (and tests drive); every error is {"error": reason}."""
from __future__ import annotations

import base64
import importlib
import threading
import time
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request
from flask_wtf.csrf import generate_csrf

from ..errors import TablesideError
from ..json_depth import check_depth
from ..state import FrameState
from .db import get_db
from .limits import recognition_slot
from .store import StaleGame, apply_action, create_game, list_games, load_game

bp = Blueprint("api", __name__, url_prefix="/api")

OBJECTIVES = ("game", "pins", "strike", "clear")
OVERLAY_LONG_SIDE = 720

# The solver keeps a module-level memo of the last deal; hints from several
# request threads take turns so they never race on it.
_solver_lock = threading.Lock()


class Unavailable(Exception):
    """A part of the product (solver, recogniser, printables) is not installed."""


def optional(module: str, *names: str):
    """Import `names` from `module`, or answer 503 when that part is missing."""
    try:
        mod = importlib.import_module(module)
        return [getattr(mod, n) for n in names]
    except (ImportError, AttributeError):
        abort(503, description=f"this Tableside has no {module.split('.')[0]} "
                               f"({', '.join(names)} is missing)")


def json_body() -> dict:
    # get_data obeys max_content_length (413 before reading a byte too many)
    check_depth(request.get_data(cache=True).decode("utf-8", "replace"), "the request's JSON")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400, description="send a JSON object (Content-Type: application/json)")
    return body


# ---- hints -----------------------------------------------------------------

def compute_hint(state: Any, objective: str = "game", variant=None) -> dict:
    """The solver's hint JSON for a frame state (a FrameState or its JSON)."""
    (hint,) = optional("assistant.solver", "hint")
    if objective not in OBJECTIVES:
        raise TablesideError(f"unknown objective {objective!r}; choose {', '.join(OBJECTIVES)}")
    kwargs = {} if variant is None else {"variant": variant}
    with _solver_lock:
        return hint(state, objective=objective, **kwargs).to_json()


def game_json(stored, with_hint: bool = False, objective: str = "game") -> dict:
    out = stored.to_json()
    turn = out.get("turn")
    if with_hint and turn and turn.get("state") and turn["state"].get("pins"):
        try:
            out["hint"] = compute_hint(FrameState.from_json(turn["state"]), objective,
                                       stored.game.variant)
        except TablesideError as e:
            out["hint"] = {"error": str(e)}
    return out


def _hint_args() -> tuple[bool, str]:
    want = request.args.get("hint", "0") not in ("0", "", "false", "no")
    return want, request.args.get("objective", "game")


@bp.post("/hint")
def post_hint():
    """Body: a state JSON, or {"state": {...}, "objective": "pins"}."""
    body = json_body()
    objective = body.get("objective", "game")
    state = body.get("state", {k: v for k, v in body.items() if k not in ("objective",
                                                                          "variant")})
    variant = None
    if "variant" in body:
        from .store import variant_of
        variant = variant_of(body["variant"])
    if not isinstance(objective, str):
        raise TablesideError("'objective' must be a name such as game, pins or strike")
    return jsonify(compute_hint(FrameState.from_json(state), objective, variant))


# ---- games -------------------------------------------------------------------

@bp.get("/csrf")
def get_csrf():
    """A CSRF token for scripted clients (pages carry theirs in a <meta> tag)."""
    return jsonify(csrf_token=generate_csrf())


@bp.post("/games")
def post_game():
    body = json_body()
    stored = create_game(get_db(), body.get("players"), body.get("variant", "sackson"),
                         body.get("mode", "table"))
    return jsonify(id=stored.id, url=f"/games/{stored.id}"), 201


@bp.get("/games")
def get_games():
    db = get_db()
    return jsonify(unfinished=list_games(db, over=False), finished=list_games(db, over=True))


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    want, objective = _hint_args()
    return jsonify(game_json(load_game(get_db(), game_id), want, objective))


@bp.post("/games/<game_id>/actions")
def post_action(game_id: str):
    """Body: an action ({"type": "play", ...} or {"type": "undo"}), optional "version"
    (the game's version the screen showed; "at", the number of actions, for old pages)."""
    body = json_body()
    want, objective = _hint_args()
    db = get_db()
    try:
        stored = apply_action(db, game_id, body, body.get("at"), body.get("version"))
    except StaleGame as e:
        return jsonify(error=str(e), game=game_json(load_game(db, game_id), want,
                                                    objective)), 409
    return jsonify(game_json(stored, want, objective))


def sheet_data(stored) -> dict:
    game = stored.game
    title = "Bowling Solitaire"
    if game.over and game.winners():
        title += " — won by " + " & ".join(game.winners())
    return {"players": [{"name": n, "rolls": list(r)} for n, r in zip(game.players, game.rolls)],
            "date": stored.created[:10], "title": title}


@bp.get("/games/<game_id>/sheet.pdf")
def get_sheet(game_id: str):
    from .printing import paper_arg, pdf_response
    stored = load_game(get_db(), game_id)
    build_sheet = find_printable("build_sheet")
    return pdf_response(lambda out: build_sheet(sheet_data(stored), out, paper=paper_arg()),
                        f"tableside-{stored.id}.pdf")


def find_printable(name: str):
    """A printables builder, wherever the printables package keeps it."""
    for module in ("printables", "printables.sheet", "printables.scorepad",
                   "printables.rules_card", "printables.mat"):
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    abort(503, description=f"this Tableside cannot print that yet (printables.{name} "
                           "is missing)")


# ---- photos --------------------------------------------------------------------

def sniff_image(data: bytes) -> str | None:
    """The image format from the first bytes (never the file name), or None."""
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[4:8] == b"ftyp":
        (is_heif,) = optional("recognizer.image_io", "is_heif")
        return "heic" if is_heif(data) else None
    return None


def overlay_data_url(image) -> str:
    import cv2
    h, w = image.shape[:2]
    scale = OVERLAY_LONG_SIDE / max(h, w)
    if scale < 1:
        image = cv2.resize(image, (round(w * scale), round(h * scale)),
                           interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 72])
    if not ok:
        raise RuntimeError("could not encode the overlay")
    return "data:image/jpeg;base64," + base64.b64encode(buf.tobytes()).decode("ascii")


def _overlay_or_none(draw_overlay, data: bytes, reading) -> str | None:
    try:
        return overlay_data_url(draw_overlay(_image_of(data), reading))
    except Exception:               # the reading is still useful without its picture
        current_app.logger.exception("overlay failed")
        return None


@bp.post("/recognize")
def post_recognize():
    """Multipart `photo` -> the recogniser's reading plus an overlay thumbnail.

    The photo is read into memory, recognised and dropped: never stored.
    """
    upload = request.files.get("photo")
    if upload is None:
        abort(400, description="send the photo as a multipart form field named 'photo'")
    data = upload.read()
    if not data:
        abort(400, description="the photo is empty")
    kind = sniff_image(data)
    if kind is None:
        abort(400, description="that file is not a photo (JPEG, PNG, WebP or HEIC)")
    recognize, draw_overlay, error, too_large = optional(
        "recognizer", "recognize", "draw_overlay", "RecognitionError", "PhotoTooLarge")
    # Knowing the game, the photo must show exactly its standing pins and live piles:
    # that prior removes the layout guesswork of sparse mid-frame photos.
    game_id = request.form.get("game")
    expect = load_game(get_db(), game_id).game.expected_table() if game_id else None
    started = time.perf_counter()
    with recognition_slot():
        try:
            reading = recognize(data, expect=expect)
        except too_large as e:      # refused from its header, nothing decoded
            return jsonify(error=str(e)), 413
        except error as e:
            seen = getattr(e, "partial", None)
            if seen is None or not seen.cards:
                abort(400, description=str(e))
            # the cards that were found, drawn: why the photo could not be read (glare, clutter)
            return jsonify({"error": str(e),
                            "overlay": _overlay_or_none(draw_overlay, data, seen)}), 400
        out = reading.to_dict()
        out["overlay"] = _overlay_or_none(draw_overlay, data, reading)
        del reading
    out.pop("image", None)          # the recogniser's idea of a file name: not ours to echo
    # Below this confidence the page asks the player to check the card.
    out["low_confidence"] = getattr(importlib.import_module("recognizer"), "LOW_CONFIDENCE", 0.7)
    out["server_seconds"] = round(time.perf_counter() - started, 3)
    return jsonify(out)


def _image_of(data: bytes):
    (load_image,) = optional("recognizer", "load_image")
    photo = load_image(data)
    return getattr(photo, "image", photo)
