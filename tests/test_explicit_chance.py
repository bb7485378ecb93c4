"""Explicit chance mode (docs/chance.md) in both games, and sampled mode's reseed.

With `chance="explicit"` every random event is a chance node: current_player is
lifespan.CHANCE_PLAYER, chance_outcomes() lists uniform outcomes that legal_actions() also
gives, and the actions and outcomes from new_state() replay a game exactly. Seeded random games
for the player counts and expansion sets of the invariant tests check that at every state; each
saved state passes the loader's checks (which replay a chance node's tape), and JSON, pickle
and clone round-trip at chance nodes. A distribution check compares the first cards dealt in
both modes; reseed must change nothing any seat observes and still change the future.
"""

import json
import pickle
import random

import numpy as np
import pytest

import lifespan

POH, TOYL = "pursuit_of_happiness", "time_of_your_life"
EXPANSIONS = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
              if e != "base"]
TAPE = {POH: 160, TOYL: 42}      # the states' chance tape capacities (state.hpp)
MAX_MOVES = 12000                # players' actions and chance outcomes of one game

# (game, parameters, games)
CONFIGS = ([(TOYL, {"players": n}, 2) for n in range(2, 7)]
           + [(TOYL, {"players": 6, "midpoint_empty_deck": "short"}, 2),
              (TOYL, {"players": 2, "two_player_swap": "passed_only"}, 2)]
           + [(POH, {"players": n}, 2) for n in range(1, 5)]
           + [(POH, {"players": 4, "teen_job_partner_rows": True, "job_row": "players", "row_size": 6,
                     "first_player": "random"}, 2)]
           + [(POH, {"players": n, "expansions": EXPANSIONS}, 2) for n in range(1, 6)]
           + [(POH, {"players": 2, "expansions": [e]}, 1) for e in EXPANSIONS])


def label(config):
    name, params, _ = config
    rest = "-".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in params.items())
    return f"{name}-{rest}"


def explicit(name, **params):
    return lifespan.load_game(name, chance="explicit", **params)


def check_chance_node(game, state, rng, full):
    outcomes = state.chance_outcomes()
    ids = [o for o, _ in outcomes]
    assert state.current_player == lifespan.CHANCE_PLAYER == -1 and not state.is_terminal()
    assert ids == state.legal_actions() == list(range(len(ids))) and len(ids) >= 2
    assert len(ids) <= game.max_chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and len({p for _, p in outcomes}) == 1
    assert list(np.flatnonzero(state.legal_actions_mask())) == ids
    text = state.to_json()
    for outcome in ids if full else rng.sample(ids, min(3, len(ids))):
        assert state.action_to_string(outcome).startswith(f"chance {outcome}: ")
        state.child(outcome)
    for bad in (len(ids), len(ids) + 7, game.num_distinct_actions - 1):   # not outcomes here
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(bad)
    assert state.to_json() == text, "a rejected or tried outcome changed the state"


def check_round_trips(game, state, pickled=False, rebuild=False):
    text = state.to_json()
    assert json.loads(text)["parameters"]["chance"] == "explicit"
    again = game.state_from_json(text)                    # the loader's checks: validate()
    assert again == state and again.to_json() == text and state.clone() == state
    if pickled:   # a pickle carries the card set: milliseconds
        assert pickle.loads(pickle.dumps(state)) == state
    if rebuild:   # the game rebuilt from the document: tens of milliseconds
        assert lifespan.load_state(text) == state


def play(game, seed, full):
    """A random game from new_state(): every move (actions and outcomes) and the final state."""
    rng, check_rng = random.Random(seed), random.Random(seed + 10**6)
    state = game.new_state(seed)
    history, chance_nodes, longest_tape = [], 0, 0
    while not state.is_terminal():
        assert len(history) < MAX_MOVES, "the game did not end"
        if state.is_chance_node():
            chance_nodes += 1
            check_chance_node(game, state, check_rng, full)
            longest_tape = max(longest_tape, len(json.loads(state.to_json())["state"]["chance"]["tape"]))
        else:
            assert 0 <= state.current_player < game.num_players
            with pytest.raises(ValueError):
                state.chance_outcomes()
            legal = set(state.legal_actions())
            outcome_like = next(a for a in range(game.max_chance_outcomes()) if a not in legal)
            before = state.clone()
            with pytest.raises(lifespan.IllegalActionError):   # an outcome id is no action here
                state.apply(outcome_like)
            assert state == before
        if (full and len(history) % 3 == 0) or check_rng.random() < 0.05:
            at_chance = state.is_chance_node()
            check_round_trips(game, state, pickled=at_chance and check_rng.random() < 0.1,
                              rebuild=at_chance and check_rng.random() < 0.02)
        move = rng.choice(state.legal_actions())
        history.append(move)
        state.apply(move)
    return history, state, chance_nodes, longest_tape


@pytest.mark.parametrize("config", CONFIGS, ids=label)
def test_random_explicit_games_keep_the_invariants_and_replay(config):
    name, params, games = config
    game = explicit(name, **params)
    for i in range(games):
        history, final, chance_nodes, longest_tape = play(game, seed=100 + i, full=i == 0)
        assert chance_nodes > 0 and longest_tape < TAPE[name]
        if name == TOYL:
            assert chance_nodes <= game.max_chance_nodes()
        check_round_trips(game, final, pickled=True, rebuild=True)
        replayed = game.new_state(12345)        # the seed plays no part in explicit mode
        for move in history:
            replayed.apply(move)
        assert replayed.to_json() == final.to_json() and replayed.scores() == final.scores()


def test_a_new_explicit_game_is_a_chance_node_and_says_so():
    game = explicit(POH, players=3, expansions=EXPANSIONS)
    assert game.parameters["chance"] == "explicit"
    assert lifespan.load_game(f"{POH}(players=3,chance=explicit)").new_state().is_chance_node()
    state = game.new_state()
    assert state.is_chance_node() and state.current_player == -1
    assert state.action_to_string(0).startswith("chance 0: draws ") and " from the Project deck" in state.action_to_string(0)
    assert lifespan.load_game(POH, chance="sampled") == lifespan.load_game(POH)
    with pytest.raises(lifespan.RulesError):
        lifespan.load_game(POH, chance="implicit")
    toyl = explicit(TOYL, players=2).new_state()
    name = {c["id"]: c["name"] for c in toyl.game.cards()}[5]
    assert toyl.action_to_string(5) == f"chance 5: draws 05 {name} from the deck"
    assert len(toyl.chance_outcomes()) == 80
    with pytest.raises(lifespan.IllegalActionError):
        toyl.apply(80)   # the deck's 80 cards are outcomes 0-79


@pytest.mark.parametrize("name", [POH, TOYL])
def test_sampled_mode_has_no_chance_nodes(name):
    game = lifespan.load_game(name)
    assert game.parameters["chance"] == "sampled"
    state, rng = game.new_state(3), random.Random(3)
    while not state.is_terminal():
        assert not state.is_chance_node() and state.current_player >= 0
        state.apply(rng.choice(state.legal_actions()))


def first_cards(name, mode, games, seed):
    """How often each card is the first of a row (Pursuit: the Item row's slot 0 after the setup;
    Time of Your Life: each card of seat 0's first hand), over `games` setups; outcomes drawn
    uniformly in explicit mode."""
    game = lifespan.load_game(name, players=2, chance=mode)
    rng, counts = random.Random(seed), {}
    for i in range(games):
        state = game.new_state(seed * 10**6 + i)
        while state.is_chance_node():
            state.apply(rng.randrange(len(state.legal_actions())))
        st = json.loads(state.to_json())["state"]
        for card in ([st["rows"][1][0]] if name == POH else st["players"][0]["hand"]):
            counts[card] = counts.get(card, 0) + 1
    return counts


@pytest.mark.parametrize("name, deck, games", [(POH, None, 2400), (TOYL, 80, 600)])
def test_the_first_cards_dealt_are_uniform_in_both_modes(name, deck, games):
    if deck is None:   # the Item row is dealt from the Item-Activity deck
        deck = sum(c["kind"] in ("item", "activity") for c in lifespan.load_game(POH).cards())
    for mode in ("explicit", "sampled"):
        counts = first_cards(name, mode, games, seed=7)
        total = sum(counts.values())
        expected = total / deck
        chi2 = sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(deck))
        # deck - 1 degrees of freedom: mean deck - 1, sd about sqrt(2 deck); six sd of room.
        assert chi2 < deck - 1 + 6 * (2 * deck) ** 0.5, (mode, chi2)
        assert len(counts) > 0.9 * deck, (mode, len(counts))


def tamper(state, change):
    doc = json.loads(state.to_json())
    change(doc["state"])
    return json.dumps(doc)


def test_a_saved_chance_node_is_checked_by_replaying_its_tape():
    game = explicit(TOYL, players=3)
    state = game.new_state()
    for outcome in (3, 10, 0):
        state.apply(outcome)
    assert json.loads(state.to_json())["state"]["chance"]["tape"] == [3, 10, 0]
    assert game.state_from_json(state.to_json()) == state
    bad = [lambda st: st["chance"]["tape"].__setitem__(1, 79),       # not an outcome of that node
           lambda st: st["chance"].__setitem__("bound", 5),
           lambda st: st["chance"].__setitem__("mode", 0),           # sampled, in an explicit game
           lambda st: st["players"][0]["hand"].append(1),
           lambda st: st["chance"].__setitem__("pending", 33)]       # no player acted in the setup
    for change in bad:
        with pytest.raises(ValueError):
            game.state_from_json(tamper(state, change))
    sampled = lifespan.load_game(TOYL, players=3)
    with pytest.raises(ValueError):   # the saved game's parameters differ: chance=explicit
        sampled.state_from_json(state.to_json())


def test_explicit_states_play_out_and_search():
    for name, params in [(TOYL, {"players": 3}), (POH, {"players": 2, "expansions": EXPANSIONS})]:
        game = explicit(name, **params)
        scores = lifespan.playouts(game, 8, seed=5, threads=1)
        assert scores.shape == (8, game.num_players)
        assert (lifespan.playouts(game, 8, seed=5, threads=2) == scores).all()
        state = game.new_state()
        with pytest.raises(ValueError, match="chance node"):
            lifespan.mcts(state, iterations=10)
        assert lifespan.playouts(state, 4, seed=1).shape == (4, game.num_players)   # from a chance node
        rng = random.Random(1)
        while state.is_chance_node() or state.current_player != 0:
            state.apply(rng.choice(state.legal_actions()))
        result = lifespan.mcts(state, iterations=60, seed=2)
        assert result.action in state.legal_actions()
        assert lifespan.mcts(state, iterations=60, seed=2).action == result.action
        assert not state.is_chance_node()


def views(state):
    n = state.game.num_players
    return [state.observation_string(p) for p in range(n)], [state.observation(p).tolist() for p in range(n)]


def play_on(state, seed, moves=60):
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.to_json()


@pytest.mark.parametrize("name, params", [(TOYL, {"players": 2}), (TOYL, {"players": 5}),
                                          (POH, {"players": 2}), (POH, {"players": 4, "expansions": EXPANSIONS})])
def test_reseed_changes_the_future_and_nothing_seen(name, params):
    game = lifespan.load_game(name, **params)
    state, rng = game.new_state(11), random.Random(11)
    futures_differ = orders_differ = 0
    for step in range(400):
        if state.is_terminal():
            break
        if step % 13 == 0:
            a, b = state.clone(), state.clone()
            a.reseed(1)
            b.reseed(2)
            assert views(a) == views(state) == views(b)
            assert a.legal_actions() == state.legal_actions() and a.scores() == state.scores()
            again = state.clone()
            again.reseed(1)
            assert again == a                              # from the seed and the state alone
            orders_differ += a.to_json() != state.to_json()
            futures_differ += play_on(a, 5) != play_on(b, 5)
        state.apply(rng.choice(state.legal_actions()))
    assert orders_differ >= 3 and futures_differ >= 3


def test_reseed_refuses_what_it_cannot_do():
    state = lifespan.load_game(TOYL).new_state()
    with pytest.raises(TypeError):
        state.reseed("1")
    with pytest.raises(ValueError):
        state.reseed(-1)
    with pytest.raises(ValueError, match="explicit"):
        explicit(TOYL).new_state().reseed(1)
