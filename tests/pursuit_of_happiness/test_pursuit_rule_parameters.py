"""Rule parameters of The Pursuit of Happiness: defaults, checks, and the documented table."""

import json
import re
from pathlib import Path

import pytest

import lifespan
from lifespan import pursuit_of_happiness as poh
from lifespan._parameters import load_parameters

DOC = Path(__file__).resolve().parents[2] / "docs" / "pursuit_of_happiness.md"


def documented_rows():
    """name -> (default, options/range) from the table in docs §8."""
    rows = {}
    for line in DOC.read_text().splitlines():
        match = re.match(r"\| `(\w+)` \| ([^|]+) \| ([^|]+) \|", line)
        if match:
            rows[match.group(1)] = (match.group(2).strip(), match.group(3).strip())
    return rows


def test_every_parameter_is_in_the_documented_table_with_its_default():
    rows = documented_rows()
    assert set(rows) == set(poh.PARAMETERS)
    for name, param in poh.PARAMETERS.items():
        shown = rows[name][0].strip("`").replace("−", "-")
        assert shown == str(param.default).lower(), name


def test_every_parameter_has_a_rationale_and_a_confidence():
    for name, param in poh.PARAMETERS.items():
        assert param.doc and param.source, name
        assert param.confidence in ("H", "M", "L", "-"), name


def test_text_parameters_list_their_options_and_default_first_is_valid():
    for name, param in poh.PARAMETERS.items():
        if isinstance(param.default, str):
            assert param.options and param.default in param.options, name


def test_defaults_are_the_seed_facts_where_the_seed_gives_them():
    values = poh.resolve_rules({})
    assert values["row_size"] == 4            # seed: 4 cards in each row
    assert values["sth_min"] == -3 and values["sth_max"] == 3
    # The start section must give the 6 Hourglasses dealt at setup.
    assert values["hourglasses_first_section"] - (values["stress_start_section"] - 1) == 6


def test_overrides_and_their_errors():
    assert poh.resolve_rules({"temp_job_money": 2, "promotion": "flip"})["promotion"] == "flip"
    with pytest.raises(lifespan.RulesError, match="unknown parameter 'tempjob'"):
        poh.resolve_rules({"tempjob": 2})
    with pytest.raises(lifespan.RulesError, match="temp_job_money: must be at most 6"):
        poh.resolve_rules({"temp_job_money": 7})
    with pytest.raises(lifespan.RulesError, match="promotion: no option 'swap'"):
        poh.resolve_rules({"promotion": "swap"})
    with pytest.raises(lifespan.RulesError, match="teen_job_partner_rows: must be true or false"):
        poh.resolve_rules({"teen_job_partner_rows": "yes"})
    with pytest.raises(lifespan.RulesError, match="players: must be an integer"):
        poh.resolve_rules({"players": 2.5})


@pytest.mark.parametrize("text, message", [
    ("[a]\ndefault = 1\ndoc = 'x'\n", "rules.toml: a: source: missing"),
    ("[a]\ndefault = 1\ndoc = 'x'\nsource = 'y'\ncolour = 3\n", "rules.toml: a: colour: unknown field"),
    ("[a]\ndefault = 9\nmax = 5\ndoc = 'x'\nsource = 'y'\n", "default of a: must be at most 5"),
    ("[a]\ndefault = 'p'\noptions = ['q']\ndoc = 'x'\nsource = 'y'\n", "default of a: no option 'p'"),
    ("[a]\ndefault = [1]\ndoc = 'x'\nsource = 'y'\n", "a: default: must be an integer"),
    ("a = 1\n", "rules.toml: a: must be a table"),
    ("[a\n", "rules.toml: not valid TOML"),
])
def test_malformed_rules_files_are_refused_with_the_reason(tmp_path, text, message):
    path = tmp_path / "rules.toml"
    path.write_text(text)
    with pytest.raises(lifespan.RulesError, match=re.escape(message)):
        load_parameters(path)


def test_rules_toml_options_are_the_engines_options():
    for name, options in lifespan._core.PURSUIT_OF_HAPPINESS_OPTIONS.items():
        assert poh.PARAMETERS[name].options == tuple(options), name
    text = {n for n, p in poh.PARAMETERS.items() if isinstance(p.default, str)}
    assert text == set(lifespan._core.PURSUIT_OF_HAPPINESS_OPTIONS)


def test_load_game_takes_rule_parameters_and_refuses_what_is_not_there():
    game = lifespan.load_game("pursuit_of_happiness", players=3, temp_job_money=4)
    assert game.parameters["temp_job_money"] == 4 and game.num_players == 3
    with pytest.raises(lifespan.RulesError, match="players: must be at most 4"):
        lifespan.load_game("pursuit_of_happiness", players=5)   # 5 needs Community
    assert lifespan.load_game("pursuit_of_happiness", players=5, expansions=["community"]).num_players == 5
    with pytest.raises(lifespan.RulesError, match="expansions: unknown expansion 'moon'"):
        lifespan.load_game("pursuit_of_happiness", expansions=["moon"])


@pytest.mark.parametrize("players", [1, 4])
def test_promo_cards_false_deals_from_the_base_box_only(players):
    promos = {"A Life Well Lived", "Ambitious", "Easygoing"}   # the KS1 promo goal and traits
    base_box = lifespan.load_game("pursuit_of_happiness", players=players, promo_cards=False)
    kinds = [c["kind"] for c in base_box.cards()]
    assert (kinds.count("life_goal"), kinds.count("child_trait")) == (9, 8)
    assert not promos & {c["name"] for c in base_box.cards()}
    # By default they are in, and dealt like the others.
    game = lifespan.load_game("pursuit_of_happiness", players=players)
    goals = [c["name"] for c in game.cards() if c["kind"] == "life_goal"]
    traits = [c["name"] for c in game.cards() if c["kind"] == "child_trait"]
    assert (len(goals), len(traits)) == (10, 10)
    dealt = set()
    for seed in range(40):
        record = json.loads(game.new_state(seed).to_json())["state"]
        dealt |= {goals[g] for g in record["goals"]}
        dealt |= {traits[t] for p in record["players"] for t in p["trait_offer"]}
    assert promos <= dealt
    # A 5th seat (Community) still has its 2 traits: the base 8 and Community's 2 make 10.
    five = lifespan.load_game("pursuit_of_happiness", players=5, expansions=["community"], promo_cards=False)
    assert lifespan.playouts(five, 4, seed=1).shape == (4, 5)
