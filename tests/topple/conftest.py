"""Fixtures for Topple's web tests: an app on a temporary data dir and a CSRF-aware client."""
import pytest

from assistant.web import create_app


@pytest.fixture
def app(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    return create_app({"DATA_DIR": str(data), "TESTING": True})


class Api:
    """The Flask test client with the session's CSRF token on every POST."""

    def __init__(self, client):
        self.client = client
        self.token = client.get("/api/csrf").get_json()["csrf_token"]

    def get(self, url, **kw):
        return self.client.get(url, **kw)

    def post(self, url, json=None, **kw):
        return self.client.post(url, json=json, headers={"X-CSRFToken": self.token}, **kw)


@pytest.fixture
def api(app):
    return Api(app.test_client())
