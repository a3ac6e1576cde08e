"""The JSON body of an API request, refused in words when it is not an object."""
from __future__ import annotations

from flask import abort, request

from ..json_depth import check_depth


def json_body(optional: bool = False) -> dict:
    """The body as an object; `optional`: an empty body is {} (a bare undo)."""
    # get_data obeys max_content_length (413 before reading a byte too many)
    data = request.get_data(cache=True)
    if optional and not data.strip():
        return {}
    check_depth(data.decode("utf-8", "replace"), "the request's JSON")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400, description="send a JSON object (Content-Type: application/json)")
    return body
