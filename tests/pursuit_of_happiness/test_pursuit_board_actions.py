"""Scenario tests of The Pursuit of Happiness: the Action phase's board and free actions (rules §4) —
Study, Play, Interact, Temp Job, Rest, Work Overtime, an own Hourglass's second placement, Refresh and Discard, and the Teen Unavailable tokens.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import json

import pytest


# --- 4. Board actions -----------------------------------------------------------------------------

@pytest.mark.parametrize("action, index", [(78, 0), (79, 1), (80, 2)])
def test_study_play_interact_give_three_of_their_resource(ph, action, index):
    game = ph.game()
    state = ph.build(game, players={0: {"resources": [1, 1, 1]}})
    state.apply(action)
    p = ph.player(state, 0)
    expected = [1, 1, 1]
    expected[index] += 3
    assert p["resources"] == expected
    assert p["hourglasses"] == 5 and p["stress"] == 5
    assert p["spaces_used"] == 1 << index
    assert state.current_player == 1


@pytest.mark.parametrize("trait, action, index", [("Nerd", 78, 0), ("Creative", 79, 1),
                                                  ("Persuasive", 80, 2)])
def test_action_bonus_traits_add_one_to_their_board_action(ph, trait, action, index):
    game = ph.game()
    state = ph.build(game, players={0: {"trait": trait}})
    state.apply(action)
    expected = [0, 0, 0]
    expected[index] = 3 + 1
    assert ph.player(state, 0)["resources"] == expected
    # ... and nothing on the other two.
    for other in {78, 79, 80} - {action}:
        s2 = ph.build(game, players={0: {"trait": trait}})
        s2.apply(other)
        assert sum(ph.player(s2, 0)["resources"]) == 3


@pytest.mark.parametrize("money", [1, 3, 6])
def test_temp_job_gives_temp_job_money(ph, money):
    game = ph.game(temp_job_money=money)
    state = ph.build(game, players={0: {"money": 2}})
    state.apply(ph.TEMP_JOB)
    assert ph.player(state, 0)["money"] == 2 + money


def test_temp_job_with_diligent_gives_one_coin_more(ph):
    state = ph.build(ph.game(), players={0: {"trait": "Diligent"}})
    state.apply(ph.TEMP_JOB)
    assert ph.player(state, 0)["money"] == 3 + 1


@pytest.mark.parametrize("stress, rest_relax, after", [
    (8, 2, 6),    # two spaces toward 5
    (6, 2, 5),    # stops at the lowest space of the section (5)
    (5, 2, 5),    # already there: nothing
    (9, 4, 5),
    (14, 5, 10),
    (3, 2, 1),    # section 1: 0-4
    (9, 0, 9),
])
def test_rest_relaxes_within_a_section(ph, stress, rest_relax, after):
    game = ph.game(rest_relax=rest_relax)
    state = ph.build(game, players={0: {"stress": stress}})
    state.apply(ph.REST)
    assert ph.player(state, 0)["stress"] == after


def test_rest_with_easygoing_relaxes_once_more(ph):
    state = ph.build(ph.game(), players={0: {"stress": 9, "trait": "Easygoing"}})
    state.apply(ph.REST)
    assert ph.player(state, 0)["stress"] == 9 - 2 - 1


def test_work_overtime_is_unavailable_in_the_teen_round(ph):
    state = ph.build(ph.game())
    assert ph.OVERTIME not in state.legal_actions()
    assert ph.GET_JOB not in state.legal_actions()


def test_work_overtime_this_round_gives_hourglasses_now(ph):
    game = ph.game()   # overtime_timing = this_round, 2 Hourglasses for 2 Stress
    state = ph.build(game, round=2, unavailable=0, players={1: {"hourglasses": 0}})
    state.apply(ph.OVERTIME)
    p = ph.player(state, 0)
    # 6 - 1 placed + 2 = 7; Stress 5 + 2 = 7.
    assert (p["hourglasses"], p["hourglasses_next"], p["stress"]) == (7, 0, 7)


@pytest.mark.parametrize("hourglasses, stress", [(1, 3), (3, 0), (2, 4)])
def test_work_overtime_parameters(ph, hourglasses, stress):
    game = ph.game(overtime_hourglasses=hourglasses, overtime_stress=stress)
    state = ph.build(game, round=2, unavailable=0)
    state.apply(ph.OVERTIME)
    p = ph.player(state, 0)
    assert (p["hourglasses"], p["stress"]) == (6 - 1 + hourglasses, 5 + stress)


def test_work_overtime_next_round_gives_hourglasses_at_the_next_preparation(ph):
    game = ph.game(overtime_timing="next_round")
    state = ph.build(game, round=2, unavailable=0,
                     players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.OVERTIME)
    st = ph.srec(state)
    # The last Hourglass was placed: the round ends, round 3 begins.
    assert st["round"] == 3 and st["step"] == ph.ACTION
    p = st["players"][0]
    # Stress 5 + 2 = 7 (section 2: 6 Hourglasses) + the 2 Overtime Hourglasses.
    assert (p["stress"], p["hourglasses"], p["hourglasses_next"]) == (7, 8, 0)
    assert st["players"][1]["hourglasses"] == 6


def test_work_overtime_next_round_keeps_them_off_this_round(ph):
    game = ph.game(overtime_timing="next_round")
    state = ph.build(game, round=2, unavailable=0)
    state.apply(ph.OVERTIME)
    p = ph.player(state, 0)
    assert (p["hourglasses"], p["hourglasses_next"], p["stress"]) == (5, 2, 7)


def test_second_own_hourglass_on_the_same_board_space_adds_one_stress(ph):
    game = ph.game()
    state = ph.build(game)
    state.apply(ph.STUDY)          # seat 0: first Hourglass on Study
    state.apply(ph.STUDY)          # seat 1: only seat 0's Hourglass there: no Stress
    assert ph.player(state, 0)["stress"] == 5 and ph.player(state, 1)["stress"] == 5
    state.apply(ph.STUDY)          # seat 0: its second Hourglass on Study
    assert ph.player(state, 0)["stress"] == 6
    state.apply(ph.PLAY)           # seat 1: first on Play
    state.apply(ph.PLAY)           # seat 0: first on Play
    assert ph.player(state, 0)["stress"] == 6 and ph.player(state, 1)["stress"] == 5
    state.apply(ph.STUDY)          # seat 1: second on Study
    state.apply(ph.STUDY)          # seat 0: third on Study
    assert ph.player(state, 0)["stress"] == 7 and ph.player(state, 1)["stress"] == 6


def test_start_a_basic_project_twice_adds_one_stress(ph):
    game = ph.game()
    # Learn a Language L1: K2 I1 -> 1 LTH; Beekeeping L1: K2 C1 -> 1 LTH (no STH, no discount).
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Learn a Language"),
                                               ph.project("Beekeeping")]},
                     players={0: {"resources": [5, 5, 5]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))
    assert ph.player(state, 0)["stress"] == 5
    state.apply(ph.start_project(0))       # a second Hourglass on Start a Project
    p = ph.player(state, 0)
    assert p["stress"] == 6 and p["resources"] == [1, 4, 4] and p["lth"] == 2


def test_a_group_project_hourglass_moves_off_the_start_a_project_space(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Paintball"), ph.project("Pottery")]},
                     players={0: {"resources": [5, 5, 5]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0, 0))    # the Hourglass goes onto Team Captain
    state.apply(ph.start_project(0))       # Pottery: the space holds none of seat 0's
    assert ph.player(state, 0)["stress"] == 5


def test_start_a_group_project_on_a_space_holding_an_own_hourglass_adds_stress(ph):
    game = ph.game()
    # Learn a Language L1: K2 I1 -> 1 LTH (no STH, so no discount and no pay step after it).
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Learn a Language"),
                                               ph.project("Paintball")]},
                     players={0: {"resources": [5, 5, 5]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))       # seat 0's Hourglass stays on the space
    state.apply(ph.start_project(0, 0))    # Paintball as Team Captain: K1 I2 -> +1 STH +1 LTH
    p = ph.player(state, 0)
    assert ph.srec(state)["step"] == ph.ACTION
    assert p["resources"] == [2, 5, 2] and p["lth"] == 2
    assert p["stress"] == 6


def test_own_hourglass_marks_reset_at_the_end_of_the_round(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.STUDY)
    st = ph.srec(state)
    assert st["round"] == 2 and st["players"][0]["spaces_used"] == 0
    # STH tie at 0: seat 1, farthest clockwise from seat 0, is first in round 2.
    assert state.current_player == 1
    state.apply(ph.STUDY)
    state.apply(ph.STUDY)
    assert all(p["stress"] == 5 for p in ph.srec(state)["players"])


# --- 4. Free actions ------------------------------------------------------------------------------

def test_refresh_cards_costs_one_sth_and_deals_a_new_row(ph):
    game = ph.game()
    old = [ph.project(n) for n in ("Write Fiction", "Pottery", "Debate", "Hiking")]
    new = [ph.project(n) for n in ("Painting", "Running", "Swimming", "Mentoring", "Beekeeping")]
    state = ph.build(game, rows={ph.PROJECTS: old}, next_cards={ph.PROJECTS: new})
    deck_before = len(ph.srec(state)["decks"][ph.PROJECTS])
    legal = state.legal_actions()
    assert ph.refresh(ph.PROJECTS) in legal and ph.refresh(ph.ITEMS) in legal
    # No Job or Partner row in the Teen round: nothing to refresh there.
    assert ph.refresh(ph.JOBS) not in legal and ph.refresh(ph.PARTNERS) not in legal
    state.apply(ph.refresh(ph.PROJECTS))
    st = ph.srec(state)
    assert st["rows"][ph.PROJECTS] == new[:4]
    assert st["discards"][ph.PROJECTS] == old
    assert len(st["decks"][ph.PROJECTS]) == deck_before - 4
    p = st["players"][0]
    assert (p["sth"], p["hourglasses"], p["stress"]) == (-1, 6, 5)
    # A free action: the same seat still has its turn.
    assert state.current_player == 0 and st["step"] == ph.ACTION


def test_refresh_refills_only_the_slots_it_empties(ph):
    # The summary (Action 5.1): "refill the card slots thus emptied". Three slots emptied by
    # cards taken earlier in the round stay empty until the next Preparation.
    game = ph.game()
    new = [ph.project(n) for n in ("Painting", "Running", "Swimming", "Mentoring")]
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Pottery")]}, next_cards={ph.PROJECTS: new})
    state.apply(ph.refresh(ph.PROJECTS))
    st = ph.srec(state)
    assert st["rows"][ph.PROJECTS] == new[:1] and st["discards"][ph.PROJECTS] == [ph.project("Pottery")]


def test_refresh_the_job_row_deals_from_the_bottom(ph):
    game = ph.game()
    old = [ph.job("Receptionist"), ph.job("Florist")]
    new = [ph.job("Doctor"), ph.job("Lawyer"), ph.job("Copywriter"), ph.job("Mayor")]
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: old},
                     next_cards={ph.JOBS: new}, players={0: {"sth": 1}})
    state.apply(ph.refresh(ph.JOBS))
    st = ph.srec(state)
    assert st["rows"][ph.JOBS] == new[:2]      # the two slots it emptied
    assert st["discards"][ph.JOBS] == old
    assert st["players"][0]["sth"] == 0


def test_a_row_dealt_from_the_bottom_takes_what_the_deck_holds_then_its_reshuffled_discards(ph):
    game = ph.game()
    doc = ph.position_doc(game, round=2, unavailable=0, players={0: {"sth": 1}})
    st = doc["state"]
    jobs = st["rows"][ph.JOBS] + st["decks"][ph.JOBS] + st["discards"][ph.JOBS]
    old_row, last_two, rest = jobs[:4], jobs[4:6], jobs[6:]
    st["rows"][ph.JOBS], st["decks"][ph.JOBS], st["discards"][ph.JOBS] = old_row, last_two, rest
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.refresh(ph.JOBS))
    after = ph.srec(state)
    row = after["rows"][ph.JOBS]
    assert len(row) == 4 and row[:2] == last_two  # the deck's two cards first, in order
    # The other two come from the discards, the old row among them, shuffled into a new deck.
    assert set(row[2:]) <= set(rest + old_row)
    assert sorted(row + after["decks"][ph.JOBS] + after["discards"][ph.JOBS]) == sorted(jobs)
    assert after["discards"][ph.JOBS] == []


def test_discard_a_card_from_play_costs_one_stress_and_one_sth(ph):
    game = ph.game()
    villa, fiction = ph.item("Villa"), ph.project("Write Fiction")
    state = ph.build(game, players={0: {"sth": 1, "lth": 2, "cards": [
        ph.item_card("Villa"), ph.project_card("Write Fiction", level=2)]}})
    legal = state.legal_actions()
    assert ph.discard(0) in legal and ph.discard(1) in legal and ph.discard(2) not in legal
    state.apply(ph.discard(1))
    st = ph.srec(state)
    p = st["players"][0]
    assert (p["stress"], p["sth"], p["lth"]) == (6, 0, 2)
    assert [(c["kind"], c["id"]) for c in p["cards"]] == [(ph.KIND_ITEM, villa)]
    assert st["discards"][ph.PROJECTS] == [fiction]
    assert state.current_player == 0          # a free action
    state.apply(ph.discard(0))
    p = ph.player(state, 0)
    assert (p["stress"], p["sth"], p["cards"]) == (7, -1, [])
    assert ph.srec(state)["discards"][ph.ITEMS] == [villa]


def test_discard_a_job_and_a_partner(ph):
    game = ph.game()
    state = ph.build(game, round=2, unavailable=0, players={0: {"cards": [
        ph.job_card("Receptionist"), ph.partner_card("Nicole")]}})
    state.apply(ph.discard(1))
    state.apply(ph.discard(0))
    st = ph.srec(state)
    assert st["discards"][ph.PARTNERS] == [ph.partner("Nicole")]
    assert st["discards"][ph.JOBS] == [ph.job("Receptionist")]
    assert (st["players"][0]["stress"], st["players"][0]["sth"]) == (7, -2)


def test_discard_does_not_take_archived_cards_with_active_cards_scope(ph):
    game = ph.game()
    state = ph.build(game, round=4, unavailable=0, players={0: {"cards": [
        ph.project_card("Pottery", level=3, flags=ph.ARCHIVED | ph.COMPLETED),
        ph.job_card("University Lecturer", flags=ph.ARCHIVED | ph.RETIRED)]}})
    legal = state.legal_actions()
    assert ph.discard(0) not in legal and ph.discard(1) not in legal


def test_discard_scope_any_card_can_discard_a_retired_job(ph):
    game = ph.game(discard_scope="any_card")
    state = ph.build(game, round=4, unavailable=0, players={0: {"cards": [
        ph.job_card("University Lecturer", flags=ph.ARCHIVED | ph.RETIRED)]}})
    assert ph.discard(0) in state.legal_actions()
    state.apply(ph.discard(0))
    p = ph.player(state, 0)
    assert (p["stress"], p["sth"], p["cards"]) == (6, -1, [])


def test_discard_takes_basic_projects_only(ph):
    # Docs §4 (and the seed summary, rule 5.2): Discard takes "an active Basic Project, an
    # Item, a Partner or a Job". Single-round and Group Projects in play are not discardable.
    game = ph.game()
    state = ph.build(game, players={0: {"cards": [
        ph.project_card("Triathlon", flags=ph.ACTIVE | ph.STARTED),
        ph.in_play(ph.KIND_PROJECT, ph.project("Paintball"), flags=ph.ACTIVE | ph.STARTED,
                   time=1, roles=[0, -1, -1, -1]),
        ph.project_card("Pottery")]}})
    legal = state.legal_actions()
    assert ph.discard(0) not in legal and ph.discard(1) not in legal and ph.discard(2) in legal


# --- 4. Work Overtime: the Hourglasses of a colour ------------------------------------------------


def test_work_overtime_never_exceeds_the_nine_hourglasses_of_a_colour(ph):
    game = ph.game()
    state = ph.build(game, round=2, unavailable=0,
                     players={0: {"stress": 0, "hourglasses": 7}, 1: {"hourglasses": 0}})
    state.apply(ph.OVERTIME)
    # 6 to place + 1 placed + 2 = 9 of the colour in use: 8 to place.
    assert ph.player(state, 0)["hourglasses"] == 8
    state.apply(ph.OVERTIME)
    # 7 to place + 2 placed = 9: none left in the supply of the colour.
    p = ph.player(state, 0)
    assert p["stress"] == 0 + 2 + 2 + 1
    assert p["hourglasses"] + 2 <= 9


# --- The Teen Unavailable tokens block their actions even where the rows are dealt in round 1
# (summary, Setup 10; rule teen_job_partner_rows): the tokens, not empty rows, do the blocking.

def test_teen_unavailable_tokens_block_get_a_job_and_start_a_relationship_even_with_rows(ph):
    game = ph.game(teen_job_partner_rows=True)
    state = ph.build(game, rows={ph.JOBS: [ph.job("Computer Technician")],
                                 ph.PARTNERS: [ph.partner("Nicole")]},
                     players={0: {"resources": [9, 9, 9], "money": 9}})
    legal = state.legal_actions()
    assert ph.get_job(0) not in legal and ph.start_relationship(0) not in legal
    assert ph.OVERTIME not in legal
    # The same position in round 2 without the tokens: both are legal.
    state = ph.build(game, round=2, unavailable=0,
                     rows={ph.JOBS: [ph.job("Computer Technician")], ph.PARTNERS: [ph.partner("Nicole")]},
                     players={0: {"resources": [9, 9, 9], "money": 9}})
    legal = state.legal_actions()
    assert ph.get_job(0) in legal and ph.start_relationship(0) in legal


# --- Free actions may be repeated within a turn (summary, Action 4), each at its cost (5.1).

def test_refresh_cards_twice_in_one_turn_costs_two_sth(ph):
    state = ph.build(ph.game(), players={0: {"sth": 1, "lth": 4}})
    state.apply(ph.refresh(ph.PROJECTS))
    state.apply(ph.refresh(ph.ITEMS))
    state.apply(ph.refresh(ph.PROJECTS))
    p = ph.player(state, 0)
    assert (p["sth"], p["lth"], p["stress"]) == (-2, 4, 5)
    assert state.current_player == 0 and ph.srec(state)["step"] == ph.ACTION
