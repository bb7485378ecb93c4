"""The fuzz targets' shared parts: the checks every accepted input must pass, and the driver.

Each target module defines `test_one_input(data: bytes)` (raise to report a finding; return
normally for an input that was handled as documented) and `mutate(data, max_size, seed)`, a
structure-aware mutator that keeps most inputs well-formed (a saved state stays a JSON document,
a card file stays TOML-shaped, a game string stays `name(k=v,...)`), so that the fuzzer spends
its time past the parsers, in the engine.

The driver is atheris (libFuzzer, with coverage of lifespan's Python code and, in a build with
LIFESPAN_FUZZ_COVERAGE, of the C++ core) where atheris imports, and otherwise a plain mutational
loop over the same mutator, so a target runs on any Python. Either way the regression inputs in
fuzz/regressions/<target>/ replay first, and a finding is written there for the next run.
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import random
import shutil
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np

FUZZ_DIR = Path(__file__).resolve().parent

# What became of the inputs: each target counts "accepted" and "refused"; printed at the end.
STATS: Counter[str] = Counter()


class Finding(AssertionError):
    """An accepted input broke an invariant, or a refused one was refused the wrong way."""


def require(condition: bool, what: str) -> None:
    if not condition:
        raise Finding(what)


def check_refusal(error: BaseException, state_before: str | None = None, state: Any = None) -> None:
    """A refused input must get the API's errors: a TypeError for a wrong type, a ValueError
    subclass for a wrong value, in lifespan's words, with the state left as it was."""
    STATS["refused"] += 1
    require(isinstance(error, (TypeError, ValueError)), f"unexpected {type(error).__name__}: {error}")
    require(isinstance(error, TypeError) != isinstance(error, ValueError), f"both TypeError and ValueError: {error!r}")
    message = str(error)
    require(bool(message.strip()), f"{type(error).__name__} with no message")
    require("incompatible function arguments" not in message, f"pybind11's words, not ours: {message[:200]}")
    if state is not None and state_before is not None:
        require(state.to_json() == state_before, "a refused call changed the state")


def check_state(state: Any, children: int = 64) -> None:
    """What the audit checked on every accepted state: legal actions sorted, unique and non-empty
    unless the game is over; every legal action applies (up to `children` of them, spread over
    the list); JSON and pickle round-trip; observations are finite and of the documented size;
    determinize keeps the view of the seat it is made for; scores and returns have one entry a seat."""
    STATS["checked states"] += 1
    game = state.game
    players = game.num_players
    legal = state.legal_actions()
    require(legal == sorted(set(legal)), f"legal actions not sorted and unique: {legal}")
    require(all(0 <= a < game.num_distinct_actions for a in legal), "a legal action out of range")
    require(state.is_terminal() == (not legal), f"terminal={state.is_terminal()} with {len(legal)} legal actions")
    mask = state.legal_actions_mask()
    require(np.flatnonzero(mask).tolist() == legal, "legal_actions_mask disagrees with legal_actions")
    step = max(1, len(legal) // children)
    for action in legal[::step]:
        child = state.child(action)
        require(child.game is game, "a child belongs to another game")
        name = state.action_to_string(action)
        require(state.string_to_action(name) == action, f"{name!r} does not name action {action}")
    text = state.to_json()
    again = game.state_from_json(text)
    require(again == state and again.to_json() == text, "the JSON round trip changed the state")
    require(pickle.loads(pickle.dumps(state)) == state, "the pickle round trip changed the state")
    scores, returns = state.scores(), state.returns()
    require(len(scores) == players and len(returns) == players, "scores or returns of the wrong length")
    require(all(math.isfinite(r) for r in returns), f"returns not finite: {returns}")
    for player in range(players):
        observation = state.observation(player)
        require(observation.shape == tuple(game.observation_shape), "observation of the wrong shape")
        require(bool(np.isfinite(observation).all()), "observation not finite")
        seen = state.observation_string(player)
        determinized = state.determinize(player, 12345)
        require(determinized.observation_string(player) == seen, "determinize changed what its seat sees")
        require(determinized.current_player == state.current_player, "determinize changed the seat to move")
    str(state)


def play_on(state: Any, rng: random.Random, moves: int, check_every: int = 0) -> Any:
    """Plays up to `moves` random legal moves from a copy of `state`, checking along the way."""
    state = state.clone()
    for index in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        if check_every and index % check_every == check_every - 1:
            check_state(state, children=8)
    return state


def check_game(lifespan: Any, game: Any, digest: bytes, moves: int) -> None:
    """An accepted game (from a card file or a game string): its first state and the state
    `moves` random moves on pass every check, and two native playouts run."""
    state = game.new_state(seed=digest[0])
    check_state(state)
    check_state(play_on(state, random.Random(digest), moves, check_every=20))
    scores = lifespan.playouts(game, 2, seed=digest[1], threads=1)
    require(scores.shape == (2, game.num_players), "playouts of the wrong shape")


# ---------------------------------------------------------------- the driver


def _inputs(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*") if p.is_file() and not p.name.startswith(("README", ".")))


def replay(test_one_input: Callable[[bytes], None], folders: list[Path], seeds: list[bytes],
           mutate: Callable[[bytes, int, int], bytes]) -> int:
    """Runs every stored input once (a libFuzzer artifact is a mutation program, realized from
    the seeds first); a finding fails loudly. Returns the count."""
    count = 0
    for folder in folders:
        for path in _inputs(folder):
            data = path.read_bytes()
            if path.name.startswith(PROGRAM_ARTIFACTS):
                data = realize(data, seeds, mutate)
            try:
                test_one_input(data)
            except BaseException:
                print(f"finding on replay of {path}", file=sys.stderr)
                raise
            count += 1
    return count


def _plain_loop(name: str, test_one_input: Callable[[bytes], None],
                mutate: Callable[[bytes, int, int], bytes], seeds: list[bytes], seconds: float,
                runs: int, regressions: Path, rng_seed: int) -> None:
    """The fallback driver: mutate a random pool member, run it, keep what runs as the pool grows."""
    rng = random.Random(rng_seed)
    pool = list(seeds) or [b""]
    start = time.monotonic()
    done = checked = 0
    while (runs <= 0 or done < runs) and time.monotonic() - start < seconds:
        data = mutate(rng.choice(pool), 1 << 20, rng.getrandbits(32))
        try:
            test_one_input(data)
        except BaseException:
            regressions.mkdir(parents=True, exist_ok=True)
            out = regressions / f"finding-{done}-{rng_seed}"
            out.write_bytes(data)
            traceback.print_exc()
            print(f"{name}: finding written to {out}", file=sys.stderr)
            raise SystemExit(1)
        done += 1
        # Keep inputs that got past the loader, as libFuzzer keeps those that found new code.
        if STATS["checked states"] > checked and len(pool) < 5000:
            pool.append(data)
        checked = STATS["checked states"]
    print(f"{name}: {done} inputs in {time.monotonic() - start:.0f} s, no finding (plain mutational driver); "
          + ", ".join(f"{k}: {v}" for k, v in sorted(STATS.items())))


def main(name: str, test_one_input: Callable[[bytes], None], mutate: Callable[[bytes, int, int], bytes],
         seed_files: list[Path]) -> None:
    """`python fuzz/<target>.py [--seconds S] [--runs N] [--plain] [libFuzzer flags…]`."""
    parser = argparse.ArgumentParser(description=f"lifespan fuzz target {name}")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to fuzz (default 60)")
    parser.add_argument("--runs", type=int, default=0, help="stop after this many inputs (0: no limit)")
    parser.add_argument("--plain", action="store_true", help="use the plain mutational driver even if atheris imports")
    parser.add_argument("--work", type=Path, default=Path(os.environ.get("LIFESPAN_FUZZ_WORK", "build/fuzz")),
                        help="where the growing corpus lives (default build/fuzz)")
    parser.add_argument("--seed", type=int, default=1, help="the driver's random seed")
    args, libfuzzer_flags = parser.parse_known_args()

    committed = FUZZ_DIR / "corpus" / name
    regressions = FUZZ_DIR / "regressions" / name
    work = args.work / name
    work.mkdir(parents=True, exist_ok=True)
    for path in _inputs(committed) + list(seed_files):
        target = work / f"seed-{path.parent.name}-{path.name}"
        if not target.exists():
            shutil.copyfile(path, target)
    replayed = replay(test_one_input, [regressions], [p.read_bytes() for p in _inputs(work)], mutate)
    print(f"{name}: {replayed} regression inputs replayed")

    seeds = [p.read_bytes() for p in _inputs(work)]
    try:
        import atheris
    except ImportError:
        atheris = None
    if atheris is None or args.plain:
        _plain_loop(name, test_one_input, mutate, seeds, args.seconds, args.runs, regressions, args.seed)
        return
    # libFuzzer's input is a mutation program (see `realize`), so libFuzzer's own byte mutations,
    # guided by coverage, choose which seed and which structural mutations to make.
    programs = args.work / f"{name}-programs"
    programs.mkdir(parents=True, exist_ok=True)
    regressions.mkdir(parents=True, exist_ok=True)
    flags = [sys.argv[0], f"-max_total_time={int(args.seconds)}", f"-seed={args.seed}",
             f"-artifact_prefix={regressions}/", "-rss_limit_mb=4096", "-timeout=300", "-max_len=256",
             "-report_slow_units=1000000", "-print_final_stats=1"]
    if args.runs:
        flags.append(f"-runs={args.runs}")

    def run_program(program: bytes) -> None:
        STATS["inputs"] += 1
        if STATS["inputs"] % 5000 == 0:
            print(f"{name}: " + ", ".join(f"{k}: {v}" for k, v in sorted(STATS.items())), flush=True)
        test_one_input(realize(program, seeds, mutate))

    atheris.Setup(flags + libfuzzer_flags + [str(programs)], run_program)
    atheris.Fuzz()


# libFuzzer's own names for what it writes on a finding: those files hold mutation programs.
PROGRAM_ARTIFACTS = ("crash-", "timeout-", "oom-", "leak-", "slow-unit-")


def realize(program: bytes, seeds: list[bytes], mutate: Callable[[bytes, int, int], bytes]) -> bytes:
    """The input a mutation program stands for: two bytes pick a seed, one byte how many
    mutations (1 to 6), then four bytes seed each of the target's structural mutations in turn.
    A byte libFuzzer changes thus changes one choice, and the input stays well-formed.

    The libFuzzer that the sanitizer build preloads (atheris's asan_with_fuzzer.so) never calls a
    custom mutator: measured, fewer than 2% of its inputs were still JSON. Hence this indirection."""
    if not seeds:
        return program
    padded = program.ljust(3, b"\0")
    data = seeds[int.from_bytes(padded[:2], "little") % len(seeds)]
    steps = 1 + padded[2] % 6
    for step in range(steps):
        chunk = program[3 + 4 * step: 7 + 4 * step]
        if not chunk and step:
            break
        data = mutate(data, 1 << 20, int.from_bytes(chunk.ljust(4, b"\0"), "little"))
    return data


def option_from_argv(flag: str, default: str, choices: list[str]) -> str:
    """Takes `flag VALUE` out of sys.argv (before libFuzzer sees the rest)."""
    if flag in sys.argv:
        at = sys.argv.index(flag)
        value = sys.argv[at + 1] if at + 1 < len(sys.argv) else ""
        del sys.argv[at:at + 2]
        if value not in choices:
            raise SystemExit(f"{flag} must be one of {', '.join(choices)}, got {value!r}")
        return value
    return default


def import_lifespan() -> Any:
    """lifespan, with its Python code instrumented for coverage where atheris is there."""
    try:
        import atheris
    except ImportError:
        import lifespan
        return lifespan
    with atheris.instrument_imports(include=["lifespan"]):
        import lifespan
    return lifespan


class CorpusGames:
    """The games of corpus_configs.py, built once, and the one a saved document belongs to (by
    its card-set fingerprint and player count), so that mutations reach the engine's own
    validation instead of stopping at "saved with other parameters"."""

    def __init__(self, lifespan: Any, names: list[str]):
        from corpus_configs import SAVED_STATE_CONFIGS

        self.games: dict[tuple[Any, ...], Any] = {}
        for name in names:
            for parameters in SAVED_STATE_CONFIGS[name]:
                game = lifespan.load_game(name, **parameters)
                self.games[(name, game._fingerprint, game.num_players)] = game
        self.default = {name: next(g for k, g in self.games.items() if k[0] == name) for name in names}

    def game_for(self, doc: Any, fallback: str) -> Any:
        if isinstance(doc, dict) and isinstance(doc.get("parameters"), dict):
            key = (doc.get("game"), doc.get("cards"), doc["parameters"].get("players"))
            if all(isinstance(part, (str, int)) for part in key) and key in self.games:
                return self.games[key]
            if isinstance(doc.get("game"), str) and doc["game"] in self.default:
                return self.default[doc["game"]]
        return self.default[fallback]
