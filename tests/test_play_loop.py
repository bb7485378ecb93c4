"""is_terminal, legal_actions and apply skip pybind11's dispatcher (bindings/play_loop.hpp).
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
                                (("no such move",), {}, lifespan.IllegalActionError)]:
        with pytest.raises(error):
            state.apply(*args, **kwargs)
        assert state.to_json() == before
    with pytest.raises(TypeError):
        state.is_terminal(1)
    with pytest.raises(TypeError):
        state.legal_actions(1)


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
