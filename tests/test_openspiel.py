"""lifespan.openspiel: both games registered with pyspiel and judged by OpenSpiel's own tools
(docs/ecosystem.md §1): pyspiel.random_sim_test with serialization, the Python MCTS and ISMCTS
bots, serialize/pickle, resample_from_infostate, and checks in the spirit of OpenSpiel's game
tests (written here: the API they exercise is what matters). Needs the `openspiel` extra."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import lifespan  # noqa: E402
import lifespan.openspiel  # noqa: E402,F401  (registers the games)

# (game string, sims): player counts and expansion sets across both games
CONFIGS = [
    ("lifespan_time_of_your_life(players=2)", 6),
    ("lifespan_time_of_your_life(players=4)", 3),
    ("lifespan_pursuit_of_happiness(players=1)", 2),
    ("lifespan_pursuit_of_happiness(players=3,expansions=nostalgia)", 2),
    ("lifespan_pursuit_of_happiness(players=2,expansions=experiences+kids+pets+events)", 1),
    ("lifespan_pursuit_of_happiness(players=5,expansions=community+best_friends+relatives+trends)", 1),
]


def play_randomly(state, rng, until=None):
    """Plays uniformly random moves (chance by its probabilities) until the end or `until` moves."""
    moves = 0
    while not state.is_terminal() and (until is None or moves < until):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choices(outcomes, probabilities)[0]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    return state


def bots_decide(state, bots, decisions, rng):
    """Plays `decisions` decisions, the bots taking turns, chance by its probabilities; each
    bot's move must be legal. Returns how many decisions were made before the game ended."""
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choices(outcomes, probabilities)[0]))
            continue
        action = bots[made % len(bots)].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        made += 1
    return made


@pytest.mark.parametrize("spec,sims", CONFIGS)
def test_random_sim_test_with_serialization(spec, sims):
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_lifespan_parameter_is_an_openspiel_parameter_accepted_at_its_default():
    game = pyspiel.load_game("lifespan_pursuit_of_happiness(players=3,expansions=nostalgia)")
    assert game.num_players() == 3
    assert game.get_parameters() == {"players": 3, "expansions": "nostalgia"}
    spec = game.get_type().parameter_specification
    lifespan_parameters = lifespan.load_game("pursuit_of_happiness").parameters
    assert set(spec) == set(lifespan_parameters) - {"seed", "chance"}
    # every parameter given, most at their defaults, as tools that pass them all do
    everything = {**{name: value for name, value in spec.items()}, "players": 3, "expansions": "nostalgia"}
    again = pyspiel.load_game("lifespan_pursuit_of_happiness", everything)
    assert again.num_players() == 3 and again.max_game_length() == game.max_game_length()


def test_five_players_without_community_is_a_clear_error():
    with pytest.raises(pyspiel.SpielError, match="(?i)community"):
        pyspiel.load_game("lifespan_pursuit_of_happiness(players=5)")


@pytest.mark.parametrize("spec", ["lifespan_time_of_your_life(players=2)",
                                  "lifespan_pursuit_of_happiness(players=3,expansions=nostalgia+kids)"])
def test_openspiels_cpp_mcts_and_ismcts_bots_play_the_native_games(spec):
    game = pyspiel.load_game(spec)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
    bots = [pyspiel.MCTSBot(game, evaluator, 2.0, 20, 1000, False, 1, False),
            pyspiel.ISMCTSBot(3, evaluator, 2.0, 20)]   # information-state keys, determinize to sample
    assert bots_decide(game.new_initial_state(), bots, 8, random.Random(4)) == 8


def test_illegal_moves_are_spiel_errors_and_change_nothing():
    game = pyspiel.load_game("lifespan_time_of_your_life(players=2)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = str(state), state.history()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before


@pytest.mark.parametrize("spec", [spec for spec, _ in CONFIGS[:4]])
def test_the_game_api_holds_in_random_games(spec):
    """What OpenSpiel's basic game tests check, written for these games."""
    game = pyspiel.load_game(spec)
    rng = random.Random(7)
    state = game.new_initial_state()
    assert state.is_chance_node()          # setup deals: chance moves first
    while not state.is_terminal():
        assert len(state.history()) == state.move_number()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            action = rng.choice([a for a, _ in outcomes])
        else:
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and all(0 <= a < game.num_distinct_actions() for a in legal)
            mask = state.legal_actions_mask()
            assert [i for i, bit in enumerate(mask) if bit] == legal
            tensor = np.asarray(state.observation_tensor(player))
            assert tensor.shape == tuple(game.observation_tensor_shape())
            assert isinstance(state.information_state_string(player), str)
            action = rng.choice(legal)
        clone = state.clone()
        state.apply_action(action)
        assert clone.history() == state.history()[:-1]       # the clone did not move
        assert state.move_number() <= game.max_game_length()
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    if game.num_players() > 1:
        assert abs(sum(returns)) < 1e-9


@pytest.mark.parametrize("spec", ["lifespan_time_of_your_life(players=3)",
                                  "lifespan_pursuit_of_happiness(players=2,expansions=nostalgia)"])
def test_serialize_pickle_and_history_replay(spec):
    game = pyspiel.load_game(spec)
    state = play_randomly(game.new_initial_state(), random.Random(3), until=150)
    text = pyspiel.serialize_game_and_state(game, state)
    assert len(text) < 4000                 # the history, not the card set
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state) and unpickled.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert str(replayed) == str(state)
    for seat in range(game.num_players()):
        assert replayed.information_state_string(seat) == state.information_state_string(seat)
        assert replayed.observation_tensor(seat) == state.observation_tensor(seat)


@pytest.mark.parametrize("spec", ["lifespan_time_of_your_life(players=3)",
                                  "lifespan_pursuit_of_happiness(players=2,expansions=kids)"])
def test_resample_from_infostate_keeps_the_information_state(spec):
    game = pyspiel.load_game(spec)
    state = play_randomly(game.new_initial_state(), random.Random(5), until=50)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        resampled = state.resample_from_infostate(player, sampler)
        assert resampled.information_state_string(player) == state.information_state_string(player)
        assert resampled.observation_string(player) == state.observation_string(player)
        assert resampled.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("spec", ["lifespan_time_of_your_life(players=2)",
                                  "lifespan_pursuit_of_happiness(players=2,expansions=nostalgia)"])
def test_openspiels_python_mcts_and_ismcts_bots_play(spec):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(spec)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng),
            ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)]
    assert bots_decide(game.new_initial_state(), bots, 6, random.Random(2)) == 6


def test_the_ecosystem_guides_openspiel_examples_run(capsys):
    import re
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "docs" / "ecosystem.md").read_text()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", guide, flags=re.S) if "pyspiel" in b]
    assert len(blocks) == 2
    namespace: dict = {}
    for block in blocks:                     # the second goes on from the first, as a reader would
        exec(compile(block, "docs/ecosystem.md", "exec"), namespace)
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 2 and printed[0].startswith("[")    # the returns, then ISMCTS's move
