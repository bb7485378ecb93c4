"""`python -m lifespan serve`: the local web table (lifespan.web, docs/web.md) under uvicorn.

    python -m lifespan serve [--host 127.0.0.1] [--port 8000] [--data DIR]

Needs the `web` extra (`pip install 'lifespan[web]'`).
"""

from __future__ import annotations

import argparse
from typing import Any


def add_command(sub: Any) -> None:
    serve = sub.add_parser("serve", help="the web table: play in a browser, with friends on a LAN")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only; "
                            "0.0.0.0 lets the LAN in)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--data", default="lifespan-games",
                       help="folder of the games' SQLite file (default ./lifespan-games)")
    serve.add_argument("--bot-delay", type=float, default=0.8,
                       help="seconds between two bot moves, so people can follow (default 0.8)")
    serve.add_argument("--max-games", type=int, default=200, help="unfinished games stored at once")
    serve.add_argument("--moves-per-second", type=float, default=10.0,
                       help="moves a second one client address may make (default 10)")
    serve.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .web import Limits, create_app
    except ImportError as exc:
        raise ValueError(f"serve needs the web extra: pip install 'lifespan[web]' ({exc})") from None
    if not 0 <= args.port <= 65535:
        raise ValueError("--port must be from 0 to 65535")
    if args.bot_delay < 0 or args.max_games < 1 or args.moves_per_second <= 0:
        raise ValueError("--bot-delay must be >= 0, --max-games >= 1, --moves-per-second > 0")
    limits = Limits(bot_delay=args.bot_delay, max_games=args.max_games,
                    moves_per_second=args.moves_per_second)
    app = create_app(args.data, limits)
    print(f"lifespan web table on http://{args.host}:{args.port}/ (games in {args.data})", flush=True)
    # No access log: a request line is nobody's business, and tokens never travel in URLs.
    uvicorn.run(app, host=args.host, port=args.port, access_log=False, log_level="warning")
    return 0
