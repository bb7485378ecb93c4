"""Emotion Tokens and the rulebook's example (docs/time_of_your_life.md section 5).

Icons of the shipped cards used here (read from the card file and asserted in
`test_cards_used_here_have_the_icons_these_tests_assume`):
    00 left -            right inspiration, happiness
    04 left inspiration  right -
    07 left happiness    right happiness
    08 left -            right inspiration
    21 left -            right -
    26 left happiness    right happiness
    29 left -            right inspiration, inspiration
    32 left inspiration, happiness   right inspiration
    47 left inspiration  right -
    48 left happiness    right happiness
    54 left happiness    right inspiration
"""

import json

ICONS = {
    0: ([], ["inspiration", "happiness"]),
    4: (["inspiration"], []),
    7: (["happiness"], ["happiness"]),
    8: ([], ["inspiration"]),
    21: ([], []),
    26: (["happiness"], ["happiness"]),
    29: ([], ["inspiration", "inspiration"]),
    32: (["inspiration", "happiness"], ["inspiration"]),
    47: (["inspiration"], []),
    48: (["happiness"], ["happiness"]),
    54: (["happiness"], ["inspiration"]),
}


def test_cards_used_here_have_the_icons_these_tests_assume(card_table):
    for number, (left, right) in ICONS.items():
        card = card_table[number]
        assert (sorted(card.get("left", [])), sorted(card.get("right", []))) == \
            (sorted(left), sorted(right)), number
        assert card.get("age", number) == number


def tokens(state, seat=0):
    """(Happiness, Inspiration) held by a seat."""
    p = json.loads(state.to_json())["state"]["players"][seat]
    return p["happiness"], p["inspiration"]


def place(toyl, game, timeline, card, players=None, **fields):
    """Seat 0 (of 3) holds `timeline` and plays `card`; the others play cards without icons
    effects on seat 0. Returns the state after the reveal."""
    state = toyl.build_state(game, round=len(timeline) + 1, hands=[[card, 79], [60], [40]],
                             timelines=[timeline], players=players, **fields)
    state.apply(toyl.play(card))
    state.apply(toyl.play(60))
    state.apply(toyl.play(40))
    return state


def test_rulebook_example_josh_places_47_then_32_between_00_and_47(toyl):
    game = toyl.game(3)
    # Round 2: Josh (seat 0) has 00 in his timeline and 47 in hand. Seat 2 holds 32, which
    # reaches Josh with the clockwise pass (seat 2 -> seat 0).
    state = toyl.build_state(
        game, round=2,
        hands=[[47, 1, 2, 3, 5, 6], [9, 10, 11, 12, 13, 14], [32, 15, 16, 17, 18, 19]],
        timelines=[[0]],
    )
    state.apply(toyl.play(47))
    state.apply(toyl.play(9))
    state.apply(toyl.play(15))
    josh = toyl.srec(state)["players"][0]
    assert josh["timeline"] == [0, 47]
    # 00's right edge (inspiration) meets 47's left edge (inspiration): 1 Inspiration token
    assert (josh["happiness"], josh["inspiration"], josh["inspiration_unplaced"]) == (0, 1, 1)
    assert 32 in josh["hand"]

    state.apply(toyl.play(32))
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    josh = toyl.srec(state)["players"][0]
    assert josh["timeline"] == [0, 32, 47]
    # 00|32: inspiration + happiness pairs; 32|47: inspiration pair.
    # 2 more Inspiration (1 + 2 = 3) and 1 Happiness.
    assert (josh["happiness"], josh["inspiration"], josh["inspiration_unplaced"]) == (1, 3, 3)


def test_placing_a_card_before_the_youngest_pairs_with_its_right_neighbour(toyl):
    state = place(toyl, toyl.game(3), [47], 0)
    assert tokens(state) == (0, 1)  # 00 right inspiration | 47 left inspiration


def test_splitting_a_pair_takes_nothing_back(toyl):
    game = toyl.game(3)
    # 00|47 already gave 1 Inspiration; 21 has no icons and goes between them.
    state = place(toyl, game, [0, 47], 21, players={0: {"inspiration_unplaced": 1}})
    assert toyl.srec(state)["players"][0]["timeline"] == [0, 21, 47]
    assert tokens(state) == (0, 1)


def test_a_pair_on_the_far_side_of_the_new_card_does_not_count_with_edges(toyl):
    game = toyl.game(3)
    # 04 (left inspiration) goes before 47 (left inspiration): 04's right edge is empty, so no
    # pair although both cards show inspiration.
    assert tokens(place(toyl, game, [47], 4)) == (0, 0)
    # 08 (right inspiration) goes after 00 (right inspiration, happiness): 08's left edge is
    # empty.
    assert tokens(place(toyl, game, [0], 8)) == (0, 0)


def test_icons_count_once_per_pair_on_facing_edges(toyl):
    # 07 right happiness | 26 left happiness: 1 pair, although both cards show 2 happiness
    assert tokens(place(toyl, toyl.game(3), [7], 26)) == (1, 0)


def test_any_edge_matching_counts_the_icons_on_both_edges(toyl):
    game = toyl.game(3, icon_matching="any_edge")
    # 04 {inspiration: 1}, 47 {inspiration: 1}: min(1, 1) = 1 Inspiration
    assert tokens(place(toyl, game, [47], 4)) == (0, 1)
    # 00 {inspiration: 1, happiness: 1}, 08 {inspiration: 1}: 1 Inspiration, 0 Happiness
    assert tokens(place(toyl, game, [0], 8)) == (0, 1)
    # 07 {happiness: 2}, 26 {happiness: 2}: min(2, 2) = 2 Happiness
    assert tokens(place(toyl, game, [7], 26)) == (2, 0)
    # 29 {inspiration: 2}, 32 {inspiration: 2, happiness: 1}: 2 Inspiration, min(0, 1) = 0
    assert tokens(place(toyl, game, [29], 32)) == (0, 2)
    # between two cards: 00|32 gives min(1,2)=1 insp + min(1,1)=1 hap; 32|47 min(2,1)=1 insp
    assert tokens(place(toyl, game, [0, 47], 32)) == (1, 2)


def test_edges_matching_for_the_same_cards(toyl):
    game = toyl.game(3)  # icon_matching = "edges"
    # 29 right {inspiration: 2} | 32 left {inspiration: 1, happiness: 1}: min(2,1) = 1 insp
    assert tokens(place(toyl, game, [29], 32)) == (0, 1)
    # the rulebook example as one placement: 00|32 (1 insp, 1 hap) + 32|47 (1 insp)
    assert tokens(place(toyl, game, [0, 47], 32)) == (1, 2)


def test_youngest_right_layout_makes_the_other_edges_face(toyl):
    game = toyl.game(3, timeline_layout="youngest_right")
    # Physically 08 (older) is left of 04: 08's right edge (inspiration) faces 04's left edge
    # (inspiration): 1 pair. With the youngest on the left the same cards make none.
    assert tokens(place(toyl, game, [4], 8)) == (0, 1)
    assert tokens(place(toyl, toyl.game(3), [4], 8)) == (0, 0)
    # The rulebook pair 00 / 47 now faces with 47's empty right edge and 00's empty left edge.
    assert tokens(place(toyl, game, [0], 47)) == (0, 0)
    # 32 between them: 47.right (-) | 32.left, 32.right (inspiration) | 00.left (-): nothing
    assert tokens(place(toyl, game, [0, 47], 32)) == (0, 0)
    # 07 / 26 (happiness on both edges): physically 26|07: 26.right | 07.left: 1 Happiness
    assert tokens(place(toyl, game, [7], 26)) == (1, 0)


def test_any_edge_with_youngest_right_is_independent_of_the_layout(toyl):
    game = toyl.game(3, icon_matching="any_edge", timeline_layout="youngest_right")
    assert tokens(place(toyl, game, [0, 47], 32)) == (1, 2)
    assert tokens(place(toyl, game, [7], 26)) == (2, 0)
    assert tokens(place(toyl, game, [47], 4)) == (0, 1)


def test_tokens_of_one_reveal_go_to_the_player_who_made_the_pair(toyl):
    game = toyl.game(3)
    state = toyl.build_state(game, round=2, hands=[[26, 1], [54, 2], [3, 5]],
                             timelines=[[7], [48], [21]])
    for card in (26, 54, 3):
        state.apply(toyl.play(card))
    players = toyl.srec(state)["players"]
    # 07|26: 1 Happiness; 48|54: 48 right happiness | 54 left happiness: 1 Happiness;
    # 03 (right inspiration) | 21 (no icons): nothing
    assert [(p["happiness"], p["inspiration"]) for p in players] == [(1, 0), (1, 0), (0, 0)]


def test_limited_supply_stops_taking_when_the_supply_is_empty(toyl):
    game = toyl.game(3, limited_token_supply=True)
    # Seat 1 holds 19 of the 20 Happiness tokens: 1 is left in the supply. Seat 0 (07|26) and
    # seat 1 (48|54) each make a Happiness pair; seat 0 reveals first and takes the last one.
    state = toyl.build_state(game, round=2, hands=[[26, 1], [54, 2], [3, 5]],
                             timelines=[[7], [48], [21]], players={1: {"happiness": 19}})
    assert toyl.srec(state)["happiness_supply"] == 1
    for card in (26, 54, 3):
        state.apply(toyl.play(card))
    st = toyl.srec(state)
    assert [p["happiness"] for p in st["players"]] == [1, 19, 0]
    assert st["happiness_supply"] == 0


def test_limited_supply_gives_part_of_a_double_pair(toyl):
    game = toyl.game(3, limited_token_supply=True)
    # Seat 1 holds 11 of the 12 Inspiration tokens. 32 between 00 and 47 makes 2 Inspiration
    # pairs and 1 Happiness pair: only 1 Inspiration is left to take.
    state = place(toyl, game, [0, 47], 32, players={1: {"inspiration_unplaced": 11}})
    assert tokens(state) == (1, 1)
    st = toyl.srec(state)
    assert st["inspiration_supply"] == 0
    assert st["happiness_supply"] == 19
    assert st["players"][0]["inspiration_unplaced"] == 1


def test_unlimited_supply_never_runs_out(toyl):
    game = toyl.game(3)
    state = place(toyl, game, [0, 47], 32, players={1: {"inspiration_unplaced": 11},
                                                      2: {"happiness": 20}})
    assert tokens(state) == (1, 2)
    st = toyl.srec(state)
    assert (st["happiness_supply"], st["inspiration_supply"]) == (20, 12)
