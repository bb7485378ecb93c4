"""Scenario tests of The Pursuit of Happiness: the tracks (rules §2) —
STH past its top and below its bottom, LTH, and Stress past the end of the track ending a life.

Positions are built by the `ph` fixture (conftest.py, which lists the builder's defaults); every
expected number is worked out by hand from the rules and the card facts, and written in the
comments.
"""


import pytest


THEME_PARK = "theme_park"     # Theme Park Day (activity): 3 coins, +3 STH

# --- 2. STH overflow ------------------------------------------------------------------------------


def test_sth_gain_past_the_top_becomes_lth_excess(ph):
    game = ph.game()
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 2, "lth": 4, "money": 5}})
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
    # 2 + 3 = 5: STH 3, the excess 2 becomes LTH.
    assert (p["sth"], p["lth"], p["money"]) == (3, 6, 2)
    assert ph.item(THEME_PARK) in ph.srec(state)["discards"][ph.ITEMS]   # an activity is used once


def test_sth_gain_past_the_top_at_max_only_converts_nothing_from_below_the_top(ph):
    game = ph.game(sth_overflow="at_max_only")
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 2, "lth": 4, "money": 5}})
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
    assert (p["sth"], p["lth"]) == (3, 4)


@pytest.mark.parametrize("overflow", ["excess", "at_max_only"])
def test_sth_gain_while_at_the_top_becomes_lth(ph, overflow):
    game = ph.game(sth_overflow=overflow)
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 3, "lth": 4, "money": 5}})
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
    assert (p["sth"], p["lth"]) == (3, 7)


def test_sth_max_parameter_moves_the_top(ph):
    game = ph.game(sth_max=5)
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                     players={0: {"sth": 4, "money": 3}})
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
    assert (p["sth"], p["lth"]) == (5, 2)


@pytest.mark.parametrize("sth, lth_after, sth_after", [(-3, 3, -3), (-2, 4, -3), (0, 4, -1)])
def test_sth_loss_below_the_bottom_comes_off_lth(ph, sth, lth_after, sth_after):
    game = ph.game()
    state = ph.build(game, players={0: {"sth": sth, "lth": 4}})
    state.apply(ph.refresh(ph.PROJECTS))
    p = ph.player(state, 0)
    assert (p["sth"], p["lth"]) == (sth_after, lth_after)


def test_lth_goes_below_zero_rather_than_make_a_loss_free(ph):
    state = ph.build(ph.game(), players={0: {"sth": -3, "lth": 0}})
    state.apply(ph.refresh(ph.PROJECTS))
    assert (ph.player(state, 0)["sth"], ph.player(state, 0)["lth"], state.scores()[0]) == (-3, -1, -1)


def test_sth_min_parameter_moves_the_bottom(ph):
    game = ph.game(sth_min=-5)
    state = ph.build(game, players={0: {"sth": -5, "lth": 2}})
    state.apply(ph.refresh(ph.ITEMS))
    assert (ph.player(state, 0)["sth"], ph.player(state, 0)["lth"]) == (-5, 1)
    state = ph.build(game, players={0: {"sth": -3, "lth": 2}})
    state.apply(ph.refresh(ph.ITEMS))
    assert (ph.player(state, 0)["sth"], ph.player(state, 0)["lth"]) == (-4, 2)


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
    p = ph.player(state, 0)
    assert p["alive"] and p["stress"] == 19


def test_stress_death_from_a_free_action_passes_the_turn(ph):
    game = ph.game()
    state = ph.build(game, players={0: {"stress": 19, "cards": [ph.item_card("Villa")]}})
    state.apply(ph.discard(0))
    assert not ph.player(state, 0)["alive"] and state.current_player == 1


def test_a_life_that_ends_during_an_action_keeps_its_marker_at_the_end(ph):
    # Community Garden as Digger (2 resources of any kind: 1 LTH, Good Health) started with an
    # own Hourglass already on Start a Project: +1 Stress, 19 -> 20, past the last space (4 x 5).
    # The life ends there; the action's LTH still counts, but its Good Health must not move the
    # marker back onto the track (docs §7). Found by the thousands-of-games invariant test.
    state = ph.build(ph.game(), rows={ph.PROJECTS: [ph.project("Community Garden")]},
                     players={0: {"stress": 19, "spaces_used": 1 << ph.START_PROJECT_SPACE,
                                  "resources": [2, 0, 0]}})
    state.apply(ph.start_project(0, 1))
    p = ph.player(state, 0)
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
