"""The Trends promo (KS Promos rulebook §2): 7 Trend cards, 3 face up from setup, LTH at the end
by completed Projects per category, every Project type counting."""

import json

import numpy as np
import pytest

import lifespan

GAME = "pursuit_of_happiness"
CULTURE, POLITICS, SOCIAL = 0, 1, 2          # their order in data/.../trends/trends.toml
NO_GOALS = ["Corner Office", "Well-Earned Rest"]   # in-game goals nobody here meets


def trends_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["trends"], **rules)


def test_the_seven_trend_cards_one_per_category():
    trends = [c for c in trends_game().cards() if c["kind"] == "trend"]
    assert len(trends) == 7
    assert sorted(c["category"] for c in trends) == sorted(
        ["culture", "politics", "social", "science", "sports", "arts", "nature"])
    printed = {c["name"]: c["lth"] for c in trends if c["provenance"] == "seed"}
    assert printed == {"Culture": [1, 2, 4, 7], "Politics": [1, 3, 6, 9], "Social": [1, 2, 3, 4]}
    assert all(c["expansion"] == "trends" for c in trends)
    assert not any(c["kind"] == "trend" for c in lifespan.load_game(GAME, players=2).cards())


def test_setup_shows_three_different_trends_to_everyone():
    game = trends_game(players=3)
    names = [c["name"] for c in game.cards() if c["kind"] == "trend"]
    seen = set()
    for seed in range(20):
        state = game.new_state(seed=seed)
        trends = json.loads(state.to_json())["state"]["trends"]
        assert len(trends) == 3 and len(set(trends)) == 3
        seen.add(tuple(trends))
        line = "  Trends: " + ", ".join(names[t] for t in trends)
        assert line in str(state) and line in state.observation_string(1)
        obs = state.observation(0)
        assert obs.shape == game.observation_shape
        assert list(np.flatnonzero(obs[-7:])) == sorted(trends)
    assert len(seen) > 10
    assert game.new_state(seed=4) == game.new_state(seed=4)


def test_without_the_promo_nothing_changes():
    base = lifespan.load_game(GAME, players=2)
    assert json.loads(base.new_state(seed=1).to_json())["state"]["trends"] == []
    assert "Trends" not in str(base.new_state(seed=1))
    # The base game deals as before: Trends are drawn after everything else.
    with_trends = trends_game()
    a = json.loads(base.new_state(seed=9).to_json())["state"]
    b = json.loads(with_trends.new_state(seed=9).to_json())["state"]
    assert a["rows"] == b["rows"] and a["goals"] == b["goals"]


def test_a_state_saved_before_trends_existed_still_loads():
    base = lifespan.load_game(GAME, players=2)
    doc = json.loads(base.new_state(seed=2).to_json())
    del doc["state"]["trends"]
    assert base.state_from_json(json.dumps(doc)) == base.new_state(seed=2)


@pytest.mark.parametrize("trends", [[0, 1], [0, 0, 1], [0, 1, 7]])
def test_bad_trends_in_a_saved_state_are_refused(trends):
    game = trends_game()
    doc = json.loads(game.new_state(seed=2).to_json())
    doc["state"]["trends"] = trends
    with pytest.raises(ValueError, match="trends"):
        game.state_from_json(json.dumps(doc))


def test_john_and_mary_score_the_rulebook_example(ph):
    # Trends Culture, Politics, Social. John (seat 0): 2 Culture Projects and 1 Social: 2 + 1 =
    # 3 LTH. Mary (seat 1): 2 Politics and 2 Social: 3 + 2 = 5 LTH. Every type counts: a Group,
    # a Single-Round and Basic Projects are among them.
    game = trends_game()
    done = ph.ARCHIVED | ph.COMPLETED
    john = [ph.project_card("Learn a Language", level=3, flags=done),
            ph.project_card("Town Carnival", flags=done),
            ph.project_card("Volunteer Work", level=3, flags=done),
            ph.project_card("Home Cooking", level=2)]            # not completed: no count
    mary = [ph.project_card("Political Party", level=3, flags=done),
            ph.project_card("Protest March", flags=done),
            ph.project_card("Mentoring", level=3, flags=done),
            ph.project_card("Surprise Party", flags=done)]
    state = ph.build(game, round=8, unavailable=1 << 4, goals=NO_GOALS, trends=[CULTURE, POLITICS, SOCIAL],
                     players={0: {"hourglasses": 1, "cards": john, "completed_projects": 3},
                              1: {"hourglasses": 0, "cards": mary, "completed_projects": 4}})
    state.apply(ph.REST)
    assert state.is_terminal()
    assert state.scores() == [3, 5]


@pytest.mark.parametrize("completed,lth", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 9), (6, 9)])
def test_the_table_column_by_count_with_four_or_more_in_the_last(ph, completed, lth):
    game = trends_game()
    names = ["Political Party", "Student Council", "Community Activism", "Protest March",
             "Canvass for a Candidate", "Election Campaign"]
    cards = [ph.project_card(name, flags=ph.ARCHIVED | ph.COMPLETED) for name in names[:completed]]
    state = ph.build(game, round=8, unavailable=1 << 4, goals=NO_GOALS, trends=[POLITICS, 3, 4],
                     players={0: {"hourglasses": 1, "cards": cards, "completed_projects": completed},
                              1: {"hourglasses": 0}})
    state.apply(ph.REST)
    assert state.scores()[0] == lth


def test_unknown_expansions_are_still_refused():
    with pytest.raises(ValueError, match="unknown expansion 'trend'"):
        lifespan.load_game(GAME, players=2, expansions=["trend"])
