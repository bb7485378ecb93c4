"""Fixtures of the web table's tests (docs/web.md): an in-process app with no bot delay, and a
helper that creates a game through the HTTP API."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
warnings.filterwarnings("ignore", message=".*httpx.*")  # starlette 1.x notes its test client moves to httpx2

from starlette.testclient import TestClient  # noqa: E402

from lifespan.web import Limits, create_app  # noqa: E402


@pytest.fixture
def client(tmp_path: Any) -> Any:
    warnings.filterwarnings("ignore", message=".*httpx.*")  # starlette's note on its test client
    app = create_app(tmp_path / "data", Limits(bot_delay=0, moves_per_second=10_000))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def create() -> Any:
    """create(client, **body): a game made through the API, as the API answers."""
    def make(client: Any, **body: Any) -> dict[str, Any]:
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        return made
    return make
