"""Game definitions (docs/embedding.md §2): one configured game — its name, parameters, load
options, trait names and cards with their provenance — as a versioned JSON document. Python
writes it (`game.to_definition()`, `python -m lifespan export`); the C++ core reads it, both
when a C++ host loads an exported file and when `load_game` builds the engine, so the two
share one format."""

from __future__ import annotations

import copy
import json
from typing import Any, Mapping

# Kept equal to kDefinitionFormat / kDefinitionVersion in core/include/lifespan/common/definition.hpp
# (tests/test_embedding.py checks the core refuses other values).
DEFINITION_FORMAT = "lifespan-game-definition"
DEFINITION_VERSION = 1


def definition_document(name: str, parameters: Mapping[str, Any], load_options: Mapping[str, Any],
                        traits: list[str], cards: list[dict[str, Any]],
                        records: list[dict[str, Any]]) -> dict[str, Any]:
    """The definition of a game: `records` are the engine's card records (the fields of the
    core's CardSpec::visit), each given its card's provenance."""
    return {
        "format": DEFINITION_FORMAT,
        "version": DEFINITION_VERSION,
        "game": name,
        "parameters": dict(parameters),
        "load_options": copy.deepcopy(dict(load_options)),
        "traits": list(traits),
        "cards": [{**record, "provenance": card["provenance"]} for record, card in zip(records, cards)],
    }


def definition_text(document: Mapping[str, Any]) -> str:
    """The JSON text of a definition, as the core reads it and `export` writes it."""
    return json.dumps(document, indent=1, ensure_ascii=False)


def game_to_definition(self: Any) -> dict[str, Any]:
    """This game's definition (docs/embedding.md §2), a copy: write it with `json.dump` and a
    C++ host builds the same game from it (each game's game_from_definition)."""
    document: dict[str, Any] = copy.deepcopy(self._definition)
    return document
