"""lifespan.mcts: information-set Monte Carlo tree search in C++ (docs/search.md)."""

from __future__ import annotations

import math
import numbers
import os
from dataclasses import dataclass
from typing import Any, SupportsIndex

from . import _core
from ._parameters import MAX_SEED, MAX_THREADS, check_integer, native_method
from ._types import State

MAX_SECONDS: float = _core.MAX_SEARCH_SECONDS  # a year: the core's limit on a search's time


@dataclass(frozen=True)
class MCTSResult:
    """What a search found, for the player to move at the searched state.

    `visits` and `values` are keyed by root action id; `values` are mean returns of that player
    (in [-1, 1]). `simulated_moves` counts the moves applied in the tree and in rollouts.
    """

    action: int
    visits: dict[int, int]
    values: dict[int, float]
    iterations: int
    simulated_moves: int

    def shares(self) -> dict[int, float]:
        """Each root action's share of the visits, most visited first (the chosen action
        first among equals)."""
        total = sum(self.visits.values()) or 1
        ranked = sorted(self.visits.items(), key=lambda item: (-item[1], item[0] != self.action, item[0]))
        return {action: count / total for action, count in ranked}


def _check_real(name: str, value: Any, positive: bool) -> float:
    # Any real number (numpy floats and Fractions included); a bool or text is a TypeError, as
    # for integers.
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number (an int or a float), got {value!r}")
    try:
        number = float(value)
    except OverflowError:  # an int or Fraction beyond any float
        number = math.inf
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        raise ValueError(f"{name} must be a finite number {'> 0' if positive else '>= 0'}, got {value!r}")
    return number


def mcts(state: State, iterations: SupportsIndex | None = None, seconds: float | None = None,
         threads: SupportsIndex = 1, seed: SupportsIndex = 0, exploration: float = 2.0,
         max_rollout: SupportsIndex | None = None) -> MCTSResult:
    """Searches `state` for the player to move, in C++ with the GIL released.

    Stops after `iterations` or `seconds`, whichever comes first (at least one is needed).
    Every iteration searches a fresh `determinize` of the state from the searching player's
    view, so hidden cards and future chance are never looked at. `threads` search separate trees
    whose root statistics are summed (0: one per core); with an iteration budget the same seed
    and thread count give the same result. `exploration` is the UCB1 constant; `max_rollout`
    caps the random moves after the tree (a cut-short rollout scores 0 for everyone). The
    state is not changed.
    """
    run = native_method(state, "_mcts", "mcts needs a lifespan state")
    if iterations is None and seconds is None:
        raise ValueError("mcts needs a budget: iterations=, seconds= or both")
    budget = -1 if iterations is None else check_integer("iterations", iterations, 1, 2**63 - 1)
    limit = -1.0 if seconds is None else _check_real("seconds", seconds, positive=True)
    if limit > MAX_SECONDS:
        raise ValueError(f"seconds must be at most {MAX_SECONDS:g} (a year), got {seconds!r}")
    threads = check_integer("threads", threads, 0, MAX_THREADS) or (os.cpu_count() or 1)
    seed = check_integer("seed", seed, 0, MAX_SEED)
    exploration = _check_real("exploration", exploration, positive=False)
    rollout = -1 if max_rollout is None else check_integer("max_rollout", max_rollout, 0, 2**31 - 1)
    if state.is_terminal():
        raise ValueError("mcts needs a state that is not terminal")
    action, actions, visits, values, done, moves = run(budget, limit, threads, seed, exploration, rollout)
    return MCTSResult(
        action=action,
        visits=dict(zip(actions, visits)),
        values=dict(zip(actions, values)),
        iterations=done,
        simulated_moves=moves,
    )
