"""2-Player: discard 1 and draw 1 after receiving a hand (docs section 3.2, two_player_swap)."""

import numpy as np
import pytest

import lifespan


def decisions(toyl, state, policy=None):
    """[(round, step, seat, hand sizes)] for every decision of a game."""
    policy = policy or toyl.first_legal
    out = []
    while not state.is_terminal():
        st = toyl.srec(state)
        out.append((st["round"], st["step"], state.current_player,
                    tuple(len(p["hand"]) for p in st["players"])))
        state.apply(policy(state))
    return out


def keep_at_midpoint(state):
    legal = state.legal_actions()
    return 160 if 160 in legal else legal[0]


def swap_rounds(toyl, seen):
    return sorted({r for r, step, _, _ in seen if step == toyl.SWAP})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_swap_every_round_by_default(toyl, seed):
    game = toyl.game(2)
    assert game.parameters["two_player_swap"] == "every_round"
    seen = decisions(toyl, game.new_state(seed=seed))
    assert swap_rounds(toyl, seen) == list(range(1, 11))
    for rnd in range(1, 11):
        steps = [(step, seat) for r, step, seat, _ in seen if r == rnd and step != toyl.INSPIRATION]
        expected_tail = [(toyl.SWAP, 0), (toyl.SWAP, 1), (toyl.CHOOSE, 0), (toyl.CHOOSE, 1)]
        assert steps[-4:] == expected_tail, rnd
        if rnd == 6:
            assert all(step == toyl.MIDPOINT for step, _ in steps[:-4])
            assert len(steps) > 4
        else:
            assert len(steps) == 4


def test_swap_in_the_midpoint_round_comes_after_the_refill(toyl):
    seen = decisions(toyl, toyl.game(2).new_state(seed=4))
    round6 = [(step, sizes) for r, step, _, sizes in seen if r == 6]
    first_swap = next(sizes for step, sizes in round6 if step == toyl.SWAP)
    assert first_swap == (7, 7)
    assert round6[0] == (toyl.MIDPOINT, (2, 2))


def test_swap_discards_one_then_each_draws_one_in_seat_order(toyl):
    game = toyl.game(2)
    state = toyl.build_state(game, step=toyl.SWAP, hands=[[1, 2, 3, 4, 5, 6, 7],
                                                         [11, 12, 13, 14, 15, 16, 17]],
                             deck=[77, 78, 79])  # 79 on top
    assert state.legal_actions() == [toyl.discard(c) for c in (1, 2, 3, 4, 5, 6, 7)]
    assert state.action_to_string(toyl.discard(3)) == f"Discard 03 {toyl.CARDS[3]['name']}"
    state.apply(toyl.discard(3))
    st = toyl.srec(state)
    assert st["discards"] == [3]              # at once, face down
    assert st["players"][0]["hand"] == [1, 2, 4, 5, 6, 7]
    assert state.current_player == 1 and st["step"] == toyl.SWAP
    assert st["deck"][-1] == 79               # nobody draws before both have discarded
    state.apply(toyl.discard(17))
    st = toyl.srec(state)
    assert st["discards"] == [3, 17]
    assert st["players"][0]["hand"] == [1, 2, 4, 5, 6, 7, 79]
    assert st["players"][1]["hand"] == [11, 12, 13, 14, 15, 16, 78]
    assert st["deck"][-1] == 77
    assert st["step"] == toyl.CHOOSE and state.current_player == 0


def test_swap_allows_only_one_discard(toyl):
    game = toyl.game(2)
    state = toyl.build_state(game, step=toyl.SWAP, hands=[[1, 2, 3], [11, 12, 13]])
    assert toyl.KEEP not in state.legal_actions()
    state.apply(toyl.discard(1))
    assert state.current_player == 1
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(toyl.discard(2))  # seat 0 already swapped
    assert state.to_json() == before


def test_a_swap_discard_is_hidden_from_the_other_player(toyl):
    state = toyl.game(2).new_state(seed=6)
    hand = toyl.srec(state)["players"][0]["hand"]
    a, b = state.child(toyl.discard(hand[0])), state.child(toyl.discard(hand[1]))
    assert a.observation_string(1) == b.observation_string(1)
    assert np.array_equal(a.observation(1), b.observation(1))


@pytest.mark.parametrize("seed", [0, 3])
def test_passed_only_skips_round_1_and_the_midpoint_round(toyl, seed):
    seen = decisions(toyl, toyl.game(2, two_player_swap="passed_only").new_state(seed=seed))
    assert swap_rounds(toyl, seen) == [2, 3, 4, 5, 7, 8, 9, 10]
    fresh = toyl.game(2, two_player_swap="passed_only").new_state(seed=seed)
    assert toyl.srec(fresh)["step"] == toyl.CHOOSE
    assert fresh.legal_actions() == toyl.srec(fresh)["players"][0]["hand"]


@pytest.mark.parametrize("seed", [0, 5])
def test_swap_off_never_swaps(toyl, seed):
    state = toyl.game(2, two_player_swap="off").new_state(seed=seed)
    seen = decisions(toyl, state.clone(), keep_at_midpoint)
    assert swap_rounds(toyl, seen) == []
    assert {r for r, step, _, _ in seen if step == toyl.MIDPOINT} == {6}
    # the deck only shrinks at the deal (14) and the midpoint refill (5 each)
    st = toyl.srec(toyl.play_out(state, keep_at_midpoint))
    assert len(st["deck"]) == 80 - 14 - 10


@pytest.mark.parametrize("players", [3, 4, 6])
def test_no_swap_with_more_than_two_players(toyl, players):
    seen = decisions(toyl, toyl.game(players).new_state(seed=1))
    assert swap_rounds(toyl, seen) == []


def test_two_player_game_places_ten_cards_each(toyl):
    state = toyl.play_out(toyl.game(2).new_state(seed=12), keep_at_midpoint)
    st = toyl.srec(state)
    assert [len(p["timeline"]) for p in st["players"]] == [10, 10]
    # the deal (14), 10 swaps of 1 card each (20) and the midpoint refill (5 each, nothing
    # discarded) came from the deck
    assert len(st["deck"]) == 80 - 14 - 20 - 10
