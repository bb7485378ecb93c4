"""The Project-first playout policy of project_policy_native.pyx through the Python API
(docs/embedding.md §3), for The Pursuit of Happiness: the seat to move starts or joins a Project
when it can, never Refreshes a row while anything else is legal, and otherwise plays at random.
The baseline the Cython version must agree with, move for move, and outrun.

Two Python versions of the one policy: `play` reads each candidate's kind with
`state.decode_action`, as the API documents it; `play_with_kind_table` sorts every id into
Project, Refresh or other once per game and looks the candidates up in that list, the quickest
plain Python we know for this policy."""

from __future__ import annotations

from typing import Any

import lifespan

_MASK = 2**64 - 1
PROJECT, OTHER, REFRESH = 0, 1, 2


class SplitMix64:
    """The core's generator (lifespan/common/rng.hpp, docs/time_of_your_life.md §2), so that
    Python draws what Cython draws."""

    def __init__(self, state: int) -> None:
        self.state = state

    def below(self, bound: int) -> int:
        """Uniform in [0, bound), by the core's multiply-shift."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * bound) >> 64


def policy_rng(seed: int) -> SplitMix64:
    """The policy's own draws, apart from the game's: seeded as a tournament seeds seat 0's
    agent (docs/analysis.md)."""
    return SplitMix64(lifespan.derive_seed(seed, 1))


def category(game: Any, kind: Any) -> int:
    if kind in (game.ActionKind.START_PROJECT, game.ActionKind.JOIN_GROUP):
        return PROJECT
    return REFRESH if kind == game.ActionKind.REFRESH else OTHER


def choose(rng: SplitMix64, legal: list[int], categories: list[int]) -> int:
    """A Project at random if any is legal; else any action but a Refresh; else a Refresh.
    One draw a move, whichever list it picks from."""
    projects, others = [], []
    for action, sort in zip(legal, categories):
        if sort == PROJECT:
            projects.append(action)
        elif sort == OTHER:
            others.append(action)
    pool = projects or others or legal
    return pool[rng.below(len(pool))]


def play(game: Any, seed: int) -> tuple[list[int], list[int]]:
    """(final scores, every action in order) of a game from game.new_state(seed)."""
    state, rng, moves = game.new_state(seed), policy_rng(seed), []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = choose(rng, legal, [category(game, state.decode_action(a).kind) for a in legal])
        state.apply(action)
        moves.append(action)
    return state.scores(), moves


def kind_table(game: Any) -> list[int]:
    """Every action id's category, decoded once for a game (about 4 ms)."""
    return [category(game, game.decode_action(a).kind) for a in range(game.num_distinct_actions)]


def play_with_kind_table(game: Any, seed: int, table: list[int]) -> tuple[list[int], list[int]]:
    """The same game as play(), the categories read from kind_table(game)."""
    state, rng, moves = game.new_state(seed), policy_rng(seed), []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = choose(rng, legal, [table[a] for a in legal])
        state.apply(action)
        moves.append(action)
    return state.scores(), moves
