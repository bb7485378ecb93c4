"""The Pursuit of Happiness card set: published counts, provenance, known facts, and the loader's
errors for malformed files."""

import re
from collections import Counter

import pytest

import lifespan
from lifespan import pursuit_of_happiness as poh


@pytest.fixture(scope="module")
def cards():
    return poh.load_cards()


@pytest.fixture(scope="module")
def by_id(cards):
    return {card["id"]: card for card in cards}


def test_base_set_has_the_published_component_counts(cards):
    kinds = Counter(card["kind"] for card in cards)
    assert kinds["project"] == 60
    assert kinds["item"] + kinds["activity"] == 60        # one Items & Activities deck
    assert kinds["job"] == 18                              # double-sided
    assert kinds["partner"] == 12                          # double-sided
    goals = [c for c in cards if c["kind"] == "life_goal"]
    traits = [c for c in cards if c["kind"] == "child_trait"]
    assert (len(goals), sum(c["promo"] for c in goals)) == (10, 1)     # 9 + 1 KS promo
    assert (len(traits), sum(c["promo"] for c in traits)) == (10, 2)   # 8 + 2 KS promo


def test_every_card_has_the_api_fields_and_an_honest_provenance(cards):
    for card in cards:
        assert {"id", "name", "kind", "expansion", "provenance"} <= set(card)
        assert card["expansion"] == "base"
        if card["provenance"] == "authored":
            assert not card["source"] and not card["authored_fields"], card["id"]
        else:
            assert card["source"], card["id"]
    assert len({card["id"] for card in cards}) == len(cards)


def test_projects_cover_the_seven_categories_and_three_types(cards):
    projects = [c for c in cards if c["kind"] == "project"]
    assert set(Counter(p["category"] for p in projects)) == set(poh.CATEGORIES)
    assert set(Counter(p["type"] for p in projects)) == {"basic", "single_round", "group"}


def test_jobs_cover_three_categories_and_three_levels(cards):
    faces = [face for c in cards if c["kind"] == "job" for face in c["faces"]]
    assert len(faces) == 36
    assert {(f["category"], f["level"]) for f in faces} == {
        (category, level) for category in poh.JOB_CATEGORIES for level in (1, 2, 3)}
    for face in faces:
        assert face["upkeep"]["cost"].get("hourglasses") == face["level"]  # S14, S15


def test_known_cards_carry_their_published_facts(by_id):
    fiction = next(c for c in by_id.values() if c["name"] == "Write Fiction")
    assert fiction["provenance"] == "published" and fiction["type"] == "basic"
    assert [level["name"] for level in fiction["levels"]] == [
        "Fan Fiction", "Teen Drama", "Novel", "Best Seller!"]

    comics = next(c for c in by_id.values() if c["name"] == "A Comic Book Collection")
    assert comics["kind"] == "item" and comics["provenance"] == "published"
    assert [level["name"] for level in comics["levels"]] == ["Shelf", "Wall", "Room"]

    faces = [f for c in by_id.values() if c["kind"] == "job" for f in c["faces"]]
    worker = next(f for f in faces if f["name"] == "Adequate Worker")
    assert (worker["category"], worker["level"]) == ("arts", 1)

    goal = next(c for c in by_id.values() if c["name"] == "You Can Take It With You")
    assert goal["timing"] == "game_end"
    assert goal["condition"] == {"kind": "most", "what": "money"}
    assert goal["solo"]["kind"] == "at_least" and goal["solo"]["what"] == "money"

    traits = {c["name"]: c for c in by_id.values() if c["kind"] == "child_trait"}
    assert traits["Creative"]["ability"] == {"kind": "action_bonus", "action": "play",
                                             "reward": {"creativity": 1}}
    assert traits["Nerd"]["ability"] == {"kind": "action_bonus", "action": "study",
                                         "reward": {"knowledge": 1}}
    assert traits["Rich"]["ability"]["kind"] == "round_income"
    assert traits["Diligent"]["ability"]["action"] == "temp_job"
    for name in ("Creative", "Nerd", "Rich", "Diligent", "Persuasive"):
        assert traits[name]["provenance"] == "published"


def test_cards_named_by_the_expansion_rulebooks_carry_their_facts(by_id):
    # The Nostalgia FAQ: Jogging is a Basic Project whose L4 cost shows more than one Hourglass.
    jogging = by_id["jogging"]
    assert (jogging["provenance"], jogging["type"], len(jogging["levels"])) == ("seed", "basic", 4)
    assert jogging["levels"][3]["cost"]["hourglasses"] > 1
    # The Experiences Dream example: the Motorcycle is taken into play with Spend, an Item.
    assert (by_id["motorcycle"]["kind"], by_id["motorcycle"]["provenance"]) == ("item", "seed")
    # Published Items show no upkeep only as this project's choice: Items carry upkeep (S13, S15).
    for card in by_id.values():
        if card["kind"] == "item" and card["provenance"] != "authored" and not card.get("upkeep"):
            assert "upkeep" in card["authored_fields"], card["id"]


def test_authored_cards_take_no_printed_title():
    # The titles of printed cards (and of the Nostalgia FAQ's personal Life Goals) stay off every
    # authored card and its levels, so that no invented card reads as a printed one.
    cards = poh.load_cards(poh.EXPANSIONS)
    printed = {card["name"] for card in cards if card["provenance"] != "authored"}
    printed |= {card["realization"]["name"] for card in cards
                if card["kind"] == "nostalgia" and card["provenance"] != "authored"}
    for card in cards:
        if card["provenance"] == "authored":
            names = {card["name"], *(level.get("name") for level in card.get("levels", []))}
            assert not names & printed, (card["id"], names & printed)

# --- malformed files -------------------------------------------------------------------------

GOOD_ACTIVITY = """
[[activity]]
id = "picnic"
name = "Picnic"
provenance = "authored"
cost = { money = 2 }
reward = { sth = 1 }
"""


def load_extra(tmp_path, text, name="mine.toml"):
    path = tmp_path / name
    path.write_text(text)
    return poh.load_cards(extra_files=[path])


def test_a_user_file_adds_and_replaces_cards(tmp_path, by_id):
    some_id = next(c["id"] for c in by_id.values() if c["kind"] == "activity")
    replaced = GOOD_ACTIVITY.replace('"picnic"', f'"{some_id}"').replace("Picnic", "My Picnic")
    cards = load_extra(tmp_path, GOOD_ACTIVITY + replaced)
    names = {c["id"]: c["name"] for c in cards}
    assert names["picnic"] == "Picnic" and names[some_id] == "My Picnic"
    assert len(cards) == len(by_id) + 1


@pytest.mark.parametrize("change, message", [
    (('name = "Picnic"\n', ""), "mine.toml: picnic: name: missing"),
    (("money = 2", "money = -1"), "picnic: cost.money: must be from 0 to 30"),
    (("money = 2", 'money = "two"'), "picnic: cost.money: must be an integer"),
    (("money = 2", "lth = 2"), "picnic: cost.lth: unknown value 'lth'"),
    (("sth = 1", "stress = 1"), "picnic: reward.stress: unknown value 'stress'"),
    (('provenance = "authored"', 'provenance = "guessed"'), "picnic: provenance: unknown value"),
    (('provenance = "authored"', 'provenance = "published"'), "picnic: source: a published card names its source"),
    (('id = "picnic"', 'id = "Picnic Day"'), "activity #1: id: must be lower_snake_case"),
    (("[[activity]]", "[[gadget]]"), "mine.toml: gadget: unknown card kind"),
    (('provenance = "authored"', 'provenance = "published"\nsource = "S1"\nauthored_fields = ["colours"]'),
     "picnic: authored_fields[0]: unknown value 'colours'"),
    (('provenance = "authored"', 'provenance = "authored"\nsource = "S1"'),
     "picnic: provenance: an authored card has no source or authored_fields"),
    (('reward = { sth = 1 }', 'reward = { sth = 1 }\ncolour = "red"'), "picnic: colour: unknown field"),
    (("cost = {", "cost = ["), "mine.toml: not valid TOML"),
    (('provenance = "authored"', 'provenance = "authored"\ntext = 3'), "picnic: text: must be non-empty text"),
    (('provenance = "authored"', 'provenance = "published"\nsource = 3'), "picnic: source: must be non-empty text"),
])
def test_malformed_card_files_name_file_card_and_field(tmp_path, change, message):
    old, new = change
    assert old in GOOD_ACTIVITY
    with pytest.raises(lifespan.CardDataError, match=re.escape(message)):
        load_extra(tmp_path, GOOD_ACTIVITY.replace(old, new, 1))


def test_duplicate_ids_in_one_file_are_refused(tmp_path):
    with pytest.raises(lifespan.CardDataError, match="mine.toml: picnic: id: duplicate"):
        load_extra(tmp_path, GOOD_ACTIVITY + GOOD_ACTIVITY)


@pytest.mark.parametrize("ability, message", [
    ('{ kind = "telepathy" }', "ability.kind: unknown value 'telepathy'"),
    ('{ kind = "action_bonus", action = "fly", reward = { money = 1 } }', "ability.action: unknown value 'fly'"),
    ('{ kind = "round_income" }', "ability.reward: missing"),
    ('{ kind = "discount", on = "item", amount = 9 }', "ability.amount: must be from 1 to 5"),
])
def test_unknown_or_incomplete_abilities_are_load_errors(tmp_path, ability, message):
    text = f"""
[[child_trait]]
id = "dreamy"
name = "Dreamy"
provenance = "authored"
start = {{ creativity = 2 }}
ability = {ability}
"""
    with pytest.raises(lifespan.CardDataError, match=re.escape(f"mine.toml: dreamy: {message}")):
        load_extra(tmp_path, text)


def test_project_shape_depends_on_its_type(tmp_path):
    text = """
[[project]]
id = "quick_fix"
name = "Quick Fix"
provenance = "authored"
type = "single_round"
category = "science"
levels = [ { name = "A", cost = { knowledge = 2 }, reward = { lth = 2 } },
           { name = "B", cost = { knowledge = 2 }, reward = { lth = 2 } } ]
"""
    with pytest.raises(lifespan.CardDataError, match="quick_fix: levels: must hold exactly 1 entries, got 2"):
        load_extra(tmp_path, text)
    group = text.replace('"single_round"', '"group"')
    with pytest.raises(lifespan.CardDataError, match="quick_fix: levels: unknown field"):
        load_extra(tmp_path, group)


def test_solo_conditions_must_be_thresholds(tmp_path):
    text = """
[[life_goal]]
id = "richest"
name = "Richest"
provenance = "authored"
timing = "game_end"
condition = { kind = "most", what = "money" }
lth = 4
solo = { kind = "most", what = "money" }
"""
    with pytest.raises(lifespan.CardDataError, match="richest: solo.kind: a solo condition is at_least"):
        load_extra(tmp_path, text)


POPULAR_GOAL = """
[[life_goal]]
id = "picnic"
name = "Well Liked"
provenance = "authored"
timing = "game_end"
condition = { kind = "at_least", what = "popularity", amount = 4 }
solo = { kind = "at_least", what = "popularity", amount = 4 }
lth = 4
"""


@pytest.mark.parametrize("text", [GOOD_ACTIVITY.replace("sth = 1", "popularity = 1"), POPULAR_GOAL],
                         ids=["gains it", "counts it"])
def test_popularity_needs_the_community_expansion(tmp_path, text):
    # Without the Community board there is no Popularity track to move or count: a card using
    # it made positions that their own saved states could not hold.
    path = tmp_path / "mine.toml"
    path.write_text(text)
    field = "reward.popularity" if "[[activity]]" in text else "condition.what"
    with pytest.raises(lifespan.CardDataError,
                       match=re.escape(f"mine.toml: picnic: {field}: popularity needs the Community expansion")):
        lifespan.load_game("pursuit_of_happiness", players=2, cards=[str(path)])
    game = lifespan.load_game("pursuit_of_happiness", players=2, cards=[str(path)], expansions=["community"])
    assert any(card["id"] == "picnic" for card in game.cards())


@pytest.mark.parametrize("kind, fields", [
    ("trend", 'category = "arts"\nlth = [1, 2, 4, 7]'),
    ("life_goal", 'timing = "game_end"\ncondition = { kind = "most", what = "money" }\n'
                  'solo = { kind = "at_least", what = "money", amount = 5 }\nlth = 3'),
])
def test_a_card_set_over_the_engines_capacity_is_refused(tmp_path, kind, fields):
    # Dealt into fixed-size piles of 128: one more would overrun them.
    path = tmp_path / "many.toml"
    path.write_text("".join(f'[[{kind}]]\nid = "c{i}"\nname = "C{i}"\nprovenance = "authored"\n{fields}\n\n'
                            for i in range(130)))
    expansions = ["trends"] if kind == "trend" else []
    shipped = sum(card["kind"] == kind for card in poh.load_cards(["base"] + expansions))
    # The engine's limit, then the user's file and the count it led to.
    with pytest.raises(lifespan.CardDataError,
                       match=rf"(at most 128|3 to 128).* \(with many\.toml: .*\b{shipped + 130} {kind}\b"):
        lifespan.load_game("pursuit_of_happiness", players=2, cards=[str(path)], expansions=expansions)


def test_only_the_community_cards_use_popularity():
    # So a game without Community needs the check on the user's files only.
    every = poh.load_cards([e for e in poh.EXPANSIONS])
    users = [card["id"] for card in every if card["expansion"] != "community" and poh._popularity_field(card)]
    assert users == []
    assert any(poh._popularity_field(card) for card in every if card["expansion"] == "community")
