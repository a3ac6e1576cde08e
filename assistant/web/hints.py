"""POST /api/hint: the solver's hint for a state, the same `hint` the CLI's `tableside hint` calls."""
from __future__ import annotations

import threading
from typing import Any

from flask import Blueprint, jsonify

from ..bowling.objectives import OBJECTIVES
from ..bowling.rules import variant_of
from ..bowling.solver import hint
from ..bowling.state import FrameState
from ..common import TablesideError
from .body import json_body

bp = Blueprint("hints", __name__, url_prefix="/api")

# The solver keeps a module-level memo of the last deal; hints from several
# request threads take turns so they never race on it.
solver_lock = threading.Lock()


def check_objective(objective: Any) -> str:
    """The objective a request names, refused in words unless it is one of OBJECTIVES."""
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise TablesideError(f"unknown objective {objective!r}; choose {', '.join(OBJECTIVES)}")
    return objective


def compute_hint(state: Any, objective: str = "game", variant=None) -> dict:
    """The solver's hint JSON for a frame state (a FrameState or its JSON)."""
    check_objective(objective)
    kwargs = {} if variant is None else {"variant": variant}
    with solver_lock:
        return hint(state, objective=objective, **kwargs).to_json()


@bp.post("/hint")
def post_hint():
    """Body: a state JSON, or {"state": {...}, "objective": "pins"}."""
    body = json_body()
    objective = body.get("objective", "game")
    state = body.get("state", {k: v for k, v in body.items() if k not in ("objective",
                                                                          "variant")})
    variant = variant_of(body["variant"]) if "variant" in body else None
    if not isinstance(objective, str):
        raise TablesideError("'objective' must be a name such as game, pins or strike")
    return jsonify(compute_hint(FrameState.from_json(state), objective, variant))
