"""Thread stress: many Python threads at once on shared games and states.

The engine promises that a game is immutable and shared, that playouts and searches release the
GIL and run on native threads, and that a state is a value no other state shares. These tests
hammer exactly that: concurrent `playouts`, `mcts`, `apply` and JSON round trips on the same
games (and reads of the same state), with native threads inside each call, and compare every
result with the same work done alone. They run in the ordinary suite and, in CI, under
ThreadSanitizer (docs/reliability.md), which reports any data race they provoke.
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import lifespan

CONFIGS = [
    ("time_of_your_life", {"players": 4}),
    ("pursuit_of_happiness", {"players": 3, "expansions": ["experiences", "kids", "nostalgia", "events"]}),
    ("pursuit_of_happiness", {"players": 5, "expansions": ["community", "best_friends", "school", "relatives", "pets"]}),
]
WORKERS = 6


def _midgame(game, seed: int, moves: int):
    state, rng = game.new_state(seed=seed), random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _play_and_save(game, seed: int) -> list[str]:
    state, rng, saves = game.new_state(seed=seed), random.Random(seed), []
    for _ in range(80):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        saves.append(state.to_json())
        assert game.state_from_json(saves[-1]) == state
    return saves


@pytest.mark.parametrize("name, params", CONFIGS, ids=lambda c: str(c))
def test_concurrent_playouts_searches_moves_and_saves_on_one_game(name, params):
    game = lifespan.load_game(name, **params)
    shared = _midgame(game, seed=4, moves=6)
    frozen = shared.to_json()
    jobs = [("playouts", i) for i in range(4)] + [("mcts", i) for i in range(4)] + [("play", i) for i in range(6)]

    def run(job):
        kind, i = job
        if kind == "playouts":
            return lifespan.playouts(game if i % 2 else shared, 40, seed=i, threads=2)
        if kind == "mcts":
            return lifespan.mcts(shared, iterations=60, threads=2, seed=i).visits
        return _play_and_save(game, seed=i)

    alone = {job: run(job) for job in jobs}
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        together = dict(zip(jobs, pool.map(run, jobs * 2)))  # every job twice, all at once
    for job in jobs:
        if job[0] == "playouts":
            assert np.array_equal(alone[job], together[job])
        else:
            assert alone[job] == together[job]
    assert shared.to_json() == frozen   # nothing above changed the shared state


def test_threads_reading_one_state_while_its_copies_change():
    game = lifespan.load_game("pursuit_of_happiness", players=4, expansions=["experiences", "kids"])
    shared = _midgame(game, seed=9, moves=10)
    expected = (shared.legal_actions(), shared.observation(0).tobytes(), shared.to_json(), str(shared))
    errors: list[BaseException] = []
    start = threading.Barrier(WORKERS)

    def worker(seat: int) -> None:
        try:
            start.wait()
            mine = shared.clone()
            for step in range(60):
                assert (shared.legal_actions(), shared.observation(0).tobytes()) == expected[:2]
                if not mine.is_terminal():
                    mine.apply(mine.legal_actions()[(seat + step) % len(mine.legal_actions())])
                shared.determinize(seat % 4, step)
            assert shared.to_json() == expected[2] and str(shared) == expected[3]
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(seat,)) for seat in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
