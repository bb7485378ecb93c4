"""Card data files (docs/time_of_your_life.md section 9; the public contract: cards=[paths])."""

import json
import re

import pytest

import lifespan

GAME = "time_of_your_life"

CARD5 = """
[[card]]
number = 5
name = "Replacement Five"
kind = "life"
provenance = "authored"
age = 5
traits = ["health", "health"]
left = ["happiness"]
right = ["inspiration", "inspiration"]
text = "Worth 7."
objective = { kind = "flat", points = 7 }
"""


def write(tmp_path, text, name="extra_cards.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def card5_with(**changes):
    """CARD5 with some `key = value` lines replaced (value None: the line removed)."""
    lines = CARD5.strip().splitlines()
    out = []
    for line in lines:
        key = line.split("=")[0].strip()
        if key in changes:
            if changes[key] is not None:
                out.append(f"{key} = {changes.pop(key)}")
            else:
                changes.pop(key)
            continue
        out.append(line)
    out += [f"{k} = {v}" for k, v in changes.items() if v is not None]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- the shipped set


def test_every_shipped_card_is_an_authored_life_card_numbered_0_to_79():
    cards = lifespan.load_game(GAME).cards()
    assert [c["id"] for c in cards] == list(range(80))
    for card in cards:
        assert card["provenance"] == "authored"
        assert card["kind"] == "life"
        assert card["expansion"] == "base"
        assert isinstance(card["name"], str) and card["name"]


def test_shipped_card_file_says_authored_for_every_card(card_table):
    assert sorted(card_table) == list(range(80))
    assert {c["provenance"] for c in card_table.values()} == {"authored"}
    assert {c["kind"] for c in card_table.values()} == {"life"}


def test_cards_returns_a_copy():
    game = lifespan.load_game(GAME)
    game.cards()[0]["name"] = "Changed"
    assert game.cards()[0]["name"] != "Changed"


# ---------------------------------------------------------------- replacing cards


def test_a_file_replaces_the_card_with_the_same_number(tmp_path, toyl):
    path = write(tmp_path, CARD5)
    default = lifespan.load_game(GAME, players=3)
    game = lifespan.load_game(GAME, players=3, cards=[path])
    cards, before = game.cards(), default.cards()
    assert cards[5]["name"] == "Replacement Five"
    assert cards[5]["traits"] == ["health", "health"]
    assert cards[5]["objective"] == {"kind": "flat", "points": 7}
    assert cards[5] != before[5]
    assert [c for c in cards if c["id"] != 5] == [c for c in before if c["id"] != 5]
    # the engine plays with it: [05'] alone scores its flat 7
    assert toyl.final_state(game, [[5]]).scores() == [7, 0, 0]
    assert toyl.final_state(default, [[5]]).scores() == [2, 0, 0]  # per_trait L: 1 * 2
    # and its icons: 00 (right: inspiration, happiness) | 05' (left: happiness) -> 1 Happiness
    state = toyl.build_state(game, round=2, hands=[[5, 1], [2], [3]], timelines=[[0]])
    for card in (5, 2, 3):
        state.apply(card)
    assert toyl.srec(state)["players"][0]["happiness"] == 1


def test_cards_accepts_a_single_path_and_a_set_table_with_the_same_traits(tmp_path):
    text = '[set]\ngame = "time_of_your_life"\n' \
           'traits = ["family", "adventure", "learning", "creativity", "health"]\n' + CARD5
    game = lifespan.load_game(GAME, cards=str(write(tmp_path, text)))
    assert game.cards()[5]["name"] == "Replacement Five"


def test_a_state_of_one_card_set_does_not_load_into_another(tmp_path):
    default = lifespan.load_game(GAME, players=3)
    other = lifespan.load_game(GAME, players=3, cards=[write(tmp_path, CARD5)])
    with pytest.raises(ValueError, match="card set"):
        other.state_from_json(default.new_state().to_json())


def test_renaming_traits_needs_all_80_cards(tmp_path):
    renamed = '[set]\ntraits = ["kin", "travel", "study", "art", "fitness"]\n' + \
        card5_with(traits='["fitness", "fitness"]')
    path = write(tmp_path, renamed)
    with pytest.raises(lifespan.CardDataError, match=r"extra_cards\.toml.*traits"):
        lifespan.load_game(GAME, cards=[path])


def test_renaming_traits_with_all_80_cards_is_accepted(tmp_path, toyl):
    mapping = {"family": "kin", "adventure": "travel", "learning": "study",
               "creativity": "art", "health": "fitness"}
    text = toyl.CARD_FILE.read_text()
    pattern = re.compile(r'"(family|adventure|learning|creativity|health)"')
    path = write(tmp_path, pattern.sub(lambda m: f'"{mapping[m.group(1)]}"', text), "renamed.toml")
    game = lifespan.load_game(GAME, players=3, cards=[path])
    assert game.cards()[0]["traits"] == ["kin"]
    state = toyl.build_state(game, round=10, step=toyl.INSPIRATION, current=0,
                             timelines=[[21]], players={0: {"inspiration_unplaced": 1}})
    assert state.action_to_string(161) == f"Kin token on 21 {toyl.CARDS[21]['name']}"


# ---------------------------------------------------------------- malformed files


MALFORMED = {
    "missing field": (card5_with(name=None), ["card 5", "name", "missing"]),
    "missing objective": (card5_with(objective=None), ["card 5", "objective", "missing"]),
    "missing objective field": (card5_with(objective='{ kind = "flat" }'),
                                ["card 5", "objective.points", "missing"]),
    "wrong type: age": (card5_with(age='"five"'), ["card 5", "age", "integer"]),
    "wrong type: name": (card5_with(name="5"), ["card 5", "name"]),
    "wrong type: traits": (card5_with(traits='"health"'), ["card 5", "traits", "list"]),
    "wrong type: points": (card5_with(objective='{ kind = "flat", points = "seven" }'),
                           ["card 5", "objective.points", "integer"]),
    "wrong type: objective": (card5_with(objective='"flat 7"'), ["card 5", "objective"]),
    "duplicate number": (CARD5 + CARD5, ["card 5", "number", "duplicate"]),
    "unknown objective kind": (card5_with(objective='{ kind = "bonus", points = 7 }'),
                               ["card 5", "objective.kind", "bonus"]),
    "unknown trait": (card5_with(traits='["famly"]'), ["card 5", "traits", "famly"]),
    "unknown objective trait": (
        card5_with(objective='{ kind = "per_trait", trait = "famly", points = 2 }'),
        ["card 5", "objective.trait", "famly"]),
    "unknown emotion icon": (card5_with(left='["sadness"]'), ["card 5", "left", "sadness"]),
    "unknown field": (card5_with(colour='"red"'), ["card 5", "colour", "unknown field"]),
    "field of another objective kind": (
        card5_with(objective='{ kind = "flat", points = 7, trait = "family" }'),
        ["card 5", "objective.trait"]),
    "unknown kind": (card5_with(kind='"job"'), ["card 5", "kind", "job"]),
    "unknown provenance": (card5_with(provenance='"guessed"'), ["card 5", "provenance"]),
    "bad direction": (
        card5_with(objective='{ kind = "directional", trait = "family", points = 2, '
                             'direction = "up" }'),
        ["card 5", "objective.direction", "up"]),
    "sets size 6": (card5_with(objective='{ kind = "sets", size = 6, points = 2 }'),
                    ["card 5", "objective.size"]),
    "number out of range": (card5_with(number="80"), ["card", "number", "80"]),
    "negative number": (card5_with(number="-1"), ["card", "number"]),
    "number missing": (card5_with(number=None), ["card", "number", "missing"]),
    "age_band min > max": (
        card5_with(objective='{ kind = "age_band", min = 40, max = 30, points = 1 }'),
        ["card 5", "objective.min"]),
    "bad TOML syntax": ("[[card]]\nnumber = 5\nname = \"unterminated\n", ["TOML"]),
    "unknown table": ("[deck]\nsize = 3\n" + CARD5, ["deck"]),
    "set for another game": ('[set]\ngame = "pursuit_of_happiness"\n' + CARD5,
                             ["set", "game", "pursuit_of_happiness"]),
    "set with four traits": ('[set]\ntraits = ["a", "b", "c", "d"]\n' + CARD5,
                             ["set", "traits"]),
    "no cards": ('[set]\ngame = "time_of_your_life"\n', ["card"]),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_card_file_names_file_card_and_field(tmp_path, case):
    text, words = MALFORMED[case]
    path = write(tmp_path, text, "broken_cards.toml")
    with pytest.raises(lifespan.CardDataError) as info:
        lifespan.load_game(GAME, cards=[path])
    message = str(info.value)
    assert "broken_cards.toml" in message
    for word in words:
        assert word in message, (word, message)


def test_missing_card_file_is_a_card_data_error(tmp_path):
    with pytest.raises(lifespan.CardDataError, match="nowhere.toml"):
        lifespan.load_game(GAME, cards=[tmp_path / "nowhere.toml"])


def test_nothing_is_half_loaded(tmp_path):
    # the second file is broken: no game is built, and a later load is unaffected
    good = write(tmp_path, CARD5, "good.toml")
    bad = write(tmp_path, card5_with(age='"x"'), "bad.toml")
    with pytest.raises(lifespan.CardDataError):
        lifespan.load_game(GAME, cards=[good, bad])
    assert lifespan.load_game(GAME).cards()[5]["name"] != "Replacement Five"


def test_up_to_five_traits_are_accepted(tmp_path):
    traits = ["family", "family", "health", "health", "learning"]
    path = write(tmp_path, card5_with(traits=str(traits).replace("'", '"')))
    game = lifespan.load_game(GAME, cards=[path])
    assert game.cards()[5]["traits"] == traits


def test_more_than_five_traits_are_refused(tmp_path):
    # docs §9: 0-5 trait names per card
    path = write(tmp_path, card5_with(traits='["family", "family", "health", "health", "learning", "health"]'),
                 "broken_cards.toml")
    with pytest.raises(lifespan.CardDataError, match=r"broken_cards\.toml.*card 5.*traits"):
        lifespan.load_game(GAME, cards=[path])


def test_the_most_icons_a_card_file_allows_still_play_and_save(tmp_path):
    # Three Happiness icons on every edge, counted on both edges (any_edge): the richest timeline
    # a card file can make, which the saved-state checks must still accept.
    shipped = lifespan.time_of_your_life.DATA / "life_cards.toml"
    text = re.sub(r"(?m)^(left|right) = \[.*\]$", r'\1 = ["happiness", "happiness", "happiness"]', shipped.read_text())
    path = tmp_path / "rich.toml"
    path.write_text(text)
    game = lifespan.load_game("time_of_your_life", players=2, cards=[str(path)], icon_matching="any_edge")
    most = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
            assert game.state_from_json(state.to_json()) == state
        most = max(most, max(p["happiness"] for p in json.loads(state.to_json())["state"]["players"]))
    assert most > 60
