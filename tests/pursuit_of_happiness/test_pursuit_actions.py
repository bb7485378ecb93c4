"""The Pursuit of Happiness: an action as a value (docs/pursuit_of_happiness_engine.md §5).

decode_action turns an id into its kind and operands, encode_action turns them back; the ids
are a saved format, so each kind's first id is pinned here, as the layout has always had it.
"""

from __future__ import annotations

import random

import pytest

import lifespan

# Each kind's first id: saved payments and agents hold these numbers.
FIRST_IDS = {
    "KEEP_TRAIT": 0, "PAY_UPKEEP": 2, "GIVE_UP": 26, "REFRESH": 50, "DISCARD": 54, "SIMPLE_BOARD": 78,
    "START_PROJECT": 84, "JOIN_GROUP": 108, "SPEND": 492, "GET_JOB": 498, "PROMOTE_FROM_ROW": 504,
    "PROMOTE_FLIP": 510, "START_RELATIONSHIP": 511, "CARD_ACTION": 517, "PAY_UNIT": 541, "PASS": 544,
    "UPKEEP_WORKING_HARDER": 557, "EVENT_TASK": 559, "PLAN_EXPERIENCE": 560, "DREAM": 565,
    "FROM_DREAM": 652, "EXTEND_EXPERIENCE": 664, "DEVELOP_WITH_KID": 688, "RAISE_FAMILY": 712,
    "PLACE_NOSTALGIA": 736, "DISCARD_NOSTALGIA": 744, "ACTIVE_TRIGGER": 746, "FREE_ABILITY": 748,
    "REALIZE": 772, "DETERMINE_OUTCOME": 774, "SMART_GOALS": 822, "FORGO_DISCOUNT": 846,
    "SCHOOL_COURSE": 847, "MAKE_FRIEND": 850, "COMMUNITY_PLACE": 854, "ACHIEVEMENT": 859,
    "NO_ACHIEVEMENT": 862, "KEEP_KID": 1081, "DISCARD_KID": 1082, "CHOOSE_TRIGGER": 1083,
}


@pytest.fixture(scope="module")
def game():
    return lifespan.load_game("pursuit_of_happiness", players=4)


def test_every_id_decodes_and_encodes_back(game):
    kinds_seen = set()
    for action in range(game.num_distinct_actions):
        a = game.decode_action(action)
        kinds_seen.add(a.kind)
        assert isinstance(a.kind, game.ActionKind) and isinstance(a.hourglass, bool)
        again = game.encode_action(a.kind, seat=a.seat, row=a.row, slot=a.slot, variant=a.variant, hourglass=a.hourglass)
        assert again == action, (action, a)
    assert kinds_seen == set(game.ActionKind)


def test_each_kind_keeps_its_first_id(game):
    assert {kind.name: game.encode_action(kind) for kind in game.ActionKind
            if kind.name != "UPKEEP_WORKING_HARDER"} == {k: v for k, v in FIRST_IDS.items() if k != "UPKEEP_WORKING_HARDER"}
    assert game.encode_action(game.ActionKind.UPKEEP_WORKING_HARDER, variant=1) == FIRST_IDS["UPKEEP_WORKING_HARDER"]
    assert game.num_distinct_actions == 1085


def test_the_later_ranges_of_a_kind(game):
    K = game.ActionKind
    # Added after the base game's ids, each behind the ids it extends.
    assert game.encode_action(K.GET_JOB, slot=0, variant=1) == 545      # working harder
    assert game.encode_action(K.JOIN_GROUP, seat=4) == 863              # the 5th seat's Group Projects
    assert game.encode_action(K.SPEND, variant=1) == 959                # an Item above level 1
    assert game.encode_action(K.PLAN_EXPERIENCE, hourglass=True) == 977
    assert game.encode_action(K.DREAM, hourglass=True) == 982
    assert game.encode_action(K.FROM_DREAM, slot=2, variant=3, hourglass=True) == 1080
    a = game.decode_action(565 + (4 * 6 + 2) * 3 + 1)                  # Dream from the Experiences board
    assert (a.kind, a.row, a.slot, a.variant, a.hourglass) == (K.DREAM, 4, 2, 1, False)


def test_the_operands_name_what_the_text_names(game):
    state = game.new_state(3)
    rng = random.Random(3)
    K = game.ActionKind
    while not state.is_terminal():
        for action in state.legal_actions():
            a = state.decode_action(action)
            text = state.action_to_string(action)
            if a.kind == K.REFRESH:
                assert text.startswith("Refresh the ")
            elif a.kind == K.START_PROJECT:
                assert text.startswith("Start a Project: ")
            elif a.kind == K.PASS:
                assert text == "Pass"
        chosen = rng.choice(state.legal_actions())
        # A name decodes as its id does (reading a name lists the legal actions: once a move).
        assert state.decode_action(state.action_to_string(chosen)) == state.decode_action(chosen)
        state.apply(chosen)


def test_bad_operands_are_refused(game):
    K = game.ActionKind
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.PASS, slot=1)          # an operand Pass does not have
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.START_PROJECT, slot=6)  # a row holds 6 cards
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.DREAM, row=4, slot=5)   # the Experiences board has 5 slots
    with pytest.raises(lifespan.IllegalActionError, match="out of range"):
        game.encode_action(K.DISCARD, slot=1000)
    with pytest.raises(TypeError):
        game.encode_action(5)                        # an int is not a kind
    with pytest.raises(TypeError):
        game.encode_action(K.DISCARD, slot=True)
    with pytest.raises(TypeError):
        game.encode_action(K.DISCARD, slot="1")
    with pytest.raises(lifespan.IllegalActionError, match="out of range"):
        game.decode_action(1085)
    with pytest.raises(lifespan.IllegalActionError, match="out of range"):
        game.decode_action(-1)
    with pytest.raises(TypeError):
        game.decode_action("Pass")                   # names are read on a state
    with pytest.raises(TypeError):
        game.decode_action(1.0)


def test_time_of_your_life_has_its_own_layout_not_pursuits():
    toyl = lifespan.load_game("time_of_your_life", players=2)
    assert toyl.ActionKind is not lifespan._core.PursuitActionKind
    assert not isinstance(toyl.decode_action(0), lifespan._core.PursuitAction)
