"""The command line: `play` (the terminal game of lifespan.repl), `selfplay`, `export` (a game
definition for a C++ host, docs/embedding.md), `tournament` and `analyze` (lifespan/cli_batch.py),
`cards` (export and check a transcription of printed cards, in lifespan/transcription.py) and
`serve` (the web table, in lifespan/serve.py).

Every command works for every registered game: they use the Game / State contract, and
selfplay's random seats the native playouts with each game's returns (`_playouts_with_returns`).
Seats and agents are agent specs (lifespan.make_agent), e.g. `mcts:iterations=5000,threads=2`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Sequence

from tabulate import tabulate

from . import cli_batch, games, serve, transcription
from ._definition import definition_text
from ._parameters import MAX_THREADS, check_integer
from .cli_args import game_from_args
from .agents import AGENTS, check_agent_name, split_agent_specs
from .repl import Repl, terminal_reader, use_colour
from .stats import mean_interval, win_shares_of_returns, wilson_interval
from .table import HUMAN


def _seat_names(spec: str | None, players: int, default: Sequence[str], humans: bool) -> list[str]:
    """One name per seat; each must be an agent (or `human`, where humans may sit)."""
    names = split_agent_specs(spec) if spec else list(default)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"{len(names)} seats given for {players} players")
    for name in dict.fromkeys(names):  # in seat order: the first unknown name is the one named
        if humans:
            check_agent_name(name, "seat", also=[HUMAN])
        else:
            check_agent_name(name)
    return names


def cmd_play(args: argparse.Namespace) -> int:
    read = terminal_reader()
    colour = use_colour(args.colour, sys.stdout)
    if args.load:
        if args.game or args.seats or args.players is not None or args.seed is not None or args.param:
            raise ValueError("--load continues a saved game with its own options and seats; "
                             "give it alone")
        return Repl.from_file(args.load, sys.stdout, read, colour=colour, hint=args.hint).run()
    if not args.game:
        raise ValueError("play needs a game name (or --load FILE)")
    game = game_from_args(args, args.seats)
    seats = _seat_names(args.seats, game.num_players, [HUMAN] + ["random"] * (game.num_players - 1), humans=True)
    seed = args.seed if args.seed is not None else 0
    return Repl(game, seats, seed, sys.stdout, read, colour=colour, hint=args.hint).run()


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = game_from_args(args, args.agents)
    names = _seat_names(args.agents, game.num_players, ["random"], humans=False)
    seed = game.parameters["seed"]  # --seed, or a seed parameter, or 0
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    threads = check_integer("--threads", args.threads, 0, MAX_THREADS)
    start = time.perf_counter()
    scores, returns = cli_batch.selfplay_games(game, names, seed, args.games, threads, args.backend, args.address,
                                               args.workers)
    elapsed = time.perf_counter() - start
    wins = win_shares_of_returns(returns).sum(axis=0)
    table = []
    for seat, name in enumerate(names):
        mean, spread = mean_interval(scores[:, seat])
        low, high = wilson_interval(wins[seat], args.games)
        table.append([seat, name, f"{mean:.2f} ± {spread:.2f}",
                      f"{wins[seat] / args.games:.1%}", f"{low:.1%} to {high:.1%}"])
    print(f"{game.name}: {args.games} games, {game.num_players} player{'s' if game.num_players > 1 else ''}")
    note = transcription.provenance_note(game)
    if note:
        print(note)
    print(tabulate(table, headers=["seat", "agent", "mean score (95%)", "win share", "95% interval"],
                   colalign=("right", "left", "right", "right", "right")))
    print(f"{args.games / elapsed:,.1f} games/s ({elapsed:.2f} s)")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Writes the game definition a C++ host loads (docs/embedding.md §2)."""
    text = definition_text(game_from_args(args).to_definition())
    if args.output == "-":
        print(text)
    else:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lifespan",
        description="Play, pit agents against each other, analyse and serve The Pursuit of Happiness "
                    "and Time of Your Life. Every command works for every game; `python -m lifespan "
                    "COMMAND --help` tells more.")
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser, optional_game: bool = False) -> None:
        p.add_argument("game", nargs="?" if optional_game else None,
                       help="a game name, or 'name(key=value,...)'")
        p.add_argument("--players", type=int, help="number of players")
        p.add_argument("--seed", type=int, help="seed of the game (default 0)")
        p.add_argument("--param", action="append", metavar="KEY=VALUE",
                       help="a rule parameter (repeatable)")

    params = ("--param takes a rule parameter or a load option, e.g. expansions=experiences+kids "
              "(an unknown name lists them all).")
    epilog = (f"games: {', '.join(games())}. Agents: {', '.join(AGENTS)}, with options such as "
              f"mcts:iterations=5000,threads=2 or mcts:seconds=1, or module:callable. {params}")
    play = sub.add_parser("play", help="play in the terminal", epilog=epilog + " A seat may also be human.")
    common(play, optional_game=True)
    play.add_argument("--seats", help="comma-separated: human or an agent spec, per seat; "
                      "without --players, their number sets it")
    play.add_argument("--load", metavar="FILE", help="continue a game written by `save`")
    play.add_argument("--hint", metavar="SPEC", help="the hint's search, an mcts spec (default: "
                      "the strongest mcts seat's budget, else 2,000 iterations)")
    play.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                      help="colour output (default auto: on a terminal, unless NO_COLOR is set)")
    play.set_defaults(run=cmd_play)

    selfplay = sub.add_parser("selfplay", help="agents play each other, no input needed", epilog=epilog)
    common(selfplay)
    selfplay.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    selfplay.add_argument("--agents", help="comma-separated agent specs, per seat (default random); "
                          "without --players, their number sets it")
    selfplay.add_argument("--threads", type=int, default=0,
                          help="native threads for random games (default: one per core)")
    cli_batch.backend_options(selfplay)
    selfplay.set_defaults(run=cmd_selfplay)
    export = sub.add_parser("export", help="write a game definition for a C++ host (docs/embedding.md)",
                            epilog=f"games: {', '.join(games())}. {params}")
    common(export)
    export.add_argument("-o", "--output", default="-", metavar="FILE", help="where to write it (default: stdout)")
    export.set_defaults(run=cmd_export)
    cli_batch.add_commands(sub, common, epilog)
    transcription.add_commands(sub)
    serve.add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`| head`): stop quietly, and keep Python's final flush of
        # stdout from failing again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
