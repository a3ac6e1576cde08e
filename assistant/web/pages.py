"""The HTML pages: home and a game's frame screen (the print page is printing.py's).  The game
screen is driven by static/js/game.js through the JSON API; these views only render the shell."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import (Blueprint, current_app, redirect, render_template, request,
                   send_from_directory, url_for)

from ..common import TablesideError
from .db import get_db
from .i18n import current
from .net import lan_url, qr_svg
from .store import MAX_PLAYERS, create_game, list_games, load_game

bp = Blueprint("pages", __name__)



def phone_url() -> str:
    """The URL a phone on this network opens: set by `serve`, else guessed from this request."""
    configured = current_app.config.get("LAN_URL")
    if configured:
        return configured
    parts = urlsplit(request.host_url)
    host = parts.hostname or "127.0.0.1"
    port = parts.port or 80
    if host in ("localhost", "127.0.0.1", "::1"):
        return lan_url("0.0.0.0", port)
    return request.host_url


@bp.get("/")
def home(error: str | None = None, names: list[str] | None = None):
    db = get_db()
    url = phone_url()
    return render_template("home.html", unfinished=list_games(db, over=False, limit=20),
                           finished=list_games(db, over=True, limit=30), phone_url=url,
                           qr=qr_svg(url), error=error, names=names or [""],
                           max_players=MAX_PLAYERS)


@bp.post("/games")
def start_game():
    """The home page's form: player names (one field each) and the options."""
    names = [n.strip() for field in request.form.getlist("player")
             for n in field.split(",") if n.strip()]
    t = current()["t"]
    names = names or [t("solo_name")]         # one player need not type a name
    variant = request.form.get("variant", "sackson")
    if request.form.get("mode") == "score":
        mode = "score"
    else:
        mode = "dealt" if request.form.get("virtual") else "table"
    try:
        stored = create_game(get_db(), names, variant, mode)
    except TablesideError as e:
        return home(error=t("start_failed", reason=e), names=names), 400
    return redirect(url_for("pages.game", game_id=stored.id), code=303)


@bp.get("/games/<game_id>")
def game(game_id: str):
    stored = load_game(get_db(), game_id)          # unknown -> the friendly 404 page
    return render_template("game.html", game_id=stored.id, players=stored.game.players)


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(current_app.static_folder, "manifest.webmanifest",
                               mimetype="application/manifest+json", max_age=3600)
