"""Tableside's web app: a phone on the kitchen table reads the cards and keeps score.

`create_app()` is the factory (as in Flask's flaskr tutorial).  The web layer
is thin: one blueprint per area (pages, games, hints, photos, printing) calls
the same `Game`, solver, recogniser and printables functions the CLI calls;
games live in the SQLite database of `db.py` as action logs (`store.py`).
"""
from __future__ import annotations

import io
import mimetypes
import os
import secrets
import sqlite3
from pathlib import Path
from typing import Any, Mapping

import platformdirs
from flask import Flask, Request, jsonify, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from ..common import TablesideError
from . import db, games, hints, i18n, pages, photohint, photos, printing, pyramid, stats, topple
from .bowling_words import BOWLING
from .hosts import check_host, default_names
from .limits import MAX_JSON_BYTES, MAX_UPLOAD_BYTES
from .store import StaleGame, UnknownGame
from .topple_words import TOPPLE

SECRET_FILE = "secret_key"
DB_FILE = "tableside.sqlite3"

mimetypes.add_type("application/manifest+json", ".webmanifest")

csrf = CSRFProtect()

# Only this origin: no CDN, no inline script or style; data: images for the
# QR code and the photo overlay thumbnail.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class MemoryUploadRequest(Request):
    """Uploaded files stay in memory: a photo is never written to disk.

    Werkzeug spools uploads over 500 KB to a temporary file; MAX_CONTENT_LENGTH
    bounds what we keep in memory instead.
    """

    def _get_file_stream(self, total_content_length, content_type, filename=None,
                         content_length=None):
        return io.BytesIO()


# The app's areas.  A new game's pages and API are its own blueprint, named here once.
BLUEPRINTS = (pages.bp, games.bp, hints.bp, photos.bp, photohint.bp, printing.bp, stats.bp,
              topple.bp, pyramid.bp)


def default_data_dir() -> Path:
    env = os.environ.get("TABLESIDE_DATA")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("tableside"))


def load_secret_key(data_dir: Path) -> str:
    """The app's secret key, generated once and kept in the data dir (mode 0600)."""
    path = data_dir / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 32:
            return key
        raise RuntimeError(f"{path} is damaged; delete it to make a new key") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.request_class = MemoryUploadRequest
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_UPLOAD_BYTES,
        WTF_CSRF_TIME_LIMIT=None,          # a game lasts longer than the default hour
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        JSON_SORT_KEYS=False,
        LAN_URL=None,                      # set by `tableside serve`
        ALLOWED_HOSTS=default_names(),     # `serve` adds its --host; IP literals always pass
    )
    if config:
        app.config.update(config)
    data_dir = Path(app.config.get("DATA_DIR") or default_data_dir())
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    app.config["DATA_DIR"] = str(data_dir)
    app.config.setdefault("DATABASE", str(data_dir / DB_FILE))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(data_dir)

    app.before_request(check_host)
    app.before_request(_limit_body)
    db.init_app(app)
    csrf.init_app(app)
    # Bowling's words for every page, Topple's for its own; Pyramid's pages stay English.
    i18n.init_app(app, BOWLING, {topple.bp.name: TOPPLE, pyramid.bp.name: i18n.ENGLISH_ONLY})
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    _register_errors(app)

    @app.after_request
    def security_headers(response):
        h = response.headers
        h.setdefault("Content-Security-Policy", CSP)
        h.setdefault("X-Content-Type-Options", "nosniff")
        h.setdefault("Referrer-Policy", "no-referrer")
        h.setdefault("X-Frame-Options", "DENY")
        h.setdefault("Permissions-Policy", "camera=(self), microphone=(), geolocation=()")
        if request.path.startswith("/api/"):
            h.setdefault("Cache-Control", "no-store")
        return response

    return app


def _limit_body() -> None:
    """Only a photo upload (multipart) may be large; JSON and forms get MAX_JSON_BYTES."""
    if request.mimetype != "multipart/form-data":
        request.max_content_length = MAX_JSON_BYTES


def wants_json() -> bool:
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


# The error page's title for each status, a key of i18n.CHROME (the reason stays English).
FRIENDLY = {400: "error_400", 404: "error_404", 405: "error_405", 409: "error_409",
            413: "error_413", 500: "error_500", 503: "error_503"}


def error_response(status: int, message: str):
    if wants_json():
        return jsonify(error=message), status
    t = i18n.current()["t"]
    return render_template("error.html", status=status, message=message,
                           title=t(FRIENDLY.get(status, "error_other"))), status


def _register_errors(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(e):
        # Flask-WTF: "The CSRF token is missing." when none was sent; a token signed for
        # another session (or with no session cookie) is "do not match" / "session token
        # is missing"; an old one "has expired" or "is invalid".
        sent_none = (e.description or "") == "The CSRF token is missing."
        why = "missing" if sent_none else "expired or from another session"
        return error_response(400, f"the page's security token is {why}; "
                                   "reload the page and try again")

    @app.errorhandler(413)
    def too_large(e):
        if request.mimetype == "multipart/form-data":
            return error_response(413, "the upload is too big: photos can be at most "
                                       f"{MAX_UPLOAD_BYTES // (1024 * 1024)} MB")
        return error_response(413, "the request is too big: at most "
                                   f"{MAX_JSON_BYTES // 1024} KB of JSON or form data")

    @app.errorhandler(sqlite3.OperationalError)
    def database_busy(e):
        # Another process (a second server, a backup) held the write lock past the busy
        # timeout: nothing was written, and the same request will work in a moment.
        if "locked" not in str(e) and "busy" not in str(e):
            return unexpected(e)
        return error_response(503, "busy, try again: the game store is in use by another "
                                   "program")

    @app.errorhandler(UnknownGame)
    def unknown_game(e):
        return error_response(404, str(e))

    @app.errorhandler(StaleGame)
    def stale(e):
        return error_response(409, str(e))

    @app.errorhandler(TablesideError)
    def refused(e):
        return error_response(400, str(e))

    @app.errorhandler(HTTPException)
    def http_error(e):
        return error_response(e.code or 500, e.description or e.name)

    @app.errorhandler(Exception)
    def unexpected(e):
        app.logger.exception("unexpected error on %s", request.path)
        return error_response(500, "something went wrong on our side; the game is safe, "
                                   "reload the page to carry on")
