"""Helpers for the Time of Your Life scenario tests.

Every helper is reached through the `toyl` fixture (a namespace), so test modules never import
this file by name:

    def test_something(toyl):
        game = toyl.game(players=3)
        state = toyl.build_state(game, round=2, hands=[[47], [1, 2], [3, 4]], timelines=[[0]])

`build_state` starts from a fresh state's JSON document, rewrites its "state" object and loads
it with `game.state_from_json`, so every position a test plays from has passed the engine's
own validation. Cards a test does not place go to the deck (or the discard pile), in ascending
order, so that every card 0-79 is in exactly one place.

The card table is read from the shipped TOML with tomllib, independently of the engine.
"""

from __future__ import annotations

import copy
import json
import sys
import types
from pathlib import Path

import importlib.util

import pytest

HERE = Path(__file__).resolve().parent


def _load_reference() -> types.ModuleType:
    """Import reference.py once, under a name no other test folder can shadow; test modules
    then `import time_of_your_life_reference`."""
    name = "time_of_your_life_reference"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, HERE / "reference.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


reference = _load_reference()

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# `lifespan` is imported lazily, inside the helpers: the oracle's own tests in this folder do
# not import the engine and must not depend on it through this file.
GAME = "time_of_your_life"
CARD_FILE = (Path(__file__).resolve().parents[2] / "python" / "lifespan" / "data" / GAME
             / "life_cards.toml")

# Steps as stored in the state JSON (docs: state "step" field).
MIDPOINT, SWAP, CHOOSE, INSPIRATION, OVER = range(5)
TERMINAL = -4

# Action ids (docs/time_of_your_life.md section 10).
KEEP = 160
NUM_ACTIONS = 211


def play(card: int) -> int:
    return card


def discard(card: int) -> int:
    return 80 + card


def trait_action(slot: int, trait: int) -> int:
    return 161 + 5 * slot + trait


def load_card_file(path: Path = CARD_FILE) -> tuple[list[str], dict[int, dict]]:
    """(trait names, {number: raw card table}) straight from the TOML file."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return list(data["set"]["traits"]), {card["number"]: card for card in data["card"]}


TRAIT_NAMES, CARDS = load_card_file()
FAMILY, ADVENTURE, LEARNING, CREATIVITY, HEALTH = (TRAIT_NAMES.index(t) for t in
                                                   ("family", "adventure", "learning",
                                                    "creativity", "health"))


def make_game(players: int = 3, **rules):
    import lifespan

    return lifespan.load_game(GAME, players=players, **rules)


def record(state) -> dict:
    """The state's JSON document as a dict."""
    return json.loads(state.to_json())


def srec(state) -> dict:
    """Only the "state" object of the JSON document."""
    return record(state)["state"]


def _per_seat(value, n, default):
    if value is None:
        return [copy.deepcopy(default) for _ in range(n)]
    if isinstance(value, dict):
        return [copy.deepcopy(value.get(seat, default)) for seat in range(n)]
    value = list(value)
    assert len(value) <= n, "more seats given than players"
    return [list(v) for v in value] + [copy.deepcopy(default) for _ in range(n - len(value))]


def position_doc(game, *, hands=None, timelines=None, deck=None, discards=None,
                 leftover: str = "deck", players=None, seed: int = 0, **fields) -> dict:
    """The JSON document (as a dict) of a hand-built position; see build_state."""
    n = game.num_players
    doc = record(game.new_state(seed))
    st = doc["state"]
    hands = [sorted(h) for h in _per_seat(hands, n, [])]
    timelines = _per_seat(timelines, n, [])
    deck = list(deck or [])
    discards = list(discards or [])

    placed = [c for h in hands for c in h] + [c for t in timelines for c in t] + deck + discards
    assert len(placed) == len(set(placed)), f"a card is placed twice: {sorted(placed)}"
    assert all(0 <= c < 80 for c in placed)
    rest = [c for c in range(80) if c not in set(placed)]
    if leftover == "deck":
        deck = rest + deck          # the explicit cards are on top (the end of the list)
    elif leftover == "discards":
        discards = rest + discards
    else:
        raise AssertionError(f"leftover must be 'deck' or 'discards', not {leftover!r}")

    overrides = players or {}
    seats = []
    for seat in range(n):
        extra = dict(overrides.get(seat, {}))
        trait_tokens = list(extra.pop("trait_tokens", []))
        unplaced = extra.pop("inspiration_unplaced", 0)
        player = {
            "hand": hands[seat],
            "timeline": list(timelines[seat]),
            "trait_tokens": trait_tokens,
            "happiness": 0,
            "inspiration": len(trait_tokens) + unplaced,
            "inspiration_unplaced": unplaced,
            "pick": -1,
        }
        player.update(extra)
        seats.append(player)

    st.update({
        "round": 1, "step": CHOOSE, "current": 0, "midpoint_reached": False,
        "midpoint_discard": -1, "deck": deck, "discards": discards, "players": seats,
    })
    if game.parameters["limited_token_supply"]:
        st["happiness_supply"] = 20 - sum(p["happiness"] for p in seats)
        st["inspiration_supply"] = 12 - sum(p["inspiration"] for p in seats)
        st["trait_supply"] = [10 - sum(1 for p in seats for code in p["trait_tokens"]
                                       if code % 5 == t) for t in range(5)]
    else:
        st["happiness_supply"], st["inspiration_supply"] = 20, 12
        st["trait_supply"] = [10] * 5
    st.update(fields)
    if "midpoint_reached" not in fields:  # in play the midpoint comes in round 6
        st["midpoint_reached"] = st["round"] >= 6
    return doc


def build_state(game, **kwargs):
    """A position loaded through game.state_from_json.

    hands / timelines: a list per seat (missing seats: empty) or {seat: list}; hands are sorted
    for you, timelines must be given in age order. deck: cards put on top of the deck (the last
    element is drawn first). discards: cards on the discard pile. Every other card goes to the
    `leftover` pile ("deck": at the bottom of the deck, "discards"). players: {seat: {field:
    value}} for happiness, inspiration_unplaced, trait_tokens, pick, ... (inspiration defaults to
    len(trait_tokens) + inspiration_unplaced). Other keywords set fields of the "state" object
    (round, step, current, midpoint_reached, rng, ...); the defaults are round 1, the choose
    step, seat 0 to move, midpoint_reached from round 6 on. Token supplies follow the held
    tokens when the supply is limited.
    """
    return game.state_from_json(json.dumps(position_doc(game, **kwargs)))


def final_state(game, timelines, players=None, **fields):
    """A finished game (round 10, step over) with the given timelines; hands are empty."""
    return build_state(game, timelines=timelines, players=players, round=10, step=OVER,
                       current=TERMINAL, **fields)


def first_legal(state):
    return state.legal_actions()[0]


def play_until(state, stop, policy=first_legal, limit=10_000):
    """Apply policy(state) until stop(state) is true (or the game ends); returns the state."""
    for _ in range(limit):
        if stop(state) or state.is_terminal():
            return state
        state.apply(policy(state))
    raise AssertionError("play_until: the limit was reached")


def play_out(state, policy=first_legal):
    return play_until(state, lambda s: False, policy)


# The oracle's generator (reference.py, written from docs section 2), shared by the tests.
SplitMix64 = reference.SplitMix64


@pytest.fixture(scope="session")
def card_table() -> dict[int, dict]:
    """{number: raw card table} of the shipped card file (read with tomllib)."""
    return copy.deepcopy(CARDS)


@pytest.fixture(scope="session")
def toyl():
    """The helpers of this file as one namespace."""
    return types.SimpleNamespace(
        GAME=GAME, CARD_FILE=CARD_FILE, CARDS=CARDS, TRAIT_NAMES=TRAIT_NAMES,
        MIDPOINT=MIDPOINT, SWAP=SWAP, CHOOSE=CHOOSE, INSPIRATION=INSPIRATION, OVER=OVER,
        TERMINAL=TERMINAL, KEEP=KEEP, NUM_ACTIONS=NUM_ACTIONS,
        FAMILY=FAMILY, ADVENTURE=ADVENTURE, LEARNING=LEARNING, CREATIVITY=CREATIVITY,
        HEALTH=HEALTH,
        play=play, discard=discard, trait_action=trait_action,
        game=make_game, record=record, srec=srec, position_doc=position_doc,
        build_state=build_state, final_state=final_state, first_legal=first_legal,
        play_until=play_until, play_out=play_out, SplitMix64=SplitMix64,
        load_card_file=load_card_file,
    )
