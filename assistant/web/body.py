"""The JSON body of an API request, refused in words when it is not an object."""
from __future__ import annotations

from flask import abort, request


def json_body() -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400, description="send a JSON object (Content-Type: application/json)")
    return body
