"""The shipped stubs (py.typed, _core.pyi, the Protocols) let a type checker follow user code."""

import shutil
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("mypy")

GOOD = """
    import numpy as np
    import lifespan

    game: lifespan.Game = lifespan.load_game("time_of_your_life", players=3)
    state = game.new_state(seed=2)
    actions: list[int] = state.legal_actions()
    state.apply(actions[0])
    other: lifespan.State = state.child(state.legal_actions()[0])
    mask: np.ndarray = state.legal_actions_mask()
    obs: np.ndarray = state.observation(0)
    returns: list[float] = other.returns()
    text: str = state.to_json()
    again = game.state_from_json(text)
    loaded: lifespan.State = lifespan.load_state(text)
    scores: np.ndarray = lifespan.playouts(game, 4, seed=1)
    result: lifespan.MCTSResult = lifespan.mcts(state, iterations=10, threads=2)
    best: int = result.action
    visits: dict[int, int] = result.visits
    parts: list[lifespan.ScorePart] = state.score_breakdown(0)
    points: int = parts[0].points
    agent = lifespan.make_agent("mcts:iterations=10,threads=2")
    events: list[lifespan.Event] = lifespan.narrate(state, actions[1], state.child(actions[1]))
    try:
        state.apply(999)
    except lifespan.IllegalActionError as error:
        message: str = str(error)
"""

BAD = """
    import lifespan

    game = lifespan.load_game("time_of_your_life")
    state = game.new_state()
    state.apply(1.5)
    count: str = state.legal_actions()
    lifespan._core.TimeOfYourLifeGame()
"""


def mypy(tmp_path, source):
    path = tmp_path / "user_code.py"
    path.write_text(textwrap.dedent(source))
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           "--cache-dir", str(tmp_path / "cache"), str(path)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)


def test_user_code_type_checks(tmp_path):
    result = mypy(tmp_path, GOOD)
    assert result.returncode == 0, result.stdout + result.stderr


def test_type_errors_in_user_code_are_found(tmp_path):
    result = mypy(tmp_path, BAD)
    assert result.returncode == 1
    assert 'Argument 1 to "apply"' in result.stdout
    assert "Incompatible types in assignment" in result.stdout
    assert 'Missing named argument "_no_public_constructor"' in result.stdout   # load_game makes games


def test_numpy_integers_are_taken_where_an_integer_is(tmp_path):
    import numpy as np

    import lifespan
    game = lifespan.load_game("time_of_your_life", players=np.int64(3))
    assert game.num_players == 3 and type(game.parameters["players"]) is int
    state = game.new_state(seed=np.uint64(3))
    state.apply(np.int64(state.legal_actions()[0]))
    assert lifespan.playouts(game, np.int64(2), seed=np.int64(1)).shape == (2, 3)
    assert lifespan.mcts(state, iterations=np.int64(5), seed=np.uint64(2)).action in state.legal_actions()


PURSUIT_ACTIONS = """
    import lifespan
    from lifespan._core import PursuitAction, PursuitActionKind, PursuitOfHappinessGame

    game = lifespan.load_game("pursuit_of_happiness", players=2)
    assert isinstance(game, PursuitOfHappinessGame)
    action: PursuitAction = game.decode_action(544)
    kind: PursuitActionKind = action.kind
    again: int = game.encode_action(kind, slot=action.slot, variant=action.variant, hourglass=action.hourglass)
    state = game.new_state(1)
    first: PursuitAction = state.decode_action(state.legal_actions()[0])
    discard: int = state.encode_action(state.ActionKind.DISCARD, slot=2)
"""


def test_pursuit_action_values_type_check(tmp_path):
    result = mypy(tmp_path, PURSUIT_ACTIONS)
    assert result.returncode == 0, result.stdout + result.stderr
