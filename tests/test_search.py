"""lifespan.mcts and the MCTS agent, for both games (docs/search.md)."""

import threading
import time

import pytest

import lifespan
from lifespan.agents import MCTSAgent, RandomAgent, make_agent

GAMES = ["time_of_your_life", "pursuit_of_happiness"]


def midgame(name, players, seed, moves):
    """A position after `moves` random moves (fewer if the game ends first)."""
    game = lifespan.load_game(name, players=players)
    state = game.new_state(seed=seed)
    agent = RandomAgent(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(agent.step(state))
    if state.is_terminal():
        state = game.new_state(seed=seed)
    return state


def play_match(name, mcts_seat, seed, iterations):
    game = lifespan.load_game(name, players=2)
    state = game.new_state(seed=seed)
    agents = {mcts_seat: MCTSAgent(seed, iterations=iterations), 1 - mcts_seat: RandomAgent(seed)}
    while not state.is_terminal():
        state.apply(agents[state.current_player].step(state))
    return state.returns()[mcts_seat]


@pytest.mark.parametrize("name", GAMES)
def test_mcts_beats_a_random_player_in_most_two_player_games(name):
    games = 12
    wins = sum(play_match(name, mcts_seat=g % 2, seed=100 + g, iterations=300) > 0 for g in range(games))
    assert wins >= 0.75 * games, f"MCTS won {wins} of {games}"


@pytest.mark.parametrize("name,players,moves", [
    ("time_of_your_life", 3, 7), ("time_of_your_life", 2, 20), ("pursuit_of_happiness", 3, 2),
    ("pursuit_of_happiness", 2, 40), ("pursuit_of_happiness", 4, 90)])
def test_information_set_search_cannot_see_hidden_information(name, players, moves):
    # A determinization from the mover's view differs only in what the mover cannot see, so a
    # search of it must be the very same search.
    state = midgame(name, players, seed=5, moves=moves)
    mover = state.current_player
    for seed in (1, 2):
        other = state.determinize(mover, seed)
        assert other.observation_string(mover) == state.observation_string(mover)
        a = lifespan.mcts(state, iterations=150, seed=9)
        b = lifespan.mcts(other, iterations=150, seed=9)
        assert (a.action, a.visits, a.values) == (b.action, b.visits, b.values)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_threads_give_the_same_result_and_the_state_is_unchanged(name):
    state = midgame(name, 3, seed=2, moves=10)
    before = state.to_json()
    for threads in (1, 2):
        first = lifespan.mcts(state, iterations=200, seed=4, threads=threads)
        again = lifespan.mcts(state, iterations=200, seed=4, threads=threads)
        assert first == again
        assert first.iterations == 200
        assert sum(first.visits.values()) == 200
        assert set(first.visits) <= set(state.legal_actions())
        assert first.action in first.visits
        assert all(-1.0 <= v <= 1.0 for v in first.values.values())
    assert lifespan.mcts(state, iterations=200, seed=5) != lifespan.mcts(state, iterations=200, seed=4)
    assert state.to_json() == before


def test_the_most_visited_action_is_chosen():
    state = midgame("pursuit_of_happiness", 2, seed=3, moves=30)
    result = lifespan.mcts(state, iterations=300, seed=1)
    best = max(result.visits.values())
    assert result.visits[result.action] == best
    shares = result.shares()
    assert abs(sum(shares.values()) - 1) < 1e-9
    assert next(iter(shares)) == result.action


@pytest.mark.parametrize("name", GAMES)
def test_the_time_budget_is_honoured(name):
    state = midgame(name, 4, seed=1, moves=3)
    start = time.perf_counter()
    result = lifespan.mcts(state, seconds=0.25, seed=1)
    elapsed = time.perf_counter() - start
    assert result.iterations > 10
    # An iteration is well under a millisecond; the rest is the timer's 0.5 ms granularity
    # and a busy machine.
    assert 0.25 <= elapsed < 0.25 + 0.05, elapsed
    # Both budgets: whichever comes first.
    assert lifespan.mcts(state, iterations=7, seconds=5.0, seed=1).iterations == 7


def test_two_python_threads_search_at_the_same_time():
    state = midgame("pursuit_of_happiness", 2, seed=1, moves=5)
    spans = {}

    def search(index):
        start = time.perf_counter()
        lifespan.mcts(state, seconds=0.4, seed=index)
        spans[index] = (start, time.perf_counter())

    threads = [threading.Thread(target=search, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # With the GIL held the second search could not start before the first ended.
    overlap = min(end for _, end in spans.values()) - max(start for start, _ in spans.values())
    assert overlap > 0.3, spans


@pytest.mark.parametrize("kwargs,message", [
    ({}, "needs a budget"),
    ({"iterations": 0}, "iterations must be"),
    ({"iterations": 10**19}, "iterations must be"),
    ({"seconds": 1e300}, "seconds must be at most"),
    ({"seconds": 0}, "seconds must be"),
    ({"seconds": float("nan")}, "seconds must be"),
    ({"iterations": 5, "threads": -1}, "threads must be"),
    ({"iterations": 5, "threads": 100_000}, "threads must be"),
    ({"iterations": 5, "seed": -1}, "seed must be"),
    ({"iterations": 5, "exploration": -0.5}, "exploration must be"),
    ({"iterations": 5, "max_rollout": -2}, "max_rollout must be"),
])
def test_bad_argument_values_are_value_errors(kwargs, message):
    state = midgame("time_of_your_life", 2, seed=1, moves=2)
    with pytest.raises(ValueError, match=message):
        lifespan.mcts(state, **kwargs)


@pytest.mark.parametrize("kwargs,message", [
    ({"iterations": True}, "iterations must be an integer"),
    ({"iterations": 2.0}, "iterations must be an integer"),
    ({"iterations": 5, "threads": "2"}, "threads must be an integer"),
    ({"iterations": 5, "seed": None}, "seed must be an integer"),
    ({"seconds": "1"}, "seconds must be a real number"),
    ({"iterations": 5, "exploration": None}, "exploration must be a real number"),
])
def test_arguments_of_the_wrong_type_are_type_errors(kwargs, message):
    state = midgame("time_of_your_life", 2, seed=1, moves=2)
    with pytest.raises(TypeError, match=message):
        lifespan.mcts(state, **kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_the_native_entry_points_check_their_own_arguments(name):
    # The private calls behind mcts and playouts refuse what no search or batch can honour,
    # whoever calls them; before, threads=-5 ran and threads=100000 failed in the OS.
    state = midgame(name, 2, seed=1, moves=2)
    good = dict(iterations=4, seconds=-1.0, threads=1, seed=0, exploration=2.0, max_rollout=-1)
    for change, message in [({"threads": -5}, "threads must be an integer from 0 to 256"),
                            ({"threads": 100_000}, "threads must be an integer from 0 to 256"),
                            ({"iterations": -7}, "iterations must be"), ({"iterations": 0}, "iterations must be"),
                            ({"seconds": float("nan")}, "seconds must be"), ({"seconds": 0.0}, "seconds must be"),
                            ({"exploration": float("inf")}, "exploration must be"),
                            ({"max_rollout": -3}, "max_rollout must be")]:
        with pytest.raises(ValueError, match=message):
            state._mcts(**{**good, **change})
    for call in (lambda: state.game._playouts(n=-1, seed=0, threads=1),
                 lambda: state.game._playouts(n=1, seed=0, threads=100_000),
                 lambda: state._playouts(n=1, seed=0, threads=-1),
                 lambda: state._sample_actions(n=-1, seed=0)):
        with pytest.raises(ValueError, match="must be an integer"):
            call()
    assert state._mcts(**good)[4] == 4


def test_a_terminal_state_or_a_non_state_is_refused():
    game = lifespan.load_game("time_of_your_life", players=2)
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="not terminal"):
        lifespan.mcts(state, iterations=10)
    with pytest.raises(TypeError, match="lifespan state"):
        lifespan.mcts(game, iterations=10)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("threads", [1, 2])
def test_however_short_the_time_the_search_returns_a_legal_move(name, threads):
    # The deadline is read after each thread's first iteration, not before it.
    state = midgame(name, 3, seed=2, moves=4)
    result = lifespan.mcts(state, seconds=1e-9, threads=threads, seed=1)
    assert result.action in state.legal_actions() and result.iterations >= 1
    assert sum(result.visits.values()) == result.iterations


def test_any_real_number_is_a_time_and_a_class_is_not_a_state():
    from fractions import Fraction
    from decimal import Decimal
    import numpy as np

    state = midgame("time_of_your_life", 2, seed=1, moves=2)
    for seconds in (np.float32(0.01), Fraction(1, 100)):
        assert lifespan.mcts(state, seconds=seconds, seed=1).iterations >= 1
    with pytest.raises(TypeError, match=r"seconds must be a real number \(an int or a float\), got Decimal"):
        lifespan.mcts(state, seconds=Decimal("0.01"))
    with pytest.raises(TypeError, match="mcts needs a lifespan state, got the class TimeOfYourLifeState"):
        lifespan.mcts(type(state), iterations=10)
    with pytest.raises(TypeError, match="playouts needs a lifespan game or state, got the class TimeOfYourLifeGame"):
        lifespan.playouts(type(state.game), 2)
    # The native entry points take the argument names their stubs give.
    assert state.game._playouts(n=1, seed=0, threads=1).shape == (1, 2)
    assert state._mcts(iterations=4, seconds=-1.0, threads=1, seed=0, exploration=2.0, max_rollout=-1)[4] == 4


def test_ties_between_equal_root_actions_go_at_random_from_the_seed():
    # With an unreachable solo target every rollout returns -1, so every root action ties. The
    # lowest id, which ties once went to, is a Refresh: it gives the turn back to the same seat.
    game = lifespan.load_game("pursuit_of_happiness", players=1, solo_lth_target=200)
    state = game.new_state(seed=1)
    state.apply(state.legal_actions()[0])   # keep a Child Trait: the Action phase begins
    budget = 4 * len(state.legal_actions())
    searches = [lifespan.mcts(state, iterations=budget, seed=seed) for seed in range(8)]
    assert all(set(result.values.values()) == {-1.0} for result in searches)
    chosen = [result.action for result in searches]
    assert len(set(chosen)) > 1 and chosen.count(min(state.legal_actions())) < len(chosen)
    assert chosen == [lifespan.mcts(state, iterations=budget, seed=seed).action for seed in range(8)]


def test_a_search_in_a_lost_solo_game_still_ends_it():
    # This game refreshed for ever while ties went to the lowest id.
    game = lifespan.load_game("pursuit_of_happiness", players=1)
    state, agent = game.new_state(seed=2), MCTSAgent(2, iterations=30)
    for _ in range(3000):
        if state.is_terminal():
            break
        state.apply(agent.step(state))
    assert state.is_terminal()


def test_a_time_too_large_for_a_float_is_a_value_error():
    state = midgame("time_of_your_life", 2, seed=1, moves=2)
    for keyword in ("seconds", "exploration"):
        with pytest.raises(ValueError, match=f"{keyword} must be a finite number"):
            lifespan.mcts(state, iterations=5, **{keyword: 10**400})


def test_a_short_rollout_still_searches():
    state = midgame("pursuit_of_happiness", 2, seed=1, moves=12)
    result = lifespan.mcts(state, iterations=100, seed=1, max_rollout=0)
    assert result.iterations == 100
    # Without rollouts each iteration applies only the moves down the tree.
    assert result.simulated_moves < 100 * 10


def test_the_mcts_agent_plays_legal_moves_and_is_registered():
    state = midgame("time_of_your_life", 3, seed=4, moves=4)
    agent = make_agent("mcts", seed=3)
    assert isinstance(agent, MCTSAgent)
    for _ in range(5):
        action = agent.step(state)
        assert action in state.legal_actions()
        state.apply(action)
    timed = MCTSAgent(seed=1, seconds=0.05)
    assert timed.iterations is None and timed.search(state).iterations > 0


@pytest.mark.parametrize("name", GAMES)
def test_changing_the_state_from_another_thread_during_a_search_is_safe(name):
    # The search works on its own copy: the caller's state may be played on meanwhile.
    state = midgame(name, 3, seed=6, moves=6)
    original = state.clone()
    found = {}
    worker = threading.Thread(target=lambda: found.setdefault("r", lifespan.mcts(state, seconds=0.3, threads=2)))
    worker.start()
    agent = RandomAgent(1)
    while worker.is_alive():
        if state.is_terminal():
            state = original.clone()
        state.apply(agent.step(state))
    worker.join()
    assert set(found["r"].visits) <= set(original.legal_actions())


def test_sampling_a_finished_game_is_refused():
    game = lifespan.load_game("pursuit_of_happiness", players=1)
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="game is over"):
        state._sample_actions(3, 1)


def test_an_agent_keeps_both_budgets_it_is_given():
    agent = MCTSAgent(seed=1, iterations=30, seconds=10.0)
    assert (agent.iterations, agent.seconds) == (30, 10.0)
    state = midgame("time_of_your_life", 2, seed=1, moves=3)
    assert agent.search(state).iterations == 30
    assert MCTSAgent().iterations == MCTSAgent.DEFAULT_ITERATIONS
