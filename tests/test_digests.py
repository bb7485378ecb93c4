"""Pinned digests of seeded play: behaviour changes only on purpose.

Each row plays a fixed number of seeded random playouts (`lifespan.playouts`) and hashes the
score matrix; the second test drives a seeded game move by move from Python and hashes every
saved state (`to_json`) on the way, and the third every view of one (text, observations, action
names). A change to the rules, the action ids, the sampler or the
saved-state format moves a digest. When that is intended, say so in the commit, raise the
saved-state version if saves change, and re-pin the digests here.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
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


# (game, parameters, decisions played, sha256 of what every view shows on the way: the printed
# state, each seat's observation tensor and observation string, and every legal action's name).
# Pinned with a build from before the expansions' view parts moved into their own files, which
# left them unchanged.
VIEW_DIGESTS = [
    ("time_of_your_life", {"players": 3}, 37, "dde12fa3d2fd9ebf"),
    ("pursuit_of_happiness", {"players": 2}, 82, "9111796691f59d7e"),
    ("pursuit_of_happiness", {"players": 5, "expansions": EVERY_EXPANSION}, 436, "d08f5496286a8c9e"),
    ("pursuit_of_happiness", {"players": 4, "expansions": ["best_friends", "school", "relatives", "trends", "events"]},
     233, "40d76482aa55c9b3"),
    ("pursuit_of_happiness", {"players": 3, "expansions": ["experiences", "kids", "nostalgia", "community"]},
     282, "f65450558f6bf2ee"),
]


@pytest.mark.parametrize("row", VIEW_DIGESTS, ids=lambda row: _label(row[:2] + (None,)))
def test_the_views_of_a_seeded_game_are_pinned(row):
    name, params, decisions, digest = row
    game = lifespan.load_game(name, **params)
    state, rng, hashed = game.new_state(11), random.Random(11), hashlib.sha256()
    played = 0
    while not state.is_terminal() and played < 600:
        hashed.update(str(state).encode())
        for seat in range(game.num_players):
            hashed.update(np.asarray(state.observation(seat), dtype="<f4").tobytes())
            hashed.update(state.observation_string(seat).encode())
        legal = state.legal_actions()
        for action in legal:
            hashed.update(state.action_to_string(action).encode())
        state.apply(rng.choice(legal))
        played += 1
    assert (played, hashed.hexdigest()[:16]) == (decisions, digest)
