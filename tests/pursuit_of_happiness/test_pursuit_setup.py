"""Scenario tests of The Pursuit of Happiness: Setup (rules §3) —
the Hourglasses, tracks and tokens each seat starts with, the rows, the Life Goals, the trait choice and the first player.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest


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
