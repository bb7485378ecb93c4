"""lifespan: a fast rules engine for The Pursuit of Happiness and Time of Your Life.

    >>> import lifespan
    >>> game = lifespan.load_game("time_of_your_life", players=3, seed=1)
    >>> state = game.new_state()
    >>> state.apply(state.legal_actions()[0])

See README.md for a tour and docs/ for the rules as implemented.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import numpy as np

from ._api import ScorePart, load_state
from ._errors import CardDataError, IllegalActionError, RulesError
from ._native import get_cmake_dir, get_cython_include, get_include, get_library, get_library_dir
from ._parameters import MAX_SEED, MAX_THREADS, check_integer, native_method
from ._core import CHANCE_PLAYER
from ._registry import games, load_game
from . import pursuit_of_happiness, time_of_your_life  # each registers its game
from ._search import MCTSResult, mcts
from ._types import Game, State
from . import jobs
from .agents import make_agent
from .analysis import AnalysisResult, analyze, compare_variants
from .narration import Event, narrate
from .tournament import GameRecord, Move, TournamentResult, derive_seed, record_game, tournament

__version__ = "0.1.0"

__all__ = [
    "CHANCE_PLAYER",
    "AnalysisResult",
    "CardDataError",
    "Event",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "MCTSResult",
    "Move",
    "RulesError",
    "ScorePart",
    "State",
    "TournamentResult",
    "analyze",
    "compare_variants",
    "derive_seed",
    "games",
    "get_cmake_dir",
    "get_cython_include",
    "get_include",
    "get_library",
    "get_library_dir",
    "load_game",
    "load_state",
    "make_agent",
    "mcts",
    "narrate",
    "playouts",
    "record_game",
    "tournament",
]


def playouts(state_or_game: Game | State, n: SupportsIndex, seed: SupportsIndex = 0, threads: SupportsIndex = 0,
             backend: str = "local", address: str | None = None) -> np.ndarray:
    """Scores of `n` uniformly random games, as an (n, players) int32 array.

    From a game, each playout starts from a fresh state; from a state, from a copy of it. Game i
    uses seeds derived from (seed, i), so the result is the same for any `threads` (0: one per
    core). Runs in C++ with the GIL released. `backend="ray"` shards the games by index over a
    Ray cluster (`address`: "auto" or a cluster's; lifespan.jobs), with the same result.
    """
    run = native_method(state_or_game, "_playouts", "playouts needs a lifespan game or state")
    count = check_integer("n", n, 0, 2**63 - 1)
    seed = check_integer("seed", seed, 0, MAX_SEED)
    threads = check_integer("threads", threads, 0, MAX_THREADS)
    if jobs.check_backend(backend, address) == "ray" and count:
        pieces = jobs.chunks(count, max(1, -(-count // PLAYOUT_SHARD)))
        rows = jobs.run(_playout_shard, (state_or_game, seed, threads), count, "ray", address=address,
                        progress=False, pieces=pieces)
        return np.array(rows, dtype=np.int32)
    scores: np.ndarray = run(count, seed, threads)
    return scores


PLAYOUT_SHARD = 50_000  # games per Ray task of lifespan.playouts


def _playout_shard(payload: tuple[Any, int, int], first: int, count: int) -> np.ndarray:
    source, seed, threads = payload
    shard: np.ndarray = source._playouts(count, seed, threads, first)
    return shard
