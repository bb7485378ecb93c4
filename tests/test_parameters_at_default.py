"""A parameter given explicitly at its default value is accepted everywhere, as OpenSpiel passes
every parameter of a game, each at its default unless chosen: as keywords, in the string form,
in `rules=`, and through `load_state`. The player-count rule stays a clear RulesError."""

from __future__ import annotations

import pytest

import lifespan
from lifespan import pursuit_of_happiness, time_of_your_life

EXPANSION_SETS = [[], ["school"], ["experiences", "kids", "school"], ["nostalgia", "best_friends", "relatives"],
                  ["community", "school", "events", "trends", "pets", "standalone_jobs"]]


def defaults(module):
    return {name: p.default for name, p in module.PARAMETERS.items()}


@pytest.mark.parametrize("expansions", EXPANSION_SETS, ids=lambda e: "+".join(e) or "base")
def test_every_pursuit_parameter_at_its_default_loads_the_same_game(expansions):
    plain = lifespan.load_game("pursuit_of_happiness", expansions=expansions)
    everything = defaults(pursuit_of_happiness)       # school=False among them
    assert lifespan.load_game("pursuit_of_happiness", expansions=expansions, **everything) == plain
    assert lifespan.load_game("pursuit_of_happiness", expansions=expansions, rules=everything) == plain
    text = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in everything.items())
    spelled = f"pursuit_of_happiness({text},expansions={'+'.join(expansions)})"
    assert lifespan.load_game(spelled) == plain
    assert plain.parameters["school"] is ("school" in expansions)


def test_every_time_of_your_life_parameter_at_its_default_loads_the_same_game():
    plain = lifespan.load_game("time_of_your_life")
    assert lifespan.load_game("time_of_your_life", **defaults(time_of_your_life)) == plain
    assert lifespan.load_game("time_of_your_life", rules=defaults(time_of_your_life)) == plain


def test_a_save_of_a_module_game_loads_with_every_parameter_given():
    game = lifespan.load_game("pursuit_of_happiness", players=3, expansions=["school", "kids"])
    state = game.new_state(4)
    state.apply(state.legal_actions()[0])
    again = lifespan.load_game("pursuit_of_happiness", **{**defaults(pursuit_of_happiness), **game.parameters})
    assert again == game and lifespan.load_state(state.to_json()) == state


@pytest.mark.parametrize("how", [{**defaults(pursuit_of_happiness), "players": 5},
                                 {**defaults(pursuit_of_happiness), "players": 5, "expansions": ["school"]},
                                 {"rules": {**defaults(pursuit_of_happiness), "players": 5}}])
def test_five_players_without_community_is_still_refused_at_load(how):
    with pytest.raises(lifespan.RulesError, match="a 5th player needs the Community expansion"):
        lifespan.load_game("pursuit_of_happiness", **how)
    assert lifespan.load_game("pursuit_of_happiness", **{**defaults(pursuit_of_happiness), "players": 5},
                              expansions=["community"]).num_players == 5


def test_one_parameter_given_twice_with_two_values_is_still_refused():
    # OpenSpiel gives each parameter once; a caller naming two values in two places (even one
    # of them the default) is told, as before: neither silently wins.
    with pytest.raises(lifespan.RulesError, match="given twice with different values"):
        lifespan.load_game("pursuit_of_happiness", temp_job_money=4, rules={"temp_job_money": 5})
    with pytest.raises(lifespan.RulesError, match="given twice with different values"):
        lifespan.load_game("pursuit_of_happiness", players=2, rules={"players": 3})
