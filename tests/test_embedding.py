"""Embedding the engine (docs/embedding.md): game definitions written by Python and read by the
core, and the C++ package used the way a user uses it — tests/cpp/ and examples/cpp/ are
configured with CMake against the installed package (`lifespan.get_cmake_dir()`), built, and
run; the host must reproduce `lifespan.playouts` score for score.

Without cmake or a C++ compiler on PATH the build tests skip (pip's own build needs both, so
they run wherever the package was built from source)."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
from typing import Any

import pytest

import lifespan
from lifespan import _core

# One xdist worker runs this file (`pytest -n 2 --dist loadgroup`), so that its module fixtures
# build the C++ and Cython examples once.
pytestmark = pytest.mark.xdist_group("embedding")

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLAYERS, SEED, GAMES = 3, 11, 5


def test_definition_is_versioned_and_names_its_game() -> None:
    game = lifespan.load_game("time_of_your_life", players=PLAYERS)
    definition = game.to_definition()
    assert definition["format"] == "lifespan-game-definition"
    assert definition["version"] == 1
    assert definition["game"] == "time_of_your_life"
    assert definition["parameters"]["players"] == PLAYERS
    assert len(definition["cards"]) == 80
    assert {card["provenance"] for card in definition["cards"]} <= {"authored", "transcribed", "printed"}


def test_the_core_rebuilds_an_equal_game_from_a_definition() -> None:
    game = lifespan.load_game("time_of_your_life", players=4, icon_matching="any_edge")
    rebuilt = _core.time_of_your_life_from_definition(json.dumps(game.to_definition()))
    assert (rebuilt._playouts(50, 3, 1) == game._playouts(50, 3, 1)).all()


def test_to_definition_returns_a_copy() -> None:
    game = lifespan.load_game("time_of_your_life")
    game.to_definition()["cards"].clear()
    assert len(game.to_definition()["cards"]) == 80


@pytest.mark.parametrize("change, error", [
    (lambda d: d.update(version=2), lifespan.CardDataError),
    (lambda d: d.update(format="something else"), lifespan.CardDataError),
    (lambda d: d.update(game="pursuit_of_happiness"), lifespan.CardDataError),
    (lambda d: d["parameters"].update(players=True), lifespan.RulesError),
    (lambda d: d["parameters"].update(icon_matching="nowhere"), lifespan.RulesError),
    (lambda d: d["parameters"].pop("seed"), lifespan.RulesError),
    (lambda d: d["cards"][0].update(age="old"), lifespan.CardDataError),
    (lambda d: d["cards"][0].update(trait_counts=[1, 0]), lifespan.CardDataError),
    (lambda d: d["cards"][0]["objective"].update(points=1000), lifespan.CardDataError),
    (lambda d: d["cards"].pop(), lifespan.CardDataError),
    (lambda d: d.update(traits=["a"]), lifespan.CardDataError),
])
def test_a_bad_definition_is_a_value_error_in_the_projects_words(change, error) -> None:
    definition = lifespan.load_game("time_of_your_life").to_definition()
    change(definition)
    with pytest.raises(error):
        _core.time_of_your_life_from_definition(json.dumps(definition))


def test_a_definition_that_is_not_json_is_refused() -> None:
    with pytest.raises(lifespan.CardDataError, match="not valid JSON"):
        _core.time_of_your_life_from_definition("{")
    with pytest.raises(TypeError):
        _core.time_of_your_life_from_definition(3)  # type: ignore[arg-type]


POH_EXPANSIONS = ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs",
                  "relatives", "best_friends", "community", "school"]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 5, "expansions": POH_EXPANSIONS}])
def test_the_core_rebuilds_an_equal_pursuit_game_from_a_definition(options: dict[str, Any]) -> None:
    game = lifespan.load_game("pursuit_of_happiness", **options)
    definition = game.to_definition()
    assert definition["game"] == "pursuit_of_happiness"
    assert len(definition["cards"]) == len(game.cards())
    assert {card["provenance"] for card in definition["cards"]} <= {"seed", "published", "authored", "printed"}
    rebuilt = _core.pursuit_of_happiness_from_definition(json.dumps(definition))
    assert (rebuilt._playouts(20, 3, 1) == game._playouts(20, 3, 1)).all()


def _first(definition: dict[str, Any], table: str) -> dict[str, Any]:
    return next(card for card in definition["cards"] if card["table"] == table)


@pytest.mark.parametrize("change, error", [
    (lambda d: d.update(game="time_of_your_life"), lifespan.CardDataError),
    (lambda d: d["parameters"].update(sth_overflow="nowhere"), lifespan.RulesError),
    (lambda d: d["parameters"].pop("row_size"), lifespan.RulesError),
    (lambda d: d["parameters"].update(row_size=99), lifespan.RulesError),
    (lambda d: _first(d, "projects").update(table="castles"), lifespan.CardDataError),
    (lambda d: _first(d, "projects").pop("category"), lifespan.CardDataError),
    (lambda d: _first(d, "projects").update(category=7), lifespan.CardDataError),
    (lambda d: _first(d, "projects").update(type=3), lifespan.CardDataError),
    (lambda d: _first(d, "projects")["levels"][0].update(cost={"knowlege": 1}), lifespan.CardDataError),
    (lambda d: _first(d, "projects")["levels"][0].update(cost={"knowledge": 1000}), lifespan.CardDataError),
    (lambda d: _first(d, "jobs")["faces"].pop(), lifespan.CardDataError),
    (lambda d: _first(d, "partners")["faces"][0]["levels"].pop(), lifespan.CardDataError),
    (lambda d: _first(d, "goals")["condition"].update(what=99), lifespan.CardDataError),
    (lambda d: _first(d, "traits").update(ability=9), lifespan.CardDataError),
    (lambda d: d.update(cards=[card for card in d["cards"] if card["table"] != "partners"]), lifespan.CardDataError),
])
def test_a_bad_pursuit_definition_is_a_value_error_in_the_projects_words(change, error) -> None:
    definition = lifespan.load_game("pursuit_of_happiness").to_definition()
    change(definition)
    with pytest.raises(error):
        _core.pursuit_of_happiness_from_definition(json.dumps(definition))


def test_export_writes_the_definition(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "game.json"
    subprocess.run([sys.executable, "-m", "lifespan", "export", "time_of_your_life", "--players", "5",
                    "--param", "age_order=number", "-o", str(out)], check=True)
    written = json.loads(out.read_text())
    assert written == lifespan.load_game("time_of_your_life", players=5, age_order="number").to_definition()


def test_the_package_points_at_its_cmake_config_and_headers() -> None:
    assert (pathlib.Path(lifespan.get_cmake_dir()) / "lifespanConfig.cmake").is_file()
    assert (pathlib.Path(lifespan.get_include()) / "lifespan" / "time_of_your_life" / "definition.hpp").is_file()
    assert any(pathlib.Path(lifespan.get_library_dir()).glob("*lifespan_core*"))


def _build_tools_missing() -> bool:
    return shutil.which("cmake") is None or shutil.which(os.environ.get("CXX", "c++")) is None


def _skip_native_builds() -> None:
    if _build_tools_missing():
        pytest.skip("cmake or a C++ compiler is not on PATH")
    # A sanitizer build's core needs its runtime linked in: hosts built as a user builds cannot
    # link it, and the compilers must not run with that runtime preloaded (docs/reliability.md).
    if any(name in os.environ.get("LD_PRELOAD", "") for name in ("asan", "tsan")):
        pytest.skip("a sanitizer runtime is preloaded: the C++ and Cython builds run in the plain build")


@pytest.fixture(scope="module")
def cpp_build(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """tests/cpp/ (with examples/cpp/) configured and built against the installed package."""
    _skip_native_builds()
    build = tmp_path_factory.mktemp("cpp")
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run(["cmake", "-S", str(ROOT / "tests" / "cpp"), "-B", str(build), *generator,
                    f"-Dlifespan_DIR={lifespan.get_cmake_dir()}"], check=True, capture_output=True)
    subprocess.run(["cmake", "--build", str(build), "--parallel", "2"], check=True, capture_output=True)
    return build


GAMES_EXPORTED = {"time_of_your_life": {"players": PLAYERS},
                  "pursuit_of_happiness": {"players": PLAYERS, "expansions": POH_EXPANSIONS}}


def _export(path: pathlib.Path, name: str) -> pathlib.Path:
    options = GAMES_EXPORTED[name]
    extra = [f"--param=expansions={'+'.join(options['expansions'])}"] if "expansions" in options else []
    subprocess.run([sys.executable, "-m", "lifespan", "export", name, "--players", str(PLAYERS), *extra,
                    "-o", str(path)], check=True)
    assert json.loads(path.read_text()) == lifespan.load_game(name, **options).to_definition()
    return path


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    folder = tmp_path_factory.mktemp("definition")
    return {name: _export(folder / f"{name}.json", name) for name in GAMES_EXPORTED}


@pytest.fixture(params=list(GAMES_EXPORTED))
def exported(request: pytest.FixtureRequest, exports: dict[str, pathlib.Path]) -> pathlib.Path:
    return exports[request.param]


def test_cpp_unit_tests_pass(cpp_build: pathlib.Path, exports: dict[str, pathlib.Path]) -> None:
    run = subprocess.run([str(cpp_build / "core_tests"), str(exports["time_of_your_life"]),
                          str(exports["pursuit_of_happiness"])], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 failure(s)" in run.stdout


def _game_of(exported: pathlib.Path) -> Any:
    name = json.loads(exported.read_text())["game"]
    return lifespan.load_game(name, **GAMES_EXPORTED[name])


def test_cpp_host_plays_the_same_games_as_python(cpp_build: pathlib.Path, exported: pathlib.Path) -> None:
    run = subprocess.run([str(cpp_build / "example" / "lifespan_host"), str(exported), str(SEED), str(GAMES)],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    host_scores = [[int(x) for x in line.split("scores")[1].split()] for line in lines if line.startswith("game ")]
    game = _game_of(exported)
    assert host_scores == lifespan.playouts(game, GAMES, seed=SEED, threads=1).tolist()
    mcts_line = next(line for line in lines if line.startswith("mcts "))
    action = int(mcts_line.split()[1])
    assert action in game.new_state(SEED).legal_actions()
    assert "reloaded equal" in run.stdout


def test_a_cpp_state_record_loads_in_python(cpp_build: pathlib.Path, exported: pathlib.Path) -> None:
    """The record the host saves is the "state" of Python's to_json document."""
    run = subprocess.run([str(cpp_build / "example" / "lifespan_host"), str(exported), str(SEED), "1"],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    action = int(next(line for line in lines if line.startswith("mcts ")).split()[1])
    record = json.loads(next(line for line in lines if line.startswith("record ")).removeprefix("record "))
    game = _game_of(exported)
    expected = game.new_state(SEED)
    expected.apply(action)
    assert game._state_from_record(record) == expected   # the same position (a record holds no history)
    assert record == expected._to_record()


@pytest.fixture(scope="module")
def cython_example(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """examples/cython/ built once; .load(policy) gives its (Cython, Python) halves."""
    pytest.importorskip("Cython", reason="the cython extra (pip install '.[test,cython]')")
    pytest.importorskip("setuptools", reason="the cython extra (pip install '.[test,cython]')")
    _skip_native_builds()
    sys.path.insert(0, str(ROOT / "tests" / "helpers"))
    try:
        import cython_example
    finally:
        sys.path.remove(str(ROOT / "tests" / "helpers"))
    built = cython_example.build(tmp_path_factory.mktemp("cython"))
    return lambda policy: cython_example.load(built, policy)


@pytest.fixture(scope="module")
def cython_policy(cython_example: Any) -> tuple[Any, Any]:
    return cython_example("greedy_policy")


@pytest.fixture(scope="module")
def project_policy(cython_example: Any) -> tuple[Any, Any]:
    return cython_example("project_policy")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_cython_policy_agrees_with_python(cython_policy: tuple[Any, Any], players: int) -> None:
    native, python = cython_policy
    game = lifespan.load_game("time_of_your_life", players=players)
    for seed in range(4):
        assert native.play_greedy(game, seed) == python.play_greedy(game, seed)


def test_the_cython_policy_reads_a_python_state_without_changing_it(cython_policy: tuple[Any, Any]) -> None:
    native, python = cython_policy
    game = lifespan.load_game("time_of_your_life", players=3)
    state = game.new_state(2)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    before = state.to_json()
    assert native.greedy_move(state) == python.greedy_move(state)
    assert native.play_greedy_from(state) == python.play_greedy_from(state)
    assert state.to_json() == before


def test_a_capsule_of_another_game_is_refused(cython_policy: tuple[Any, Any]) -> None:
    native, _ = cython_policy
    with pytest.raises(ValueError, match="a time_of_your_life Game expected, got a PursuitOfHappinessGame"):
        native.play_greedy(lifespan.load_game("pursuit_of_happiness"), 0)
    game = lifespan.load_game("time_of_your_life")
    with pytest.raises(ValueError, match="a time_of_your_life Game expected, got a TimeOfYourLifeState"):
        native.play_greedy(game.new_state(0), 0)
    with pytest.raises(TypeError, match="a time_of_your_life Game expected, got object"):
        native.play_greedy(object(), 0)


@pytest.mark.parametrize("options", [
    {"players": 1},
    {"players": 4},
    {"players": 5, "expansions": ["community"]},
    {"players": 3, "expansions": ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs",
                                  "best_friends", "relatives"], "school": True},
])
def test_the_pursuit_cython_policy_plays_the_same_games_as_python(project_policy: tuple[Any, Any],
                                                                  options: dict[str, Any]) -> None:
    native, python = project_policy
    game = lifespan.load_game("pursuit_of_happiness", **options)
    table = python.kind_table(game)
    for seed in range(3):
        scores, moves = python.play(game, seed)
        assert native.play(game, seed) == (scores, moves)
        assert python.play_with_kind_table(game, seed, table) == (scores, moves)
        assert native.play_scores(game, seed) == scores
        # The moves are the game's: replayed through the checked API they end at those scores.
        state = game.new_state(seed)
        for action in moves:
            state.apply(action)
        assert state.is_terminal() and state.scores() == scores


def test_the_pursuit_policy_prefers_projects_and_shuns_refreshes(project_policy: tuple[Any, Any]) -> None:
    native, _ = project_policy
    game = lifespan.load_game("pursuit_of_happiness", players=4)
    kind = game.ActionKind
    projects = 0
    for seed in range(5):
        state = game.new_state(seed)
        for action in native.play(game, seed)[1]:
            legal_kinds = {game.decode_action(a).kind for a in state.legal_actions()}
            chosen = game.decode_action(action).kind
            if legal_kinds & {kind.START_PROJECT, kind.JOIN_GROUP}:
                assert chosen in (kind.START_PROJECT, kind.JOIN_GROUP)
                projects += 1
            if chosen == kind.REFRESH:
                assert legal_kinds == {kind.REFRESH}
            state.apply(action)
    assert projects > 0


def test_the_pursuit_declarations_refuse_another_games_capsule(project_policy: tuple[Any, Any]) -> None:
    native, _ = project_policy
    with pytest.raises(ValueError, match="a pursuit_of_happiness Game expected, got a TimeOfYourLifeGame"):
        native.play(lifespan.load_game("time_of_your_life"), 0)
    with pytest.raises(TypeError, match="a pursuit_of_happiness Game expected, got object"):
        native.play(object(), 0)
