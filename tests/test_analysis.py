"""Balance analysis (lifespan.analyze, `python -m lifespan analyze`): the features each seat
took, their statistics against the seats without them, rule variants side by side, and the
figures (--plot), checked against the tables they show."""

import json
import subprocess
import sys

import numpy as np
import pytest

import lifespan
from lifespan.analysis import features_of, variants_table


@pytest.fixture(scope="module")
def pursuit():
    return lifespan.load_game("pursuit_of_happiness", players=3, expansions=["trends"])


@pytest.fixture(scope="module")
def study(pursuit):
    return lifespan.analyze(pursuit, "random", games=40, seed=6, workers=1)


def test_features_are_what_each_seat_took(pursuit):
    record = lifespan.record_game(pursuit, ["random"] * 3, seed=2)
    found = features_of(pursuit, record)
    traits = [t for t in found if t.kind == "child_trait"]
    assert sorted(t.seat for t in traits) == [0, 1, 2]          # each seat keeps one trait
    for t in traits:
        assert record.moves[t.ply].seat == t.seat and t.name in record.moves[t.ply].text
    state = record.final_state._to_record()
    claimed = sum(1 for c in state["goals_claimed_by"] if 1 <= c <= 3)
    assert len([t for t in found if t.kind == "life_goal"]) == claimed
    assert len([t for t in found if t.kind == "trend"]) == 3 * len(state["trends"])
    assert not any(move.text.startswith("Discard") and move.ply == t.ply for t in found for move in record.moves)


def test_feature_statistics_match_the_records(study):
    trait = study.of_kind("child_trait")[0]
    wins = np.array([r.wins for r in study.records])
    mask = np.zeros(wins.shape, dtype=bool)
    for game, found in enumerate(study.taken):
        for t in found:
            if (t.kind, t.name) == (trait.kind, trait.name):
                mask[game, t.seat] = True
    assert trait.taken == mask.sum()
    assert trait.win_with == pytest.approx(wins[mask].mean())
    assert trait.win_difference == pytest.approx(wins[mask].mean() - wins[~mask].mean())
    assert trait.win_with_low <= trait.win_with <= trait.win_with_high
    assert sum(f.taken for f in study.of_kind("child_trait")) == 40 * 3   # one trait a seat
    assert study.first_player.games == 40
    assert study.first_player.win_share == pytest.approx(np.mean([r.wins[r.moves[0].seat] for r in study.records]))


def test_analysis_is_the_same_for_any_number_of_workers(pursuit, study):
    again = lifespan.analyze(pursuit, "random", games=40, seed=6, workers=2)
    assert again.features == study.features and again.seats == study.seats


def test_tables_csv_and_json(study):
    text = study.table(kinds=["child_trait"])
    assert "Child Trait" in text and "first player" in text and "Life Goal" not in text
    assert study.to_csv().splitlines()[0].startswith("kind,name,taken")
    assert len(json.loads(study.to_json())["features"]) == len(study.features)


def test_rule_variants_side_by_side(pursuit):
    results = lifespan.compare_variants(pursuit, {"no trends": {"expansions": []}}, "random", games=6, seed=1,
                                        workers=1)
    assert list(results) == ["as given", "no trends"]
    assert not results["no trends"].of_kind("trend") and results["as given"].of_kind("trend")
    table = variants_table(results)
    assert "as given" in table and "no trends" in table and "seat 0 win share" in table
    with pytest.raises(TypeError):
        lifespan.compare_variants(pursuit, ["overtime"], games=2)


def test_figures_are_written_and_show_the_tables_numbers(study, tmp_path):
    pytest.importorskip("matplotlib")
    from lifespan.plots import analysis_figures, tournament_figures

    figures = analysis_figures(study, tmp_path / "analysis", count=5)
    for figure in figures.values():
        assert figure.path.endswith(".png") and __import__("os").path.getsize(figure.path) > 5000
    seats = figures["seats"]
    assert seats.values == [s.win_share for s in study.seats]
    assert seats.low == [s.win_low for s in study.seats]
    ranked = sorted(study.features, key=lambda f: -f.win_difference)
    shown = figures["features"]
    assert shown.values[:5] == [f.win_difference for f in ranked[:5]]
    assert shown.values[-5:] == [f.win_difference for f in ranked[-5:]]
    assert len(shown.labels) == 10
    game = lifespan.load_game("time_of_your_life", players=2)
    result = lifespan.tournament(game, "random,mcts:iterations=10", games=4, seed=1, workers=1)
    drawn = tournament_figures(result, tmp_path / "tournament")
    assert drawn["elo"].values == [a.elo for a in result.agents]
    assert drawn["elo"].high == [a.elo_high for a in result.agents]
    assert drawn["scores"].values == pytest.approx([a.mean_score for a in result.agents])


def test_analyze_from_the_command_line(tmp_path):
    pytest.importorskip("matplotlib")
    result = subprocess.run([sys.executable, "-m", "lifespan", "analyze", "time_of_your_life", "--players", "3",
                             "--games", "12", "--workers", "1", "--top", "5", "--plot", str(tmp_path),
                             "--json", str(tmp_path / "a.json"), "--variant", "icon_matching=any_edge"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Life card" in result.stdout and "first player" in result.stdout
    assert "icon_matching=any_edge" in result.stdout
    assert sorted(p.name for p in tmp_path.glob("*.png")) == ["features.png", "scores.png", "seats.png"]
    assert json.loads((tmp_path / "a.json").read_text())["games"] == 12


def test_figures_without_matplotlib_are_a_clear_error(study, tmp_path, monkeypatch):
    from lifespan import plots

    monkeypatch.setitem(sys.modules, "matplotlib", None)   # as if it were not installed
    with pytest.raises(ValueError, match=r"pip install 'lifespan\[plot\]'"):
        plots.analysis_figures(study, tmp_path)
    with pytest.raises(TypeError):
        plots.tournament_figures(study, 3)


def test_the_guide_shows_figures_that_are_committed():
    import re
    from pathlib import Path

    guide = Path(__file__).resolve().parent.parent / "docs" / "analysis.md"
    images = re.findall(r"!\[[^]]*\]\(([^)]+)\)", guide.read_text())
    assert images
    for image in images:
        data = (guide.parent / image).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000, image
