"""Scenario tests of The Pursuit of Happiness: scoring (rules §5 and §6) —
Inheritance, Life Goals, a life that ends, and Solo.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest



def _last_action(ph, game, players, goals=None, **fields):
    """Round 8, seat 0 places its last Hourglass on Rest: the game ends (no in-game goal met
    unless `goals` names some)."""
    goals = ph.NO_GOALS if goals is None else goals
    players = {s: dict(v) for s, v in players.items()}
    players.setdefault(0, {})["hourglasses"] = 1
    for s in range(1, game.num_players):
        players.setdefault(s, {})["hourglasses"] = 0
    state = ph.build(game, round=8, unavailable=1 << 4, goals=goals, players=players, **fields)
    state.apply(ph.REST)
    assert state.is_terminal()
    return state


SOLO_GOALS = ["Well Read", "Daydreamer", "People Person"]   # solo: at least 10 of each

# --- 5. Scoring: Inheritance and Life Goals -------------------------------------------------------


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
    p = ph.player(state, 0)
    assert not p["alive"] and p["lth"] == 3 and not p["inherited"]
    ph.play_out(state)
    # Well Read and Daydreamer (most Knowledge / Creativity) go to seat 0 too: 7 and 4 vs 0.
    assert state.scores()[0] == 3 + 5 + 3 + 3


def test_inheritance_at_death(ph):
    game = ph.game(inheritance_timing="death")
    state = ph.build(game, goals=ph.NO_GOALS,
                     players={0: {"stress": 19, "lth": 3, "resources": [7, 4, 10],
                                  "money": 14, "cards": [ph.item_card("Villa")]}})
    state.apply(ph.discard(0))
    p = ph.player(state, 0)
    assert not p["alive"] and p["lth"] == 3 + 5 and p["inherited"]
    ph.play_out(state)
    assert state.scores()[0] == 8     # not a second time at the end


def test_inheritance_at_death_counts_what_is_held_when_the_life_ends(ph):
    # Studying again on one's own space: +1 Stress ends the life, then Study's 3 Knowledge
    # arrive. Inheritance was counted at the death, from 12 Knowledge, not 15 (docs §5).
    game = ph.game(inheritance_timing="death")
    state = ph.build(game, goals=ph.NO_GOALS, players={0: {"stress": 19, "resources": [12, 10, 10], "money": 10,
                                                       "spaces_used": 1 << ph.STUDY_SPACE}})
    state.apply(ph.STUDY)
    p = ph.player(state, 0)
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
    ph.end_round(state)
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
    ph.end_round(state)
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


# --- A life that ends keeps its LTH, and the player may still win (issue 3; source S4).

def test_a_player_whose_life_ended_can_still_win(ph):
    # Seat 0 (10 LTH) dies at once from a Discard; seat 1 (2 LTH) plays on to the end.
    state = ph.build(ph.game(), goals=ph.NO_GOALS,
                     players={0: {"stress": 19, "lth": 10, "cards": [ph.item_card("Villa")]},
                              1: {"lth": 2}})
    state.apply(ph.discard(0))
    assert not ph.player(state, 0)["alive"]
    ph.play_out(state)
    assert state.scores() == [10, 2]
    assert state.returns() == [1.0, -1.0]


def test_the_last_life_ending_in_the_action_phase_ends_the_game(ph):
    # The game ends once every life has (summary, End of Round 8). Seat 1 is already dead;
    # seat 0 works Overtime at Stress 19 and its life ends.
    state = ph.build(ph.game(), round=2, unavailable=0, goals=ph.NO_GOALS,
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
