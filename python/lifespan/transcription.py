"""Bring your own printed cards: export a card set as an editable TOML worksheet, check a
transcription and report the problems of every card in it, and note when a game mixes printed cards with
ours (`python -m lifespan cards export|check`, docs/transcribing.md).

Neither game's printed card list is public, so the shipped cards are marked `seed`, `published`
or `authored`. A person who owns a copy of a game exports the set, copies the numbers and texts
of their own cards over ours, marks each copied card `provenance = "printed"` and loads the file
with `load_game(GAME, cards=[FILE])` or from their user card directory (`cards="user"`). The
formats are those of the loaders: docs/pursuit_of_happiness_cards.md and
docs/time_of_your_life.md §9.

The worksheet is written here rather than with a TOML library: it needs a comment above every
field (what it means, whether it must be checked), which TOML writers do not emit, and the
values are of five plain types (text, integer, true/false, list, table).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from . import pursuit_of_happiness as poh
from . import time_of_your_life as toyl
from ._errors import CardDataError
from ._registry import load_game
from ._usercards import expand_user_cards
from .cli_args import game_from_args, load_options

PRINTED = "printed"
PROVENANCE_MEANINGS = {
    "authored": "written by lifespan to the published component counts; not the printed card",
    "published": "the card is printed and some facts about it are public",
    "seed": "a rulebook describes this card",
    PRINTED: "transcribed by you from your own copy",
}

# ------------------------------------------------------------------------------------------
# What each field means, for the worksheet's comments: by (kind, field), else by field.

EFFECT_KEYS = ("an effect is a table of amounts, e.g. { knowledge = 2, money = 1 }: knowledge, "
               "creativity, influence, any_resource (any resources, the payer's choice), money, "
               "hourglasses, sth (short-term happiness), lth (long-term happiness), stress, relax, "
               "good_health, popularity (Community only); {} is nothing")


def _one_of(options: Iterable[str]) -> str:
    return " | ".join(options)


MEANINGS: dict[str, str] = {
    "id": "links this block to the shipped card it replaces; keep it (a new id adds a card)",
    "name": "the card's title",
    "provenance": f"{_one_of(poh.PROVENANCES)}; set \"{PRINTED}\" once you have copied the card",
    "source": "where the facts come from (optional for a printed card, e.g. \"my copy\")",
    "authored_fields": "the parts lifespan filled in, not from the printed card; empty it "
                       "once you have copied them",
    "text": "the card's rules text or flavour, in plain words (optional)",
    "expansion": "the box the card comes in",
    "category": "the category: " + _one_of(poh.CATEGORIES),
    "levels": "the levels, first to last, each { name, cost, reward }",
    "cost": "what is paid (an effect)",
    "reward": "what is gained (an effect)",
    "requirement": "what must be held, not paid (an effect)",
    "upkeep": "{ cost, reward } paid and gained each Upkeep phase",
    "promo": "true for a KS promo card (left out with promo_cards = false)",
    "faces": "the card's two faces",
    "timing": "in_game | game_end",
    "condition": "{ kind = \"most\", what } or { kind = \"at_least\", what, amount }; what: "
                 + _one_of(poh.CONDITION_WHATS),
    "solo": "the solo condition: { kind = \"at_least\", what, amount }",
    "lth": "the long-term happiness it gives",
    "start": "what is gained when the trait is kept (an effect)",
    "ability": "{ kind, ... }: action_bonus { action, reward }, round_income { reward }, "
               "discount { on, amount }, upkeep_relief { amount }",
    "type": "the card's type",
}
KIND_MEANINGS: dict[tuple[str, str], str] = {
    ("project", "type"): _one_of(poh.PROJECT_TYPES),
    ("project", "levels"): "basic: 3 or 4 levels, single_round: 1, each { name, cost, reward }; "
                           "later levels' costs hold hourglasses = 1",
    ("project", "roles"): "group only: 2 to 4 roles { name, cost, reward }",
    ("project", "bonus"): "group only: { min_hourglasses, reward } for every participant",
    ("item", "levels"): "1 to 3 levels { name, cost, reward }; level 1 is bought with Spend",
    ("service", "levels"): "1 to 3 levels { name, cost, reward }; level 1 is bought with Spend",
    ("best_friend", "levels"): "1 to 3 levels { name, cost, reward }; level 1 is Make a Friend's",
    ("activity", "cost"): "paid once with Spend (an effect)",
    ("activity", "reward"): "gained once with Spend (an effect)",
    ("job", "faces"): "two faces, each: name, category (" + _one_of(poh.JOB_CATEGORIES)
                      + "), level (1-3), requirement, cost, reward, upkeep { cost, reward }, "
                      "promotion { cost } (levels 1-2) or retirement { reward } (level 3)",
    ("partner", "faces"): "two faces, each { name, levels }: 3 levels { name, cost, reward, upkeep }",
    ("child_trait", "ability"): MEANINGS["ability"] + "; action: " + _one_of(poh.BOARD_ACTIONS)
                                + "; on: " + _one_of(poh.DISCOUNT_TARGETS),
    ("trend", "lth"): "four numbers: LTH for 1, 2, 3 and 4 or more completed Projects",
    ("pet", "levels"): "2 to 4 levels { name, cost, reward }: level 1's cost is its price, a later "
                       "level's cost the Upkeep that feeds the Pet into it",
    ("experience", "type"): "trip | happening",
    ("experience", "planning"): "{ name, requirement, reward }: planned with Plan Experience",
    ("experience", "experience"): "{ name, cost, reward }: the card action",
    ("experience", "extend"): "{ name, cost, reward }: paid and gained on top when extended",
    ("kid", "levels"): "2 to 4 levels { name, reward }; each after the first also has a "
                       "requirement or a cost (one of them)",
    ("nostalgia", "category"): _one_of(poh.NOSTALGIA_CATEGORIES),
    ("nostalgia", "passive"): "{ name, action, reward }; action: " + _one_of(poh.PASSIVE_ACTIONS),
    ("nostalgia", "active"): "{ name, cost, reward }: a free action",
    ("nostalgia", "realization"): "{ name, requirement, cost, reward }: the Realize card action",
    ("nostalgia", "levels"): "the levels after the first, each { name, cost, reward }",
    ("nostalgia", "outcomes"): "outcomes only: 2 x { name, cost, reward }, optional partner = true",
    ("nostalgia", "repeat"): "repeatable only: { name, cost, reward }, the Repeatable Level",
    ("nostalgia", "goal"): "life_goal only: { type, kind, reward, ... } "
                           "(docs/pursuit_of_happiness_cards.md, Nostalgia)",
    ("nostalgia", "ability"): "ability only: { name, kind, ... }; kind: "
                              + _one_of(poh.NOSTALGIA_ABILITIES),
    ("community", "achievements"): "1 to 3 { name, requirement, cost, reward }",
    ("relative", "numbers"): "1 to 8 rising numbers (1-20) on the Level track, left to right",
    ("relative", "requirement"): "held when a roll pays out (an effect)",
    ("relative", "reward"): "gained then (an effect)",
    ("standalone_job", "category"): _one_of(poh.JOB_CATEGORIES),
    ("standalone_job", "work_harder"): "{ cost, reward }: up to twice on hiring",
    ("standalone_job", "work_harder_upkeep"): "{ cost, reward }: up to twice at each Upkeep",
    ("event", "type"): "positive | negative",
    ("event", "ensure"): "positive: the task, { kind = \"pay\", cost }, { kind = \"action\", "
                         "action } or { kind = \"end_with\", what, at_least }",
    ("event", "prevent"): "negative, optional: the task that prevents it, as ensure",
    ("event", "effect"): "{ kind = \"project_cost\", ... }, { kind = \"once\", gain, loss, timing } "
                         "or { kind = \"action_bonus\", action, reward }",
    ("life", "number"): "the card's number, 0-79; links this block to the shipped card",
    ("life", "kind"): "always \"life\"",
    ("life", "provenance"): f"{_one_of(toyl.PROVENANCES)}; set \"{PRINTED}\" once you have "
                            "copied the card",
    ("life", "age"): "the age printed on the card, 0-255",
    ("life", "traits"): "0 to 5 trait icons, names from [set].traits",
    ("life", "left"): "the emotion icons on the left edge: happiness | inspiration, at most 3",
    ("life", "right"): "the emotion icons on the right edge: happiness | inspiration, at most 3",
    ("life", "text"): "the card's scoring text, in plain words",
    ("life", "objective"): "{ kind, ... }; kind: " + _one_of(toyl.OBJECTIVE_FIELDS)
                           + " (docs/time_of_your_life.md §8)",
    ("life", "expansion"): "base",
}


def meaning(kind: str, name: str) -> str:
    """What field `name` of a card of `kind` holds, for the worksheet."""
    return KIND_MEANINGS.get((kind, name)) or MEANINGS[name]


# The fields each `authored_fields` part touches: a part names the card field, or the key that
# some of its nested tables hold (`costs`: every `cost`).
PART_KEYS: dict[str, tuple[str, ...]] = {
    "costs": ("cost",), "rewards": ("reward",), "requirements": ("requirement",),
    "level_names": ("levels",), "role_names": ("roles",), "second_face": ("faces",),
    "work_harder": ("work_harder", "work_harder_upkeep"), "task": ("ensure", "prevent"),
    "triggers": ("passive", "active"), "part_names": ("planning", "experience", "extend"),
}
NEVER_CHECKED = ("id", "number", "kind", "provenance", "source", "authored_fields", "expansion")


def _holds_key(value: Any, keys: tuple[str, ...]) -> bool:
    if isinstance(value, dict):
        return any(k in keys or _holds_key(v, keys) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_key(item, keys) for item in value)
    return False


def fields_to_check(card: Mapping[str, Any]) -> dict[str, list[str]]:
    """The card's fields a transcriber must compare with the printed card, each with the parts
    that make it so: every field of an authored card, the authored parts of another."""
    fields = [name for name in card if name not in NEVER_CHECKED and card[name] != ""]
    if card["provenance"] == "authored":
        return {name: [] for name in fields}
    flagged: dict[str, list[str]] = {}
    for part in card.get("authored_fields", []):
        keys = PART_KEYS.get(part, (part,))
        for name in fields:
            top = name in keys
            if top or (part != "name" and _holds_key(card[name], keys)):
                flagged.setdefault(name, []).append(part)
    return flagged


# ------------------------------------------------------------------------------------------
# Writing TOML

def toml_value(value: Any) -> str:
    """A value on one line: text, integer, true/false, a list or an inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON's escapes are TOML's; DEL is the one control character JSON leaves as it is.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def toml_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else toml_value(key)


def _assignment(name: str, value: Any) -> list[str]:
    """`name = value`; a list of tables one entry a line, so that each level reads on its own."""
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return [f"{toml_key(name)} = ["] + [f"  {toml_value(item)}," for item in value] + ["]"]
    return [f"{toml_key(name)} = {toml_value(value)}"]


def _comment(text: str) -> list[str]:
    return ["# " + line if line else "#" for line in text.split("\n")]


def _field_lines(kind: str, name: str, value: Any, check: list[str] | None) -> list[str]:
    if check is None:
        flag = ""
    else:
        flag = "CHECK" + (f" ({', '.join(check)})" if check else "") + " "
    return _comment(f"{flag}{name}: {meaning(kind, name)}") + _assignment(name, value)


def _provenance_lines(card: Mapping[str, Any], flagged: Mapping[str, list[str]]) -> list[str]:
    provenance = card["provenance"]
    line = f"Provenance: {provenance}, {PROVENANCE_MEANINGS[provenance]}"
    if card.get("source"):
        line += f" (source: {card['source']})"
    lines = [line + "."]
    if provenance == "authored":
        lines.append("Every field below is lifespan's: check each one marked CHECK against your card.")
    elif card.get("authored_fields"):
        who = "Not yet copied from your card" if provenance == PRINTED else "lifespan filled in"
        lines.append(f"{who}: {', '.join(card['authored_fields'])}; check the fields marked CHECK.")
    if provenance != PRINTED:
        lines.append(f"When this block matches your card, set provenance = \"{PRINTED}\""
                     + (" and empty authored_fields (or keep the parts you could not copy)."
                        if flagged and provenance != "authored" else "."))
    return _comment("\n".join(lines))


KIND_TITLES = {"project": "Project", "item": "Item", "activity": "Activity", "job": "Job",
               "partner": "Partner", "life_goal": "Life Goal", "child_trait": "Child Trait",
               "trend": "Trend", "pet": "Pet", "standalone_job": "Stand-alone Job",
               "event": "Event", "experience": "Experience", "service": "Service", "kid": "Kid",
               "nostalgia": "Nostalgia card", "relative": "Relative", "best_friend": "Best Friend",
               "community": "Community card", "life": "Life card"}
RULE = "# " + "-" * 94


def _pursuit_block(card: Mapping[str, Any]) -> list[str]:
    kind = card["kind"]
    flagged = fields_to_check(card)
    lines = [RULE, f"# {card['id']}: {card['name']} ({KIND_TITLES[kind]}, {card['expansion']})"]
    lines += _provenance_lines(card, flagged)
    lines.append(f"[[{kind}]]")
    # The common fields first; empty optional ones are left out, as the loader wants them absent.
    common = ("id", "name", "provenance", "source", "authored_fields", "text", "expansion")
    own = [name for name in card if name not in (*common, "kind")]
    for name in (*common, *own):
        value = card[name]
        if name in ("source", "authored_fields", "text") and not value:
            continue
        if name == "faces":   # the faces' tables close the block, [[job.faces]]
            continue
        lines += _field_lines(kind, name, value, flagged.get(name))
    if "faces" in card:
        lines += _comment(("CHECK " if "faces" in flagged else "") + "faces: " + meaning(kind, "faces"))
        for face in card["faces"]:
            lines.append(f"[[{kind}.faces]]")
            for name, value in face.items():
                lines += _assignment(name, value)
    return lines + [""]


def _pursuit_worksheet(game: Any) -> list[str]:
    cards = game.cards()
    lines = _comment(
        "The Pursuit of Happiness: the card set of " + repr(game) + ",\n"
        "written by `python -m lifespan cards export` for you to copy your own printed cards over.\n"
        "\n"
        "Format: docs/pursuit_of_happiness_cards.md; how to go about it: docs/transcribing.md.\n"
        "Each block is one card. Copy the names and numbers of your card over the block's, set\n"
        f"provenance = \"{PRINTED}\", and delete the blocks you have not copied (those cards stay as\n"
        "shipped). Check the file with\n"
        "  python -m lifespan cards check FILE --game pursuit_of_happiness --expansions ...\n"
        "Costs, rewards and requirements: " + EFFECT_KEYS + ".")
    lines.append("")
    for kind in poh.KINDS:
        for card in cards:
            if card["kind"] == kind:
                lines += _pursuit_block(card)
    return lines


def _life_block(card: Mapping[str, Any]) -> list[str]:
    flagged = fields_to_check(card)
    lines = [RULE, f"# card {card['number']:02d}: {card['name']}"]
    lines += _provenance_lines(card, flagged)
    lines.append("[[card]]")
    for name, value in card.items():
        if name != "id":
            lines += _field_lines("life", name, value, flagged.get(name))
    return lines + [""]


def _life_worksheet(game: Any) -> list[str]:
    lines = _comment(
        "Time of Your Life: the 80 Life cards of " + repr(game) + ",\n"
        "written by `python -m lifespan cards export` for you to copy your own printed cards over.\n"
        "\n"
        "Format: docs/time_of_your_life.md §9; how to go about it: docs/transcribing.md.\n"
        "Each block is one card. Copy your card over the block with its number, set\n"
        f"provenance = \"{PRINTED}\", and delete the blocks you have not copied (those cards stay as\n"
        "shipped). Renaming the traits below needs all 80 cards in the file. Check it with\n"
        "  python -m lifespan cards check FILE --game time_of_your_life")
    lines += ["", "[set]", f"game = {toml_value(toyl.NAME)}",
              "# the five trait names; a file that renames them defines all 80 cards",
              f"traits = {toml_value(game._traits)}", ""]
    for card in game.cards():
        lines += _life_block(card)
    return lines


def export_cards(game: Any) -> str:
    """The loaded card set of `game` as a TOML worksheet that loads back to the same cards."""
    if game.name == poh.NAME:
        lines = _pursuit_worksheet(game)
    elif game.name == toyl.NAME:
        lines = _life_worksheet(game)
    else:
        raise ValueError(f"no card worksheet for {game.name!r}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------
# Checking a transcription

@dataclass
class CheckReport:
    """What `check_card_files` found: every problem, and what the files change."""
    game: str
    files: list[str]
    problems: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    printed: list[str] = field(default_factory=list)
    # ids a file adds that a shipped expansion not loaded has: expansion -> ids
    elsewhere: dict[str, list[str]] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = list(self.problems)
        count = len(self.problems)
        if count:
            out.append(f"{count} problem{'s' if count > 1 else ''} in {', '.join(self.files)}.")
        else:
            out.append(f"{', '.join(self.files)}: no problems.")
        passed = ", leaving out the cards with problems" if count else ""
        out.append(f"Against the shipped {self.game} cards{passed}: "
                   f"{_ids('replaced', self.replaced)}, {_ids('added', self.added)}, "
                   f"{len(self.unchanged)} unchanged; {len(self.printed)} marked printed.")
        for expansion, ids in self.elsewhere.items():
            out.append(f"Note: {_listed(ids)} {'is' if len(ids) == 1 else 'are'} shipped with "
                       f"the {expansion} expansion, not loaded here; with --expansions {expansion} "
                       "the file replaces them instead of adding them.")
        return out


SHOWN_IDS = 10   # a summary names this many ids of a kind, then counts the rest


def _listed(ids: list[str]) -> str:
    shown = ", ".join(ids[:SHOWN_IDS])
    return shown + (f" and {len(ids) - SHOWN_IDS} more" if len(ids) > SHOWN_IDS else "")


def _ids(what: str, ids: list[str]) -> str:
    return f"{len(ids)} {what}" + (f" ({_listed(ids)})" if ids else "")


def _read_for_check(game: Any, path: str | Path, problems: list[CardDataError]) -> list[dict[str, Any]]:
    """The cards of one file that pass the loader's checks; each problem recorded."""
    try:
        if game.name == poh.NAME:
            return poh.read_card_file(path, None, problems)
        return toyl.read_card_file(path, game._traits, problems)[1]
    except CardDataError as error:   # the file as a whole cannot be read
        problems.append(error)
        return []


def check_card_files(game_name: str, files: Sequence[str | Path], **params: Any) -> CheckReport:
    """Checks card files for `game_name` loaded with `params` (expansions, rule parameters):
    the problems of every card (a missing field ends its card's check), then whether the game loads with them, then what they change
    against the shipped cards. A bad game name or parameter raises as `load_game` does."""
    if not files:
        raise ValueError("cards check: name at least one card file")
    if "cards" in params:
        raise ValueError("cards check: give the card files to check as arguments, not as cards=")
    shipped_game = load_game(game_name, **params)
    files = expand_user_cards(shipped_game.name, files)   # "user": the user card directory's
    report = CheckReport(shipped_game.name, [Path(path).name for path in files])
    problems: list[CardDataError] = []
    user_cards: list[dict[str, Any]] = []
    for path in files:
        user_cards += _read_for_check(shipped_game, path, problems)
    if not problems:
        try:   # what only the whole set can tell: counts, Popularity without Community, ...
            load_game(game_name, cards=list(files), **params)
        except CardDataError as error:
            problems.append(error)
    report.problems = [str(problem) for problem in problems]
    _summarise(report, shipped_game, user_cards)
    return report


def _summarise(report: CheckReport, shipped_game: Any, user_cards: list[dict[str, Any]]) -> None:
    shipped = {card["id"]: card for card in shipped_game.cards()}
    merged = {card_id: dict(card) for card_id, card in shipped.items()}
    if shipped_game.name == poh.NAME:
        poh.replace_cards(merged, [dict(card) for card in user_cards])
        everywhere = {card["id"]: card["expansion"] for card in poh.load_cards(poh.EXPANSIONS)}
    else:
        merged.update({card["id"]: card for card in user_cards})
        everywhere = {}
    for card_id in dict.fromkeys(card["id"] for card in user_cards):
        label = str(card_id)
        if card_id not in shipped:
            report.added.append(label)
            if card_id in everywhere:
                report.elsewhere.setdefault(everywhere[card_id], []).append(label)
        elif merged[card_id] == shipped[card_id]:
            report.unchanged.append(label)
        else:
            report.replaced.append(label)
        if merged[card_id]["provenance"] == PRINTED:
            report.printed.append(label)


# ------------------------------------------------------------------------------------------
# Printed and authored cards in one game

def provenance_note(game: Any) -> str | None:
    """A line saying how many of the game's cards are printed (a user's transcription), when
    any are; None for a game of shipped cards only."""
    counts = Counter(card["provenance"] for card in game.cards())
    printed = counts.pop(PRINTED, 0)
    if not printed:
        return None
    if not counts:
        return f"cards: all {printed} printed (your transcription)"
    others = ", ".join(f"{n} {provenance}" for provenance, n in sorted(counts.items()))
    return (f"cards: {printed} printed (your transcription) and {others}: this game mixes "
            "printed cards with lifespan's")


# ------------------------------------------------------------------------------------------
# The command line: `python -m lifespan cards export|check`

def add_commands(sub: Any) -> None:
    """Adds `cards export` and `cards check` to the command line's subcommands."""
    cards = sub.add_parser("cards", help="export and check a transcription of your own printed cards "
                           "(a game loads it with --param cards=user)",
                           description="Transcribe your own printed cards: docs/transcribing.md.")
    actions = cards.add_subparsers(dest="cards_command", required=True)

    def options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--expansions", help="The Pursuit of Happiness: expansions to load, joined "
                       "with + (e.g. experiences+nostalgia)")
        p.add_argument("--param", action="append", metavar="KEY=VALUE",
                       help="a rule parameter or load option, e.g. cards=user (repeatable)")
        p.set_defaults(players=None, seed=None)

    export = actions.add_parser("export", help="write the card set as an editable TOML file")
    export.add_argument("game", help="a game name")
    options(export)
    export.add_argument("-o", "--output", metavar="FILE", help="the file to write (default: print)")
    export.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    export.set_defaults(run=cmd_export)

    check = actions.add_parser("check", help="report the problems of every card in card files, exit 0 if none")
    check.add_argument("files", nargs="+", metavar="FILE",
                       help="card files to check; user: the files of your user card directory")
    check.add_argument("--game", required=True, help="the game the files are for")
    options(check)
    check.set_defaults(run=cmd_check)


def _game_options(args: argparse.Namespace) -> argparse.Namespace:
    """The arguments with --expansions folded into --param, as the command line's loader takes them."""
    param = list(args.param or [])
    if args.expansions:
        param.append(f"expansions={args.expansions}")
    return argparse.Namespace(**{**vars(args), "param": param})


def cmd_export(args: argparse.Namespace) -> int:
    options = _game_options(args)
    game = game_from_args(options)
    text = export_cards(game)
    if not args.output:
        sys.stdout.write(text)
        return 0
    path = Path(args.output)
    if path.exists() and not args.force:
        raise ValueError(f"{path} exists; choose another file or add --force to overwrite it")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror or error}") from None
    print(f"Wrote {len(game.cards())} cards of {game.name} to {path}.")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    options = _game_options(args)
    report = check_card_files(args.game, args.files, **load_options(options))
    for line in report.lines():
        print(line)
    return 0 if report.clean else 1
