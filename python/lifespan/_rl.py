"""What lifespan.pettingzoo and lifespan.gymnasium share: a seat's observation space (the
tensor within `game.observation_bounds()`, and the action mask), the mask, and the text
`render()` shows."""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from gymnasium import spaces
except ImportError:   # pragma: no cover - the extra is absent
    raise ImportError("lifespan's PettingZoo and Gymnasium environments need the rl extra: "
                      "pip install 'lifespan[rl]'") from None


def observation_space(game: Any) -> spaces.Dict:
    """The space of one seat's observation dict: the tensor within the game's bounds, and the
    action mask (int8 ones on the legal actions)."""
    low, high = game.observation_bounds()
    return spaces.Dict({
        "observation": spaces.Box(low=low, high=high, dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8),
    })


def action_mask(state: Any, seat: int) -> np.ndarray:
    """The legal actions of `seat` as int8 ones: none unless it is the seat to move."""
    if not state.is_terminal() and state.current_player == seat:
        mask: np.ndarray = state.legal_actions_mask().view(np.int8)   # a fresh bool array: its bytes are 0 and 1
        return mask
    return np.zeros(state.game.num_distinct_actions, dtype=np.int8)


def render_text(state: Any) -> str:
    """What the seat to move may see (`observation_string`); once the game is over, the whole
    position, with the final scores."""
    if state.is_terminal():
        return f"{state}\nscores: {state.scores()}"
    return str(state.observation_string(state.current_player))
