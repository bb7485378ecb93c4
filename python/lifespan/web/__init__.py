"""The local web table (`python -m lifespan serve`, docs/web.md): a Starlette app served by
uvicorn, games stored in SQLite as they are played, each seat reached by its own private link.

    from lifespan.web import create_app
    app = create_app("games-dir")      # an ASGI app; `serve` runs it under uvicorn

Needs the `web` extra (`pip install 'lifespan[web]'`): starlette and uvicorn.
"""

from __future__ import annotations

from .app import Limits, create_app

__all__ = ["Limits", "create_app"]
