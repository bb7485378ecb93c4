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

# Action ids (docs/pursuit_of_happiness_engine.md §5 as laid out by constants.hpp: a player
# holds at most 24 cards, a row at most 6, a Group Project at most 4 roles, 4 seats).
MAX_IN_PLAY, MAX_ROW, MAX_ROLES, MAX_PLAYERS = 24, 6, 4, 4
KEEP_TRAIT = 0
PAY_UPKEEP = KEEP_TRAIT + 2
GIVE_UP = PAY_UPKEEP + MAX_IN_PLAY
REFRESH = GIVE_UP + MAX_IN_PLAY
DISCARD = REFRESH + 4
SIMPLE = DISCARD + MAX_IN_PLAY
STUDY, PLAY, INTERACT, TEMP_JOB, OVERTIME, REST = range(SIMPLE, SIMPLE + 6)
START_PROJECT = SIMPLE + 6
JOIN_GROUP = START_PROJECT + MAX_ROW * MAX_ROLES
SPEND = JOIN_GROUP + MAX_PLAYERS * MAX_IN_PLAY * MAX_ROLES
GET_JOB = SPEND + MAX_ROW
PROMOTE_ROW = GET_JOB + MAX_ROW
PROMOTE_FLIP = PROMOTE_ROW + MAX_ROW
START_RELATIONSHIP = PROMOTE_FLIP + 1
CARD_ACTION = START_RELATIONSHIP + MAX_ROW
PAY_UNIT = CARD_ACTION + MAX_IN_PLAY
PAY_KNOWLEDGE, PAY_CREATIVITY, PAY_INFLUENCE = range(PAY_UNIT, PAY_UNIT + 3)
PASS = PAY_UNIT + 3
GET_JOB_WORKING_HARDER = PASS + 1                            # + row slot * 2 + times - 1
UPKEEP_WORKING_HARDER = GET_JOB_WORKING_HARDER + MAX_ROW * 2  # + times - 1
EVENT_TASK = UPKEEP_WORKING_HARDER + 2                       # pay the revealed Event's task
PLAN_EXPERIENCE = EVENT_TASK + 1                             # + Experiences board slot
DREAM = PLAN_EXPERIENCE + 5                 # + source * 3 + dream slot (source: row * 6 + k, 24 + board slot)
FROM_DREAM = DREAM + 29 * 3                                  # + dream slot * 4 + variant
EXTEND_EXPERIENCE = FROM_DREAM + 3 * 4                       # + own slot
DEVELOP_WITH_KID = EXTEND_EXPERIENCE + MAX_IN_PLAY           # + own slot (Kids)
RAISE_FAMILY = DEVELOP_WITH_KID + MAX_IN_PLAY                # + own slot (Kids)
PLACE_NOSTALGIA = RAISE_FAMILY + MAX_IN_PLAY               # + hand index (Nostalgia)
DISCARD_NOSTALGIA = PLACE_NOSTALGIA + 8                      # + Nostalgia board slot
ACTIVE_TRIGGER = DISCARD_NOSTALGIA + 2                       # + Nostalgia board slot
FREE_ABILITY = ACTIVE_TRIGGER + 2                            # + own slot
REALIZE = FREE_ABILITY + MAX_IN_PLAY                         # + Nostalgia board slot
DETERMINE_OUTCOME = REALIZE + 2                              # + own slot * 2 + outcome
SMART_GOALS = DETERMINE_OUTCOME + MAX_IN_PLAY * 2            # + own slot
FORGO_DISCOUNT = SMART_GOALS + MAX_IN_PLAY                  # pay step: one more resource, less discount
SCHOOL_COURSE = FORGO_DISCOUNT + 1                          # + Job category (School)
MAKE_FRIEND = SCHOOL_COURSE + 3                             # + Best Friends board slot
COMMUNITY_PLACE = MAKE_FRIEND + 4                           # + Community board slot
ACHIEVEMENT = COMMUNITY_PLACE + 5                            # + achievement (Community resolution)
NO_ACHIEVEMENT = ACHIEVEMENT + 3
JOIN_FIFTH_SEAT = NO_ACHIEVEMENT + 1                         # + slot * 4 + role: seat 4's Group Projects
SPEND_AT_LEVEL = JOIN_FIFTH_SEAT + MAX_IN_PLAY * MAX_ROLES  # + row slot * 3 + level - 2
WITH_HOURGLASS = SPEND_AT_LEVEL + 6 * 3                      # + (the Cloud's id - PLAN_EXPERIENCE)
KEEP_KID = WITH_HOURGLASS + (EXTEND_EXPERIENCE - PLAN_EXPERIENCE)  # Kids step: the Kid first in line
DISCARD_KID = KEEP_KID + 1
CHOOSE_TRIGGER = DISCARD_KID + 1                             # + Nostalgia board slot (trigger step)
NUM_ACTIONS = CHOOSE_TRIGGER + 2

assert (PAY_UPKEEP, GIVE_UP, REFRESH, DISCARD, SIMPLE, START_PROJECT, JOIN_GROUP, SPEND, GET_JOB,
        PROMOTE_ROW, PROMOTE_FLIP, START_RELATIONSHIP, CARD_ACTION, PAY_UNIT, PASS) == \
       (2, 26, 50, 54, 78, 84, 108, 492, 498, 504, 510, 511, 517, 541, 544)


def start_project(row_slot: int, role: int = 0) -> int:
    return START_PROJECT + MAX_ROLES * row_slot + role


def join_group(owner: int, slot: int, role: int) -> int:
    if owner == 4:
        return JOIN_FIFTH_SEAT + slot * MAX_ROLES + role
    return JOIN_GROUP + (owner * MAX_IN_PLAY + slot) * MAX_ROLES + role


def with_hourglass(action: int) -> int:
    """The Experiences-board action `action` (Plan Experience, Dream, from the Dream board)
    with an Hourglass while the Cloud is unused."""
    assert PLAN_EXPERIENCE <= action < EXTEND_EXPERIENCE
    return WITH_HOURGLASS + action - PLAN_EXPERIENCE


def refresh(row: int) -> int:
    return REFRESH + row


def discard(slot: int) -> int:
    return DISCARD + slot


def pay_upkeep(slot: int) -> int:
    return PAY_UPKEEP + slot


def give_up(slot: int) -> int:
    return GIVE_UP + slot


def spend(row_slot: int) -> int:
    return SPEND + row_slot


def spend_at_level(row_slot: int, level: int) -> int:
    """Spend on the Item in `row_slot`, bought at `level` (2 or more)."""
    return SPEND_AT_LEVEL + row_slot * 3 + level - 2


def get_job(row_slot: int) -> int:
    return GET_JOB + row_slot


def get_job_working_harder(row_slot: int, times: int) -> int:
    return GET_JOB_WORKING_HARDER + row_slot * 2 + times - 1


def upkeep_working_harder(times: int) -> int:
    return UPKEEP_WORKING_HARDER + times - 1


def plan_experience(board_slot: int) -> int:
    return PLAN_EXPERIENCE + board_slot


def dream(row: int, k: int, dream_slot: int) -> int:
    """Dream a card: row 0-3 and its slot k, or row 4 for the Experiences board."""
    return DREAM + (row * MAX_ROW + k) * 3 + dream_slot


def from_dream(dream_slot: int, variant: int = 0) -> int:
    return FROM_DREAM + dream_slot * 4 + variant


def extend_experience(slot: int) -> int:
    return EXTEND_EXPERIENCE + slot


def promote_row(row_slot: int) -> int:
    return PROMOTE_ROW + row_slot


def start_relationship(row_slot: int) -> int:
    return START_RELATIONSHIP + row_slot


def card_action(slot: int) -> int:
    return CARD_ACTION + slot


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


@pytest.fixture(scope="session")
def ph():
    """The helpers of this file as one namespace."""
    skip = {"pytest", "types", "json", "copy", "functools", "annotations", "Any", "ph"}
    names = {k: v for k, v in globals().items() if not k.startswith(("_", "@")) and k not in skip}
    return types.SimpleNamespace(**names, game=make_game)
