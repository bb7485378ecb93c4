"""Fuzz target: loading a saved state (`game.state_from_json`), for either game.

    python fuzz/saved_state.py --game pursuit_of_happiness [--seconds 60]

Inputs are saved-state JSON documents, seeded from real saves (fuzz/corpus/saved_state_<game>/,
made by fuzz/make_corpus.py) and mutated as JSON trees: fields set to the edges of their types,
lists shortened, doubled and reordered, fields dropped or added. A refused document must get a
ValueError (or a TypeError) in lifespan's words; an accepted one must pass every check of
`harness.check_state`, and so must the states 30 random moves on.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
import mutators  # noqa: E402
from harness import import_lifespan  # noqa: E402

lifespan = import_lifespan()

GAME = harness.option_from_argv("--game", "time_of_your_life", choices=["pursuit_of_happiness", "time_of_your_life"])
NAME = f"saved_state_{GAME}"
GAMES = harness.CorpusGames(lifespan, [GAME])
KNOWN_TEXT = sorted({key for game in GAMES.games.values() for key in json.loads(game.new_state(1).to_json())["state"]})


def test_one_input(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        doc = None
    game = GAMES.game_for(doc, GAME)
    try:
        state = game.state_from_json(text)
    except (ValueError, TypeError) as error:
        harness.check_refusal(error)
        return
    harness.check_state(state)
    rng = random.Random(hashlib.sha256(data).digest())
    harness.check_state(harness.play_on(state, rng, 30, check_every=10))


def mutate(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    if rng.random() < 0.1:
        return mutators.flip_bytes(rng, data, max_size)
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return mutators.flip_bytes(rng, data, max_size)
    for _ in range(rng.randint(1, 3)):
        doc = mutators.mutate_tree(rng, doc, KNOWN_TEXT)
    out = json.dumps(doc).encode()
    return out if len(out) <= max_size else data


if __name__ == "__main__":
    harness.main(NAME, test_one_input, mutate, [])
