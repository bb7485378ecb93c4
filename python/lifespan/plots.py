"""PNG figures of tournaments and analyses, with matplotlib's Agg backend (the optional
`lifespan[plot]` extra; docs/analysis.md, "Figures").

Every function writes one figure and returns what it drew (labels and numbers), so a caller or
a test can check the figure against the table it illustrates.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple, Sequence

import numpy as np

from .analysis import AnalysisResult, FeatureResult, kind_label
from .tournament import GameRecord, SeatResult, TournamentResult


class Figure(NamedTuple):
    """A written figure: its file, its bars' or boxes' labels, and their values with the low
    and high ends of their intervals (of a box plot: the mean, the lowest and the highest)."""

    path: str
    labels: list[str]
    values: list[float]
    low: list[float]
    high: list[float]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ValueError("figures need matplotlib: pip install 'lifespan[plot]' (or pip install matplotlib)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _directory(directory: str | os.PathLike[str]) -> Path:
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"the figures' directory is a path, got {type(directory).__name__}")
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _save(plt: Any, figure: Any, path: Path) -> str:
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return str(path)


def score_distributions(records: Sequence[GameRecord], path: Path, title: str) -> Figure:
    """A box plot of the final scores of each agent's seats (the figure's values: each agent's
    mean, from its lowest to its highest score)."""
    plt = _pyplot()
    agents = list(dict.fromkeys(a for r in records for a in r.agents))
    values = [[float(r.scores[s]) for r in records for s, a in enumerate(r.agents) if a == agent] for agent in agents]
    figure, axes = plt.subplots(figsize=(max(5.0, 1.6 * len(agents) + 2), 4.2))
    axes.boxplot(values, showmeans=True)
    axes.set_xticks(range(1, len(agents) + 1), agents, rotation=15 if len(agents) > 3 else 0)
    axes.set_ylabel("final score")
    axes.set_title(title)
    axes.grid(axis="y", alpha=0.3)
    means = [float(np.mean(v)) for v in values]
    return Figure(_save(plt, figure, path), agents, means, [float(np.min(v)) for v in values],
                  [float(np.max(v)) for v in values])


def _bars(labels: list[str], values: list[float], low: list[float], high: list[float], path: Path, title: str,
          axis_label: str, horizontal: bool = False, reference: float | None = None, percent: bool = True) -> Figure:
    plt = _pyplot()
    errors = np.array([[v - lo for v, lo in zip(values, low)], [hi - v for v, hi in zip(values, high)]])
    scale = 100.0 if percent else 1.0
    if horizontal:
        figure, axes = plt.subplots(figsize=(8.0, 0.42 * len(labels) + 1.6))
        positions = np.arange(len(labels))[::-1]
        axes.barh(positions, np.array(values) * scale, xerr=errors * scale, capsize=3,
                  color=["#3a7ebf" if v >= 0 else "#c0504d" for v in values])
        axes.set_yticks(positions, labels)
        axes.set_xlabel(axis_label)
        if reference is not None:
            axes.axvline(reference * scale, color="black", linewidth=0.8)
        axes.grid(axis="x", alpha=0.3)
    else:
        figure, axes = plt.subplots(figsize=(max(5.0, 1.3 * len(labels) + 2), 4.2))
        positions = np.arange(len(labels))
        axes.bar(positions, np.array(values) * scale, yerr=errors * scale, capsize=4, color="#3a7ebf")
        axes.set_xticks(positions, labels)
        axes.set_ylabel(axis_label)
        if reference is not None:
            axes.axhline(reference * scale, color="black", linewidth=0.8, linestyle="--")
        axes.grid(axis="y", alpha=0.3)
    axes.set_title(title)
    return Figure(_save(plt, figure, path), labels, list(values), list(low), list(high))


def seat_win_shares(seats: Sequence[SeatResult], players: int, path: Path, title: str) -> Figure:
    """Win share by seat with Wilson 95% intervals; the dashed line is a fair 1/players."""
    return _bars([f"seat {s.seat}" for s in seats], [s.win_share for s in seats], [s.win_low for s in seats],
                 [s.win_high for s in seats], path, title, "win share (%)", reference=1 / players)


def elo_ratings(result: TournamentResult, path: Path) -> Figure:
    """Each agent's Elo with its bootstrap 95% interval."""
    agents = result.agents
    return _bars([a.agent for a in agents], [a.elo for a in agents], [a.elo_low for a in agents],
                 [a.elo_high for a in agents], path, f"{result.game}: Elo\n(Bradley–Terry, mean 0; 95% bootstrap intervals)",
                 "Elo", reference=0.0, percent=False)


def top_and_bottom_features(features: Sequence[FeatureResult], path: Path, title: str, count: int = 10,
                            minimum_taken: int = 1) -> Figure:
    """The `count` features with the largest and the `count` with the smallest win-share
    difference (taken − not taken), with ±1.96 SE error bars."""
    eligible = sorted((f for f in features if f.taken >= minimum_taken and not np.isnan(f.win_difference)),
                      key=lambda f: -f.win_difference)
    shown = eligible if len(eligible) <= 2 * count else eligible[:count] + eligible[-count:]
    single_kind = len({f.kind for f in shown}) == 1   # then the title names the kind
    labels = [("" if single_kind else f"{kind_label(f.kind)}: ") + f.name + (" *" if f.flagged else "")
              for f in shown]
    values = [f.win_difference for f in shown]
    return _bars(labels, values, [f.win_difference - f.difference_spread for f in shown],
                 [f.win_difference + f.difference_spread for f in shown], path, title,
                 "win share when taken − when not (percentage points)", horizontal=True, reference=0.0)


def tournament_figures(result: TournamentResult, directory: str | os.PathLike[str]) -> dict[str, Figure]:
    """scores.png, seats.png and elo.png for a tournament."""
    folder = _directory(directory)
    return {
        "scores": score_distributions(result.records, folder / "scores.png",
                                      f"{result.game}: final scores by agent\n({result.games} games)"),
        "seats": seat_win_shares(result.seats, result.players, folder / "seats.png",
                                 f"{result.game}: win share by seat\n(95% Wilson intervals; dashed: a fair share)"),
        "elo": elo_ratings(result, folder / "elo.png"),
    }


def analysis_figures(result: AnalysisResult, directory: str | os.PathLike[str], count: int = 10,
                     kinds: Sequence[str] | None = None, minimum_taken: int = 1) -> dict[str, Figure]:
    """scores.png, seats.png and features.png (top and bottom features; `kinds` to keep some
    kinds only) for an analysis."""
    folder = _directory(directory)
    chosen = [f for f in result.features if kinds is None or f.kind in kinds]
    which = ", ".join(kind_label(k) + "s" for k in kinds) if kinds else "features"
    return {
        "scores": score_distributions(result.records, folder / "scores.png",
                                      f"{result.game}: final scores by agent\n({result.games} games)"),
        "seats": seat_win_shares(result.seats, result.players, folder / "seats.png",
                                 f"{result.game}: win share by seat\n(95% Wilson intervals; dashed: a fair share)"),
        "features": top_and_bottom_features(chosen, folder / "features.png",
                                            f"{result.game}: {which} by win-share difference\n(taken − not taken, ± 1.96 SE; * flagged)", count,
                                            minimum_taken),
    }
