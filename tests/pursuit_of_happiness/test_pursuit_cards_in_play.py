"""Scenario tests of The Pursuit of Happiness: cards taken and played (rules §4) —
the Active slots, Jobs with retirement and promotion, Projects and Group Projects, Items, and Relationships.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest

import lifespan


FICTION = "Write Fiction"    # L1 Fan Fiction: 1 Knowledge, 2 Creativity; +1 STH

PAINTBALL = "Paintball"   # Team Captain K1 I2 (+1 STH +1 LTH), Sharpshooter K2 C1 (+2 LTH),

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


LECTURER = "University Lecturer"    # science level 3; retirement: 4 coins each Upkeep

THREE_ACTIVE = ("Write Fiction", "Pottery", "Debate")

# --- 4. Active slots and Jobs ---------------------------------------------------------------------

def test_taking_a_fourth_active_card_costs_one_stress(ph):
    game = ph.game()
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery", "Debate")]
    cards.append(ph.item_card("Villa"))        # Items take no Active slot
    # Birdwatching L1: 1 Knowledge, 1 Creativity, +1 STH.
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Birdwatching")]},
                     players={0: {"resources": [1, 1, 0], "cards": cards}})
    state.apply(ph.start_project(0))
    p = ph.player(state, 0)
    assert p["stress"] == 6
    assert p["resources"] == [0, 0, 0] and p["sth"] == 1
    assert sum(1 for c in p["cards"] if c["flags"] & ph.ACTIVE) == 4


def test_taking_a_third_active_card_costs_no_stress(ph):
    game = ph.game()
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery")] + [ph.item_card("Villa")]
    state = ph.build(game, rows={ph.PROJECTS: [ph.project("Birdwatching")]},
                     players={0: {"resources": [1, 1, 0], "cards": cards}})
    state.apply(ph.start_project(0))
    assert ph.player(state, 0)["stress"] == 5


def test_get_a_job_meets_the_requirement_pays_the_cost_and_gains_the_reward(ph):
    game = ph.game()
    # Computer Technician: needs 3 Knowledge, costs 1 Creativity, gives 3 coins.
    tech = ph.job("Computer Technician")
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [tech]},
                     players={0: {"resources": [3, 1, 0], "money": 1}})
    state.apply(ph.get_job(0))
    p = ph.player(state, 0)
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
    assert ph.player(state, 0)["money"] == 3


def test_get_a_job_with_the_job_discount_trait(ph):
    game = ph.game()
    # Ambitious: "Jobs cost you 1 resource or coin less". Computer Technician costs 1 Creativity.
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [ph.job("Computer Technician")]},
                     players={0: {"trait": "Ambitious", "resources": [3, 0, 0]}})
    assert ph.get_job(0) in state.legal_actions()
    state.apply(ph.get_job(0))
    p = ph.player(state, 0)
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


# --- 4. Projects ----------------------------------------------------------------------------------

def test_advance_a_basic_project_level_by_level_to_completion(ph):
    game = ph.game()
    bee = ph.project("Beekeeping")
    # First Hive K2 C1 -> 1 LTH; Honey Harvest (1 Hourglass) K2 C1 I1 -> 2 coins, 1 LTH;
    # Buzzing Apiary (1 Hourglass) K3 C1 I2 -> 3 LTH. No STH on the way: no discount.
    state = ph.build(game, rows={ph.PROJECTS: [bee]},
                     players={0: {"resources": [7, 3, 3]}, 1: {"hourglasses": 0}})
    state.apply(ph.start_project(0))
    p = ph.player(state, 0)
    assert p["resources"] == [5, 2, 3] and p["lth"] == 1 and p["hourglasses"] == 5
    assert [(c["id"], c["level"], c["flags"]) for c in p["cards"]] == \
           [(bee, 1, ph.ACTIVE | ph.STARTED)]
    assert state.action_to_string(ph.card_action(0)) == "Advance: Beekeeping (Honey Harvest)"
    state.apply(ph.card_action(0))
    p = ph.player(state, 0)
    assert p["resources"] == [3, 1, 2] and p["money"] == 2 and p["lth"] == 2
    assert p["hourglasses"] == 4 and p["cards"][0]["level"] == 2
    state.apply(ph.card_action(0))
    p = ph.player(state, 0)
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
    p = ph.player(state, 0)
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
    p = ph.player(state, 0)
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
    p1 = ph.player(state, 1)
    assert p1["resources"] == [0, 0, 0] and p1["lth"] == 2 and p1["hourglasses"] == 5
    assert p1["cards"] == [] and p1["stress"] == 5
    state.apply(ph.join_group(0, 0, 3))
    p2 = ph.player(state, 2)
    assert p2["resources"] == [0, 0, 0] and p2["lth"] == 2
    card = ph.player(state, 0)["cards"][0]
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
    p0 = ph.player(state, 0)
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


# --- 4. Items and Partners: Upgrade, Spend, Develop a Relationship ---------------------------------


def test_upgrade_an_item(ph):
    game = ph.game()
    # A Comic Book Collection L1; Wall: 4 coins and 1 Hourglass; +1 STH, +1 LTH.
    state = ph.build(game, players={0: {"money": 5, "sth": -2,
                                        "cards": [ph.item_card("comic_book_collection")]}})
    assert state.action_to_string(ph.card_action(0)) == "Upgrade: A Comic Book Collection (Wall)"
    state.apply(ph.card_action(0))
    p = ph.player(state, 0)
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
    p = ph.player(state, 0)
    assert (p["resources"], p["sth"], p["lth"], p["hourglasses"]) == ([0, 0, 0], 3, 1, 5)
    assert p["cards"][0]["level"] == 2


def test_spend_buys_an_item_at_level_one_outside_the_active_slots(ph):
    game = ph.game()
    cards = [ph.project_card(n) for n in ("Write Fiction", "Pottery", "Debate")]
    # Villa, Country Villa: 6 coins; +1 STH, +2 LTH.
    state = ph.build(game, rows={ph.ITEMS: [ph.item("Villa")]},
                     players={0: {"money": 7, "cards": cards}})
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
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
    p = ph.player(state, 0)
    assert (p["money"], p["hourglasses"], p["sth"], p["lth"]) == (1, 4, 1, 1)
    assert p["cards"] == [ph.item_card("A Comic Book Collection", level=2)]
    assert p["spaces_used"] == 1 << ph.SPEND_SPACE
    assert ph.srec(state)["rows"][ph.ITEMS] == []


def test_spend_at_a_higher_level_then_upgrades_from_there(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"money": 6, "cards": [ph.item_card("A Comic Book Collection", level=2)]}})
    assert state.action_to_string(ph.card_action(0)).startswith("Upgrade: A Comic Book Collection")
    state.apply(ph.card_action(0))  # Room: 6 coins, +3 LTH
    p = ph.player(state, 0)
    assert p["cards"][0]["level"] == 3 and (p["money"], p["lth"]) == (0, 3)


def test_item_purchase_first_level_offers_only_level_one(ph):
    game = ph.game(item_purchase="first_level")
    state = ph.build(game, rows={ph.ITEMS: [ph.item("A Comic Book Collection")]},
                     players={0: {"money": 9}})
    legal = state.legal_actions()
    assert ph.spend(0) in legal and not any(a >= ph.SPEND_AT_LEVEL for a in legal)
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(ph.spend_at_level(0, 2))
    assert ph.player(state, 0)["money"] == 9  # a rejected action changes nothing


def test_an_activity_is_used_at_its_one_level_only(ph):
    game = ph.game()
    activity = next(c["name"] for c in ph.ITEM_CARDS if c["kind"] == "activity")
    state = ph.build(game, rows={ph.ITEMS: [ph.item(activity)]}, players={0: {"money": 20, "resources": [9, 9, 9]}})
    assert not any(a >= ph.SPEND_AT_LEVEL for a in state.legal_actions())

# --- 4. Jobs: retirement and promotion ------------------------------------------------------------


def test_retirement_at_retirement_level(ph):
    game = ph.game()
    state = ph.build(game, round=3, unavailable=0, players={
        0: {"hourglasses": 2, "cards": [ph.job_card(LECTURER)]}, 1: {"hourglasses": 0}})
    assert state.action_to_string(ph.card_action(0)) == "Retire: University Lecturer"
    state.apply(ph.card_action(0))
    p = ph.player(state, 0)
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
    p = ph.player(state, 0)
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
        p = ph.player(state, 0)
        assert p["resources"] == [0, 0, 3 - paid + 1] and p["sth"] == 1
        assert [(c["kind"], c["id"], c["face"], c["level"], c["flags"]) for c in p["cards"]] == \
               [(ph.KIND_PARTNER, nicole >> 1, nicole & 1, 1, ph.ACTIVE)]


# --- A 4th Project, Job or Partner with the 3 Active slots full: +1 Stress (summary, Action 2.1),
# whichever board action takes it.

def test_get_a_job_with_three_active_cards_costs_one_stress(ph):
    # Computer Technician: needs 3 Knowledge, costs 1 Creativity, gives 3 coins.
    tech = ph.job("Computer Technician")
    state = ph.build(ph.game(), round=2, unavailable=0, rows={ph.JOBS: [tech]},
                     players={0: {"resources": [3, 1, 0],
                                  "cards": [ph.project_card(n) for n in THREE_ACTIVE]}})
    state.apply(ph.get_job(0))
    p = ph.player(state, 0)
    assert (p["stress"], p["resources"], p["money"]) == (6, [3, 0, 0], 3)
    assert sum(1 for c in p["cards"] if c["flags"] & ph.ACTIVE) == 4


def test_start_a_relationship_with_three_active_cards_costs_one_stress(ph):
    # Nicole, First Date: 3 Influence; +1 Influence, +1 STH (trait Rich: no Partner discount).
    state = ph.build(ph.game(), round=2, unavailable=0, rows={ph.PARTNERS: [ph.partner("Nicole")]},
                     players={0: {"trait": "Rich", "resources": [0, 0, 3],
                                  "cards": [ph.project_card(n) for n in THREE_ACTIVE]}})
    state.apply(ph.start_relationship(0))
    p = ph.player(state, 0)
    assert (p["stress"], p["resources"], p["sth"]) == (6, [0, 0, 1], 1)


def test_start_a_group_project_with_three_active_cards_costs_one_stress(ph):
    # Paintball, Team Captain: K1 I2 -> +1 STH, +1 LTH. A Group Project is a Project card.
    state = ph.build(ph.game(), rows={ph.PROJECTS: [ph.project("Paintball")]},
                     players={0: {"resources": [1, 0, 2],
                                  "cards": [ph.project_card(n) for n in THREE_ACTIVE]}})
    state.apply(ph.start_project(0, 0))
    p = ph.player(state, 0)
    assert (p["stress"], p["resources"], p["sth"], p["lth"]) == (6, [0, 0, 0], 1, 1)
