"""Helpers for The Pursuit of Happiness scenario tests: a JSON position builder.

Every helper is reached through the `ph` fixture (a namespace), so test modules never import
this file by name:

    def test_something(ph):
        game = ph.game(players=2)
        state = ph.build(game, rows={ph.PROJECTS: [ph.project("Write Fiction")]},
                         players={0: {"resources": [3, 3, 0]}})

`build` starts from `game.new_state(seed)` with every seat's trait choice made (action 0 for
each seat), rewrites the JSON "state" object and loads it with `game.state_from_json`, so every
position a test plays from has passed the engine's own validation. Each card a test places
(in a row, a play area, a discard pile or on top of a deck) is first taken out of wherever the
fresh state had it, so that every card is in one place at most.

Card ids are looked up by name in `lifespan.pursuit_of_happiness.load_cards()` order (the order
the engine numbers them per kind); the card facts the tests use are read from the same list,
never from the engine.
"""

from __future__ import annotations

import copy
import functools
import json
import types
from typing import Any

import pytest

GAME = "pursuit_of_happiness"

# Steps as stored in the state JSON.
CHOOSE_TRAIT, UPKEEP, ACTION, PAY, OVER, COMMUNITY, KIDS, TRIGGER = range(8)
NUM_STEPS = 8
TERMINAL = -4

# Rows and decks, in state order; card kinds of a card in play.
PROJECTS, ITEMS, JOBS, PARTNERS = range(4)
KIND_PROJECT, KIND_ITEM, KIND_JOB, KIND_PARTNER = range(4)

# Board spaces (bits of "unavailable" and of a player's "spaces_used").
STUDY_SPACE, PLAY_SPACE, INTERACT_SPACE, TEMP_JOB_SPACE, OVERTIME_SPACE, REST_SPACE = range(6)
START_PROJECT_SPACE, SPEND_SPACE, GET_JOB_SPACE, START_RELATIONSHIP_SPACE = range(6, 10)

# Flags of a card in play.
ACTIVE, ARCHIVED, STARTED, RETIRED, UPKEEP_DUE, COMPLETED = 1, 2, 4, 8, 16, 32

# Action ids come from the engine's own layout (decode_action / encode_action): tests never
# re-derive it. The names below are each kind's first id and the helpers its operands.
MAX_IN_PLAY, MAX_ROW, MAX_ROLES, MAX_PLAYERS = 24, 6, 4, 4


def _layout_game():
    import lifespan

    return lifespan.load_game(GAME, players=2)


_LAYOUT = _layout_game()
ActionKind = _LAYOUT.ActionKind
encode = _LAYOUT.encode_action
decode = _LAYOUT.decode_action

KEEP_TRAIT = encode(ActionKind.KEEP_TRAIT)
PAY_UPKEEP = encode(ActionKind.PAY_UPKEEP)
GIVE_UP = encode(ActionKind.GIVE_UP)
REFRESH = encode(ActionKind.REFRESH)
DISCARD = encode(ActionKind.DISCARD)
STUDY, PLAY, INTERACT, TEMP_JOB, OVERTIME, REST = (encode(ActionKind.SIMPLE_BOARD, slot=k) for k in range(6))
SIMPLE = STUDY
START_PROJECT = encode(ActionKind.START_PROJECT)
JOIN_GROUP = encode(ActionKind.JOIN_GROUP)
SPEND = encode(ActionKind.SPEND)
GET_JOB = encode(ActionKind.GET_JOB)
PROMOTE_ROW = encode(ActionKind.PROMOTE_FROM_ROW)
PROMOTE_FLIP = encode(ActionKind.PROMOTE_FLIP)
START_RELATIONSHIP = encode(ActionKind.START_RELATIONSHIP)
CARD_ACTION = encode(ActionKind.CARD_ACTION)
PAY_KNOWLEDGE, PAY_CREATIVITY, PAY_INFLUENCE = (encode(ActionKind.PAY_UNIT, slot=k) for k in range(3))
PAY_UNIT = PAY_KNOWLEDGE
PASS = encode(ActionKind.PASS)
GET_JOB_WORKING_HARDER = encode(ActionKind.GET_JOB, variant=1)
UPKEEP_WORKING_HARDER = encode(ActionKind.UPKEEP_WORKING_HARDER, variant=1)
EVENT_TASK = encode(ActionKind.EVENT_TASK)
PLAN_EXPERIENCE = encode(ActionKind.PLAN_EXPERIENCE)
DREAM = encode(ActionKind.DREAM)
FROM_DREAM = encode(ActionKind.FROM_DREAM)
EXTEND_EXPERIENCE = encode(ActionKind.EXTEND_EXPERIENCE)
DEVELOP_WITH_KID = encode(ActionKind.DEVELOP_WITH_KID)
RAISE_FAMILY = encode(ActionKind.RAISE_FAMILY)
PLACE_NOSTALGIA = encode(ActionKind.PLACE_NOSTALGIA)
DISCARD_NOSTALGIA = encode(ActionKind.DISCARD_NOSTALGIA)
ACTIVE_TRIGGER = encode(ActionKind.ACTIVE_TRIGGER)
FREE_ABILITY = encode(ActionKind.FREE_ABILITY)
REALIZE = encode(ActionKind.REALIZE)
DETERMINE_OUTCOME = encode(ActionKind.DETERMINE_OUTCOME)
SMART_GOALS = encode(ActionKind.SMART_GOALS)
FORGO_DISCOUNT = encode(ActionKind.FORGO_DISCOUNT)
SCHOOL_COURSE = encode(ActionKind.SCHOOL_COURSE)
MAKE_FRIEND = encode(ActionKind.MAKE_FRIEND)
COMMUNITY_PLACE = encode(ActionKind.COMMUNITY_PLACE)
ACHIEVEMENT = encode(ActionKind.ACHIEVEMENT)
NO_ACHIEVEMENT = encode(ActionKind.NO_ACHIEVEMENT)
JOIN_FIFTH_SEAT = encode(ActionKind.JOIN_GROUP, seat=4)
SPEND_AT_LEVEL = encode(ActionKind.SPEND, variant=1)
WITH_HOURGLASS = encode(ActionKind.PLAN_EXPERIENCE, hourglass=True)
KEEP_KID = encode(ActionKind.KEEP_KID)
DISCARD_KID = encode(ActionKind.DISCARD_KID)
CHOOSE_TRIGGER = encode(ActionKind.CHOOSE_TRIGGER)
NUM_ACTIONS = _LAYOUT.num_distinct_actions


def start_project(row_slot: int, role: int = 0) -> int:
    return encode(ActionKind.START_PROJECT, slot=row_slot, variant=role)


def join_group(owner: int, slot: int, role: int) -> int:
    return encode(ActionKind.JOIN_GROUP, seat=owner, slot=slot, variant=role)


def with_hourglass(action: int) -> int:
    """The Experiences-board action `action` (Plan Experience, Dream, from the Dream board)
    with an Hourglass while the Cloud is unused."""
    a = decode(action)
    assert a.kind in (ActionKind.PLAN_EXPERIENCE, ActionKind.DREAM, ActionKind.FROM_DREAM) and not a.hourglass
    return encode(a.kind, seat=a.seat, row=a.row, slot=a.slot, variant=a.variant, hourglass=True)


def refresh(row: int) -> int:
    return encode(ActionKind.REFRESH, row=row)


def discard(slot: int) -> int:
    return encode(ActionKind.DISCARD, slot=slot)


def pay_upkeep(slot: int) -> int:
    return encode(ActionKind.PAY_UPKEEP, slot=slot)


def give_up(slot: int) -> int:
    return encode(ActionKind.GIVE_UP, slot=slot)


def spend(row_slot: int) -> int:
    return encode(ActionKind.SPEND, slot=row_slot)


def spend_at_level(row_slot: int, level: int) -> int:
    """Spend on the Item in `row_slot`, bought at `level` (2 or more)."""
    return encode(ActionKind.SPEND, slot=row_slot, variant=level - 1)


def get_job(row_slot: int) -> int:
    return encode(ActionKind.GET_JOB, slot=row_slot)


def get_job_working_harder(row_slot: int, times: int) -> int:
    return encode(ActionKind.GET_JOB, slot=row_slot, variant=times)


def upkeep_working_harder(times: int) -> int:
    return encode(ActionKind.UPKEEP_WORKING_HARDER, variant=times)


def plan_experience(board_slot: int) -> int:
    return encode(ActionKind.PLAN_EXPERIENCE, slot=board_slot)


def dream(row: int, k: int, dream_slot: int) -> int:
    """Dream a card: row 0-3 and its slot k, or row 4 for the Experiences board."""
    return encode(ActionKind.DREAM, row=row, slot=k, variant=dream_slot)


def from_dream(dream_slot: int, variant: int = 0) -> int:
    return encode(ActionKind.FROM_DREAM, slot=dream_slot, variant=variant)


def extend_experience(slot: int) -> int:
    return encode(ActionKind.EXTEND_EXPERIENCE, slot=slot)


def promote_row(row_slot: int) -> int:
    return encode(ActionKind.PROMOTE_FROM_ROW, slot=row_slot)


def start_relationship(row_slot: int) -> int:
    return encode(ActionKind.START_RELATIONSHIP, slot=row_slot)


def card_action(slot: int) -> int:
    return encode(ActionKind.CARD_ACTION, slot=slot)


# --- the card set, in the engine's numbering --------------------------------------------------

def _cards() -> list[dict[str, Any]]:
    from lifespan import pursuit_of_happiness as poh

    return poh.load_cards()


CARDS = _cards()
PROJECT_CARDS = [c for c in CARDS if c["kind"] == "project"]
ITEM_CARDS = [c for c in CARDS if c["kind"] in ("item", "activity")]   # one table, file order
JOB_CARDS = [c for c in CARDS if c["kind"] == "job"]
PARTNER_CARDS = [c for c in CARDS if c["kind"] == "partner"]
GOAL_CARDS = [c for c in CARDS if c["kind"] == "life_goal"]
TRAIT_CARDS = [c for c in CARDS if c["kind"] == "child_trait"]
DECK_SIZES = (len(PROJECT_CARDS), len(ITEM_CARDS), len(JOB_CARDS), len(PARTNER_CARDS))


def _index(table: list[dict[str, Any]], name: str) -> int:
    hits = [i for i, c in enumerate(table) if name in (c["name"], c["id"])]
    assert len(hits) == 1, f"no single card named {name!r}"
    return hits[0]


def project(name: str) -> int:
    return _index(PROJECT_CARDS, name)


def item(name: str) -> int:
    """An Item or Activity id (one table)."""
    return _index(ITEM_CARDS, name)


def goal(name: str) -> int:
    return _index(GOAL_CARDS, name)


def trait(name: str) -> int:
    return _index(TRAIT_CARDS, name)


def _face_entry(table: list[dict[str, Any]], face_name: str) -> int:
    hits = [(i, f) for i, c in enumerate(table) for f, face in enumerate(c["faces"])
            if face["name"] == face_name]
    assert len(hits) == 1, f"no single face named {face_name!r}"
    card, face = hits[0]
    return card * 2 + face


def job(face_name: str) -> int:
    """A Job row entry, card * 2 + face, by the name of the face that shows."""
    return _face_entry(JOB_CARDS, face_name)


def partner(face_name: str) -> int:
    return _face_entry(PARTNER_CARDS, face_name)


def job_face(entry: int) -> dict[str, Any]:
    return JOB_CARDS[entry >> 1]["faces"][entry & 1]


def partner_face(entry: int) -> dict[str, Any]:
    return PARTNER_CARDS[entry >> 1]["faces"][entry & 1]


# --- cards in play ------------------------------------------------------------------------------

def in_play(kind: int, ident: int, face: int = 0, level: int = 1, flags: int = 0, time: int = 0,
            roles=(-1, -1, -1, -1)) -> dict[str, Any]:
    return {"kind": kind, "id": ident, "face": face, "level": level, "time": time,
            "flags": flags, "roles": list(roles), "parent": -1, "stored": 0}


def project_card(name: str, level: int = 1, flags: int = ACTIVE, **kw) -> dict[str, Any]:
    return in_play(KIND_PROJECT, project(name), 0, level, flags, **kw)


def item_card(name: str, level: int = 1, flags: int = 0, **kw) -> dict[str, Any]:
    return in_play(KIND_ITEM, item(name), 0, level, flags, **kw)


def job_card(face_name: str, flags: int = ACTIVE, level: int | None = None, **kw) -> dict[str, Any]:
    entry = job(face_name)
    if level is None:
        level = job_face(entry)["level"]
    return in_play(KIND_JOB, entry >> 1, entry & 1, level, flags, **kw)


def partner_card(face_name: str, level: int = 1, flags: int = ACTIVE, **kw) -> dict[str, Any]:
    entry = partner(face_name)
    return in_play(KIND_PARTNER, entry >> 1, entry & 1, level, flags, **kw)


def _pile_entry(card: dict[str, Any]) -> tuple[int, int]:
    """(row, entry) of a card in play, as it is written in rows, decks and discards."""
    kind = card["kind"]
    return kind, (card["id"] * 2 + card["face"]) if kind >= KIND_JOB else card["id"]


# --- games and positions ------------------------------------------------------------------------

def make_game(players: int = 2, **rules):
    """A game (cached: games are immutable, and loading one reads the card files)."""
    return _make_game(players, tuple(sorted(rules.items())))


@functools.lru_cache(maxsize=None)
def _make_game(players: int, rules: tuple):
    import lifespan

    return lifespan.load_game(GAME, players=players, **dict(rules))


def record(state) -> dict:
    return json.loads(state.to_json())


def srec(state) -> dict:
    """The "state" object of the state's JSON document."""
    return record(state)["state"]


def after_traits(game, seed: int = 0):
    """A fresh state with every seat's trait choice made (the first offered trait kept)."""
    state = game.new_state(seed)
    while srec(state)["step"] == CHOOSE_TRAIT:
        state.apply(KEEP_TRAIT)
    return state


DEFAULT_PLAYER = {
    "resources": [0, 0, 0], "money": 0, "sth": 0, "lth": 0, "lth_from_cards": 0, "stress": 5,
    "hourglasses": 6, "hourglasses_spent": 0, "upkeep_relief": 0, "hourglasses_next": 0,
    "alive": True, "inherited": False,
    "spaces_used": 0, "completed_projects": 0, "goals": 0, "cards": [],
}
# The default trait: a Partner discount, which touches no other rule.
DEFAULT_TRAIT = "Charming"
DEFAULT_GOALS = ["Well Read", "Daydreamer", "People Person", "You Can Take It With You"]


def position_doc(game, *, seed: int = 0, rows: dict | None = None, next_cards: dict | None = None,
                 discards: dict | None = None, players: dict | None = None,
                 goals: list[str] | None = None, **fields) -> dict:
    """The JSON document (as a dict) of a hand-built position; see build."""
    n = game.num_players
    doc = record(after_traits(game, seed))
    st = doc["state"]
    rows = dict(rows or {})
    next_cards = dict(next_cards or {})
    discards_given = dict(discards or {})
    players = dict(players or {})

    seats = []
    for seat in range(n):
        over = dict(players.get(seat, {}))
        player = copy.deepcopy(DEFAULT_PLAYER)
        player["trait"] = trait(over.pop("trait", DEFAULT_TRAIT))
        player["trait_offer"] = []
        player.update(copy.deepcopy(over))
        seats.append(player)

    # Everything placed explicitly, per row/deck kind.
    placed: list[list[int]] = [[] for _ in range(4)]
    for r, entries in rows.items():
        placed[r] += entries
    for r, entries in next_cards.items():
        placed[r] += entries
    for r, entries in discards_given.items():
        placed[r] += entries
    for p in seats:
        for c in p["cards"]:
            r, e = _pile_entry(c)
            placed[r].append(e)
    for r in range(4):
        ids = [e >> 1 if r >= JOBS else e for e in placed[r]]
        assert len(ids) == len(set(ids)), f"a card of row {r} is placed twice: {placed[r]}"

    for r in range(4):
        two_faced = r >= JOBS
        taken = {e >> 1 if two_faced else e for e in placed[r]}

        def keep(entries):
            return [e for e in entries if (e >> 1 if two_faced else e) not in taken]

        deck = keep(st["decks"][r])
        pile = keep(st["discards"][r])
        old_row = keep(st["rows"][r])
        if r in rows:
            new_row = list(rows[r])
            spare = old_row   # cards the row held go to the far end of the deck
        else:
            new_row, spare = old_row, []
        nxt = list(next_cards.get(r, []))
        if two_faced:      # dealt from index 0
            deck = nxt + deck + spare
        else:              # dealt from the end
            deck = spare + deck + nxt[::-1]
        if r in discards_given:
            pile = pile + list(discards_given[r])
        st["rows"][r], st["decks"][r], st["discards"][r] = new_row, deck, pile

    if goals is None:    # game-end goals only, so that no goal is settled during a round
        goals = DEFAULT_GOALS[:3 if n == 1 else n]
    st["goals"] = [goal(g) for g in goals]
    st["goals_claimed_by"] = [0] * len(goals)
    st["players"] = seats
    st.update({"round": 1, "step": ACTION, "current": 0, "first_player": 0,
               "unavailable": 0b1100010000, "resume": ACTION})
    st.update(fields)
    return doc


def build(game, **kwargs):
    """A position loaded through game.state_from_json.

    Defaults: round 1, Action step, seat 0 to move and first, the Teen Unavailable tokens
    (Overtime, Get a Job, Start a Relationship), each seat with no resources or money, STH 0,
    LTH 0, Stress 5, 6 Hourglasses, no cards and trait Charming.

    rows: {row: [entries]} replaces a row (Job / Partner entries are card * 2 + face);
    next_cards: {row: [entries]} the next cards its deck deals, first dealt first;
    discards: {row: [entries]} added to a discard pile;
    players: {seat: {field: value}} ("trait" by name; "cards" a list of in_play dicts);
    goals: Life Goal names shown, none claimed (default: game-end "most" goals);
    other keywords set fields of the "state" object (round, step, current, first_player,
    unavailable, ...).
    """
    return game.state_from_json(json.dumps(position_doc(game, **kwargs)))


def player(state, seat: int) -> dict:
    return srec(state)["players"][seat]


def calm_policy(state):
    """Rest when it can, else the first main action (never a free action, which could be
    repeated for ever), else the first legal action (Upkeep and pay steps)."""
    legal = state.legal_actions()
    if REST in legal:
        return REST
    main = [a for a in legal if a >= SIMPLE]
    return main[0] if main else legal[0]


def play_until(state, stop, policy=calm_policy, limit=10_000):
    """Apply policy(state) until stop(state) is true or the game ends; returns the state."""
    for _ in range(limit):
        if stop(state) or state.is_terminal():
            return state
        state.apply(policy(state))
    raise AssertionError("play_until: the limit was reached")


def sampled_games(game, games, seed=0, on_decision=None, round_trip_every=30):
    """Plays `games` games with the engine's own playout sampler through the checked apply,
    calling on_decision(state) before each move; every few moves the state must survive a
    JSON round trip, and each game must end within 3,000 decisions."""
    for g in range(games):
        state = game.new_state(seed=seed + g)
        moves = 0
        while not state.is_terminal():
            if on_decision:
                on_decision(state)
            state.apply(state._sample_actions(1, (seed + g) * 7919 + moves)[0])
            moves += 1
            if moves % round_trip_every == 0:
                assert game.state_from_json(state.to_json()) == state
            assert moves < 3000


def sampled_records(game, games, seed, measure):
    """sampled_games, collecting measure(the state's JSON "state" object) at every decision."""
    seen = []
    sampled_games(game, games, seed, on_decision=lambda state: seen.append(measure(srec(state))))
    return seen


def games_with_cards(directory, text: str, expansion: str):
    """A cached game factory, get(players=2, **rules), for `expansion` with `text` as an extra
    card file written into `directory`."""
    import lifespan

    path = directory / "test_cards.toml"
    path.write_text(text)
    cache = {}

    def get(players=2, **rules):
        key = (players, tuple(sorted(rules.items())))
        if key not in cache:
            cache[key] = lifespan.load_game(GAME, players=players, expansions=[expansion], cards=[path], **rules)
        return cache[key]
    return get


def load_card_text(tmp_path, text: str, expansion: str):
    """The base cards and an expansion's, with `text` as an extra card file (mine.toml)."""
    from lifespan import pursuit_of_happiness as poh

    path = tmp_path / "mine.toml"
    path.write_text(text)
    return poh.load_cards(["base", expansion], extra_files=[path])


def play_out(state, policy=calm_policy):
    return play_until(state, lambda s: False, policy)



def end_round(state):
    """Seat to move places its last Hourglass on Rest (every other seat has none)."""
    state.apply(REST)
    return state


NO_GOALS = ["Corner Office", "Well-Earned Rest"]      # in-game goals nobody here meets


@pytest.fixture(scope="session")
def ph():
    """The helpers of this file as one namespace."""
    skip = {"pytest", "types", "json", "copy", "functools", "annotations", "Any", "ph"}
    names = {k: v for k, v in globals().items() if not k.startswith(("_", "@")) and k not in skip}
    return types.SimpleNamespace(**names, game=make_game)
