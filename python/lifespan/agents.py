"""Agents: objects that choose an action for the player to move.

An agent has a `name` and `step(state) -> int`; it never changes the state it is given.
"""

from __future__ import annotations

import random
from typing import Any, Callable


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def step(self, state: Any) -> int:
        action: int = self._rng.choice(state.legal_actions())
        return action


# Agent name -> factory(seed). The command line's --agents / --seats take these names.
AGENTS: dict[str, Callable[[int], Any]] = {
    "random": RandomAgent,
}


def make_agent(name: str, seed: int = 0) -> Any:
    """An agent by name; an unknown name is a ValueError listing the known ones."""
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    return AGENTS[name](seed)
