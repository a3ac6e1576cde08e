"""Player stats across finished Bowling games: `GET /api/stats` and the Stats page.

Players are the same person when their names match ignoring case (the most recent spelling is
shown).  Rates are per frame: a strike is a frame's first ball taking all ten, a spare a frame
the second ball clears; the tenth frame counts once, by its first two balls."""
from __future__ import annotations

from flask import Blueprint, jsonify, render_template

from ..bowling.scoring import score_rolls, split_frames
from .db import get_db
from .store import finished_cards

bp = Blueprint("stats", __name__)

CHART_W, CHART_H, CHART_PAD = 300, 120, 10


def player_stats(games: list[dict]) -> list[dict]:
    """Per player: games, average, high game, strike and spare rates, the scores in order."""
    by_key: dict[str, dict] = {}
    for g in games:                                   # oldest first
        for p in g["players"]:
            s = by_key.setdefault(p["name"].casefold(), {"scores": [], "strikes": 0,
                                                         "spares": 0, "frames": 0})
            s["name"] = p["name"]
            s["scores"].append({"date": g["date"], "game": g["id"],
                                "score": score_rolls(p["rolls"]).total})
            for frame in split_frames(p["rolls"])[:10]:
                s["frames"] += 1
                if frame[0] == 10:
                    s["strikes"] += 1
                elif len(frame) > 1 and frame[0] + frame[1] == 10:
                    s["spares"] += 1
    out = []
    for s in by_key.values():
        scores = [x["score"] for x in s["scores"]]
        frames = s["frames"] or 1
        out.append({"name": s["name"], "games": len(scores),
                    "average": round(sum(scores) / len(scores), 1), "high": max(scores),
                    "strike_rate": round(s["strikes"] / frames, 3),
                    "spare_rate": round(s["spares"] / frames, 3), "scores": s["scores"]})
    out.sort(key=lambda s: (-s["games"], s["name"].casefold()))
    return out


def chart_points(scores: list[dict]) -> str:
    """An SVG polyline's points: games left to right, 0–300 pins bottom to top."""
    n = len(scores)
    step = (CHART_W - 2 * CHART_PAD) / max(n - 1, 1)
    return " ".join(
        f"{CHART_PAD + i * step:.1f},{CHART_H - CHART_PAD - s['score'] / 300 * (CHART_H - 2 * CHART_PAD):.1f}"
        for i, s in enumerate(scores))


@bp.get("/api/stats")
def api_stats():
    return jsonify(players=player_stats(finished_cards(get_db())))


@bp.get("/stats")
def page():
    players = player_stats(finished_cards(get_db()))
    return render_template("stats.html", players=players, chart_points=chart_points,
                           width=CHART_W, height=CHART_H, pad=CHART_PAD)
