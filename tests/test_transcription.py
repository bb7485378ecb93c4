"""Bringing your own printed cards (docs/transcribing.md): exporting a card set, checking a
transcription with every problem reported, loading a partial one, the `printed` provenance,
the user card directory, and what selfplay says about a mixed set."""

from __future__ import annotations

import copy
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import lifespan
from lifespan import pursuit_of_happiness as poh
from lifespan import transcription
from lifespan._toml import tomllib


def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lifespan", *args], capture_output=True, text=True,
                          timeout=600, env=env, cwd=cwd)


CARD_SETS = ([("time_of_your_life", {}), ("pursuit_of_happiness", {})]
             + [("pursuit_of_happiness", {"expansions": [e]}) for e in poh.EXPANSIONS if e != "base"]
             + [("pursuit_of_happiness", {"expansions": list(poh.ALL_EXPANSIONS), "players": 5}),
                ("pursuit_of_happiness", {"promo_cards": False})])


def _label(row: tuple) -> str:
    name, params = row
    return "-".join([name, *params.get("expansions", ["base"])[:1], *(["all"] if "players" in params else []),
                     *(["no_promos"] if "promo_cards" in params else [])])


@pytest.mark.parametrize("row", CARD_SETS, ids=_label)
def test_an_exported_card_set_loads_back_unchanged(tmp_path, row):
    name, params = row
    game = lifespan.load_game(name, **params)
    path = tmp_path / "cards.toml"
    path.write_text(transcription.export_cards(game))
    again = lifespan.load_game(name, cards=[path], **params)
    assert again.cards() == game.cards()
    # The same card set to the engine too: a state saved in one game loads in the other.
    state = game.new_state()
    state.apply(state.legal_actions()[0])
    assert again.state_from_json(state.to_json()) == state


def test_export_on_the_command_line_writes_a_file_that_checks_clean(tmp_path):
    out = run("cards", "export", "pursuit_of_happiness", "--expansions", "experiences+kids",
              "-o", "mine.toml", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "Wrote 260 cards of pursuit_of_happiness to mine.toml.\n"
    check = run("cards", "check", "mine.toml", "--game", "pursuit_of_happiness",
                "--expansions", "experiences+kids", cwd=tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.splitlines() == [
        "mine.toml: no problems.",
        "Against the shipped pursuit_of_happiness cards: 0 replaced, 0 added, 260 unchanged; "
        "0 marked printed."]


def test_export_prints_without_a_file_and_overwrites_only_with_force(tmp_path):
    printed = run("cards", "export", "time_of_your_life", cwd=tmp_path)
    assert printed.returncode == 0 and printed.stdout.count("[[card]]") == 80
    (tmp_path / "mine.toml").write_text("my work")
    refused = run("cards", "export", "time_of_your_life", "-o", "mine.toml", cwd=tmp_path)
    assert refused.returncode == 2 and "mine.toml exists" in refused.stderr and "--force" in refused.stderr
    assert (tmp_path / "mine.toml").read_text() == "my work"
    forced = run("cards", "export", "time_of_your_life", "-o", "mine.toml", "--force", cwd=tmp_path)
    assert forced.returncode == 0 and (tmp_path / "mine.toml").read_text() == printed.stdout


def test_the_worksheet_says_each_cards_provenance_and_flags_what_to_check():
    text = transcription.export_cards(lifespan.load_game("pursuit_of_happiness"))
    block = text[text.index("# write_fiction: Write Fiction"):text.index("# learn_to_sing")]
    assert "Provenance: published" in block and "lifespan filled in: category, costs, rewards" in block
    assert "\n# type: basic | single_round | group\ntype = \"basic\"\n" in block       # a known fact
    assert "\n# CHECK (category) category: " in block
    assert "\n# CHECK (costs, rewards) levels: " in block
    assert "\n# name: the card's title\n" in block                                   # known
    authored = text[text.index("# painting: Painting"):text.index("# garage_band")]
    assert "Provenance: authored" in authored and "\n# CHECK name: " in authored
    assert "\n# CHECK category: " in authored and "\n# CHECK levels: " in authored
    # The fields a transcriber must check, by the parts each authored_fields entry names.
    fiction = next(c for c in poh.load_cards() if c["id"] == "write_fiction")
    assert transcription.fields_to_check(fiction) == {"category": ["category"],
                                                       "levels": ["costs", "rewards"]}
    job = next(c for c in poh.load_cards() if c["kind"] == "job")
    assert transcription.fields_to_check(job) == {"name": [], "faces": []}


def test_every_field_of_every_kind_is_explained_in_the_worksheet():
    game = lifespan.load_game("pursuit_of_happiness", expansions=list(poh.ALL_EXPANSIONS), players=5)
    kinds = {card["kind"] for card in game.cards()}
    assert kinds == set(poh.KINDS)
    for card in game.cards():
        for name in card:
            if name != "kind":
                assert transcription.meaning(card["kind"], name)


MISTAKES = """\
[[project]]
id = "write_fiction"
name = "Write Fiction"
provenance = "printed"
type = "basic"
category = "art"
levels = [
  { name = "Fan Fiction", cost = { creativity = 2 }, reward = { sth = 1 } },
  { name = "Teen Drama", cost = { hourglasses = 1, knowlege = 1 }, reward = { lth = 1 } },
  { name = "Novel", cost = { hourglasses = 1, creativity = 3 }, reward = { lth = 50 } },
]

[[item]]
id = "my_bicycle"
name = ""
provenance = "printed"
levels = [{ name = "Bicycle", cost = { money = 2 }, reward = { sth = 1 } }]
colour = "red"

[[activity]]
id = "my_own_picnic"
name = "Picnic in the Park"
provenance = "printed"
cost = { money = 1 }
reward = { sth = 2 }
"""


def test_a_file_with_several_mistakes_gets_every_one_reported(tmp_path):
    (tmp_path / "mine.toml").write_text(MISTAKES)
    out = run("cards", "check", "mine.toml", "--game", "pursuit_of_happiness", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        "mine.toml: write_fiction: category: unknown value 'art' (expected one of: culture, "
        "politics, social, science, sports, arts, nature)",
        "mine.toml: write_fiction: levels[1].cost.knowlege: unknown value 'knowlege' (expected "
        "one of: knowledge, creativity, influence, any_resource, money, hourglasses, sth, stress)",
        "mine.toml: write_fiction: levels[2].reward.lth: must be from 0 to 30, got 50",
        "mine.toml: my_bicycle: name: must be non-empty text",
        "mine.toml: my_bicycle: colour: unknown field (expected: levels, upkeep)",
        "5 problems in mine.toml.",
        "Against the shipped pursuit_of_happiness cards, leaving out the cards with problems: "
        "0 replaced, 1 added (my_own_picnic), 0 unchanged; 1 marked printed."]
    # Loading still stops at the first problem, with the same message.
    with pytest.raises(lifespan.CardDataError, match=re.escape("mine.toml: write_fiction: category: unknown value 'art'")):
        lifespan.load_game("pursuit_of_happiness", cards=[tmp_path / "mine.toml"])


def test_several_files_and_both_games_are_checked_at_once(tmp_path):
    (tmp_path / "a.toml").write_text('[[card]]\nnumber = 3\nname = "X"\nkind = "life"\nprovenance = "printed"\n'
                                     'traits = ["famly"]\nage = 300\nobjective = { kind = "flat", points = 1 }\n')
    (tmp_path / "b.toml").write_text('[[card]]\nnumber = 4\nname = "Y"\nkind = "lfe"\nprovenance = "printed"\n'
                                     'objective = { kind = "flat" }\n\n[[card]]\nnumber = 5\nname = "Z"\n'
                                     'kind = "life"\nprovenance = "printed"\nobjective = { kind = "flat", points = 2 }\n')
    out = run("cards", "check", "a.toml", "b.toml", "--game", "time_of_your_life", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        "a.toml: card 3: traits[0]: unknown value 'famly' (expected one of: family, adventure, "
        "learning, creativity, health)",
        "a.toml: card 3: age: must be from 0 to 255, got 300",
        "b.toml: card 4: kind: unknown value 'lfe' (expected one of: life)",
        "b.toml: card 4: objective.points: missing",
        "4 problems in a.toml, b.toml.",
        "Against the shipped time_of_your_life cards, leaving out the cards with problems: "
        "1 replaced (5), 0 added, 0 unchanged; 1 marked printed."]


def block_of(export: str, card_id: str) -> str:
    """One card's block of an exported worksheet, its comments included."""
    start = export.index(f"# {card_id}: ")
    return export[start:export.index(transcription.RULE, start)]


def test_check_summarises_replaced_added_and_unchanged_cards(tmp_path):
    export = transcription.export_cards(lifespan.load_game("pursuit_of_happiness"))
    replaced = block_of(export, "write_fiction").replace('provenance = "published"', 'provenance = "printed"')
    added = ('[[activity]]\nid = "my_own_picnic"\nname = "Picnic"\nprovenance = "printed"\n'
             'cost = { money = 1 }\nreward = { sth = 2 }\n')
    (tmp_path / "mine.toml").write_text(replaced + block_of(export, "learn_to_sing") + added)
    report = transcription.check_card_files("pursuit_of_happiness", [tmp_path / "mine.toml"])
    assert report.clean and report.problems == []
    assert (report.replaced, report.added, report.unchanged) == (
        ["write_fiction"], ["my_own_picnic"], ["learn_to_sing"])
    assert report.printed == ["write_fiction", "my_own_picnic"]


def test_check_names_the_expansion_a_card_comes_from(tmp_path):
    game = lifespan.load_game("pursuit_of_happiness", expansions=["pets"])
    pets = [card for card in game.cards() if card["kind"] == "pet"]
    assert pets
    (tmp_path / "pets.toml").write_text(transcription.export_cards(game))
    out = run("cards", "check", "pets.toml", "--game", "pursuit_of_happiness", cwd=tmp_path)
    assert out.returncode == 0, out.stdout
    assert f"{len(pets)} added" in out.stdout
    assert "shipped with the pets expansion, not loaded here; with --expansions pets" in out.stdout


def test_check_also_finds_what_only_the_whole_set_shows(tmp_path):
    (tmp_path / "mine.toml").write_text('[[activity]]\nid = "street_party"\nname = "Street Party"\n'
                                        'provenance = "printed"\ncost = { money = 1 }\n'
                                        'reward = { popularity = 1 }\n')
    out = run("cards", "check", "mine.toml", "--game", "pursuit_of_happiness", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == ("mine.toml: street_party: reward.popularity: popularity "
                                          "needs the Community expansion (expansions=['community'])")
    ok = run("cards", "check", "mine.toml", "--game", "pursuit_of_happiness", "--expansions", "community",
             cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout


@pytest.mark.parametrize("content, message", [
    ("[[project]\n", "mine.toml: not valid TOML"),
    ('[[dragon]]\nid = "smaug"\n', "mine.toml: dragon: unknown card kind (expected one of: project, item,"),
])
def test_a_file_that_cannot_be_read_is_reported_too(tmp_path, content, message):
    (tmp_path / "mine.toml").write_text(content)
    out = run("cards", "check", "mine.toml", "missing.toml", "--game", "pursuit_of_happiness", cwd=tmp_path)
    assert out.returncode == 1
    assert message in out.stdout and "missing.toml: no such file" in out.stdout


@pytest.mark.parametrize("args, message", [
    (["cards", "check", "x.toml", "--game", "chess"], "unknown game 'chess'"),
    (["cards", "check", "x.toml", "--game", "time_of_your_life", "--expansions", "pets"], "unknown parameter 'expansions'"),
    (["cards", "export", "pursuit_of_happiness", "--expansions", "pet"], "unknown expansion 'pet'"),
    (["cards", "check", "x.toml", "--game", "time_of_your_life", "--param", "cards=y.toml"], "as arguments"),
])
def test_a_bad_command_line_is_a_clean_error(tmp_path, args, message):
    out = run(*args, cwd=tmp_path)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


PRINTED_LIFE_CARDS = """\
[[card]]
number = 5
name = "My Fifth"
kind = "life"
provenance = "printed"
traits = ["health"]
objective = { kind = "flat", points = 4 }

[[card]]
number = 60
name = "My Sixtieth"
kind = "life"
provenance = "printed"
age = 61
objective = { kind = "oldest", points = 3 }
"""


def test_a_partial_transcription_replaces_exactly_its_cards(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(PRINTED_LIFE_CARDS)
    shipped = lifespan.load_game("time_of_your_life").cards()
    mixed = lifespan.load_game("time_of_your_life", cards=[path]).cards()
    assert [c["number"] for c in mixed] == list(range(80))
    changed = [c["number"] for c, s in zip(mixed, shipped) if c != s]
    assert changed == [5, 60]
    assert [c["number"] for c in mixed if c["provenance"] == "printed"] == [5, 60]
    assert mixed[60]["age"] == 61 and mixed[5]["objective"] == {"kind": "flat", "points": 4}


def test_a_partial_pursuit_transcription_replaces_exactly_its_cards(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[[activity]]\nid = "movie_night"\nname = "Movie Night"\nprovenance = "printed"\n'
                    'source = "my copy"\ncost = { money = 2 }\nreward = { sth = 3 }\n')
    shipped = {c["id"]: c for c in lifespan.load_game("pursuit_of_happiness").cards()}
    mixed = {c["id"]: c for c in lifespan.load_game("pursuit_of_happiness", cards=[path]).cards()}
    assert set(mixed) == set(shipped)
    assert [i for i in mixed if mixed[i] != shipped[i]] == ["movie_night"]
    assert mixed["movie_night"]["provenance"] == "printed" and mixed["movie_night"]["source"] == "my copy"
    assert mixed["movie_night"]["expansion"] == "base"


def test_printed_provenance_round_trips_through_export(tmp_path):
    first = tmp_path / "mine.toml"
    first.write_text(PRINTED_LIFE_CARDS)
    game = lifespan.load_game("time_of_your_life", cards=[first])
    again = tmp_path / "again.toml"
    again.write_text(transcription.export_cards(game))
    reloaded = lifespan.load_game("time_of_your_life", cards=[again])
    assert reloaded.cards() == game.cards()
    assert sum(c["provenance"] == "printed" for c in reloaded.cards()) == 2
    # A Pursuit card keeps its printed provenance, source and the parts not yet copied.
    card = tmp_path / "goal.toml"
    card.write_text('[[life_goal]]\nid = "you_can_take_it_with_you"\nname = "You Can Take It With You"\n'
                    'provenance = "printed"\nsource = "my copy"\nauthored_fields = ["solo"]\n'
                    'timing = "game_end"\ncondition = { kind = "most", what = "money" }\nlth = 5\n'
                    'solo = { kind = "at_least", what = "money", amount = 20 }\n')
    game = lifespan.load_game("pursuit_of_happiness", cards=[card])
    export = transcription.export_cards(game)
    block = export[export.index("# you_can_take_it_with_you"):]
    assert "Provenance: printed, transcribed by you from your own copy (source: my copy)." in block
    assert "Not yet copied from your card: solo; check the fields marked CHECK." in block
    assert "\n# CHECK (solo) solo: " in block and "\n# CHECK" not in block[:block.index("solo =")].replace(
        "\n# CHECK (solo)", "")
    (tmp_path / "again.toml").write_text(export)
    assert lifespan.load_game("pursuit_of_happiness", cards=[tmp_path / "again.toml"]).cards() == game.cards()


def test_an_authored_card_still_names_no_source_while_a_printed_one_may(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[[activity]]\nid = "picnic"\nname = "Picnic"\nprovenance = "authored"\n'
                    'source = "my copy"\ncost = { money = 2 }\nreward = { sth = 3 }\n')
    with pytest.raises(lifespan.CardDataError, match="picnic: provenance: an authored card has no source"):
        lifespan.load_game("pursuit_of_happiness", cards=[path])
    path.write_text(path.read_text().replace("authored", "printed"))
    assert lifespan.load_game("pursuit_of_happiness", cards=[path])


def test_a_replaced_card_keeps_its_expansion_unless_its_file_names_one(tmp_path):
    game = lifespan.load_game("pursuit_of_happiness", expansions=["nostalgia"])
    nostalgia = next(c for c in game.cards() if c["kind"] == "nostalgia")
    export = transcription.export_cards(game)
    start = export.index(f"# {nostalgia['id']}: ")
    block = export[start:export.index("# ----", start)]
    without = "\n".join(line for line in block.splitlines() if not line.startswith("expansion ="))
    (tmp_path / "mine.toml").write_text(without.replace('provenance = "seed"', 'provenance = "printed"')
                                        .replace('provenance = "authored"', 'provenance = "printed"'))
    mixed = {c["id"]: c for c in lifespan.load_game("pursuit_of_happiness", expansions=["nostalgia"],
                                                    cards=[tmp_path / "mine.toml"]).cards()}
    assert mixed[nostalgia["id"]]["expansion"] == "nostalgia"
    assert mixed[nostalgia["id"]]["provenance"] == "printed"
    (tmp_path / "mine.toml").write_text('expansion = "community"\n' + (tmp_path / "mine.toml").read_text())
    mixed = {c["id"]: c for c in lifespan.load_game("pursuit_of_happiness", expansions=["nostalgia"],
                                                    cards=[tmp_path / "mine.toml"]).cards()}
    assert mixed[nostalgia["id"]]["expansion"] == "community"


# --- the user card directory -----------------------------------------------------------------

@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home of the test's own, with no card directory chosen by the environment."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("LIFESPAN_CARDS", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return tmp_path


def _user_file(root: Path, game: str, name: str, text: str) -> Path:
    folder = root / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder / name


def test_cards_user_reads_the_home_config_directory(home):
    _user_file(home / ".config/lifespan/cards", "time_of_your_life", "mine.toml", PRINTED_LIFE_CARDS)
    game = lifespan.load_game("time_of_your_life", cards="user")
    assert [c["number"] for c in game.cards() if c["provenance"] == "printed"] == [5, 60]


def test_the_environment_chooses_the_user_directory_first(home, monkeypatch):
    _user_file(home / ".config/lifespan/cards", "time_of_your_life", "a.toml", PRINTED_LIFE_CARDS)
    xdg = home / "xdg"
    _user_file(xdg / "lifespan/cards", "time_of_your_life", "a.toml", PRINTED_LIFE_CARDS.replace("My Fifth", "XDG"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(xdg))
    assert lifespan.load_game("time_of_your_life", cards="user").cards()[5]["name"] == "XDG"
    chosen = home / "chosen"
    _user_file(chosen, "time_of_your_life", "a.toml", PRINTED_LIFE_CARDS.replace("My Fifth", "Chosen"))
    monkeypatch.setenv("LIFESPAN_CARDS", str(chosen))
    assert lifespan.load_game("time_of_your_life", cards=["user"]).cards()[5]["name"] == "Chosen"


def test_user_cards_and_paths_are_laid_down_in_list_order(home, tmp_path):
    root = home / ".config/lifespan/cards"
    _user_file(root, "time_of_your_life", "1.toml", PRINTED_LIFE_CARDS)
    _user_file(root, "time_of_your_life", "2.toml", PRINTED_LIFE_CARDS.replace("My Fifth", "Second file"))
    fix = tmp_path / "fix.toml"
    fix.write_text(PRINTED_LIFE_CARDS.replace("My Fifth", "The fix"))
    name = lambda cards: lifespan.load_game("time_of_your_life", cards=cards).cards()[5]["name"]  # noqa: E731
    assert name("user") == "Second file"            # file-name order within the folder
    assert name(["user", fix]) == "The fix"
    assert name([str(fix), "user"]) == "Second file"
    os.chdir(tmp_path)
    try:                                            # a file really named user is ./user
        (tmp_path / "user").write_text(PRINTED_LIFE_CARDS.replace("My Fifth", "Named user"))
        assert name("./user") == "Named user"
    finally:
        os.chdir(Path(__file__).parent)


def test_a_missing_or_empty_user_directory_is_a_clear_card_error(home):
    folder = home / ".config/lifespan/cards/pursuit_of_happiness"
    with pytest.raises(lifespan.CardDataError, match=f"no user card folder {re.escape(str(folder))}.*LIFESPAN_CARDS"):
        lifespan.load_game("pursuit_of_happiness", cards="user")
    folder.mkdir(parents=True)
    with pytest.raises(lifespan.CardDataError, match="holds no .toml file"):
        lifespan.load_game("pursuit_of_happiness", cards="user")
    env = {**os.environ, "HOME": str(home)}
    out = run("selfplay", "pursuit_of_happiness", "--games", "2", "--param", "cards=user", env=env)
    assert out.returncode == 2 and "holds no .toml file" in out.stderr and "Traceback" not in out.stderr


# --- a game that mixes printed and authored cards ------------------------------------------

def test_selfplay_says_when_a_game_mixes_printed_and_authored_cards(tmp_path):
    (tmp_path / "mine.toml").write_text(PRINTED_LIFE_CARDS)
    out = run("selfplay", "time_of_your_life", "--games", "5", "--param", "cards=mine.toml", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1] == ("cards: 2 printed (your transcription) and 78 authored: "
                                          "this game mixes printed cards with lifespan's")
    plain = run("selfplay", "time_of_your_life", "--games", "5", cwd=tmp_path)
    assert "printed" not in plain.stdout


def test_a_game_of_printed_cards_only_says_so(tmp_path):
    game = lifespan.load_game("time_of_your_life")
    every = tmp_path / "all.toml"
    every.write_text(transcription.export_cards(game).replace('provenance = "authored"', 'provenance = "printed"'))
    printed = lifespan.load_game("time_of_your_life", cards=[every])
    assert transcription.provenance_note(printed) == "cards: all 80 printed (your transcription)"
    assert transcription.provenance_note(game) is None


# --- the check and the loader agree ---------------------------------------------------------

ODD_VALUES = [0, -1, 31, 300, "", "x", "arts", True, [], [1], {}, {"a": 1}, {"knowledge": 1},
              ["happiness"]]


def _spoil(document: dict, rng) -> None:
    """One mistake somewhere in the document: a value replaced, a field dropped or added."""
    places: list[tuple[object, object]] = []

    def walk(value: object) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            places.append((value, key))
            walk(inner)
    walk(document)
    parent, key = rng.choice(places)
    odd = copy.deepcopy(rng.choice(ODD_VALUES))
    roll = rng.random()
    if roll < 0.2 and isinstance(parent, dict):
        del parent[key]
    elif roll < 0.3 and isinstance(parent, dict):
        parent[f"extra_{rng.randint(0, 9)}"] = odd
    else:
        parent[key] = odd  # type: ignore[index]


def _as_toml(document: dict) -> str:
    lines = []
    for name, value in document.items():
        if isinstance(value, dict):
            lines += [f"[{name}]"] + [f"{k} = {transcription.toml_value(v)}" for k, v in value.items()]
        elif isinstance(value, list) and all(isinstance(entry, dict) for entry in value):
            for entry in value:
                lines += [f"[[{name}]]"] + [f"{transcription.toml_key(k)} = {transcription.toml_value(v)}"
                                            for k, v in entry.items()]
        else:
            lines.insert(0, f"{name} = {transcription.toml_value(value)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name, params", [
    ("time_of_your_life", {}),
    ("pursuit_of_happiness", {"expansions": [e for e in poh.EXPANSIONS if e != "base"], "players": 4}),
])
def test_a_check_is_clean_exactly_when_the_game_loads(tmp_path, name, params):
    # Seeded mistakes in a few exported cards: the check never crashes, it is clean exactly when
    # load_game takes the file, and the loader's one error is among the problems it lists.
    rng = random.Random(30)
    exported = tomllib.loads(transcription.export_cards(lifespan.load_game(name, **params)))
    kinds = [kind for kind, value in exported.items() if isinstance(value, list)]
    path = tmp_path / "spoilt.toml"
    for _ in range(25):
        kind = rng.choice(kinds)
        document = {key: value for key, value in exported.items() if not isinstance(value, list)}
        document[kind] = copy.deepcopy(rng.sample(exported[kind], min(3, len(exported[kind]))))
        for _ in range(rng.randint(1, 4)):
            _spoil(document, rng)
        path.write_text(_as_toml(document))
        report = transcription.check_card_files(name, [path], **params)
        try:
            lifespan.load_game(name, cards=[path], **params)
        except lifespan.CardDataError as error:
            assert str(error) in report.problems, (path.read_text(), report.problems)
        else:
            assert report.clean, (path.read_text(), report.problems)
