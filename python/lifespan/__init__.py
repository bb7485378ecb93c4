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
from ._parameters import MAX_SEED, MAX_THREADS, check_integer, native_method
from ._registry import games, load_game
from ._search import MCTSResult, mcts
from ._types import Game, State
from .agents import make_agent
from .narration import Event, narrate

__version__ = "0.1.0"

__all__ = [
    "CardDataError",
    "Event",
    "Game",
    "IllegalActionError",
    "MCTSResult",
    "RulesError",
    "ScorePart",
    "State",
    "games",
    "load_game",
    "load_state",
    "make_agent",
    "mcts",
    "narrate",
    "playouts",
]


def playouts(state_or_game: Game | State, n: SupportsIndex, seed: SupportsIndex = 0, threads: SupportsIndex = 0) -> np.ndarray:
    """Scores of `n` uniformly random games, as an (n, players) int32 array.

    From a game, each playout starts from a fresh state; from a state, from a copy of it. Game i
    uses seeds derived from (seed, i), so the result is the same for any `threads` (0: one per
    core). Runs in C++ with the GIL released.
    """
    run = native_method(state_or_game, "_playouts", "playouts needs a lifespan game or state")
    scores: np.ndarray = run(check_integer("n", n, 0, 2**63 - 1), check_integer("seed", seed, 0, MAX_SEED),
                             check_integer("threads", threads, 0, MAX_THREADS))
    return scores
