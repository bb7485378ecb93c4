"""Tournaments between agents, and the per-game record they are built from
(`lifespan.record_game`, `lifespan.tournament`; docs/analysis.md).

Any registered game: the record uses only the Game / State contract, and a seat's win is read
from the game's own `returns()` (its rulebook's win rule and tie-break, as the engine
implements it: docs/time_of_your_life.md, docs/pursuit_of_happiness.md).

Seeds: game i of a job is seeded `derive_seed(seed, i)` (the SplitMix64 derivation that
`lifespan.playouts` uses), and the agent in seat s of that game `derive_seed(game_seed, s + 1)`,
so a game depends on (seed, i) alone, never on which worker plays it.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple, Sequence

import numpy as np
from tabulate import tabulate

from . import jobs
from ._parameters import MAX_SEED, check_integer
from .agents import check_agent_name, make_agent, split_agent_specs
from .stats import elo_with_intervals, mean_interval, wilson_interval, win_shares_of_returns

_MASK = 2**64 - 1


def derive_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a job seeded `seed`: SplitMix64 started at
    seed ^ (index · 0xD1B54A32D192ED03), one output skipped, the next taken (as in C++)."""
    state = (seed ^ (index * 0xD1B54A32D192ED03)) & _MASK
    value = 0
    for _ in range(2):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        value = state
        value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
        value ^= value >> 31
    return value


class Move(NamedTuple):
    """One action of a game: its ply (from 0), the seat that chose it, its id and its text."""

    ply: int
    seat: int
    action: int
    text: str


@dataclass
class GameRecord:
    """Everything a game's statistics need: the seats' agent specs, every move in order, the
    final scores and returns, each seat's share of the win, and the final state."""

    seed: int
    agents: list[str]
    moves: list[Move]
    scores: list[int]
    returns: list[float]
    wins: list[float]
    final_state: Any = field(repr=False, default=None)

    def moves_of(self, seat: int) -> list[Move]:
        return [move for move in self.moves if move.seat == seat]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy (the final state as its saved document)."""
        out = asdict(self)
        out["moves"] = [move._asdict() for move in self.moves]
        out["final_state"] = json.loads(self.final_state.to_json()) if self.final_state is not None else None
        return out


def check_game(game: Any) -> Any:
    if not hasattr(game, "new_state") or not hasattr(game, "num_players"):
        raise TypeError(f"needs a lifespan game (lifespan.load_game), got {type(game).__name__}")
    return game


def agent_list(agents: Any, what: str = "agents") -> list[str]:
    """Agent specs from a list of specs or one comma-separated text, each checked."""
    if isinstance(agents, str):
        names = split_agent_specs(agents)
    elif isinstance(agents, (list, tuple)):
        names = list(agents)
    else:
        raise TypeError(f"{what} are agent specs: a list of text or one comma-separated text, "
                        f"got {type(agents).__name__}")
    if not names:
        raise ValueError(f"{what}: no agent given")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"an agent spec is text such as 'mcts:iterations=500', got {type(name).__name__}")
        check_agent_name(name)
    return names


def record_game(game: Any, agents: Sequence[str], seed: int = 0, agent_seeds: Sequence[int] | None = None) -> GameRecord:
    """Plays one game from `game.new_state(seed)` with one agent spec per seat and returns its
    record. Seat s's agent is seeded `derive_seed(seed, s + 1)` unless `agent_seeds` is given."""
    check_game(game)
    specs = agent_list(list(agents))
    if len(specs) != game.num_players:
        raise ValueError(f"{len(specs)} agents given for {game.num_players} players")
    seed = check_integer("seed", seed, 0, MAX_SEED)
    seeds = list(agent_seeds) if agent_seeds is not None else [derive_seed(seed, seat + 1) for seat in range(len(specs))]
    players = [make_agent(spec, seeds[seat]) for seat, spec in enumerate(specs)]
    state = game.new_state(seed=seed)
    moves: list[Move] = []
    while not state.is_terminal():
        seat = state.current_player
        action = players[seat].step(state)
        moves.append(Move(len(moves), seat, action, state.action_to_string(action)))
        state.apply(action)
    returns = state.returns()
    wins = win_shares_of_returns(np.array([returns]))[0]
    return GameRecord(seed, specs, moves, state.scores(), returns, [float(w) for w in wins], state)


def seatings(agents: int, players: int) -> list[tuple[int, ...]]:
    """The round-robin of a tournament: every lineup of `players` agents (every combination
    when there are at least as many agents as seats, else the agents repeated in turn), each in
    all its rotations, so that every agent sits in every seat equally often over a full round."""
    if agents >= players:
        lineups = list(itertools.combinations(range(agents), players))
    else:
        lineups = [tuple(seat % agents for seat in range(players))]
    return [lineup[shift:] + lineup[:shift] for lineup in lineups for shift in range(players)]


def _play_chunk(payload: tuple[Any, list[str], list[tuple[int, ...]], int, bool], first: int,
                count: int) -> list[GameRecord]:
    game, names, schedule, seed, keep_states = payload
    records = []
    for index in range(first, first + count):
        lineup = schedule[index % len(schedule)]
        record = record_game(game, [names[a] for a in lineup], derive_seed(seed, index))
        if not keep_states:
            record.final_state = None
        records.append(record)
    return records


def play_games(game: Any, agents: Sequence[str], games: int, seed: int, schedule: list[tuple[int, ...]],
               backend: str = "local", workers: int = 0, address: str | None = None,
               progress: bool = False, keep_states: bool = False) -> list[GameRecord]:
    """Records of games 0 .. games − 1, game i seated by schedule[i mod len(schedule)]."""
    return jobs.run(_play_chunk, (game, list(agents), schedule, seed, keep_states), games,
                    backend=backend, workers=workers, address=address, progress=progress)


@dataclass
class AgentResult:
    agent: str
    seat_games: int          # games times seats held: an agent may hold several seats of a game
    win_share: float
    win_low: float
    win_high: float
    mean_score: float
    score_spread: float      # 1.96 standard errors
    elo: float
    elo_low: float
    elo_high: float


@dataclass
class SeatResult:
    seat: int
    games: int
    win_share: float
    win_low: float
    win_high: float
    advantage: float         # win share − 1/players
    mean_score: float
    score_spread: float


@dataclass
class TournamentResult:
    """A tournament's outcome: per agent, per seat, and every game's record."""

    game: str
    players: int
    games: int
    seed: int
    agents: list[AgentResult]
    seats: list[SeatResult]
    records: list[GameRecord] = field(repr=False)

    def rows(self) -> list[dict[str, Any]]:
        """The tidy table: one row per agent, then one per seat (`kind` says which)."""
        out: list[dict[str, Any]] = [{"kind": "agent", **asdict(a)} for a in self.agents]
        out += [{"kind": "seat", **asdict(s)} for s in self.seats]
        return out

    def to_csv(self) -> str:
        fields: list[str] = []
        for row in self.rows():
            fields += [key for key in row if key not in fields]
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows())
        return text.getvalue()

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "players": self.players, "games": self.games,
                           "seed": self.seed, "agents": [asdict(a) for a in self.agents],
                           "seats": [asdict(s) for s in self.seats]}, indent=2)

    def table(self) -> str:
        agent_rows = [[a.agent, a.seat_games, f"{a.win_share:.1%}", f"{a.win_low:.1%} to {a.win_high:.1%}",
                       f"{a.mean_score:.2f} ± {a.score_spread:.2f}",
                       f"{a.elo:+.0f} ({a.elo_low:+.0f} to {a.elo_high:+.0f})"] for a in self.agents]
        seat_rows = [[s.seat, s.games, f"{s.win_share:.1%}", f"{s.win_low:.1%} to {s.win_high:.1%}",
                      f"{s.advantage:+.1%}", f"{s.mean_score:.2f} ± {s.score_spread:.2f}"] for s in self.seats]
        return "\n\n".join([
            tabulate(agent_rows, headers=["agent", "seat-games", "win share", "95% interval",
                                          "mean score (95%)", "Elo (95%)"],
                     colalign=("left", "right", "right", "right", "right", "right"), disable_numparse=True),
            tabulate(seat_rows, headers=["seat", "games", "win share", "95% interval",
                                         "advantage", "mean score (95%)"],
                     colalign=("right", "right", "right", "right", "right", "right"), disable_numparse=True)])


def seat_results(records: Sequence[GameRecord], players: int) -> list[SeatResult]:
    """Each seat's win share and mean score over the games, whoever sat there."""
    wins = np.array([r.wins for r in records])
    scores = np.array([r.scores for r in records], dtype=float)
    out = []
    for seat in range(players):
        share = float(wins[:, seat].mean())
        low, high = wilson_interval(float(wins[:, seat].sum()), len(records))
        mean, spread = mean_interval(scores[:, seat])
        out.append(SeatResult(seat, len(records), share, low, high, share - 1 / players, mean, spread))
    return out


def summarize(game: Any, names: list[str], records: list[GameRecord], seed: int) -> TournamentResult:
    players = game.num_players
    index = {name: number for number, name in enumerate(names)}
    wins = np.array([r.wins for r in records])
    scores = np.array([r.scores for r in records], dtype=float)
    seats_agent = np.array([[index[a] for a in r.agents] for r in records])
    elo, elo_low, elo_high = elo_with_intervals(wins, scores, seats_agent, len(names), seed)
    agents = []
    for number, name in enumerate(names):
        held = seats_agent == number
        taken = int(held.sum())
        low, high = wilson_interval(float(wins[held].sum()), taken)
        mean, spread = mean_interval(scores[held])
        agents.append(AgentResult(name, taken, float(wins[held].mean()) if taken else float("nan"), low, high,
                                  mean, spread, float(elo[number]), float(elo_low[number]), float(elo_high[number])))
    return TournamentResult(game.name, players, len(records), seed, agents, seat_results(records, players), records)


def check_job(game: Any, agents: Any, games: Any, seed: Any, backend: Any,
              address: Any) -> tuple[list[str], int, int, list[tuple[int, ...]]]:
    """(agents, games, seed, seating schedule) of a tournament or analysis, each checked; an
    agent named twice is one agent."""
    check_game(game)
    names = list(dict.fromkeys(agent_list(agents)))
    games = check_integer("games", games, 1, 2**40)
    seed = check_integer("seed", seed, 0, MAX_SEED)
    jobs.check_backend(backend, address)
    return names, games, seed, seatings(len(names), game.num_players)


def tournament(game: Any, agents: Any, games: int, seed: int = 0, backend: str = "local", workers: int = 0,
               address: str | None = None, progress: bool = False) -> TournamentResult:
    """Agents play `games` games of `game`, seated round-robin (`seatings`): every lineup, each
    rotated so that seat advantage cancels over a full round (a multiple of
    len(seatings(...)) games). Per agent: win share with its Wilson 95% interval, mean score
    ± 1.96 SE, and a Bradley–Terry Elo with a bootstrap 95% interval; per seat, its advantage.

    Game i depends on (seed, i) only, so the result is the same for any `workers` and either
    backend ("local": processes, one per core for 0; "ray": a Ray cluster, see lifespan.jobs).
    An agent named twice is one agent: give different specs (`mcts:iterations=200,seed=1`) to
    compare two of a kind.
    """
    names, games, seed, schedule = check_job(game, agents, games, seed, backend, address)
    records = play_games(game, names, games, seed, schedule, backend, workers, address, progress)
    return summarize(game, names, records, seed)
