"""A finite, published game length and observation bounds, for both games: the free actions of a
Pursuit of Happiness turn are bounded (rule max_free_actions_per_turn), `game.max_game_length()`
bounds the player moves of any game (docs/pursuit_of_happiness_engine.md §9,
docs/time_of_your_life.md §10), and `game.observation_bounds()` bounds every observation entry.
Random games and a free-action-greedy player test both bounds."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import lifespan

PURSUIT = "pursuit_of_happiness"
EVERY_EXPANSION = ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs",
                   "community", "best_friends", "school", "relatives"]
FREE_ACTIONS = ("Refresh the ", "Discard: ", "Event task", "Place Nostalgia: ", "Discard Nostalgia: ",
                "Active Trigger: ", "Ability: ")

VARIANTS = [
    ("time_of_your_life", {"players": 2}),
    ("time_of_your_life", {"players": 2, "two_player_swap": "off"}),
    ("time_of_your_life", {"players": 4, "limited_token_supply": True}),
    ("time_of_your_life", {"players": 6, "icon_matching": "any_edge"}),
    (PURSUIT, {"players": 1}),
    (PURSUIT, {"players": 2}),
    (PURSUIT, {"players": 4, "discard_scope": "any_card"}),
    (PURSUIT, {"players": 3, "expansions": ["experiences", "kids"]}),
    (PURSUIT, {"players": 2, "expansions": ["nostalgia", "events", "trends"]}),
    (PURSUIT, {"players": 4, "expansions": ["pets", "standalone_jobs", "best_friends", "school", "relatives"]}),
    (PURSUIT, {"players": 5, "expansions": EVERY_EXPANSION}),
]


def label(variant):
    name, params = variant
    return f"{name}-{params['players']}p-{'+'.join(params.get('expansions', ['base']))}"


def is_free(state, action):
    return state.action_to_string(action).startswith(FREE_ACTIONS)


# Choices that make a game longer, in the order a long game prefers them: free actions, then
# paying (an Upkeep, a discount forgone: more payment moves) and keeping Kids (more Upkeep).
LONGER = (FREE_ACTIONS, ("Forgo", "Pay upkeep: ", "Keep "))


def free_greedy(rng):
    """Takes a free action whenever it may (Refresh, Discard, …), else pays and keeps where it
    may, else any legal action."""
    def choose(state, legal):
        for prefixes in LONGER:
            longer = [a for a in legal if state.action_to_string(a).startswith(prefixes)]
            if longer:
                return rng.choice(longer)
        return rng.choice(legal)
    return choose


def uniform(rng):
    return lambda state, legal: rng.choice(legal)


def play(game, seed, policy, observe=None):
    """Plays one game to its end with `policy`; returns the moves made. `observe(state)` sees
    every position on the way."""
    state, rng, moves = game.new_state(seed), random.Random(seed), 0
    choose = policy(rng)
    bound = game.max_game_length()
    while not state.is_terminal():
        if observe:
            observe(state)
        state.apply(choose(state, state.legal_actions()))
        moves += 1
        assert moves <= bound, f"a game passed max_game_length() = {bound}"
    if observe:
        observe(state)
    return moves


def a_turn_to_refresh_in(game, seed=3):
    """A Pursuit state in the Action phase whose seat to move may refresh a row."""
    state, rng = game.new_state(seed), random.Random(seed)
    while not any(state.action_to_string(a).startswith("Refresh the ") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    return state


def refresh(state):
    return next(a for a in state.legal_actions() if state.action_to_string(a).startswith("Refresh the "))


# --- the free actions of a turn ----------------------------------------------------------------


def test_the_free_actions_rule_is_declared_like_the_others():
    game = lifespan.load_game(PURSUIT)
    assert game.parameters["max_free_actions_per_turn"] == 100
    assert lifespan.load_game(PURSUIT, max_free_actions_per_turn=3).parameters["max_free_actions_per_turn"] == 3
    for bad in (0, 256):
        with pytest.raises(lifespan.RulesError, match="max_free_actions_per_turn"):
            lifespan.load_game(PURSUIT, max_free_actions_per_turn=bad)


@pytest.mark.parametrize("cap", [1, 3, 100])
def test_a_turn_takes_at_most_the_rules_free_actions(cap):
    game = lifespan.load_game(PURSUIT, players=2, max_free_actions_per_turn=cap)
    state = a_turn_to_refresh_in(game)
    seat = state.current_player
    for taken in range(cap):
        assert state._to_record()["free_actions"] == taken
        state.apply(refresh(state))
        assert state.current_player == seat
    legal = state.legal_actions()
    assert legal and not any(is_free(state, a) for a in legal)   # only the main action (or Pass) left
    refresh_row = next(a for a in range(game.num_distinct_actions)
                       if state.action_to_string(a).startswith("Refresh the Project row"))
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(refresh_row)
    assert state.to_json() == before                             # a refused action changes nothing
    assert not state.legal_actions_mask()[refresh_row]
    state.apply(legal[0])                                        # the main action ends the turn
    while state.current_player == seat and not state.is_terminal():
        state.apply(state.legal_actions()[0])                    # its payment, if any
    assert state._to_record()["free_actions"] == 0


def test_the_playout_sampler_draws_no_free_action_past_the_bound():
    game = lifespan.load_game(PURSUIT, players=3, max_free_actions_per_turn=1)
    state = a_turn_to_refresh_in(game)
    assert any(is_free(state, a) for a in state._sample_actions(400, 2))   # before: it does
    state.apply(refresh(state))
    drawn = state._sample_actions(400, 2)
    assert set(drawn) <= set(state.legal_actions()) and not any(is_free(state, a) for a in drawn)
    assert lifespan.playouts(game, 100, seed=1, threads=1).shape == (100, 3)


def test_the_count_is_saved_and_an_older_save_loads_with_none_taken():
    game = lifespan.load_game(PURSUIT, players=2)
    state = a_turn_to_refresh_in(game)
    state.apply(refresh(state))
    state.apply(refresh(state))
    document = json.loads(state.to_json())
    assert document["version"] == 4 and document["state"]["free_actions"] == 2
    assert game.state_from_json(state.to_json()) == state
    # Version 3 had neither the field nor the rule: such a document loads with none taken.
    document["version"] = 3
    del document["state"]["free_actions"], document["parameters"]["max_free_actions_per_turn"]
    older = lifespan.load_state(json.dumps(document))
    assert older._to_record()["free_actions"] == 0 and older.game == game
    document["state"]["free_actions"] = 101
    document["version"] = 4
    with pytest.raises(ValueError, match="free_actions: at most max_free_actions_per_turn"):
        game.state_from_json(json.dumps(document))


# --- max_game_length ----------------------------------------------------------------------------


def test_max_game_length_is_a_positive_integer_of_each_game():
    for name, params in VARIANTS:
        length = lifespan.load_game(name, **params).max_game_length()
        assert isinstance(length, int) and length > 0
    # The Time of Your Life bound, worked out by hand (docs/time_of_your_life.md §10): a card a
    # round, 2 midpoint moves, 24 Trait tokens, and with 2 players a swap each round.
    assert lifespan.load_game("time_of_your_life", players=4).max_game_length() == 4 * (10 + 2 + 24)
    assert lifespan.load_game("time_of_your_life", players=2).max_game_length() == 2 * (10 + 2 + 24 + 10)
    assert lifespan.load_game("time_of_your_life", players=2, two_player_swap="off").max_game_length() == 2 * 36
    # Pursuit's grows with the free-action bound.
    assert (lifespan.load_game(PURSUIT, max_free_actions_per_turn=200).max_game_length()
            > lifespan.load_game(PURSUIT).max_game_length())


@pytest.mark.parametrize("variant", VARIANTS, ids=label)
def test_random_and_free_greedy_games_end_within_max_game_length(variant):
    name, params = variant
    game = lifespan.load_game(name, **params)
    longest = 0
    for seed in range(4):
        for policy in (uniform, free_greedy):
            longest = max(longest, play(game, seed, policy))
    # The slack, for docs: the longest game seen against the bound.
    print(f"{label(variant)}: longest {longest} of {game.max_game_length()} "
          f"({longest / game.max_game_length():.3f})")


def test_refreshing_forever_now_ends():
    # The finding: 5,000 Refreshes in a row and the game still ran. Now a seat that
    # refreshes whenever it may still ends its game.
    game = lifespan.load_game(PURSUIT, players=2)
    moves = play(game, 11, free_greedy)
    assert moves <= game.max_game_length()


# --- observation bounds -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=label)
def test_every_observation_lies_within_the_bounds(variant):
    name, params = variant
    game = lifespan.load_game(name, **params)
    low, high = game.observation_bounds()
    assert low.dtype == high.dtype == np.float32
    assert low.shape == high.shape == game.observation_shape
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= high).all()
    seen_low, seen_high = np.full_like(low, np.inf), np.full_like(high, -np.inf)

    def observe(state):
        for player in range(game.num_players):
            seen = state.observation(player)
            outside = np.flatnonzero((seen < low) | (seen > high))
            assert outside.size == 0, f"entries {outside[:5]} out of bounds: {seen[outside[:5]]}"
            np.minimum(seen_low, seen, out=seen_low)
            np.maximum(seen_high, seen, out=seen_high)

    for seed in range(3):
        for policy in (uniform, free_greedy):
            play(game, seed, policy, observe)
