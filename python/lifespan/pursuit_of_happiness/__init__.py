"""The Pursuit of Happiness, with all its expansions and modules.

The rules run in the C++ core (core/src/pursuit_of_happiness, docs/pursuit_of_happiness_engine.md);
this package is the Python half, in three parts:

- `cards`: the card schema and loader (docs/pursuit_of_happiness_cards.md);
- `records`: each checked card as the core reads it in a game definition;
- `factory`: the rule parameters (docs/pursuit_of_happiness.md §8) and `load`, which builds the
  engine for `load_game("pursuit_of_happiness", ...)`.

Importing it registers the game (lifespan._registry).
"""

from __future__ import annotations

import sys

from .. import _api, _core, _registry
from .cards import (ABILITY_FIELDS, ALL_EXPANSIONS, BOARD_ACTIONS, CATEGORIES, CONDITION_WHATS, DATA,
                    DISCOUNT_TARGETS, EXPANSIONS, JOB_CATEGORIES, KINDS, MEASURES, MODULES, NAME,
                    NOSTALGIA_ABILITIES, NOSTALGIA_CATEGORIES, PASSIVE_ACTIONS, PROJECT_TYPES, PROVENANCES,
                    SPACES, _popularity_field, load_cards, read_card_file, replace_cards)
from .factory import (PARAMETERS, build, expansions_for_fingerprint, expansions_of, expansions_played, load,
                      resolve_rules)
from .records import engine_record

__all__ = ["ABILITY_FIELDS", "ALL_EXPANSIONS", "BOARD_ACTIONS", "CATEGORIES", "CONDITION_WHATS", "DATA",
           "DISCOUNT_TARGETS", "EXPANSIONS", "JOB_CATEGORIES", "KINDS", "MEASURES", "MODULES", "NAME",
           "NOSTALGIA_ABILITIES", "NOSTALGIA_CATEGORIES", "PARAMETERS", "PASSIVE_ACTIONS", "PROJECT_TYPES",
           "PROVENANCES", "SPACES", "build", "engine_record", "expansions_for_fingerprint", "expansions_of",
           "expansions_played", "load", "load_cards", "read_card_file", "replace_cards", "resolve_rules"]

_api.install(_core.PursuitOfHappinessGame, _core.PursuitOfHappinessState)
_registry.register(sys.modules[__name__])
