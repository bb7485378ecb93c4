"""Nothing is lost (docs/web.md, "Storage"): a real server killed with SIGKILL mid-game and
started again continues every game from its last acknowledged move."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from typing import Any

from server_process import ServerProcess


def call(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> Any:
    request = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def test_a_killed_server_continues_every_game_from_its_last_acknowledged_move(tmp_path: Any) -> None:
    server = ServerProcess(tmp_path, "--bot-delay", "0", "--moves-per-second", "1000").start()
    try:
        games = []
        for name, players in (("time_of_your_life", 3), ("pursuit_of_happiness", 2)):
            made = call(server.url + "/api/games", "POST",
                        {"game": name, "players": players, "seed": 8, "seats": ["human"] * players})
            games.append(made)
        rng = random.Random(5)
        acknowledged = {}
        for made in games:
            for _ in range(12):
                view = call(f"{server.url}/api/games/{made['id']}", token=made["seats"][0]["token"])
                token = made["seats"][view["to_move"]]["token"]
                mine = call(f"{server.url}/api/games/{made['id']}", token=token)
                after = call(f"{server.url}/api/games/{made['id']}/moves", "POST",
                             {"action": rng.choice(mine["moves"])["id"], "ply": mine["ply"]}, token)
            acknowledged[made["id"]] = after  # the answer to the last move, as its seat saw it
        server.kill()
        server.start()
        for made in games:
            seat = acknowledged[made["id"]]["seat"]
            again = call(f"{server.url}/api/games/{made['id']}", token=made["seats"][seat]["token"])
            assert again["ply"] == 12
            for key in ("position", "moves", "log", "to_move", "scores"):
                assert again[key] == acknowledged[made["id"]][key], key
            token = made["seats"][again["to_move"]]["token"]
            mine = call(f"{server.url}/api/games/{made['id']}", token=token)
            played = call(f"{server.url}/api/games/{made['id']}/moves", "POST",
                          {"action": mine["moves"][0]["id"], "ply": mine["ply"]}, token)
            assert played["ply"] == 13
        try:
            call(f"{server.url}/api/games/{games[0]['id']}", token="stolen")
            raise AssertionError("a wrong token was let in after the restart")
        except urllib.error.HTTPError as refused:
            assert refused.code == 403
    finally:
        server.kill()
