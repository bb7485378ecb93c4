"""The C++ engine against the pure-Python oracle (reference.py), move by move.

For every player count and a set of rule-parameter variants that together use every parameter's
non-default value, seeded random games are played on the engine; every action is also applied to
the oracle, and at every step both must agree on whose turn it is, on the legal actions, on
whether the game is over and on the scores (section 6 makes them valid at any time). At the end
the returns must agree too. Actions are chosen from the engine's legal actions with a seeded
`random.Random`; at the midpoint the choice leans towards discarding so that 6-player games run
the deck dry and take the reshuffle (or short-deck) path.

A failure message gives the configuration, the seed and the actions played, so the game can be
replayed with `RefGame(...).new_state(seed)` and `lifespan.load_game(...)`.
"""

import importlib.resources
import importlib
import json
import random
import sys
from pathlib import Path

import pytest

import lifespan

HERE = Path(__file__).resolve().parent
GAMES_PER_CONFIG = 40




ref = importlib.import_module("time_of_your_life_reference")  # registered by conftest.py


def shipped_card_file():
    return importlib.resources.files("lifespan") / "data" / "time_of_your_life" / "life_cards.toml"


@pytest.fixture(scope="module")
def shipped_cards():
    with importlib.resources.as_file(shipped_card_file()) as path:
        return ref.load_cards(path)


# (players, rule parameters). Every parameter's non-default value appears at least once.
CONFIGS = [
    (2, {}),
    (2, {"two_player_swap": "passed_only"}),
    (2, {"two_player_swap": "off", "icon_matching": "any_edge"}),
    (2, {"two_player_swap": "passed_only", "limited_token_supply": True,
         "max_trait_tokens_per_card": 1, "winner_tie_break": "happiness"}),
    (3, {}),
    (3, {"timeline_layout": "youngest_right"}),
    (3, {"icon_matching": "any_edge", "timeline_layout": "youngest_right", "age_order": "number",
         "happiness_bonus_tie": "none", "winner_tie_break": "happiness"}),
    (4, {}),
    (4, {"happiness_bonus_tie": "none"}),
    (4, {"winner_tie_break": "happiness", "age_order": "number"}),
    (4, {"icon_matching": "any_edge", "max_trait_tokens_per_card": 2}),
    (5, {}),
    (5, {"limited_token_supply": True, "max_trait_tokens_per_card": 1}),
    (5, {"timeline_layout": "youngest_right", "midpoint_empty_deck": "short"}),
    (6, {}),
    (6, {"midpoint_empty_deck": "short"}),
    (6, {"limited_token_supply": True}),
    (6, {"midpoint_empty_deck": "short", "limited_token_supply": True,
         "max_trait_tokens_per_card": 1, "icon_matching": "any_edge"}),
]


def config_id(config):
    players, rules = config
    return f"{players}p-" + (",".join(f"{k}={v}" for k, v in rules.items()) or "defaults")


def choose(rng, legal, discard_bias):
    """Uniform choice, except that at the midpoint (Keep is legal) a discard is taken with
    probability `discard_bias`."""
    if ref.KEEP in legal and len(legal) > 1 and rng.random() < discard_bias:
        return rng.choice([a for a in legal if a != ref.KEEP])
    return rng.choice(legal)


def play_both(engine_state, oracle, rng, label):
    """Play one game on both implementations, checking them against each other at every step."""
    discard_bias = rng.choice([0.0, 0.5, 0.95])
    history = []
    probe_step = rng.randrange(60)  # one step at which an illegal action must be refused by both

    def where():
        return f"{label}, after actions {history}"

    while True:
        assert engine_state.is_terminal() == oracle.is_terminal(), where()
        assert engine_state.current_player == oracle.current_player, where()
        legal = list(engine_state.legal_actions())
        assert legal == oracle.legal_actions(), where()
        assert list(engine_state.scores()) == oracle.scores(), where()
        if oracle.is_terminal():
            break
        if len(history) == probe_step:
            illegal = next(a for a in range(ref.NUM_DISTINCT_ACTIONS) if a not in legal)
            with pytest.raises(ValueError):
                engine_state.apply(illegal)
            with pytest.raises(ValueError):
                oracle.apply(illegal)
            assert list(engine_state.legal_actions()) == legal, where()
        action = choose(rng, legal, discard_bias)
        history.append(action)
        engine_state.apply(action)
        oracle.apply(action)

    assert engine_state.current_player == ref.TERMINAL_PLAYER, where()
    assert list(engine_state.scores()) == oracle.scores(), where()
    assert list(engine_state.returns()) == pytest.approx(oracle.returns()), where()
    return oracle


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_engine_agrees_with_oracle(config, shipped_cards):
    players, rules = config
    trait_names, cards = shipped_cards
    oracle_game = ref.RefGame(cards, trait_names, players=players, **rules)
    engine_game = lifespan.load_game("time_of_your_life", players=players, seed=0, **rules)
    rng = random.Random(f"{config_id(config)}")
    for seed in range(GAMES_PER_CONFIG):
        if seed % 4 == 0:  # the game's own seed, through load_game(seed=...) and new_state()
            engine_state = lifespan.load_game("time_of_your_life", players=players, seed=seed,
                                              **rules).new_state()
        else:
            engine_state = engine_game.new_state(seed=seed)
        label = f"{config_id(config)}, seed {seed}"
        play_both(engine_state, oracle_game.new_state(seed), rng, label)


def test_large_seeds_agree(shipped_cards):
    trait_names, cards = shipped_cards
    oracle_game = ref.RefGame(cards, trait_names, players=4)
    engine_game = lifespan.load_game("time_of_your_life", players=4)
    rng = random.Random(4)
    for seed in (2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15):
        play_both(engine_game.new_state(seed=seed), oracle_game.new_state(seed), rng,
                  f"4p, seed {seed}")


def test_six_players_exercise_the_empty_deck(shipped_cards):
    """Everyone discards two at the midpoint: the deck runs out in both empty-deck modes."""
    trait_names, cards = shipped_cards
    for mode in ("reshuffle", "short"):
        oracle_game = ref.RefGame(cards, trait_names, players=6, midpoint_empty_deck=mode)
        engine_game = lifespan.load_game("time_of_your_life", players=6, midpoint_empty_deck=mode)
        rng = random.Random(mode)
        for seed in range(10):
            engine_state = engine_game.new_state(seed=seed)
            oracle = oracle_game.new_state(seed)
            while not oracle.is_terminal():
                legal = list(engine_state.legal_actions())
                assert legal == oracle.legal_actions(), f"{mode}, seed {seed}"
                discards = [a for a in legal if ref.DISCARD_BASE <= a < ref.KEEP]
                if oracle.step is ref.Step.MIDPOINT and discards:
                    action = discards[0]  # the lower card, then the higher one
                else:
                    action = rng.choice(legal)
                engine_state.apply(action)
                oracle.apply(action)
                assert engine_state.current_player == oracle.current_player, f"{mode}, seed {seed}"
            assert engine_state.is_terminal()
            assert list(engine_state.scores()) == oracle.scores(), f"{mode}, seed {seed}"
            assert list(engine_state.returns()) == pytest.approx(oracle.returns())
            placed = sorted(len(t) for t in oracle.timelines)
            assert placed == ([9, 9, 10, 10, 10, 10] if mode == "short" else [10] * 6)


# ------------------------------------------------------------------------------------------------
# A card file with ages apart from numbers (with ties), loaded by both, so that `age_order` and
# the tie-break by number matter.
# ------------------------------------------------------------------------------------------------


def _toml_value(value):
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return json.dumps(value)  # strings, integers and lists of strings read the same in TOML


def write_card_file(path, trait_names, cards, ages):
    lines = ["[set]", 'game = "time_of_your_life"', f"traits = {_toml_value(trait_names)}", ""]
    for card, age in zip(cards, ages):
        lines += [
            "[[card]]",
            f"number = {card.number}",
            f"name = {_toml_value(card.name)}",
            'kind = "life"',
            'provenance = "authored"',
            f"age = {age}",
            f"traits = {_toml_value(list(card.traits))}",
            f"left = {_toml_value(list(card.left))}",
            f"right = {_toml_value(list(card.right))}",
            f"objective = {_toml_value(card.objective)}",
            "",
        ]
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize("players, rules", [
    (3, {}),
    (4, {"age_order": "number"}),
    (5, {"timeline_layout": "youngest_right", "icon_matching": "any_edge"}),
])
def test_engine_agrees_with_oracle_on_reordered_ages(players, rules, shipped_cards, tmp_path):
    trait_names, cards = shipped_cards
    age_rng = random.Random(2024)
    ages = [age_rng.randrange(40) for _ in cards]  # many ties, far from the numbers
    path = tmp_path / "reordered_ages.toml"
    write_card_file(path, trait_names, cards, ages)
    oracle_traits, oracle_cards = ref.load_cards(path)
    oracle_game = ref.RefGame(oracle_cards, oracle_traits, players=players, **rules)
    engine_game = lifespan.load_game("time_of_your_life", players=players, cards=[str(path)],
                                     **rules)
    rng = random.Random(players)
    for seed in range(15):
        play_both(engine_game.new_state(seed=seed), oracle_game.new_state(seed), rng,
                  f"{players}p {rules} reordered ages, seed {seed}")


# lifespan.playouts, replayed: game i starts from new_state(derive_seed(seed, i)) and its random
# policy plays legal[below(len(legal))] with SplitMix64(game_seed ^ 0x5DEECE66D) (README,
# "Random playouts"). The engine's shortcuts for sampling must give exactly these games.
def derive_seed(seed, index):
    mixer = ref.SplitMix64(seed ^ ((index * 0xD1B54A32D192ED03) & ref.MASK64))
    mixer.next()
    return mixer.next()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_playouts_are_the_documented_random_games(config, shipped_cards):
    players, rules = config
    traits, cards = shipped_cards
    game = lifespan.load_game("time_of_your_life", players=players, **rules)
    oracle_game = ref.RefGame(cards, traits, players=players, **rules)
    seed, count = 2024, 12
    scores = lifespan.playouts(game, count, seed=seed, threads=2)
    for index in range(count):
        game_seed = derive_seed(seed, index)
        state, policy = oracle_game.new_state(game_seed), ref.SplitMix64(game_seed ^ 0x5DEECE66D)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[policy.below(len(legal))])
        assert list(scores[index]) == state.scores(), f"{config_id(config)}, playout {index}"
