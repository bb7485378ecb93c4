"""Agents: objects that choose an action for the player to move.

An agent has a `name` and `step(state) -> int`; it never changes the state it is given.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ._search import MCTSResult, mcts


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def step(self, state: Any) -> int:
        action: int = self._rng.choice(state.legal_actions())
        return action


class MCTSAgent:
    """Plays the most visited action of an information-set MCTS (lifespan.mcts) from the
    position; it sees only what the seat to move may know. The budget is `iterations` and/or
    `seconds` (with seconds, moves depend on the machine's speed); 400 iterations if neither."""

    name = "mcts"
    DEFAULT_ITERATIONS = 400

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 threads: int = 1):
        self.iterations = self.DEFAULT_ITERATIONS if iterations is None and seconds is None else iterations
        self.seconds = seconds
        self.threads = threads
        self._seed = seed
        self._moves = 0

    def search(self, state: Any) -> MCTSResult:
        """The search behind the next move (each call uses a new seed)."""
        self._moves += 1
        return mcts(state, iterations=self.iterations, seconds=self.seconds, threads=self.threads,
                    seed=(self._seed * 1_000_003 + self._moves) % 2**64)

    def step(self, state: Any) -> int:
        return self.search(state).action


# Agent name -> factory(seed). The command line's --agents / --seats take these names.
AGENTS: dict[str, Callable[[int], Any]] = {
    "random": RandomAgent,
    "mcts": MCTSAgent,
}


def check_agent_name(name: str, what: str = "agent", also: Sequence[str] = ()) -> None:
    """A ValueError listing the known names, unless `name` is an agent or one of `also` (the
    command line's `human` seat, say)."""
    if name not in AGENTS and name not in also:
        raise ValueError(f"unknown {what} {name!r} (known: {', '.join(sorted([*AGENTS, *also]))})")


def make_agent(name: str, seed: int = 0) -> Any:
    """An agent by name; an unknown name is a ValueError listing the known ones."""
    check_agent_name(name)
    return AGENTS[name](seed)
