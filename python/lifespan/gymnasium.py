"""Both games as single-agent Gymnasium environments (docs/ecosystem.md). The learner holds one
seat; lifespan agents play the others (`random`, `mcts:iterations=…`, any agent spec of
`lifespan.make_agent`, an agent object, or a callable from a state to an action).

Importing this module registers `lifespan/PursuitOfHappiness-v0` and `lifespan/TimeOfYourLife-v0`
with `gymnasium.register`: `gymnasium.make("lifespan/PursuitOfHappiness-v0", players=3,
opponents="mcts:iterations=200")`. Gymnasium 1.x loads no plugin entry points, so without the
import name the module in the id, as Gymnasium allows: `"lifespan.gymnasium:lifespan/TimeOfYourLife-v0"`.

An observation is a dict, as in `lifespan.pettingzoo`: `observation` (the seat's tensor, within
`game.observation_bounds()`) and `action_mask` (int8 ones on the legal actions). A Dict space
keeps the mask beside the observation, where a policy reads it and `action_space.sample(mask)`
takes it; Gymnasium's checker accepts it without a warning. The reward is the learner's
`returns()` entry when the game ends, 0 before. An action the mask does not allow ends the
episode as a loss (reward −1, `info["illegal_action"]`): the checker steps with unmasked random
actions, and a learner that may repeat an illegal action forever would never end its episode.
No episode is truncated: no game passes `game.max_game_length()`. Needs the `rl` extra.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ._rl import action_mask, observation_space, render_text

import gymnasium  # noqa: E402 (after _rl, which names the extra when it is missing)
import numpy as np
from gymnasium import spaces

from ._parameters import MAX_SEED, check_integer
from ._registry import load_game
from .agents import CallableAgent, make_agent

ENV_IDS = {"pursuit_of_happiness": "lifespan/PursuitOfHappiness-v0",
           "time_of_your_life": "lifespan/TimeOfYourLife-v0"}
ILLEGAL_ACTION_REWARD = -1.0   # as low as any return: a loss


def _opponent(spec: Any, seed: int) -> Any:
    """An agent with `step(state) -> action` from a spec, an agent or a callable."""
    if isinstance(spec, str):
        return make_agent(spec, seed=seed)
    if hasattr(spec, "step"):
        return spec
    if callable(spec):
        return CallableAgent(spec, getattr(spec, "__name__", repr(spec)))
    raise TypeError(f"opponents: an agent spec, an agent or a callable, got {spec!r}")


class LifespanEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a lifespan game. `game` is a game's name (with `params` as for
    `lifespan.load_game`) or a loaded game; `seat` the learner's; `opponents` one spec (or agent,
    or callable) for every other seat, or a sequence with one per other seat, in seat order."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: Any = "pursuit_of_happiness", seat: int = 0, opponents: Any = "random",
                 render_mode: str | None = None, **params: Any):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: 'ansi' or None, got {render_mode!r}")
        if params and not isinstance(game, str):
            raise TypeError("parameters go with a game's name, not with a loaded game")
        self.game = load_game(game, **params) if isinstance(game, str) else game
        self.seat = check_integer("seat", seat, 0, self.game.num_players - 1)
        others = self.game.num_players - 1
        specs: Sequence[Any] = (list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * others)
        if len(specs) != others:
            raise ValueError(f"opponents: {others} for the other seats, got {len(specs)}")
        for spec in specs:
            _opponent(spec, 0)   # a bad spec is refused now, not at the first reset
        self._specs = list(specs)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: Any = None
        self._over = False
        self._agents: dict[int, Any] = {}

    def _observe(self) -> dict[str, np.ndarray]:
        return {"observation": self.state.observation(self.seat), "action_mask": action_mask(self.state, self.seat)}

    def _play_others(self) -> None:
        while not self.state.is_terminal() and self.state.current_player != self.seat:
            self.state.apply(self._agents[self.state.current_player].step(self.state))

    def _reward(self) -> float:
        return float(self.state.returns()[self.seat]) if self.state.is_terminal() else 0.0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw: Callable[[], int] = lambda: int(self.np_random.integers(0, MAX_SEED, endpoint=True, dtype=np.uint64))  # noqa: E731
        self.state = self.game.new_state(draw())
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._agents = {s: _opponent(spec, draw()) for s, spec in zip(others, self._specs)}
        self._play_others()
        self._over = bool(self.state.is_terminal())
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise RuntimeError("step() before reset()")
        if self._over:
            raise RuntimeError("step() after the episode ended: call reset()")
        action = int(action)
        if not (0 <= action < self.game.num_distinct_actions and self.state.legal_actions_mask()[action]):
            self._over = True   # the position stays as it was
            return self._observe(), ILLEGAL_ACTION_REWARD, True, False, {"illegal_action": True}
        self.state.apply(action)
        self._play_others()
        self._over = bool(self.state.is_terminal())
        return self._observe(), self._reward(), self._over, False, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        return render_text(self.state)


def register() -> None:
    """Registers both games' environment ids (done on import; again is harmless)."""
    for name, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:LifespanEnv", kwargs={"game": name})


register()
