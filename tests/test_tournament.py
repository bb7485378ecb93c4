"""Tournaments (lifespan.tournament, `python -m lifespan tournament`): round-robin seating,
the statistics (Wilson, mean ± 1.96 SE, Bradley–Terry Elo), CSV and JSON, the same result for
any number of workers, and a local worker that dies."""

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import lifespan
from lifespan.stats import bradley_terry_elo, pairwise_outcomes, wilson_interval
from lifespan.tournament import seatings

HELPERS = str(Path(__file__).parent / "helpers")


@pytest.fixture(scope="module")
def toyl2():
    return lifespan.load_game("time_of_your_life", players=2)


def test_seatings_rotate_every_lineup_through_every_seat():
    schedule = seatings(3, 2)
    assert len(schedule) == 6
    for agent in range(3):
        assert [lineup[0] for lineup in schedule].count(agent) == 2
        assert [lineup[1] for lineup in schedule].count(agent) == 2
    assert seatings(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 0)]


def test_derive_seed_is_the_documented_splitmix_derivation():
    # SplitMix64 from seed ^ (index * 0xD1B54A32D192ED03): the first output of state 0 + golden
    # gamma is the well-known 0xE220A8397B1DCDAF; derive_seed takes the second.
    assert lifespan.derive_seed(0, 0) == 0x6E789E6AA1B965F4
    assert len({lifespan.derive_seed(1, i) for i in range(1000)}) == 1000


def test_playout_shards_by_first_game_give_the_rows_of_the_whole_batch():
    game = lifespan.load_game("time_of_your_life", players=3)
    batch = game._playouts(5, 11, 1)
    for index in range(5):
        assert (game._playouts(1, 11, 1, index) == batch[index]).all()


def test_a_stronger_agent_gets_a_higher_win_share_and_elo(toyl2):
    result = lifespan.tournament(toyl2, "random,mcts:iterations=60", games=16, seed=3, workers=1)
    random_agent, searching = result.agents
    assert (random_agent.agent, searching.agent) == ("random", "mcts:iterations=60")
    assert searching.win_share > random_agent.win_share
    assert searching.elo > 0 > random_agent.elo
    assert searching.elo_low <= searching.elo <= searching.elo_high
    assert random_agent.seat_games == searching.seat_games == 16
    assert random_agent.win_share + searching.win_share == pytest.approx(1.0)
    # Every game seats both agents, swapping seats each game.
    assert [r.agents for r in result.records[:2]] == [["random", "mcts:iterations=60"],
                                                      ["mcts:iterations=60", "random"]]
    wins = sum(r.wins[r.agents.index("random")] for r in result.records)
    assert random_agent.win_share == pytest.approx(wins / 16)
    assert (random_agent.win_low, random_agent.win_high) == pytest.approx(wilson_interval(wins, 16))
    scores = [r.scores[r.agents.index("random")] for r in result.records]
    assert random_agent.mean_score == pytest.approx(np.mean(scores))
    assert random_agent.score_spread == pytest.approx(1.96 * np.std(scores, ddof=1) / 4)


def test_seat_advantage_is_the_win_share_over_a_fair_share(toyl2):
    result = lifespan.tournament(toyl2, ["random"], games=30, seed=1, workers=1)
    assert len(result.agents) == 1 and result.agents[0].seat_games == 60
    for seat in result.seats:
        share = np.mean([r.wins[seat.seat] for r in result.records])
        assert seat.win_share == pytest.approx(share)
        assert seat.advantage == pytest.approx(share - 0.5)
    assert sum(s.win_share for s in result.seats) == pytest.approx(1.0)


def test_bradley_terry_recovers_known_odds():
    # a beats b 3 times in 4, b beats c 3 times in 4: Elo steps of 400·log10(3) each.
    outcomes = np.array([[0, 300, 0], [100, 0, 300], [0, 100, 0]], dtype=float)
    elo = bradley_terry_elo(outcomes, prior=0.0)
    step = 400 * np.log10(3)
    assert elo[0] - elo[1] == pytest.approx(step, abs=0.5)
    assert elo[1] - elo[2] == pytest.approx(step, abs=0.5)
    assert elo.mean() == pytest.approx(0.0)


def test_multiplayer_games_split_into_pairwise_outcomes():
    wins = np.array([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [1.0, 0.0, 0.0]])
    scores = np.array([[9, 4, 4], [7, 7, 3], [9, 5, 4]])
    seats = np.array([[0, 1, 2], [2, 1, 0], [0, 1, 2]])
    matrix = pairwise_outcomes(wins, scores, seats, 3)
    # Game 1: 0 beats 1 and 2; 1 and 2 lost with equal scores: half each.
    # Game 2: 2 and 1 share the win: half each; both beat 0. Game 3: 0 beats both; 1 lost with
    # more points than 2, so beats it.
    assert matrix[0, 1] == 2 and matrix[1, 0] == 1
    assert matrix[0, 2] == 2 and matrix[2, 0] == 1
    assert matrix[1, 2] == 2 and matrix[2, 1] == 1


def test_results_are_the_same_for_any_number_of_workers(toyl2):
    one = lifespan.tournament(toyl2, "random,mcts:iterations=20", games=10, seed=5, workers=1)
    two = lifespan.tournament(toyl2, "random,mcts:iterations=20", games=10, seed=5, workers=2)
    assert one.rows() == two.rows()
    assert [r.moves for r in one.records] == [r.moves for r in two.records]


def test_csv_and_json_hold_the_table(toyl2):
    result = lifespan.tournament(toyl2, "random,mcts:iterations=10", games=4, seed=2, workers=1)
    rows = list(csv.DictReader(io.StringIO(result.to_csv())))
    assert [row["kind"] for row in rows] == ["agent", "agent", "seat", "seat"]
    assert float(rows[1]["elo"]) == pytest.approx(result.agents[1].elo)
    document = json.loads(result.to_json())
    assert document["games"] == 4 and document["agents"][0]["agent"] == "random"
    assert document["seats"][1]["win_share"] == pytest.approx(result.seats[1].win_share)


def test_a_record_lists_every_move_with_its_seat_and_text(toyl2):
    record = lifespan.record_game(toyl2, ["random", "random"], seed=4)
    replay = toyl2.new_state(seed=4)
    for ply, move in enumerate(record.moves):
        assert move.ply == ply and move.seat == replay.current_player
        assert move.text == replay.action_to_string(move.action)
        replay.apply(move.action)
    assert replay.is_terminal() and replay.scores() == record.scores
    assert sum(record.wins) == pytest.approx(1.0)
    assert json.loads(json.dumps(record.to_dict()))["moves"][0]["text"] == record.moves[0].text


def test_bad_arguments_are_clear_errors(toyl2):
    with pytest.raises(TypeError):
        lifespan.tournament("time_of_your_life", "random", games=2)
    with pytest.raises(TypeError):
        lifespan.tournament(toyl2, 3, games=2)
    with pytest.raises(ValueError, match="unknown agent"):
        lifespan.tournament(toyl2, "randum", games=2)
    with pytest.raises(ValueError, match="games"):
        lifespan.tournament(toyl2, "random", games=0)
    with pytest.raises(ValueError, match="unknown backend"):
        lifespan.tournament(toyl2, "random", games=2, backend="spark")
    with pytest.raises(ValueError, match="2 players"):
        lifespan.record_game(toyl2, ["random"], seed=1)


def test_a_local_worker_that_dies_has_its_games_played_again(toyl2, tmp_path, monkeypatch):
    spec = "dying_agent:step"
    monkeypatch.syspath_prepend(HELPERS)
    monkeypatch.setenv("LIFESPAN_TEST_DEATH_MARKER", str(tmp_path / "died"))
    survived = lifespan.tournament(toyl2, ["random", spec], games=8, seed=9, workers=2)
    assert (tmp_path / "died").exists()
    calm = lifespan.tournament(toyl2, ["random", spec], games=8, seed=9, workers=1)  # the marker exists
    assert survived.rows() == calm.rows()
    assert [r.seed for r in survived.records] == [lifespan.derive_seed(9, i) for i in range(8)]


def run(*args):
    return subprocess.run([sys.executable, "-m", "lifespan", *args], capture_output=True, text=True, timeout=300)


def test_tournament_from_the_command_line(tmp_path):
    result = run("tournament", "time_of_your_life", "--players", "2", "--agents", "random,mcts:iterations=10",
                 "--games", "4", "--workers", "1", "--csv", str(tmp_path / "t.csv"), "--json", str(tmp_path / "t.json"))
    assert result.returncode == 0, result.stderr
    assert "Elo (95%)" in result.stdout and "advantage" in result.stdout
    assert "mcts:iterations=10" in result.stdout
    assert json.loads((tmp_path / "t.json").read_text())["games"] == 4
    assert (tmp_path / "t.csv").read_text().startswith("kind,agent")


def test_tournament_command_errors_are_clean():
    result = run("tournament", "time_of_your_life", "--agents", "random,nobody", "--games", "2")
    assert result.returncode == 2 and "unknown agent" in result.stderr and "Traceback" not in result.stderr


def test_the_ray_backend_without_ray_is_a_clear_error(toyl2, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)   # as if Ray were not installed
    with pytest.raises(ValueError, match="pip install 'lifespan\\[ray\\]'"):
        lifespan.tournament(toyl2, "random", games=2, backend="ray")
