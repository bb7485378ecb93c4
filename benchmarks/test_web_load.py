"""Load on the web table (docs/web.md, "Load"): many concurrent games, each played by a client
that picks random legal moves through the HTTP API, against one `serve` process.

It reports moves per second and the p50/p99 latency of a move (the POST that stores it and
answers with the new view), and checks that the server's memory stays bounded while more games
than it keeps in memory are played. The normal test run plays a few short games once, untimed;
`pytest benchmarks/test_web_load.py --benchmark-enable -s` plays the full load and prints it.
"""

from __future__ import annotations

import http.client
import json
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from server_process import ServerProcess  # noqa: E402


class Client:
    """One keep-alive HTTP connection to the server."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = self.connection.getresponse()
        data = json.loads(response.read())
        if response.status >= 400:
            raise AssertionError(f"{method} {path}: {response.status} {data}")
        return data


def play_games(port: int, games: int, moves: int, seed: int, latencies: list[float]) -> int:
    """Play `games` games one after another, at most `moves` moves each; the moves played."""
    client, rng, played = Client(port), random.Random(seed), 0
    for _ in range(games):
        made = client.call("POST", "/api/games", {"game": "time_of_your_life", "players": 3,
                                                  "seed": rng.randrange(2**31), "seats": ["human"] * 3})
        tokens = [seat["token"] for seat in made["seats"]]
        view = client.call("GET", f"/api/games/{made['id']}", token=tokens[0])
        for _ in range(moves):
            if view["terminal"]:
                break
            token = tokens[view["to_move"]]
            mine = client.call("GET", f"/api/games/{made['id']}", token=token)
            start = time.perf_counter()
            view = client.call("POST", f"/api/games/{made['id']}/moves",
                               {"action": rng.choice(mine["moves"])["id"], "ply": mine["ply"]}, token)
            latencies.append(time.perf_counter() - start)
            played += 1
    return played


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def run_load(port: int, clients: int, games: int, moves: int) -> dict[str, float]:
    latencies: list[float] = []
    counts = [0] * clients

    def worker(index: int) -> None:
        counts[index] = play_games(port, games, moves, index, latencies)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    ordered = sorted(latencies)
    return {"moves": sum(counts), "moves_per_second": sum(counts) / elapsed,
            "p50_ms": 1000 * ordered[len(ordered) // 2],
            "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]}


def test_concurrent_games_through_the_http_api(benchmark: Any, tmp_path: Path) -> None:
    full = not benchmark.disabled
    clients, games, moves = (16, 6, 200) if full else (3, 2, 12)
    server = ServerProcess(tmp_path, "--bot-delay", "0", "--moves-per-second", "1000000",
                           "--max-games", "100000").start()
    try:
        assert server.process is not None
        pid = server.process.pid
        run_load(server.port, clients, 1, moves)  # warm up: imports, caches, the first games
        before = resident_kib(pid)
        figures = benchmark.pedantic(run_load, args=(server.port, clients, games, moves), rounds=1, iterations=1)
        after = resident_kib(pid)
    finally:
        server.kill()
    figures.update(rss_before_mib=before / 1024, rss_after_mib=after / 1024)
    benchmark.extra_info.update(figures)
    print("\nweb load: {moves:.0f} moves, {moves_per_second:.1f} moves/s, p50 {p50_ms:.1f} ms, "
          "p99 {p99_ms:.1f} ms, server RSS {rss_before_mib:.0f} -> {rss_after_mib:.0f} MiB".format(**figures))
    assert figures["moves"] > 0
    # Bounded: far more games than the server keeps in memory (64) may not grow it unduly.
    assert after < before * 1.5 + 64 * 1024
