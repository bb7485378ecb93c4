"""state.history() and state.information_state_string(p) (docs/ecosystem.md §2).

A seat's information state is perfect recall of what it observed, in order. Tested both ways on
random games: states the seat cannot tell apart (the same observations, in the same order, and
its own moves) give the same string, and states it can tell apart give different ones. "Tell
apart" is judged here by the observation tensor, which the engine builds independently of the
observation text the information state is made of."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

import lifespan

VARIANTS = [
    ("time_of_your_life", {"players": 2}),
    ("time_of_your_life", {"players": 4}),
    ("pursuit_of_happiness", {"players": 2}),
    ("pursuit_of_happiness", {"players": 3, "expansions": ["nostalgia", "kids", "experiences"]}),
    ("pursuit_of_happiness", {"players": 5, "expansions": ["community", "best_friends", "relatives"]}),
]
# In explicit chance mode the history holds the chance outcomes too, and seats see them happen.
EXPLICIT = [
    ("time_of_your_life", {"players": 3, "chance": "explicit"}),
    ("pursuit_of_happiness", {"players": 3, "expansions": ["nostalgia", "kids", "experiences"], "chance": "explicit"}),
]


def random_moves(state, rng, moves):
    played = []
    for _ in range(moves):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
    return played


@pytest.mark.parametrize("name,params", VARIANTS + EXPLICIT)
def test_history_is_every_action_applied_and_survives_copies_and_saves(name, params):
    game = lifespan.load_game(name, **params)
    state = game.new_state(seed=11)
    rng = random.Random(1)
    played = random_moves(state, rng, 40)
    text = state.action_to_string(state.legal_actions()[0])
    child = state.child(text)                       # by name, through child
    played_child = played + [state.legal_actions()[0]]
    assert state.history() == played
    assert child.history() == played_child
    assert state.clone().history() == played and pickle.loads(pickle.dumps(child)).history() == played_child
    assert game.state_from_json(child.to_json()).history() == played_child
    assert json.loads(child.to_json())["history"] == played_child
    replay = game.new_state(seed=11)
    for action in played_child:
        replay.apply(action)
    assert replay == child


def test_a_rejected_action_is_not_recorded():
    state = lifespan.load_game("time_of_your_life", players=2).new_state(seed=3)
    illegal = next(a for a in range(state.game.num_distinct_actions) if a not in state.legal_actions())
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(illegal)
    assert state.history() == []


@pytest.mark.parametrize("name,params", VARIANTS + EXPLICIT)
def test_seats_tell_apart_exactly_the_states_their_observations_tell_apart(name, params):
    """A state and a determinization of it for seat p, played on with the same moves while both
    allow them: p's information states stay equal exactly as long as p's observations (tensor
    and text) have been equal at every step; and other seats' follow their observations too."""
    game = lifespan.load_game(name, **params)
    checked_equal = checked_different = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        random_moves(state, rng, rng.randrange(5, 60))
        while state.is_chance_node():
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player
        other = state.determinize(seat, seed + 100)
        same_so_far = True
        for _ in range(80):
            info_a, info_b = state.information_state_string(seat), other.information_state_string(seat)
            observed_same = (np.array_equal(state.observation(seat), other.observation(seat))
                             and state.observation_string(seat) == other.observation_string(seat))
            same_so_far = same_so_far and observed_same
            assert (info_a == info_b) == same_so_far
            checked_equal += same_so_far
            checked_different += not same_so_far
            if state.is_terminal() or other.is_terminal():
                break
            shared = sorted(set(state.legal_actions()) & set(other.legal_actions()))
            if not shared:
                break
            action = rng.choice(shared)
            state.apply(action)
            other.apply(action)
    assert checked_equal > 0 and checked_different > 0, (checked_equal, checked_different)


@pytest.mark.parametrize("name,params", VARIANTS + EXPLICIT)
def test_a_different_own_move_or_observation_gives_a_different_information_state(name, params):
    game = lifespan.load_game(name, **params)
    state = game.new_state(seed=5)
    random_moves(state, random.Random(5), 20)
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    assert len(legal) > 1 or state.is_terminal()
    mover = state.current_player
    first, second = state.child(legal[0]), state.child(legal[-1])
    assert first.information_state_string(mover) != second.information_state_string(mover)
    for seat in range(game.num_players):
        if not np.array_equal(first.observation(seat), second.observation(seat)):
            assert first.information_state_string(seat) != second.information_state_string(seat)
    # earlier observations count as well as the current one: a prefix is never the whole
    assert state.information_state_string(mover) != first.information_state_string(mover)
    assert first.information_state_string(mover).startswith(state.information_state_string(mover))


def test_information_state_is_perfect_recall_not_the_current_view():
    """Two histories that end in the same observation but saw different things on the way."""
    game = lifespan.load_game("pursuit_of_happiness", players=2)
    state = game.new_state(seed=2)
    info_before = state.information_state_string(0)
    assert state.observation_string(0).splitlines()[0] in info_before
    random_moves(state, random.Random(2), 10)
    info = state.information_state_string(0)
    assert info.startswith(info_before) and info.count("\n> ") + info.startswith("> ") == 10


def test_bad_seat_is_a_clear_error():
    state = lifespan.load_game("time_of_your_life", players=2).new_state()
    with pytest.raises(ValueError, match="player must be"):
        state.information_state_string(2)
    with pytest.raises(TypeError):
        state.information_state_string("0")


@pytest.mark.parametrize("name,params", VARIANTS[::2])
def test_reseed_keeps_every_information_state_and_the_record_replays_past_it(name, params):
    """`asked` builds its information states before the reseed and extends them; `unasked` is
    the same game, asked only at the end, so its texts are replayed across the reseed."""
    game = lifespan.load_game(name, **params)
    asked, unasked = game.new_state(seed=9), game.new_state(seed=9)
    moves = random_moves(asked, random.Random(9), 15)
    for action in moves:
        unasked.apply(action)
    before = [asked.information_state_string(seat) for seat in range(game.num_players)]
    asked.reseed(123)
    unasked.reseed(123)
    assert [asked.information_state_string(seat) for seat in range(game.num_players)] == before
    for action in random_moves(asked, random.Random(10), 15):
        unasked.apply(action)
    assert asked == unasked
    for seat in range(game.num_players):
        text = asked.information_state_string(seat)
        assert text.startswith(before[seat]) and text == unasked.information_state_string(seat)
