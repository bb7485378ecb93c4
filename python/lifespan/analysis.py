"""Balance analysis: which cards, Life Goals, Child Traits, Trends and seats win more often
(`lifespan.analyze`, `lifespan.compare_variants`; docs/analysis.md).

Each game is played and recorded (`lifespan.record_game`); from the record come its features:
- a seat *took* a card when one of its moves names it (the card's name or a face's, the first
  time in the game; a move that discards a card does not take it): a Child Trait kept, a
  Project started, an Item bought, a Job or Partner taken, a Life card played into a timeline;
- in The Pursuit of Happiness a seat also holds each Life Goal it claimed (the state's
  `goals_claimed_by`; a tied goal counts for no seat), and every seat plays with the Trends
  face up in its game (a table feature: it says how scores move, never who wins).
For each feature: how often it was taken, and the win share and mean score of the seat-games
with it against those without, with intervals; a feature whose win-share difference is beyond
chance after a Bonferroni correction over all features is flagged.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, NamedTuple, Sequence

import numpy as np
from tabulate import tabulate

from . import jobs
from ._registry import load_game
from .narration import cards_in_move
from .stats import Z95, mean_interval, wilson_interval
from .table import game_options
from .tournament import GameRecord, SeatResult, check_game, check_job, derive_seed, record_game, seat_results

KIND_LABELS = {"child_trait": "Child Trait", "life_goal": "Life Goal", "trend": "Trend", "life": "Life card"}


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


class Taken(NamedTuple):
    """A seat's feature in a game: the card's kind and name, and the ply it was taken at (the
    last ply for what is known only at the end, such as a claimed Life Goal)."""

    seat: int
    kind: str
    name: str
    ply: int


def features_of(game: Any, record: GameRecord) -> list[Taken]:
    """What each seat took in a recorded game (the rules of the module docstring)."""
    cards = game.cards()
    taken: dict[tuple[int, str, str], Taken] = {}
    for move in record.moves:
        if move.text.lower().startswith("discard"):
            continue
        named = cards_in_move(cards, move.text)
        if named:
            card = named[0]
            key = (move.seat, str(card["kind"]), str(card["name"]))
            taken.setdefault(key, Taken(move.seat, key[1], key[2], move.ply))
    last = len(record.moves)
    if game.name == "pursuit_of_happiness" and record.final_state is not None:
        state = record.final_state._to_record()
        goals = [c for c in cards if c["kind"] == "life_goal"]
        trends = [c for c in cards if c["kind"] == "trend"]
        for goal, claimant in zip(state["goals"], state["goals_claimed_by"]):
            if 1 <= claimant <= game.num_players:
                key = (claimant - 1, "life_goal", str(goals[goal]["name"]))
                taken.setdefault(key, Taken(claimant - 1, key[1], key[2], last))
        for trend in state["trends"]:
            for seat in range(game.num_players):
                key = (seat, "trend", str(trends[trend]["name"]))
                taken.setdefault(key, Taken(seat, key[1], key[2], 0))
    return sorted(taken.values(), key=lambda t: (t.ply, t.seat, t.kind, t.name))


@dataclass
class FeatureResult:
    kind: str
    name: str
    taken: int               # seat-games with it
    taken_share: float       # of all seat-games
    win_with: float
    win_with_low: float
    win_with_high: float
    win_without: float
    win_difference: float    # with − without
    difference_spread: float # 1.96 standard errors of the difference
    score_with: float
    score_with_spread: float
    score_without: float
    score_difference: float
    flagged: bool            # the difference is beyond chance, Bonferroni-corrected


@dataclass
class AnalysisResult:
    """An analysis: per feature, per seat, the first player's advantage, and every record."""

    game: str
    players: int
    games: int
    seed: int
    agents: list[str]
    features: list[FeatureResult]
    seats: list[SeatResult]
    first_player: SeatResult
    records: list[GameRecord] = field(repr=False)
    taken: list[list[Taken]] = field(repr=False)

    def of_kind(self, kind: str) -> list[FeatureResult]:
        return [f for f in self.features if f.kind == kind]

    def to_csv(self) -> str:
        text = io.StringIO()
        names = list(FeatureResult.__dataclass_fields__)
        writer = csv.DictWriter(text, fieldnames=names, lineterminator="\n")
        writer.writeheader()
        writer.writerows(asdict(f) for f in self.features)
        return text.getvalue()

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
                           "agents": self.agents, "features": [asdict(f) for f in self.features],
                           "seats": [asdict(s) for s in self.seats],
                           "first_player": asdict(self.first_player)}, indent=2)

    def table(self, kinds: Sequence[str] | None = None, limit: int | None = None) -> str:
        """Features by win-share difference, largest first (`kinds` to keep some kinds only,
        `limit` rows at most), then the seats."""
        shown = [f for f in self.features if kinds is None or f.kind in kinds]
        shown = sorted(shown, key=lambda f: -f.win_difference)[:limit]
        rows = [[kind_label(f.kind), f.name, f"{f.taken_share:.1%}",
                 f"{f.win_with:.1%} ({f.win_with_low:.1%} to {f.win_with_high:.1%})",
                 f"{f.win_difference:+.1%} ± {f.difference_spread:.1%}",
                 f"{f.score_with:.2f} ± {f.score_with_spread:.2f}", f"{f.score_difference:+.2f}",
                 "*" if f.flagged else ""] for f in shown]
        seats = [[s.seat, f"{s.win_share:.1%} ({s.win_low:.1%} to {s.win_high:.1%})", f"{s.advantage:+.1%}",
                  f"{s.mean_score:.2f} ± {s.score_spread:.2f}"] for s in self.seats]
        first = self.first_player
        return "\n\n".join([
            tabulate(rows, headers=["kind", "name", "taken", "win share when taken (95%)",
                                    "vs not taken", "mean score when taken", "vs not", "flag"],
                     colalign=("left", "left", "right", "right", "right", "right", "right", "center"),
                     disable_numparse=True),
            tabulate(seats, headers=["seat", "win share (95%)", "advantage", "mean score (95%)"],
                     colalign=("right", "right", "right", "right"), disable_numparse=True),
            f"first player: win share {first.win_share:.1%} ({first.win_low:.1%} to {first.win_high:.1%}), "
            f"advantage {first.advantage:+.1%} over a fair 1/{self.players}"])


def _analysis_chunk(payload: tuple[Any, list[str], list[tuple[int, ...]], int], first: int,
                    count: int) -> list[tuple[GameRecord, list[Taken]]]:
    game, names, schedule, seed = payload
    out = []
    for index in range(first, first + count):
        lineup = schedule[index % len(schedule)]
        record = record_game(game, [names[a] for a in lineup], derive_seed(seed, index))
        found = features_of(game, record)
        record.final_state = None   # the features are read; the state need not travel back
        out.append((record, found))
    return out


def feature_results(records: Sequence[GameRecord], taken: Sequence[Sequence[Taken]],
                    players: int) -> list[FeatureResult]:
    wins = np.array([r.wins for r in records]).ravel()
    scores = np.array([r.scores for r in records], dtype=float).ravel()
    keys = sorted({(t.kind, t.name) for found in taken for t in found})
    total = wins.size
    # Bonferroni: one family of tests over all features, at 5% overall.
    z_flag = _normal_quantile(1 - 0.025 / max(1, len(keys)))
    out = []
    for kind, name in keys:
        mask = np.zeros(total, dtype=bool)
        for game_index, found in enumerate(taken):
            for t in found:
                if t.kind == kind and t.name == name:
                    mask[game_index * players + t.seat] = True
        with_count, without_count = int(mask.sum()), int((~mask).sum())
        win_with = float(wins[mask].mean()) if with_count else math.nan
        win_without = float(wins[~mask].mean()) if without_count else math.nan
        low, high = wilson_interval(float(wins[mask].sum()), with_count)
        error = math.sqrt((float(wins[mask].var()) / with_count if with_count else 0.0)
                          + (float(wins[~mask].var()) / without_count if without_count else 0.0))
        score_with, score_spread = mean_interval(scores[mask])
        score_without = float(scores[~mask].mean()) if without_count else math.nan
        difference = win_with - win_without
        flagged = bool(with_count > 1 and without_count > 1 and error > 0 and abs(difference) > z_flag * error)
        out.append(FeatureResult(kind, name, with_count, with_count / total, win_with, low, high, win_without,
                                 difference, Z95 * error, score_with, score_spread, score_without,
                                 score_with - score_without, flagged))
    return out


def _normal_quantile(p: float) -> float:
    """The standard normal quantile, by bisection on erf (only the flag threshold needs it)."""
    low, high = 0.0, 40.0
    for _ in range(200):
        middle = (low + high) / 2
        if 0.5 * (1 + math.erf(middle / math.sqrt(2))) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def analyze(game: Any, agents: Any = "random", games: int = 1000, seed: int = 0, backend: str = "local",
            workers: int = 0, address: str | None = None, progress: bool = False) -> AnalysisResult:
    """Plays `games` recorded games (agents seated round-robin as in `lifespan.tournament`; one
    spec plays every seat) and measures every feature each seat took (module docstring), each
    seat and the first player. Game i depends on (seed, i) only: the same result for any
    `workers` and either backend."""
    names, games, seed, schedule = check_job(game, agents, games, seed, backend, address)
    played = jobs.run(_analysis_chunk, (game, names, schedule, seed), games, backend=backend, workers=workers,
                      address=address, progress=progress)
    records = [record for record, _ in played]
    taken = [found for _, found in played]
    players = game.num_players
    seats = seat_results(records, players)
    first_wins = np.array([r.wins[r.moves[0].seat] if r.moves else 1 / players for r in records])
    low, high = wilson_interval(float(first_wins.sum()), len(records))
    first_scores = np.array([r.scores[r.moves[0].seat] if r.moves else 0 for r in records], dtype=float)
    mean, spread = mean_interval(first_scores)
    first = SeatResult(-1, len(records), float(first_wins.mean()), low, high,
                       float(first_wins.mean()) - 1 / players, mean, spread)
    return AnalysisResult(game.name, players, len(records), seed, names,
                          feature_results(records, taken, players), seats, first, records, taken)


def compare_variants(game: Any, variants: Mapping[str, Mapping[str, Any]], agents: Any = "random",
                     games: int = 1000, seed: int = 0, **options: Any) -> dict[str, AnalysisResult]:
    """The same analysis (same seeds) of `game` and of each rule variant: a label -> the rule
    parameters that change, e.g. {"no overtime": {"overtime": False}}. The first entry of the
    result is the game as given, labelled "as given"."""
    check_game(game)
    if not isinstance(variants, Mapping):
        raise TypeError(f"variants map a label to rule parameters, got {type(variants).__name__}")
    base = game_options(game)
    results = {"as given": analyze(game, agents, games, seed, **options)}
    for label, changes in variants.items():
        if not isinstance(changes, Mapping):
            raise TypeError(f"variant {label!r}: rule parameters are a mapping, got {type(changes).__name__}")
        results[str(label)] = analyze(load_game(game.name, **{**base, **changes}), agents, games, seed, **options)
    return results


def variants_table(results: Mapping[str, AnalysisResult], kinds: Sequence[str] | None = None) -> str:
    """Variants side by side: each seat's win share and mean score, and each feature's
    win-share difference, one column per variant."""
    labels = list(results)
    first = next(iter(results.values()))
    rows: list[list[Any]] = []
    for seat in range(first.players):
        rows.append([f"seat {seat} win share", *(f"{r.seats[seat].win_share:.1%}" for r in results.values())])
        rows.append([f"seat {seat} mean score", *(f"{r.seats[seat].mean_score:.2f}" for r in results.values())])
    keys = sorted({(f.kind, f.name) for r in results.values() for f in r.features
                   if kinds is None or f.kind in kinds})
    for kind, name in keys:
        cells = []
        for r in results.values():
            found = [f for f in r.features if (f.kind, f.name) == (kind, name)]
            cells.append(f"{found[0].win_difference:+.1%}{'*' if found[0].flagged else ''}" if found else "-")
        rows.append([f"{kind_label(kind)} {name}", *cells])
    text: str = tabulate(rows, headers=["", *labels], disable_numparse=True)
    return text
