"""Things users of long-lived data and threads rely on."""

import json
import threading
import time
from pathlib import Path

import lifespan

DATA = Path(__file__).parent / "time_of_your_life" / "data"


def test_playouts_release_the_gil_so_python_threads_keep_running():
    game = lifespan.load_game("time_of_your_life", players=4)
    done = threading.Event()
    ticks = 0

    def batch():
        lifespan.playouts(game, 150_000, seed=1, threads=1)
        done.set()

    worker = threading.Thread(target=batch)
    worker.start()
    start = time.perf_counter()
    while not done.is_set():
        ticks += 1          # only runs while the playout thread does not hold the GIL
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    worker.join()
    # The batch takes a sizeable fraction of a second; a held GIL would allow a tick or two.
    assert elapsed > 0.05
    assert ticks > 10, f"main thread ran {ticks} times in {elapsed:.2f}s"


def test_two_threads_of_playouts_give_the_same_results_as_one_call():
    game = lifespan.load_game("time_of_your_life", players=3)
    results = {}

    def run(name, seed):
        results[name] = lifespan.playouts(game, 2000, seed=seed, threads=1)

    threads = [threading.Thread(target=run, args=(i, i)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in range(2):
        assert (results[i] == lifespan.playouts(game, 2000, seed=i, threads=1)).all()


def test_a_state_saved_by_format_version_1_still_loads():
    # Written by lifespan 0.1.0; a later format must keep reading it (or say why it cannot).
    # The document carries the card-set fingerprint, so editing the shipped cards fails here
    # too: saved games of the old cards no longer load, which a release note must say.
    text = (DATA / "state_v1_3p_seed11.json").read_text()
    document = json.loads(text)
    assert document["version"] == 1
    game = lifespan.load_game("time_of_your_life", players=3, seed=11)
    state = game.state_from_json(text)
    replay = game.new_state()
    for _ in range(20):
        replay.apply(replay.legal_actions()[0])
    assert state == replay
