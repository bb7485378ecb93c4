"""The registered games and `load_game`.

A game module registers itself when imported (`register(sys.modules[__name__])`); the package's
`__init__` imports every game. This module imports no game and nothing that imports it, so the
registry sits at the bottom of the import graph.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ._parameters import merge_parameters, parse_game_string
from ._types import Game

# name -> the game's module. Each has NAME, PARAMETERS, `load(params)` (load_game's keywords) and
# `build(parameters, traits, cards)` (unpickling); a game with expansions also has
# ALL_EXPANSIONS, `expansions_of(game)` and `expansions_for_fingerprint(cards, parameters)`.
GAMES: dict[str, ModuleType] = {}


def register(module: ModuleType) -> None:
    """Makes a game module loadable by its NAME."""
    for needed in ("NAME", "PARAMETERS", "load", "build"):
        if not hasattr(module, needed):
            raise TypeError(f"{module.__name__} cannot be registered as a game: it has no {needed}")
    GAMES[module.NAME] = module


def games() -> list[str]:
    """Names of the registered games."""
    return sorted(GAMES)


def load_game(name: str, **params: Any) -> Game:
    """A game by name, with parameters as keywords or in the string form 'name(k=v,...)'.

    Every parameter has a documented default (docs/<game>.md). `cards=[paths]` adds or replaces
    cards, in list order; "user" in it stands for the user card directory's files
    (docs/transcribing.md). `rules={name: value}` sets rule parameters (they may also be given
    directly).
    Raises ValueError for an unknown game, RulesError for a bad parameter and CardDataError for
    a bad card file; TypeError for a name, `cards=` or `rules=` of the wrong type.
    """
    if not isinstance(name, str):
        raise TypeError(f"a game name is text, got {name!r}")
    base, from_string = parse_game_string(name)
    if base not in GAMES:
        raise ValueError(f"unknown game {base!r}; known games: {', '.join(games())}")
    given = merge_parameters(from_string, f"in {name.strip()!r}", params, "as a keyword")
    game: Game = GAMES[base].load(given)
    return game
