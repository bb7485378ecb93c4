"""The command line: `play` (a REPL driven by the state protocol), `selfplay`, and `cards`
(export and check a transcription of printed cards, in lifespan/transcription.py).

Both work for every registered game: they use the Game / State contract, and selfplay's
random seats the native playouts with each game's returns (`_playouts_with_returns`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

import numpy as np
from tabulate import tabulate
from tqdm import tqdm

from . import games, load_game, mcts, transcription
from ._parameters import MAX_THREADS, check_integer, merge_parameters, parse_value, seed_plus
from .agents import AGENTS, check_agent_name, make_agent

HUMAN = "human"
HINT_ITERATIONS = 2000
HINT_MOVES = 5
PLAY_HELP = """\
Commands:
  <number>      play the move with that number
  <move text>   play the move with that text (Tab completes on a terminal)
  undo          take back your last decision (and the bots' moves after it)
  hint          search the position (MCTS, your view only) and show its top moves
  save FILE     write the position as JSON
  load FILE     read a position saved with `save`
  help          this text
  quit          leave the game"""


def _game_from_args(args: argparse.Namespace, seats: str | None = None) -> Any:
    """The game the arguments name. With no player count given anywhere, a list of several
    seats (--seats, --agents) sets it."""
    return load_game(args.game, **_load_options(args, seats))


def _load_options(args: argparse.Namespace, seats: str | None = None) -> dict[str, Any]:
    """The parameters and load options that --players, --seed, --param (and seats) give."""
    params: dict[str, Any] = {}
    if args.players is not None:
        params["players"] = args.players
    elif seats and "," in seats and "players" not in args.game and not any(
            item.partition("=")[0].strip() == "players" for item in args.param or []):
        params["players"] = len(seats.split(","))
    if args.seed is not None:
        params["seed"] = args.seed
    given: dict[str, Any] = {}
    for item in args.param or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--param takes key=value, got {item!r}")
        given = merge_parameters(given, "in --param", {key.strip(): parse_value(value)}, "in --param")
    return merge_parameters(params, "as an option", given, "in --param")


def _seat_names(spec: str | None, players: int, default: Sequence[str], humans: bool) -> list[str]:
    """One name per seat; each must be an agent (or `human`, where humans may sit)."""
    names = [n.strip() for n in spec.split(",")] if spec else list(default)
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


def _move_number(line: str, moves: int) -> bool:
    """Whether `line` is a listed move's number: ASCII digits only, as str.isdigit() also takes
    "²", which int() refuses, and short enough for int() to read."""
    return line.isascii() and line.isdigit() and len(line) <= 6 and 1 <= int(line) <= moves


def _final_line(state: Any, finished: bool) -> str:
    line = "Final scores: " + ", ".join(str(s) for s in state.scores())
    return line if finished else line + " (game unfinished)"


class Repl:
    """One terminal game; humans type, agents move by themselves."""

    def __init__(self, game: Any, seats: list[str], seed: int, out: TextIO, read: Callable[[str], str]):
        self.game = game
        self.seats = seats
        self.agents = {seat: make_agent(name, seed_plus(seed, seat))
                       for seat, name in enumerate(seats) if name != HUMAN}
        self.out = out
        self.read = read
        self.state = game.new_state()
        # States before each human decision, for undo.
        self.history: list[Any] = []

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def run(self) -> int:
        # With humans at the table, a bot's secret choice is not shown until the game reveals it.
        humans = HUMAN in self.seats
        while not self.state.is_terminal():
            seat = self.state.current_player
            if seat in self.agents:
                action = self.agents[seat].step(self.state)
                secret = humans and self.game._secret_choice(self.state, action)
                what = "has decided" if secret else self.state.action_to_string(action)
                self.say(f"Seat {seat} ({self.seats[seat]}): {what}")
                self.state.apply(action)
                continue
            if not self.human_turn(seat):
                self.say(_final_line(self.state, finished=False))
                return 0
        self.say(str(self.state))
        self.say(_final_line(self.state, finished=True))
        return 0

    def human_turn(self, seat: int) -> bool:
        """One human input; False when the player quits or input ends."""
        legal = self.state.legal_actions()
        names = [self.state.action_to_string(a) for a in legal]
        self.say(self.state.observation_string(seat))
        for number, name in enumerate(names, 1):
            self.say(f"  {number:>2}. {name}")
        _set_completions(names)
        try:
            line = self.read(f"seat {seat}> ").strip()
        except EOFError:
            self.say("End of input.")
            return False
        command, _, argument = line.partition(" ")
        if not line:
            return True
        if command == "quit":
            return False
        if command == "help":
            self.say(PLAY_HELP)
        elif command == "undo":
            if self.history:
                self.state = self.history.pop()
                self.say("Taken back.")
            else:
                self.say("Nothing to undo.")
        elif command == "hint":
            self.hint()
        elif command in ("save", "load") and argument:
            self.save_or_load(command, argument.strip())
        elif _move_number(line, len(legal)):
            self.play(legal[int(line) - 1])
        elif line in names:
            self.play(legal[names.index(line)])
        else:
            self.say(f"No move or command {line!r}; type a number from 1 to {len(legal)}, "
                     "a move's text, or help.")
        return True

    def hint(self) -> None:
        # Information-set MCTS searches determinizations from the mover's view only.
        result = mcts(self.state, iterations=HINT_ITERATIONS, seed=len(self.history))
        legal = self.state.legal_actions()
        self.say(f"MCTS, {result.iterations} iterations (share of visits, mean return):")
        for action, share in list(result.shares().items())[:HINT_MOVES]:
            number = legal.index(action) + 1
            self.say(f"  {number:>2}. {self.state.action_to_string(action)}  "
                     f"{share:.0%}  {result.values[action]:+.2f}")

    def play(self, action: int) -> None:
        self.history.append(self.state.clone())
        self.state.apply(action)

    def save_or_load(self, command: str, path: str) -> None:
        try:
            if command == "save":
                Path(path).write_text(self.state.to_json())
                self.say(f"Saved to {path}.")
            else:
                self.state = self.game.state_from_json(Path(path).read_text())
                self.history.clear()
                self.say(f"Loaded {path}.")
        except (OSError, ValueError) as exc:
            self.say(f"Cannot {command} {path}: {exc}")


def _set_completions(names: list[str]) -> None:
    """Tab completion over the current moves and commands, where readline is in use."""
    readline = sys.modules.get("readline")
    if readline is None:
        return
    options = names + ["undo", "hint", "save ", "load ", "help", "quit"]

    def complete(text: str, index: int) -> str | None:
        matches = [o for o in options if o.startswith(readline.get_line_buffer())]
        return matches[index] if index < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims("")


def _echoing_reader(prompt: str) -> str:
    """Piped input: echo each answer after its prompt so the transcript reads like a session."""
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    print(prompt + line.rstrip("\n"))
    return line


def cmd_play(args: argparse.Namespace) -> int:
    game = _game_from_args(args, args.seats)
    seats = _seat_names(args.seats, game.num_players, [HUMAN] + ["random"] * (game.num_players - 1), humans=True)
    read: Callable[[str], str]
    if sys.stdin.isatty():
        import readline  # noqa: F401  (line editing and Tab completion)

        readline.parse_and_bind("tab: complete")
        read = input
    else:
        read = _echoing_reader

    seed = args.seed if args.seed is not None else 0
    return Repl(game, seats, seed, sys.stdout, read).run()


def _win_shares(returns: np.ndarray) -> np.ndarray:
    """Each seat's wins over the games, read from each game's returns() so that the game's own
    win rule counts (a tie-break, a solo target): returns() maps a share w of a game's win to
    (n·w − 1)/(n − 1) for n > 1 players, and a solo win and loss to 1 and −1."""
    players = returns.shape[1]
    shares: np.ndarray = (returns + 1) / 2 if players == 1 else (returns * (players - 1) + 1) / players
    summed: np.ndarray = shares.sum(axis=0)
    return summed


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = _game_from_args(args, args.agents)
    names = _seat_names(args.agents, game.num_players, ["random"], humans=False)
    seed = game.parameters["seed"]  # --seed, or a seed parameter, or 0
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    start = time.perf_counter()
    bar = tqdm(total=args.games, unit="game", disable=None, file=sys.stderr)
    results: list[tuple[np.ndarray, np.ndarray]] = []  # (scores, returns) of a chunk of games
    if all(name == "random" for name in names):
        # Uniform random seats: the games of lifespan.playouts, whole in C++, with their returns
        # for the win shares; in chunks for the bar.
        threads = check_integer("--threads", args.threads, 0, MAX_THREADS)
        chunk = 2000
        for first in range(0, args.games, chunk):
            count = min(chunk, args.games - first)
            results.append(game._playouts_with_returns(count, seed_plus(seed, first), threads))
            bar.update(count)
    else:
        for index in range(args.games):
            agents = [make_agent(name, seed_plus(seed, index * game.num_players + seat))
                      for seat, name in enumerate(names)]
            state = game.new_state(seed=seed_plus(seed, index))
            while not state.is_terminal():
                state.apply(agents[state.current_player].step(state))
            results.append((np.array([state.scores()]), np.array([state.returns()])))
            bar.update(1)
    bar.close()
    elapsed = time.perf_counter() - start
    scores = np.concatenate([chunk_scores for chunk_scores, _ in results])
    wins = _win_shares(np.concatenate([chunk_returns for _, chunk_returns in results]))
    table = [[seat, name, f"{scores[:, seat].mean():.2f}", f"{wins[seat] / args.games:.1%}"]
             for seat, name in enumerate(names)]
    print(f"{game.name}: {args.games} games, {game.num_players} player{'s' if game.num_players > 1 else ''}")
    note = transcription.provenance_note(game)
    if note:
        print(note)
    print(tabulate(table, headers=["seat", "agent", "mean score", "win share"]))
    print(f"{args.games / elapsed:,.0f} games/s ({elapsed:.2f} s)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m lifespan", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="a game name, or 'name(key=value,...)'")
        p.add_argument("--players", type=int, help="number of players")
        p.add_argument("--seed", type=int, help="seed of the game (default 0)")
        p.add_argument("--param", action="append", metavar="KEY=VALUE",
                       help="a rule parameter (repeatable)")

    epilog = (f"games: {', '.join(games())}. Agents: {', '.join(sorted(AGENTS))}. "
             "--param takes a rule parameter or a load option, e.g. expansions=experiences+kids "
             "(an unknown name lists them all).")
    play = sub.add_parser("play", help="play in the terminal", epilog=epilog + " A seat may also be human.")
    common(play)
    play.add_argument("--seats", help="comma-separated: human or an agent name, per seat; "
                      "without --players, their number sets it")
    play.set_defaults(run=cmd_play)

    selfplay = sub.add_parser("selfplay", help="agents play each other, no input needed", epilog=epilog)
    common(selfplay)
    selfplay.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    selfplay.add_argument("--agents", help="comma-separated agent names, per seat (default random); "
                          "without --players, their number sets it")
    selfplay.add_argument("--threads", type=int, default=0,
                          help="native threads for random games (default: one per core)")
    selfplay.set_defaults(run=cmd_selfplay)
    transcription.add_commands(sub)
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
