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


# Stress track layouts other than the default 4 x 5: each number below is worked out by hand from
# docs §2 (start space, Hourglasses per section with none below 0, the end of a life, Relax and
# Good Health never crossing into another section / keeping the place in the section).
LAYOUTS = {
    # sections x spaces, first section's Hourglasses, start section
    "2x3": dict(rules=dict(stress_sections=2, stress_section_spaces=3, hourglasses_first_section=5,
                           stress_start_section=1),
                start=0, stress=[0, 2, 3, 5], hourglasses=[5, 5, 4, 4], last=5,
                rest=[(5, 3), (4, 3), (3, 3), (2, 0)], good_health=[(4, 1), (5, 2), (2, 2)]),
    "6x2": dict(rules=dict(stress_sections=6, stress_section_spaces=2, hourglasses_first_section=3,
                           stress_start_section=4),
                start=6, stress=[0, 4, 6, 10], hourglasses=[3, 1, 0, 0], last=11,
                rest=[(7, 6), (11, 10), (1, 0)], good_health=[(7, 5), (11, 9), (1, 1)]),
    "3x10": dict(rules=dict(stress_sections=3, stress_section_spaces=10, hourglasses_first_section=9,
                            stress_start_section=2),
                 start=10, stress=[9, 10, 19, 29], hourglasses=[9, 8, 8, 7], last=29,
                 rest=[(29, 27), (21, 20), (10, 10)], good_health=[(29, 19), (15, 5), (9, 9)]),
}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_stress_track_layout_sets_the_start_and_the_hourglasses(ph, layout):
    case = LAYOUTS[layout]
    game = ph.game(players=4, **case["rules"])
    assert [p["stress"] for p in ph.srec(game.new_state())["players"]] == [case["start"]] * 4
    state = ph.build(game, round=2, unavailable=0,
                     players={s: {"stress": case["stress"][s], "hourglasses": 1 if s == 0 else 0}
                              for s in range(4)})
    state.apply(ph.STUDY)   # the round's last Hourglass: the next Preparation
    st = ph.srec(state)
    assert st["round"] == 3
    assert [p["hourglasses"] for p in st["players"]] == case["hourglasses"]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_stress_track_layout_ends_a_life_past_its_last_space(ph, layout):
    case = LAYOUTS[layout]
    game = ph.game(**case["rules"])
    for stress, alive in ((case["last"] - 1, True), (case["last"], False)):
        # Studying again on one's own space: +1 Stress.
        state = ph.build(game, players={0: {"stress": stress, "spaces_used": 1 << ph.STUDY_SPACE}})
        state.apply(ph.STUDY)
        assert ph.player(state, 0)["alive"] is alive


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_stress_track_layout_relaxes_and_heals_within_its_sections(ph, layout):
    case = LAYOUTS[layout]
    for stress, after in case["rest"]:
        state = ph.build(ph.game(rest_relax=2, **case["rules"]), players={0: {"stress": stress}})
        state.apply(ph.REST)
        assert ph.player(state, 0)["stress"] == after, (stress, after)
    for stress, after in case["good_health"]:
        # Running L1; Fun Run: 1 Hourglass, 1 Creativity, 2 Influence; +1 LTH, 1 Good Health.
        state = ph.build(ph.game(**case["rules"]), players={0: {"stress": stress, "resources": [0, 1, 2],
                                                               "cards": [ph.project_card("Running")]}})
        state.apply(ph.card_action(0))
        assert ph.player(state, 0)["stress"] == after, (stress, after)


@pytest.mark.parametrize("row_size", [2, 5])
def test_row_size_sets_what_refresh_and_preparation_deal(ph, row_size):
    game = ph.game(row_size=row_size)
    old = [ph.project(n) for n in ("Write Fiction", "Pottery", "Learn to Sing", "Garage Band", "Horse Riding")][:row_size]
    new = [ph.project(n) for n in ("Painting", "Running", "Swimming", "Mentoring", "Beekeeping", "Debate")]
    state = ph.build(game, rows={ph.PROJECTS: old}, next_cards={ph.PROJECTS: new})
    state.apply(ph.refresh(ph.PROJECTS))   # a full row: every slot refilled
    assert ph.srec(state)["rows"][ph.PROJECTS] == new[:row_size]
    # The round's last Hourglass: Preparation deals every row to row_size (Jobs, Partners too).
    state = ph.build(game, round=2, unavailable=0, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.STUDY)
    assert [len(row) for row in ph.srec(state)["rows"]] == [row_size] * 4


THEME_PARK = "theme_park"     # Theme Park Day (activity): 3 coins, +3 STH


@pytest.mark.parametrize("overflow", ["excess", "at_max_only"])
def test_a_zero_wide_sth_side_turns_every_step_into_lth(ph, overflow):
    # sth_max = 0: the 3 STH of Theme Park Day are all LTH; sth_min = 0: Refresh's -1 STH is -1 LTH.
    top = ph.build(ph.game(sth_max=0, sth_overflow=overflow), rows={ph.ITEMS: [ph.item(THEME_PARK)]},
                   players={0: {"lth": 4, "money": 3}})
    top.apply(ph.spend(0))
    assert (ph.player(top, 0)["sth"], ph.player(top, 0)["lth"]) == (0, 7)
    bottom = ph.build(ph.game(sth_min=0, sth_overflow=overflow), players={0: {"lth": 4}})
    bottom.apply(ph.refresh(ph.PROJECTS))
    assert (ph.player(bottom, 0)["sth"], ph.player(bottom, 0)["lth"]) == (0, 3)


# ===== The ends of the parameter ranges, and the readings of STH loss and Discard =====

def test_sth_min_at_its_minimum_minus_six(ph):
    game = ph.game(sth_min=-6)
    state = ph.build(game, players={0: {"sth": -6, "lth": 2}})
    state.apply(ph.refresh(ph.ITEMS))
    assert (ph.player(state, 0)["sth"], ph.player(state, 0)["lth"]) == (-6, 1)
    state = ph.build(game, players={0: {"sth": -5, "lth": 2}})
    state.apply(ph.refresh(ph.ITEMS))
    assert (ph.player(state, 0)["sth"], ph.player(state, 0)["lth"]) == (-6, 2)


def test_sth_max_at_its_maximum_six(ph):
    game = ph.game(sth_max=6)
    state = ph.build(game, rows={ph.ITEMS: [ph.item(THEME_PARK)]}, players={0: {"sth": 5, "money": 3}})
    state.apply(ph.spend(0))
    assert (ph.player(state, 0)["sth"], ph.player(state, 0)["lth"]) == (6, 2)


def test_stress_start_section_above_stress_sections_is_a_rules_error():
    with pytest.raises(lifespan.RulesError):
        lifespan.load_game("pursuit_of_happiness", stress_sections=2, stress_start_section=3)


def test_stress_start_section_at_its_maximum_six(ph):
    game = ph.game(stress_sections=6, stress_start_section=6, stress_section_spaces=2)
    # The lowest space of section 6 of 2 spaces: (6 - 1) * 2 = 10; 6 Hourglasses at setup.
    st = ph.srec(game.new_state())
    assert [p["stress"] for p in st["players"]] == [10, 10]
    assert [p["hourglasses"] for p in st["players"]] == [6, 6]


def test_solo_lth_target_at_its_maximum(ph):
    game = ph.game(players=1, solo_lth_target=200)
    state = ph.build(game, round=8, unavailable=1 << 4, goals=["Well Read", "Daydreamer", "People Person"],
                     players={0: {"hourglasses": 1, "lth": 185, "resources": [10, 10, 10]}})
    state.apply(ph.REST)
    # 185 + Inheritance 6 + goals 9 = 200: exactly the target wins.
    assert state.scores() == [200] and state.returns() == [1.0]


# --- sth_overflow = at_max_only treats a loss past the bottom as a gain past the top.

LOSS_CARD = """
[[activity]]
id = "bad_day_out"
name = "Bad Day Out"
provenance = "authored"
cost = { money = 1, sth = 2 }
reward = { lth = 0, knowledge = 1 }
"""


@pytest.mark.parametrize("overflow, sth, sth_after, lth_after", [
    ("excess", -2, -3, 9),         # -2 - 2 = -4: the 1 past the bottom comes off LTH
    ("at_max_only", -2, -3, 10),   # a loss made above the bottom: nothing comes off LTH
    ("excess", -3, -3, 8),         # at the bottom: the whole loss comes off LTH
    ("at_max_only", -3, -3, 8),
])
def test_sth_overflow_for_a_loss_of_two(ph, tmp_path, overflow, sth, sth_after, lth_after):
    path = tmp_path / "loss.toml"
    path.write_text(LOSS_CARD)
    game = lifespan.load_game("pursuit_of_happiness", players=2, cards=[str(path)], sth_overflow=overflow)
    items = [c for c in game.cards() if c["kind"] in ("item", "activity")]
    ident = [c["name"] for c in items].index("Bad Day Out")
    state = ph.build(game, rows={ph.ITEMS: [ident]}, players={0: {"sth": sth, "lth": 10, "money": 1}})
    assert ph.spend(0) in state.legal_actions()
    state.apply(ph.spend(0))
    p = ph.player(state, 0)
    assert (p["sth"], p["lth"], p["money"]) == (sth_after, lth_after, 0)


# --- discard_scope = any_card: "active" qualifies only the Basic Project ---------------------------

def test_discard_scope_any_card_still_keeps_archived_projects(ph):
    # With any_card "active" qualifies only the Project: a completed (archived) Project stays
    # out of reach, an Item and a retired Job may go.
    game = ph.game(discard_scope="any_card")
    state = ph.build(game, round=4, unavailable=0, players={0: {"cards": [
        ph.project_card("Pottery", level=3, flags=ph.ARCHIVED | ph.COMPLETED),
        ph.item_card("Villa"),
        ph.job_card("University Lecturer", flags=ph.ARCHIVED | ph.RETIRED)]}})
    legal = state.legal_actions()
    assert ph.discard(0) not in legal and ph.discard(1) in legal and ph.discard(2) in legal
