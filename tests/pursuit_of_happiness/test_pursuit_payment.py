"""Scenario tests of The Pursuit of Happiness: paying for actions (rules §4) —
STH on Project costs and the pay step.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest


FICTION = "Write Fiction"    # L1 Fan Fiction: 1 Knowledge, 2 Creativity; +1 STH

# --- 4. STH on Project costs and the pay step -----------------------------------------------------


def test_positive_sth_discounts_a_project(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": 1, "resources": [0, 5, 0]}})
    # 3 resources less 1: 2 Creativity (no Knowledge held, the discount covers it).
    state.apply(ph.start_project(0))
    p = ph.player(state, 0)
    assert p["resources"] == [0, 3, 0] and p["sth"] == 2


def test_sth_discount_as_large_as_the_cost_makes_it_free(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]}, players={0: {"sth": 3}})
    assert ph.start_project(0) in state.legal_actions()
    state.apply(ph.start_project(0))
    p = ph.player(state, 0)
    # +1 STH at the top becomes 1 LTH.
    assert (p["resources"], p["sth"], p["lth"]) == ([0, 0, 0], 3, 1)


def test_summary_example_2_sth_makes_a_2_creativity_level_free(ph):
    # The summary's example (Action phase 7.1): with 2 STH, a level that costs 2 Creativity
    # costs no resource. Town Carnival's Drummer role: 2 Creativity, +2 STH (2 + 2 = 4: the one
    # past +3 becomes 1 LTH).
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Town Carnival")]}, players={0: {"sth": 2}})
    assert state.action_to_string(ph.start_project(0, 1)) == "Start a Project: Town Carnival as Drummer"
    assert ph.start_project(0, 1) in state.legal_actions()
    state.apply(ph.start_project(0, 1))
    p = ph.player(state, 0)
    assert (p["resources"], p["sth"], p["lth"]) == ([0, 0, 0], 3, 1)


def test_negative_sth_adds_resources_to_a_project(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": -2, "resources": [1, 4, 0]}})
    # 1 Knowledge + 2 Creativity + 2 more of any kind: only Creativity is left, so no choice.
    state.apply(ph.start_project(0))
    p = ph.player(state, 0)
    assert p["resources"] == [0, 0, 0] and p["sth"] == -1
    assert ph.srec(state)["step"] == ph.ACTION and state.current_player == 1


def test_negative_sth_penalty_can_make_a_project_unaffordable(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": -2, "resources": [1, 3, 0]}})
    assert ph.start_project(0) not in state.legal_actions()   # needs 5, holds 4


def test_sth_penalty_never(ph):
    game = ph.game(sth_penalty="never")
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": -3, "resources": [1, 4, 0]}})
    state.apply(ph.start_project(0))
    assert ph.player(state, 0)["resources"] == [0, 2, 0]
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": -3, "resources": [1, 2, 0]}})
    assert ph.start_project(0) in state.legal_actions()


def test_sth_does_not_change_non_project_costs(ph):
    game = ph.game()
    # Open Mic Night (activity): 1 coin and 1 Creativity; +2 STH, +1 Influence.
    state = ph.build(game, rows={ph.ITEMS: [ph.item("Open Mic Night")]},
                     players={0: {"sth": -3, "money": 1, "resources": [0, 1, 0]}})
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
    assert (p["money"], p["resources"], p["sth"]) == (0, [0, 0, 1], -1)


def test_payment_with_a_choice_goes_through_the_pay_step(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": 1, "resources": [1, 5, 0]}})
    state.apply(ph.start_project(0))
    st = ph.srec(state)
    # 2 resources to pay, from Knowledge and Creativity: Knowledge or Creativity first.
    assert st["step"] == ph.PAY and st["resume"] == ph.ACTION and state.current_player == 0
    assert state.legal_actions() == [ph.PAY_KNOWLEDGE, ph.PAY_CREATIVITY]
    assert state.action_to_string(ph.PAY_CREATIVITY) == "Pay 1 Creativity"
    branch = state.child(ph.PAY_KNOWLEDGE)
    state.apply(ph.PAY_CREATIVITY)
    # Creativity first: units go in non-decreasing order, so the second is Creativity too
    # (the only option, paid by the engine) and the Project is started.
    p = ph.player(state, 0)
    assert p["resources"] == [1, 3, 0] and p["sth"] == 2 and p["hourglasses"] == 5
    assert ph.srec(state)["step"] == ph.ACTION and state.current_player == 1
    assert ph.srec(state)["payment"]["units"] == 0
    p = ph.player(branch, 0)
    assert p["resources"] == [0, 4, 0] and ph.srec(branch)["step"] == ph.ACTION


def test_any_resource_role_with_three_kinds_held_is_a_choice(ph):
    game = ph.game()
    # Relay Race, First Leg: 2 resources of any kind; +1 STH, +1 LTH.
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Relay Race")]},
                     players={0: {"resources": [1, 1, 1]}})
    state.apply(ph.start_project(0, 0))
    assert ph.srec(state)["step"] == ph.PAY
    # Units go in non-decreasing kind order: Influence first would leave no Influence for the
    # second unit, so it is not offered.
    assert state.legal_actions() == [ph.PAY_KNOWLEDGE, ph.PAY_CREATIVITY]
    state.apply(ph.PAY_CREATIVITY)   # then only Influence is left at or after Creativity
    p = ph.player(state, 0)
    assert p["resources"] == [1, 0, 0] and (p["sth"], p["lth"]) == (1, 1)


# --- A negative STH adds resources to advancing and joining a Project too (summary, Action 7.3;
# rule sth_penalty), not only to starting one.

def test_negative_sth_adds_resources_when_advancing_a_project(ph):
    # Write Fiction L1 -> Teen Drama: 1 Hourglass, 1 Knowledge, 3 Creativity; +1 STH, +1 LTH.
    # STH -2: 4 + 2 = 6 resources; holding K1 C5 pays everything.
    state = ph.build(ph.game(), players={0: {"sth": -2, "resources": [1, 5, 0],
                                             "cards": [ph.project_card("Write Fiction")]}})
    state.apply(ph.card_action(0))
    p = ph.player(state, 0)
    assert (p["resources"], p["sth"], p["lth"], p["hourglasses"]) == ([0, 0, 0], -1, 1, 5)
    assert p["cards"][0]["level"] == 2
    # One Creativity short of the 6: not possible.
    state = ph.build(ph.game(), players={0: {"sth": -2, "resources": [1, 4, 0],
                                             "cards": [ph.project_card("Write Fiction")]}})
    assert ph.card_action(0) not in state.legal_actions()


def test_sth_penalty_never_when_advancing_a_project(ph):
    state = ph.build(ph.game(sth_penalty="never"),
                     players={0: {"sth": -2, "resources": [1, 5, 0],
                                  "cards": [ph.project_card("Write Fiction")]}})
    state.apply(ph.card_action(0))
    p = ph.player(state, 0)
    assert (p["resources"], p["sth"], p["lth"]) == ([0, 2, 0], -1, 1)


def test_negative_sth_adds_resources_when_joining_a_group_project(ph):
    # Seat 1 joins seat 0's Paintball as Sharpshooter: K2 C1 -> +2 LTH. STH -1: 3 + 1 = 4.
    card = ph.in_play(ph.KIND_PROJECT, ph.project("Paintball"), flags=ph.ACTIVE | ph.STARTED,
                      time=1, roles=[0, -1, -1, -1])
    players = {0: {"cards": [card]}, 1: {"sth": -1, "resources": [3, 1, 0]}}
    state = ph.build(ph.game(), players=players, current=1)
    state.apply(ph.join_group(0, 0, 1))
    p1 = ph.player(state, 1)
    assert (p1["resources"], p1["lth"], p1["sth"]) == ([0, 0, 0], 2, -1)
    players[1]["resources"] = [2, 1, 0]
    state = ph.build(ph.game(), players=players, current=1)
    assert ph.join_group(0, 0, 1) not in state.legal_actions()
    # sth_penalty = never: 3 resources are enough.
    state = ph.build(ph.game(sth_penalty="never"), players=players, current=1)
    state.apply(ph.join_group(0, 0, 1))
    assert ph.player(state, 1)["resources"] == [0, 0, 0]
