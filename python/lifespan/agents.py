"""Agents: objects that choose an action for the player to move, and the agent specs that name
them (`lifespan.make_agent`), shared by the command line's seats, selfplay and hint.

An agent has a `name`, a `spec` (the text that rebuilds it) and `step(state) -> int`; it never
changes the state it is given. Spec syntax (docs/playing.md, "Agent specs"):

    random                          uniform among the legal actions
    random:seed=3
    mcts                            MCTS, 400 iterations a move, one thread
    mcts:iterations=5000,threads=2  any of iterations, seconds, threads, seed, exploration
    mcts:seconds=1
    package.module:function         a callable that takes a state and returns an action
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Mapping, Sequence

from ._parameters import MAX_SEED, MAX_THREADS, check_integer
from ._search import MCTSResult, _check_real, mcts


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.spec = "random"
        self._rng = random.Random(seed)

    def step(self, state: Any) -> int:
        action: int = self._rng.choice(state.legal_actions())
        return action


class MCTSAgent:
    """Plays the most visited action of an information-set MCTS (lifespan.mcts) from the
    position; it sees only what the seat to move may know. The budget is `iterations` and/or
    `seconds` (with seconds, moves depend on the machine's speed); DEFAULT_ITERATIONS if
    neither."""

    name = "mcts"
    DEFAULT_ITERATIONS = 400

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 threads: int = 1, exploration: float = 2.0):
        self.iterations = self.DEFAULT_ITERATIONS if iterations is None and seconds is None else iterations
        self.seconds = seconds
        self.threads = threads
        self.exploration = exploration
        self.seed = seed
        self._moves = 0
        options = [f"iterations={iterations}" if iterations is not None else "",
                   f"seconds={seconds:g}" if seconds is not None else "",
                   f"threads={threads}" if threads != 1 else "",
                   f"exploration={exploration:g}" if exploration != 2.0 else ""]
        shown = ",".join(option for option in options if option)
        self.spec = "mcts" + (":" + shown if shown else "")

    def search(self, state: Any) -> MCTSResult:
        """The search behind the next move (each call uses a new seed)."""
        self._moves += 1
        return mcts(state, iterations=self.iterations, seconds=self.seconds, threads=self.threads,
                    seed=(self.seed * 1_000_003 + self._moves) % 2**64,
                    exploration=self.exploration)

    def step(self, state: Any) -> int:
        return self.search(state).action


class CallableAgent:
    """Wraps a user's function `state -> action` (a spec `module:callable`)."""

    name = "callable"

    def __init__(self, function: Callable[[Any], Any], spec: str):
        self.function = function
        self.spec = spec

    def step(self, state: Any) -> int:
        action = self.function(state)
        if isinstance(action, str):  # a move's text is an answer too
            action = state.string_to_action(action)
        return int(action)


# Agent kind -> its options and how each is read. The command line's seats take these kinds.
def _seed(name: str, value: str) -> int:
    return check_integer(name, _integer(name, value), 0, MAX_SEED)


def _integer(name: str, value: str) -> int:
    try:
        return int(value.replace("_", ""))
    except ValueError:
        raise ValueError(f"agent option {name} must be an integer, got {value!r}") from None


def _real(name: str, value: str, positive: bool) -> float:
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"agent option {name} must be a number, got {value!r}") from None
    return _check_real(name, number, positive)


_OPTIONS: dict[str, dict[str, Callable[[str, str], Any]]] = {
    "random": {"seed": _seed},
    "mcts": {
        "iterations": lambda n, v: check_integer(n, _integer(n, v), 1, 2**63 - 1),
        "seconds": lambda n, v: _real(n, v, positive=True),
        "threads": lambda n, v: check_integer(n, _integer(n, v), 0, MAX_THREADS),
        "exploration": lambda n, v: _real(n, v, positive=False),
        "seed": _seed,
    },
}
AGENTS: tuple[str, ...] = tuple(_OPTIONS)


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """(kind, options) of a built-in agent's spec, each option read and checked; a
    `module:callable` spec gives ("callable", {"target": spec}). A bad spec is a ValueError
    that says what is wrong; a spec that is not text, a TypeError."""
    if not isinstance(spec, str):
        raise TypeError(f"an agent spec is text such as 'mcts:iterations=5000', got {type(spec).__name__}")
    text = spec.strip()
    kind, colon, rest = text.partition(":")
    kind = kind.strip()
    if not kind:
        raise ValueError(f"agent spec {spec!r}: no agent named (known: {', '.join(AGENTS)}, "
                         "or module:callable)")
    if kind not in _OPTIONS:
        if colon and rest.strip() and "=" not in rest:
            return "callable", {"target": f"{kind}:{rest.strip()}"}
        raise ValueError(f"unknown agent {kind!r} (known: {', '.join(AGENTS)}); "
                         "or give module:callable")
    readers = _OPTIONS[kind]
    options: dict[str, Any] = {}
    if colon and not rest.strip():
        raise ValueError(f"agent spec {spec!r}: options are missing after ':'")
    for item in rest.split(",") if rest.strip() else []:
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not key or not value:
            raise ValueError(f"agent spec {spec!r}: options are key=value, got {item.strip()!r}")
        if key not in readers:
            raise ValueError(f"agent spec {spec!r}: {kind} has no option {key!r} "
                             f"(options: {', '.join(readers)})")
        if key in options:
            raise ValueError(f"agent spec {spec!r}: option {key!r} given twice")
        options[key] = readers[key](key, value)
    return kind, options


def _load_callable(target: str) -> Callable[[Any], Any]:
    module_name, _, attribute = target.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"agent spec {target!r}: cannot import module {module_name!r} ({exc})") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(f"agent spec {target!r}: module {module_name!r} has no {attribute!r}")
        found = getattr(found, part)
    if not callable(found):
        raise ValueError(f"agent spec {target!r}: {attribute!r} is not callable")
    function: Callable[[Any], Any] = found
    return function


def make_agent(spec: str, seed: int = 0) -> Any:
    """The agent a spec names: `random`, `mcts`, `mcts:iterations=5000,threads=2`,
    `mcts:seconds=1,seed=7` or `module:callable`. `seed` seeds a built-in agent unless the spec
    sets one. A bad spec is a ValueError saying what is wrong."""
    kind, options = parse_agent_spec(spec)
    if kind == "callable":
        return CallableAgent(_load_callable(options["target"]), options["target"])
    seed = options.pop("seed", check_integer("seed", seed, 0, MAX_SEED))
    agent: Any = RandomAgent(seed) if kind == "random" else MCTSAgent(seed, **options)
    return agent


def check_agent_name(spec: str, what: str = "agent", also: Sequence[str] = ()) -> None:
    """A ValueError saying what is wrong unless `spec` is a valid agent spec or one of `also`
    (the command line's `human` seat, say). A callable spec is imported to check it."""
    if spec in also:
        return
    try:
        kind, options = parse_agent_spec(spec)
        if kind == "callable":
            _load_callable(options["target"])
    except ValueError as exc:
        if str(exc).startswith("unknown agent"):
            known = ", ".join(sorted([*AGENTS, *also]))
            raise ValueError(f"unknown {what} {spec!r} (known: {known}); "
                             "or give module:callable") from None
        raise


def split_agent_specs(text: str) -> list[str]:
    """A comma-separated list of specs, where a spec's own options also use commas:
    'human,mcts:iterations=5000,threads=2,random' -> ['human', 'mcts:iterations=5000,threads=2',
    'random'] (a piece with '=' and no ':' continues the spec before it)."""
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def strongest_mcts(agents: Mapping[int, Any]) -> MCTSAgent | None:
    """The MCTS agent with the largest budget among `agents` (iterations, then seconds), or None."""
    searching = [a for a in agents.values() if isinstance(a, MCTSAgent)]
    if not searching:
        return None
    return max(searching, key=lambda a: (a.iterations or 0, a.seconds or 0.0, a.threads))
