"""Pinned digests of seeded play: behaviour changes only on purpose.

Each row plays a fixed number of seeded random playouts (`lifespan.playouts`) and hashes the
score matrix; the second test drives a seeded game move by move from Python and hashes every
saved state (`to_json`) on the way. A change to the rules, the action ids, the sampler or the
saved-state format moves a digest. When that is intended, say so in the commit, raise the
saved-state version if saves change, and re-pin the digests here.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import lifespan

EVERY_EXPANSION = ["experiences", "kids", "nostalgia", "events", "trends", "pets",
                   "standalone_jobs", "community", "best_friends", "school", "relatives"]
PROMOS_AND_EXPERIENCES = ["experiences", "kids", "nostalgia", "events", "trends", "pets",
                          "standalone_jobs"]

# (game, parameters, sha256 of 300 playouts' int32 little-endian scores, first 16 hex digits)
PLAYOUT_DIGESTS = [
    ("time_of_your_life", {"players": 2}, "acea83cf85eb9585"),
    ("time_of_your_life", {"players": 4}, "f31fe6b0c15ef050"),
    ("time_of_your_life", {"players": 6}, "23ca0a99828aa5a9"),
    ("pursuit_of_happiness", {"players": 1}, "e88dfb6827dca5bc"),
    ("pursuit_of_happiness", {"players": 2}, "2dee3830cb5c2086"),
    ("pursuit_of_happiness", {"players": 4}, "27dbb1a7c4d77d0c"),
    ("pursuit_of_happiness", {"players": 3, "expansions": ["experiences", "kids"]}, "caf5ebc80fd0d884"),
    ("pursuit_of_happiness", {"players": 4, "expansions": PROMOS_AND_EXPERIENCES}, "35e4b19e645dca47"),
    ("pursuit_of_happiness", {"players": 2, "expansions": ["nostalgia"]}, "23668e3e07fda594"),
    ("pursuit_of_happiness", {"players": 5, "expansions": EVERY_EXPANSION}, "5af5ebdb5a07b052"),
    ("pursuit_of_happiness", {"players": 4, "expansions": ["best_friends", "school", "relatives"]},
     "b49ae3ca68a2b307"),
]


def _label(row: tuple) -> str:
    name, params, _ = row
    return f"{name}-{params['players']}p-{'+'.join(params.get('expansions', ['base']))}"


@pytest.mark.parametrize("row", PLAYOUT_DIGESTS, ids=_label)
def test_seeded_playouts_are_pinned(row):
    name, params, digest = row
    scores = lifespan.playouts(lifespan.load_game(name, **params), 300, seed=12345, threads=2)
    assert hashlib.sha256(scores.astype("<i4").tobytes()).hexdigest()[:16] == digest


# (game, parameters, decisions played, sha256 of every saved state on the way)
SAVED_STATE_DIGESTS = [
    ("time_of_your_life", {"players": 3}, 37, "48e3285b072132be"),
    ("pursuit_of_happiness", {"players": 2}, 91, "988f46dd68098537"),
    ("pursuit_of_happiness", {"players": 5, "expansions": EVERY_EXPANSION}, 400, "ece167637114d083"),
]


@pytest.mark.parametrize("row", SAVED_STATE_DIGESTS, ids=lambda row: _label(row[:2] + (None,)))
def test_saved_states_of_a_seeded_game_are_pinned(row):
    name, params, decisions, digest = row
    state, rng, hashed = lifespan.load_game(name, **params).new_state(7), random.Random(7), hashlib.sha256()
    played = 0
    while not state.is_terminal() and played < 400:
        hashed.update(state.to_json().encode())
        state.apply(rng.choice(state.legal_actions()))
        played += 1
    hashed.update(state.to_json().encode())
    assert (played, hashed.hexdigest()[:16]) == (decisions, digest)
