"""The Pursuit of Happiness game factory: rule parameters, the expansions a game plays, and the
engine built from checked cards (`load_game("pursuit_of_happiness", ...)`).

The rules run in the C++ core (core/src/pursuit_of_happiness); the rule parameters are those of
docs/pursuit_of_happiness.md §8, each with its default, rationale and confidence.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Mapping

from .. import _core
from .._api import attach_definition
from .._definition import definition_document, definition_text
from .._errors import CardDataError, RulesError
from .._parameters import Parameter, load_parameters, merge_parameters, resolve, split_load_options
from .cards import ALL_EXPANSIONS, DATA, EXPANSIONS, KINDS, MODULES, NAME, load_cards
from .records import engine_record

PARAMETERS: dict[str, Parameter] = load_parameters(DATA / "rules.toml")


def resolve_rules(given: Mapping[str, Any]) -> dict[str, Any]:
    """Every rule parameter's value: defaults overridden by `given` (RulesError if bad)."""
    return resolve(NAME, PARAMETERS, given, load_options=("expansions", "cards", "rules"))


def build(parameters: Mapping[str, Any], traits: list[str], cards: list[dict[str, Any]]) -> Any:
    """The engine object for checked parameters and cards (also used when unpickling).
    `traits` is unused: Pursuit cards name no trait vocabulary of their own."""
    load_options = {"expansions": expansions_played(parameters, cards)}
    records = [engine_record(card) for card in cards]
    definition = definition_document(NAME, parameters, load_options, traits, cards, records)
    game = _core.pursuit_of_happiness_from_definition(definition_text(definition))
    return attach_definition(game, NAME, parameters, traits, cards, secret_choice=_kept_trait,
                             load_options=load_options, definition=definition)


def expansions_played(parameters: Mapping[str, Any], cards: Iterable[Mapping[str, Any]]) -> list[str]:
    """The `expansions` a game plays, in ALL_EXPANSIONS order: those whose cards it holds and the
    modules turned on, so that `load_game(NAME, **game.parameters)` loads the same game."""
    present = {card["expansion"] for card in cards}
    return [e for e in ALL_EXPANSIONS
            if e != "base" and (e in present or (e in MODULES and parameters.get(e) is True))]


def _kept_trait(state: Any, action: int) -> bool:
    """The one move made in secret (docs §3.5): which Child Trait a seat keeps shows only when
    the last seat has kept one. Every other move is made in the open."""
    return bool(state.action_to_string(action).startswith("Keep trait"))


def expansions_of(game: Any) -> list[str]:
    """The expansions whose cards `game` plays with, in EXPANSIONS order (for its repr; the
    modules show as their own parameters there)."""
    played = game.parameters["expansions"]
    return [e for e in EXPANSIONS if e in played]


def expansions_for_fingerprint(fingerprint: Any, parameters: Mapping[str, Any]) -> list[str]:
    """The expansions whose shipped cards make the card set `fingerprint` names, for a
    version-1 save (which did not record them): each subset of the expansions with cards is
    tried, with the promo rule the save names. ValueError if none fits (cards of a user's file)."""
    promo = parameters.get("promo_cards", PARAMETERS["promo_cards"].default)
    optional = [e for e in EXPANSIONS if e != "base"]
    # The fingerprint hashes the JSON of the card list (card_fingerprint); joined here from each
    # card's JSON, so that the thousand subsets cost one pass over the cards each.
    chunks = {}
    for expansion in ("base", *optional):
        kept = [c for c in load_cards([expansion]) if promo or not c.get("promo", False)]
        chunks[expansion] = [json.dumps(c, sort_keys=True).encode() for c in kept]
    for size in range(len(optional) + 1):
        for chosen in itertools.combinations(optional, size):
            digest = hashlib.sha256(b"[[], [")
            digest.update(b", ".join(item for e in ("base", *chosen) for item in chunks[e]))
            digest.update(b"]]")
            if digest.hexdigest()[:16] == fingerprint:
                modules = [m for m in MODULES if parameters.get(m) is True]
                return [e for e in ALL_EXPANSIONS if e in chosen or e in modules]
    raise ValueError("state JSON: a version-1 save whose cards are no set of shipped expansions "
                     "(cards from a user's file?): load it with game.state_from_json into its game")


def load(params: Mapping[str, Any]) -> Any:
    """`load_game('pursuit_of_happiness', ...)`: `expansions`, `cards` and `rules` are taken out
    of params; the rest are rule parameters."""
    params = dict(params)
    expansions = params.pop("expansions", None) or []
    if isinstance(expansions, str):   # the command line's form: "experiences+events"
        expansions = [name for name in expansions.split("+") if name]
    if not isinstance(expansions, (list, tuple, set, frozenset)):
        raise RulesError(f"expansions: a list of expansion names, got {expansions!r}")
    for expansion in expansions:
        if expansion not in ALL_EXPANSIONS:
            raise RulesError(f"expansions: unknown expansion {expansion!r} "
                             f"(known: {', '.join(ALL_EXPANSIONS)})")
    card_files, given = split_load_options(params, NAME)
    # A module is also a parameter. Given at its default (off) while expansions= lists it, it
    # chose nothing (OpenSpiel passes every parameter at its default): the module is played.
    listed = [module for module in MODULES if module in expansions]
    given = {name: value for name, value in given.items()
             if not (name in listed and value is PARAMETERS[name].default)}
    given = merge_parameters(given, "as a parameter", {module: True for module in listed}, "by expansions=")
    if given.get("players") == 5 and "community" not in expansions:
        raise RulesError("players: must be at most 4 (a 5th player needs the Community expansion)")
    chosen = ["base"] + [e for e in EXPANSIONS if e != "base" and e in expansions]
    parameters, cards = resolve_rules(given), load_cards(chosen, card_files)
    if not parameters["promo_cards"]:   # the base box alone: no card marked as a KS promo
        cards = [card for card in cards if not card.get("promo", False)]
    try:
        return build(parameters, [], cards)
    except CardDataError as error:
        if not card_files:   # the shipped sets always fit: nothing the user can change
            raise
        # The engine counts the set as a whole; name the user's files and what they made of it.
        counts = Counter(card["kind"] for card in cards)
        held = ", ".join(f"{counts[kind]} {kind}" for kind in KINDS if counts[kind])
        files = ", ".join(Path(extra).name for extra in card_files)
        raise CardDataError(f"{error} (with {files}: {held})") from None
