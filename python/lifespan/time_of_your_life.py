"""Time of Your Life: the card loader and the game factory.

The rules live in the C++ core (core/src/time_of_your_life); this module reads and checks the
card files (docs/time_of_your_life.md §9) and the rule parameters, then builds the engine.
Importing it registers the game (lifespan._registry).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import _api, _core, _registry
from ._api import attach_definition
from ._cardcheck import FieldChecker
from ._definition import definition_document, definition_text
from ._errors import CardDataError
from ._parameters import Parameter, load_parameters, resolve, split_load_options

NAME = "time_of_your_life"
DATA = Path(__file__).parent / "data" / NAME
CARD_FILE = DATA / "life_cards.toml"

NUM_CARDS = 80
EMOTIONS = ("happiness", "inspiration")
# "printed": transcribed by the user from their own copy of the game (docs/transcribing.md).
PROVENANCES = ("seed", "published", "authored", "printed")
MAX_TRAITS_PER_CARD = 5
MAX_EDGE_ICONS = 3
INSPIRATION_STEP = 3  # docs/state-format.md: after round 10, Trait tokens placed in the open

CARD_FIELDS = {"number", "name", "kind", "provenance", "age", "traits", "left", "right", "text",
               "objective", "expansion"}
# Objective kind -> the fields it needs (besides `kind`); see docs §8.
OBJECTIVE_FIELDS: dict[str, tuple[str, ...]] = {
    "flat": ("points",),
    "per_trait": ("trait", "points"),
    "directional": ("trait", "points", "direction"),
    "neighbours": ("trait", "points"),
    "sets": ("size", "points"),
    "majority": ("trait", "points"),
    "youngest": ("points",),
    "oldest": ("points",),
    "age_band": ("min", "max", "points"),
    "tokens": ("emotion", "points"),
}
assert list(OBJECTIVE_FIELDS) == list(_core.TIME_OF_YOUR_LIFE_OBJECTIVE_KINDS)

PARAMETERS: dict[str, Parameter] = load_parameters(DATA / "rules.toml",
                                                   _core.TIME_OF_YOUR_LIFE_OPTIONS)


class _CardChecker(FieldChecker):
    """Checks one Time of Your Life card table from one file."""

    def __init__(self, path: Path, traits: list[str], problems: list[CardDataError] | None = None):
        super().__init__(path, problems)
        self.traits = traits

    def name_list(self, card: str, field: str, value: Any, options: tuple[str, ...],
                  most: int) -> list[str]:
        self.items(card, field, value, 0, most)
        return [self.choice(card, f"{field}[{i}]", item, options) for i, item in enumerate(value)]

    def card(self, index: int, raw: Any) -> dict[str, Any]:
        label = f"card #{index + 1}"
        if not isinstance(raw, dict):
            raise self.fail(label, "card", "must be a table")
        if "number" not in raw:
            raise self.fail(label, "number", "missing")
        number = self.integer(label, "number", raw["number"], 0, NUM_CARDS - 1, decides=True)
        label = f"card {number}"
        self.fields(label, "", raw, ("number", "name", "kind", "provenance", "objective"),
                    CARD_FIELDS)
        name = self.text(label, "name", raw["name"])
        text = raw.get("text", "")
        if not isinstance(text, str):
            self.wrong(self.fail(label, "text", "must be text"))
            text = ""
        traits = self.name_list(label, "traits", raw.get("traits", []), tuple(self.traits),
                                MAX_TRAITS_PER_CARD)
        return {
            "id": number,
            "number": number,
            "name": name,
            "kind": self.choice(label, "kind", raw["kind"], ("life",)),
            "expansion": self.choice(label, "expansion", raw.get("expansion", "base"), ("base",)),
            "provenance": self.choice(label, "provenance", raw["provenance"], PROVENANCES),
            "age": self.integer(label, "age", raw.get("age", number), 0, 255),
            "traits": traits,
            "left": self.name_list(label, "left", raw.get("left", []), EMOTIONS, MAX_EDGE_ICONS),
            "right": self.name_list(label, "right", raw.get("right", []), EMOTIONS,
                                    MAX_EDGE_ICONS),
            "text": text,
            "objective": self.objective(label, raw["objective"]),
        }

    def objective(self, label: str, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(label, "objective", "must be a table")
        if "kind" not in raw:
            raise self.fail(label, "objective.kind", "missing")
        kind = self.choice(label, "objective.kind", raw["kind"], OBJECTIVE_FIELDS, decides=True)
        needed = OBJECTIVE_FIELDS[kind]
        self.fields(label, "objective", raw, ("kind", *needed))
        out: dict[str, Any] = {"kind": kind}
        for field in needed:
            where, value = f"objective.{field}", raw[field]
            if field == "points":
                out[field] = self.integer(label, where, value, -100, 100)
            elif field == "trait":
                out[field] = self.choice(label, where, value, (*self.traits, "any"))
            elif field == "direction":
                out[field] = self.choice(label, where, value, ("left", "right"))
            elif field == "size":
                out[field] = self.integer(label, where, value, 1, len(self.traits))
            elif field in ("min", "max"):
                out[field] = self.integer(label, where, value, 0, 255)
            elif field == "emotion":
                out[field] = self.choice(label, where, value, EMOTIONS)
        if kind == "age_band" and out["min"] > out["max"]:
            self.wrong(self.fail(label, "objective.min", f"greater than objective.max ({out['max']})"))
        return out


def read_card_file(path: str | Path, base_traits: list[str] | None,
                   problems: list[CardDataError] | None = None) -> tuple[list[str], list[dict[str, Any]]]:
    """The trait names and checked cards of one file. `base_traits` is None for the built-in set.
    With a `problems` list, each card's problems are recorded there instead of raised, and the
    cards without one are returned; a file whose [set] table is wrong still raises."""
    from ._toml import read_toml

    path = Path(path)
    table = read_toml(path)
    for key in table:
        if key not in ("set", "card"):
            raise CardDataError(f"{path.name}: {key}: unknown table (expected [set] and [[card]])")
    header = table.get("set", {})
    if not isinstance(header, dict):
        raise CardDataError(f"{path.name}: set: must be a table")
    for key in header:
        if key not in ("game", "traits"):
            raise CardDataError(f"{path.name}: set: {key}: unknown field")
    if header.get("game", NAME) != NAME:
        raise CardDataError(f"{path.name}: set: game: this file is for {header['game']!r}, not {NAME!r}")
    traits = header.get("traits", base_traits)
    if traits is None:
        raise CardDataError(f"{path.name}: set: traits: missing")
    if (not isinstance(traits, list) or len(traits) != 5
            or not all(isinstance(t, str) and t and t != "any" for t in traits)
            or len(set(traits)) != 5):
        raise CardDataError(f"{path.name}: set: traits: must list 5 different names, got {traits!r}")
    raw_cards = table.get("card", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError(f"{path.name}: card: the file defines no [[card]]")
    checker = _CardChecker(path, traits, problems)
    cards = []
    seen: set[int] = set()
    for index, raw in enumerate(raw_cards):
        before = checker.problem_count()
        card = checker.collect(lambda: checker.card(index, raw))
        if card is None or checker.problem_count() > before:
            continue
        if card["number"] in seen:
            checker.wrong(checker.fail(f"card {card['number']}", "number", "duplicate"))
            continue
        seen.add(card["number"])
        cards.append(card)
    if base_traits is not None and traits != base_traits and len(raw_cards) != NUM_CARDS:
        checker.wrong(CardDataError(
            f"{path.name}: set: traits: a file that renames the traits must define all 80 cards"))
    return traits, cards


def load_cards(extra_files: Iterable[str | Path] = ()) -> tuple[list[str], list[dict[str, Any]]]:
    """The built-in set with each extra file's cards replacing those of the same number."""
    traits, cards = read_card_file(CARD_FILE, None)
    by_number = {card["number"]: card for card in cards}
    if sorted(by_number) != list(range(NUM_CARDS)):
        raise CardDataError(f"{CARD_FILE.name}: the built-in set must hold cards 0-79")
    for path in extra_files:
        new_traits, replacements = read_card_file(path, traits)
        if new_traits != traits:
            # A full replacement may rename traits; the old cards are gone.
            traits = new_traits
        for card in replacements:
            by_number[card["number"]] = card
    return traits, [by_number[n] for n in range(NUM_CARDS)]


def engine_record(card: Mapping[str, Any], traits: list[str]) -> dict[str, Any]:
    """The integer form of a checked card that the C++ core reads."""
    objective = card["objective"]
    trait = objective.get("trait", "any")
    return {
        "number": card["number"],
        "age": card["age"],
        "name": card["name"],
        "trait_counts": [card["traits"].count(t) for t in traits],
        "left_counts": [card["left"].count(e) for e in EMOTIONS],
        "right_counts": [card["right"].count(e) for e in EMOTIONS],
        "objective": {
            "kind_index": list(OBJECTIVE_FIELDS).index(objective["kind"]),
            "points": objective["points"],
            "trait_index": -1 if trait == "any" else traits.index(trait),
            "toward_left": objective.get("direction") == "left",
            "size": objective.get("size", 0),
            "min": objective.get("min", 0),
            "max": objective.get("max", 0),
            "emotion_index": EMOTIONS.index(objective.get("emotion", "happiness")),
        },
    }


def build(parameters: Mapping[str, Any], traits: list[str], cards: list[dict[str, Any]]) -> Any:
    """The engine object for checked parameters and cards (also used when unpickling)."""
    records = [engine_record(card, traits) for card in cards]
    definition = definition_document(NAME, parameters, {}, traits, cards, records)
    game = _core.time_of_your_life_from_definition(definition_text(definition))
    return attach_definition(game, NAME, parameters, traits, cards, secret_choice=_simultaneous_choice,
                             definition=definition)


def _simultaneous_choice(state: Any, action: int) -> bool:
    """A move of a simultaneous step (midpoint discards, the two-player swap, the pick) stays
    face down until all have chosen; an Inspiration placement is made in the open."""
    return bool(state._to_record()["step"] != INSPIRATION_STEP)


def load(params: Mapping[str, Any]) -> Any:
    """`load_game('time_of_your_life', ...)`: `cards` and `rules` are taken out of params."""
    card_files, given = split_load_options(params, NAME)
    values = resolve(NAME, PARAMETERS, given)
    traits, cards = load_cards(card_files)
    return build(values, traits, cards)


_api.install(_core.TimeOfYourLifeGame, _core.TimeOfYourLifeState)
_registry.register(sys.modules[__name__])
