"""The Midpoint (rulebook; docs/time_of_your_life.md sections 2 and 3.1)."""

import numpy as np
import pytest

import lifespan


def steps_seen(toyl, state):
    """(round, step, hand sizes) at every decision of a first-legal-action game."""
    seen = []
    while not state.is_terminal():
        st = toyl.srec(state)
        seen.append((st["round"], st["step"], [len(p["hand"]) for p in st["players"]]))
        state.apply(state.legal_actions()[0])
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_midpoint_is_reached_in_round_6_when_hands_of_two_are_received(toyl, players):
    state = toyl.game(players, two_player_swap="off").new_state(seed=players)
    seen = steps_seen(toyl, state)
    midpoint = [(r, sizes) for r, step, sizes in seen if step == toyl.MIDPOINT]
    assert midpoint, "no midpoint step"
    assert {r for r, _ in midpoint} == {6}
    # the first midpoint decision sees the hands as received: 2 cards each
    assert midpoint[0][1] == [2] * players
    # the choose step of round 6 comes after the refill: 7 cards each
    choose6 = [sizes for r, step, sizes in seen if r == 6 and step == toyl.CHOOSE]
    assert choose6[0] == [7] * players


def midpoint_position(toyl, game, **kwargs):
    """Round 6, 3 players, midpoint step; seat s holds the two cards 10s+1, 10s+2 (s = 0..2)
    and five placed cards; the top of the deck is 79, 78, ... (drawn in that order)."""
    kwargs.setdefault("deck", list(range(60, 80)))  # 79 on top
    return toyl.build_state(
        game, round=6, step=toyl.MIDPOINT, midpoint_reached=True,
        hands=[[1, 2], [11, 12], [21, 22]],
        timelines=[[3, 4, 5, 6, 7], [13, 14, 15, 16, 17], [23, 24, 25, 26, 27]],
        **kwargs)


def test_midpoint_offers_each_discard_and_keep(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    assert state.current_player == 0
    assert state.legal_actions() == [toyl.discard(1), toyl.discard(2), toyl.KEEP]
    assert state.action_to_string(160) == "Keep"
    assert state.string_to_action("Keep") == 160
    assert state.action_to_string(toyl.discard(2)) == f"Discard 02 {toyl.CARDS[2]['name']}"


def test_keep_without_discarding_passes_the_turn(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    state.apply(toyl.KEEP)
    st = toyl.srec(state)
    assert state.current_player == 1
    assert st["step"] == toyl.MIDPOINT
    assert st["players"][0]["hand"] == [1, 2]
    assert st["discards"] == []


def test_one_discard_then_keep(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    state.apply(toyl.discard(1))
    st = toyl.srec(state)
    # discarded at once, and the same player goes on
    assert st["discards"] == [1]
    assert st["players"][0]["hand"] == [2]
    assert state.current_player == 0
    # a second discard must be a higher-numbered card
    assert state.legal_actions() == [toyl.discard(2), toyl.KEEP]
    state.apply("Keep")
    assert state.current_player == 1


def test_second_discard_must_be_higher_numbered(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    state.apply(toyl.discard(2))
    assert state.legal_actions() == [toyl.KEEP]
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(toyl.discard(1))
    assert state.to_json() == before


def test_turn_ends_by_itself_after_the_second_discard(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    state.apply(toyl.discard(1))
    state.apply(toyl.discard(2))
    st = toyl.srec(state)
    assert state.current_player == 1
    assert st["step"] == toyl.MIDPOINT
    assert st["players"][0]["hand"] == []
    assert st["discards"] == [1, 2]
    assert st["midpoint_discard"] == -1


def test_refill_to_seven_in_seat_order_after_everyone_decided(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    state.apply(toyl.discard(1))
    state.apply(toyl.discard(2))      # seat 0: two discards, holds 0
    state.apply(toyl.discard(12))     # seat 1: one discard, holds 1
    state.apply(toyl.KEEP)
    assert toyl.srec(state)["players"][2]["hand"] == [21, 22]  # nobody has drawn yet
    state.apply(toyl.KEEP)            # seat 2 keeps both
    st = toyl.srec(state)
    # seat 0 draws 79..73, seat 1 draws 72..67, seat 2 draws 66..62
    assert st["players"][0]["hand"] == [73, 74, 75, 76, 77, 78, 79]
    assert st["players"][1]["hand"] == [11, 67, 68, 69, 70, 71, 72]
    assert st["players"][2]["hand"] == [21, 22, 62, 63, 64, 65, 66]
    assert st["discards"] == [1, 2, 12]
    assert st["step"] == toyl.CHOOSE and st["round"] == 6
    assert state.current_player == 0


def test_hands_pass_anticlockwise_from_the_midpoint_on(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    for _ in range(3):
        state.apply(toyl.KEEP)
    assert toyl.srec(state)["midpoint_reached"] is True
    assert "hands pass anticlockwise" in state.observation_string(0)
    assert state.observation(0)[6] == 1.0
    for _ in range(2):  # rounds 6 and 7
        before = [p["hand"] for p in toyl.srec(state)["players"]]
        picks = [hand[0] for hand in before]
        for card in picks:
            state.apply(toyl.play(card))
        after = [p["hand"] for p in toyl.srec(state)["players"]]
        for seat in range(3):
            assert after[(seat - 1) % 3] == [c for c in before[seat] if c != picks[seat]]


def test_hands_of_two_after_the_midpoint_do_not_start_another(toyl):
    game = toyl.game(3)
    # round 7, midpoint already reached, hands of 3: the hands received in round 8 hold 2
    state = toyl.build_state(game, round=7, midpoint_reached=True,
                             hands=[[1, 2, 3], [11, 12, 13], [21, 22, 23]])
    for card in (1, 11, 21):
        state.apply(card)
    st = toyl.srec(state)
    assert st["round"] == 8 and st["step"] == toyl.CHOOSE
    assert [len(p["hand"]) for p in st["players"]] == [2, 2, 2]


def test_receiving_hands_of_two_starts_the_midpoint(toyl):
    game = toyl.game(3)
    state = toyl.build_state(game, round=5, hands=[[1, 2, 3], [11, 12, 13], [21, 22, 23]])
    for card in (1, 11, 21):
        state.apply(card)
    st = toyl.srec(state)
    assert (st["round"], st["step"], st["midpoint_reached"]) == (6, toyl.MIDPOINT, True)
    assert state.current_player == 0
    # the hands were passed clockwise one last time
    assert [p["hand"] for p in st["players"]] == [[22, 23], [2, 3], [12, 13]]


def tiny_deck_position(toyl, game):
    """Round 6, 4 players at the midpoint; 3 cards in the deck (79 on top), the rest of the
    unplaced cards on the discard pile."""
    return toyl.build_state(
        game, round=6, step=toyl.MIDPOINT, midpoint_reached=True,
        hands=[[1, 2], [11, 12], [21, 22], [31, 32]],
        timelines=[[3, 4, 5, 6, 7], [13, 14, 15, 16, 17], [23, 24, 25, 26, 27],
                   [33, 34, 35, 36, 37]],
        deck=[77, 78, 79], leftover="discards")


def test_empty_deck_reshuffles_the_discards(toyl):
    game = toyl.game(4)  # midpoint_empty_deck = "reshuffle"
    state = tiny_deck_position(toyl, game)
    state.apply(toyl.discard(2))      # seat 0 discards 2 (onto the pile) and keeps 1
    state.apply(toyl.KEEP)
    before = toyl.srec(state)
    assert before["deck"] == [77, 78, 79]
    for _ in range(3):
        state.apply(toyl.KEEP)
    after = toyl.srec(state)

    # Expected, from section 2: seat 0 draws 79, 78, 77; the deck is empty, so the discard
    # pile (in discard order, 02 last) becomes the deck and is shuffled with the state's
    # generator; the draws go on from its end.
    rng = toyl.SplitMix64(before["rng"])
    deck = list(before["deck"])
    pile = list(before["discards"])
    hands = [list(p["hand"]) for p in before["players"]]
    for hand in hands:
        while len(hand) < 7:
            if not deck:
                deck, pile = pile, []
                rng.shuffle(deck)
            hand.append(deck.pop())
    assert [p["hand"] for p in after["players"]] == [sorted(h) for h in hands]
    assert after["deck"] == deck
    assert after["discards"] == []
    assert after["rng"] == rng.state
    assert all(len(p["hand"]) == 7 for p in after["players"])
    assert 2 in [c for h in hands for c in h] + deck  # the fresh discard was reshuffled too


def test_empty_deck_short_leaves_hands_short(toyl):
    game = toyl.game(4, midpoint_empty_deck="short")
    state = tiny_deck_position(toyl, game)
    discards_before = toyl.srec(state)["discards"]
    for _ in range(4):
        state.apply(toyl.KEEP)
    st = toyl.srec(state)
    # seat 0 draws the three cards there are; the others draw nothing
    assert [p["hand"] for p in st["players"]] == [[1, 2, 77, 78, 79], [11, 12], [21, 22],
                                                  [31, 32]]
    assert st["deck"] == []
    assert st["discards"] == discards_before
    assert st["step"] == toyl.CHOOSE


def test_short_hands_skip_the_choice_and_the_game_still_ends(toyl):
    game = toyl.game(4, midpoint_empty_deck="short")
    state = tiny_deck_position(toyl, game)
    for _ in range(4):
        state.apply(toyl.KEEP)
    pile_after_refill = len(toyl.srec(state)["discards"])
    # 5 + 2 + 2 + 2 = 11 cards in hands; each round every player holding a card places one
    while not state.is_terminal():
        st = toyl.srec(state)
        if st["step"] == toyl.CHOOSE:
            assert st["players"][state.current_player]["hand"], "a seat with no card must skip"
        state.apply(state.legal_actions()[0])
    st = toyl.srec(state)
    lengths = [len(p["timeline"]) for p in st["players"]]
    assert all(5 <= n <= 10 for n in lengths)
    assert min(lengths) < 10
    assert all(p["hand"] == [] for p in st["players"])
    # every card held after the refill was either placed or discarded after round 10
    placed = sum(lengths) - 20
    discarded_at_the_end = len(st["discards"]) - pile_after_refill
    assert placed + discarded_at_the_end == 11


def test_midpoint_discards_are_hidden_from_other_players(toyl):
    state = midpoint_position(toyl, toyl.game(3))
    a = state.child(toyl.discard(1))
    b = state.child(toyl.discard(2))
    assert a.observation_string(1) == b.observation_string(1)
    assert np.array_equal(a.observation(2), b.observation(2))
