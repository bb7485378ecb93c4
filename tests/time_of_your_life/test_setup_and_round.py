"""Set Up and Playing a Round (rulebook; docs/time_of_your_life.md sections 2-4)."""

import numpy as np
import pytest


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_seven_cards_to_each_player_and_leaves_80_minus_7n_in_the_deck(toyl, players):
    game = toyl.game(players)
    st = toyl.srec(game.new_state(seed=11))
    assert [len(p["hand"]) for p in st["players"]] == [7] * players
    assert len(st["deck"]) == 80 - 7 * players
    assert st["discards"] == []
    assert all(p["timeline"] == [] and p["pick"] == -1 for p in st["players"])
    assert st["round"] == 1
    cards = st["deck"] + [c for p in st["players"] for c in p["hand"]]
    assert sorted(cards) == list(range(80))


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**64 - 1])
def test_deal_follows_the_documented_shuffle_and_draws_from_the_end_of_the_deck(toyl, seed):
    # Section 2: deck [0..79] shuffled once with SplitMix64(seed); seat 0 draws 7, then seat 1...
    game = toyl.game(4)
    st = toyl.srec(game.new_state(seed=seed))
    rng = toyl.SplitMix64(seed)
    deck = list(range(80))
    rng.shuffle(deck)
    hands = []
    for _ in range(4):
        hands.append(sorted(deck.pop() for _ in range(7)))
    assert [p["hand"] for p in st["players"]] == hands
    assert st["deck"] == deck
    assert st["rng"] == rng.state


def test_new_state_without_seed_uses_the_seed_parameter(toyl):
    game = toyl.game(3, seed=99)
    assert game.new_state() == game.new_state(seed=99)
    assert game.new_state() != game.new_state(seed=98)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_choose_is_sequentialised_in_seat_order(toyl, players):
    state = toyl.game(players).new_state(seed=3)
    seen = []
    for _ in range(players):
        assert toyl.srec(state)["step"] == toyl.CHOOSE
        seen.append(state.current_player)
        state.apply(state.legal_actions()[-1])
    assert seen == list(range(players))
    # everyone has chosen: the reveal and pass happened, round 2 starts with seat 0
    assert toyl.srec(state)["round"] == 2
    assert state.current_player == 0


def test_legal_actions_in_the_choose_step_are_the_cards_in_hand(toyl):
    state = toyl.game(3).new_state(seed=5)
    hand = toyl.srec(state)["players"][0]["hand"]
    assert state.legal_actions() == [toyl.play(c) for c in hand]
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        f"Play {c:02d} {toyl.CARDS[c]['name']}" for c in hand]


def test_a_pick_is_hidden_from_the_other_players(toyl):
    game = toyl.game(3)
    state = game.new_state(seed=8)
    hand = toyl.srec(state)["players"][0]["hand"]
    a, b = state.child(hand[0]), state.child(hand[-1])
    for observer in (1, 2):
        # what seat 0 picked makes no difference to anything another player observes
        assert a.observation_string(observer) == b.observation_string(observer)
        assert np.array_equal(a.observation(observer), b.observation(observer))
    # but seat 0 sees its own pick
    assert a.observation_string(0) != b.observation_string(0)
    assert a.observation(0)[90 + hand[0]] == 1 and a.observation(0)[90 + hand[-1]] == 0


def test_a_pick_changes_another_observation_only_by_the_has_picked_flag(toyl):
    game = toyl.game(3)
    state = game.new_state(seed=8)
    after = state.child(state.legal_actions()[0])
    # seat 2 is not to move before nor after seat 0's pick.
    before_obs, after_obs = state.observation(2), after.observation(2)
    changed = np.flatnonzero(before_obs != after_obs).tolist()
    # seat 0 is (2 + 1) mod 3: row k = 1 at 170 + 91; "has picked" at +80 +5 +3 in the row
    assert changed == [170 + 91 * 1 + 88]
    assert after_obs[170 + 91 + 88] == 1.0
    # seat 1 is to move now: its own "to move" flag (offset 9) and seat 0's has-picked flag
    # (seat 0 is (1 + 2) mod 3: row k = 2)
    changed = np.flatnonzero(state.observation(1) != after.observation(1)).tolist()
    assert changed == [9, 170 + 91 * 2 + 88]

    before_text = state.observation_string(2).splitlines()
    after_text = after.observation_string(2).splitlines()
    diff = [(x, y) for x, y in zip(before_text, after_text) if x != y]
    assert len(before_text) == len(after_text)
    # the only differences: who is to move, and that seat 0 has picked (not what)
    assert all("to move" in x + y or "has picked" in y for x, y in diff)
    assert any("has picked" in y for _, y in diff)


def test_reveal_places_each_card_in_age_order_in_its_owners_timeline(toyl):
    game = toyl.game(3)
    # round 4: seat 0 has 10 and 50, and plays 30 (between); seat 1 has 20 and 40 and plays 5
    # (before both); seat 2 has 60 and plays 70 (after).
    state = toyl.build_state(
        game, round=4,
        hands=[[30, 1, 2, 3], [5, 6, 7, 8], [70, 11, 12, 13]],
        timelines=[[10, 50], [20, 40], [60]],
    )
    for card in (30, 5, 70):
        state.apply(toyl.play(card))
    timelines = [p["timeline"] for p in toyl.srec(state)["players"]]
    assert timelines == [[10, 30, 50], [5, 20, 40], [60, 70]]


def test_age_order_number_orders_the_timeline_by_card_number(toyl, tmp_path):
    # A card whose printed age differs from its number: card 5 aged 60.
    text = toyl.CARD_FILE.read_text()
    start = text.index("[[card]]\nnumber = 5\n")
    end = text.index("[[card]]", start + 1)
    card5 = text[start:end].replace("age = 5\n", "age = 60\n")
    path = tmp_path / "aged.toml"
    path.write_text(card5)
    for order, expected in (("age", [10, 50, 5]), ("number", [5, 10, 50])):
        game = toyl.game(3, cards=[path], age_order=order)
        state = toyl.build_state(game, round=3, hands=[[5, 1], [6, 7], [8, 9]],
                                 timelines=[[10, 50]])
        for card in (5, 6, 8):
            state.apply(card)
        assert toyl.srec(state)["players"][0]["timeline"] == expected


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_hands_pass_clockwise_before_the_midpoint(toyl, players):
    game = toyl.game(players, two_player_swap="off")
    state = game.new_state(seed=21)
    for _ in range(3):  # rounds 1-3
        before = [p["hand"] for p in toyl.srec(state)["players"]]
        picks = []
        for seat in range(players):
            assert state.current_player == seat
            picks.append(before[seat][seat % len(before[seat])])
            state.apply(toyl.play(picks[-1]))
        after = [p["hand"] for p in toyl.srec(state)["players"]]
        for seat in range(players):
            remaining = [c for c in before[seat] if c != picks[seat]]
            assert after[(seat + 1) % players] == remaining


def test_round_counter_and_pass_direction_shown_in_the_observation(toyl):
    game = toyl.game(4)
    state = game.new_state(seed=2)
    obs = state.observation(0)
    assert obs[5] == pytest.approx(0.1) and obs[6] == 0.0
    assert "hands pass clockwise" in state.observation_string(0)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.observation(0)[5] == pytest.approx(0.2)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_game_ends_after_ten_placements_and_remaining_hands_are_discarded(toyl, players):
    game = toyl.game(players)
    state = game.new_state(seed=40 + players)
    # play until the last Choose step of round 10 has been reached
    state = toyl.play_until(
        state, lambda s: toyl.srec(s)["round"] == 10 and toyl.srec(s)["step"] == toyl.CHOOSE)
    st = toyl.srec(state)
    assert all(len(p["timeline"]) == 9 for p in st["players"])
    picks = []
    for seat in range(players):
        hand = toyl.srec(state)["players"][seat]["hand"]
        picks.append(hand[0])
        state.apply(toyl.play(hand[0]))
    leftovers = [c for seat, p in enumerate(st["players"]) for c in p["hand"] if c != picks[seat]]
    st = toyl.srec(state)
    assert st["round"] == 10
    assert all(len(p["timeline"]) == 10 for p in st["players"])
    assert all(p["hand"] == [] for p in st["players"])
    # the remaining hands went to the discard pile, in seat order
    assert st["discards"][-len(leftovers):] == leftovers
    # play the Inspiration step (if any) to the end
    state = toyl.play_out(state)
    assert state.is_terminal()
    assert state.current_player == -4
    assert toyl.srec(state)["step"] == toyl.OVER
    assert state.legal_actions() == []
    assert not state.legal_actions_mask().any()


def test_current_player_is_minus_4_only_at_the_end(toyl):
    state = toyl.game(3).new_state(seed=9)
    while not state.is_terminal():
        assert 0 <= state.current_player < 3
        state.apply(state.legal_actions()[-1])
    assert state.current_player == -4
    assert "Game over" in str(state)
