"""Random-play invariants of Time of Your Life (the Time of Your Life rulebook; docs/time_of_your_life.md).

Seeded random games for every player count and the rule variants, about 2,000 games in all.
At every decision:
  - legal actions are sorted, unique, in range, and match legal_actions_mask;
  - each legal action applies (on a child), and the parent is left unchanged;
  - a few random ids that are not legal raise IllegalActionError and leave the state unchanged;
  - nothing observable is negative (deck, discards, hand sizes, token counts);
and for sampled states (every state of the first games of each configuration), the JSON
document round-trips to an equal state and holds no negative count. Each game must end, a
replay with the same seed must give the same game, and under the standard deck rules every
timeline ends with 10 cards.
"""

import json
import random

import numpy as np
import pytest

import lifespan

GAME = "time_of_your_life"
NUM_ACTIONS = 211
MAX_DECISIONS = 400  # a game has at most ~10 * 6 * 3 + midpoint + inspiration decisions

# (players, rules, games)
CONFIGS = [
    (2, {}, 150),
    (2, {"two_player_swap": "passed_only"}, 120),
    (2, {"two_player_swap": "off", "winner_tie_break": "happiness"}, 120),
    (3, {}, 150),
    (3, {"icon_matching": "any_edge", "happiness_bonus_tie": "none"}, 130),
    (3, {"limited_token_supply": True, "max_trait_tokens_per_card": 1}, 130),
    (4, {}, 150),
    (4, {"timeline_layout": "youngest_right", "age_order": "number"}, 130),
    (4, {"max_trait_tokens_per_card": 2, "winner_tie_break": "happiness"}, 130),
    (5, {}, 140),
    (5, {"limited_token_supply": True, "icon_matching": "any_edge"}, 130),
    (6, {}, 140),
    (6, {"midpoint_empty_deck": "short"}, 130),
    (6, {"limited_token_supply": True, "timeline_layout": "youngest_right"}, 130),
]
FULL_CHECK_GAMES = 3   # games per configuration whose every state is round-tripped via JSON
REPLAY_EVERY = 10      # every 10th game is replayed from its seed


def choose(rng, legal):
    # Lean towards discarding at the midpoint (80+c) so the deck runs dry in 6-player games.
    if 160 in legal and len(legal) > 1 and rng.random() < 0.8:
        return legal[0]
    return rng.choice(legal)


def check_no_negative_counts(doc):
    st = doc["state"]
    assert st["happiness_supply"] >= 0 and st["inspiration_supply"] >= 0
    assert all(v >= 0 for v in st["trait_supply"])
    for p in st["players"]:
        for key in ("happiness", "inspiration", "inspiration_unplaced"):
            assert p[key] >= 0, key
        assert p["inspiration_unplaced"] <= p["inspiration"]
        assert len(p["hand"]) <= 7 and len(p["timeline"]) <= 10
    cards = st["deck"] + st["discards"] + [c for p in st["players"]
                                           for c in p["hand"] + p["timeline"]]
    assert sorted(cards) == list(range(80))


def check_json_round_trip(game, state):
    text = state.to_json()
    again = game.state_from_json(text)
    assert again == state
    assert again.to_json() == text
    check_no_negative_counts(json.loads(text))


def check_decision(state, rng, num_players, obs_size):
    legal = state.legal_actions()
    assert legal, "a state that is not over must have a legal action"
    assert legal == sorted(set(legal))
    assert 0 <= legal[0] and legal[-1] < NUM_ACTIONS
    assert np.flatnonzero(state.legal_actions_mask()).tolist() == legal
    assert 0 <= state.current_player < num_players
    for a in legal:
        state.child(a)
    legal_set = set(legal)
    for _ in range(3):
        bad = rng.randrange(-3, NUM_ACTIONS + 3)
        if bad in legal_set:
            continue
        before = state.clone()
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(bad)
        assert state == before
    # nothing observable is negative (the score may be)
    obs = state.observation(state.current_player)
    assert obs.shape == (obs_size,)
    header_and_cards = obs[:170]
    assert (header_and_cards >= 0).all()
    for k in range(num_players):
        row = obs[170 + 91 * k: 170 + 91 * (k + 1)]
        assert (row[:90] >= 0).all()


def play_game(game, seed, full_check):
    """Plays one seeded random game with the checks; returns (actions, final state)."""
    rng = random.Random(seed * 7919 + game.num_players)
    state = game.new_state(seed=seed)
    n = game.num_players
    obs_size = game.observation_shape[0]
    sample = {rng.randrange(60) for _ in range(2)}
    actions = []
    for step in range(MAX_DECISIONS):
        if state.is_terminal():
            break
        check_decision(state, rng, n, obs_size)
        if full_check or step in sample:
            check_json_round_trip(game, state)
        parent = state.clone()
        action = choose(rng, state.legal_actions())
        state.apply(action)
        assert parent != state
        actions.append(action)
    else:
        pytest.fail(f"game did not end after {MAX_DECISIONS} decisions (seed {seed})")
    assert state.current_player == -4
    assert state.legal_actions() == []
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0, abs=1e-9)
    assert max(returns) > 0 or len(set(returns)) == 1
    check_json_round_trip(game, state)
    return actions, state


@pytest.mark.parametrize("players, rules, games", CONFIGS,
                         ids=[f"{p}p-" + ("-".join(f"{k}={v}" for k, v in r.items()) or "default")
                              for p, r, _ in CONFIGS])
def test_random_play_invariants(players, rules, games):
    game = lifespan.load_game(GAME, players=players, rules=rules)
    short = rules.get("midpoint_empty_deck") == "short"
    lengths_seen = set()
    for i in range(games):
        seed = 1000 * players + i
        actions, final = play_game(game, seed, full_check=i < FULL_CHECK_GAMES)
        timelines = [p["timeline"] for p in json.loads(final.to_json())["state"]["players"]]
        lengths_seen.update(len(t) for t in timelines)
        if not short:
            assert all(len(t) == 10 for t in timelines), (seed, timelines)
        if i % REPLAY_EVERY == 0:
            replay = game.new_state(seed=seed)
            for a in actions:
                replay.apply(a)
            assert replay == final
            assert replay.to_json() == final.to_json()
    assert lengths_seen <= set(range(11))
    if short:  # the short-deck path was taken: some timeline ended with fewer than 10 cards
        assert min(lengths_seen) < 10


def test_same_seed_same_game_across_game_objects():
    a = lifespan.load_game(GAME, players=4, seed=77)
    b = lifespan.load_game("time_of_your_life(players=4,seed=77)")
    rng_a, rng_b = random.Random(5), random.Random(5)
    sa, sb = a.new_state(), b.new_state()
    while not sa.is_terminal():
        assert sa == sb
        sa.apply(rng_a.choice(sa.legal_actions()))
        sb.apply(rng_b.choice(sb.legal_actions()))
    assert sb.is_terminal() and sa.scores() == sb.scores()
