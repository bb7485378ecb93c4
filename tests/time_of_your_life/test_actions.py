"""Time of Your Life: an action as a value (docs/time_of_your_life.md §10).

decode_action turns an id into its kind and operands (a named tuple, as for The Pursuit of
Happiness), encode_action turns them back. The layout has four kinds: play card c (0-79),
discard card c (80-159), keep the rest of the hand (160) and put trait t on timeline slot s
(161 + 5·s + t); the ids are a saved format, so they are pinned here.
"""

from __future__ import annotations

import random

import pytest

import lifespan


@pytest.fixture(scope="module")
def game():
    return lifespan.load_game("time_of_your_life", players=3)


def test_the_ids_of_each_kind(game):
    K = game.ActionKind
    assert [k.name for k in K] == ["PLAY", "DISCARD", "KEEP", "PLACE_TRAIT"]
    assert game.decode_action(47) == (K.PLAY, 47, 0, 0)
    assert game.decode_action(80 + 47) == (K.DISCARD, 47, 0, 0)
    assert game.decode_action(160) == (K.KEEP, 0, 0, 0)
    assert game.decode_action(161 + 5 * 3 + 2) == (K.PLACE_TRAIT, 0, 3, 2)
    assert game.decode_action(210) == (K.PLACE_TRAIT, 0, 9, 4)
    a = game.decode_action(161)
    assert (a.kind, a.card, a.slot, a.trait) == (K.PLACE_TRAIT, 0, 0, 0)


def test_every_id_encodes_back_to_itself(game):
    for action in range(game.num_distinct_actions):
        a = game.decode_action(action)
        assert game.encode_action(a.kind, card=a.card, slot=a.slot, trait=a.trait) == action


def test_legal_actions_decode_to_the_kind_their_text_names(game):
    words = {"PLAY": "Play ", "DISCARD": "Discard ", "KEEP": "Keep", "PLACE_TRAIT": " token on "}
    rng = random.Random(5)
    for seed in range(6):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in legal:
                text = state.action_to_string(action)
                assert words[state.decode_action(action).kind.name] in text
            chosen = rng.choice(legal)
            assert state.decode_action(state.action_to_string(chosen)) == state.decode_action(chosen)
            state.apply(chosen)


def test_bad_operands_are_refused(game):
    K = game.ActionKind
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.KEEP, card=1)             # an operand Keep does not have
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.PLAY, card=80)            # cards are 0-79
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.PLACE_TRAIT, slot=10)     # a timeline has 10 slots
    with pytest.raises(lifespan.IllegalActionError, match="no action id"):
        game.encode_action(K.PLACE_TRAIT, trait=5)     # 5 traits
    with pytest.raises(lifespan.IllegalActionError, match="out of range"):
        game.encode_action(K.PLAY, card=1000)
    with pytest.raises(TypeError):
        game.encode_action(0)                          # an int is not a kind
    with pytest.raises(TypeError):
        game.encode_action(lifespan._core.PursuitActionKind.PASS)
    with pytest.raises(TypeError):
        game.encode_action(K.PLAY, card=True)
    with pytest.raises(lifespan.IllegalActionError, match="out of range"):
        game.decode_action(211)
    with pytest.raises(lifespan.IllegalActionError, match="out of range"):
        game.decode_action(-1)
    with pytest.raises(TypeError):
        game.decode_action("Keep")                     # names are read on a state
    with pytest.raises(TypeError):
        game.decode_action(1.0)
