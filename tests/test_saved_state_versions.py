"""Saved games say what they are (docs/state-format.md): `game.parameters` holds every
parameter, the expansions included; a save records them; `lifespan.load_state` rebuilds a save's
game from the save alone; and the older saves of tests/data/saves still load and play on, in
both games: version 1 (made before the format recorded the expansions and before the Cloud, Kid
and Passive Trigger choices were actions) and version 2 (before a player kept the LTH of
Nostalgia cards apart)."""

import json
import random
from pathlib import Path

import pytest

import lifespan

SAVES = Path(__file__).parent / "data" / "saves"
MANIFEST = json.loads((SAVES / "manifest.json").read_text())
ALL = ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs", "community",
       "best_friends", "school", "relatives"]


def saved_version(name):
    return MANIFEST[name].get("version", 1)


def saved_game(name):
    entry = MANIFEST[name]
    return lifespan.load_game(entry["game"], **entry["load_game"])


def play_to_the_end(state, seed):
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
        assert moves < 5000
    return state


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_an_older_save_loads_and_plays_on(name):
    text = (SAVES / name).read_text()
    assert json.loads(text)["version"] == saved_version(name) < lifespan._api.STATE_VERSION
    game = saved_game(name)
    state = game.state_from_json(text)
    entry = MANIFEST[name]
    assert state.current_player == entry["current_player"]
    # Every older action id keeps its meaning: what that build offered is still offered (after
    # version 1, with the Cloud unused, the Experiences board's actions with an Hourglass join
    # them); version 2 had every action of today.
    legal = state.legal_actions()
    assert set(entry["legal_actions"]) <= set(legal)
    added = set(legal) - set(entry["legal_actions"])
    assert all(state.action_to_string(a).endswith(" with an Hourglass") for a in added)
    assert saved_version(name) == 1 or not added
    again = game.state_from_json(state.to_json())               # saved again: version 4
    assert again == state and json.loads(state.to_json())["version"] == 4
    end = play_to_the_end(state, seed=len(name))
    assert len(end.scores()) == game.num_players


@pytest.mark.parametrize("name", [n for n in sorted(MANIFEST) if MANIFEST[n]["game"] == "pursuit_of_happiness"])
def test_an_older_save_counts_no_nostalgia_lth_before_it_was_kept(name):
    # Before version 3 the Nostalgia cards' LTH was not kept apart, and it cannot honestly be
    # found again (a Passive Trigger's reward or an Ongoing goal met again and again leaves no
    # trace): it loads as 0, so it stays among the card rewards, and the parts still add up.
    # What Nostalgia gives after the load is counted.
    state = saved_game(name).state_from_json((SAVES / name).read_text())
    players = state._to_record()["players"]
    for seat, player in enumerate(players):
        parts = {p.source: p.points for p in state.score_breakdown(seat)}
        assert player["lth_from_nostalgia"] == 0 == parts["nostalgia"]
        assert parts["cards"] == player["lth_from_cards"]
        assert sum(parts.values()) == state.scores()[seat]
    end = play_to_the_end(state, seed=len(name))
    for seat, player in enumerate(end._to_record()["players"]):
        parts = {p.source: p.points for p in end.score_breakdown(seat)}
        assert parts["nostalgia"] == player["lth_from_nostalgia"]
        assert parts["cards"] == player["lth_from_cards"] - player["lth_from_nostalgia"]
        assert sum(parts.values()) == end.scores()[seat]


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_load_state_rebuilds_a_version_1_saves_game(name):
    # Version 1 did not record the expansions: load_state finds the expansions whose cards
    # match the save's card fingerprint.
    text = (SAVES / name).read_text()
    state = lifespan.load_state(text)
    assert state.game == saved_game(name)
    assert state == saved_game(name).state_from_json(text)


@pytest.mark.parametrize("game_name, options", [
    ("time_of_your_life", {"players": 4, "seed": 3, "two_player_swap": "off"}),
    ("pursuit_of_happiness", {"players": 2}),
    ("pursuit_of_happiness", {"players": 3, "seed": 9, "expansions": ["kids", "nostalgia"], "temp_job_money": 4}),
    ("pursuit_of_happiness", {"players": 2, "expansions": "school+experiences"}),
    ("pursuit_of_happiness", {"players": 5, "expansions": ALL}),
])
def test_a_game_says_what_it_is(game_name, options):
    game = lifespan.load_game(game_name, **options)
    parameters = game.parameters
    again = lifespan.load_game(game.name, **parameters)
    assert again == game and again.parameters == parameters and again.cards() == game.cards()
    if game_name == "pursuit_of_happiness":
        given = options.get("expansions", [])
        given = given.split("+") if isinstance(given, str) else given
        assert sorted(parameters["expansions"]) == sorted(given)   # the engine's order, whatever was given
        assert parameters["school"] is ("school" in given)
    state = game.new_state()
    for _ in range(30):
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    text = state.to_json()
    document = json.loads(text)
    assert document["version"] == 4 and document["parameters"] == parameters
    loaded = lifespan.load_state(text)
    assert loaded == state and loaded.game == game


def test_games_differ_by_their_parameters_and_cards():
    plain = lifespan.load_game("pursuit_of_happiness", players=2)
    assert plain == lifespan.load_game("pursuit_of_happiness(players=2)")
    assert plain != lifespan.load_game("pursuit_of_happiness", players=2, expansions=["kids"])
    assert plain != lifespan.load_game("pursuit_of_happiness", players=2, temp_job_money=4)
    assert plain != lifespan.load_game("time_of_your_life", players=2)
    assert len({plain, lifespan.load_game("pursuit_of_happiness", players=2)}) == 1


def test_a_save_names_the_expansions_that_differ():
    kids = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["kids"])
    text = kids.new_state().to_json()
    plain = lifespan.load_game("pursuit_of_happiness", players=2)
    with pytest.raises(ValueError, match="^state JSON: the state was saved with expansions kids, this game has none$"):
        plain.state_from_json(text)
    other = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["experiences", "nostalgia"])
    with pytest.raises(ValueError, match="saved with expansions kids, this game has experiences\\+nostalgia"):
        other.state_from_json(text)
    # The order the expansions are listed in does not matter; a bad list is refused.
    both = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["nostalgia", "kids"])
    document = json.loads(both.new_state().to_json())
    document["parameters"]["expansions"] = ["nostalgia", "kids"]
    assert both.state_from_json(json.dumps(document)) == both.new_state()
    document["parameters"]["expansions"] = "kids"
    with pytest.raises(ValueError, match="saved with expansions 'kids', this game has kids\\+nostalgia"):
        both.state_from_json(json.dumps(document))


def test_load_state_refuses_what_names_no_game():
    text = lifespan.load_game("time_of_your_life", players=2).new_state().to_json()
    document = json.loads(text)
    document["game"] = "chess"
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        lifespan.load_state(json.dumps(document))
    with pytest.raises(ValueError, match="not a JSON document"):
        lifespan.load_state("{")
    document = json.loads(lifespan.load_game("pursuit_of_happiness", players=2).new_state().to_json())
    document["version"], document["cards"] = 1, "0123456789abcdef"
    del document["parameters"]["expansions"]
    with pytest.raises(ValueError, match="no set of shipped expansions"):
        lifespan.load_state(json.dumps(document))
