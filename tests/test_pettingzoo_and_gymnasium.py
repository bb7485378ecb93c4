"""lifespan.pettingzoo and lifespan.gymnasium, judged by the libraries' own checkers: PettingZoo's
api_test, seed_test and render_test, and Gymnasium's check_env with warnings turned into errors.
They skip without the `rl` extra."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import lifespan

pettingzoo_test = pytest.importorskip("pettingzoo.test")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import lifespan.gymnasium as lifespan_gymnasium  # noqa: E402
import lifespan.pettingzoo as lifespan_pettingzoo  # noqa: E402

GAMES = [
    ("time_of_your_life", {"players": 2}),
    ("time_of_your_life", {"players": 5}),
    ("pursuit_of_happiness", {"players": 1}),
    ("pursuit_of_happiness", {"players": 2}),
    ("pursuit_of_happiness", {"players": 3, "expansions": ["experiences", "kids", "nostalgia"]}),
    ("pursuit_of_happiness", {"players": 5, "expansions": ["community", "events", "school", "relatives"]}),
]


def label(case):
    name, params = case
    return f"{name}-{params['players']}p-{'+'.join(params.get('expansions', ['base']))}"


# --- PettingZoo ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=label)
def test_pettingzoo_api_test(case):
    name, params = case
    pettingzoo_test.api_test(lifespan_pettingzoo.env(name, **params), num_cycles=300)


@pytest.mark.parametrize("case", GAMES, ids=label)
def test_pettingzoo_seed_test(case):
    name, params = case
    pettingzoo_test.seed_test(lambda: lifespan_pettingzoo.env(name, **params), num_cycles=100)


@pytest.mark.parametrize("case", GAMES[::2], ids=label)
def test_pettingzoo_render_test(case, capsys):
    name, params = case
    pettingzoo_test.render_test(lambda render_mode=None: lifespan_pettingzoo.env(name, render_mode=render_mode, **params))


def test_a_pettingzoo_game_plays_to_its_end_with_returns_as_rewards():
    env = lifespan_pettingzoo.env("pursuit_of_happiness", players=3, render_mode="ansi")
    env.reset(seed=5)
    assert env.agents == ["player_0", "player_1", "player_2"]
    assert "Round 1" in env.render() or env.render()
    totals = dict.fromkeys(env.agents, 0.0)
    moves = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        assert not truncation
        if termination:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert env.observation_space(agent).contains(observation)
        env.step(int(np.flatnonzero(mask)[moves % mask.sum()]))
        moves += 1
    game = env.unwrapped.game
    assert moves <= game.max_game_length()
    final = env.unwrapped.state
    assert final.is_terminal() and [totals[a] for a in ("player_0", "player_1", "player_2")] == final.returns()


def test_pettingzoo_refuses_an_illegal_action_and_bad_arguments():
    env = lifespan_pettingzoo.env("time_of_your_life", players=3)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(lifespan.IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError, match="render_mode"):
        lifespan_pettingzoo.env("time_of_your_life", render_mode="rgb_array")
    with pytest.raises(TypeError, match="parameters go with a game's name"):
        lifespan_pettingzoo.env(lifespan.load_game("time_of_your_life"), players=3)


# --- Gymnasium ----------------------------------------------------------------------------------


def checked_without_warnings(env):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)


@pytest.mark.parametrize("env_id, params", [
    ("lifespan/TimeOfYourLife-v0", {"players": 3}),
    ("lifespan/TimeOfYourLife-v0", {"players": 2, "seat": 1}),
    ("lifespan/PursuitOfHappiness-v0", {"players": 1}),
    ("lifespan/PursuitOfHappiness-v0", {"players": 2, "opponents": "mcts:iterations=20"}),
    ("lifespan/PursuitOfHappiness-v0", {"players": 4, "seat": 2, "expansions": ["experiences", "nostalgia"]}),
])
def test_gymnasium_check_env_passes_without_warnings(env_id, params):
    checked_without_warnings(gymnasium.make(env_id, **params).unwrapped)
    checked_without_warnings(gymnasium.make(env_id, render_mode="ansi", **params).unwrapped)


def test_the_ids_are_registered_on_import_and_by_module_name():
    assert set(lifespan_gymnasium.ENV_IDS.values()) <= set(gymnasium.registry)
    env = gymnasium.make("lifespan.gymnasium:lifespan/TimeOfYourLife-v0", players=2)
    assert isinstance(env.unwrapped, lifespan_gymnasium.LifespanEnv)


def test_a_gymnasium_episode_ends_with_the_learners_return():
    calls = []

    def first_legal(state):
        calls.append(state.current_player)
        return state.legal_actions()[0]

    env = gymnasium.make("lifespan/PursuitOfHappiness-v0", players=3, seat=1, opponents=["random", first_legal])
    observation, info = env.reset(seed=3)
    steps, total, terminated = 0, 0.0, False
    while not terminated:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        assert not truncated and not info
        steps += 1
    state = env.unwrapped.state
    assert state.is_terminal() and total == state.returns()[1]
    assert set(calls) == {2} and steps <= env.unwrapped.game.max_game_length()


def test_an_illegal_gymnasium_action_ends_the_episode_as_a_loss():
    env = lifespan_gymnasium.LifespanEnv("time_of_your_life", players=2)
    observation, _ = env.reset(seed=0)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert env.state.to_json() == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(illegal)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"seat": 3, "players": 3}, ValueError, "seat must be an integer from 0 to 2"),
    ({"opponents": ["random"], "players": 3}, ValueError, "opponents: 2 for the other seats, got 1"),
    ({"opponents": "nobody"}, ValueError, "unknown agent"),
    ({"opponents": 7}, TypeError, "opponents: an agent spec"),
    ({"render_mode": "human"}, ValueError, "render_mode"),
])
def test_gymnasium_refuses_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        lifespan_gymnasium.LifespanEnv("time_of_your_life", **kwargs)


def test_the_ecosystem_guides_examples_run(capsys):
    import re
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "docs" / "ecosystem.md").read_text()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", guide, flags=re.S)
              if "lifespan.pettingzoo" in b or "lifespan.gymnasium" in b]
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, "docs/ecosystem.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "episode 2: return" in printed
