"""The registered games and `load_game`."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from . import _api, _core, pursuit_of_happiness, time_of_your_life
from ._parameters import merge_parameters, parse_game_string
from ._types import Game

# name -> module with `load(params)` and `build(parameters, traits, cards)`
GAMES: dict[str, ModuleType] = {
    pursuit_of_happiness.NAME: pursuit_of_happiness,
    time_of_your_life.NAME: time_of_your_life,
}

_api.install(_core.TimeOfYourLifeGame, _core.TimeOfYourLifeState)
_api.install(_core.PursuitOfHappinessGame, _core.PursuitOfHappinessState)


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
