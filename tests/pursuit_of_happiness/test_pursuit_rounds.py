"""Scenario tests of The Pursuit of Happiness: the round (rules §4) —
Upkeep, End of Round and Preparation.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest



THREE_ACTIVE = ("Write Fiction", "Pottery", "Debate")

# --- 4. Upkeep ------------------------------------------------------------------------------------


def test_upkeep_more_than_three_active_cards_add_stress(ph):
    game = ph.game()
    cards = [ph.project_card(n)
             for n in ("Write Fiction", "Pottery", "Debate", "Hiking", "Running")]
    state = ph.build(game, players={0: {"hourglasses": 1, "cards": cards}, 1: {"hourglasses": 0}})
    ph.end_round(state)
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
    ph.end_round(state)
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
    ph.end_round(state)
    # 4 active: +1; 2 Partners: +1.
    assert ph.player(state, 0)["stress"] == 7


def test_upkeep_pay_or_give_up(ph):
    game = ph.game()
    # Villa: upkeep 2 coins -> +1 STH, +1 LTH. Cheap Car: upkeep 1 coin -> +1 STH.
    state = ph.build(game, players={0: {"hourglasses": 1, "money": 2, "cards": [
        ph.item_card("Villa"), ph.item_card("Cheap Car")]}, 1: {"hourglasses": 0}})
    ph.end_round(state)
    st = ph.srec(state)
    assert st["step"] == ph.UPKEEP and st["current"] == 0
    assert all(c["flags"] & ph.UPKEEP_DUE for c in st["players"][0]["cards"])
    assert state.legal_actions() == [ph.pay_upkeep(0), ph.pay_upkeep(1),
                                      ph.give_up(0), ph.give_up(1)]
    state.apply(ph.pay_upkeep(0))
    p = ph.player(state, 0)
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
    ph.end_round(state)
    assert state.legal_actions() == [ph.pay_upkeep(1), ph.give_up(0), ph.give_up(1)]
    state.apply(ph.pay_upkeep(1))
    assert state.legal_actions() == [ph.pay_upkeep(0), ph.give_up(0)]
    state.apply(ph.pay_upkeep(0))
    p = ph.player(state, 0)
    assert (p["money"], p["resources"]) == (0, [0, 0, 1])


def test_upkeep_job_hourglasses_are_paid_from_the_round(ph):
    game = ph.game()
    # Lab Assistant: upkeep 1 Hourglass + 1 Knowledge -> 4 coins.
    state = ph.build(game, round=2, unavailable=0, players={
        0: {"hourglasses": 1, "resources": [1, 0, 0], "cards": [ph.job_card("Lab Assistant")]},
        1: {"hourglasses": 0}})
    ph.end_round(state)
    st = ph.srec(state)
    assert st["round"] == 3 and st["step"] == ph.UPKEEP
    state.apply(ph.pay_upkeep(0))
    p = ph.player(state, 0)
    assert (p["hourglasses"], p["resources"], p["money"]) == (5, [0, 0, 0], 4)


def test_upkeep_seats_decide_from_the_first_player_clockwise(ph):
    game = ph.game(players=3)
    cards = [ph.item_card("Villa")]
    state = ph.build(game, first_player=2, current=2, players={
        0: {"hourglasses": 0, "money": 2, "cards": cards},
        1: {"hourglasses": 0, "money": 2, "cards": [ph.item_card("Cheap Car")]},
        2: {"hourglasses": 1, "money": 2, "cards": [ph.item_card("Sailboat")]}})
    ph.end_round(state)
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
    ph.end_round(state)
    state.apply(ph.pay_upkeep(0))
    p = ph.player(state, 0)
    assert (p["money"], p["sth"], p["lth"]) == (0, 1, 1)


def test_upkeep_relief_is_one_coin_per_round_not_per_card(ph):
    game = ph.game()
    # Villa 2 coins + Cheap Car 1 coin = 3 coins of Upkeep, 1 less for Thrifty: 2 coins.
    state = ph.build(game, players={0: {"hourglasses": 1, "money": 3, "trait": "Thrifty",
                                        "cards": [ph.item_card("Villa"),
                                                  ph.item_card("Cheap Car")]},
                                    1: {"hourglasses": 0}})
    ph.end_round(state)
    while ph.srec(state)["step"] == ph.UPKEEP:
        state.apply(min(a for a in state.legal_actions() if a < ph.GIVE_UP))
    assert ph.player(state, 0)["money"] == 3 - 2


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
    ph.end_round(state)
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
    ph.end_round(state)
    st = ph.srec(state)
    assert st["round"] == 2 and st["first_player"] == 0 and st["current"] == 0


def test_end_of_round_hourglasses_return_and_rows_are_dealt_anew(ph):
    game = ph.game()
    st0 = ph.srec(ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}}))
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    ph.end_round(state)
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
    ph.end_round(state)
    st = ph.srec(state)
    assert st["round"] == 2 and st["unavailable"] == 0
    assert ph.OVERTIME in state.legal_actions()


def test_job_row_players_parameter_deals_one_job_per_player(ph):
    game = ph.game(players=3, job_row="players")
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0},
                                    2: {"hourglasses": 0}})
    ph.end_round(state)
    assert [len(r) for r in ph.srec(state)["rows"]] == [4, 4, 3, 4]


def test_job_row_players_parameter_deals_two_jobs_in_solo(ph):
    # Solo is set up as a 2-player game, so one Job per player shows two.
    game = ph.game(players=1, job_row="players")
    state = ph.build(game, players={0: {"hourglasses": 1}})
    ph.end_round(state)
    assert [len(r) for r in ph.srec(state)["rows"]] == [4, 4, 2, 4]


@pytest.mark.parametrize("round_, added, unavailable", [
    (2, 0, 0), (4, 0, 0), (5, 3, 1 << 4), (6, 6, 1 << 4), (7, 9, 1 << 4)])
def test_preparation_old_age_stress_and_overtime_blocked(ph, round_, added, unavailable):
    game = ph.game(players=3)
    state = ph.build(game, round=round_, unavailable=1 << 4 if round_ >= 6 else 0,
                     current=2, players={0: {"stress": 0, "hourglasses": 0},
                                         1: {"stress": 3, "hourglasses": 0},
                                         2: {"stress": 8, "hourglasses": 1}})
    ph.end_round(state)   # seat 2 Rests first: 8 -> 6
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
    ph.end_round(state)
    st = ph.srec(state)
    assert st["players"][0]["money"] == 1 + 2
    assert st["players"][1]["resources"] == [0, 1, 0]


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
    state = ph.build(ph.game(), goals=ph.NO_GOALS, players={
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
