"""The public Python contract (README.md) for Time of Your Life."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import lifespan

GAME = "time_of_your_life"


# ---------------------------------------------------------------- positions of every kind


def positions(toyl):
    """(label, state) pairs covering every step, pending picks and a pending midpoint discard."""
    out = []
    game3 = toyl.game(3)
    fresh = game3.new_state(seed=17)
    out.append(("fresh", fresh))
    picked = fresh.clone()
    picked.apply(picked.legal_actions()[0])
    picked.apply(picked.legal_actions()[-1])
    out.append(("two picks pending", picked))
    midpoint = toyl.play_until(game3.new_state(seed=5),
                               lambda s: toyl.srec(s)["step"] == toyl.MIDPOINT)
    out.append(("midpoint", midpoint.clone()))
    midpoint.apply(midpoint.legal_actions()[0])  # a discard; seat 0 may discard a higher one
    out.append(("midpoint discard pending", midpoint.clone()))
    midpoint.apply(toyl.KEEP)
    out.append(("midpoint seat 1", midpoint))
    swap = toyl.game(2).new_state(seed=3)
    out.append(("swap", swap.clone()))
    swap.apply(swap.legal_actions()[2])
    out.append(("swap seat 1", swap))
    late = toyl.play_until(game3.new_state(seed=23),
                           lambda s: toyl.srec(s)["round"] == 9)
    out.append(("round 9", late))
    insp = toyl.build_state(game3, round=10, step=toyl.INSPIRATION, current=0,
                            timelines=[[21, 40, 60], [79], []],
                            players={0: {"inspiration_unplaced": 2},
                                     1: {"inspiration_unplaced": 1}})
    out.append(("inspiration", insp.clone()))
    insp.apply(insp.legal_actions()[3])
    out.append(("inspiration, one placed", insp.clone()))
    out.append(("over", toyl.play_out(game3.new_state(seed=29))))
    out.append(("6 players", toyl.game(6).new_state(seed=2)))
    return out


@pytest.fixture(scope="module")
def all_positions(toyl):
    return positions(toyl)


# ---------------------------------------------------------------- games and load_game


def test_games_lists_time_of_your_life():
    assert GAME in lifespan.games()
    assert lifespan.games() == sorted(lifespan.games())


def test_game_attributes(toyl):
    game = lifespan.load_game(GAME, players=5)
    assert game.name == GAME
    assert game.num_players == 5
    assert game.num_distinct_actions == 211
    assert game.observation_shape == (10 + 80 + 80 + 91 * 5,)
    params = game.parameters
    assert params["players"] == 5
    params["players"] = 2  # a copy
    assert game.parameters["players"] == 5


def test_default_parameters_are_documented_defaults():
    params = lifespan.load_game(GAME).parameters
    assert params == {
        "players": 4, "seed": 0, "chance": "sampled", "two_player_swap": "every_round",
        "midpoint_empty_deck": "reshuffle", "icon_matching": "edges",
        "timeline_layout": "youngest_left", "age_order": "age", "limited_token_supply": False,
        "max_trait_tokens_per_card": 0, "happiness_bonus_tie": "all",
        "winner_tie_break": "shared",
    }


def test_load_game_by_keywords_and_by_string_form_agree():
    a = lifespan.load_game(GAME, players=3, seed=1)
    b = lifespan.load_game("time_of_your_life(players=3,seed=1)")
    c = lifespan.load_game(GAME, rules={"players": 3, "seed": 1})
    assert a.parameters == b.parameters == c.parameters
    assert a.new_state() == b.new_state() == c.new_state()
    assert a.new_state().to_json() == b.new_state().to_json()
    # text and boolean values in the string form
    d = lifespan.load_game("time_of_your_life(players=2, two_player_swap=off, "
                           "limited_token_supply=true)")
    assert d.parameters["two_player_swap"] == "off"
    assert d.parameters["limited_token_supply"] is True
    assert d.num_players == 2


def test_repr_of_a_game_can_be_pasted_back():
    game = lifespan.load_game(GAME, players=3, seed=4, icon_matching="any_edge")
    again = eval(repr(game), {"lifespan": lifespan})
    assert again.parameters == game.parameters


def test_unknown_game_is_a_value_error():
    with pytest.raises(ValueError, match="no_such_game"):
        lifespan.load_game("no_such_game")
    with pytest.raises(ValueError):
        lifespan.load_game("no_such_game(players=2)")


@pytest.mark.parametrize("kwargs, words", [
    ({"colour": "red"}, "colour"),
    ({"players": "3"}, "players"),
    ({"players": 3.0}, "players"),
    ({"players": True}, "players"),
    ({"limited_token_supply": 1}, "limited_token_supply"),
    ({"two_player_swap": 2}, "two_player_swap"),
    ({"two_player_swap": "sometimes"}, "sometimes"),
    ({"icon_matching": "corners"}, "icon_matching"),
    ({"players": 1}, "players"),
    ({"players": 7}, "players"),
    ({"seed": -1}, "seed"),
    ({"seed": 2**64}, "seed"),
    ({"max_trait_tokens_per_card": -1}, "max_trait_tokens_per_card"),
    ({"rules": {"players": 0}}, "players"),
])
def test_bad_parameters_are_rules_errors(kwargs, words):
    with pytest.raises(lifespan.RulesError, match=words):
        lifespan.load_game(GAME, **kwargs)


@pytest.mark.parametrize("text", [
    "time_of_your_life(players=1)", "time_of_your_life(players=7)",
    "time_of_your_life(seed=-1)", "time_of_your_life(colour=red)",
])
def test_bad_parameters_in_the_string_form_are_rules_errors(text):
    with pytest.raises(lifespan.RulesError):
        lifespan.load_game(text)


def test_players_2_and_6_are_accepted():
    assert lifespan.load_game(GAME, players=2).num_players == 2
    assert lifespan.load_game(GAME, players=6).num_players == 6


def test_max_trait_tokens_per_card_24_is_accepted():
    assert lifespan.load_game(GAME, max_trait_tokens_per_card=24).parameters[
        "max_trait_tokens_per_card"] == 24


def test_max_trait_tokens_per_card_above_24_is_refused():
    # docs §7: 0-24, the engine's capacity of Trait tokens per player
    with pytest.raises(lifespan.RulesError, match="max_trait_tokens_per_card: must be at most 24"):
        lifespan.load_game(GAME, max_trait_tokens_per_card=25)


def test_error_classes_are_value_errors():
    for cls in (lifespan.IllegalActionError, lifespan.CardDataError, lifespan.RulesError):
        assert issubclass(cls, ValueError)


def test_new_state_seed_checks():
    game = lifespan.load_game(GAME)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError):
            game.new_state(seed=bad)
    for bad in (1.5, True, "1"):
        with pytest.raises(TypeError):
            game.new_state(seed=bad)
    assert game.new_state(seed=2**64 - 1) is not None


# ---------------------------------------------------------------- actions


def test_illegal_action_ids_raise_and_leave_the_state_unchanged(toyl):
    state = toyl.game(3).new_state(seed=1)
    hand = toyl.srec(state)["players"][0]["hand"]
    not_in_hand = next(c for c in range(80) if c not in hand)
    before = state.to_json()
    for bad in (not_in_hand, toyl.discard(hand[0]), toyl.KEEP, 161, 210):
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(bad)
        with pytest.raises(lifespan.IllegalActionError):
            state.child(bad)
        assert state.to_json() == before


@pytest.mark.parametrize("bad", [-1, 211, 1000, 2**70, -(2**70)])
def test_out_of_range_action_ids_raise(toyl, bad):
    state = toyl.game(3).new_state(seed=1)
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(bad)
    with pytest.raises(lifespan.IllegalActionError):
        state.action_to_string(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("text", ["", "Play", "Play 99 Nowhere", "Keep", "play 01 first steps",
                                  "Discard 01 First Steps", "Family token on 01 First Steps"])
def test_wrong_action_text_raises(toyl, text):
    state = toyl.build_state(toyl.game(3), hands=[[1, 2], [3, 4], [5, 6]])
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(text)
    with pytest.raises(lifespan.IllegalActionError):
        state.string_to_action(text)
    assert state.to_json() == before


def test_apply_after_the_end_raises(toyl):
    state = toyl.play_out(toyl.game(3).new_state(seed=2))
    assert state.is_terminal()
    before = state.to_json()
    for bad in (0, 79, 160, 161, 210):
        with pytest.raises(lifespan.IllegalActionError):
            state.apply(bad)
    with pytest.raises(lifespan.IllegalActionError):
        state.apply("Keep")
    assert state.to_json() == before


def test_apply_by_text_equals_apply_by_id(toyl, all_positions):
    for label, state in all_positions:
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        assert len(set(texts)) == len(texts), label
        for a, text in zip(legal, texts):
            assert state.string_to_action(text) == a
            assert state.child(text) == state.child(a), (label, text)
            assert state.child(f"  {text}\n") == state.child(a)


def test_child_leaves_the_parent_unchanged(toyl, all_positions):
    for label, state in all_positions:
        before = state.to_json()
        for a in state.legal_actions():
            child = state.child(a)
            assert child != state or state.is_terminal()
        assert state.to_json() == before, label


def test_legal_actions_sorted_and_mask_matches(toyl, all_positions):
    for label, state in all_positions:
        legal = state.legal_actions()
        assert legal == sorted(set(legal)), label
        assert all(isinstance(a, int) and 0 <= a < 211 for a in legal)
        mask = state.legal_actions_mask()
        assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (211,)
        assert np.flatnonzero(mask).tolist() == legal
        assert bool(legal) != state.is_terminal()


def test_apply_accepts_numpy_integers(toyl):
    state = toyl.game(3).new_state(seed=1)
    a = state.legal_actions()[0]
    assert state.child(np.int64(a)) == state.child(a)


# ---------------------------------------------------------------- copies and serialisation


def test_clone_copy_deepcopy_pickle_and_json_round_trips(toyl, all_positions):
    for label, state in all_positions:
        game = state.game
        copies = [state.clone(), copy.copy(state), copy.deepcopy(state),
                  pickle.loads(pickle.dumps(state)), game.state_from_json(state.to_json())]
        for c in copies:
            assert c == state, label
            assert c.to_json() == state.to_json()
            assert c.legal_actions() == state.legal_actions()
            assert c.current_player == state.current_player
            assert str(c) == str(state)
        # copies are independent
        if not state.is_terminal():
            before = state.to_json()
            for c in copies:
                c.apply(c.legal_actions()[-1])
            assert state.to_json() == before


def test_pickled_game_is_equal(toyl):
    game = toyl.game(4, icon_matching="any_edge")
    again = pickle.loads(pickle.dumps(game))
    assert again.parameters == game.parameters
    assert again.new_state(seed=3) == game.new_state(seed=3)


def test_a_copy_replays_the_same_future(toyl):
    state = toyl.game(4).new_state(seed=31)
    twin = state.clone()
    toyl.play_out(state)
    toyl.play_out(twin)
    assert state == twin


def test_str_and_repr(toyl):
    state = toyl.game(3).new_state()
    assert "round 1/10" in str(state)
    assert "seat 0 to move" in repr(state)


# ---------------------------------------------------------------- corrupt JSON


def corrupt(state, edit):
    doc = json.loads(state.to_json())
    edit(doc, doc["state"])
    return json.dumps(doc)


@pytest.fixture
def base(toyl):
    """Round 2, seat 1 to choose (seat 0 has picked), with timelines and tokens."""
    game = toyl.game(3)
    return toyl.build_state(game, round=3, current=1,
                            hands=[[1, 2, 3, 4, 5], [11, 12, 13, 14, 15], [21, 22, 23, 24, 25]],
                            timelines=[[30, 40], [31], [32, 47]],
                            players={0: {"pick": 3}, 2: {"inspiration_unplaced": 1}})


def _set(path, value):
    def edit(doc, st):
        target = st
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


def _move_to_timeline(seat, cards):
    def edit(doc, st):
        for card in cards:
            st["deck"].remove(card)
        st["players"][seat]["timeline"] = sorted(st["players"][seat]["timeline"] + cards)
    return edit


CORRUPTIONS = {
    "wrong format": (lambda d, s: d.update(format="other.state"), "format"),
    "wrong version": (lambda d, s: d.update(version=5), "version 5 is not supported"),
    "version as a bool": (lambda d, s: d.update(version=True), "version True"),
    "version as a float": (lambda d, s: d.update(version=1.0), "version 1.0"),
    "wrong game": (lambda d, s: d.update(game="pursuit_of_happiness"), "pursuit_of_happiness"),
    "other parameters": (lambda d, s: d["parameters"].update(icon_matching="any_edge"),
                         "icon_matching"),
    "a parameter as a float": (lambda d, s: d["parameters"].update(players=float(d["parameters"]["players"])),
                               r"players=\d\.0 \(this game: \d\)"),
    "a parameter's bool as an integer": (lambda d, s: d["parameters"].update(limited_token_supply=0),
                                         r"limited_token_supply=0 \(this game: False\)"),
    "other card set": (lambda d, s: d.update(cards="0123456789abcdef"), "card set"),
    "envelope field missing": (lambda d, s: d.pop("cards"), "cards"),
    "envelope field unknown": (lambda d, s: d.update(extra=1), "extra"),
    "card duplicated": (lambda d, s: s["deck"].append(1), r"card 1\b.*two places"),
    "card missing": (lambda d, s: s["deck"].remove(79), r"card 79\b.*missing"),
    "card does not exist": (lambda d, s: s["deck"].append(80), "card 80 does not exist"),
    "hand not ascending": (_set(["players", 1, "hand"], [12, 11, 13, 14, 15]), "ascending"),
    "timeline out of order": (_set(["players", 0, "timeline"], [40, 30]), "age order"),
    "trait tokens during the draft": (lambda d, s: s["players"][2].update(
        trait_tokens=[0], inspiration_unplaced=0), "only after round 10"),
    "inspiration count inconsistent": (_set(["players", 2, "inspiration"], 3),
                                       "inspiration - inspiration_unplaced"),
    "unplaced above inspiration": (_set(["players", 0, "inspiration_unplaced"], 2),
                                   "inspiration"),
    "happiness supply inconsistent": (_set(["happiness_supply"], 19), "happiness_supply"),
    "trait supply inconsistent": (_set(["trait_supply"], [10, 10, 9, 10, 10]), "trait_supply"),
    "unknown state field": (_set(["colour"], "red"), "colour"),
    "unknown player field": (_set(["players", 0, "colour"], "red"), "colour"),
    "missing state field": (lambda d, s: s.pop("round"), "round"),
    "missing player field": (lambda d, s: s["players"][1].pop("pick"), "pick"),
    "wrong type: text for an integer": (_set(["round"], "3"), "round"),
    "wrong type: float": (_set(["players", 0, "happiness"], 1.5), "happiness"),
    "wrong type: integer for a bool": (_set(["midpoint_reached"], 0), "midpoint_reached"),
    "wrong type: bool for an integer": (_set(["current"], True), "current"),
    "wrong type: not a list": (_set(["deck"], 5), "deck"),
    "wrong type: players not a list": (_set(["players"], {}), "players"),
    "wrong type: player not an object": (_set(["players", 0], []), r"players\[0\]"),
    "wrong number of players": (lambda d, s: s["players"].pop(), "players"),
    "integer out of range: round 300": (_set(["round"], 300), "round"),
    "integer out of range: round 11": (_set(["round"], 11), "round"),
    "integer out of range: round 0": (_set(["round"], 0), "round"),
    "integer out of range: negative rng": (_set(["rng"], -1), "rng"),
    "integer out of range: rng 2**64": (_set(["rng"], 2**64), "rng"),
    "integer out of range: step": (_set(["step"], 5), "step"),
    "integer out of range: current": (_set(["current"], 3), "current"),
    "integer out of range: card 300": (_set(["players", 1, "hand"], [11, 12, 13, 14, 300]),
                                       "hand"),
    "integer out of range: huge": (_set(["players", 0, "happiness"], 10**30), "happiness"),
    "pick of a seat that has not chosen": (_set(["players", 2, "pick"], 21), "pick"),
    "pick not in hand": (_set(["players", 0, "pick"], 11), "pick"),
    "timeline longer than rounds played": (_move_to_timeline(1, [33, 34]), "more cards than rounds"),
    "midpoint discard outside the midpoint": (_set(["midpoint_discard"], 3), "midpoint"),
    "more Happiness than ten cards can earn": (_set(["players", 1, "happiness"], 121), r"happiness.*at most 120"),
    "deck over capacity": (lambda d, s: s["deck"].extend(range(81)), "deck"),
}


def test_json_nested_too_deeply_is_a_value_error(base):
    with pytest.raises(ValueError, match="nested too deeply"):
        base.game.state_from_json("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("case", sorted(CORRUPTIONS))
def test_corrupt_json_is_refused_with_a_message_naming_the_problem(base, case):
    edit, pattern = CORRUPTIONS[case]
    text = corrupt(base, edit)
    with pytest.raises(ValueError, match=pattern):
        base.game.state_from_json(text)


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2]", "null", "42", b"\xff"])
def test_non_documents_are_refused(toyl, text):
    game = toyl.game(3)
    with pytest.raises(ValueError):
        game.state_from_json(text)


@pytest.mark.parametrize("value", [None, 42, ["{}"]])
def test_a_saved_state_that_is_not_text_is_a_type_error(toyl, value):
    with pytest.raises(TypeError, match="a saved state is text"):
        toyl.game(3).state_from_json(value)


def test_a_state_loads_only_into_a_game_with_the_same_parameters(toyl):
    state = toyl.game(3).new_state()
    with pytest.raises(ValueError, match="players"):
        toyl.game(4).state_from_json(state.to_json())


def test_swap_step_with_an_empty_hand_to_move_is_refused(toyl):
    game = toyl.game(2)
    good = toyl.position_doc(game, step=toyl.SWAP, hands=[[1, 2], [11, 12]])
    game.state_from_json(json.dumps(good))  # the consistent version loads
    bad = toyl.position_doc(game, step=toyl.SWAP, hands=[[], [11, 12]])
    with pytest.raises(ValueError, match="hand|card"):
        state = game.state_from_json(json.dumps(bad))
        # if it loads, it must at least be playable
        assert state.legal_actions() or state.is_terminal()


def test_choose_step_with_an_earlier_seat_that_did_not_choose_is_refused(toyl):
    game = toyl.game(3)
    # seat 1 to move, but seat 0 (holding two cards) has no pick
    bad = toyl.position_doc(game, round=2, current=1, hands=[[1, 2], [11, 12], [21, 22]])
    with pytest.raises(ValueError, match="pick"):
        game.state_from_json(json.dumps(bad))


def test_a_midpoint_hand_that_play_cannot_give_is_refused(toyl):
    # Accepted, it crashed determinize (and so mcts): the pile's share of each hand went negative.
    game = toyl.game(3)
    state = toyl.play_until(game.new_state(seed=5), lambda s: toyl.srec(s)["step"] == toyl.MIDPOINT)
    doc = json.loads(state.to_json())
    seat = doc["state"]["players"][1]
    doc["state"]["deck"].append(seat["hand"].pop())  # seat 1 has not discarded, yet holds 1
    with pytest.raises(ValueError, match=r"players\[1\]\.hand holds 1 card, but at the midpoint"):
        game.state_from_json(json.dumps(doc))


def test_a_midpoint_pile_without_the_earlier_discards_is_refused(toyl):
    # Accepted, determinize drew discard counts the pile could not give back and crashed.
    game = toyl.game(3)
    doc = toyl.position_doc(game, round=6, step=toyl.MIDPOINT, current=1, hands=[[], [10, 11], [20, 21]])
    doc["state"]["deck"] += doc["state"]["discards"]
    doc["state"]["discards"] = []
    with pytest.raises(ValueError, match="discards: the pile lacks the cards"):
        game.state_from_json(json.dumps(doc))
    doc["state"]["discards"] = [doc["state"]["deck"].pop(), doc["state"]["deck"].pop()]  # seat 0's two
    state = game.state_from_json(json.dumps(doc))
    for seed in range(20):
        assert game.state_from_json(state.determinize(2, seed).to_json()).current_player == 1


def test_a_swap_with_a_seat_yet_to_swap_and_no_card_is_refused(toyl):
    game = toyl.game(2, midpoint_empty_deck="short")
    doc = toyl.position_doc(game, round=2, step=toyl.SWAP, hands=[[1], []])
    with pytest.raises(ValueError, match=r"players\[1\]\.hand: the swap comes only when every seat holds a card"):
        game.state_from_json(json.dumps(doc))


def test_a_swap_hand_too_big_to_draw_into_is_refused(toyl):
    # Accepted, completing the swap drew an 8th card into a hand of 7 and corrupted the state.
    game = toyl.game(2)
    good = toyl.position_doc(game, step=toyl.SWAP, current=1, hands=[[1, 2, 3, 4, 5, 6], [11, 12, 13, 14, 15, 16, 17]])
    game.state_from_json(json.dumps(good))
    bad = toyl.position_doc(game, step=toyl.SWAP, current=1, hands=[[1, 2, 3, 4, 5, 6, 7], [11, 12, 13, 14, 15, 16]])
    with pytest.raises(ValueError, match=r"players\[0\]\.hand holds 7 cards, but in round 1 it can hold at most 6"):
        game.state_from_json(json.dumps(bad))


def test_a_hand_larger_than_the_round_leaves_is_refused(toyl):
    game = toyl.game(3)
    doc = toyl.position_doc(game, round=4, hands=[[1, 2, 3, 4, 5], [11, 12, 13, 14], [21, 22, 23, 24]])
    with pytest.raises(ValueError, match=r"players\[0\]\.hand holds 5 cards, but in round 4 it can hold at most 4"):
        game.state_from_json(json.dumps(doc))


def test_every_state_a_loaded_state_leads_to_loads_again(toyl):
    # Hands of different sizes (7, 6, 7) play on: the midpoint never comes, as it needs every
    # hand at 2, and each position on the way saves and loads.
    game = toyl.game(3)
    doc = toyl.position_doc(game, hands=[list(range(7)), list(range(10, 16)), list(range(20, 27))])
    state, rng = game.state_from_json(json.dumps(doc)), random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        assert game.state_from_json(state.to_json()) == state


def test_state_from_json_of_the_base_position_is_fine(base):
    assert base.game.state_from_json(base.to_json()) == base


# ---------------------------------------------------------------- observations


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_observation_shape_and_dtype(toyl, players):
    game = toyl.game(players)
    state = game.new_state(seed=players)
    for p in range(players):
        obs = state.observation(p)
        assert obs.dtype == np.float32
        assert obs.shape == game.observation_shape == (10 + 80 + 80 + 91 * players,)
        assert isinstance(state.observation_string(p), str)


def test_observation_player_out_of_range(toyl):
    state = toyl.game(3).new_state()
    for bad in (-1, 3):
        with pytest.raises(ValueError):
            state.observation(bad)
        with pytest.raises(ValueError):
            state.observation_string(bad)


def test_observation_out_buffer_is_reused(toyl, all_positions):
    for label, state in all_positions:
        n = state.game.num_players
        buf = np.full(state.game.observation_shape, 7.0, dtype=np.float32)
        for p in range(n):
            result = state.observation(p, out=buf)
            assert result is buf or np.shares_memory(result, buf)
            assert np.array_equal(buf, state.observation(p)), label
    state = all_positions[0][1]
    with pytest.raises(ValueError):
        state.observation(0, out=np.zeros(5, dtype=np.float32))
    with pytest.raises((TypeError, ValueError)):
        state.observation(0, out=np.zeros(state.game.observation_shape, dtype=np.float64))


def test_observation_layout(toyl):
    game = toyl.game(3)
    # round 3, seat 1 to move, seat 0 has picked 3; seat 2 holds 1 Happiness and 1 Inspiration
    # (placed nowhere yet); 2 cards on the discard pile.
    state = toyl.build_state(game, round=3, current=1,
                             hands=[[1, 2, 3, 4, 5], [11, 12, 13, 14, 15], [21, 22, 23]],
                             timelines=[[30, 40], [31], [47]], discards=[70, 71],
                             players={0: {"pick": 3}, 2: {"happiness": 1,
                                                          "inspiration_unplaced": 1}})
    scores = state.scores()
    obs = state.observation(1)
    assert obs[0:5].tolist() == [0, 0, 1, 0, 0]          # choose
    assert obs[5] == pytest.approx(0.3)
    assert obs[6] == 0.0
    deck = 80 - 13 - 4 - 2  # hands 5+5+3, timelines 2+1+1, 2 discards
    assert obs[7] == pytest.approx(deck / 80)
    assert obs[8] == pytest.approx(2 / 80)
    assert obs[9] == 1.0                                  # seat 1 is to move
    assert np.flatnonzero(obs[10:90]).tolist() == [11, 12, 13, 14, 15]
    assert not obs[90:170].any()                          # seat 1 has no pick
    rows = [obs[170 + 91 * k: 170 + 91 * (k + 1)] for k in range(3)]
    # row 0 = seat 1, row 1 = seat 2, row 2 = seat 0
    assert np.flatnonzero(rows[0][:80]).tolist() == [31]
    assert np.flatnonzero(rows[1][:80]).tolist() == [47]
    assert np.flatnonzero(rows[2][:80]).tolist() == [30, 40]
    assert rows[1][85:88].tolist() == [1, 1, 1]           # happiness, inspiration, unplaced
    assert rows[2][88] == 1.0 and rows[0][88] == 0.0 and rows[1][88] == 0.0  # has picked
    assert rows[0][89] == pytest.approx(5 / 7)
    assert rows[1][89] == pytest.approx(3 / 7)
    assert rows[2][89] == pytest.approx(5 / 7)
    for k, seat in enumerate((1, 2, 0)):
        assert rows[k][90] == pytest.approx(scores[seat] / 100)
    # seat 0 sees its own pick
    own = state.observation(0)
    assert np.flatnonzero(own[90:170]).tolist() == [3]
    assert own[9] == 0.0


def test_observation_shows_trait_tokens_per_trait(toyl):
    game = toyl.game(3)
    state = toyl.final_state(game, [[21, 40], [], []],
                             {0: {"trait_tokens": [0, 4, 9, 9]}})  # F, H, H (slot 1), H
    row = state.observation(0)[170:170 + 91]
    assert row[80:85].tolist() == [1, 0, 0, 0, 3]
    assert state.observation(0)[0:5].tolist() == [0, 0, 0, 0, 1]


def test_observation_string_never_shows_other_hands(toyl):
    state = toyl.build_state(toyl.game(3), hands=[[1, 2], [11, 12], [21, 22]])
    text = state.observation_string(0)
    assert "01" in text and "02" in text
    for hidden in ("11", "12", "21", "22"):
        assert hidden not in text


# ---------------------------------------------------------------- determinize


def test_determinize_keeps_the_players_own_view(toyl, all_positions):
    for label, state in all_positions:
        for p in range(state.game.num_players):
            for seed in (0, 1, 99):
                d = state.determinize(p, seed)
                assert d.observation_string(p) == state.observation_string(p), (label, p)
                assert np.array_equal(d.observation(p), state.observation(p)), (label, p)
                assert d.current_player == state.current_player
                assert d.legal_actions() == state.legal_actions() or p != state.current_player


def test_determinize_keeps_every_card_in_one_place(toyl, all_positions):
    for label, state in all_positions:
        before = state.to_json()
        for p in range(state.game.num_players):
            for seed in range(5):
                d = state.determinize(p, seed)
                again = state.game.state_from_json(d.to_json())  # validated: cards, picks...
                assert again == d, label
                # the determinized state plays on to the end
                toyl.play_out(d)
        assert state.to_json() == before


def test_determinize_changes_hidden_hands_for_some_seed(toyl):
    state = toyl.game(4).new_state(seed=8)
    original = [p["hand"] for p in toyl.srec(state)["players"]]
    changed = False
    for seed in range(20):
        hands = [p["hand"] for p in toyl.srec(state.determinize(0, seed))["players"]]
        assert hands[0] == original[0]
        assert [len(h) for h in hands] == [len(h) for h in original]
        changed |= hands[1:] != original[1:]
    assert changed


def test_determinize_redraws_other_players_picks(toyl):
    state = toyl.game(3).new_state(seed=8)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    picks = set()
    for seed in range(30):
        st = toyl.srec(state.determinize(2, seed))
        assert st["players"][0]["pick"] in st["players"][0]["hand"]
        picks.add(st["players"][0]["pick"])
    assert len(picks) > 1


def test_midpoint_discards_stay_hidden_until_every_seat_has_chosen(toyl):
    # Docs §3: nothing another player can observe shows a choice until everyone has made it.
    game = toyl.game(3)
    start = toyl.play_until(game.new_state(seed=5), lambda s: toyl.srec(s)["step"] == toyl.MIDPOINT)
    kept, discarded = start.clone(), start.clone()
    kept.apply(toyl.KEEP)
    discarded.apply(discarded.legal_actions()[0])  # the lower card, then the higher one
    discarded.apply(discarded.legal_actions()[0])
    assert [len(p["hand"]) for p in toyl.srec(discarded)["players"]] == [0, 2, 2]
    for viewer in (1, 2):
        assert discarded.observation_string(viewer) == kept.observation_string(viewer)
        assert np.array_equal(discarded.observation(viewer), kept.observation(viewer))
    assert discarded.observation_string(0) != kept.observation_string(0)  # seat 0 knows its own
    # A determinization from seat 1 draws how many seat 0 discarded: 0, 1 or 2.
    counts = set()
    for seed in range(30):
        d = discarded.determinize(1, seed)
        assert np.array_equal(d.observation(1), discarded.observation(1))
        st = toyl.srec(d)
        counts.add(2 - len(st["players"][0]["hand"]))
        assert len(st["discards"]) == len(toyl.srec(kept)["discards"]) + 2 - len(st["players"][0]["hand"])
        assert game.state_from_json(d.to_json()) == d
    assert counts == {0, 1, 2}
    # Once every seat has chosen, the hands are refilled and the pile shows every discard.
    for state in (kept, discarded):
        toyl.play_until(state, lambda s: toyl.srec(s)["step"] != toyl.MIDPOINT, lambda s: toyl.KEEP)
    assert len(toyl.srec(discarded)["discards"]) == len(toyl.srec(kept)["discards"]) + 2
    assert discarded.observation_string(1) != kept.observation_string(1)


# ---------------------------------------------------------------- playouts


def test_playouts_shape_and_dtype(toyl):
    game = toyl.game(3)
    scores = lifespan.playouts(game, 20, seed=1)
    assert isinstance(scores, np.ndarray)
    assert scores.shape == (20, 3)
    assert np.issubdtype(scores.dtype, np.integer)
    assert lifespan.playouts(game, 0).shape == (0, 3)


def test_playouts_are_deterministic_for_a_seed(toyl):
    game = toyl.game(4)
    a = lifespan.playouts(game, 50, seed=7)
    b = lifespan.playouts(game, 50, seed=7)
    c = lifespan.playouts(game, 50, seed=8)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("players", [2, 5])
def test_playouts_same_for_any_thread_count(toyl, players):
    game = toyl.game(players)
    one = lifespan.playouts(game, 64, seed=3, threads=1)
    two = lifespan.playouts(game, 64, seed=3, threads=2)
    many = lifespan.playouts(game, 64, seed=3, threads=0)
    assert np.array_equal(one, two)
    assert np.array_equal(one, many)


def test_playouts_from_a_state_leave_it_unchanged(toyl, all_positions):
    for label, state in all_positions:
        before = state.to_json()
        scores = lifespan.playouts(state, 8, seed=2, threads=2)
        assert scores.shape == (8, state.game.num_players)
        assert state.to_json() == before, label
        assert np.array_equal(scores, lifespan.playouts(state, 8, seed=2, threads=1))


def test_playouts_from_a_finished_game_give_its_scores(toyl):
    state = toyl.play_out(toyl.game(3).new_state(seed=4))
    scores = lifespan.playouts(state, 5, seed=0)
    assert scores.tolist() == [state.scores()] * 5


def test_playouts_argument_checks(toyl):
    game = toyl.game(3)
    with pytest.raises(ValueError):
        lifespan.playouts(game, -1)
    with pytest.raises(ValueError):
        lifespan.playouts(game, 3, seed=-1)
    with pytest.raises(TypeError):
        lifespan.playouts("time_of_your_life", 3)


def test_game_repr_can_be_pasted_back():
    game = lifespan.load_game(GAME, players=2, seed=5, two_player_swap="off",
                              limited_token_supply=True)
    text = repr(game)
    assert text == ("lifespan.load_game('time_of_your_life(players=2,seed=5,"
                    "two_player_swap=off,limited_token_supply=True)')")
    again = eval(text, {"lifespan": lifespan})
    assert again.parameters == game.parameters
    assert again.new_state() == game.new_state()


def test_only_the_simultaneous_steps_are_secret_moves():
    # A pick, a midpoint discard or a swap discard stays face down until all have chosen; an
    # Inspiration placement after round 10 puts a Trait token openly on the timeline.
    from lifespan.agents import RandomAgent

    game = lifespan.load_game("time_of_your_life", players=2)
    seen = {}
    for seed in range(40):
        state, agent = game.new_state(seed=seed), RandomAgent(seed)
        while not state.is_terminal():
            step = state._to_record()["step"]
            action = agent.step(state)
            seen.setdefault(step, set()).add(game._secret_choice(state, action))
            state.apply(action)
    assert seen[3] == {False}                                 # Inspiration
    assert seen[0] == seen[1] == seen[2] == {True}            # midpoint, swap, choose


def test_tokens_loaded_at_their_bound_stay_there_and_still_save(toyl):
    # 120 is the most ten placements can earn; a state loaded at it in round 1 once went past it
    # with the next placement and could not be saved.
    from lifespan.agents import RandomAgent

    game = toyl.game(3)
    for seed in range(5):
        doc = json.loads(game.new_state(seed=seed).to_json())
        doc["state"]["players"][0].update(happiness=120, inspiration=120, inspiration_unplaced=120)
        state, agent = game.state_from_json(json.dumps(doc)), RandomAgent(seed)
        while not state.is_terminal():
            state.apply(agent.step(state))
            assert game.state_from_json(state.to_json()) == state
        player = state._to_record()["players"][0]
        assert player["happiness"] == 120 and player["inspiration"] == 120


def test_in_the_inspiration_step_the_seats_before_the_one_placing_are_done():
    # Seats place in seat order and the turn never goes back: a loaded state whose earlier seat
    # still holds a placeable token would end the game with that token unplaced.
    game = lifespan.load_game("time_of_your_life", players=4)
    for seed in range(200):
        state = game.new_state(seed=seed)
        while not state.is_terminal() and state._to_record()["step"] != 3:
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        record = state._to_record()
        later = [p for p in range(1, 4) if record["players"][p]["inspiration_unplaced"] > 0]
        if not state.is_terminal() and state.current_player == 0 and later:
            break
    else:
        pytest.fail("no inspiration step with seat 0 and a later seat to place")
    assert game.state_from_json(state.to_json()) == state
    with pytest.raises(ValueError, match="a seat before the one placing can still place"):
        game.state_from_json(corrupt(state, _set(["current"], later[0])))
