"""The statistics behind selfplay, tournaments and balance analysis (docs/analysis.md,
"Statistics"): Wilson intervals for shares, mean ± 1.96·SE for scores, and Elo ratings from a
Bradley–Terry model fitted by minorization–maximization on pairwise results, with a bootstrap
over games for their uncertainty.

They are game-independent: a game's win rule enters only through its `returns()`
(`win_shares_of_returns`).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

Z95 = 1.96  # the normal quantile of a two-sided 95% interval


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win share (95% for z = 1.96); shared wins count their
    share, so `wins` may be fractional. No games: the whole of [0, 1]."""
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(max(0.0, share * (1 - share)) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float] | np.ndarray, z: float = Z95) -> tuple[float, float]:
    """(mean, half-width): the mean and z standard errors of it (0 for fewer than 2 values)."""
    array = np.asarray(values, dtype=float)
    if array.size == 0:
        return math.nan, math.nan
    spread = z * float(array.std(ddof=1)) / math.sqrt(array.size) if array.size > 1 else 0.0
    return float(array.mean()), spread


def win_shares_of_returns(returns: np.ndarray) -> np.ndarray:
    """Each seat's share of each game's win, read from the games' returns() so that the game's
    own win rule counts (a tie-break, a solo target): returns() maps a share w of a game's win
    to (n·w − 1)/(n − 1) for n > 1 players, and a solo win and loss to 1 and −1. `returns` is
    (games, players); so is the result."""
    players = returns.shape[1]
    shares: np.ndarray = (returns + 1) / 2 if players == 1 else (returns * (players - 1) + 1) / players
    return shares


def pairwise_outcomes(wins: np.ndarray, scores: np.ndarray, seats_agent: np.ndarray, agents: int) -> np.ndarray:
    """A (agents, agents) matrix: entry [a, b] sums a's score against b over every pair of
    seats held by different agents in every game. Of a pair, the seat with the larger share of
    the win beats the other; between equal shares (two seats that both lost, say) the larger
    final score wins; a pair equal in both counts half to each. `wins`, `scores` and
    `seats_agent` are (games, players): win shares, final scores, the agent index of each seat."""
    matrix = np.zeros((agents, agents))
    players = wins.shape[1]
    for first in range(players):
        for second in range(first + 1, players):
            a, b = seats_agent[:, first], seats_agent[:, second]
            differ = a != b
            order = np.sign(wins[:, first] - wins[:, second])
            order = np.where(order == 0, np.sign(scores[:, first] - scores[:, second]), order)
            score = ((order + 1) / 2)[differ]
            np.add.at(matrix, (a[differ], b[differ]), score)
            np.add.at(matrix, (b[differ], a[differ]), 1.0 - score)
    return matrix


def bradley_terry_elo(outcomes: np.ndarray, prior: float = 0.5, iterations: int = 10_000,
                      tolerance: float = 1e-10) -> np.ndarray:
    """Elo ratings from a matrix of pairwise scores (`pairwise_outcomes`), mean 0.

    The Bradley–Terry model gives agent i beating j the chance p_i / (p_i + p_j); its maximum
    likelihood strengths are found by Hunter's MM iteration p_i ← W_i / Σ_j n_ij / (p_i + p_j).
    Each pair that met gets `prior` virtual wins each way, so an agent that won (or lost) every
    game still has a finite rating. Elo is 400·log10(p_i), shifted to mean 0: a difference of
    400 is 10:1 odds.
    """
    count = outcomes.shape[0]
    played = outcomes + outcomes.T
    met = played > 0
    scores = outcomes + prior * met
    games = scores + scores.T
    total_wins = scores.sum(axis=1)
    strength = np.ones(count)
    for _ in range(iterations):
        denominators = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = np.where(denominators > 0, total_wins / np.where(denominators > 0, denominators, 1), strength)
        updated = np.where(updated > 0, updated, strength)
        updated /= math.exp(np.log(updated).mean())
        if np.max(np.abs(updated - strength)) < tolerance:
            strength = updated
            break
        strength = updated
    elo: np.ndarray = 400 * np.log10(strength)
    centred: np.ndarray = elo - elo.mean()
    return centred


def elo_with_intervals(wins: np.ndarray, scores: np.ndarray, seats_agent: np.ndarray, agents: int, seed: int,
                       resamples: int = 200) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(elo, low, high): Bradley–Terry Elo of each agent and a 95% percentile bootstrap
    interval, resampling whole games with replacement (`resamples` times, from a generator
    seeded with `seed`, so the interval is the same for the same games)."""
    elo = bradley_terry_elo(pairwise_outcomes(wins, scores, seats_agent, agents))
    if agents < 2 or wins.shape[0] < 2:
        return elo, elo.copy(), elo.copy()
    generator = np.random.default_rng(seed)
    samples = np.empty((resamples, agents))
    for row in range(resamples):
        pick = generator.integers(0, wins.shape[0], wins.shape[0])
        samples[row] = bradley_terry_elo(pairwise_outcomes(wins[pick], scores[pick], seats_agent[pick], agents))
    low, high = np.percentile(samples, [2.5, 97.5], axis=0)
    return elo, low, high
