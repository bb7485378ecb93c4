"""Things users of long-lived data and threads rely on, and load options of the wrong type."""

import json
import threading
import time
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("name", ["pursuit_of_happiness", "time_of_your_life"])
@pytest.mark.parametrize("keywords, message", [
    ({"rules": "x"}, "rules: a mapping of rule parameter names"),
    ({"rules": [("players", 2)]}, "rules: a mapping"),
    ({"cards": 5}, "cards: a card file's path or a list of paths"),
    ({"cards": [None]}, "cards: a card file's path"),
])
def test_load_options_of_the_wrong_type_are_named(name, keywords, message):
    # Load options are arguments of the call: the wrong type is a TypeError.
    with pytest.raises(TypeError, match=message):
        lifespan.load_game(name, **keywords)


@pytest.mark.parametrize("name", ["pursuit_of_happiness", "time_of_your_life"])
def test_a_parameter_given_twice_with_two_values_is_refused(name):
    # Neither place silently wins; the same value twice is harmless.
    with pytest.raises(lifespan.RulesError, match=r"players: given twice with different values, "
                                                  r"2 as a parameter and 3 in rules="):
        lifespan.load_game(name, players=2, rules={"players": 3})
    with pytest.raises(lifespan.RulesError, match=rf"players: given twice with different values, "
                                                  rf"2 in '{name}\(players=2\)' and 3 as a keyword"):
        lifespan.load_game(f"{name}(players=2)", players=3)
    with pytest.raises(lifespan.RulesError, match=rf"players: given twice with different values, "
                                                  rf"3 in '{name}\(players=3,players=4\)' and 4 in"):
        lifespan.load_game(f"{name}(players=3,players=4)")
    same = lifespan.load_game(f"{name}(players=3,players=3)", players=3, rules={"players": 3})
    assert same.num_players == 3


def test_the_same_expansions_given_twice_in_two_forms_load():
    # "a+b" (the command line's form) and a list name the same expansions, in any order.
    game = lifespan.load_game("pursuit_of_happiness(expansions=experiences+nostalgia)",
                              expansions=["nostalgia", "experiences"])
    assert [e for e in ("experiences", "nostalgia") if any(c["expansion"] == e for c in game.cards())] == [
        "experiences", "nostalgia"]
    with pytest.raises(lifespan.RulesError, match="expansions: given twice with different values"):
        lifespan.load_game("pursuit_of_happiness(expansions=experiences)", expansions=["nostalgia"])


def test_expansions_of_the_wrong_type_are_named():
    with pytest.raises(lifespan.RulesError, match="expansions: a list of expansion names, got 5"):
        lifespan.load_game("pursuit_of_happiness", expansions=5)


@pytest.mark.parametrize("name", ["pursuit_of_happiness", "time_of_your_life"])
def test_a_card_file_that_is_not_utf8_is_named(name, tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes('name = "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(lifespan.CardDataError, match="latin.toml: not UTF-8 text"):
        lifespan.load_game(name, cards=[path])


def test_the_benchmarks_clock_reference_multiplies_in_a_chain():
    # benchmarks/conftest.py times this chain to turn seconds into cycles.
    expected = 11
    for _ in range(10):
        expected = expected * 0x9E3779B97F4A7C15 % 2**64
    assert lifespan._core._multiply_chain(10) == expected
