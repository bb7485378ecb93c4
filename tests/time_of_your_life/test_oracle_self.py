"""Unit tests of the pure-Python oracle (reference.py) on its own, without the engine.

They pin the oracle to the document (docs/time_of_your_life.md) so that, when the oracle and the
engine disagree, it is clear which one follows the text. Nothing here imports `lifespan`.
"""

import importlib
import itertools
import random
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SHIPPED_CARDS = HERE.parents[1] / "python" / "lifespan" / "data" / "time_of_your_life" / "life_cards.toml"




ref = importlib.import_module("time_of_your_life_reference")  # registered by conftest.py
Card, RefGame, Step = ref.Card, ref.RefGame, ref.Step
TRAITS = ["family", "adventure", "learning", "creativity", "health"]
FAMILY, ADVENTURE, LEARNING, CREATIVITY, HEALTH = range(5)


def blank_cards(*special):
    """80 cards with no traits, icons or points, except the `special` Card objects given."""
    by_number = {card.number: card for card in special}
    return [by_number.get(n, Card(number=n)) for n in range(80)]


def empty_position(game, seed=0):
    """A state whose timelines and tokens are cleared, for building scenarios by hand."""
    state = game.new_state(seed)
    n = game.num_players
    state.timelines = [[] for _ in range(n)]
    state.trait_tokens = [{} for _ in range(n)]
    state.tokens = [{"happiness": 0, "inspiration": 0} for _ in range(n)]
    return state


def varied_cards(seed):
    """80 cards with random traits, icons, ages (with ties) and objectives of every kind."""
    rng = random.Random(seed)
    cards = []
    for n in range(80):
        kind = list(ref.OBJECTIVE_FIELDS)[n % 10]
        obj = {"kind": kind, "points": rng.randint(-2, 4)}
        if "trait" in ref.OBJECTIVE_FIELDS[kind]:
            obj["trait"] = rng.choice(TRAITS + ["any"])
        if kind == "directional":
            obj["direction"] = rng.choice(["left", "right"])
        if kind == "sets":
            obj["size"] = rng.randint(1, 5)
        if kind == "age_band":
            obj["min"] = rng.randint(0, 40)
            obj["max"] = obj["min"] + rng.randint(0, 30)
        if kind == "tokens":
            obj["emotion"] = rng.choice(ref.EMOTIONS)
        icons = lambda: [rng.choice(ref.EMOTIONS) for _ in range(rng.choice([0, 0, 1, 1, 2]))]
        cards.append(Card(number=n, name=f"Card {n}", age=rng.randint(0, 40),
                          traits=[rng.choice(TRAITS) for _ in range(rng.randint(0, 3))],
                          left=icons(), right=icons(), objective=obj))
    return cards


# ------------------------------------------------------------------------------------------------
# Section 2: randomness and the deal
# ------------------------------------------------------------------------------------------------


def test_splitmix64_first_outputs_for_seed_0():
    rng = ref.SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                              0x06C45D188009454F]


def test_shuffle_swaps_from_the_end_with_below():
    a = list(range(10))
    ref.SplitMix64(42).shuffle(a)
    rng, b = ref.SplitMix64(42), list(range(10))
    for i in range(9, 0, -1):
        j = (rng.next() * (i + 1)) >> 64  # Lemire reduction, docs §2
        b[i], b[j] = b[j], b[i]
    assert a == b


def test_deal_draws_from_the_end_seat_by_seat():
    game = RefGame(blank_cards(), TRAITS, players=3)
    deck = list(range(80))
    ref.SplitMix64(7).shuffle(deck)
    state = game.new_state(7)
    assert sorted(state.hands[0]) == sorted(deck[-7:])
    assert sorted(state.hands[1]) == sorted(deck[-14:-7])
    assert sorted(state.hands[2]) == sorted(deck[-21:-14])
    assert state.deck == deck[:-21]


def test_new_state_without_seed_uses_the_game_seed():
    game = RefGame(blank_cards(), TRAITS, players=4, seed=11)
    assert game.new_state().hands == game.new_state(11).hands
    assert game.new_state().hands != game.new_state(12).hands


# ------------------------------------------------------------------------------------------------
# Section 3: rounds, midpoint, swap, pass
# ------------------------------------------------------------------------------------------------


def play_until(state, predicate, choose=min):
    while not state.is_terminal() and not predicate(state):
        state.apply(choose(state.legal_actions()))


def test_first_decision_is_seat_0_choosing_from_its_hand():
    state = RefGame(blank_cards(), TRAITS, players=4).new_state(3)
    assert state.current_player == 0
    assert state.legal_actions() == sorted(state.hands[0])


def test_choices_are_sequentialised_and_revealed_together():
    state = RefGame(blank_cards(), TRAITS, players=3).new_state(3)
    picks = []
    for seat in range(3):
        assert state.current_player == seat
        picks.append(state.legal_actions()[0])
        state.apply(picks[-1])
        if seat < 2:
            assert all(t == [] for t in state.timelines)
    assert state.timelines == [[c] for c in picks]


def test_hands_pass_clockwise_before_the_midpoint():
    state = RefGame(blank_cards(), TRAITS, players=4).new_state(5)
    before = [sorted(h) for h in state.hands]
    picks = []
    for _ in range(4):
        picks.append(state.legal_actions()[0])
        state.apply(picks[-1])
    for seat in range(4):
        expected = sorted(set(before[seat]) - {picks[seat]})
        assert sorted(state.hands[(seat + 1) % 4]) == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_midpoint_is_round_6_and_hands_then_pass_anticlockwise(players):
    state = RefGame(blank_cards(), TRAITS, players=players).new_state(9)
    play_until(state, lambda s: s.step is Step.MIDPOINT)
    assert state.round == 6 and state.current_player == 0
    assert all(len(h) == 2 for h in state.hands)
    assert all(len(t) == 5 for t in state.timelines)
    for _ in range(players):
        state.apply(ref.KEEP)
    assert state.step is Step.CHOOSE and all(len(h) == 7 for h in state.hands)
    before = [sorted(h) for h in state.hands]
    picks = []
    for _ in range(players):
        picks.append(state.legal_actions()[0])
        state.apply(picks[-1])
    for seat in range(players):
        assert sorted(state.hands[(seat - 1) % players]) == sorted(set(before[seat]) - {picks[seat]})
    play_until(state, lambda s: False)
    assert state.midpoint_round == 6


def test_midpoint_second_discard_must_be_higher_and_ends_the_turn():
    state = RefGame(blank_cards(), TRAITS, players=3).new_state(1)
    play_until(state, lambda s: s.step is Step.MIDPOINT)
    low, high = sorted(state.hands[0])
    assert state.legal_actions() == [80 + low, 80 + high, ref.KEEP]
    state.apply(80 + low)
    assert state.current_player == 0
    assert state.legal_actions() == [80 + high, ref.KEEP]
    state.apply(80 + high)  # the second discard ends seat 0's turn
    assert state.current_player == 1
    assert state.discard_pile == [low, high]
    low1, high1 = sorted(state.hands[1])
    state.apply(80 + high1)  # discarding the higher card first leaves only Keep
    assert state.current_player == 1 and state.legal_actions() == [ref.KEEP]
    with pytest.raises(ValueError):
        state.apply(80 + low1)
    state.apply(ref.KEEP)
    assert state.current_player == 2


def test_midpoint_refill_in_seat_order_from_the_top():
    state = RefGame(blank_cards(), TRAITS, players=3).new_state(4)
    play_until(state, lambda s: s.step is Step.MIDPOINT)
    deck = list(state.deck)
    state.apply(80 + min(state.hands[0]))
    state.apply(ref.KEEP)
    state.apply(ref.KEEP)
    state.apply(ref.KEEP)
    # seat 0 (1 card left) draws 6, then seats 1 and 2 draw 5 each, all from the end of the deck
    assert set(deck[-6:]) <= set(state.hands[0])
    assert set(deck[-11:-6]) <= set(state.hands[1])
    assert set(deck[-16:-11]) <= set(state.hands[2])
    assert state.deck == deck[:-16]


def test_six_players_discarding_two_reshuffle_the_discard_pile():
    state = RefGame(blank_cards(), TRAITS, players=6).new_state(2)
    play_until(state, lambda s: s.step is Step.MIDPOINT)
    assert len(state.deck) == 80 - 42
    for _ in range(6):
        hand = sorted(state.hands[state.current_player])
        state.apply(80 + hand[0])
        state.apply(80 + hand[1])
    # 38 cards in the deck, 42 needed: the 12 discards become the deck after 38 draws
    assert all(len(h) == 7 for h in state.hands)
    assert len(state.deck) == 12 - 4 and state.discard_pile == []


def test_reshuffle_shuffles_the_discard_pile_in_discard_order():
    state = RefGame(blank_cards(), TRAITS, players=6).new_state(3)
    play_until(state, lambda s: s.step is Step.MIDPOINT)
    for _ in range(5):
        hand = sorted(state.hands[state.current_player])
        state.apply(80 + hand[0])
        state.apply(80 + hand[1])
    low, high = sorted(state.hands[5])
    state.apply(80 + low)
    pile = state.discard_pile + [high]
    rng = ref.SplitMix64(0)
    rng.state = state.rng.state  # the generator is not used between here and the reshuffle
    state.apply(80 + high)
    rng.shuffle(pile)
    assert state.deck == pile[:-4]  # seat 5 drew the last 4 cards from the top (the end)
    assert set(pile[-4:]) <= set(state.hands[5])


def test_six_players_with_a_short_deck_run_short():
    state = RefGame(blank_cards(), TRAITS, players=6, midpoint_empty_deck="short").new_state(2)
    play_until(state, lambda s: s.step is Step.MIDPOINT)
    for _ in range(6):
        hand = sorted(state.hands[state.current_player])
        state.apply(80 + hand[0])
        state.apply(80 + hand[1])
    assert [len(h) for h in state.hands] == [7, 7, 7, 7, 7, 3]
    assert state.deck == [] and len(state.discard_pile) == 12
    play_until(state, lambda s: False)
    # the 3-card hand is empty in rounds 9 and 10, and the players holding it then skip
    assert sorted(len(t) for t in state.timelines) == [9, 9, 10, 10, 10, 10]


@pytest.mark.parametrize("mode, swap_rounds", [
    ("every_round", list(range(1, 11))),
    ("passed_only", [2, 3, 4, 5, 7, 8, 9, 10]),
    ("off", []),
])
def test_two_player_swap_rounds(mode, swap_rounds):
    state = RefGame(blank_cards(), TRAITS, players=2, two_player_swap=mode).new_state(6)
    seen = []
    while not state.is_terminal():
        if state.step is Step.SWAP and state.current_player == 0:
            seen.append(state.round)
            if state.round == 6:
                assert all(len(h) == 7 for h in state.hands)  # after the midpoint refill
        state.apply(state.legal_actions()[0] if state.step is not Step.MIDPOINT else ref.KEEP)
    assert seen == swap_rounds


def test_two_player_swap_discards_then_draws_in_seat_order():
    state = RefGame(blank_cards(), TRAITS, players=2).new_state(8)
    assert state.step is Step.SWAP and state.current_player == 0
    deck = list(state.deck)
    hands = [sorted(h) for h in state.hands]
    assert state.legal_actions() == [80 + c for c in hands[0]]
    state.apply(80 + hands[0][3])
    assert state.current_player == 1
    state.apply(80 + hands[1][0])
    assert state.step is Step.CHOOSE and state.current_player == 0
    assert state.discard_pile == [hands[0][3], hands[1][0]]
    assert deck[-1] in state.hands[0] and deck[-2] in state.hands[1]
    assert all(len(h) == 7 for h in state.hands)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("rules", [{}, {"two_player_swap": "off"}, {"midpoint_empty_deck": "short"},
                                   {"limited_token_supply": True, "max_trait_tokens_per_card": 1}])
def test_random_games_place_ten_cards_each_and_end(players, rules):
    game = RefGame(varied_cards(players), TRAITS, players=players, **rules)
    rng = random.Random(players)
    for seed in range(30):
        state = game.new_state(seed)
        actions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            assert 0 <= state.current_player < players
            assert all(0 <= a < ref.NUM_DISTINCT_ACTIONS for a in legal)
            assert state.returns() == [0.0] * players
            state.apply(rng.choice(legal))
            actions += 1
            cards = state.deck + state.discard_pile + sum(state.hands, []) + sum(state.timelines, [])
            assert sorted(cards) == list(range(80))
        assert state.current_player == ref.TERMINAL_PLAYER and state.legal_actions() == []
        lengths = [len(t) for t in state.timelines]
        if rules.get("midpoint_empty_deck") == "short" and players == 6:
            assert all(8 <= n <= 10 for n in lengths)
        else:
            assert lengths == [10] * players
        assert all(h == [] for h in state.hands)
        assert abs(sum(state.returns())) < 1e-9
        assert state.scores() == state.scores()


def test_illegal_actions_raise_value_error():
    state = RefGame(blank_cards(), TRAITS, players=4).new_state(0)
    legal = state.legal_actions()
    for bad in [-1, 160, 211, next(c for c in range(80) if c not in legal), "0", 1.0]:
        with pytest.raises(ValueError):
            state.apply(bad)


def test_bad_rule_values_raise_value_error():
    for rules in [{"players": 1}, {"players": 7}, {"icon_matching": "corners"},
                  {"max_trait_tokens_per_card": 13}, {"limited_token_supply": 1}, {"colour": "red"}]:
        with pytest.raises(ValueError):
            RefGame(blank_cards(), TRAITS, **rules)


# ------------------------------------------------------------------------------------------------
# Sections 4 and 5: timelines and emotion tokens
# ------------------------------------------------------------------------------------------------

EXAMPLE_CARDS = {
    0: Card(number=0, right=["inspiration", "happiness"]),
    47: Card(number=47, left=["inspiration"]),
    32: Card(number=32, left=["inspiration", "happiness"], right=["inspiration"]),
}


def test_rulebook_emotion_token_example():
    game = RefGame(blank_cards(*EXAMPLE_CARDS.values()), TRAITS, players=2)
    state = empty_position(game)
    state.place_in_timeline(0, 0)
    assert state.place_in_timeline(0, 47) == {"happiness": 0, "inspiration": 1}
    assert state.place_in_timeline(0, 32) == {"happiness": 1, "inspiration": 2}
    assert state.timelines[0] == [0, 32, 47]
    assert state.tokens[0] == {"happiness": 1, "inspiration": 3}


def test_rulebook_example_mirrored_when_the_youngest_is_on_the_right():
    game = RefGame(blank_cards(*EXAMPLE_CARDS.values()), TRAITS, players=2, timeline_layout="youngest_right")
    state = empty_position(game)
    state.place_in_timeline(0, 0)
    assert state.place_in_timeline(0, 47) == {"happiness": 0, "inspiration": 0}
    assert state.place_in_timeline(0, 32) == {"happiness": 0, "inspiration": 0}


def test_any_edge_matching_counts_both_edges_of_each_card():
    cards = blank_cards(Card(number=5, left=["happiness", "happiness"], right=["inspiration"]),
                        Card(number=9, right=["happiness", "inspiration"]))
    edges = empty_position(RefGame(cards, TRAITS, players=2))
    edges.place_in_timeline(0, 5)
    assert edges.place_in_timeline(0, 9) == {"happiness": 0, "inspiration": 0}
    any_edge = empty_position(RefGame(cards, TRAITS, players=2, icon_matching="any_edge"))
    any_edge.place_in_timeline(0, 5)
    assert any_edge.place_in_timeline(0, 9) == {"happiness": 1, "inspiration": 1}


def test_age_order_ties_by_number_and_number_order():
    cards = blank_cards(Card(number=10, age=30), Card(number=20, age=5), Card(number=30, age=5))
    by_age = empty_position(RefGame(cards, TRAITS, players=2))
    by_number = empty_position(RefGame(cards, TRAITS, players=2, age_order="number"))
    for card in (30, 10, 20, 7):
        by_age.place_in_timeline(0, card)
        by_number.place_in_timeline(0, card)
    assert by_age.timelines[0] == [20, 30, 7, 10]
    assert by_number.timelines[0] == [7, 10, 20, 30]


def test_limited_supply_stops_giving_tokens():
    cards = [Card(number=n, left=["happiness"], right=["happiness"]) for n in range(80)]
    state = empty_position(RefGame(cards, TRAITS, players=2, limited_token_supply=True))
    state.emotion_supply["happiness"] = 1
    state.place_in_timeline(0, 10)
    state.place_in_timeline(0, 30)
    assert state.place_in_timeline(0, 20) == {"happiness": 0, "inspiration": 0}
    assert state.tokens[0]["happiness"] == 1 and state.emotion_supply["happiness"] == 0


# ------------------------------------------------------------------------------------------------
# Section 6: inspiration, happiness, returns
# ------------------------------------------------------------------------------------------------


def test_happiness_table():
    expected = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6, 5: 9, 6: 12, 7: 16, 8: 18, 9: 20, 10: 22}
    assert {n: ref.happiness_points(n) for n in expected} == expected


def final_position(players=3, cards=None, **rules):
    """A game played to its end with minimal choices and Keep at the midpoint."""
    game = RefGame(cards or blank_cards(), TRAITS, players=players, **rules)
    state = game.new_state(0)
    play_until(state, lambda s: False, choose=lambda legal: legal[-1] if legal[-1] == ref.KEEP
               else legal[0])
    return state


def force_inspiration(state, tokens):
    """Restart the inspiration phase with the given Inspiration tokens per player."""
    for p, k in enumerate(tokens):
        state.tokens[p]["inspiration"] = k
        state.trait_tokens[p] = {}
        state.placed[p] = 0
        state.last_code[p] = 0
    state._start_inspiration()


def test_inspiration_placements_are_non_decreasing_codes():
    state = final_position()
    force_inspiration(state, [0, 2, 0])
    assert state.current_player == 1
    assert state.legal_actions() == list(range(161, 211))
    state.apply(161 + 5 * 3 + 2)  # slot 3, trait 2
    assert state.current_player == 1
    assert state.legal_actions() == list(range(161 + 17, 211))
    state.apply(161 + 17)  # the same placement again is allowed
    assert state.is_terminal() and state.current_player == ref.TERMINAL_PLAYER
    card = state.timelines[1][3]
    assert state.trait_tokens[1] == {card: [0, 0, 2, 0, 0]}


def test_inspiration_per_card_cap():
    state = final_position(max_trait_tokens_per_card=2)
    force_inspiration(state, [3, 0, 0])
    state.apply(161 + 5 * 9 + 3)  # the oldest card, trait 3
    assert state.legal_actions() == [161 + 48, 161 + 49]
    state.apply(161 + 5 * 9 + 4)  # the oldest card is now full and no code below is allowed
    assert state.is_terminal() and state.placed == [2, 0, 0]


def test_inspiration_per_card_cap_and_limited_trait_supply():
    state = final_position(max_trait_tokens_per_card=1, limited_token_supply=True)
    state.trait_supply = [10, 10, 10, 10, 1]
    force_inspiration(state, [3, 0, 0])
    state.apply(161 + 5 * 9 + 4)  # last slot, last trait: the only card with codes >= 49 is full
    assert state.is_terminal()  # no legal placement left: the rest is skipped
    assert state.placed == [1, 0, 0] and state.trait_supply[4] == 0
    state = final_position(limited_token_supply=True)
    state.trait_supply = [0, 0, 0, 0, 1]
    force_inspiration(state, [0, 0, 2])
    assert state.legal_actions() == [161 + 5 * s + 4 for s in range(10)]
    state.apply(161 + 4)
    assert state.is_terminal()


def test_players_without_inspiration_are_skipped():
    state = final_position(players=4)
    force_inspiration(state, [0, 0, 0, 1])
    assert state.current_player == 3
    force_inspiration(state, [0, 0, 0, 0])
    assert state.is_terminal()


def scored_position(rules=None, happiness=(0, 0, 0)):
    game = RefGame(blank_cards(), TRAITS, players=3, **(rules or {}))
    state = empty_position(game)
    for p, h in enumerate(happiness):
        state.tokens[p]["happiness"] = h
    return state


def test_happiness_bonus_and_its_tie_rules():
    assert scored_position(happiness=(3, 1, 0)).scores() == [4 + 5, 1, 0]
    assert scored_position(happiness=(2, 2, 0)).scores() == [7, 7, 0]
    assert scored_position({"happiness_bonus_tie": "none"}, happiness=(2, 2, 0)).scores() == [2, 2, 0]
    assert scored_position({"happiness_bonus_tie": "none"}, happiness=(2, 1, 0)).scores() == [7, 1, 0]
    assert scored_position(happiness=(0, 0, 0)).scores() == [0, 0, 0]


def with_tokens(state, happiness):
    state.tokens = [{"happiness": h, "inspiration": 0} for h in happiness]
    return state


def test_returns_sole_winner_and_shared_win():
    state = final_position(players=3)
    state.timelines = [[], [], []]
    with_tokens(state, (3, 4, 0))
    assert state.scores() == [4, 6 + 5, 0]
    assert state.returns() == pytest.approx([-0.5, 1.0, -0.5])
    with_tokens(state, (2, 2, 0))
    assert state.scores() == [7, 7, 0]
    assert state.returns() == pytest.approx([0.25, 0.25, -0.5])


@pytest.mark.parametrize("rule, expected", [("shared", [0.25, 0.25, -0.5]),
                                            ("happiness", [1.0, -0.5, -0.5])])
def test_winner_tie_break(rule, expected):
    cards = blank_cards(Card(number=1, objective={"kind": "flat", "points": 8}))
    state = final_position(players=3, cards=cards, winner_tie_break=rule)
    state.timelines = [[], [1], []]
    with_tokens(state, (3, 1, 0))  # 4 + 5 bonus against 8 + 1: tied at 9
    assert state.scores() == [9, 9, 0]
    assert state.returns() == pytest.approx(expected)


def test_winner_tie_break_by_happiness_can_still_share():
    cards = blank_cards(Card(number=1, objective={"kind": "flat", "points": 2}))
    state = final_position(players=4, cards=cards, winner_tie_break="happiness")
    state.timelines = [[1], [1], [], []]
    with_tokens(state, (0, 0, 1, 1))  # 2, 2, 1 + 5, 1 + 5: seats 2 and 3 tie on 6 and on happiness
    assert state.scores() == [2, 2, 6, 6]
    assert state.returns() == pytest.approx([-1 / 3, -1 / 3, 1 / 3, 1 / 3])


def test_returns_are_zero_before_the_end():
    state = RefGame(blank_cards(), TRAITS, players=5).new_state(0)
    assert state.returns() == [0.0] * 5


# ------------------------------------------------------------------------------------------------
# Section 8: objectives
# ------------------------------------------------------------------------------------------------


def brute_force_sets(counts, size):
    """Most disjoint groups of `size` different traits, by always using the largest counts."""
    counts, groups = list(counts), 0
    while True:
        order = sorted(range(5), key=lambda t: -counts[t])[:size]
        if any(counts[t] == 0 for t in order):
            return groups
        for t in order:
            counts[t] -= 1
        groups += 1


def test_sets_formula():
    assert ref.sets_groups([3, 3, 3, 0, 0], 3) == 3
    assert ref.sets_groups([2, 2, 2, 2, 1], 5) == 1
    assert ref.sets_groups([5, 1, 0, 0, 0], 2) == 1
    assert ref.sets_groups([3, 0, 0, 0, 0], 1) == 3
    assert ref.sets_groups([0, 0, 0, 0, 0], 1) == 0
    assert ref.sets_groups([4, 4, 1, 1, 0], 2) == 5
    for counts in itertools.product(range(5), repeat=5):
        for size in range(1, 6):
            assert ref.sets_groups(counts, size) == brute_force_sets(counts, size), (counts, size)


def objective_card(number, traits=(), age=None, **objective):
    return Card(number=number, age=age, traits=traits,
                objective=objective or {"kind": "flat", "points": 0})


def test_per_trait_flat_and_any():
    cards = {
        1: objective_card(1, ["family", "family"], kind="per_trait", trait="family", points=2),
        2: objective_card(2, ["health"], kind="per_trait", trait="any", points=1),
        3: objective_card(3, [], kind="flat", points=-3),
    }
    state = empty_position(RefGame(blank_cards(*cards.values()), TRAITS, players=2))
    for c in (1, 2, 3):
        state.place_in_timeline(0, c)
    assert state.scores() == [2 * 2 + 3 - 3, 0]
    state.trait_tokens[0] = {3: [1, 0, 0, 0, 1]}
    assert state.scores() == [2 * 3 + 5 - 3, 0]


def test_objectives_on_a_built_timeline():
    cards = {
        10: objective_card(10, ["family"], kind="directional", trait="family", points=2,
                           direction="left"),
        20: objective_card(20, ["family", "health"], kind="neighbours", trait="any", points=1),
        30: objective_card(30, ["family"], kind="directional", trait="family", points=3,
                           direction="right"),
        40: objective_card(40, [], kind="youngest", points=4),
        5: objective_card(5, ["learning"], kind="youngest", points=7),
        50: objective_card(50, ["adventure"], kind="oldest", points=6),
        60: objective_card(60, [], kind="age_band", min=20, max=40, points=1),
        70: objective_card(70, [], kind="tokens", emotion="inspiration", points=2),
    }
    game = RefGame(blank_cards(*cards.values()), TRAITS, players=2)
    state = empty_position(game)
    for c in (50, 30, 20, 10, 5, 60, 70):
        state.place_in_timeline(0, c)
    assert state.timelines[0] == [5, 10, 20, 30, 50, 60, 70]
    state.tokens[0] = {"happiness": 0, "inspiration": 3}
    # 5 youngest: 7; 10 left (5, 10): 1 family -> 2; 20 neighbours 10, 30: 2 traits -> 2;
    # 30 right (30, 50, 60, 70): 1 family -> 3; 50 not oldest: 0; 60 ages 20..40: 20, 30 -> 2;
    # 70 tokens: 3 inspiration -> 6
    assert state.scores() == [7 + 2 + 2 + 3 + 0 + 2 + 6, 0]
    state.trait_tokens[0] = {30: [2, 0, 0, 0, 0], 5: [1, 0, 0, 0, 0]}
    # 10 left now counts 5's token: 2 family -> 4; 20 neighbours: 1 + 3 -> 4; 30 right: 3 -> 9
    assert state.scores() == [7 + 4 + 4 + 9 + 0 + 2 + 6, 0]
    mirrored = empty_position(RefGame(blank_cards(*cards.values()), TRAITS, players=2,
                                      timeline_layout="youngest_right"))
    for c in (50, 30, 20, 10, 5, 60, 70):
        mirrored.place_in_timeline(0, c)
    # arrows swap sides: 10 left = 10 and older (10, 20, 30): 3 family -> 6; 30 right = 30 and
    # younger (5, 10, 20, 30): 3 family -> 9
    assert mirrored.scores() == [7 + 6 + 2 + 9 + 0 + 2 + 0, 0]


def test_oldest_objective():
    cards = blank_cards(objective_card(50, kind="oldest", points=6))
    state = empty_position(RefGame(cards, TRAITS, players=2))
    state.place_in_timeline(0, 50)
    assert state.scores() == [6, 0]
    state.place_in_timeline(1, 70)  # another player's older card does not matter
    state.place_in_timeline(0, 40)
    assert state.scores() == [6, 0]
    state.place_in_timeline(0, 60)
    assert state.scores() == [0, 0]


def test_age_band_uses_the_printed_age():
    cards = blank_cards(objective_card(60, age=25, kind="age_band", min=20, max=30, points=2),
                        Card(number=3, age=29), Card(number=29, age=3))
    for rule in ("age", "number"):
        state = empty_position(RefGame(cards, TRAITS, players=2, age_order=rule))
        for c in (60, 3, 29):
            state.place_in_timeline(0, c)
        assert state.scores() == [2 * 2, 0]  # cards 60 (age 25) and 3 (age 29)


def test_majority_needs_at_least_one_and_no_one_more():
    cards = {
        1: objective_card(1, ["family"], kind="majority", trait="family", points=5),
        2: objective_card(2, ["family"], kind="majority", trait="family", points=5),
        3: objective_card(3, ["family", "family"]),
        4: objective_card(4, [], kind="majority", trait="health", points=5),
    }
    state = empty_position(RefGame(blank_cards(*cards.values()), TRAITS, players=3))
    state.place_in_timeline(0, 1)
    state.place_in_timeline(1, 2)
    state.place_in_timeline(2, 4)
    assert state.scores() == [5, 5, 0]  # a tie is enough; zero is not
    state.place_in_timeline(2, 3)
    assert state.scores() == [0, 0, 0]


def test_sets_objective_uses_timeline_trait_counts_with_tokens():
    cards = {
        1: objective_card(1, ["family", "adventure", "learning"], kind="sets", size=2, points=3),
        2: objective_card(2, ["family"]),
    }
    state = empty_position(RefGame(blank_cards(*cards.values()), TRAITS, players=2))
    state.place_in_timeline(0, 1)
    state.place_in_timeline(0, 2)
    assert state.scores()[0] == 3 * 2  # counts 2,1,1,0,0 -> 2 pairs
    state.trait_tokens[0] = {2: [0, 0, 0, 0, 2]}
    assert state.scores()[0] == 3 * 3  # counts 2,1,1,0,2 -> 3 pairs


# ------------------------------------------------------------------------------------------------
# Section 9: the card file
# ------------------------------------------------------------------------------------------------


def test_shipped_card_file_loads():
    trait_names, cards = ref.load_cards(SHIPPED_CARDS)
    assert len(trait_names) == 5 and [c.number for c in cards] == list(range(80))


def test_card_file_errors_name_the_card_and_field(tmp_path):
    text = SHIPPED_CARDS.read_text().replace('trait = "family"', 'trait = "famly"', 1)
    bad = tmp_path / "life_cards.toml"
    bad.write_text(text)
    with pytest.raises(ValueError, match=r"life_cards.toml: card \d+: objective.trait: .*famly"):
        ref.load_cards(bad)


def test_random_playout_returns_final_scores():
    trait_names, cards = ref.load_cards(SHIPPED_CARDS)
    game = RefGame(cards, trait_names, players=4)
    scores = ref.random_playout(game, 3, random.Random(0))
    assert len(scores) == 4 and all(isinstance(s, int) for s in scores)
    assert scores == ref.random_playout(game, 3, random.Random(0))
