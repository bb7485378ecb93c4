"""Scenario tests of The Pursuit of Happiness: the action ids —
the id layout, Pass when nothing else is possible, and an illegal action rejected.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest

import lifespan


FICTION = "Write Fiction"    # L1 Fan Fiction: 1 Knowledge, 2 Creativity; +1 STH

# --- the action ids -------------------------------------------------------------------------------

def test_action_id_layout(ph):
    game = ph.game()
    # 977 before the Cloud, Kid and Passive Trigger choices (saved-state version 2) came after them.
    assert game.num_distinct_actions == ph.NUM_ACTIONS == 1085
    assert (ph.WITH_HOURGLASS, ph.KEEP_KID, ph.DISCARD_KID, ph.CHOOSE_TRIGGER) == (977, 1081, 1082, 1083)
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]})
    names = {a: state.action_to_string(a) for a in (50, 51, 78, 79, 80, 81, 82, 83, 84, 544)}
    assert names == {50: "Refresh the Project row", 51: "Refresh the Item-Activity row",
                     78: "Study", 79: "Play", 80: "Interact", 81: "Temp Job",
                     82: "Work Overtime", 83: "Rest", 84: "Start a Project: Write Fiction",
                     544: "Pass"}
    for a in (541, 542, 543):
        kind = ("Knowledge", "Creativity", "Influence")[a - 541]
        assert state.action_to_string(a) == "Pay 1 " + kind


def test_pass_when_no_main_action_is_possible(ph):
    game = ph.game()
    # Study, Play, ... are always open in play; an Unavailable mask over every space (a
    # position built for the test) and empty rows leave nothing to place an Hourglass on.
    state = ph.build(game, round=2, unavailable=(1 << 10) - 1,
                     rows={ph.PROJECTS: [], ph.ITEMS: []},
                     players={0: {"hourglasses": 3}})
    assert state.legal_actions() == [ph.PASS]
    state.apply(ph.PASS)
    assert ph.player(state, 0)["hourglasses"] == 0 and state.current_player == 1


def test_illegal_action_raises_and_leaves_the_state_unchanged(ph):
    game = ph.game()
    state = ph.build(game)
    before = state.to_json()
    for bad in (ph.OVERTIME, ph.PASS, ph.PAY_KNOWLEDGE, ph.card_action(0), ph.join_group(1, 0, 0)):
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(bad)
        assert state.to_json() == before
