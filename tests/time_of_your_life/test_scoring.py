"""End of Game, Inspiration and Happiness tokens, objectives and returns
(rulebook; docs/time_of_your_life.md sections 6 and 8).

Every expected number is worked out by hand from the card file in the comments. The cards used
are checked against the card file first (test_cards_used_here_are_as_the_comments_say), so a
change of the shipped cards shows up there rather than as a puzzling score.

Trait abbreviations: F family, A adventure, L learning, C creativity, H health.
"""

import pytest

# number: (traits, objective) as the comments below assume
CARDS_USED = {
    0: (["family"], {"kind": "age_band", "min": 0, "max": 12, "points": 2}),
    1: (["health"], {"kind": "youngest", "points": 3}),
    2: (["learning"], {"kind": "neighbours", "trait": "any", "points": 2}),
    3: (["creativity"], {"kind": "per_trait", "trait": "creativity", "points": 2}),
    5: (["learning", "creativity"], {"kind": "per_trait", "trait": "learning", "points": 2}),
    10: (["learning", "creativity"], {"kind": "sets", "size": 2, "points": 1}),
    12: (["creativity", "learning"], {"kind": "directional", "trait": "creativity", "points": 2,
                                      "direction": "right"}),
    13: (["creativity"], {"kind": "neighbours", "trait": "creativity", "points": 4}),
    14: ([], {"kind": "tokens", "emotion": "happiness", "points": 3}),
    17: (["health"], {"kind": "flat", "points": 3}),
    20: (["learning"], {"kind": "age_band", "min": 18, "max": 32, "points": 1}),
    21: ([], {"kind": "flat", "points": 5}),
    31: (["family"], {"kind": "directional", "trait": "family", "points": 2,
                      "direction": "right"}),
    32: (["learning"], {"kind": "tokens", "emotion": "inspiration", "points": 3}),
    34: (["health", "family"], {"kind": "neighbours", "trait": "health", "points": 4}),
    35: (["family"], {"kind": "per_trait", "trait": "family", "points": 1}),
    36: (["family"], {"kind": "directional", "trait": "health", "points": -1,
                      "direction": "left"}),
    37: (["learning", "adventure"], {"kind": "sets", "size": 3, "points": 1}),
    40: ([], {"kind": "flat", "points": 5}),
    43: (["health"], {"kind": "neighbours", "trait": "family", "points": 4}),
    47: (["family"], {"kind": "directional", "trait": "family", "points": 2,
                      "direction": "left"}),
    50: (["family", "health"], {"kind": "sets", "size": 5, "points": 8}),
    52: (["creativity", "learning"], {"kind": "per_trait", "trait": "creativity", "points": 2}),
    54: (["family"], {"kind": "per_trait", "trait": "family", "points": 2}),
    56: (["family"], {"kind": "majority", "trait": "family", "points": 5}),
    60: ([], {"kind": "flat", "points": 5}),
    63: (["family", "creativity"], {"kind": "sets", "size": 4, "points": 2}),
    65: (["family"], {"kind": "age_band", "min": 60, "max": 79, "points": 1}),
    76: (["adventure"], {"kind": "oldest", "points": 4}),
    79: ([], {"kind": "flat", "points": 5}),
}


def test_cards_used_here_are_as_the_comments_say(card_table):
    for number, (traits, objective) in CARDS_USED.items():
        card = card_table[number]
        assert (card.get("traits", []), card["objective"]) == (traits, objective), number
        assert card.get("age", number) == number


def scores_of(toyl, game, timelines, players=None):
    return toyl.final_state(game, timelines, players).scores()


def card_file_with(toyl, tmp_path, number, objective, traits="[]"):
    """A one-card file replacing `number` with a card of no icons and the given objective."""
    path = tmp_path / f"card{number}.toml"
    path.write_text(f"""
[[card]]
number = {number}
name = "Test card {number}"
kind = "life"
provenance = "authored"
traits = {traits}
objective = {objective}
""")
    return path


# ---------------------------------------------------------------- Happiness tokens


@pytest.mark.parametrize("tokens, points", [
    (0, 0), (1, 1), (2, 2), (3, 4), (4, 6), (5, 9), (6, 12), (7, 16),
    (8, 18),    # 16 + 2
    (9, 20),    # 16 + 2 * 2
    (10, 22),   # 16 + 2 * 3
    (12, 26),   # 16 + 2 * 5
])
def test_happiness_table(toyl, tokens, points):
    # two players tie for the most, and under happiness_bonus_tie="none" nobody gets the +5
    game = toyl.game(3, happiness_bonus_tie="none")
    scores = scores_of(toyl, game, [], {0: {"happiness": tokens}, 1: {"happiness": tokens}})
    assert scores == [points, points, 0]


def test_most_happiness_scores_5_more(toyl):
    game = toyl.game(3)
    # 3 tokens: 4 + 5; 1 token: 1; 0 tokens: 0
    assert scores_of(toyl, game, [], {0: {"happiness": 3}, 1: {"happiness": 1}}) == [9, 1, 0]
    # the leader may be any seat: 5 tokens -> 9 + 5 = 14
    assert scores_of(toyl, game, [], {2: {"happiness": 5}, 0: {"happiness": 4}}) == [6, 0, 14]


def test_happiness_bonus_tie_all(toyl):
    game = toyl.game(3)
    assert game.parameters["happiness_bonus_tie"] == "all"
    # 2 + 5 each for the two tied players
    assert scores_of(toyl, game, [], {0: {"happiness": 2}, 1: {"happiness": 2}}) == [7, 7, 0]
    # three-way tie: 1 + 5 each
    assert scores_of(toyl, game, [], {s: {"happiness": 1} for s in range(3)}) == [6, 6, 6]


def test_happiness_bonus_tie_none(toyl):
    game = toyl.game(3, happiness_bonus_tie="none")
    assert scores_of(toyl, game, [], {0: {"happiness": 2}, 1: {"happiness": 2}}) == [2, 2, 0]
    # a sole leader still scores it: 4 + 5
    assert scores_of(toyl, game, [], {0: {"happiness": 3}, 1: {"happiness": 2}}) == [9, 2, 0]


@pytest.mark.parametrize("tie", ["all", "none"])
def test_no_bonus_when_nobody_has_happiness(toyl, tie):
    game = toyl.game(3, happiness_bonus_tie=tie)
    assert scores_of(toyl, game, [[21], [], []]) == [5, 0, 0]


# ---------------------------------------------------------------- objectives


def test_flat(toyl):
    game = toyl.game(3)
    assert scores_of(toyl, game, [[21], [40, 60], []]) == [5, 10, 0]  # 5; 5 + 5


def test_per_trait(toyl):
    game = toyl.game(3)
    # [03 C, 52 C L]: creativity 2; 03: 2*2 = 4, 52: 2*2 = 4 -> 8
    # [05 L C, 21]: learning 1; 05: 2*1 = 2, 21: 5 -> 7
    assert scores_of(toyl, game, [[3, 52], [5, 21], []]) == [8, 7, 0]


def test_per_trait_any_counts_every_trait(toyl, tmp_path):
    path = card_file_with(toyl, tmp_path, 21, '{ kind = "per_trait", trait = "any", points = 1 }')
    game = toyl.game(3, cards=[path])
    # [10 L C, 21' -]: any = 2 -> 21': 2; 10 (sets of 2): L1 C1 -> 1 group -> 1. Total 3
    assert scores_of(toyl, game, [[10, 21]]) == [3, 0, 0]
    # a Health token on 21' (slot 1, code 1*5+4 = 9): any = 3 -> 3; 10: L1 C1 H1 -> g=1
    # (3 >= 2), g=2 (3 < 4) -> 1. Total 4
    assert scores_of(toyl, game, [[10, 21]], {0: {"trait_tokens": [9]}}) == [4, 0, 0]


def test_directional_left_and_right(toyl):
    game = toyl.game(3)
    # [00 F, 21, 47 F]: 00: ages 0..12 -> {00} -> 2; 21: 5; 47 (left, F): 00, 21, 47 -> 2 F -> 4
    # total 11
    # [31 F, 40, 47 F]: 31 (right, F): 31, 40, 47 -> 2 -> 4; 40: 5; 47 (left): 31, 40, 47 -> 2
    # -> 4; total 13
    assert scores_of(toyl, game, [[0, 21, 47], [], []]) == [11, 0, 0]
    assert scores_of(toyl, game, [[31, 40, 47], [], []]) == [13, 0, 0]
    # a Family card on the other side of the arrow does not count:
    # [47 F, 54 F]: 47 (left): 47 only -> 1 -> 2; 54 (per_trait F, 2): F total 2 -> 4. Total 6
    assert scores_of(toyl, game, [[47, 54]]) == [6, 0, 0]
    # [00 F, 31 F]: 31 (right): 31 only -> 1 -> 2; 00: ages 0..12 -> {00} -> 2. Total 4
    assert scores_of(toyl, game, [[0, 31]]) == [4, 0, 0]


def test_directional_with_youngest_right_layout(toyl):
    game = toyl.game(3, timeline_layout="youngest_right")
    # physically 47 40 31 (oldest on the left). 47 (left): 47 only -> 1 F -> 2;
    # 31 (right): 31 only -> 2; 40: 5. Total 9
    assert scores_of(toyl, game, [[31, 40, 47]]) == [9, 0, 0]
    # [00, 21, 47]: physically 47 21 00; 47 (left): 47 alone -> 2; 21: 5; 00: 2. Total 9
    assert scores_of(toyl, game, [[0, 21, 47]]) == [9, 0, 0]


def test_directional_negative_points(toyl):
    game = toyl.game(3)
    # [34 H F, 36 F]: 36 (left, H, -1): 34, 36 -> 1 H -> -1; 34 (neighbours H, 4): 36 has no H
    # -> 0. Total -1
    assert scores_of(toyl, game, [[34, 36]]) == [-1, 0, 0]


def test_neighbours(toyl):
    game = toyl.game(3)
    # [35 F, 43 H, 65 F]: 35: F total 2 -> 2; 43: neighbours 35 (1 F) + 65 (1 F) -> 2 * 4 = 8;
    # 65: ages 60..79 -> {65} -> 1. Total 11
    # [35, 40, 43, 65]: 35: 2; 40: 5; 43: neighbours 40 (0) + 65 (1) -> 4; 65: 1. Total 12
    assert scores_of(toyl, game, [[35, 43, 65]]) == [11, 0, 0]
    assert scores_of(toyl, game, [[35, 40, 43, 65]]) == [12, 0, 0]


def test_neighbours_any_and_trait_tokens(toyl):
    game = toyl.game(3)
    # [00 F, 02 L, 10 L C]: 00: ages 0..12 -> 00, 02, 10 -> 3 * 2 = 6;
    # 02 (neighbours any, 2): 00 (1) + 10 (2) -> 3 * 2 = 6;
    # 10 (sets of 2): F1 L2 C1 -> g=2 (1+2+1 = 4 >= 4), g=3 (4 < 6) -> 2. Total 14
    assert scores_of(toyl, game, [[0, 2, 10]]) == [14, 0, 0]
    # an Adventure token on 00 (slot 0, code 0*5+1 = 1): 02: 00 (2) + 10 (2) -> 4 * 2 = 8;
    # 10: F1 A1 L2 C1 -> g=2 (5 >= 4), g=3 (5 < 6) -> 2; 00: 6. Total 16
    assert scores_of(toyl, game, [[0, 2, 10]], {0: {"trait_tokens": [1]}}) == [16, 0, 0]


def test_sets_of_each_size(toyl):
    game = toyl.game(3)
    # [10 L C, 37 L A, 50 F H, 63 F C]: F2 A1 L2 C2 H1 (8 traits)
    # 10 (size 2, 1): g=4: 2+1+2+2+1 = 8 >= 8, g=5: 8 < 10 -> 4
    # 37 (size 3, 1): g=2: 8 >= 6, g=3: 8 < 9 -> 2
    # 50 (size 5, 8): g=1: 5 >= 5, g=2: 8 < 10 -> 1 -> 8
    # 63 (size 4, 2): g=2: 8 >= 8, g=3: 8 < 12 -> 2 -> 4
    # total 18
    assert scores_of(toyl, game, [[10, 37, 50, 63]]) == [18, 0, 0]


def test_trait_tokens_count_as_traits_for_sets(toyl):
    game = toyl.game(3)
    # + Adventure token on 37 (slot 1, code 6): F2 A2 L2 C2 H1 (9)
    # 10: g=4: 9 >= 8, g=5: 9 < 10 -> 4; 37: g=3: 9 >= 9 -> 3; 50: g=2: 9 < 10 -> 8;
    # 63: g=2 -> 4. Total 19
    assert scores_of(toyl, game, [[10, 37, 50, 63]], {0: {"trait_tokens": [6]}}) == [19, 0, 0]
    # + Health token on 63 (slot 3, code 19): F2 A2 L2 C2 H2 (10)
    # 10: g=5: 10 >= 10 -> 5; 37: g=3: 10 >= 9, g=4: 10 < 12 -> 3;
    # 50: g=2: 10 >= 10, g=3: 10 < 15 -> 2 -> 16; 63: g=2: 10 >= 8, g=3: 10 < 12 -> 2 -> 4.
    # Total 28
    assert scores_of(toyl, game, [[10, 37, 50, 63]], {0: {"trait_tokens": [6, 19]}}) == \
        [28, 0, 0]


def test_sets_of_size_one(toyl, tmp_path):
    path = card_file_with(toyl, tmp_path, 21, '{ kind = "sets", size = 1, points = 1 }')
    game = toyl.game(3, cards=[path])
    # [10 L C, 21', 37 L A]: A1 L2 C1 -> groups of 1: g=4: 1+2+1 = 4 >= 4, g=5: 4 < 5 -> 4
    # 10 (size 2): g=2: 1+2+1 = 4 >= 4, g=3: 4 < 6 -> 2; 37 (size 3): g=1: 3 >= 3,
    # g=2: 4 < 6 -> 1. Total 7
    assert scores_of(toyl, game, [[10, 21, 37]]) == [7, 0, 0]


def test_majority_with_ties(toyl):
    game = toyl.game(3)
    # 56 (majority F, 5). Seat 0 [56]: F1; seat 1 [35]: F1 (35: 1*1 = 1). Tie: nobody has
    # more, so seat 0 scores 5.
    assert scores_of(toyl, game, [[56], [35], []]) == [5, 1, 0]
    # seat 1 [35, 54]: F2 > 1: seat 0 scores 0; seat 1: 35: 1*2 = 2, 54: 2*2 = 4 -> 6
    assert scores_of(toyl, game, [[56], [35, 54], []]) == [0, 6, 0]
    # a Family token on 56 (slot 0, code 0) ties at 2 again: 5
    assert scores_of(toyl, game, [[56], [35, 54], []], {0: {"trait_tokens": [0]}}) == [5, 6, 0]


def test_majority_needs_at_least_one(toyl, tmp_path):
    path = card_file_with(toyl, tmp_path, 21, '{ kind = "majority", trait = "health", points = 5 }')
    game = toyl.game(3, cards=[path])
    # nobody has health: 0 each, the card scores nothing
    assert scores_of(toyl, game, [[21], [40], []]) == [0, 5, 0]
    # 17 gives seat 0 one health: 5 + 17's 3 = 8
    assert scores_of(toyl, game, [[17, 21], [40], []]) == [8, 5, 0]


def test_youngest(toyl):
    game = toyl.game(3)
    # [01, 40]: 01 is youngest -> 3; 40: 5 -> 8
    # [00, 01]: 00: ages 0..12 -> 00, 01 -> 2 * 2 = 4; 01 not youngest -> 0. Total 4
    assert scores_of(toyl, game, [[1, 40], [], []]) == [8, 0, 0]
    assert scores_of(toyl, game, [[], [0, 1], []]) == [0, 4, 0]


def test_oldest(toyl):
    game = toyl.game(3)
    # [40, 76]: 76 oldest -> 4; 40: 5 -> 9. [76, 79]: 76 not oldest -> 0; 79: 5 -> 5
    assert scores_of(toyl, game, [[40, 76], [], []]) == [9, 0, 0]
    assert scores_of(toyl, game, [[76, 79], [], []]) == [5, 0, 0]


def test_age_band(toyl):
    game = toyl.game(3)
    # [20, 21, 40]: 20 (ages 18..32, 1): 20, 21 -> 2; 21: 5; 40: 5. Total 12
    # [00, 12, 13]: 00 (ages 0..12, 2): 00, 12 (13 is outside) -> 4; 12 (right, C): 12, 13 ->
    # 2 C -> 4; 13 (neighbours C, 4): 12 -> 1 -> 4. Total 12
    assert scores_of(toyl, game, [[20, 21, 40], [0, 12, 13], []]) == [12, 12, 0]


def test_age_band_uses_the_printed_age(toyl, tmp_path):
    # 40 printed aged 20: now inside 20's band 18..32
    path = tmp_path / "aged.toml"
    path.write_text('[[card]]\nnumber = 40\nname = "Late"\nkind = "life"\n'
                    'provenance = "authored"\nage = 20\nobjective = { kind = "flat", points = 5 }\n')
    game = toyl.game(3, cards=[path])
    # [20, 40 (age 20)]: ages 20, 20 -> 2; 40: 5. Total 7
    assert scores_of(toyl, game, [[20, 40]]) == [7, 0, 0]


def test_tokens_objective(toyl):
    game = toyl.game(3)
    # seat 0 [14], 2 Happiness: 14: 3 * 2 = 6; table 2; most Happiness +5 -> 13
    # seat 1 [32], 2 Inspiration (both placed as Family tokens on 32): 3 * 2 = 6
    scores = scores_of(toyl, game, [[14], [32], []],
                       {0: {"happiness": 2}, 1: {"trait_tokens": [0, 0]}})
    assert scores == [13, 6, 0]


def test_scores_before_the_end_value_the_timelines_now(toyl):
    game = toyl.game(3)
    state = toyl.build_state(game, round=3, hands=[[1, 2], [3, 4], [5, 6]],
                             timelines=[[21, 40], [], [76]])
    # 5 + 5; 0; 76 is the oldest -> 4
    assert state.scores() == [10, 0, 4]
    assert state.returns() == [0.0, 0.0, 0.0]


# ---------------------------------------------------------------- the Inspiration step


def inspiration_position(toyl, game, seat0_tokens=2, seat1_tokens=1, **kwargs):
    players = kwargs.pop("players", {0: {"inspiration_unplaced": seat0_tokens},
                                     1: {"inspiration_unplaced": seat1_tokens}})
    return toyl.build_state(game, round=10, step=toyl.INSPIRATION, current=0,
                            timelines=[[21, 40, 60], [79], []], players=players, **kwargs)


def test_inspiration_places_one_trait_token_per_token(toyl):
    game = toyl.game(3)
    state = inspiration_position(toyl, game)
    # first placement: any trait on any of the 3 cards: ids 161 + 5*slot + trait
    assert state.legal_actions() == list(range(161, 161 + 15))
    name40 = toyl.CARDS[40]["name"]
    assert state.action_to_string(toyl.trait_action(1, toyl.LEARNING)) == \
        f"Learning token on 40 {name40}"
    state.apply(toyl.trait_action(1, toyl.LEARNING))  # code 7
    assert state.current_player == 0
    # codes must not decrease: from code 7 on (the same code again is allowed)
    assert state.legal_actions() == list(range(161 + 7, 161 + 15))
    state.apply(f"Health token on 60 {toyl.CARDS[60]['name']}")  # code 14
    # seat 0 has placed both; seat 1 (one token, one card) is next
    assert state.current_player == 1
    assert state.legal_actions() == list(range(161, 166))
    state.apply(toyl.trait_action(0, toyl.FAMILY))
    assert state.is_terminal() and state.current_player == -4
    st = toyl.srec(state)
    assert st["players"][0]["trait_tokens"] == [7, 14]
    assert st["players"][1]["trait_tokens"] == [0]
    # Inspiration tokens are kept
    assert [(p["inspiration"], p["inspiration_unplaced"]) for p in st["players"]] == \
        [(2, 0), (1, 0), (0, 0)]


def test_inspiration_step_follows_the_last_reveal_in_seat_order(toyl):
    game = toyl.game(3)
    # round 10: seat 1 places 47 next to 00 and gains 1 Inspiration; seats 0 and 2 gain none
    state = toyl.build_state(game, round=10, hands=[[21, 1, 2], [47, 3, 5], [40, 6, 7]],
                             timelines=[[], [0], []])
    for card in (21, 47, 40):
        state.apply(card)
    st = toyl.srec(state)
    assert st["step"] == toyl.INSPIRATION
    assert state.current_player == 1          # seat 0 holds no token and is skipped
    assert state.legal_actions() == list(range(161, 171))  # 2 cards x 5 traits
    state.apply(state.legal_actions()[0])
    assert state.is_terminal()


def test_max_trait_tokens_per_card(toyl):
    game = toyl.game(3, max_trait_tokens_per_card=1)
    state = inspiration_position(toyl, game)
    state.apply(toyl.trait_action(1, toyl.LEARNING))  # code 7 on slot 1
    # slot 1 is full; codes >= 7 elsewhere: slot 2 only (codes 10..14)
    assert state.legal_actions() == list(range(161 + 10, 161 + 15))


def test_a_player_with_no_legal_placement_left_skips_the_rest(toyl):
    game = toyl.game(3, max_trait_tokens_per_card=1)
    state = toyl.build_state(game, round=10, step=toyl.INSPIRATION, current=0,
                             timelines=[[21], [79], []],
                             players={0: {"inspiration_unplaced": 3}})
    state.apply(toyl.trait_action(0, toyl.HEALTH))
    assert state.is_terminal()
    p = toyl.srec(state)["players"][0]
    assert (p["trait_tokens"], p["inspiration"], p["inspiration_unplaced"]) == ([4], 3, 2)


def test_max_trait_tokens_per_card_two(toyl):
    game = toyl.game(3, max_trait_tokens_per_card=2)
    state = inspiration_position(toyl, game, seat0_tokens=3)
    state.apply(toyl.trait_action(0, toyl.FAMILY))
    state.apply(toyl.trait_action(0, toyl.FAMILY))
    # slot 0 holds 2: only slots 1 and 2
    assert state.legal_actions() == list(range(161 + 5, 161 + 15))


def test_limited_trait_supply(toyl):
    game = toyl.game(3, limited_token_supply=True)
    # seat 1 has placed all 10 Family tokens (and holds 10 Inspiration); seat 0 holds 2
    state = inspiration_position(toyl, game, players={
        0: {"inspiration_unplaced": 2}, 1: {"trait_tokens": [0] * 10}})
    st = toyl.srec(state)
    assert st["trait_supply"] == [0, 10, 10, 10, 10]
    assert st["inspiration_supply"] == 0
    assert state.legal_actions() == [a for a in range(161, 176) if (a - 161) % 5 != 0]
    state.apply(toyl.trait_action(0, toyl.HEALTH))
    assert toyl.srec(state)["trait_supply"] == [0, 10, 10, 10, 9]


def test_limited_trait_supply_running_out_during_the_step(toyl):
    game = toyl.game(3, limited_token_supply=True)
    state = inspiration_position(toyl, game, players={
        0: {"inspiration_unplaced": 2}, 1: {"trait_tokens": [0] * 9}})
    state.apply(toyl.trait_action(0, toyl.FAMILY))  # the 10th Family token
    assert toyl.srec(state)["trait_supply"][toyl.FAMILY] == 0
    assert all((a - 161) % 5 != toyl.FAMILY for a in state.legal_actions())


def test_unlimited_trait_supply(toyl):
    game = toyl.game(3)
    state = inspiration_position(toyl, game, players={
        0: {"inspiration_unplaced": 2}, 1: {"trait_tokens": [0] * 10}})
    assert toyl.trait_action(0, toyl.FAMILY) in state.legal_actions()


# ---------------------------------------------------------------- returns


def test_returns_sole_winner(toyl):
    game = toyl.game(3)
    state = toyl.final_state(game, [[21], [40, 60], []])  # 5, 10, 0
    assert state.returns() == pytest.approx([-0.5, 1.0, -0.5])  # (3*0-1)/2, (3*1-1)/2
    game2 = toyl.game(2)
    assert toyl.final_state(game2, [[21], []]).returns() == pytest.approx([1.0, -1.0])


def test_returns_shared_tie(toyl):
    game = toyl.game(3)
    # 5, 5, 0: s = 1/2 -> (3/2 - 1)/2 = 0.25
    assert toyl.final_state(game, [[21], [40], []]).returns() == pytest.approx([0.25, 0.25, -0.5])
    # all tied: (3 * 1/3 - 1)/2 = 0
    assert toyl.final_state(game, [[21], [40], [60]]).returns() == pytest.approx([0, 0, 0])
    game4 = toyl.game(4)
    # two of four: (4/2 - 1)/3 = 1/3; losers -1/3
    r = toyl.final_state(game4, [[21], [], [40], []]).returns()
    assert r == pytest.approx([1 / 3, -1 / 3, 1 / 3, -1 / 3])
    assert sum(r) == pytest.approx(0)
    assert toyl.final_state(toyl.game(2), [[21], [40]]).returns() == pytest.approx([0, 0])


def test_winner_tie_break_happiness(toyl):
    # seat 0 [01, 17]: 3 + 3 = 6 with no Happiness; seat 1 []: 1 Happiness -> 1 + 5 = 6
    timelines, players = [[1, 17], [], []], {1: {"happiness": 1}}
    shared = toyl.final_state(toyl.game(3), timelines, players)
    assert shared.scores() == [6, 6, 0]
    assert shared.returns() == pytest.approx([0.25, 0.25, -0.5])
    broken = toyl.final_state(toyl.game(3, winner_tie_break="happiness"), timelines, players)
    assert broken.scores() == [6, 6, 0]
    assert broken.returns() == pytest.approx([-0.5, 1.0, -0.5])


def test_winner_tie_break_happiness_still_tied_is_shared(toyl):
    game = toyl.game(3, winner_tie_break="happiness")
    # 5 + 1 + 5 = 11 each (1 Happiness each, tied for the bonus)
    state = toyl.final_state(game, [[21], [40], []], {0: {"happiness": 1}, 1: {"happiness": 1}})
    assert state.scores() == [11, 11, 0]
    assert state.returns() == pytest.approx([0.25, 0.25, -0.5])


def test_returns_are_zero_before_the_end(toyl):
    game = toyl.game(3)
    assert game.new_state().returns() == [0.0, 0.0, 0.0]
    state = inspiration_position(toyl, game)
    assert not state.is_terminal()
    assert state.scores() != [0, 0, 0]
    assert state.returns() == [0.0, 0.0, 0.0]
