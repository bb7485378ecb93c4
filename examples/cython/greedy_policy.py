"""The greedy playout policy of greedy_policy.pyx through the Python API (docs/embedding.md §3):
the seat to move takes the action after which its score is highest right now (the lowest id
on a tie). The baseline the Cython version must agree with and outrun."""

from __future__ import annotations

from typing import Any


def greedy_move(state: Any) -> int:
    seat = state.current_player
    best, best_score = -1, None
    for action in state.legal_actions():
        score = state.child(action).scores()[seat]
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best


def play_greedy_from(state: Any) -> list[int]:
    state = state.clone()
    while not state.is_terminal():
        state.apply(greedy_move(state))
    return list(state.scores())


def play_greedy(game: Any, seed: int) -> list[int]:
    return play_greedy_from(game.new_state(seed))

