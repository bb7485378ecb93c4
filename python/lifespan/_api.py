"""The parts of the Game / State contract that are plain Python: JSON, pickle, the card list and
reprs. Each game module attaches them to its compiled classes with `install` when it registers
(lifespan._registry); the compiled classes stay the engine's, so a state the core returns (a
clone, a child) is the same Python type as one built here."""

from __future__ import annotations

import copy
import hashlib
import json
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, SupportsIndex

from ._definition import game_to_definition
from ._parameters import MAX_SEED, check_integer
from ._registry import GAMES, games, load_game

if TYPE_CHECKING:
    from ._types import Game, State

STATE_FORMAT = "lifespan.state"
# 2: `parameters` records the expansions; Pursuit of Happiness adds the Cloud, Kid and Passive
# Trigger choices (new action ids after the old ones, two steps and their state fields).
# 3: a Pursuit of Happiness player keeps the LTH Nostalgia cards gave (`lth_from_nostalgia`).
# 4: the game option `chance` and the state's `chance` record (explicit chance mode's chance
# node: mode, bound, pending, tape; docs/chance.md); Pursuit of Happiness adds `faces_kept`.
# Pursuit of Happiness also counts the free actions of the turn (`free_actions`, bounded by
# the rule max_free_actions_per_turn), and the document records the moves played (`history`).
# Older documents still load: every id and field means what it meant, and a field a version
# did not have loads empty (lth_from_nostalgia 0: see docs/state-format.md).
STATE_VERSION = 4
READABLE_VERSIONS = (1, 2, 3, 4)


def card_fingerprint(traits: list[str], cards: list[dict[str, Any]]) -> str:
    """Identifies a card set, so a state is never loaded into a game with other cards.
    Computed once per game by the loader (game._fingerprint)."""
    blob = json.dumps([traits, cards], sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def attach_definition(game: Any, name: str, parameters: Mapping[str, Any], traits: list[str],
                      cards: list[dict[str, Any]], secret_choice: Callable[[Any, int], bool],
                      load_options: Mapping[str, Any] | None = None,
                      definition: Mapping[str, Any] | None = None) -> Any:
    """Gives a freshly built engine game what defines it, for the API, JSON and pickling.
    `parameters` are the engine's (rule parameters, players, seed); `load_options` the other
    `load_game` keywords that chose the game (Pursuit's `expansions`), shown in
    `game.parameters` too. `secret_choice(state, action)`: whether others may not yet learn that
    the seat to move took `action` (the REPL then shows only that a bot has decided).
    `definition`: the game definition the engine was built from (docs/embedding.md §2)."""
    game.name = name
    game._parameters = dict(parameters)
    game._load_options = copy.deepcopy(dict(load_options or {}))
    game._traits = list(traits)
    game._cards = copy.deepcopy(cards)
    game._fingerprint = card_fingerprint(list(traits), cards)
    # Computed once: games key caches (functools.lru_cache on a game hashes it per call).
    game._hash = hash((name, game._fingerprint, json.dumps(game._parameters, sort_keys=True)))
    game._secret_choice = secret_choice
    game._definition = dict(definition or {})  # built for this game alone; to_definition() copies it
    return game


def game_cards(self: Any) -> list[dict[str, Any]]:
    """The loaded card set, one dict per card (id, name, kind, expansion, provenance, ...)."""
    return copy.deepcopy(self._cards)


def game_new_state(self: Any, seed: int | None = None) -> Any:
    """A new game from `seed` (default: the game's `seed` parameter)."""
    return self._new_state(self._parameters["seed"] if seed is None else check_integer("seed", seed, 0, MAX_SEED))


def state_determinize(self: Any, player: SupportsIndex, seed: SupportsIndex) -> Any:
    """A full state consistent with what `player` knows, its hidden cards re-drawn from `seed`."""
    return self._determinize(check_integer("player", player, 0, self.game.num_players - 1),
                             check_integer("seed", seed, 0, MAX_SEED))


def state_reseed(self: Any, seed: SupportsIndex) -> None:
    """Sampled chance mode: gives this state a fresh future from `seed` (a new generator, every
    pile whose order nobody has seen reshuffled), changing nothing any player has seen."""
    self._reseed(check_integer("seed", seed, 0, MAX_SEED))


def game_parameters(self: Any) -> dict[str, Any]:
    """Every parameter's value (a copy): players, seed, the load options (`expansions`), then
    the rules. `load_game(game.name, **game.parameters)` loads an equal game (cards added with
    `cards=` aside: they are not parameters)."""
    ordered = {k: self._parameters[k] for k in ("players", "seed") if k in self._parameters}
    return {**ordered, **copy.deepcopy(self._load_options), **self._parameters}


def game_eq(self: Any, other: object) -> bool:
    """Equal games: the same game, parameters and card set."""
    if not hasattr(other, "_fingerprint") or not hasattr(other, "_load_options"):
        return False   # not a lifespan game
    theirs: Any = other
    return bool(self.name == theirs.name and self.parameters == theirs.parameters
                and self._fingerprint == theirs._fingerprint)


def game_hash(self: Any) -> int:
    return int(self._hash)


class ScorePart(NamedTuple):
    """One part of a player's score by where it came from (`state.score_breakdown`).

    `source` is a stable key ("card", "happiness", "happiness_bonus" in Time of Your Life;
    "life_goals", "cards", "nostalgia", "inheritance", "trends", "unfulfilled_desire", "other"
    in The Pursuit of Happiness), `label` the words for a person (a card's name, "Life Goals").
    """

    source: str
    label: str
    points: int


def state_score_breakdown(self: Any, player: SupportsIndex) -> list[ScorePart]:
    """Where `player`'s score comes from, computed by the engine: the parts add up to
    `scores()[player]` at any point of the game."""
    seat = check_integer("player", player, 0, self.game.num_players - 1)
    return [ScorePart(source, label, points) for source, label, points in self._score_parts(seat)]


def state_to_json(self: Any) -> str:
    """The position as a versioned JSON document (docs/state-format.md)."""
    game = self.game
    return json.dumps({
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "game": game.name,
        "parameters": game.parameters,
        "cards": game._fingerprint,
        "state": self._to_record(),
        "history": self.history(),
    })


def read_document(text: str | bytes) -> dict[str, Any]:
    """A saved state's envelope, checked (JSON, fields, format, version), not yet its game."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"state JSON: a saved state is text (str or bytes), not {type(text).__name__}")
    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"state JSON: not a JSON document: {exc}") from None
    except RecursionError:
        raise ValueError("state JSON: nested too deeply to be a saved state") from None
    if not isinstance(doc, dict):
        raise ValueError("state JSON: the document must be an object")
    # Version 4 added the moves played ("history"); a document without them began where it stands.
    expected = {"format", "version", "game", "parameters", "cards", "state"} | ({"history"} if "history" in doc else set())
    if set(doc) != expected:
        missing, extra = expected - set(doc), set(doc) - expected
        raise ValueError(f"state JSON: missing fields {sorted(missing)}, unknown fields {sorted(extra)}")
    if doc["format"] != STATE_FORMAT:
        raise ValueError(f"state JSON: format must be {STATE_FORMAT!r}, got {doc['format']!r}")
    if type(doc["version"]) is not int or doc["version"] not in READABLE_VERSIONS:  # not true, not 1.0
        raise ValueError(f"state JSON: version {doc['version']!r} is not supported "
                         f"(this lifespan reads versions {', '.join(map(str, READABLE_VERSIONS))})")
    if not isinstance(doc["parameters"], dict):
        raise ValueError("state JSON: parameters must be an object")
    history = doc.get("history", [])
    if not isinstance(history, list) or not all(type(action) is int for action in history):
        raise ValueError("state JSON: history must be a list of action ids (integers)")
    return doc


def game_state_from_json(self: Any, text: str | bytes) -> Any:
    """The state a `to_json` document describes; anything inconsistent is a ValueError."""
    doc = read_document(text)
    if doc["game"] != self.name:
        raise ValueError(f"state JSON: the state is of {doc['game']!r}, not {self.name!r}")
    saved_options = {k: doc["parameters"][k] for k in self._load_options if k in doc["parameters"]}
    for name, ours in self._load_options.items():
        # Version 1 did not record them: the card fingerprint below still tells the games apart.
        if name in saved_options and not _same_option(saved_options[name], ours):
            raise ValueError(f"state JSON: the state was saved with {name} {_option_text(saved_options[name])}, "
                             f"this game has {_option_text(ours)}")
    # A parameter added since the state was saved was played at its default: each new
    # parameter's default is what the engine did before it.
    saved = {**_defaults_of(self.name), **{k: v for k, v in doc["parameters"].items() if k not in self._load_options}}

    rules = self._parameters

    def same(name: str) -> bool:   # of the same type too: 3.0 is not players 3, nor 0 false
        ours, theirs = rules.get(name), saved.get(name)
        return type(ours) is type(theirs) and ours == theirs
    differing = sorted(k for k in set(saved) | set(rules) if not same(k))
    if differing:
        raise ValueError("state JSON: the state was saved with other parameters: "
                         + ", ".join(f"{k}={saved.get(k)!r} (this game: {rules.get(k)!r})"
                                     for k in differing))
    if doc["cards"] != self._fingerprint:
        raise ValueError("state JSON: the state was saved with a different card set")
    return self._state_from_record(doc["state"], doc.get("history", []))


def _same_option(saved: Any, ours: Any) -> bool:
    """A load option as saved and as this game has it: lists compare as sets (the order the
    expansions were named in does not matter)."""
    if isinstance(saved, list) and isinstance(ours, list):
        return all(isinstance(x, str) for x in saved) and sorted(set(saved)) == sorted(set(ours))
    return type(saved) is type(ours) and bool(saved == ours)


def _option_text(value: Any) -> str:
    if isinstance(value, list):
        return "+".join(map(str, value)) if value else "none"
    return repr(value)


def load_state(text: str | bytes) -> State:
    """The state a `to_json` document describes, in the game it names, rebuilt from the
    document alone: its game, its parameters (with the expansions) and, for a version-1
    document, which records no expansions, the expansions whose cards match its fingerprint.
    Cards added with `cards=` cannot be rebuilt: load such a state with `game.state_from_json`."""
    doc = read_document(text)
    name = doc["game"]
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"state JSON: unknown game {name!r}; known games: {', '.join(games())}")
    parameters = dict(doc["parameters"])
    module = GAMES[name]
    if hasattr(module, "expansions_for_fingerprint") and "expansions" not in parameters:
        parameters["expansions"] = module.expansions_for_fingerprint(doc["cards"], parameters)
    game: Game = load_game(name, **parameters)
    return game.state_from_json(text)


def game_repr(self: Any) -> str:
    """Pasteable: players, seed, the expansions and every rule that differs from its default
    (extra card files given with `cards=` cannot be shown)."""
    module = GAMES[self.name]
    defaults = _defaults_of(self.name)
    shown = {k: v for k, v in self.parameters.items()
             if k not in self._load_options and (k in ("players", "seed") or v != defaults.get(k))}
    expansions = module.expansions_of(self) if hasattr(module, "expansions_of") else []
    if expansions:
        shown["expansions"] = "+".join(expansions)
    options = ",".join(f"{k}={v}" for k, v in shown.items())
    return f"lifespan.load_game({self.name + '(' + options + ')'!r})"


def _defaults_of(game: str) -> dict[str, Any]:
    return {name: p.default for name, p in GAMES[game].PARAMETERS.items()}


def state_repr(self: Any) -> str:
    who = "game over" if self.is_terminal() else f"seat {self.current_player} to move"
    return f"<{type(self).__name__} of {self.game.name}, {who}>"


# Games rebuilt while unpickling, by what defines them: states pickled one by one share one
# immutable game instead of rebuilding it (tens of milliseconds) for each.
_REBUILT: dict[str, Any] = {}


def _rebuild_game(name: str, parameters: dict[str, Any], traits: list[str],
                  cards: list[dict[str, Any]]) -> Any:
    key = json.dumps([name, parameters, card_fingerprint(traits, cards)], sort_keys=True)
    if key not in _REBUILT:
        if len(_REBUILT) >= 16:
            _REBUILT.pop(next(iter(_REBUILT)))
        _REBUILT[key] = GAMES[name].build(parameters, traits, cards)
    return _REBUILT[key]


def _restore_state(game: Any, text: str) -> Any:
    return game.state_from_json(text)


def game_reduce(self: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    return _rebuild_game, (self.name, self._parameters, self._traits, self._cards)


def state_reduce(self: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    return _restore_state, (self.game, self.to_json())


def install(game_class: type, state_class: type) -> None:
    """Adds the Python half of the contract to a compiled game's classes."""
    game_methods: dict[str, Any] = {
        "parameters": property(game_parameters, doc=game_parameters.__doc__),
        "__eq__": game_eq,
        "__hash__": game_hash,
        "cards": game_cards,
        "new_state": game_new_state,
        "state_from_json": game_state_from_json,
        "__repr__": game_repr,
        "__reduce__": game_reduce,
        "to_definition": game_to_definition,
    }
    state_methods: dict[str, Any] = {
        "to_json": state_to_json,
        "determinize": state_determinize,
        "reseed": state_reseed,
        "score_breakdown": state_score_breakdown,
        "__repr__": state_repr,
        "__reduce__": state_reduce,
    }
    for name, method in game_methods.items():
        setattr(game_class, name, method)
    for name, method in state_methods.items():
        setattr(state_class, name, method)
