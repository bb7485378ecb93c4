"""is_terminal, legal_actions, apply and decode_action skip pybind11's dispatcher
(bindings/play_loop.hpp).
They must keep the contract of the checked path: same results, same errors, nothing changed
by a refused action, keywords and every accepted action type."""

import inspect

import numpy as np
import pytest

import lifespan

GAMES = [("pursuit_of_happiness", 4), ("time_of_your_life", 3)]


def positions(name, players, games=2, every=11):
    game = lifespan.load_game(name, players=players)
    for seed in range(games):
        state, moves = game.new_state(seed=seed), 0
        while not state.is_terminal():
            if moves % every == 0:
                yield state.clone()
            legal = state.legal_actions()
            state.apply(legal[(seed + moves) % len(legal)])
            moves += 1
        yield state


@pytest.mark.parametrize("name, players", GAMES)
def test_apply_agrees_with_the_checked_path_on_every_id(name, players):
    for state in positions(name, players):
        legal = set(state.legal_actions())
        assert state.is_terminal() is (not legal)
        before = state.to_json()
        for action in range(state.game.num_distinct_actions):
            played = state.clone()
            if action in legal:
                played.apply(action)
                assert played == state.child(action)  # child() parses and checks in pybind11
            else:
                with pytest.raises(lifespan.IllegalActionError):
                    played.apply(action)
                assert played.to_json() == before
        assert state.to_json() == before


@pytest.mark.parametrize("name, players", GAMES)
def test_apply_takes_the_documented_argument_forms(name, players):
    state = lifespan.load_game(name, players=players).new_state(seed=2)
    action = state.legal_actions()[-1]
    expected = state.child(action)
    for form in (action, np.int64(action), np.uint16(action), state.action_to_string(action)):
        played = state.clone()
        played.apply(form)
        assert played == expected
    played = state.clone()
    played.apply(action=action)
    assert played == expected


@pytest.mark.parametrize("name, players", GAMES)
def test_bad_calls_raise_and_change_nothing(name, players):
    state = lifespan.load_game(name, players=players).new_state(seed=2)
    before = state.to_json()
    for args, kwargs, error in [((True,), {}, TypeError), ((1.0,), {}, TypeError), ((), {}, TypeError),
                                ((0, 1), {}, TypeError), ((), {"move": 0}, TypeError),
                                ((-1,), {}, lifespan.IllegalActionError),
                                ((2**70,), {}, lifespan.IllegalActionError),
                                (("no such move",), {}, lifespan.IllegalActionError),
                                (("Play\ud800",), {}, lifespan.IllegalActionError)]:  # not UTF-8
        with pytest.raises(error):
            state.apply(*args, **kwargs)
        assert state.to_json() == before
    for call in (state.string_to_action, state.action_to_string, state.child):
        with pytest.raises(lifespan.IllegalActionError, match="no legal action is called"):
            call("Rest\ud800")
    assert state.to_json() == before
    with pytest.raises(TypeError):
        state.is_terminal(1)
    with pytest.raises(TypeError):
        state.legal_actions(1)


@pytest.mark.parametrize("name, players", GAMES)
@pytest.mark.parametrize("value, error", [(-1, ValueError), (2**64, ValueError), (None, TypeError),
                                          (1.5, TypeError), (True, TypeError), ("3", TypeError)])
def test_every_seed_and_count_argument_refuses_a_non_integer_or_out_of_range_value(name, players, value, error):
    # The API's rule: a value of the wrong type is a TypeError, an integer out of range a ValueError.
    game = lifespan.load_game(name, players=players)
    state = game.new_state(seed=2)
    before = state.to_json()
    calls = {"seed": [lambda: game.new_state(seed=value), lambda: state.determinize(0, value),
                      lambda: lifespan.playouts(game, 2, seed=value), lambda: lifespan.playouts(state, 2, seed=value),
                      lambda: lifespan.mcts(state, iterations=2, seed=value)],
             "n": [lambda: lifespan.playouts(game, value)],
             "threads": [lambda: lifespan.playouts(game, 2, threads=value),
                         lambda: lifespan.mcts(state, iterations=2, threads=value)]}
    for argument, refused in calls.items():
        for call in refused:
            if value is None and argument == "seed" and call is refused[0]:
                continue  # new_state(seed=None) is the game's own seed
            with pytest.raises(error, match=f"^{argument} must be an integer") as raised:
                call()
            assert type(raised.value) is error
    assert state.to_json() == before


@pytest.mark.parametrize("name, players", GAMES)
@pytest.mark.parametrize("player, error", [(True, TypeError), (1.0, TypeError), (None, TypeError),
                                           ("0", TypeError), (-1, ValueError), (9, ValueError),
                                           (2**31, ValueError), (2**40, ValueError), (-2**70, ValueError)])
@pytest.mark.parametrize("method", ["determinize", "observation", "observation_string"])
def test_a_player_that_is_not_a_seat_is_refused_alike(name, players, player, error, method):
    # One rule and one wording, even for numbers too big for a C++ int: a seat of the wrong type
    # is a TypeError, an integer that is no seat a ValueError.
    state = lifespan.load_game(name, players=players).new_state(seed=2)
    call = {"determinize": lambda: state.determinize(player, 0)}.get(method, lambda: getattr(state, method)(player))
    with pytest.raises(error, match=rf"^player must be an integer from 0 to {players - 1}, got ") as raised:
        call()
    assert type(raised.value) is error


@pytest.mark.parametrize("method", ["observation", "observation_string"])
def test_a_numpy_integer_names_a_seat(method):
    state = lifespan.load_game("pursuit_of_happiness", players=3).new_state(seed=2)
    mine, numpys = getattr(state, method)(2), getattr(state, method)(np.int64(2))
    assert (mine == numpys).all() if method == "observation" else mine == numpys


def test_a_finished_game_refuses_every_action():
    game = lifespan.load_game("pursuit_of_happiness", players=2)
    state = game.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert state.legal_actions() == []
    with pytest.raises(lifespan.IllegalActionError, match="game is over"):
        state.apply(0)


def test_the_methods_have_signatures_and_docs():
    state = lifespan.load_game("pursuit_of_happiness", players=2).new_state(seed=1)
    assert str(inspect.signature(state.apply)) == "(action)"
    assert str(inspect.signature(state.legal_actions)) == "()"
    assert str(inspect.signature(state.is_terminal)) == "()"
    assert "IllegalActionError" in type(state).apply.__doc__
    assert str(inspect.signature(state.decode_action)) == "(action)"
    assert str(inspect.signature(state.game.decode_action)) == "(action)"


@pytest.mark.parametrize("name, players", GAMES)
def test_decode_action_answers_every_form_as_the_checked_path_does(name, players):
    game = lifespan.load_game(name, players=players)
    state = game.new_state(seed=2)
    for action in range(game.num_distinct_actions):
        answer = game.decode_action(action)
        assert answer == game._decode_action(action) == state._decode_action(action)
        # One immutable answer per id, shared: a decode is a lookup.
        assert state.decode_action(action) is answer and game.decode_action(action=action) is answer
        assert state.decode_action(np.int64(action)) == answer
    for action in state.legal_actions():
        assert state.decode_action(state.action_to_string(action)) is game.decode_action(action)


@pytest.mark.parametrize("name, players", GAMES)
@pytest.mark.parametrize("bad, error", [(True, TypeError), (1.0, TypeError), (None, TypeError), (-1, lifespan.IllegalActionError),
                                        (10**30, lifespan.IllegalActionError), ("no such move", lifespan.IllegalActionError)])
def test_decode_action_refuses_what_is_no_id(name, players, bad, error):
    game = lifespan.load_game(name, players=players)
    state = game.new_state(seed=2)
    before = state.to_json()
    with pytest.raises(error):
        state.decode_action(bad)
    with pytest.raises(TypeError if isinstance(bad, str) else error):   # a Game has no position to read a name in
        game.decode_action(bad)
    with pytest.raises(TypeError):
        state.decode_action(0, 1)
    assert state.to_json() == before
