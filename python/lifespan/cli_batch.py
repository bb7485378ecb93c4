"""The command line's batch commands: `tournament` and `analyze` (docs/analysis.md), and the
games behind `selfplay`, on the local cores or a Ray cluster (`--backend`, lifespan.jobs).

Every game's rules are its rulebook's as the engine implements them; these commands only seat
agents, play and count.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from . import jobs
from ._parameters import parse_value, seed_plus
from .cli_args import game_from_args
from .agents import make_agent
from .analysis import analyze, compare_variants, variants_table
from .tournament import tournament

SELFPLAY_CHUNK = 2000  # random selfplay games per native batch; part of the job, so of its result


def _random_chunk(payload: tuple[Any, int, int], first: int, count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    # The chunks of random selfplay: batch k of SELFPLAY_CHUNK games is seeded seed + first.
    game, seed, threads = payload
    scores, returns = game._playouts_with_returns(count, seed_plus(seed, first), threads)
    return list(zip(scores, returns))


def _agents_chunk(payload: tuple[Any, list[str], int], first: int, count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    game, names, seed = payload
    out = []
    for index in range(first, first + count):
        agents = [make_agent(name, seed_plus(seed, index * game.num_players + seat)) for seat, name in enumerate(names)]
        state = game.new_state(seed=seed_plus(seed, index))
        while not state.is_terminal():
            state.apply(agents[state.current_player].step(state))
        out.append((np.array(state.scores()), np.array(state.returns())))
    return out


def selfplay_games(game: Any, names: list[str], seed: int, games: int, threads: int, backend: str,
                   address: str | None, workers: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """(scores, returns) of selfplay's games, (games, players) each; the same for any backend."""
    if all(name == "random" for name in names):
        # Uniform random seats: whole games in C++ (lifespan.playouts' batches), in fixed chunks.
        pieces = [(first, min(SELFPLAY_CHUNK, games - first)) for first in range(0, games, SELFPLAY_CHUNK)]
        rows = jobs.run(_random_chunk, (game, seed, threads), games, backend, workers=1 if backend == "local" else 0,
                        address=address, pieces=pieces)
    else:
        rows = jobs.run(_agents_chunk, (game, names, seed), games, backend, workers=workers, address=address)
    return np.array([s for s, _ in rows]), np.array([r for _, r in rows])


def backend_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", choices=jobs.BACKENDS, default="local",
                        help="local: every core of this machine (processes); ray: a Ray cluster "
                             "(pip install 'lifespan[ray]')")
    parser.add_argument("--address", help="with --backend ray: the cluster's address, or 'auto' "
                                          "(default: a Ray started here)")
    parser.add_argument("--workers", type=int, default=0,
                        help="local worker processes (default 0: one per core)")


def _outputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--plot", metavar="DIR", help="write PNG figures there (pip install 'lifespan[plot]')")


def _write(path: str | None, text: str) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)


def _game_and_agents(args: argparse.Namespace) -> tuple[Any, list[str]]:
    from .tournament import agent_list

    game = game_from_args(args, args.agents if args.command == "tournament" else None)
    return game, agent_list(args.agents)


def _check_games(games: int) -> None:
    if games < 1:
        raise ValueError("--games must be at least 1")


def cmd_tournament(args: argparse.Namespace) -> int:
    from . import transcription

    game, names = _game_and_agents(args)
    _check_games(args.games)
    if args.plot:
        from .plots import _pyplot
        _pyplot()  # a missing matplotlib is reported before the games, not after
    result = tournament(game, names, args.games, seed=args.seed or 0, backend=args.backend, workers=args.workers,
                        address=args.address, progress=True)
    print(f"{game.name}: {result.games} games, {game.num_players} players, agents seated round-robin")
    note = transcription.provenance_note(game)
    if note:
        print(note)
    print(result.table())
    _write(args.csv, result.to_csv())
    _write(args.json, result.to_json())
    if args.plot:
        from .plots import tournament_figures
        for figure in tournament_figures(result, args.plot).values():
            print(f"wrote {figure.path}")
    return 0


def _variants(items: list[str] | None) -> dict[str, dict[str, Any]]:
    """--variant KEY=VALUE[,KEY=VALUE...] -> {label: parameters}; the label is the text."""
    variants: dict[str, dict[str, Any]] = {}
    for item in items or []:
        changes: dict[str, Any] = {}
        for part in item.split(","):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise ValueError(f"--variant takes key=value[,key=value...], got {item!r}")
            changes[key.strip()] = parse_value(value)
        variants[item] = changes
    return variants


def cmd_analyze(args: argparse.Namespace) -> int:
    from . import transcription

    game, names = _game_and_agents(args)
    _check_games(args.games)
    if args.plot:
        from .plots import _pyplot
        _pyplot()
    kinds = [k.strip() for k in args.kinds.split(",")] if args.kinds else None
    options = dict(backend=args.backend, workers=args.workers, address=args.address, progress=True)
    variants = _variants(args.variant)
    results = (compare_variants(game, variants, names, args.games, args.seed or 0, **options) if variants
               else {"as given": analyze(game, names, args.games, seed=args.seed or 0, **options)})
    result = results["as given"]
    print(f"{game.name}: {result.games} games, {game.num_players} players, agents {', '.join(names)}")
    note = transcription.provenance_note(game)
    if note:
        print(note)
    print(result.table(kinds, args.top))
    if variants:
        print()
        print(variants_table(results, kinds))
    _write(args.csv, result.to_csv())
    _write(args.json, result.to_json())
    if args.plot:
        from .plots import analysis_figures
        for figure in analysis_figures(result, args.plot, kinds=kinds).values():
            print(f"wrote {figure.path}")
    return 0


def add_commands(sub: Any, common: Any, epilog: str) -> None:
    """Adds `tournament` and `analyze` to the command line's subcommands."""
    play = sub.add_parser("tournament", help="agents play round-robin: win shares, scores, Elo",
                          epilog=epilog)
    common(play)
    play.add_argument("--agents", required=True, help="comma-separated agent specs, e.g. random,mcts:iterations=200")
    play.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    backend_options(play)
    _outputs(play)
    play.set_defaults(run=cmd_tournament)

    study = sub.add_parser("analyze", help="which cards, goals, traits and seats win more often", epilog=epilog)
    common(study)
    study.add_argument("--agents", default="random", help="agent specs, seated round-robin (default random)")
    study.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    study.add_argument("--variant", action="append", metavar="KEY=VALUE[,KEY=VALUE]",
                       help="a rule variant to compare side by side (repeatable)")
    study.add_argument("--kinds", help="comma-separated card kinds to show, e.g. child_trait,life_goal")
    study.add_argument("--top", type=int, help="show this many features at most")
    backend_options(study)
    _outputs(study)
    study.set_defaults(run=cmd_analyze)


