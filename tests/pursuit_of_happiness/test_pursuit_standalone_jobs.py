"""The Stand-alone Jobs promo (KS Promos rulebook §4): 3 Jobs without levels, shuffled into the
Jobs deck, whose Work Harder cost may be paid up to twice on hiring and at each Upkeep."""

import json

import pytest

import lifespan

GAME = "pursuit_of_happiness"
COMEDIAN = "Stand Up Comedian"


def standalone_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["standalone_jobs"], **rules)


def job_entry(game, name):
    """The Job row entry (card * 2 + face) of a Job card: base Jobs first, then the promo's."""
    jobs = [c for c in game.cards() if c["kind"] in ("job", "standalone_job")]
    return 2 * [c["name"] for c in jobs].index(name)


def seat0(ph, state):
    return ph.srec(state)["players"][0]


def test_three_standalone_jobs_in_the_jobs_deck():
    game = standalone_game()
    promo = [c for c in game.cards() if c["kind"] == "standalone_job"]
    assert len(promo) == 3 and all(c["expansion"] == "standalone_jobs" for c in promo)
    comedian = next(c for c in promo if c["provenance"] == "seed")
    assert comedian["name"] == COMEDIAN
    assert comedian["cost"] == {"creativity": 4, "influence": 2}
    assert comedian["work_harder_upkeep"]["reward"] == {"money": 3}
    state = game.new_state(1)
    st = json.loads(state.to_json())["state"]
    assert len(st["decks"][2]) + len(st["rows"][2]) == 2 * 0 + 18 + 3


def test_john_hires_the_comedian_working_harder_once(ph):
    # 4 Creativity and 2 Influence for 8 coins; working harder once, 1 more of each for 10.
    game = standalone_game()
    comedian = job_entry(game, COMEDIAN)
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [comedian]},
                     players={0: {"resources": [0, 5, 3], "hourglasses": 2}})
    legal = state.legal_actions()
    assert ph.get_job(0) in legal and ph.get_job_working_harder(0, 1) in legal
    assert ph.get_job_working_harder(0, 2) not in legal      # 6 Creativity and 4 Influence
    assert state.action_to_string(ph.get_job_working_harder(0, 1)) == \
        "Get a Job: Stand Up Comedian, working harder once"
    state.apply(ph.get_job_working_harder(0, 1))
    p = seat0(ph, state)
    assert p["money"] == 10 and p["resources"] == [0, 0, 0]
    assert [(c["kind"], c["id"], c["level"]) for c in p["cards"]] == [(ph.KIND_JOB, comedian >> 1, 1)]


def test_john_pays_the_upkeep_working_harder_twice(ph):
    # 1 Hourglass, 2 Creativity and 1 Influence for 7 coins; twice 1 Creativity and 1 Influence
    # more for twice 3 coins: 13 coins in all.
    game = standalone_game()
    comedian = job_entry(game, COMEDIAN)
    card = ph.in_play(ph.KIND_JOB, comedian >> 1, 0, 1, ph.ACTIVE | ph.UPKEEP_DUE)
    state = ph.build(game, round=3, unavailable=0, step=ph.UPKEEP,
                     players={0: {"resources": [0, 4, 3], "cards": [card]}})
    legal = state.legal_actions()
    assert legal == [ph.pay_upkeep(0), ph.give_up(0), ph.upkeep_working_harder(1),
                     ph.upkeep_working_harder(2)]
    assert state.action_to_string(ph.upkeep_working_harder(2)) == \
        "Pay upkeep: Stand Up Comedian, working harder twice"
    state.apply(ph.upkeep_working_harder(2))
    p = seat0(ph, state)
    assert p["money"] == 13 and p["resources"] == [0, 0, 0] and p["hourglasses"] == 5
    assert not p["cards"][0]["flags"] & ph.UPKEEP_DUE


@pytest.mark.parametrize("stress, times, after, alive", [(5, 1, 5, True), (10, 1, 10, True), (8, 1, 8, True),
                                                     (18, 2, 20, False)])
def test_an_upkeeps_stress_comes_before_its_reward(ph, stress, times, after, alive):
    # Personal Trainer: upkeep 1 Hourglass and 1 Influence for 5 coins and 1 Relax; working
    # harder, each time 1 Influence and 1 Stress more for 3 coins. The Stress is part of the
    # cost, so it comes first: the Relax then brings it back within the section (5 spaces),
    # and Stress past the last space ends the life before any Relax.
    game = standalone_game()
    trainer = job_entry(game, "Personal Trainer")
    card = ph.in_play(ph.KIND_JOB, trainer >> 1, 0, 1, ph.ACTIVE | ph.UPKEEP_DUE)
    state = ph.build(game, round=3, unavailable=0, step=ph.UPKEEP,
                     players={0: {"resources": [0, 0, 3], "stress": stress, "cards": [card]}})
    state.apply(ph.upkeep_working_harder(times))
    p = seat0(ph, state)
    assert (p["stress"], p["alive"], p["money"]) == (after, alive, 5 + 3 * times)


@pytest.mark.parametrize("times,coins", [(0, 7), (1, 10)])
def test_working_harder_at_upkeep_is_a_choice(ph, times, coins):
    game = standalone_game()
    comedian = job_entry(game, COMEDIAN)
    card = ph.in_play(ph.KIND_JOB, comedian >> 1, 0, 1, ph.ACTIVE | ph.UPKEEP_DUE)
    state = ph.build(game, round=3, unavailable=0, step=ph.UPKEEP,
                     players={0: {"resources": [0, 3, 2], "cards": [card]}})
    assert ph.upkeep_working_harder(2) not in state.legal_actions()   # 4 Creativity needed
    state.apply(ph.upkeep_working_harder(times) if times else ph.pay_upkeep(0))
    assert seat0(ph, state)["money"] == coins


def test_a_standalone_job_has_no_promotion_and_no_retirement(ph):
    game = standalone_game(retirement_level=1)
    comedian = job_entry(game, COMEDIAN)
    arts_2 = next(2 * i + f for i, c in enumerate(ph.JOB_CARDS) for f, face in enumerate(c["faces"])
                  if face["category"] == "arts" and face["level"] == 2)
    card = ph.in_play(ph.KIND_JOB, comedian >> 1, 0, 1, ph.ACTIVE)
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [arts_2]},
                     players={0: {"resources": [9, 9, 9], "money": 9, "cards": [card]}})
    legal = state.legal_actions()
    assert ph.promote_row(0) not in legal and ph.card_action(0) not in legal
    assert ph.get_job(0) in legal and ph.get_job_working_harder(0, 1) not in legal  # a base Job


def test_taking_another_job_discards_the_standalone_job(ph):
    game = standalone_game()
    comedian = job_entry(game, COMEDIAN)
    other = job_entry(game, "Freelance Programmer")
    card = ph.in_play(ph.KIND_JOB, comedian >> 1, 0, 1, ph.ACTIVE)
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [other]},
                     players={0: {"resources": [9, 9, 9], "cards": [card]}})
    state.apply(ph.get_job_working_harder(0, 2))
    p = seat0(ph, state)
    assert [c["id"] for c in p["cards"]] == [other >> 1]
    assert p["stress"] == 5 and p["sth"] == 0                 # no penalty for the old Job
    # 4 Knowledge and 1 Creativity, then twice 1 Knowledge and 1 Creativity: 7 + 2 * 2 coins.
    assert p["resources"] == [3, 6, 9] and p["money"] == 11
    assert comedian in ph.srec(state)["discards"][ph.JOBS]


def test_without_the_promo_no_job_works_harder(ph):
    game = ph.game()
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [ph.job("Adequate Worker")]},
                     players={0: {"resources": [9, 9, 9], "money": 9}})
    assert not any(ph.GET_JOB_WORKING_HARDER <= a < ph.UPKEEP_WORKING_HARDER for a in state.legal_actions())
    with pytest.raises(lifespan.IllegalActionError, match="working harder"):
        state.apply(ph.get_job_working_harder(0, 1))


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_meets_working_harder(ph, players):
    game = standalone_game(players)
    offered = []   # decisions where working harder was legal
    ph.sampled_games(game, 12, on_decision=lambda s: offered.append(s.legal_actions()[-1] >= 545))
    assert any(offered)


def test_only_two_working_harder_upkeep_ids_exist(ph):
    game = standalone_game()
    comedian = job_entry(game, COMEDIAN)
    card = ph.in_play(ph.KIND_JOB, comedian >> 1, 0, 1, ph.ACTIVE | ph.UPKEEP_DUE)
    state = ph.build(game, round=3, unavailable=0, step=ph.UPKEEP,
                     players={0: {"resources": [9, 9, 9], "money": 20, "cards": [card]}})
    for action in range(ph.UPKEEP_WORKING_HARDER + 2, game.num_distinct_actions):
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(action)
    assert ph.srec(state)["players"][0]["money"] == 20
