"""Game parameters: defaults and documentation from a game's rules.toml, user values checked.

Each parameter has a default whose type (int, bool or str) is the parameter's type. Integers
may declare `min` / `max`; text parameters take their options from the engine.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from . import _core
from ._errors import CardDataError, RulesError
from ._toml import read_toml
from ._usercards import expand_user_cards


@dataclass(frozen=True)
class Parameter:
    name: str
    default: int | bool | str
    doc: str
    source: str
    minimum: int | None = None
    maximum: int | None = None
    options: tuple[str, ...] = ()
    confidence: str = ""

    def check(self, value: Any) -> Any:
        """Return the value if it fits this parameter, else raise RulesError saying why."""
        expected = type(self.default)
        if expected is int:
            number = as_integer(value)
            if number is None:
                raise RulesError(f"{self.name}: must be an integer, got {value!r}")
            value = number
        if expected is not int and not isinstance(value, expected):
            kind = "true or false" if expected is bool else "text"
            raise RulesError(f"{self.name}: must be {kind}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise RulesError(f"{self.name}: must be at least {self.minimum}, got {value}")
        if self.maximum is not None and value > self.maximum:
            raise RulesError(f"{self.name}: must be at most {self.maximum}, got {value}")
        if self.options and value not in self.options:
            raise RulesError(
                f"{self.name}: no option {value!r} (options: {', '.join(self.options)})"
            )
        return value


def as_integer(value: Any) -> int | None:
    """`value` as a Python int if it is an integer (numpy's too), not a bool; else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


MAX_SEED = 2**64 - 1
MAX_THREADS: int = _core.MAX_THREADS  # native threads one batch or search may start (0: one per core)


def seed_plus(seed: int, offset: int) -> int:
    """The seed `offset` places after `seed`, wrapping past MAX_SEED so that seeds derived
    for a batch of games or seats stay valid."""
    return (seed + offset) % (MAX_SEED + 1)


def check_integer(name: str, value: Any, low: int, high: int | None = None) -> int:
    """`value` as an int if it is an integer in [low, high]. One check, one wording, for every
    integer argument of the API (seeds, counts, threads, seats): anything that is not an integer
    (a bool, a float, text) is a TypeError, an integer out of range a ValueError, both naming
    `name` and the range."""
    number = as_integer(value)
    if number is None or number < low or (high is not None and number > high):
        shown = "2**64-1" if high == MAX_SEED else high
        bound = f"from {low} to {shown}" if high is not None else f">= {low}"
        error = TypeError if number is None else ValueError
        raise error(f"{name} must be an integer {bound}, got {value!r}")
    return number


def native_method(value: Any, method: str, needs: str) -> Any:
    """A game's or state's bound native `method` (`_playouts`, `_mcts`); anything else is a
    TypeError "<needs>, got …". A class has the method too, unbound: it is refused as well."""
    bound = None if isinstance(value, type) else getattr(value, method, None)
    if bound is None:
        given = f"the class {value.__name__}" if isinstance(value, type) else type(value).__name__
        raise TypeError(f"{needs}, got {given}")
    return bound


SPEC_FIELDS = {"default", "doc", "source", "min", "max", "options", "confidence"}


def load_parameters(path: Path, options: Mapping[str, Sequence[str]] = {}) -> dict[str, Parameter]:
    """The parameters a rules file declares. Text options come from the file or, for games
    whose engine defines them, from `options`. A malformed file raises RulesError."""
    table = read_toml(path, RulesError)
    params = {}
    for name, spec in table.items():
        where = f"{path.name}: {name}"
        if not isinstance(spec, dict):
            raise RulesError(f"{where}: must be a table")
        for field in spec:
            if field not in SPEC_FIELDS:
                raise RulesError(f"{where}: {field}: unknown field")
        for field in ("default", "doc", "source"):
            if field not in spec:
                raise RulesError(f"{where}: {field}: missing")
        default = spec["default"]
        if not isinstance(default, (bool, int, str)):
            raise RulesError(f"{where}: default: must be an integer, true/false or text")
        param = Parameter(
            name=name,
            default=default,
            doc=spec["doc"],
            source=spec["source"],
            minimum=spec.get("min"),
            maximum=spec.get("max"),
            options=tuple(spec.get("options", options.get(name, ()))),
            confidence=spec.get("confidence", ""),
        )
        try:
            param.check(default)
        except RulesError as exc:
            raise RulesError(f"{path.name}: default of {exc}") from None
        params[name] = param
    return params


def resolve(game: str, known: Mapping[str, Parameter], given: Mapping[str, Any],
            load_options: Sequence[str] = ("cards", "rules")) -> dict[str, Any]:
    """Defaults overridden by `given`; unknown names and bad values raise RulesError, whose
    message also names the game's load options (taken out of `given` before)."""
    values = {name: p.default for name, p in known.items()}
    for name, value in given.items():
        if name not in known:
            raise RulesError(
                f"unknown parameter {name!r} for {game}; known: {', '.join(sorted(known))}; "
                f"load options: {', '.join(load_options)}"
            )
        values[name] = known[name].check(value)
    return values


def split_load_options(params: Mapping[str, Any], game: str) -> tuple[list[Any], dict[str, Any]]:
    """`load_game` keywords: the extra card files (`cards`, a path or a list; "user" stands for
    the game's files in the user card directory), and the rule parameters, given directly or as
    `rules={...}`."""
    params = dict(params)
    card_files = params.pop("cards", None) or []
    if isinstance(card_files, (str, Path)):
        card_files = [card_files]
    if not isinstance(card_files, (list, tuple)) or not all(isinstance(f, (str, Path)) for f in card_files):
        raise TypeError(f"cards: a card file's path or a list of paths, got {card_files!r}")
    card_files = expand_user_cards(game, card_files)
    rules = params.pop("rules", None) or {}
    if not isinstance(rules, Mapping):
        raise TypeError(f"rules: a mapping of rule parameter names to values, got {rules!r}")
    return list(card_files), merge_parameters(params, "as a parameter", rules, "in rules=")


def merge_parameters(first: Mapping[str, Any], first_place: str,
                     second: Mapping[str, Any], second_place: str) -> dict[str, Any]:
    """Both sets of parameters; one given in both places with two values is a RulesError, so
    that neither value silently wins."""
    for name in first.keys() & second.keys():
        if not _same_value(first[name], second[name]):
            raise RulesError(f"{name}: given twice with different values, {first[name]!r} "
                             f"{first_place} and {second[name]!r} {second_place}")
    return {**first, **second}


def _same_value(first: Any, second: Any) -> bool:
    """Equal values, where a list of names may also be written 'a+b' (the command line's form)
    and in any order."""
    lists = (list, tuple, set, frozenset)
    if not isinstance(first, lists) and not isinstance(second, lists):
        return bool(first == second)

    def names(value: Any) -> frozenset[Any]:
        return frozenset(filter(None, value.split("+"))) if isinstance(value, str) else frozenset(value)
    try:
        return names(first) == names(second)
    except TypeError:   # not a list of names (nor text): they differ
        return False


def parse_value(text: str) -> int | bool | str:
    """A value as written in the string form `name(k=v,...)` or on the command line."""
    text = text.strip()
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip("'\"")


def parse_game_string(spec: str) -> tuple[str, dict[str, Any]]:
    """Split 'name(k=v,k2=v2)' into the name and its parameters."""
    spec = spec.strip()
    if "(" not in spec:
        return spec, {}
    if not spec.endswith(")"):
        raise ValueError(f"malformed game string {spec!r}: expected name(key=value,...)")
    name, _, body = spec[:-1].partition("(")
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in body.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"malformed game string {spec!r}: {item!r} is not key=value")
        params = merge_parameters(params, f"in {spec!r}", {key.strip(): parse_value(value)}, f"in {spec!r}")
    return name.strip(), params
