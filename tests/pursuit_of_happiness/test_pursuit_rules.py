"""Scenario tests of The Pursuit of Happiness, one per rule of docs/pursuit_of_happiness.md.

Positions are built from JSON (conftest.py, the `ph` fixture); every expected number is worked
out by hand from the rules and the card facts in load_cards(), and written in the comments.
Defaults of the builder: round 1 (Teen), Action step, seat 0 to move and first, each seat with
no resources or money, STH 0, LTH 0, Stress 5, 6 Hourglasses, no cards, trait Charming (a
Partner discount) and the game-end Life Goals Well Read, Daydreamer, ...
"""


import json

import pytest

import lifespan


def rec(ph, state, seat):
    return ph.player(state, seat)


# --- 3. Setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_six_hourglasses_stress_start_sth_lth_and_unavailable_tokens(ph, players):
    game = ph.game(players=players, seed=7)
    st = ph.srec(game.new_state())
    assert st["round"] == 1 and st["step"] == ph.CHOOSE_TRAIT
    assert st["current"] == st["first_player"] == 0
    # Stress: the lowest space of section 2 of 5 spaces = (2 - 1) * 5.
    for p in st["players"]:
        assert (p["hourglasses"], p["stress"], p["sth"], p["lth"]) == (6, 5, 0, 0)
        assert p["alive"] and p["cards"] == [] and p["trait"] == -1
        assert len(p["trait_offer"]) == 2 and p["trait_offer"][0] != p["trait_offer"][1]
    # Unavailable tokens on Work Overtime (4), Get a Job (8) and Start a Relationship (9).
    assert st["unavailable"] == (1 << 4) | (1 << 8) | (1 << 9)


def test_setup_stress_start_follows_the_start_section_and_section_size(ph):
    game = ph.game(stress_start_section=3, stress_section_spaces=4)
    st = ph.srec(game.new_state())
    # (3 - 1) * 4 = 8; the 6 Hourglasses of setup are fixed.
    assert [p["stress"] for p in st["players"]] == [8, 8]
    assert [p["hourglasses"] for p in st["players"]] == [6, 6]


def test_setup_rows_of_four_projects_and_items_and_no_job_or_partner_row_in_the_teen_round(ph):
    st = ph.srec(ph.game(players=2, seed=3).new_state())
    assert [len(r) for r in st["rows"]] == [4, 4, 0, 0]
    # 60 Projects, 60 Items-Activities, 18 Jobs, 12 Partners in all.
    assert [len(d) for d in st["decks"]] == [56, 56, 18, 12]
    assert all(d == [] for d in st["discards"])


def test_setup_teen_job_partner_rows_deals_the_job_and_partner_rows(ph):
    st = ph.srec(ph.game(players=2, seed=3, teen_job_partner_rows=True).new_state())
    assert [len(r) for r in st["rows"]] == [4, 4, 4, 4]
    assert [len(d) for d in st["decks"]] == [56, 56, 14, 8]


def test_setup_job_and_partner_rows_are_dealt_from_the_bottom_of_their_decks(ph):
    game = ph.game(players=2, seed=11, teen_job_partner_rows=True)
    # The same seed without the Teen rows leaves the full decks: the rows are their first 4.
    full = ph.srec(ph.game(players=2, seed=11).new_state())
    st = ph.srec(game.new_state())
    for row in (ph.JOBS, ph.PARTNERS):
        assert st["rows"][row] == full["decks"][row][:4]
        assert st["decks"][row] == full["decks"][row][4:]
    # Projects and Items come from the top (the end of the list).
    assert st["rows"][ph.PROJECTS] == full["rows"][ph.PROJECTS]


def test_setup_row_size_parameter(ph):
    st = ph.srec(ph.game(players=2, row_size=6).new_state())
    assert [len(r) for r in st["rows"]] == [6, 6, 0, 0]


@pytest.mark.parametrize("players, shown", [(1, 3), (2, 2), (3, 3), (4, 4)])
def test_setup_one_life_goal_per_player_three_in_solo(ph, players, shown):
    st = ph.srec(ph.game(players=players, seed=5).new_state())
    assert len(st["goals"]) == shown and len(set(st["goals"])) == shown
    assert st["goals_claimed_by"] == [0] * shown
    assert all(0 <= g < len(ph.GOAL_CARDS) for g in st["goals"])


@pytest.mark.parametrize("keep", [0, 1])
def test_setup_trait_choice_keeps_one_and_gains_its_start(ph, keep):
    game = ph.game(players=3, seed=21)
    state = game.new_state()
    offers = [p["trait_offer"] for p in ph.srec(state)["players"]]
    for seat in range(3):
        assert state.current_player == seat
        assert state.legal_actions() == [0, 1]
        state.apply(keep)
    st = ph.srec(state)
    for seat, p in enumerate(st["players"]):
        kept = offers[seat][keep]
        assert p["trait"] == kept and p["trait_offer"] == []
        start, ability = ph.TRAIT_CARDS[kept]["start"], ph.TRAIT_CARDS[kept]["ability"]
        income = ability["reward"] if ability["kind"] == "round_income" else {}
        gained = {k: start.get(k, 0) + income.get(k, 0) for k in ("knowledge", "creativity", "influence", "money")}
        assert p["resources"] == [gained["knowledge"], gained["creativity"], gained["influence"]]
        assert p["money"] == gained["money"]
    # No cards, so no Upkeep: the Action phase starts with the first player.
    assert st["step"] == ph.ACTION and st["current"] == 0 and st["round"] == 1


def test_setup_first_player_random_starts_the_trait_choice_there(ph):
    seen = set()
    for seed in range(40):
        st = ph.srec(ph.game(players=4, seed=seed, first_player="random").new_state())
        assert st["current"] == st["first_player"]
        seen.add(st["first_player"])
    assert seen == {0, 1, 2, 3}


# --- 4. Board actions -----------------------------------------------------------------------------

@pytest.mark.parametrize("action, index", [(78, 0), (79, 1), (80, 2)])
def test_study_play_interact_give_three_of_their_resource(ph, action, index):
    game = ph.game()
    state = ph.build(game, players={0: {"resources": [1, 1, 1]}})
    state.apply(action)
    p = rec(ph, state, 0)
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
    assert rec(ph, state, 0)["resources"] == expected
    # ... and nothing on the other two.
    for other in {78, 79, 80} - {action}:
        s2 = ph.build(game, players={0: {"trait": trait}})
        s2.apply(other)
        assert sum(rec(ph, s2, 0)["resources"]) == 3


@pytest.mark.parametrize("money", [1, 3, 6])
def test_temp_job_gives_temp_job_money(ph, money):
    game = ph.game(temp_job_money=money)
    state = ph.build(game, players={0: {"money": 2}})
    state.apply(ph.TEMP_JOB)
    assert rec(ph, state, 0)["money"] == 2 + money


def test_temp_job_with_diligent_gives_one_coin_more(ph):
    state = ph.build(ph.game(), players={0: {"trait": "Diligent"}})
    state.apply(ph.TEMP_JOB)
    assert rec(ph, state, 0)["money"] == 3 + 1


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
    assert rec(ph, state, 0)["stress"] == after


def test_rest_with_easygoing_relaxes_once_more(ph):
    state = ph.build(ph.game(), players={0: {"stress": 9, "trait": "Easygoing"}})
    state.apply(ph.REST)
    assert rec(ph, state, 0)["stress"] == 9 - 2 - 1


def test_work_overtime_is_unavailable_in_the_teen_round(ph):
    state = ph.build(ph.game())
    assert ph.OVERTIME not in state.legal_actions()
    assert ph.GET_JOB not in state.legal_actions()


def test_work_overtime_this_round_gives_hourglasses_now(ph):
    game = ph.game()   # overtime_timing = this_round, 2 Hourglasses for 2 Stress
    state = ph.build(game, round=2, unavailable=0, players={1: {"hourglasses": 0}})
    state.apply(ph.OVERTIME)
    p = rec(ph, state, 0)
    # 6 - 1 placed + 2 = 7; Stress 5 + 2 = 7.
    assert (p["hourglasses"], p["hourglasses_next"], p["stress"]) == (7, 0, 7)


@pytest.mark.parametrize("hourglasses, stress", [(1, 3), (3, 0), (2, 4)])
def test_work_overtime_parameters(ph, hourglasses, stress):
    game = ph.game(overtime_hourglasses=hourglasses, overtime_stress=stress)
    state = ph.build(game, round=2, unavailable=0)
    state.apply(ph.OVERTIME)
    p = rec(ph, state, 0)
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
    p = rec(ph, state, 0)
    assert (p["hourglasses"], p["hourglasses_next"], p["stress"]) == (5, 2, 7)


def test_second_own_hourglass_on_the_same_board_space_adds_one_stress(ph):
    game = ph.game()
    state = ph.build(game)
    state.apply(ph.STUDY)          # seat 0: first Hourglass on Study
    state.apply(ph.STUDY)          # seat 1: only seat 0's Hourglass there: no Stress
    assert rec(ph, state, 0)["stress"] == 5 and rec(ph, state, 1)["stress"] == 5
    state.apply(ph.STUDY)          # seat 0: its second Hourglass on Study
    assert rec(ph, state, 0)["stress"] == 6
    state.apply(ph.PLAY)           # seat 1: first on Play
    state.apply(ph.PLAY)           # seat 0: first on Play
    assert rec(ph, state, 0)["stress"] == 6 and rec(ph, state, 1)["stress"] == 5
    state.apply(ph.STUDY)          # seat 1: second on Study
    state.apply(ph.STUDY)          # seat 0: third on Study
    assert rec(ph, state, 0)["stress"] == 7 and rec(ph, state, 1)["stress"] == 6


def test_start_a_basic_project_twice_adds_one_stress(ph):
    game = ph.game()
    # Learn a Language L1: K2 I1 -> 1 LTH; Beekeeping L1: K2 C1 -> 1 LTH (no STH, no discount).
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Learn a Language"),
                                               ph.project("Beekeeping")]},
                     players={0: {"resources": [5, 5, 5]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))
    assert rec(ph, state, 0)["stress"] == 5
    state.apply(ph.start_project(0))       # a second Hourglass on Start a Project
    p = rec(ph, state, 0)
    assert p["stress"] == 6 and p["resources"] == [1, 4, 4] and p["lth"] == 2


def test_a_group_project_hourglass_moves_off_the_start_a_project_space(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Paintball"), ph.project("Pottery")]},
                     players={0: {"resources": [5, 5, 5]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0, 0))    # the Hourglass goes onto Team Captain
    state.apply(ph.start_project(0))       # Pottery: the space holds none of seat 0's
    assert rec(ph, state, 0)["stress"] == 5


def test_start_a_group_project_on_a_space_holding_an_own_hourglass_adds_stress(ph):
    game = ph.game()
    # Learn a Language L1: K2 I1 -> 1 LTH (no STH, so no discount and no pay step after it).
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Learn a Language"),
                                               ph.project("Paintball")]},
                     players={0: {"resources": [5, 5, 5]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))       # seat 0's Hourglass stays on the space
    state.apply(ph.start_project(0, 0))    # Paintball as Team Captain: K1 I2 -> +1 STH +1 LTH
    p = rec(ph, state, 0)
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


# --- 2. STH overflow ------------------------------------------------------------------------------

THEME_PARK = "theme_park"     # Theme Park Day (activity): 3 coins, +3 STH


def test_sth_gain_past_the_top_becomes_lth_excess(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 2, "lth": 4, "money": 5}})
    state.apply(ph.spend(0))
    p = rec(ph, state, 0)
    # 2 + 3 = 5: STH 3, the excess 2 becomes LTH.
    assert (p["sth"], p["lth"], p["money"]) == (3, 6, 2)
    assert ph.item(THEME_PARK) in ph.srec(state)["discards"][ph.ITEMS]   # an activity is used once


def test_sth_gain_past_the_top_at_max_only_converts_nothing_from_below_the_top(ph):
    game = ph.game(sth_overflow="at_max_only")
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 2, "lth": 4, "money": 5}})
    state.apply(ph.spend(0))
    p = rec(ph, state, 0)
    assert (p["sth"], p["lth"]) == (3, 4)


@pytest.mark.parametrize("overflow", ["excess", "at_max_only"])
def test_sth_gain_while_at_the_top_becomes_lth(ph, overflow):
    game = ph.game(sth_overflow=overflow)
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 3, "lth": 4, "money": 5}})
    state.apply(ph.spend(0))
    p = rec(ph, state, 0)
    assert (p["sth"], p["lth"]) == (3, 7)


def test_sth_max_parameter_moves_the_top(ph):
    game = ph.game(sth_max=5)
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 4, "money": 3}})
    state.apply(ph.spend(0))
    p = rec(ph, state, 0)
    assert (p["sth"], p["lth"]) == (5, 2)


@pytest.mark.parametrize("sth, lth_after, sth_after", [(-3, 3, -3), (-2, 4, -3), (0, 4, -1)])
def test_sth_loss_below_the_bottom_comes_off_lth(ph, sth, lth_after, sth_after):
    game = ph.game()
    state = ph.build(game, players={0: {"sth": sth, "lth": 4}})
    state.apply(ph.refresh(ph.PROJECTS))
    p = rec(ph, state, 0)
    assert (p["sth"], p["lth"]) == (sth_after, lth_after)


def test_lth_goes_below_zero_rather_than_make_a_loss_free(ph):
    state = ph.build(ph.game(), players={0: {"sth": -3, "lth": 0}})
    state.apply(ph.refresh(ph.PROJECTS))
    assert (rec(ph, state, 0)["sth"], rec(ph, state, 0)["lth"], state.scores()[0]) == (-3, -1, -1)


def test_sth_min_parameter_moves_the_bottom(ph):
    game = ph.game(sth_min=-5)
    state = ph.build(game, players={0: {"sth": -5, "lth": 2}})
    state.apply(ph.refresh(ph.ITEMS))
    assert (rec(ph, state, 0)["sth"], rec(ph, state, 0)["lth"]) == (-5, 1)
    state = ph.build(game, players={0: {"sth": -3, "lth": 2}})
    state.apply(ph.refresh(ph.ITEMS))
    assert (rec(ph, state, 0)["sth"], rec(ph, state, 0)["lth"]) == (-4, 2)


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
    p = rec(ph, state, 0)
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
    p = rec(ph, state, 0)
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


# --- 4. Active slots and Jobs ---------------------------------------------------------------------

def test_taking_a_fourth_active_card_costs_one_stress(ph):
    game = ph.game()
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery", "Debate")]
    cards.append(ph.item_card("Villa"))        # Items take no Active slot
    # Birdwatching L1: 1 Knowledge, 1 Creativity, +1 STH.
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Birdwatching")]},
                     players={0: {"resources": [1, 1, 0], "cards": cards}})
    state.apply(ph.start_project(0))
    p = rec(ph, state, 0)
    assert p["stress"] == 6
    assert p["resources"] == [0, 0, 0] and p["sth"] == 1
    assert sum(1 for c in p["cards"] if c["flags"] & ph.ACTIVE) == 4


def test_taking_a_third_active_card_costs_no_stress(ph):
    game = ph.game()
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery")] + [ph.item_card("Villa")]
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Birdwatching")]},
                     players={0: {"resources": [1, 1, 0], "cards": cards}})
    state.apply(ph.start_project(0))
    assert rec(ph, state, 0)["stress"] == 5


def test_get_a_job_meets_the_requirement_pays_the_cost_and_gains_the_reward(ph):
    game = ph.game()
    # Computer Technician: needs 3 Knowledge, costs 1 Creativity, gives 3 coins.
    tech = ph.job("Computer Technician")
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [tech]},
                     players={0: {"resources": [3, 1, 0], "money": 1}})
    state.apply(ph.get_job(0))
    p = rec(ph, state, 0)
    assert p["resources"] == [3, 0, 0] and p["money"] == 4
    assert [(c["kind"], c["id"], c["face"], c["level"], c["flags"]) for c in p["cards"]] == \
           [(ph.KIND_JOB, tech >> 1, tech & 1, 1, ph.ACTIVE)]
    # 2 Knowledge is below the requirement.
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [tech]},
                     players={0: {"resources": [2, 1, 0]}})
    assert ph.get_job(0) not in state.legal_actions()


@pytest.mark.parametrize("sth", [-3, -1, 0, 2])
def test_a_requirement_without_sth_is_met_at_any_sth(ph, sth):
    # A requirement asks for at least its STH, 0 when it names none: a negative STH meets it.
    tech = ph.job("Computer Technician")
    state = ph.build(ph.game(), round=2, unavailable=0, rows={ph.JOBS: [tech]},
                     players={0: {"resources": [3, 1, 0], "sth": sth}})
    assert ph.get_job(0) in state.legal_actions()
    state.apply(ph.get_job(0))
    assert rec(ph, state, 0)["money"] == 3


def test_get_a_job_with_the_job_discount_trait(ph):
    game = ph.game()
    # Ambitious: "Jobs cost you 1 resource or coin less". Computer Technician costs 1 Creativity.
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [ph.job("Computer Technician")]},
                     players={0: {"trait": "Ambitious", "resources": [3, 0, 0]}})
    assert ph.get_job(0) in state.legal_actions()
    state.apply(ph.get_job(0))
    p = rec(ph, state, 0)
    assert (p["resources"], p["money"]) == ([3, 0, 0], 3)


def test_one_job_at_a_time_taking_a_second_discards_the_first_without_penalty(ph):
    game = ph.game()
    lab = ph.job("Lab Assistant")
    worker = ph.job("Adequate Worker")   # needs 2 Creativity, costs nothing, gives 2 coins
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [ph.job("Receptionist"), worker]},
                     players={0: {"resources": [0, 2, 0], "sth": 1,
                                  "cards": [ph.project_card("Pottery"),
                                            ph.job_card("Lab Assistant"),
                                            ph.partner_card("Nicole")]}})
    state.apply(ph.get_job(1))
    st = ph.srec(state)
    p = st["players"][0]
    jobs = [c for c in p["cards"] if c["kind"] == ph.KIND_JOB]
    assert [(c["id"], c["face"]) for c in jobs] == [(worker >> 1, worker & 1)]
    assert st["discards"][ph.JOBS] == [lab]
    # No penalty, and the freed slot means no 4th-card Stress either.
    assert (p["stress"], p["sth"], p["money"]) == (5, 1, 2)
    assert st["rows"][ph.JOBS] == [ph.job("Receptionist")]


def test_one_job_at_a_time_includes_a_retired_job(ph):
    game = ph.game()
    worker = ph.job("Adequate Worker")
    state = ph.build(game, round=7, unavailable=1 << 4, rows={ph.JOBS: [worker]},
                     players={0: {"resources": [0, 2, 0], "cards": [
                         ph.job_card("University Lecturer", flags=ph.ARCHIVED | ph.RETIRED)]}})
    state.apply(ph.get_job(0))
    st = ph.srec(state)
    jobs = [c for c in st["players"][0]["cards"] if c["kind"] == ph.KIND_JOB]
    assert len(jobs) == 1 and jobs[0]["id"] == worker >> 1 and jobs[0]["flags"] == ph.ACTIVE
    assert st["discards"][ph.JOBS] == [ph.job("University Lecturer")]
    assert st["players"][0]["stress"] == 5


# --- 4. STH on Project costs and the pay step -----------------------------------------------------

FICTION = "Write Fiction"    # L1 Fan Fiction: 1 Knowledge, 2 Creativity; +1 STH


def test_positive_sth_discounts_a_project(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": 1, "resources": [0, 5, 0]}})
    # 3 resources less 1: 2 Creativity (no Knowledge held, the discount covers it).
    state.apply(ph.start_project(0))
    p = rec(ph, state, 0)
    assert p["resources"] == [0, 3, 0] and p["sth"] == 2


def test_sth_discount_as_large_as_the_cost_makes_it_free(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]}, players={0: {"sth": 3}})
    assert ph.start_project(0) in state.legal_actions()
    state.apply(ph.start_project(0))
    p = rec(ph, state, 0)
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
    p = rec(ph, state, 0)
    assert (p["resources"], p["sth"], p["lth"]) == ([0, 0, 0], 3, 1)


def test_negative_sth_adds_resources_to_a_project(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": -2, "resources": [1, 4, 0]}})
    # 1 Knowledge + 2 Creativity + 2 more of any kind: only Creativity is left, so no choice.
    state.apply(ph.start_project(0))
    p = rec(ph, state, 0)
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
    assert rec(ph, state, 0)["resources"] == [0, 2, 0]
    state = ph.build(game, rows={ph.PROJECTS: [ph.project(FICTION)]},
                     players={0: {"sth": -3, "resources": [1, 2, 0]}})
    assert ph.start_project(0) in state.legal_actions()


def test_sth_does_not_change_non_project_costs(ph):
    game = ph.game()
    # Open Mic Night (activity): 1 coin and 1 Creativity; +2 STH, +1 Influence.
    state = ph.build(game, rows={ph.ITEMS: [ph.item("Open Mic Night")]},
                     players={0: {"sth": -3, "money": 1, "resources": [0, 1, 0]}})
    state.apply(ph.spend(0))
    p = rec(ph, state, 0)
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
    p = rec(ph, state, 0)
    assert p["resources"] == [1, 3, 0] and p["sth"] == 2 and p["hourglasses"] == 5
    assert ph.srec(state)["step"] == ph.ACTION and state.current_player == 1
    assert ph.srec(state)["payment"]["units"] == 0
    p = rec(ph, branch, 0)
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
    p = rec(ph, state, 0)
    assert p["resources"] == [1, 0, 0] and (p["sth"], p["lth"]) == (1, 1)


# --- 4. Projects ----------------------------------------------------------------------------------

def test_advance_a_basic_project_level_by_level_to_completion(ph):
    game = ph.game()
    bee = ph.project("Beekeeping")
    # First Hive K2 C1 -> 1 LTH; Honey Harvest (1 Hourglass) K2 C1 I1 -> 2 coins, 1 LTH;
    # Buzzing Apiary (1 Hourglass) K3 C1 I2 -> 3 LTH. No STH on the way: no discount.
    state = ph.build(game, rows={ph.PROJECTS: [bee]},
                     players={0: {"resources": [7, 3, 3]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))
    p = rec(ph, state, 0)
    assert p["resources"] == [5, 2, 3] and p["lth"] == 1 and p["hourglasses"] == 5
    assert [(c["id"], c["level"], c["flags"]) for c in p["cards"]] == \
           [(bee, 1, ph.ACTIVE | ph.STARTED)]
    assert state.action_to_string(ph.card_action(0)) == "Advance: Beekeeping (Honey Harvest)"
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    assert p["resources"] == [3, 1, 2] and p["money"] == 2 and p["lth"] == 2
    assert p["hourglasses"] == 4 and p["cards"][0]["level"] == 2
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    assert p["resources"] == [0, 0, 0] and p["lth"] == 5 and p["lth_from_cards"] == 5
    assert p["hourglasses"] == 3 and p["stress"] == 5
    card = p["cards"][0]
    assert card["level"] == 3
    assert card["flags"] & ph.ARCHIVED and card["flags"] & ph.COMPLETED
    assert not card["flags"] & ph.ACTIVE
    assert p["completed_projects"] == 1
    assert ph.card_action(0) not in state.legal_actions()


def test_advancing_a_project_pays_its_cost_with_the_sth_discount(ph):
    game = ph.game()
    # Write Fiction at L1; Teen Drama costs 1 Hourglass, 1 Knowledge, 3 Creativity; +1 STH +1 LTH.
    state = ph.build(game, players={0: {"sth": 2, "resources": [0, 4, 0],
                                        "cards": [ph.project_card(FICTION)]}})
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    # 4 resources less 2: 2 Creativity.
    assert p["resources"] == [0, 2, 0] and (p["sth"], p["lth"]) == (3, 1)
    assert p["cards"][0]["level"] == 2 and p["cards"][0]["time"] == 1


@pytest.mark.parametrize("stress, after", [(12, 7), (9, 4), (5, 0), (3, 3), (19, 14)])
def test_good_health_moves_to_the_same_place_one_section_lower(ph, stress, after):
    game = ph.game()
    # Running L1; Fun Run: 1 Hourglass, 1 Creativity, 2 Influence; +1 LTH, 1 Good Health.
    state = ph.build(game, players={0: {"stress": stress, "resources": [0, 1, 2],
                                        "cards": [ph.project_card("Running")]}})
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    assert (p["stress"], p["lth"], p["resources"]) == (after, 1, [0, 0, 0])


def test_start_a_single_round_project_and_it_is_archived_at_the_end_of_the_round(ph):
    game = ph.game()
    # Triathlon: K2 C2 I2 -> +1 STH, +3 LTH.
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Triathlon")]},
                     players={0: {"resources": [2, 2, 2], "hourglasses": 1,
                                  "cards": [ph.project_card("Pottery",
                                                            flags=ph.ACTIVE | ph.STARTED)]},
                              1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))
    st = ph.srec(state)
    assert st["round"] == 2
    p = st["players"][0]
    assert p["lth"] == 3 and p["sth"] == 0 and p["completed_projects"] == 1
    pottery, tri = p["cards"]
    assert pottery["flags"] == ph.ACTIVE                   # basic: stays active
    assert tri["flags"] == ph.ARCHIVED | ph.COMPLETED       # single-round: archived


# --- 4. Group Projects ----------------------------------------------------------------------------

PAINTBALL = "Paintball"   # Team Captain K1 I2 (+1 STH +1 LTH), Sharpshooter K2 C1 (+2 LTH),
                          # Decoy any 2 (+2 STH), Flag Runner C2 I1 (+2 LTH); bonus 3+: +2 LTH


def test_group_project_start_with_a_role_and_others_join(ph):
    game = ph.game(players=3)
    ball = ph.project(PAINTBALL)
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Pottery"), ball]},
                     players={0: {"resources": [1, 0, 2]}, 1: {"resources": [2, 1, 0]},
                              2: {"resources": [0, 2, 1]}})
    state.apply(ph.start_project(1, 0))
    st = ph.srec(state)
    p0 = st["players"][0]
    assert p0["resources"] == [0, 0, 0] and (p0["sth"], p0["lth"]) == (1, 1)
    assert p0["hourglasses"] == 5
    assert p0["cards"] == [ph.in_play(ph.KIND_PROJECT, ball, flags=ph.ACTIVE | ph.STARTED,
                                      time=1, roles=[0, -1, -1, -1])]
    # The Hourglass went onto the role, not the Start a Project space.
    assert p0["spaces_used"] == 0
    assert st["rows"][ph.PROJECTS] == [ph.project("Pottery")]

    assert state.current_player == 1
    assert ph.join_group(0, 0, 1) in state.legal_actions()
    assert ph.join_group(0, 0, 0) not in state.legal_actions()     # taken
    state.apply(ph.join_group(0, 0, 1))
    p1 = rec(ph, state, 1)
    assert p1["resources"] == [0, 0, 0] and p1["lth"] == 2 and p1["hourglasses"] == 5
    assert p1["cards"] == [] and p1["stress"] == 5
    state.apply(ph.join_group(0, 0, 3))
    p2 = rec(ph, state, 2)
    assert p2["resources"] == [0, 0, 0] and p2["lth"] == 2
    card = rec(ph, state, 0)["cards"][0]
    assert card["roles"] == [0, 1, -1, 2] and card["time"] == 3


def test_group_project_at_most_two_own_hourglasses(ph):
    game = ph.game(players=2)
    ball = ph.project(PAINTBALL)
    card = ph.in_play(ph.KIND_PROJECT, ball, flags=ph.ACTIVE | ph.STARTED, time=1,
                      roles=[0, -1, -1, -1])
    state = ph.build(game, players={0: {"resources": [5, 5, 5], "sth": 1, "cards": [card]},
                                    1: {"resources": [5, 5, 5]}})
    legal = state.legal_actions()
    assert {ph.join_group(0, 0, r) for r in (1, 2, 3)} <= set(legal)
    # Decoy: 2 of any kind, less 1 for STH +1: one unit, a choice of three kinds.
    state.apply(ph.join_group(0, 0, 2))
    assert ph.srec(state)["step"] == ph.PAY
    state.apply(ph.PAY_INFLUENCE)
    p0 = rec(ph, state, 0)
    assert p0["resources"] == [5, 5, 4] and p0["sth"] == 3
    assert p0["cards"][0]["roles"] == [0, -1, 0, -1]
    state.apply(ph.STUDY)   # seat 1
    # Seat 0 has 2 Hourglasses on the card: no third; seat 1 could still join.
    legal = state.legal_actions()
    assert not any(ph.join_group(0, 0, r) in legal for r in range(4))
    state.apply(ph.STUDY)
    assert ph.join_group(0, 0, 1) in state.legal_actions()


def test_group_join_own_active_only_allows_joining_your_own(ph):
    ball = ph.project(PAINTBALL)
    card = ph.in_play(ph.KIND_PROJECT, ball, flags=ph.ACTIVE | ph.STARTED, time=1,
                      roles=[0, -1, -1, -1])
    players = {0: {"resources": [5, 5, 5], "cards": [card]}, 1: {"resources": [5, 5, 5]}}
    any_active = ph.build(ph.game(), players=players, current=1)
    assert ph.join_group(0, 0, 1) in any_active.legal_actions()
    own = ph.build(ph.game(group_join="own_active"), players=players, current=1)
    assert not any(ph.join_group(0, 0, r) in own.legal_actions() for r in range(4))
    own0 = ph.build(ph.game(group_join="own_active"), players=players, current=0)
    assert ph.join_group(0, 0, 1) in own0.legal_actions()


def _group_round_end(ph, roles, **rules):
    """Seat 0 owns Paintball with `roles` filled; seat 0 places its last Hourglass (Rest)."""
    game = ph.game(players=2, **rules)
    card = ph.in_play(ph.KIND_PROJECT, ph.project(PAINTBALL), flags=ph.ACTIVE | ph.STARTED,
                      time=sum(r >= 0 for r in roles), roles=roles)
    state = ph.build(game, players={0: {"hourglasses": 1, "lth": 10, "cards": [card]},
                                    1: {"hourglasses": 0, "lth": 20}})
    state.apply(ph.REST)
    assert ph.srec(state)["round"] == 2
    return state


@pytest.mark.parametrize("roles, bonus0, bonus1", [
    ([0, 1, 0, -1], 2, 2),     # 3 Hourglasses = the minimum: +2 LTH each
    ([0, 1, 0, 1], 2, 2),      # 4: still once
    ([0, 1, -1, -1], 0, 0),    # 2: below the minimum
    ([0, -1, 0, 1], 2, 2),
])
def test_group_project_bonus_threshold(ph, roles, bonus0, bonus1):
    state = _group_round_end(ph, roles)
    p0, p1 = ph.srec(state)["players"]
    assert (p0["lth"], p1["lth"]) == (10 + bonus0, 20 + bonus1)
    card = p0["cards"][0]
    assert card["flags"] == ph.ARCHIVED | ph.COMPLETED
    assert p0["completed_projects"] == 1 and p1["completed_projects"] == 0


@pytest.mark.parametrize("roles, bonus", [
    ([0, 1, 0, -1], 2),        # 3 Hourglasses, the minimum: the reward once
    ([0, 1, 0, 1], 4),         # 4: once more for the Hourglass beyond the minimum
    ([0, 1, -1, -1], 0),
])
def test_group_project_bonus_per_hourglass(ph, roles, bonus):
    state = _group_round_end(ph, roles, group_bonus="per_hourglass")
    p0, p1 = ph.srec(state)["players"]
    assert (p0["lth"], p1["lth"]) == (10 + bonus, 20 + bonus)


def test_group_project_bonus_goes_to_participants_only(ph):
    game = ph.game(players=3)
    card = ph.in_play(ph.KIND_PROJECT, ph.project(PAINTBALL), flags=ph.ACTIVE | ph.STARTED,
                      time=3, roles=[0, 0, 2, -1])
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": [card]},
                                    1: {"hourglasses": 0}, 2: {"hourglasses": 0}})
    state.apply(ph.REST)
    assert [p["lth"] for p in ph.srec(state)["players"]] == [2, 0, 2]


def test_group_project_bonus_skips_a_participant_whose_life_has_ended(ph):
    # Reading (docs §7): a life that has ended gains nothing more, a Group bonus included. Its
    # Hourglass still counts toward the minimum: 3 Hourglasses, seat 1's among them.
    game = ph.game(players=3)
    card = ph.in_play(ph.KIND_PROJECT, ph.project(PAINTBALL), flags=ph.ACTIVE | ph.STARTED,
                      time=3, roles=[0, 1, 2, -1])
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": [card]},
                                    1: {"hourglasses": 0, "alive": False, "stress": 20, "lth": 7},
                                    2: {"hourglasses": 0}})
    state.apply(ph.REST)
    assert [p["lth"] for p in ph.srec(state)["players"]] == [2, 7, 2]


def test_end_of_round_resets_every_sth_before_any_group_bonus(ph, tmp_path):
    # Steps 2 and 3 of End of Round: all markers reset, then the bonuses. The base set's bonuses
    # are LTH only, so a card file adds a Group Project whose bonus is STH.
    extra = tmp_path / "retreat.toml"
    extra.write_text(
        '[[project]]\nid = "team_retreat"\nname = "Team Retreat"\ntype = "group"\n'
        'category = "sports"\nprovenance = "authored"\nroles = [\n'
        '  { name = "Planner", cost = { knowledge = 1 }, reward = { lth = 1 } },\n'
        '  { name = "Cook", cost = { creativity = 1 }, reward = { lth = 1 } },\n'
        '  { name = "Driver", cost = { influence = 1 }, reward = { lth = 1 } },\n'
        ']\nbonus = { min_hourglasses = 3, reward = { sth = 1 } }\n')
    game = lifespan.load_game("pursuit_of_happiness", players=2, cards=[str(extra)])
    retreat = [c["name"] for c in game.cards() if c["kind"] == "project"].index("Team Retreat")
    card = ph.in_play(ph.KIND_PROJECT, retreat, flags=ph.ACTIVE | ph.STARTED, time=3, roles=[0, 1, 1, -1])
    for sth0, sth1 in [(0, 2), (2, 0), (3, 3)]:
        state = ph.build(game, players={0: {"hourglasses": 1, "cards": [card], "sth": sth0},
                                        1: {"hourglasses": 0, "sth": sth1}})
        state.apply(ph.REST)
        st = ph.srec(state)
        # Both members gain the bonus on a reset marker: +1 STH each, whatever they had.
        assert st["round"] == 2 and [p["sth"] for p in st["players"]] == [1, 1]
        assert [p["lth"] for p in st["players"]] == [0, 0]


# --- 4. Upkeep ------------------------------------------------------------------------------------

def _end_round(ph, state):
    """Seat to move places its last Hourglass on Rest (every other seat has none)."""
    state.apply(ph.REST)
    return state


def test_upkeep_more_than_three_active_cards_add_stress(ph):
    game = ph.game()
    cards = [ph.project_card(n)
             for n in ("Write Fiction", "Pottery", "Debate", "Hiking", "Running")]
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": cards}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    # 5 active: +2 Stress. Hourglasses were given before (Stress 5: section 2, 6).
    assert st["round"] == 2 and st["step"] == ph.ACTION
    assert st["players"][0]["stress"] == 7 and st["players"][0]["hourglasses"] == 6
    assert st["players"][1]["stress"] == 5


def test_upkeep_more_than_one_partner_adds_stress(ph):
    game = ph.game()
    # Jimmy, Nicole, Jamie at Dating level: upkeep costs nothing, gives 1 resource.
    cards = [ph.partner_card("Jimmy"), ph.partner_card("Nicole"), ph.partner_card("Jamie")]
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": cards}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    # 3 active (no excess) and 3 Partners: +2 Stress.
    assert st["round"] == 2 and st["step"] == ph.UPKEEP and st["current"] == 0
    assert st["players"][0]["stress"] == 7
    assert state.legal_actions() == [ph.pay_upkeep(0), ph.pay_upkeep(1), ph.pay_upkeep(2),
                                      ph.give_up(0), ph.give_up(1), ph.give_up(2)]
    for _ in range(3):
        state.apply(ph.pay_upkeep(0) if ph.pay_upkeep(0) in state.legal_actions() else
                    state.legal_actions()[0])
    st = ph.srec(state)
    assert st["step"] == ph.ACTION
    assert st["players"][0]["resources"] == [1, 1, 1]


def test_upkeep_four_active_cards_and_two_partners_add_up(ph):
    game = ph.game()
    cards = [ph.project_card("Pottery"), ph.project_card("Debate"),
             ph.partner_card("Jimmy"), ph.partner_card("Nicole")]
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": cards}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    # 4 active: +1; 2 Partners: +1.
    assert rec(ph, state, 0)["stress"] == 7


def test_upkeep_pay_or_give_up(ph):
    game = ph.game()
    # Villa: upkeep 2 coins -> +1 STH, +1 LTH. Cheap Car: upkeep 1 coin -> +1 STH.
    state = ph.build(game, players={0: {"hourglasses": 1, "money": 2, "cards": [
        ph.item_card("Villa"), ph.item_card("Cheap Car")]}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["step"] == ph.UPKEEP and st["current"] == 0
    assert all(c["flags"] & ph.UPKEEP_DUE for c in st["players"][0]["cards"])
    assert state.legal_actions() == [ph.pay_upkeep(0), ph.pay_upkeep(1),
                                      ph.give_up(0), ph.give_up(1)]
    state.apply(ph.pay_upkeep(0))
    p = rec(ph, state, 0)
    assert (p["money"], p["sth"], p["lth"], p["lth_from_cards"]) == (0, 1, 1, 1)
    # No coin left for the car: only giving it up.
    assert state.legal_actions() == [ph.give_up(1)]
    state.apply(ph.give_up(1))
    st = ph.srec(state)
    p = st["players"][0]
    assert (p["stress"], p["sth"]) == (6, 0)
    assert [c["id"] for c in p["cards"]] == [ph.item("Villa")]
    assert st["discards"][ph.ITEMS][-1] == ph.item("Cheap Car")
    assert st["step"] == ph.ACTION


def test_upkeep_a_reward_just_gained_may_pay_another_upkeep(ph):
    game = ph.game()
    # Smartphone: upkeep 1 coin -> +1 Influence. Priya (Dating): upkeep nothing -> +1 coin.
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": [
        ph.item_card("Smartphone"), ph.partner_card("Priya")]}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    assert state.legal_actions() == [ph.pay_upkeep(1), ph.give_up(0), ph.give_up(1)]
    state.apply(ph.pay_upkeep(1))
    assert state.legal_actions() == [ph.pay_upkeep(0), ph.give_up(0)]
    state.apply(ph.pay_upkeep(0))
    p = rec(ph, state, 0)
    assert (p["money"], p["resources"]) == (0, [0, 0, 1])


def test_upkeep_job_hourglasses_are_paid_from_the_round(ph):
    game = ph.game()
    # Lab Assistant: upkeep 1 Hourglass + 1 Knowledge -> 4 coins.
    state = ph.build(game, round=2, unavailable=0, players={
        0: {"hourglasses": 1, "resources": [1, 0, 0], "cards": [ph.job_card("Lab Assistant")]},
        1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["round"] == 3 and st["step"] == ph.UPKEEP
    state.apply(ph.pay_upkeep(0))
    p = rec(ph, state, 0)
    assert (p["hourglasses"], p["resources"], p["money"]) == (5, [0, 0, 0], 4)


def test_upkeep_seats_decide_from_the_first_player_clockwise(ph):
    game = ph.game(players=3)
    cards = [ph.item_card("Villa")]
    state = ph.build(game, first_player=2, current=2, players={
        0: {"hourglasses": 0, "money": 2, "cards": cards},
        1: {"hourglasses": 0, "money": 2, "cards": [ph.item_card("Cheap Car")]},
        2: {"hourglasses": 1, "money": 2, "cards": [ph.item_card("Sailboat")]}})
    _end_round(ph, state)
    # STH all 0: the tie goes to the seat farthest clockwise from seat 2, which is seat 1.
    st = ph.srec(state)
    assert st["first_player"] == 1 and st["step"] == ph.UPKEEP
    order = []
    while ph.srec(state)["step"] == ph.UPKEEP:
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [1, 2, 0]


def test_upkeep_relief_one_coin_less_with_one_card(ph):
    game = ph.game()
    # Thrifty: "Pay 1 coin less in Upkeep each round." Villa's upkeep: 2 coins.
    state = ph.build(game, players={0: {"hourglasses": 1, "money": 1, "trait": "Thrifty",
                                        "cards": [ph.item_card("Villa")]},
                                    1: {"hourglasses": 0}})
    _end_round(ph, state)
    state.apply(ph.pay_upkeep(0))
    p = rec(ph, state, 0)
    assert (p["money"], p["sth"], p["lth"]) == (0, 1, 1)


def test_upkeep_relief_is_one_coin_per_round_not_per_card(ph):
    game = ph.game()
    # Villa 2 coins + Cheap Car 1 coin = 3 coins of Upkeep, 1 less for Thrifty: 2 coins.
    state = ph.build(game, players={0: {"hourglasses": 1, "money": 3, "trait": "Thrifty",
                                        "cards": [ph.item_card("Villa"),
                                                  ph.item_card("Cheap Car")]},
                                    1: {"hourglasses": 0}})
    _end_round(ph, state)
    while ph.srec(state)["step"] == ph.UPKEEP:
        state.apply(min(a for a in state.legal_actions() if a < ph.GIVE_UP))
    assert rec(ph, state, 0)["money"] == 3 - 2


def test_work_overtime_never_exceeds_the_nine_hourglasses_of_a_colour(ph):
    game = ph.game()
    state = ph.build(game, round=2, unavailable=0,
                     players={0: {"stress": 0, "hourglasses": 7}, 1: {"hourglasses": 0}})
    state.apply(ph.OVERTIME)
    # 6 to place + 1 placed + 2 = 9 of the colour in use: 8 to place.
    assert rec(ph, state, 0)["hourglasses"] == 8
    state.apply(ph.OVERTIME)
    # 7 to place + 2 placed = 9: none left in the supply of the colour.
    p = rec(ph, state, 0)
    assert p["stress"] == 0 + 2 + 2 + 1
    assert p["hourglasses"] + 2 <= 9


def test_upgrade_an_item(ph):
    game = ph.game()
    # A Comic Book Collection L1; Wall: 4 coins and 1 Hourglass; +1 STH, +1 LTH.
    state = ph.build(game, players={0: {"money": 5, "sth": -2,
                                        "cards": [ph.item_card("comic_book_collection")]}})
    assert state.action_to_string(ph.card_action(0)) == "Upgrade: A Comic Book Collection (Wall)"
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    # Not a Project: STH changes nothing in the cost.
    assert (p["money"], p["sth"], p["lth"], p["hourglasses"]) == (1, -1, 1, 5)
    assert p["cards"][0]["level"] == 2 and p["cards"][0]["time"] == 1


def test_develop_a_relationship(ph):
    game = ph.game()
    # Nicole L1; Going Steady: 1 Hourglass, 1 Knowledge, 3 Influence; +1 STH, +1 LTH.
    state = ph.build(game, round=2, unavailable=0, players={0: {
        "resources": [1, 0, 3], "sth": 2, "cards": [ph.partner_card("Nicole")]}})
    assert state.action_to_string(ph.card_action(0)) == "Develop: Nicole (Going Steady)"
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    assert (p["resources"], p["sth"], p["lth"], p["hourglasses"]) == ([0, 0, 0], 3, 1, 5)
    assert p["cards"][0]["level"] == 2


def test_spend_buys_an_item_at_level_one_outside_the_active_slots(ph):
    game = ph.game()
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery", "Debate")]
    # Villa, Country Villa: 6 coins; +1 STH, +2 LTH.
    state = ph.build(game, rows={ph.ITEMS: [ph.item("Villa")]},
                     players={0: {"money": 7, "cards": cards}})
    state.apply(ph.spend(0))
    p = rec(ph, state, 0)
    assert (p["money"], p["sth"], p["lth"], p["stress"]) == (1, 1, 2, 5)
    assert p["cards"][-1] == ph.item_card("Villa")
    assert p["spaces_used"] == 1 << ph.SPEND_SPACE


def test_spend_buys_an_item_at_a_higher_level_for_that_levels_cost_and_reward(ph):
    # A Comic Book Collection, Wall (L2): 4 coins and 1 Hourglass besides the one placed on
    # Spend; +1 STH, +1 LTH. Shelf's reward (L1) is not gained.
    game = ph.game()
    state = ph.build(game, rows={ph.ITEMS: [ph.item("A Comic Book Collection")]},
                     players={0: {"money": 5}})
    legal = state.legal_actions()
    assert ph.spend(0) in legal and ph.spend_at_level(0, 2) in legal
    assert ph.spend_at_level(0, 3) not in legal  # Room: 6 coins
    assert state.action_to_string(ph.spend_at_level(0, 2)) == "Spend: A Comic Book Collection at L2 (Wall)"
    state.apply(ph.spend_at_level(0, 2))
    p = rec(ph, state, 0)
    assert (p["money"], p["hourglasses"], p["sth"], p["lth"]) == (1, 4, 1, 1)
    assert p["cards"] == [ph.item_card("A Comic Book Collection", level=2)]
    assert p["spaces_used"] == 1 << ph.SPEND_SPACE
    assert ph.srec(state)["rows"][ph.ITEMS] == []


def test_spend_at_a_higher_level_then_upgrades_from_there(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"money": 6, "cards": [ph.item_card("A Comic Book Collection", level=2)]}})
    assert state.action_to_string(ph.card_action(0)).startswith("Upgrade: A Comic Book Collection")
    state.apply(ph.card_action(0))  # Room: 6 coins, +3 LTH
    p = rec(ph, state, 0)
    assert p["cards"][0]["level"] == 3 and (p["money"], p["lth"]) == (0, 3)


def test_item_purchase_first_level_offers_only_level_one(ph):
    game = ph.game(item_purchase="first_level")
    state = ph.build(game, rows={ph.ITEMS: [ph.item("A Comic Book Collection")]},
                     players={0: {"money": 9}})
    legal = state.legal_actions()
    assert ph.spend(0) in legal and not any(a >= ph.SPEND_AT_LEVEL for a in legal)
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(ph.spend_at_level(0, 2))
    assert rec(ph, state, 0)["money"] == 9  # a rejected action changes nothing


def test_an_activity_is_used_at_its_one_level_only(ph):
    game = ph.game()
    activity = next(c["name"] for c in ph.ITEM_CARDS if c["kind"] == "activity")
    state = ph.build(game, rows={ph.ITEMS: [ph.item(activity)]}, players={0: {"money": 20, "resources": [9, 9, 9]}})
    assert not any(a >= ph.SPEND_AT_LEVEL for a in state.legal_actions())


# --- 4. End of Round ------------------------------------------------------------------------------

@pytest.mark.parametrize("first, sths, mover, expected", [
    (0, [-1, 0, -2], 0, 1),    # the most STH
    (0, [1, 3, 3], 0, 2),      # seats 1 and 2 tie: seat 2 is farther clockwise from seat 0
    (2, [2, 2, 0], 2, 1),      # seats 0 and 1 tie: seat 1 is farther clockwise from seat 2
    (1, [3, 0, 3], 1, 0),      # seats 0 and 2 tie: from seat 1, seat 0 is farther (2 > 1)
    (1, [0, 0, 0], 1, 0),      # everyone ties: the seat just before the first player
])
def test_end_of_round_next_first_player_most_sth_tie_farthest_clockwise(ph, first, sths, mover,
                                                                        expected):
    game = ph.game(players=3)
    players = {s: {"sth": sths[s], "hourglasses": 1 if s == mover else 0} for s in range(3)}
    state = ph.build(game, first_player=first, current=mover, players=players)
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["round"] == 2 and st["first_player"] == expected
    assert st["current"] == expected and st["step"] == ph.ACTION
    assert [p["sth"] for p in st["players"]] == [0, 0, 0]


def test_end_of_round_next_first_player_is_chosen_among_the_living(ph):
    # Reading (docs §7): seat 1 has the most STH but its life has ended, so the token goes to
    # the living seat with the most, seat 0 (the other reading, token to seat 1 and seat 2
    # acting first, would give 2).
    game = ph.game(players=3)
    players = {0: {"sth": 2, "hourglasses": 1}, 1: {"sth": 3, "hourglasses": 0, "alive": False, "stress": 20},
               2: {"sth": 1, "hourglasses": 0}}
    state = ph.build(game, first_player=0, current=0, players=players)
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["round"] == 2 and st["first_player"] == 0 and st["current"] == 0


def test_end_of_round_hourglasses_return_and_rows_are_dealt_anew(ph):
    game = ph.game()
    st0 = ph.srec(ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}}))
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert [p["hourglasses"] for p in st["players"]] == [6, 6]
    # Preparation of round 2: the rows are discarded and dealt again; Jobs and Partners too.
    assert st["discards"][ph.PROJECTS] == st0["rows"][ph.PROJECTS]
    assert st["discards"][ph.ITEMS] == st0["rows"][ph.ITEMS]
    assert st["rows"][ph.PROJECTS] == st0["decks"][ph.PROJECTS][::-1][:4]
    assert st["rows"][ph.JOBS] == st0["decks"][ph.JOBS][:4]
    assert st["rows"][ph.PARTNERS] == st0["decks"][ph.PARTNERS][:4]


# --- 4. Preparation -------------------------------------------------------------------------------

def test_preparation_removes_the_unavailable_tokens_in_round_2(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["round"] == 2 and st["unavailable"] == 0
    assert ph.OVERTIME in state.legal_actions()


def test_job_row_players_parameter_deals_one_job_per_player(ph):
    game = ph.game(players=3, job_row="players")
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0},
                                    2: {"hourglasses": 0}})
    _end_round(ph, state)
    assert [len(r) for r in ph.srec(state)["rows"]] == [4, 4, 3, 4]


def test_job_row_players_parameter_deals_two_jobs_in_solo(ph):
    # Solo is set up as a 2-player game, so one Job per player shows two.
    game = ph.game(players=1, job_row="players")
    state = ph.build(game, players={0: {"hourglasses": 1}})
    _end_round(ph, state)
    assert [len(r) for r in ph.srec(state)["rows"]] == [4, 4, 2, 4]


@pytest.mark.parametrize("round_, added, unavailable", [
    (2, 0, 0), (4, 0, 0), (5, 3, 1 << 4), (6, 6, 1 << 4), (7, 9, 1 << 4)])
def test_preparation_old_age_stress_and_overtime_blocked(ph, round_, added, unavailable):
    game = ph.game(players=3)
    state = ph.build(game, round=round_, unavailable=1 << 4 if round_ >= 6 else 0,
                     current=2, players={0: {"stress": 0, "hourglasses": 0},
                                         1: {"stress": 3, "hourglasses": 0},
                                         2: {"stress": 8, "hourglasses": 1}})
    _end_round(ph, state)   # seat 2 Rests first: 8 -> 6
    st = ph.srec(state)
    assert st["round"] == round_ + 1
    assert st["unavailable"] == unavailable
    stress = [s + added for s in (0, 3, 6)]
    assert [p["stress"] for p in st["players"]] == stress
    # Hourglasses of the section after the Old Age Stress: 7 / 6 / 5 / 4 for sections 1-4.
    assert [p["hourglasses"] for p in st["players"]] == [7 - s // 5 for s in stress]
    assert (ph.OVERTIME in state.legal_actions()) == (unavailable == 0)


@pytest.mark.parametrize("first_section, expected", [(7, [7, 6, 5, 4]), (9, [9, 8, 7, 6]),
                                                     (5, [5, 4, 3, 2])])
def test_preparation_hourglasses_by_stress_section(ph, first_section, expected):
    game = ph.game(players=4, hourglasses_first_section=first_section)
    stress = [0, 5, 10, 15]
    state = ph.build(game, round=2, unavailable=0,
                     players={s: {"stress": stress[s], "hourglasses": 1 if s == 0 else 0}
                              for s in range(4)})
    state.apply(ph.STUDY)
    st = ph.srec(state)
    assert st["round"] == 3
    assert [p["hourglasses"] for p in st["players"]] == expected


def test_round_income_trait_pays_at_the_start_of_round_1_too(ph):
    # "At the start of every round": round 1 starts once every trait is kept, before Upkeep.
    for seed in range(200):
        game = ph.game(players=2, seed=seed)
        state = game.new_state()
        offers = [p["trait_offer"] for p in ph.srec(state)["players"]]
        names = [[ph.TRAIT_CARDS[t]["name"] for t in offer] for offer in offers]
        if "Rich" in names[0] and "Rich" not in names[1]:
            break
    state.apply(names[0].index("Rich"))
    other = offers[1][0]
    state.apply(0)
    st = ph.srec(state)
    assert st["round"] == 1 and st["step"] == ph.ACTION
    assert st["players"][0]["money"] == 4 + 2  # Rich: 4 coins to start, 2 each round
    other_start = ph.TRAIT_CARDS[other]
    if other_start["ability"]["kind"] != "round_income":
        assert st["players"][1]["money"] == other_start["start"].get("money", 0)


def test_preparation_round_income_trait(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"hourglasses": 1, "trait": "Rich", "money": 1},
                                    1: {"hourglasses": 0, "trait": "Artistic Soul"}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["players"][0]["money"] == 1 + 2
    assert st["players"][1]["resources"] == [0, 1, 0]


# --- 2. Stress: the end of a life -----------------------------------------------------------------

def test_stress_past_the_end_of_the_track_ends_the_life(ph):
    game = ph.game()
    state = ph.build(game, round=2, unavailable=0,
                     players={0: {"stress": 19, "lth": 7}, 1: {"lth": 3}})
    state.apply(ph.OVERTIME)    # +2 Stress: 19 -> past the last space (19)
    st = ph.srec(state)
    p = st["players"][0]
    assert not p["alive"] and p["hourglasses"] == 0 and p["lth"] == 7 and p["stress"] == 20
    assert state.current_player == 1
    # Seat 0 never moves again; its LTH stays. Seat 1 plays Rest to the end.
    while not state.is_terminal():
        assert state.current_player == 1
        state.apply(ph.calm_policy(state))
    assert state.scores()[0] == 7


def test_stress_exactly_on_the_last_space_is_still_alive(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"stress": 18, "cards": [ph.item_card("Villa")]}})
    state.apply(ph.discard(0))
    p = rec(ph, state, 0)
    assert p["alive"] and p["stress"] == 19


def test_stress_death_from_a_free_action_passes_the_turn(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"stress": 19, "cards": [ph.item_card("Villa")]}})
    state.apply(ph.discard(0))
    assert not rec(ph, state, 0)["alive"] and state.current_player == 1


def test_a_life_that_ends_during_an_action_keeps_its_marker_at_the_end(ph):
    # Community Garden as Digger (2 resources of any kind: 1 LTH, Good Health) started with an
    # own Hourglass already on Start a Project: +1 Stress, 19 -> 20, past the last space (4 x 5).
    # The life ends there; the action's LTH still counts, but its Good Health must not move the
    # marker back onto the track (docs §7). Found by the thousands-of-games invariant test.
    state = ph.build(ph.game(), rows={ph.PROJECTS: [ph.project("Community Garden")]},
                     players={0: {"stress": 19, "spaces_used": 1 << ph.START_PROJECT_SPACE,
                                  "resources": [2, 0, 0]}})
    state.apply(ph.start_project(0, 1))
    p = rec(ph, state, 0)
    assert not p["alive"] and p["stress"] == 20 and p["hourglasses"] == 0
    assert p["lth"] == 1 and p["resources"] == [0, 0, 0]
    assert state.current_player == 1


def test_old_age_stress_can_end_every_life_and_the_game(ph):
    game = ph.game()
    state = ph.build(game, round=5, unavailable=0,
                     players={0: {"stress": 18, "hourglasses": 1, "lth": 4},
                              1: {"stress": 17, "hourglasses": 0, "lth": 2}})
    state.apply(ph.STUDY)
    st = ph.srec(state)
    # Round 6: +3 Stress each: 21 and 20, both past the last space.
    assert state.is_terminal() and st["step"] == ph.OVER and st["current"] == ph.TERMINAL
    assert st["round"] == 6
    # Knowledge 3 from Study: no Inheritance; no goal met (Well Read: 3 against 0 for seat 0).
    assert state.scores() == [4 + 3, 2]


# --- 5. Scoring: Inheritance and Life Goals -------------------------------------------------------

NO_GOALS = ["Corner Office", "Well-Earned Rest"]      # in-game goals nobody here meets


def _last_action(ph, game, players, goals=NO_GOALS, **fields):
    """Round 8, seat 0 places its last Hourglass on Rest: the game ends."""
    players = {s: dict(v) for s, v in players.items()}
    players.setdefault(0, {})["hourglasses"] = 1
    for s in range(1, game.num_players):
        players.setdefault(s, {})["hourglasses"] = 0
    state = ph.build(game, round=8, unavailable=1 << 4, goals=goals, players=players, **fields)
    state.apply(ph.REST)
    assert state.is_terminal()
    return state


def test_inheritance_at_game_end(ph):
    game = ph.game()
    state = _last_action(ph, game, {0: {"resources": [7, 4, 10], "money": 14, "lth": 3},
                                    1: {"resources": [5, 5, 5], "money": 4, "lth": 1}})
    # Seat 0: 7//5 + 4//5 + 10//5 + 14//5 = 1 + 0 + 2 + 2 = 5. Seat 1: 1 + 1 + 1 + 0 = 3.
    assert state.scores() == [3 + 5, 1 + 3]
    assert [p["lth"] for p in ph.srec(state)["players"]] == [8, 4]
    assert state.returns() == [1.0, -1.0]


def test_inheritance_at_game_end_counts_a_dead_player(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"stress": 19, "lth": 3, "resources": [7, 4, 10],
                                        "money": 14, "cards": [ph.item_card("Villa")]}})
    state.apply(ph.discard(0))
    p = rec(ph, state, 0)
    assert not p["alive"] and p["lth"] == 3 and not p["inherited"]
    ph.play_out(state)
    # Well Read and Daydreamer (most Knowledge / Creativity) go to seat 0 too: 7 and 4 vs 0.
    assert state.scores()[0] == 3 + 5 + 3 + 3


def test_inheritance_at_death(ph):
    game = ph.game(inheritance_timing="death")
    state = ph.build(game, goals=NO_GOALS,
                     players={0: {"stress": 19, "lth": 3, "resources": [7, 4, 10],
                                  "money": 14, "cards": [ph.item_card("Villa")]}})
    state.apply(ph.discard(0))
    p = rec(ph, state, 0)
    assert not p["alive"] and p["lth"] == 3 + 5 and p["inherited"]
    ph.play_out(state)
    assert state.scores()[0] == 8     # not a second time at the end


def test_inheritance_at_death_counts_what_is_held_when_the_life_ends(ph):
    # Studying again on one's own space: +1 Stress ends the life, then Study's 3 Knowledge
    # arrive. Inheritance was counted at the death, from 12 Knowledge, not 15 (docs §5).
    game = ph.game(inheritance_timing="death")
    state = ph.build(game, goals=NO_GOALS, players={0: {"stress": 19, "resources": [12, 10, 10], "money": 10,
                                                       "spaces_used": 1 << ph.STUDY_SPACE}})
    state.apply(ph.STUDY)
    p = rec(ph, state, 0)
    assert not p["alive"] and p["resources"] == [15, 10, 10]
    assert p["lth"] == 2 + 2 + 2 + 2
    ph.play_out(state)
    assert state.scores()[0] == 8


def test_inheritance_timing_death_still_scores_the_living_at_game_end(ph):
    game = ph.game(inheritance_timing="death")
    state = _last_action(ph, game, {0: {"resources": [10, 0, 0]}, 1: {"money": 9}})
    assert state.scores() == [2, 1]


def test_life_goal_most_goes_to_the_single_player_a_tie_to_nobody(ph):
    game = ph.game()
    state = _last_action(ph, game, {0: {"resources": [8, 6, 0]}, 1: {"resources": [4, 6, 0]}},
                         goals=["Well Read", "Daydreamer"])
    st = ph.srec(state)
    # Well Read (most Knowledge, 3 LTH): seat 0. Daydreamer (most Creativity): 6 and 6, nobody
    # (the engine leaves a tied "most" goal open, 0, rather than marking it tied, 255).
    assert st["goals_claimed_by"][0] == 1 and st["goals_claimed_by"][1] in (0, 255)
    assert [p["goals"] for p in st["players"]] == [1, 0]
    # Inheritance: seat 0 1 + 1, seat 1 0 + 1.
    assert state.scores() == [2 + 3, 1]


def test_life_goal_at_least_in_game_goes_to_a_unique_player_at_the_end_of_the_round(ph):
    game = ph.game()
    family = ph.partner_card("Jimmy", level=3)
    state = ph.build(game, goals=["Soulmates", "Well Read"],
                     players={0: {"hourglasses": 1, "cards": [family]}, 1: {"hourglasses": 0}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["goals_claimed_by"] == [1, 0]
    assert st["players"][0]["lth"] == 5 and st["players"][0]["goals"] == 1


def test_in_game_goal_counts_a_project_archived_at_that_end_of_round(ph):
    # A single-round Project completes when End of Round archives it (step 4); Finish What You
    # Start (3 completed Projects, 4 LTH) is settled after that, in the same End of Round.
    game = ph.game()
    state = ph.build(game, goals=["Finish What You Start", "Well Read"],
                     rows={ph.PROJECTS: [ph.project("Triathlon")]},
                     players={0: {"resources": [2, 2, 2], "hourglasses": 1, "completed_projects": 2},
                              1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))  # the last Hourglass of the round: Triathlon, +3 LTH
    st = ph.srec(state)
    assert st["round"] == 2 and st["players"][0]["completed_projects"] == 3
    assert st["goals_claimed_by"] == [1, 0]
    assert st["players"][0]["lth"] == 3 + 4 and st["players"][0]["goals"] == 1


def test_life_goal_at_least_in_game_met_by_two_at_once_goes_to_nobody(ph):
    game = ph.game()
    state = ph.build(game, goals=["Soulmates", "Well Read"],
                     players={0: {"hourglasses": 1, "cards": [ph.partner_card("Jimmy", level=3)]},
                              1: {"hourglasses": 0, "cards": [ph.partner_card("Nicole", level=3)]}})
    _end_round(ph, state)
    st = ph.srec(state)
    assert st["goals_claimed_by"] == [255, 0]
    assert [p["lth"] for p in st["players"]] == [0, 0]


def test_life_goal_at_least_game_end_with_a_retired_job(ph):
    game = ph.game()
    state = _last_action(ph, game, {1: {"cards": [
        ph.job_card("University Lecturer", flags=ph.ARCHIVED | ph.RETIRED)]}},
        goals=["Well-Earned Rest", "Well Read"])
    # Well-Earned Rest (in game, 5 LTH) is met at the end of round 8 by seat 1 only.
    assert state.scores() == [0, 5]


@pytest.mark.parametrize("hire", [False, True])
def test_a_retirement_counts_after_the_retired_job_is_given_up(ph, hire):
    # Retire from University Lecturer, then (or not) take another Job the same round, which
    # discards the retired one: the player still retired in this life (Well-Earned Rest).
    game = ph.game()
    state = ph.build(game, round=3, unavailable=0, goals=["Well-Earned Rest", "Well Read"],
                     rows={ph.JOBS: [ph.job("Receptionist")]},
                     players={0: {"cards": [ph.job_card("University Lecturer")], "hourglasses": 2,
                                  "resources": [0, 0, 2]}, 1: {"hourglasses": 1}})
    state.apply(ph.card_action(0))                           # retire
    state.apply(ph.TEMP_JOB)                                 # seat 1
    state.apply(ph.get_job(0) if hire else ph.TEMP_JOB)      # seat 0's last Hourglass
    st = ph.srec(state)
    assert st["round"] == 4 and st["players"][0]["jobs_retired"] == 1
    assert [c["kind"] == ph.KIND_JOB and bool(c["flags"] & ph.RETIRED) for c in st["players"][0]["cards"]] == [not hire]
    assert st["goals_claimed_by"] == [1, 0] and st["players"][0]["lth"] == 5


def test_a_partner_taken_to_level_3_counts_after_it_is_discarded(ph):
    # Soulmates (a Partner to level 3): a Partner developed to level 3 and discarded
    # in the same round.
    game = ph.game()
    state = ph.build(game, round=3, unavailable=0, goals=["Soulmates", "Well Read"],
                     players={0: {"cards": [ph.partner_card("Jimmy", level=2)], "resources": [9, 9, 9],
                                  "money": 9, "hourglasses": 2}, 1: {"hourglasses": 1}})
    state.apply(ph.card_action(0))
    while ph.srec(state)["step"] == ph.PAY:
        state.apply(state.legal_actions()[0])
    assert ph.player(state, 0)["partners_to_level_3"] == 1
    state.apply(ph.STUDY)                                    # seat 1
    state.apply(ph.discard(0))                               # seat 0 lets the Partner go
    state.apply(ph.TEMP_JOB)                                 # seat 0's last Hourglass
    st = ph.srec(state)
    assert st["round"] == 4 and st["players"][0]["cards"] == []
    assert st["goals_claimed_by"] == [1, 0]


# --- 6. Solo --------------------------------------------------------------------------------------

SOLO_GOALS = ["Well Read", "Daydreamer", "People Person"]   # solo: at least 10 of each


@pytest.mark.parametrize("target, expected", [(15, 1.0), (16, -1.0), (0, 1.0), (50, -1.0)])
def test_solo_returns_by_goals_and_lth_target(ph, target, expected):
    game = ph.game(players=1, solo_lth_target=target)
    state = _last_action(ph, game, {0: {"resources": [10, 10, 10]}}, goals=SOLO_GOALS)
    # Inheritance 2 + 2 + 2, goals 3 + 3 + 3.
    assert state.scores() == [15]
    assert ph.srec(state)["goals_claimed_by"] == [1, 1, 1]
    assert state.returns() == [expected]


def test_solo_loses_without_every_goal(ph):
    game = ph.game(players=1, solo_lth_target=0)
    state = _last_action(ph, game, {0: {"resources": [10, 10, 9]}}, goals=SOLO_GOALS)
    # Inheritance 2 + 2 + 1, goals 3 + 3.
    assert state.scores() == [11]
    assert ph.srec(state)["goals_claimed_by"] == [1, 1, 0]
    assert state.returns() == [-1.0]


def test_solo_setup_has_three_goals_and_one_seat(ph):
    game = ph.game(players=1)
    st = ph.srec(ph.after_traits(game))
    assert len(st["players"]) == 1 and len(st["goals"]) == 3
    assert st["step"] == ph.ACTION and st["current"] == 0


# --- 4. Jobs: retirement and promotion ------------------------------------------------------------

LECTURER = "University Lecturer"    # science level 3; retirement: 4 coins each Upkeep


def test_retirement_at_retirement_level(ph):
    game = ph.game()
    state = ph.build(game, round=3, unavailable=0, players={
        0: {"hourglasses": 2, "cards": [ph.job_card(LECTURER)]}, 1: {"hourglasses": 0}})
    assert state.action_to_string(ph.card_action(0)) == "Retire: University Lecturer"
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
    assert p["cards"][0]["flags"] & (ph.ARCHIVED | ph.RETIRED) == ph.ARCHIVED | ph.RETIRED
    assert not p["cards"][0]["flags"] & ph.ACTIVE
    assert p["hourglasses"] == 1 and p["money"] == 0
    state.apply(ph.STUDY)
    st = ph.srec(state)
    # Round 4 Upkeep: the pension, with no decision (the card is archived).
    assert st["round"] == 4 and st["step"] == ph.ACTION
    assert st["players"][0]["money"] == 4


@pytest.mark.parametrize("level, face, can_retire", [
    (3, "Surgeon", False), (2, "Surgeon", True), (1, "Lab Assistant", True),
    (2, "Lab Assistant", False)])
def test_retirement_level_parameter(ph, level, face, can_retire):
    game = ph.game(retirement_level=level)
    state = ph.build(game, round=3, unavailable=0, players={0: {"cards": [ph.job_card(face)]}})
    assert (ph.card_action(0) in state.legal_actions()) == can_retire


def test_promotion_row_takes_the_next_level_of_the_same_category(ph):
    game = ph.game()
    # Lab Assistant: science 1, promotion 4 Knowledge. Research Chemist: science 2 (gives 4
    # coins when taken). Journalist: social 2. Astrophysicist: science 3.
    chemist, journalist = ph.job("Research Chemist"), ph.job("Journalist")
    astro = ph.job("Astrophysicist")
    state = ph.build(game, round=3, unavailable=0, rows={ph.JOBS: [chemist, journalist, astro]},
                     players={0: {"resources": [4, 0, 0], "cards": [ph.job_card("Lab Assistant")]}})
    legal = state.legal_actions()
    assert ph.promote_row(0) in legal
    assert ph.promote_row(1) not in legal and ph.promote_row(2) not in legal
    assert ph.get_job(0) not in legal       # Research Chemist needs 6 Knowledge
    assert ph.PROMOTE_FLIP not in legal
    state.apply(ph.promote_row(0))
    st = ph.srec(state)
    p = st["players"][0]
    assert p["resources"] == [0, 0, 0] and p["money"] == 4 and p["stress"] == 5
    assert [(c["kind"], c["id"], c["face"], c["level"], c["flags"]) for c in p["cards"]] == \
           [(ph.KIND_JOB, chemist >> 1, chemist & 1, 2, ph.ACTIVE)]
    assert st["discards"][ph.JOBS] == [ph.job("Lab Assistant")]
    assert st["rows"][ph.JOBS] == [journalist, astro]


def test_promotion_flip_turns_the_job_to_its_next_level_face(ph):
    game = ph.game(promotion="flip")
    # Doctor (science 1, promotion 5 Knowledge + 2 coins); its other face Research Chemist
    # (science 2, 4 coins when taken).
    state = ph.build(game, round=3, unavailable=0, rows={ph.JOBS: [ph.job("Surgeon")]},
                     players={0: {"resources": [5, 0, 0], "money": 2,
                                  "cards": [ph.job_card("Doctor")]}})
    legal = state.legal_actions()
    assert ph.PROMOTE_FLIP in legal and ph.promote_row(0) not in legal
    assert state.action_to_string(ph.PROMOTE_FLIP) == "Promotion: Research Chemist"
    state.apply(ph.PROMOTE_FLIP)
    p = rec(ph, state, 0)
    chemist = ph.job("Research Chemist")
    assert [(c["id"], c["face"], c["level"]) for c in p["cards"]] == \
           [(chemist >> 1, chemist & 1, 2)]
    assert p["resources"] == [0, 0, 0] and p["money"] == 4


def test_promotion_flip_needs_the_other_face_one_level_up_in_the_category(ph):
    game = ph.game(promotion="flip")
    # Lab Assistant's other face, Weather Observer, is science level 1: no promotion.
    state = ph.build(game, round=3, unavailable=0,
                     players={0: {"resources": [9, 9, 9], "money": 9,
                                  "cards": [ph.job_card("Lab Assistant")]}})
    assert ph.PROMOTE_FLIP not in state.legal_actions()
    state = ph.build(ph.game(), round=3, unavailable=0,
                     players={0: {"resources": [9, 9, 9], "money": 9,
                                  "cards": [ph.job_card("Doctor")]}})
    assert ph.PROMOTE_FLIP not in state.legal_actions()     # promotion = row


# --- Start a Relationship -------------------------------------------------------------------------

def test_start_a_relationship_and_the_partner_discount_trait(ph):
    game = ph.game()
    nicole = ph.partner("Nicole")     # First Date: 3 Influence; +1 Influence, +1 STH
    for trait_name, paid in (("Rich", 3), ("Charming", 2)):
        state = ph.build(game, round=2, unavailable=0, rows={ph.PARTNERS: [nicole]},
                         players={0: {"trait": trait_name, "resources": [0, 0, 3]}})
        state.apply(ph.start_relationship(0))
        p = rec(ph, state, 0)
        assert p["resources"] == [0, 0, 3 - paid + 1] and p["sth"] == 1
        assert [(c["kind"], c["id"], c["face"], c["level"], c["flags"]) for c in p["cards"]] == \
               [(ph.KIND_PARTNER, nicole >> 1, nicole & 1, 1, ph.ACTIVE)]


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
    assert rec(ph, state, 0)["hourglasses"] == 0 and state.current_player == 1


def test_illegal_action_raises_and_leaves_the_state_unchanged(ph):
    game = ph.game()
    state = ph.build(game)
    before = state.to_json()
    for bad in (ph.OVERTIME, ph.PASS, ph.PAY_KNOWLEDGE, ph.card_action(0), ph.join_group(1, 0, 0)):
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(bad)
        assert state.to_json() == before


# ===== Active slots, the STH penalty, Teen tokens, free actions, Upkeep, the end of lives and
# the game, Life Goals paying once, the Hourglass bound =====

NO_GOALS = ["Corner Office", "Well-Earned Rest"]      # in-game goals nobody here meets


THREE_ACTIVE = ("Write Fiction", "Pottery", "Debate")


# --- A 4th Project, Job or Partner with the 3 Active slots full: +1 Stress (summary, Action 2.1),
# whichever board action takes it.

def test_get_a_job_with_three_active_cards_costs_one_stress(ph):
    # Computer Technician: needs 3 Knowledge, costs 1 Creativity, gives 3 coins.
    tech = ph.job("Computer Technician")
    state = ph.build(ph.game(), round=2, unavailable=0, rows={ph.JOBS: [tech]},
                     players={0: {"resources": [3, 1, 0],
                                  "cards": [ph.project_card(n) for n in THREE_ACTIVE]}})
    state.apply(ph.get_job(0))
    p = rec(ph, state, 0)
    assert (p["stress"], p["resources"], p["money"]) == (6, [3, 0, 0], 3)
    assert sum(1 for c in p["cards"] if c["flags"] & ph.ACTIVE) == 4


def test_start_a_relationship_with_three_active_cards_costs_one_stress(ph):
    # Nicole, First Date: 3 Influence; +1 Influence, +1 STH (trait Rich: no Partner discount).
    state = ph.build(ph.game(), round=2, unavailable=0, rows={ph.PARTNERS: [ph.partner("Nicole")]},
                     players={0: {"trait": "Rich", "resources": [0, 0, 3],
                                  "cards": [ph.project_card(n) for n in THREE_ACTIVE]}})
    state.apply(ph.start_relationship(0))
    p = rec(ph, state, 0)
    assert (p["stress"], p["resources"], p["sth"]) == (6, [0, 0, 1], 1)


def test_start_a_group_project_with_three_active_cards_costs_one_stress(ph):
    # Paintball, Team Captain: K1 I2 -> +1 STH, +1 LTH. A Group Project is a Project card.
    state = ph.build(ph.game(), rows={ph.PROJECTS: [ph.project("Paintball")]},
                     players={0: {"resources": [1, 0, 2],
                                  "cards": [ph.project_card(n) for n in THREE_ACTIVE]}})
    state.apply(ph.start_project(0, 0))
    p = rec(ph, state, 0)
    assert (p["stress"], p["resources"], p["sth"], p["lth"]) == (6, [0, 0, 0], 1, 1)


# --- A negative STH adds resources to advancing and joining a Project too (summary, Action 7.3;
# rule sth_penalty), not only to starting one.

def test_negative_sth_adds_resources_when_advancing_a_project(ph):
    # Write Fiction L1 -> Teen Drama: 1 Hourglass, 1 Knowledge, 3 Creativity; +1 STH, +1 LTH.
    # STH -2: 4 + 2 = 6 resources; holding K1 C5 pays everything.
    state = ph.build(ph.game(), players={0: {"sth": -2, "resources": [1, 5, 0],
                                             "cards": [ph.project_card("Write Fiction")]}})
    state.apply(ph.card_action(0))
    p = rec(ph, state, 0)
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
    p = rec(ph, state, 0)
    assert (p["resources"], p["sth"], p["lth"]) == ([0, 2, 0], -1, 1)


def test_negative_sth_adds_resources_when_joining_a_group_project(ph):
    # Seat 1 joins seat 0's Paintball as Sharpshooter: K2 C1 -> +2 LTH. STH -1: 3 + 1 = 4.
    card = ph.in_play(ph.KIND_PROJECT, ph.project("Paintball"), flags=ph.ACTIVE | ph.STARTED,
                      time=1, roles=[0, -1, -1, -1])
    players = {0: {"cards": [card]}, 1: {"sth": -1, "resources": [3, 1, 0]}}
    state = ph.build(ph.game(), players=players, current=1)
    state.apply(ph.join_group(0, 0, 1))
    p1 = rec(ph, state, 1)
    assert (p1["resources"], p1["lth"], p1["sth"]) == ([0, 0, 0], 2, -1)
    players[1]["resources"] = [2, 1, 0]
    state = ph.build(ph.game(), players=players, current=1)
    assert ph.join_group(0, 0, 1) not in state.legal_actions()
    # sth_penalty = never: 3 resources are enough.
    state = ph.build(ph.game(sth_penalty="never"), players=players, current=1)
    state.apply(ph.join_group(0, 0, 1))
    assert rec(ph, state, 1)["resources"] == [0, 0, 0]


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
    p = rec(ph, state, 0)
    assert (p["sth"], p["lth"], p["stress"]) == (-2, 4, 5)
    assert state.current_player == 0 and ph.srec(state)["step"] == ph.ACTION


# --- Only active Projects, Jobs and Partners count towards the 3 of Upkeep (summary, Upkeep 2).

def test_upkeep_archived_projects_and_a_retired_job_do_not_count_as_active(ph):
    # 3 active cards and 2 archived ones: no Stress.
    cards = [ph.project_card(n) for n in THREE_ACTIVE]
    cards.append(ph.project_card("Hiking", level=3, flags=ph.ARCHIVED | ph.COMPLETED))
    cards.append(ph.job_card("University Lecturer", flags=ph.ARCHIVED | ph.RETIRED))
    state = ph.build(ph.game(), round=4, unavailable=0,
                     players={0: {"hourglasses": 1, "cards": cards}, 1: {"hourglasses": 0}})
    state.apply(ph.STUDY)
    st = ph.srec(state)
    assert st["round"] == 5
    # The retired Job's pension (4 coins) has no choice; no Stress from the count.
    assert st["players"][0]["stress"] == 5 and st["players"][0]["money"] == 4


# --- Every life ending during Upkeep ends the game there (summary, Upkeep 4).

def test_every_life_ending_in_upkeep_ends_the_game(ph):
    # Seat 1's life has ended; seat 0 (Stress 19, the last space) holds 5 active Projects: +2
    # Stress at Upkeep takes it past the end of the track.
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery", "Debate", "Hiking", "Running")]
    state = ph.build(ph.game(), goals=NO_GOALS, players={
        0: {"stress": 19, "hourglasses": 1, "lth": 6, "cards": cards},
        1: {"alive": False, "stress": 20, "hourglasses": 0, "lth": 9}})
    state.apply(ph.STUDY)          # Study: not Rest, whose Relax would move the marker
    st = ph.srec(state)
    assert state.is_terminal() and st["step"] == ph.OVER
    assert st["round"] == 2
    p0 = st["players"][0]
    # The marker stops just past the last space (19 + 1), as in the existing death tests.
    assert not p0["alive"] and p0["stress"] == 20
    # Study's 3 Knowledge: no Inheritance (3 < 5); no goal met.
    assert state.scores() == [6, 9]
    assert state.returns() == [-1.0, 1.0]


def test_a_life_ending_in_upkeep_takes_no_upkeep_decision_and_no_turn(ph):
    # Seat 0 dies from the 4-active-card Stress (19 + 1 = 20): it pays no upkeep (its Villa is
    # not offered) and the Action phase starts with seat 1, which is alive.
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery", "Debate", "Hiking")]
    cards.append(ph.item_card("Villa"))
    state = ph.build(ph.game(), players={0: {"stress": 19, "hourglasses": 1, "money": 5, "cards": cards},
                                         1: {"hourglasses": 0}})
    state.apply(ph.STUDY)
    st = ph.srec(state)
    assert st["round"] == 2 and not st["players"][0]["alive"]
    assert st["step"] == ph.ACTION and state.current_player == 1
    assert st["players"][0]["money"] == 5 and st["players"][0]["hourglasses"] == 0


# --- A life that ends keeps its LTH, and the player may still win (issue 3; source S4).

def test_a_player_whose_life_ended_can_still_win(ph):
    # Seat 0 (10 LTH) dies at once from a Discard; seat 1 (2 LTH) plays on to the end.
    state = ph.build(ph.game(), goals=NO_GOALS,
                     players={0: {"stress": 19, "lth": 10, "cards": [ph.item_card("Villa")]},
                              1: {"lth": 2}})
    state.apply(ph.discard(0))
    assert not rec(ph, state, 0)["alive"]
    ph.play_out(state)
    assert state.scores() == [10, 2]
    assert state.returns() == [1.0, -1.0]


def test_the_last_life_ending_in_the_action_phase_ends_the_game(ph):
    # The game ends once every life has (summary, End of Round 8). Seat 1 is already dead;
    # seat 0 works Overtime at Stress 19 and its life ends.
    state = ph.build(ph.game(), round=2, unavailable=0, goals=NO_GOALS,
                     players={0: {"stress": 19, "lth": 7},
                              1: {"alive": False, "stress": 20, "hourglasses": 0, "lth": 3}})
    state.apply(ph.OVERTIME)
    assert state.is_terminal()
    assert state.scores() == [7, 3]


# --- Life Goals pay once: a game-end goal waits for the end of the game, an in-game goal once
# claimed or tied pays nobody later (summary, Setup 9.1 and Scoring).

def test_a_game_end_goal_is_not_settled_at_an_end_of_round(ph):
    state = ph.build(ph.game(), goals=["Well Read", "Daydreamer"],
                     players={0: {"hourglasses": 1, "resources": [8, 0, 0]}, 1: {"hourglasses": 0}})
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["round"] == 2 and st["goals_claimed_by"] == [0, 0]
    assert [p["lth"] for p in st["players"]] == [0, 0]
    assert [p["goals"] for p in st["players"]] == [0, 0]


def test_an_in_game_goal_once_claimed_gives_nothing_more_to_anyone(ph):
    # Soulmates (in game, a Partner at level 3, 5 LTH) was claimed by seat 0 earlier.
    state = ph.build(ph.game(), goals=["Soulmates", "Well Read"], goals_claimed_by=[1, 0],
                     players={0: {"hourglasses": 1, "lth": 5, "goals": 1,
                                  "cards": [ph.partner_card("Jimmy", level=3)]},
                              1: {"hourglasses": 0, "cards": [ph.partner_card("Nicole", level=3)]}})
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["round"] == 2 and st["goals_claimed_by"] == [1, 0]
    assert [p["lth"] for p in st["players"]] == [5, 0]


def test_a_tied_in_game_goal_stays_unclaimed_when_one_player_meets_it_later(ph):
    # A tie leaves the goal unclaimed for good (docs §7; 255 marks the tie).
    state = ph.build(ph.game(), goals=["Soulmates", "Well Read"], goals_claimed_by=[255, 0],
                     players={0: {"hourglasses": 1, "cards": [ph.partner_card("Jimmy", level=3)]},
                              1: {"hourglasses": 0}})
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["goals_claimed_by"] == [255, 0] and st["players"][0]["lth"] == 0


# --- 9 Hourglasses of a colour (6 and 3 in the supply, summary Setup 4) bound the Preparation
# gain too.

def test_preparation_hourglasses_never_exceed_nine_with_next_round_overtime(ph):
    # Section 1 gives 9 (hourglasses_first_section = 9) and next-round Overtime 2 more: 9 in all.
    game = ph.game(hourglasses_first_section=9, overtime_timing="next_round")
    state = ph.build(game, round=2, unavailable=0,
                     players={0: {"stress": 0, "hourglasses": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.OVERTIME)
    st = ph.srec(state)
    assert st["round"] == 3
    p = st["players"][0]
    assert (p["stress"], p["hourglasses"], p["hourglasses_next"]) == (2, 9, 0)


# --- In-game goals are checked among the living at each End of Round, and among every player
# at the end of the game (docs §7).

def test_an_in_game_goal_met_by_a_dead_player_waits_for_the_end_of_the_game(ph):
    # Seat 1's life has ended with a Partner at level 3 (Soulmates, 5 LTH); at an End of
    # Round only the living are checked, at the end of the game every player is.
    state = ph.build(ph.game(), goals=["Soulmates", "Well Read"],
                     players={0: {"hourglasses": 1},
                              1: {"hourglasses": 0, "alive": False, "stress": 20,
                                  "cards": [ph.partner_card("Nicole", level=3)]}})
    state.apply(ph.STUDY)
    st = ph.srec(state)
    assert st["round"] == 2 and st["goals_claimed_by"] == [0, 0]
    ph.play_out(state)
    st = ph.srec(state)
    assert st["goals_claimed_by"][0] == 2
    assert state.scores()[1] == 5
