"""The random playout policy: the Action-phase sampler avoids planning every candidate, and must
still draw each legal action with equal probability and nothing else."""

import json
import random
from collections import Counter

import pytest

import lifespan


EXPANSIONS = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
              if e != "base"]


def positions(players, count, seed, expansions=()):
    """Positions reached by random play, one every few moves."""
    game = lifespan.load_game("pursuit_of_happiness", players=players, expansions=list(expansions))
    rng = random.Random(seed)
    found = []
    for game_seed in range(50):
        state = game.new_state(seed=game_seed)
        moves = 0
        while not state.is_terminal() and len(found) < count:
            if moves % 9 == 4:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
        if len(found) >= count:
            break
    return found


def assert_uniform(state, draws=3000, seed=7):
    legal = state.legal_actions()
    counts = Counter(state._sample_actions(draws, seed))
    assert set(counts) <= set(legal), "the sampler drew an illegal action"
    expected = draws / len(legal)
    # Each count is binomial; 5 standard deviations keeps this test from ever flaking.
    sd = (draws * (1 / len(legal)) * (1 - 1 / len(legal))) ** 0.5
    for action in legal:
        assert abs(counts[action] - expected) <= 5 * sd + 1, (
            f"{state.action_to_string(action)} drawn {counts[action]} times, "
            f"expected {expected:.0f} of {draws}")


@pytest.mark.parametrize("players,expansions", [(1, ()), (2, ()), (4, ()), (3, EXPANSIONS)])
def test_the_sampler_draws_only_legal_actions_each_equally_often(players, expansions):
    for state in positions(players, 12, seed=players, expansions=expansions):
        assert_uniform(state)


def test_the_sampler_draws_the_players_choices_each_equally_often(ph):
    # The Cloud or an Hourglass on the Experiences board (two ids each, drawn by rejection in
    # the Action phase), keeping or discarding a Kid whose Partner went, and which of two
    # Nostalgia board cards waiting for the same action activates.
    game = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["experiences", "kids", "nostalgia"])
    state = ph.build(game, round=2, unavailable=0, players={0: {"resources": [9, 9, 9]}})
    legal = state.legal_actions()
    with_hourglass = [a for a in legal if ph.WITH_HOURGLASS <= a < ph.KEEP_KID]
    assert len(with_hourglass) > 20 and all(ph.with_hourglass(a - ph.WITH_HOURGLASS + ph.PLAN_EXPERIENCE) == a
                                            for a in with_hourglass)
    assert {a - ph.WITH_HOURGLASS + ph.PLAN_EXPERIENCE for a in with_hourglass} <= set(legal)
    assert_uniform(state, draws=20000)

    doc = ph.position_doc(game, round=3, unavailable=0, players={0: {"cards": [ph.partner_card("Nicole", level=3)]}})
    kid = doc["state"]["kid_deck"].pop()
    doc["state"]["players"][0]["cards"].append({**ph.in_play(5, kid, 0, 1), "parent": ph.partner("Nicole") >> 1})
    kids = game.state_from_json(json.dumps(doc))
    kids.apply(ph.discard(0))
    assert kids.legal_actions() == [ph.KEEP_KID, ph.DISCARD_KID]
    assert_uniform(kids)

    nostalgia = [c for c in game.cards() if c["kind"] == "nostalgia"]
    pair = [k for k, c in enumerate(nostalgia) if c["passive"]["action"] == "study"][:2]
    trigger = ph.position_doc(game, round=3, unavailable=0)
    trigger["state"]["players"][0]["nostalgia_board"] = [{"card": k, "marks": 0} for k in pair]
    trigger["state"]["nostalgia_box"] = [k for k in trigger["state"]["nostalgia_box"] if k not in pair]
    choosing = game.state_from_json(json.dumps(trigger))
    choosing.apply(ph.STUDY)
    assert choosing.legal_actions() == [ph.CHOOSE_TRIGGER, ph.CHOOSE_TRIGGER + 1]
    assert_uniform(choosing)


def test_the_sampler_is_uniform_where_only_free_actions_and_pass_are_legal(ph):
    # Every board space under an Unavailable token and no cards in play: no main action, so the
    # legal actions are Refresh Cards on each row and Pass.
    game = ph.game()
    state = ph.build(game, round=3, unavailable=(1 << 10) - 1,
                     players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    legal = state.legal_actions()
    assert [state.action_to_string(a) for a in legal] == [
        "Refresh the Project row", "Refresh the Item-Activity row", "Pass"]
    counts = Counter(state._sample_actions(4000, 3))
    assert set(counts) == set(legal)
    for action in legal:
        assert abs(counts[action] - 4000 / len(legal)) < 200


def assert_apply_accepts_exactly_the_listed(state):
    """Every id: apply (on a child) accepts it exactly when legal_actions lists it, and the state
    is left as it was."""
    legal, before = set(state.legal_actions()), state.to_json()
    for action in range(state.game.num_distinct_actions):
        try:
            state.child(action)
            accepted = True
        except lifespan.IllegalActionError:
            accepted = False
        assert accepted == (action in legal), (state.action_to_string(action), str(state))
    assert state.to_json() == before


def test_apply_accepts_exactly_the_listed_legal_actions():
    # apply checks one action's legality directly; it must agree with legal_actions on every id.
    for players, expansions in ((1, ()), (3, ()), (2, EXPANSIONS)):
        for state in positions(players, 6, seed=10 + players, expansions=expansions):
            assert_apply_accepts_exactly_the_listed(state)


def test_the_sampler_finds_a_promotion_after_the_job_moves_down(ph):
    # Promotions are candidates only for a seat with a Job to promote, and the engine keeps that
    # Job's slot as cards come and go: a card before it leaving must not hide the promotion.
    game = ph.game()
    state = ph.build(game, round=3, unavailable=0, rows={ph.JOBS: [ph.job("Research Chemist")]},
                     players={0: {"resources": [4, 0, 0],
                                  "cards": [ph.item_card("Villa"), ph.job_card("Lab Assistant")]}})
    state.apply(ph.discard(0))       # a free action: seat 0 moves on, its Job now in slot 0
    assert state.current_player == 0
    assert ph.promote_row(0) in state.legal_actions()
    assert ph.promote_row(0) in state._sample_actions(3000, 5)
    assert game.state_from_json(state.to_json()) == state     # the kept slot equals a rebuilt one
    state.apply(ph.promote_row(0))
    assert ph.srec(state)["players"][0]["cards"][0]["level"] == 2


def test_the_sampler_counts_open_group_roles_as_they_are_taken_and_leave(ph):
    # The engine keeps each seat's open Group Project roles as a count: joining one must take it
    # out of the draws, and a card before the Project leaving must keep them.
    game = ph.game(players=2)
    ball = ph.in_play(ph.KIND_PROJECT, ph.project("Paintball"), flags=ph.ACTIVE | ph.STARTED,
                      time=1, roles=[0, -1, -1, -1])
    state = ph.build(game, players={0: {"resources": [9, 9, 9], "cards": [ph.item_card("Villa"), ball]},
                                    1: {"resources": [9, 9, 9]}})
    state.apply(ph.STUDY)             # seat 1 to move: three open roles on seat 0's Project
    joins = {ph.join_group(0, 1, role) for role in (1, 2, 3)}
    assert joins <= set(state.legal_actions())
    assert set(state._sample_actions(3000, 5)) & joins == joins
    state.apply(ph.join_group(0, 1, 1))  # Sharpshooter: a set cost, so no payment step
    assert game.state_from_json(state.to_json()) == state     # the kept count equals a rebuilt one
    state.apply(ph.discard(0))        # seat 0, a free action: the Project moves down to slot 0
    assert game.state_from_json(state.to_json()) == state
    state.apply(ph.STUDY)
    joins = {ph.join_group(0, 0, role) for role in (2, 3)}
    assert set(state._sample_actions(3000, 6)) & joins == joins
    assert not {ph.join_group(0, 0, role) for role in (0, 1)} & set(state._sample_actions(3000, 6))
    state.apply(ph.join_group(0, 0, 3))  # seat 1 has two Hourglasses on it now; seat 0 one
    assert game.state_from_json(state.to_json()) == state
    assert set(state._sample_actions(3000, 7)) & {ph.join_group(0, 0, role) for role in range(4)} == {
        ph.join_group(0, 0, 2)}


@pytest.mark.parametrize("players, expansions, rules", [
    (4, [], {}),
    (3, [], {"group_join": "own_active", "promotion": "flip", "item_purchase": "first_level"}),
    (2, ["experiences"], {"dream_slots": 2}),
    (4, EXPANSIONS, {}),
    (5, EXPANSIONS, {}),
    (3, EXPANSIONS, {"group_join": "own_active", "promotion": "flip", "item_purchase": "first_level", "dream_slots": 1}),
])
def test_apply_finds_each_main_action_where_the_listing_has_it(ph, players, expansions, rules):
    # apply finds a main action's place among the candidates and checks it there alone, without
    # walking the candidates before it: it must accept exactly the listed actions, every id, in
    # Action-phase positions spread over whole games (Group Projects open, Dream boards full,
    # Items above L1, Outcomes at L2), under the rules that change the candidates.
    game = lifespan.load_game("pursuit_of_happiness", players=players, expansions=expansions, **rules)
    rng, checked = random.Random(players), 0
    for game_seed in range(3):
        state = game.new_state(seed=game_seed)
        while not state.is_terminal():
            if rng.random() < 0.15 and ph.srec(state)["step"] == ph.ACTION:
                assert_apply_accepts_exactly_the_listed(state)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10
