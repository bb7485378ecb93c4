"""Both games as PettingZoo AEC environments (docs/ecosystem.md): `env(game, **params)`.

Every seat is an agent, `player_0` … `player_{n-1}`, who moves when the game's current player is
its seat. An observation is a dict: `observation`, the game's observation tensor from that seat
(bounded by `game.observation_bounds()`), and `action_mask`, int8 over the game's distinct
actions (all zeros for an agent not to move). Rewards are the game's `returns()`, given once
when the game ends; no episode is truncated, since no game passes `game.max_game_length()`.
Chance is sampled inside the state (the default mode), seeded by `reset(seed=…)`. Needs the
`rl` extra (`pip install lifespan[rl]`).
"""

from __future__ import annotations

import random
from typing import Any

from ._rl import action_mask, observation_space, render_text

import gymnasium  # noqa: E402 (after _rl, which names the extra when it is missing)
import numpy as np
from gymnasium import spaces

try:
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError:   # pragma: no cover - the extra is absent
    raise ImportError("lifespan.pettingzoo needs the rl extra: pip install 'lifespan[rl]'") from None

from ._registry import load_game

RENDER_MODES = ["ansi", "human"]


class LifespanEnv(AECEnv):  # type: ignore[misc]
    """One lifespan game as an AEC environment. `game` is a game's name (with `params` as for
    `lifespan.load_game`) or a loaded game."""

    metadata = {"render_modes": RENDER_MODES, "name": "lifespan_v0", "is_parallelizable": False,
                "render_fps": 4}

    def __init__(self, game: Any = "pursuit_of_happiness", render_mode: str | None = None, **params: Any):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode: one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        if params and not isinstance(game, str):
            raise TypeError("parameters go with a game's name, not with a loaded game")
        self.game = load_game(game, **params) if isinstance(game, str) else game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"lifespan_{self.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {agent: observation_space(self.game) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.game.num_distinct_actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_state(self._seeds.getrandbits(64))
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.state.observation(seat), "action_mask": action_mask(self.state, seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply(int(action))   # an illegal action is IllegalActionError; nothing changes
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            self.rewards = dict(zip(self.agents, map(float, self.state.returns())))
            self.terminations = {name: True for name in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi' or 'human'")
            return None
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: Any = "pursuit_of_happiness", render_mode: str | None = None, **params: Any) -> LifespanEnv:
    """The environment without PettingZoo's wrappers."""
    return LifespanEnv(game, render_mode=render_mode, **params)


def env(game: Any = "pursuit_of_happiness", render_mode: str | None = None, **params: Any) -> AECEnv:
    """The AEC environment of `game` (a name, with `params` as for `lifespan.load_game`, or a
    loaded game), with PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **params))
