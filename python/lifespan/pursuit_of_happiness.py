"""The Pursuit of Happiness: card files, rule parameters and the game factory.

The rules run in the C++ core (core/src/pursuit_of_happiness); this module reads and checks the
card files (docs/pursuit_of_happiness_cards.md) and the rule parameters
(docs/pursuit_of_happiness.md §8), and builds the engine from them. Expansions follow.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from . import _core
from ._api import attach_definition
from ._definition import definition_document, definition_text
from ._cardcheck import FieldChecker
from ._errors import CardDataError, RulesError
from ._parameters import Parameter, load_parameters, merge_parameters, resolve, split_load_options
from ._toml import read_toml

NAME = "pursuit_of_happiness"
DATA = Path(__file__).parent / "data" / NAME
PARAMETERS: dict[str, Parameter] = load_parameters(DATA / "rules.toml")

# Card kinds in a card file: table name -> the card kind of the public contract.
KINDS = ("project", "item", "activity", "job", "partner", "life_goal", "child_trait", "trend", "pet",
         "standalone_job", "event", "experience", "service", "kid", "nostalgia", "relative",
         "best_friend", "community")
# Expansions with a shipped card set; modules without cards, each turned on by a rule parameter
# of its name; ALL_EXPANSIONS are the names of the public contract.
EXPANSIONS = ("base", "experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs",
              "relatives", "best_friends", "community")
MODULES = ("school",)
ALL_EXPANSIONS = ("base", "experiences", "kids", "nostalgia", "events", "trends", "pets",
                  "standalone_jobs", "community", "best_friends", "school", "relatives")
# "printed": transcribed by the user from their own copy of the game (docs/transcribing.md).
PROVENANCES = ("seed", "published", "authored", "printed")
CATEGORIES = ("culture", "politics", "social", "science", "sports", "arts", "nature")
PROJECT_TYPES = ("basic", "single_round", "group")
JOB_CATEGORIES = ("science", "social", "arts")

RESOURCES = ("knowledge", "creativity", "influence")
COST_KEYS = (*RESOURCES, "any_resource", "money", "hourglasses", "sth", "stress")
REWARD_KEYS = (*RESOURCES, "money", "hourglasses", "sth", "lth", "relax", "good_health", "popularity")
REQUIREMENT_KEYS = (*RESOURCES, "any_resource", "money", "sth")
MAX_AMOUNT = 30

# The engine's Measure order: what Life Goal conditions and Event tasks count.
MEASURES = ("money", "knowledge", "creativity", "influence", "resources", "completed_projects",
            "items", "partner_level_3", "job_level", "lth_from_cards", "retired", "experiences",
            "sth", "popularity", "kids")
CONDITION_WHATS = tuple(m for m in MEASURES if m != "sth")
CONDITION_FIELDS = {"most": ("what",), "at_least": ("what", "amount")}
BOARD_ACTIONS = ("study", "play", "interact", "temp_job", "spend", "start_project", "get_job",
                 "start_relationship", "rest", "plan_experience", "dream")
ABILITY_FIELDS = {
    "action_bonus": ("action", "reward"),
    "round_income": ("reward",),
    "discount": ("on", "amount"),
    "upkeep_relief": ("amount",),
}
DISCOUNT_TARGETS = ("project", "item", "job", "partner")
# Events (KS Promos): board spaces in the engine's Space order, task and effect kinds.
SPACES = ("study", "play", "interact", "temp_job", "work_overtime", "rest", "start_project",
          "spend", "get_job", "start_relationship", "plan_experience", "dream")
EVENT_TASK_FIELDS = {"pay": ("cost",), "action": ("action",), "end_with": ("what", "at_least")}
EVENT_EFFECT_FIELDS = {
    "project_cost": ((), ("resources_less", "substitutions", "extra")),
    "once": ((), ("gain", "loss", "timing")),
    "action_bonus": (("action", "reward"), ()),
}
EVENT_TIMINGS = ("round_start", "after_end_of_round")
END_MEASURES = MEASURES
TASK_COST_KEYS = (*RESOURCES, "money")
LOSS_KEYS = (*RESOURCES, "money", "hourglasses", "sth", "stress")
# What `authored_fields` may name: the parts of a published card this project filled in.
AUTHORED_PARTS = ("type", "category", "levels", "level_names", "role_names", "costs", "rewards",
                  "requirements", "upkeep", "bonus", "promotion", "retirement", "second_face",
                  "start", "ability", "condition", "solo", "lth", "timing", "work_harder",
                  "task", "effect", "name", "triggers", "realization", "outcomes", "repeat", "goal",
                  "achievements", "part_names")
# Nostalgia: the categories with the fields each adds, and the kinds of their goals and abilities.
NOSTALGIA_CATEGORIES = {"life_goal": ("goal",), "ability": ("levels", "ability"),
                        "outcomes": ("levels", "outcomes"), "repeatable": ("levels", "repeat")}
# Levels after L1 given in `levels`; a Repeatable card's L4 is its `repeat` (the Repeatable Level).
NOSTALGIA_LEVELS = {"life_goal": 0, "ability": 1, "outcomes": 1, "repeatable": 2}
PASSIVE_ACTIONS = (*SPACES, "card_action")
ACTIVE_COST_KEYS = (*RESOURCES, "money", "sth")
NOSTALGIA_COST_KEYS = tuple(key for key in COST_KEYS if key != "hourglasses")
GOAL_TIMINGS = ("ongoing", "mid_game", "game_end")
GOAL_KINDS = {"pay_on_project": ("ongoing", ("resource", "at_least")),
              "board_action": ("ongoing", ("action",)),
              "condition": (("mid_game", "game_end"), ("condition",)),
              "relationship_l3": ("mid_game", ())}
NOSTALGIA_ABILITIES = {"action_bonus": ("action", "reward"), "round_income": ("reward",),
                       "store": ("resource", "amount"), "free_action": ("reward",),
                       "inheritance": ("per",), "smart_goals": ("resources",)}
STORE_KINDS = (*RESOURCES, "money")
ACHIEVEMENT_COST_KEYS = (*RESOURCES, "money", "sth", "stress")
COMMON_REQUIRED = ("id", "name", "provenance")
COMMON_OPTIONAL = ("authored_fields", "source", "text", "expansion")
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


class _PursuitChecker(FieldChecker):
    """Checks the cards of one Pursuit of Happiness card file."""

    def effect(self, card: str, field: str, raw: Any, keys: tuple[str, ...]) -> dict[str, int]:
        table = self.table(card, field, raw)
        out = {}
        for key, value in table.items():
            self.choice(card, f"{field}.{key}", key, keys)
            out[key] = self.integer(card, f"{field}.{key}", value, 0, MAX_AMOUNT)
        return out

    def cost(self, card: str, field: str, raw: Any) -> dict[str, int]:
        return self.effect(card, field, raw, COST_KEYS)

    def reward(self, card: str, field: str, raw: Any) -> dict[str, int]:
        return self.effect(card, field, raw, REWARD_KEYS)

    def requirement(self, card: str, field: str, raw: Any) -> dict[str, int]:
        return self.effect(card, field, raw, REQUIREMENT_KEYS)

    def upkeep(self, card: str, field: str, raw: Any) -> dict[str, Any]:
        table = self.table(card, field, raw)
        self.fields(card, field, table, ("cost", "reward"))
        return {"cost": self.cost(card, f"{field}.cost", table["cost"]),
                "reward": self.reward(card, f"{field}.reward", table["reward"])}

    def level_list(self, card: str, field: str, raw: Any, fewest: int, most: int,
                   extra: Iterable[str] = ()) -> list[dict[str, Any]]:
        """Levels (or roles): each { name, cost, reward } plus any `extra` optional fields."""
        extra = tuple(extra)
        levels = []
        for i, entry in enumerate(self.items(card, field, raw, fewest, most)):
            where = f"{field}[{i}]"
            level = self.table(card, where, entry)
            self.fields(card, where, level, ("name", "cost", "reward"), extra)
            checked: dict[str, Any] = {
                "name": self.text(card, f"{where}.name", level["name"]),
                "cost": self.cost(card, f"{where}.cost", level["cost"]),
                "reward": self.reward(card, f"{where}.reward", level["reward"]),
            }
            if "upkeep" in level:
                checked["upkeep"] = self.upkeep(card, f"{where}.upkeep", level["upkeep"])
            levels.append(checked)
        return levels

    # --- one function per kind: the kind's own fields --------------------------------------

    def project(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        kind = self.choice(card, "type", raw.get("type"), PROJECT_TYPES, decides=True)
        own = {"type": kind, "category": self.choice(card, "category", raw.get("category"), CATEGORIES)}
        if kind == "group":
            self.fields(card, "", raw, ("type", "category", "roles", "bonus"))
            own["roles"] = self.level_list(card, "roles", raw["roles"], 2, 4)
            bonus = self.table(card, "bonus", raw["bonus"])
            self.fields(card, "bonus", bonus, ("min_hourglasses", "reward"))
            own["bonus"] = {
                "min_hourglasses": self.integer(card, "bonus.min_hourglasses",
                                                bonus["min_hourglasses"], 1, 8),
                "reward": self.reward(card, "bonus.reward", bonus["reward"]),
            }
        else:
            self.fields(card, "", raw, ("type", "category", "levels"))
            fewest, most = (3, 4) if kind == "basic" else (1, 1)
            own["levels"] = self.level_list(card, "levels", raw["levels"], fewest, most)
        return own

    def item(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("levels",), ("upkeep",))
        own: dict[str, Any] = {"levels": self.level_list(card, "levels", raw["levels"], 1, 3)}
        if "upkeep" in raw:
            own["upkeep"] = self.upkeep(card, "upkeep", raw["upkeep"])
        return own

    def activity(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("cost", "reward"))
        return {"cost": self.cost(card, "cost", raw["cost"]),
                "reward": self.reward(card, "reward", raw["reward"])}

    def job(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("faces",))
        faces = []
        for i, entry in enumerate(self.items(card, "faces", raw["faces"], 2, 2)):
            where = f"faces[{i}]"
            face = self.table(card, where, entry)
            level = self.integer(card, f"{where}.level", face.get("level"), 1, 3, decides=True)
            last = "retirement" if level == 3 else "promotion"
            self.fields(card, where, face, ("name", "category", "level", "requirement", "cost",
                                            "reward", "upkeep", last))
            step = self.table(card, f"{where}.{last}", face[last])
            key, check = ("reward", self.reward) if level == 3 else ("cost", self.cost)
            self.fields(card, f"{where}.{last}", step, (key,))
            faces.append({
                "name": self.text(card, f"{where}.name", face["name"]),
                "category": self.choice(card, f"{where}.category", face["category"], JOB_CATEGORIES),
                "level": level,
                "requirement": self.requirement(card, f"{where}.requirement", face["requirement"]),
                "cost": self.cost(card, f"{where}.cost", face["cost"]),
                "reward": self.reward(card, f"{where}.reward", face["reward"]),
                "upkeep": self.upkeep(card, f"{where}.upkeep", face["upkeep"]),
                last: {key: check(card, f"{where}.{last}.{key}", step[key])},
            })
        return {"faces": faces}

    def partner(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("faces",))
        faces = []
        for i, entry in enumerate(self.items(card, "faces", raw["faces"], 2, 2)):
            where = f"faces[{i}]"
            face = self.table(card, where, entry)
            self.fields(card, where, face, ("name", "levels"))
            faces.append({
                "name": self.text(card, f"{where}.name", face["name"]),
                "levels": self.level_list(card, f"{where}.levels", face["levels"], 3, 3,
                                          extra=("upkeep",)),
            })
        return {"faces": faces}

    def condition(self, card: str, field: str, raw: Any) -> dict[str, Any]:
        table = self.table(card, field, raw)
        kind = self.choice(card, f"{field}.kind", table.get("kind"), CONDITION_FIELDS, decides=True)
        self.fields(card, field, table, ("kind", *CONDITION_FIELDS[kind]))
        out: dict[str, Any] = {"kind": kind,
                               "what": self.choice(card, f"{field}.what", table["what"], CONDITION_WHATS)}
        if "amount" in table:
            out["amount"] = self.integer(card, f"{field}.amount", table["amount"], 1, 200)
        return out

    def life_goal(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("timing", "condition", "lth", "solo"), ("promo",))
        solo = self.condition(card, "solo", raw["solo"])
        if solo["kind"] != "at_least":
            self.wrong(self.fail(card, "solo.kind", "a solo condition is at_least (there is no one to beat)"))
        return {
            "timing": self.choice(card, "timing", raw["timing"], ("in_game", "game_end")),
            "condition": self.condition(card, "condition", raw["condition"]),
            "lth": self.integer(card, "lth", raw["lth"], 1, 10),
            "solo": solo,
            "promo": self.flag(card, "promo", raw.get("promo", False)),
        }

    def child_trait(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("start", "ability"), ("promo",))
        ability = self.table(card, "ability", raw["ability"])
        kind = self.choice(card, "ability.kind", ability.get("kind"), ABILITY_FIELDS, decides=True)
        self.fields(card, "ability", ability, ("kind", *ABILITY_FIELDS[kind]))
        checked: dict[str, Any] = {"kind": kind}
        if "action" in ability:
            checked["action"] = self.choice(card, "ability.action", ability["action"], BOARD_ACTIONS)
        if "reward" in ability:
            checked["reward"] = self.reward(card, "ability.reward", ability["reward"])
        if "on" in ability:
            checked["on"] = self.choice(card, "ability.on", ability["on"], DISCOUNT_TARGETS)
        if "amount" in ability:
            checked["amount"] = self.integer(card, "ability.amount", ability["amount"], 1, 5)
        return {"start": self.reward(card, "start", raw["start"]), "ability": checked,
                "promo": self.flag(card, "promo", raw.get("promo", False))}

    def flag(self, card: str, field: str, value: Any) -> bool:
        if not isinstance(value, bool):
            self.wrong(self.fail(card, field, f"must be true or false, got {value!r}"))
            return False
        return value

    # --- a whole card -----------------------------------------------------------------------

    def pet(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # levels[0].cost is the price paid with Spend; levels[k].cost the Upkeep that feeds the
        # Pet into level k + 1; each level's reward comes on reaching it.
        self.fields(card, "", raw, ("levels",))
        return {"levels": self.level_list(card, "levels", raw["levels"], 2, 4)}

    # A Service works exactly as an Item (Experiences rulebook), in the same deck. A Best Friend
    # has an Item's fields too, on the Best Friends board instead.
    service = item
    best_friend = item

    def experience(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # Planned with Plan Experience (requirement met, reward gained), then experienced with a
        # card action: its cost for its reward, or with the extension's cost and reward too.
        self.fields(card, "", raw, ("type", "planning", "experience", "extend"))
        own: dict[str, Any] = {"type": self.choice(card, "type", raw["type"], ("trip", "happening"))}
        for part, first, second in (("planning", "requirement", "reward"),
                                    ("experience", "cost", "reward"), ("extend", "cost", "reward")):
            table = self.table(card, part, raw[part])
            self.fields(card, part, table, ("name", first, second))
            check = self.requirement if first == "requirement" else self.cost
            own[part] = {"name": self.text(card, f"{part}.name", table["name"]),
                         first: check(card, f"{part}.{first}", table[first]),
                         second: self.reward(card, f"{part}.{second}", table[second])}
        return own

    def kid(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # Level 1 is the Kid's arrival (a reward only); each later level, reached at an Upkeep,
        # has a requirement (met for the reward) or a cost (paid for it), not both.
        self.fields(card, "", raw, ("levels",))
        levels = []
        for i, entry in enumerate(self.items(card, "levels", raw["levels"], 2, 4)):
            where = f"levels[{i}]"
            level = self.table(card, where, entry)
            if i == 0:
                self.fields(card, where, level, ("name", "reward"))
            else:
                self.fields(card, where, level, ("name", "reward"), ("requirement", "cost"))
                if ("requirement" in level) == ("cost" in level):
                    self.wrong(self.fail(card, where, "needs a requirement or a cost (one of them)"))
            checked = {"name": self.text(card, f"{where}.name", level["name"]),
                       "reward": self.reward(card, f"{where}.reward", level["reward"])}
            if "requirement" in level:
                checked["requirement"] = self.requirement(card, f"{where}.requirement", level["requirement"])
            if "cost" in level:
                checked["cost"] = self.cost(card, f"{where}.cost", level["cost"])
            levels.append(checked)
        return {"levels": levels}

    def part(self, card: str, field: str, raw: Any, checks: Mapping[str, Callable[[str, str, Any], Any]],
             optional: Mapping[str, Callable[[str, str, Any], Any]] | None = None) -> dict[str, Any]:
        """A table with a name and the given fields, each checked by its function."""
        table = self.table(card, field, raw)
        optional = optional or {}
        self.fields(card, field, table, ("name", *checks), tuple(optional))
        out: dict[str, Any] = {"name": self.text(card, f"{field}.name", table["name"])}
        for key, check in {**checks, **optional}.items():
            if key in table:
                out[key] = check(card, f"{field}.{key}", table[key])
        return out

    def passive_action(self, card: str, field: str, raw: Any) -> Any:
        return self.choice(card, field, raw, PASSIVE_ACTIONS)

    def active_cost(self, card: str, field: str, raw: Any) -> dict[str, int]:
        # Paid as a free action: resources named by kind, coins and STH, nothing to choose.
        return self.effect(card, field, raw, ACTIVE_COST_KEYS)

    def nostalgia_cost(self, card: str, field: str, raw: Any) -> dict[str, int]:
        # The card action places its Hourglass; a Nostalgia cost lists what is paid besides.
        return self.effect(card, field, raw, NOSTALGIA_COST_KEYS)

    def nostalgia(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # The Reminiscence side (two Triggers and the realization), then the Realization side:
        # its category's levels after L1 and its goal, Outcomes, Repeatable level or Ability.
        category = self.choice(card, "category", raw.get("category"), NOSTALGIA_CATEGORIES, decides=True)
        self.fields(card, "", raw, ("category", "passive", "active", "realization",
                                    *NOSTALGIA_CATEGORIES[category]))
        own: dict[str, Any] = {
            "category": category,
            "passive": self.part(card, "passive", raw["passive"],
                                 {"action": self.passive_action, "reward": self.reward}),
            "active": self.part(card, "active", raw["active"],
                                {"cost": self.active_cost, "reward": self.reward}),
            "realization": self.part(card, "realization", raw["realization"], {
                "requirement": self.requirement, "cost": self.nostalgia_cost, "reward": self.reward}),
        }
        level = {"cost": self.nostalgia_cost, "reward": self.reward}
        if "levels" in raw:
            count = NOSTALGIA_LEVELS[category]
            own["levels"] = [self.part(card, f"levels[{i}]", entry, level)
                             for i, entry in enumerate(self.items(card, "levels", raw["levels"], count, count))]
        if "outcomes" in raw:
            own["outcomes"] = [self.part(card, f"outcomes[{i}]", entry, level, {"partner": self.flag})
                               for i, entry in enumerate(self.items(card, "outcomes", raw["outcomes"], 2, 2))]
        if "repeat" in raw:
            own["repeat"] = self.part(card, "repeat", raw["repeat"], level)
        if "goal" in raw:
            own["goal"] = self.nostalgia_goal(card, raw["goal"])
        if "ability" in raw:
            own["ability"] = self.nostalgia_ability(card, raw["ability"])
        return own

    def nostalgia_goal(self, card: str, raw: Any) -> dict[str, Any]:
        table = self.table(card, "goal", raw)
        timing = self.choice(card, "goal.type", table.get("type"), GOAL_TIMINGS, decides=True)
        kind = self.choice(card, "goal.kind", table.get("kind"), GOAL_KINDS, decides=True)
        timings, fields = GOAL_KINDS[kind]
        if timing not in timings:
            raise self.fail(card, "goal.kind", f"a {kind} goal is not a {timing} goal "
                                               f"(a {timing} goal's kinds: "
                                               f"{', '.join(k for k, (t, _) in GOAL_KINDS.items() if timing in t)})")
        self.fields(card, "goal", table, ("type", "kind", "reward", *fields))
        out: dict[str, Any] = {"type": timing, "kind": kind,
                               "reward": self.reward(card, "goal.reward", table["reward"])}
        if timing == "game_end" and set(out["reward"]) - {"lth"}:
            self.wrong(self.fail(card, "goal.reward", "a Game End goal gives LTH only"))
        if "resource" in table:
            out["resource"] = self.choice(card, "goal.resource", table["resource"], RESOURCES)
            out["at_least"] = self.integer(card, "goal.at_least", table["at_least"], 1, MAX_AMOUNT)
        if "action" in table:
            out["action"] = self.choice(card, "goal.action", table["action"], SPACES)
        if "condition" in table:
            condition = self.table(card, "goal.condition", table["condition"])
            # A mid-game goal's condition is always at_least; it may say so (as exported).
            self.fields(card, "goal.condition", condition, ("what", "amount"), ("kind",))
            if "kind" in condition:
                self.choice(card, "goal.condition.kind", condition["kind"], ("at_least",))
            out["condition"] = {"kind": "at_least",
                                "what": self.choice(card, "goal.condition.what", condition["what"], CONDITION_WHATS),
                                "amount": self.integer(card, "goal.condition.amount", condition["amount"], 1, 200)}
        return out

    def nostalgia_ability(self, card: str, raw: Any) -> dict[str, Any]:
        table = self.table(card, "ability", raw)
        kind = self.choice(card, "ability.kind", table.get("kind"), NOSTALGIA_ABILITIES, decides=True)
        self.fields(card, "ability", table, ("name", "kind", *NOSTALGIA_ABILITIES[kind]))
        out: dict[str, Any] = {"name": self.text(card, "ability.name", table["name"]), "kind": kind}
        if "action" in table:
            out["action"] = self.choice(card, "ability.action", table["action"], SPACES)
        if "reward" in table:
            out["reward"] = self.reward(card, "ability.reward", table["reward"])
        if "resource" in table:
            out["resource"] = self.choice(card, "ability.resource", table["resource"], STORE_KINDS)
        for key, high in (("amount", 10), ("per", 10), ("resources", 5)):
            if key in table:
                out[key] = self.integer(card, f"ability.{key}", table[key], 1, high)
        return out

    def community(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # A social event: at the End of Round each token on it chooses one achievement
        # (requirement held, cost paid, reward gained). Costs name their kinds: nothing to choose.
        self.fields(card, "", raw, ("achievements",))
        part = {"requirement": self.requirement, "cost": self.achievement_cost, "reward": self.reward}
        return {"achievements": [self.part(card, f"achievements[{i}]", entry, part)
                                 for i, entry in enumerate(self.items(card, "achievements", raw["achievements"], 1, 3))]}

    def achievement_cost(self, card: str, field: str, raw: Any) -> dict[str, int]:
        return self.effect(card, field, raw, ACHIEVEMENT_COST_KEYS)

    def relative(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # The Level indicator's numbers, left to right: a die roll above the marked one moves it
        # on; otherwise the reward is paid out (requirement met) and the card leaves the game.
        self.fields(card, "", raw, ("requirement", "reward", "numbers"))
        numbers = [self.integer(card, f"numbers[{i}]", value, 1, 20)
                   for i, value in enumerate(self.items(card, "numbers", raw["numbers"], 1, 8))]
        if any(later <= earlier for earlier, later in zip(numbers, numbers[1:])):
            self.wrong(self.fail(card, "numbers", "must rise from left to right"))
        return {"requirement": self.requirement(card, "requirement", raw["requirement"]),
                "reward": self.reward(card, "reward", raw["reward"]), "numbers": numbers}

    def standalone_job(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # One face, no levels: hired and kept like a Job, and working harder up to twice on
        # hiring (`work_harder`) and at each Upkeep (`work_harder_upkeep`).
        self.fields(card, "", raw, ("category", "requirement", "cost", "reward", "upkeep",
                                    "work_harder", "work_harder_upkeep"))
        return {
            "category": self.choice(card, "category", raw["category"], JOB_CATEGORIES),
            "requirement": self.requirement(card, "requirement", raw["requirement"]),
            "cost": self.cost(card, "cost", raw["cost"]),
            "reward": self.reward(card, "reward", raw["reward"]),
            "upkeep": self.upkeep(card, "upkeep", raw["upkeep"]),
            "work_harder": self.upkeep(card, "work_harder", raw["work_harder"]),
            "work_harder_upkeep": self.upkeep(card, "work_harder_upkeep", raw["work_harder_upkeep"]),
        }

    def event(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        # A positive Event has an `ensure` task; a negative one a `prevent` task, or none when
        # it cannot be prevented.
        sign = self.choice(card, "type", raw.get("type"), ("positive", "negative"), decides=True)
        task_field = "ensure" if sign == "positive" else "prevent"
        self.fields(card, "", raw, ("type", "effect"), (task_field,))
        if sign == "positive" and task_field not in raw:
            self.wrong(self.fail(card, task_field, "missing (a positive Event has a task to ensure it)"))
        own: dict[str, Any] = {"type": sign, "effect": self.event_effect(card, raw["effect"])}
        if task_field in raw:
            own[task_field] = self.event_task(card, task_field, raw[task_field])
        return own

    def event_task(self, card: str, field: str, raw: Any) -> dict[str, Any]:
        table = self.table(card, field, raw)
        kind = self.choice(card, f"{field}.kind", table.get("kind"), EVENT_TASK_FIELDS, decides=True)
        self.fields(card, field, table, ("kind", *EVENT_TASK_FIELDS[kind]))
        if kind == "pay":
            return {"kind": kind, "cost": self.effect(card, f"{field}.cost", table["cost"], TASK_COST_KEYS)}
        if kind == "action":
            return {"kind": kind, "action": self.choice(card, f"{field}.action", table["action"], SPACES)}
        return {"kind": kind, "what": self.choice(card, f"{field}.what", table["what"], END_MEASURES),
                "at_least": self.integer(card, f"{field}.at_least", table["at_least"], -6, MAX_AMOUNT)}

    def event_effect(self, card: str, raw: Any) -> dict[str, Any]:
        table = self.table(card, "effect", raw)
        kind = self.choice(card, "effect.kind", table.get("kind"), EVENT_EFFECT_FIELDS, decides=True)
        required, optional = EVENT_EFFECT_FIELDS[kind]
        self.fields(card, "effect", table, ("kind", *required), optional)
        out: dict[str, Any] = {"kind": kind}
        if kind == "project_cost":
            out["resources_less"] = self.integer(card, "effect.resources_less", table.get("resources_less", 0), 0, 5)
            out["substitutions"] = self.integer(card, "effect.substitutions", table.get("substitutions", 0), 0, 5)
            out["extra"] = self.effect(card, "effect.extra", table.get("extra", {}), TASK_COST_KEYS)
        elif kind == "once":
            out["gain"] = self.reward(card, "effect.gain", table.get("gain", {}))
            out["loss"] = self.effect(card, "effect.loss", table.get("loss", {}), LOSS_KEYS)
            out["timing"] = self.choice(card, "effect.timing", table.get("timing", "round_start"), EVENT_TIMINGS)
        else:
            out["action"] = self.choice(card, "effect.action", table["action"], SPACES)
            out["reward"] = self.reward(card, "effect.reward", table["reward"])
        return out

    def trend(self, card: str, raw: dict[str, Any]) -> dict[str, Any]:
        self.fields(card, "", raw, ("category", "lth"))
        lth = self.items(card, "lth", raw["lth"], 4, 4)
        return {"category": self.choice(card, "category", raw["category"], CATEGORIES),
                "lth": [self.integer(card, f"lth[{i}]", value, 0, MAX_AMOUNT)
                        for i, value in enumerate(lth)]}

    def card(self, kind: str, expansion: str | None, index: int, raw: Any) -> dict[str, Any]:
        label = f"{kind} #{index + 1}"
        raw = self.table(label, kind, raw)
        if "id" not in raw:
            raise self.fail(label, "id", "missing")
        card_id = raw["id"]
        if not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
            raise self.fail(label, "id", f"must be lower_snake_case text, got {card_id!r}")
        for field in COMMON_REQUIRED:
            if field not in raw:
                raise self.fail(card_id, field, "missing")
        provenance = self.choice(card_id, "provenance", raw["provenance"], PROVENANCES, decides=True)
        # A printed card may name where it was copied from, and the parts not yet copied.
        if provenance in ("seed", "published") and "source" not in raw:
            self.wrong(self.fail(card_id, "source", f"a {provenance} card names its source"))
        if provenance == "authored" and ("source" in raw or "authored_fields" in raw):
            self.wrong(self.fail(card_id, "provenance", "an authored card has no source or "
                                                        "authored_fields"))
        common = {name: raw[name] for name in (*COMMON_REQUIRED, *COMMON_OPTIONAL) if name in raw}
        own = {name: value for name, value in raw.items() if name not in common}
        checker: Callable[[str, dict[str, Any]], dict[str, Any]] = getattr(self, kind)
        authored = self.items(card_id, "authored_fields", raw.get("authored_fields", []), 0, 20)
        if "expansion" in raw:   # a card's own expansion, over its file's
            expansion = self.choice(card_id, "expansion", raw["expansion"], ALL_EXPANSIONS)
        return {
            "id": card_id,
            "name": self.text(card_id, "name", raw["name"]),
            "kind": kind,
            "expansion": expansion,
            "provenance": provenance,
            "authored_fields": [self.choice(card_id, f"authored_fields[{i}]", part, AUTHORED_PARTS)
                                for i, part in enumerate(authored)],
            "source": self.text(card_id, "source", raw["source"]) if "source" in raw else "",
            "text": self.text(card_id, "text", raw["text"]) if "text" in raw else "",
            **checker(card_id, own),
        }


def read_card_file(path: str | Path, expansion: str | None,
                   problems: list[CardDataError] | None = None) -> list[dict[str, Any]]:
    """The checked cards of one file; a top-level `expansion = "..."` overrides `expansion`
    (None: the file names none; `load_cards` then decides). Ids are unique within the file.
    With a `problems` list, every problem is recorded there instead of raised, and the cards
    without one are returned; a file that cannot be read still raises."""
    path = Path(path)
    table = read_toml(path)
    checker = _PursuitChecker(path, problems)
    if "expansion" in table:
        expansion = checker.choice("file", "expansion", table.pop("expansion"), ALL_EXPANSIONS)
    cards: list[dict[str, Any]] = []
    seen: set[str] = set()
    for kind, entries in table.items():
        if kind not in KINDS:
            checker.wrong(CardDataError(f"{path.name}: {kind}: unknown card kind "
                                        f"(expected one of: {', '.join(KINDS)})"))
            continue
        if not isinstance(entries, list):
            checker.wrong(CardDataError(f"{path.name}: {kind}: must be an array of tables ([[{kind}]])"))
            continue
        for i, raw in enumerate(entries):
            before = checker.problem_count()
            card = checker.collect(lambda: checker.card(kind, expansion, i, raw))
            if card is None or checker.problem_count() > before:
                continue
            if card["id"] in seen:
                checker.wrong(checker.fail(card["id"], "id", "duplicate"))
                continue
            seen.add(card["id"])
            cards.append(card)
    # As in Time of Your Life: a file that defines nothing is a mistake (when collecting, a file
    # whose every card has a problem has said so already).
    if not cards and not checker.problems:
        raise CardDataError(f"{path.name}: the file defines no cards (expected [[project]], "
                            f"[[job]], ... tables)")
    return cards


def replace_cards(by_id: dict[str, dict[str, Any]], cards: Iterable[dict[str, Any]]) -> None:
    """Each of a user's `cards` replaces the card of its id in `by_id`, or joins the set. A card
    whose file names no expansion keeps that of the card it replaces (a Nostalgia card stays
    one), and a new card is of the base game."""
    for card in cards:
        if card["expansion"] is None:
            card["expansion"] = by_id[card["id"]]["expansion"] if card["id"] in by_id else "base"
        by_id[card["id"]] = card


def load_cards(expansions: Iterable[str] = ("base",),
               extra_files: Iterable[str | Path] = ()) -> list[dict[str, Any]]:
    """Every card of the chosen expansions, then each extra file's cards replacing those with
    the same id (or adding new ones), see `replace_cards`. Ids are unique within the set.
    Without the Community expansion an extra file's card may not use Popularity."""
    by_id: dict[str, dict[str, Any]] = {}
    for expansion in expansions:
        if expansion not in EXPANSIONS:
            raise CardDataError(f"{expansion}: no card set for this expansion yet")
        for shipped in sorted((DATA / expansion).glob("*.toml")):
            for card in read_card_file(shipped, expansion):
                if card["id"] in by_id:
                    raise CardDataError(f"{shipped.name}: {card['id']}: id: duplicate")
                by_id[card["id"]] = card
    from_files = []
    for extra in extra_files:
        cards = read_card_file(extra, None)
        replace_cards(by_id, cards)
        from_files += [(Path(extra).name, card) for card in cards]
    if not any(card["kind"] == "community" for card in by_id.values()):
        # The Popularity track is on the Community board; only a user's file can name it here.
        for name, card in from_files:
            field = _popularity_field(card)
            if field:
                raise CardDataError(f"{name}: {card['id']}: {field}: popularity needs "
                                    "the Community expansion (expansions=['community'])")
    return list(by_id.values())


def resolve_rules(given: Mapping[str, Any]) -> dict[str, Any]:
    """Every rule parameter's value: defaults overridden by `given` (RulesError if bad)."""
    return resolve(NAME, PARAMETERS, given, load_options=("expansions", "cards", "rules"))


# --- the engine's records: one per card, the fields of the core's spec visit() ---------------
# (core/include/lifespan/pursuit_of_happiness/cards.hpp): each names its table; an amount is
# by name and present only when not 0; an enumerated field is its index in the tuple above that
# lists its names.

AMOUNT_KEYS = ("knowledge", "creativity", "influence", "any_resource", "money", "hourglasses",
               "sth", "lth", "stress", "relax", "good_health", "popularity")
NO_EFFECT: dict[str, int] = {}


def _effect(amounts: Mapping[str, int]) -> dict[str, int]:
    return {key: amounts[key] for key in AMOUNT_KEYS if amounts.get(key, 0)}


def _upkeep(upkeep: Mapping[str, Any] | None) -> dict[str, Any]:
    if upkeep is None:
        return {"has_upkeep": False}
    return {"has_upkeep": True, "upkeep_cost": _effect(upkeep["cost"]), "upkeep_reward": _effect(upkeep["reward"])}


def _level(level: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": level["name"], "cost": _effect(level["cost"]), "reward": _effect(level["reward"]),
            **_upkeep(level.get("upkeep"))}


def _condition(condition: Mapping[str, Any]) -> dict[str, int]:
    return {"kind": list(CONDITION_FIELDS).index(condition["kind"]),
            "what": MEASURES.index(condition["what"]), "amount": condition.get("amount", 0)}


def _job_face(face: Mapping[str, Any]) -> dict[str, Any]:
    harder = face.get("work_harder", {"cost": NO_EFFECT, "reward": NO_EFFECT})
    harder_upkeep = face.get("work_harder_upkeep", {"cost": NO_EFFECT, "reward": NO_EFFECT})
    return {
        "name": face["name"],
        "category": JOB_CATEGORIES.index(face["category"]),
        "level": face.get("level", 1),
        "requirement": _effect(face["requirement"]),
        "cost": _effect(face["cost"]),
        "reward": _effect(face["reward"]),
        "upkeep_cost": _effect(face["upkeep"]["cost"]),
        "upkeep_reward": _effect(face["upkeep"]["reward"]),
        "promotion_cost": _effect(face.get("promotion", {}).get("cost", NO_EFFECT)),
        "retirement_reward": _effect(face.get("retirement", {}).get("reward", NO_EFFECT)),
        "standalone": "work_harder" in face,
        "harder_cost": _effect(harder["cost"]),
        "harder_reward": _effect(harder["reward"]),
        "harder_upkeep_cost": _effect(harder_upkeep["cost"]),
        "harder_upkeep_reward": _effect(harder_upkeep["reward"]),
    }


def _event(card: Mapping[str, Any]) -> dict[str, Any]:
    task = card.get("ensure") or card.get("prevent") or {"kind": None}
    effect = card["effect"]
    return {
        "name": card["name"],
        "positive": card["type"] == "positive",
        "task": (None, *EVENT_TASK_FIELDS).index(task["kind"]),
        "task_cost": _effect(task.get("cost", NO_EFFECT)),
        "task_space": SPACES.index(task["action"]) if "action" in task else 0,
        "task_what": MEASURES.index(task["what"]) if "what" in task else 0,
        "task_at_least": task.get("at_least", 0),
        "effect": list(EVENT_EFFECT_FIELDS).index(effect["kind"]),
        "timing": EVENT_TIMINGS.index(effect.get("timing", "round_start")),
        "reward": _effect(effect.get("gain", effect.get("reward", NO_EFFECT))),
        "loss": _effect(effect.get("loss", NO_EFFECT)),
        "effect_space": SPACES.index(effect["action"]) if "action" in effect else 0,
        "resources_less": effect.get("resources_less", 0),
        "substitutions": effect.get("substitutions", 0),
        "extra_cost": _effect(effect.get("extra", NO_EFFECT)),
    }


def _nostalgia(card: Mapping[str, Any]) -> dict[str, Any]:
    realization = card["realization"]
    goal = card.get("goal", {})
    ability = card.get("ability", {})
    repeat = card.get("repeat", {"name": "", "cost": NO_EFFECT, "reward": NO_EFFECT})
    first = {"name": realization["name"], "cost": realization["cost"], "reward": realization["reward"]}
    return {
        "name": card["name"],
        "passive_name": card["passive"]["name"],
        "active_name": card["active"]["name"],
        "category": list(NOSTALGIA_CATEGORIES).index(card["category"]),
        "passive_action": PASSIVE_ACTIONS.index(card["passive"]["action"]),
        "passive_reward": _effect(card["passive"]["reward"]),
        "active_cost": _effect(card["active"]["cost"]),
        "active_reward": _effect(card["active"]["reward"]),
        "requirement": _effect(realization["requirement"]),
        "cost": _effect(realization["cost"]),
        "reward": _effect(realization["reward"]),
        # A Repeatable card reaches its Repeatable Level (L4) for the cost and reward it then repeats.
        "levels": [_level(level) for level in (first, *card.get("levels", []), *([repeat] if "repeat" in card else []))],
        "outcomes": [{"name": o["name"], "cost": _effect(o["cost"]), "reward": _effect(o["reward"]),
                      "partner": o.get("partner", False)} for o in card.get("outcomes", [])],
        "repeat_name": repeat["name"],
        "repeat_cost": _effect(repeat["cost"]),
        "repeat_reward": _effect(repeat["reward"]),
        "goal_timing": GOAL_TIMINGS.index(goal.get("type", "ongoing")),
        "goal": list(GOAL_KINDS).index(goal.get("kind", "condition")),
        "goal_resource": RESOURCES.index(goal["resource"]) if "resource" in goal else 0,
        "goal_amount": goal.get("at_least", 0),
        "goal_space": SPACES.index(goal["action"]) if "action" in goal else 0,
        "goal_condition": _condition(goal.get("condition", {"kind": "at_least", "what": "money"})),
        "goal_reward": _effect(goal.get("reward", NO_EFFECT)),
        "ability": list(NOSTALGIA_ABILITIES).index(ability.get("kind", "action_bonus")),
        "ability_space": SPACES.index(ability["action"]) if "action" in ability else 0,
        "ability_amount": ability.get("amount", ability.get("per", ability.get("resources", 0))),
        "store_kind": STORE_KINDS.index(ability["resource"]) if "resource" in ability else 0,
        "ability_reward": _effect(ability.get("reward", NO_EFFECT)),
        "ability_name": ability.get("name", ""),
    }


def _project(card: Mapping[str, Any]) -> dict[str, Any]:
    group = card["type"] == "group"
    return {"table": "projects", "name": card["name"], "type": PROJECT_TYPES.index(card["type"]),
            "category": CATEGORIES.index(card["category"]),
            "levels": [_level(level) for level in card["roles" if group else "levels"]],
            "bonus_min": card["bonus"]["min_hourglasses"] if group else 0,
            "bonus_reward": _effect(card["bonus"]["reward"] if group else NO_EFFECT)}


def _item(card: Mapping[str, Any]) -> dict[str, Any]:
    """Items, Activities, Pets, Services and Best Friends share the core's one Item table."""
    kind = card["kind"]
    levels = card["levels"] if kind != "activity" else [
        {"name": card["name"], "cost": card["cost"], "reward": card["reward"]}]
    return {"table": "items", "name": card["name"], "activity": kind == "activity", "pet": kind == "pet",
            "best_friend": kind == "best_friend", "levels": [_level(level) for level in levels],
            **_upkeep(card.get("upkeep"))}


def _child_trait(card: Mapping[str, Any]) -> dict[str, Any]:
    ability = card["ability"]
    return {"table": "traits", "name": card["name"], "start": _effect(card["start"]),
            "ability": list(ABILITY_FIELDS).index(ability["kind"]),
            "action": BOARD_ACTIONS.index(ability["action"]) if "action" in ability else 0,
            "reward": _effect(ability.get("reward", NO_EFFECT)),
            "on": DISCOUNT_TARGETS.index(ability["on"]) if "on" in ability else 0,
            "amount": ability.get("amount", 0), "promo": card["promo"]}


def _kid(card: Mapping[str, Any]) -> dict[str, Any]:
    return {"table": "kids", "name": card["name"], "levels": [
        {"name": level["name"], "reward": _effect(level["reward"]),
         "requirement": _effect(level.get("requirement", NO_EFFECT)),
         "cost": _effect(level.get("cost", NO_EFFECT)), "has_cost": "cost" in level}
        for level in card["levels"]]}


def _experience(card: Mapping[str, Any]) -> dict[str, Any]:
    parts = (card["planning"], card["experience"], card["extend"])
    return {"table": "experiences", "name": card["name"], "trip": card["type"] == "trip",
            "plan_requirement": _effect(card["planning"]["requirement"]),
            "plan_reward": _effect(card["planning"]["reward"]),
            "cost": _effect(card["experience"]["cost"]), "reward": _effect(card["experience"]["reward"]),
            "extend_cost": _effect(card["extend"]["cost"]), "extend_reward": _effect(card["extend"]["reward"]),
            "part_names": [part["name"] for part in parts]}


# Card kind -> its record. A Stand-alone Job shows one face, so both of its faces are that one.
_RECORDS: dict[str, Any] = {
    "project": _project,
    **{kind: _item for kind in ("item", "activity", "pet", "service", "best_friend")},
    "job": lambda card: {"table": "jobs", "faces": [_job_face(face) for face in card["faces"]]},
    "standalone_job": lambda card: {"table": "jobs", "faces": [_job_face(card)] * 2},
    "partner": lambda card: {"table": "partners", "faces": [
        {"name": face["name"], "levels": [_level(level) for level in face["levels"]]} for face in card["faces"]]},
    "life_goal": lambda card: {"table": "goals", "name": card["name"], "game_end": card["timing"] == "game_end",
                               "condition": _condition(card["condition"]), "solo": _condition(card["solo"]),
                               "lth": card["lth"], "promo": card["promo"]},
    "child_trait": _child_trait,
    "trend": lambda card: {"table": "trends", "name": card["name"], "lth": card["lth"],
                           "category": CATEGORIES.index(card["category"])},
    "event": lambda card: {"table": "events", **_event(card)},
    "kid": _kid,
    "experience": _experience,
    "nostalgia": lambda card: {"table": "nostalgia", **_nostalgia(card)},
    "community": lambda card: {"table": "community", "name": card["name"], "achievements": [
        {"name": a["name"], "requirement": _effect(a["requirement"]), "cost": _effect(a["cost"]),
         "reward": _effect(a["reward"])} for a in card["achievements"]]},
    "relative": lambda card: {"table": "relatives", "name": card["name"], "numbers": card["numbers"],
                              "requirement": _effect(card["requirement"]), "reward": _effect(card["reward"])},
}
assert set(_RECORDS) == set(KINDS), "every card kind has an engine record"


def engine_record(card: Mapping[str, Any]) -> dict[str, Any]:
    """A checked card as the core reads it in a game definition: the table it joins and that
    table's fields. Ids within a table follow the cards' order."""
    record: dict[str, Any] = _RECORDS[card["kind"]](card)
    return record


def build(parameters: Mapping[str, Any], traits: list[str], cards: list[dict[str, Any]]) -> Any:
    """The engine object for checked parameters and cards (also used when unpickling).
    `traits` is unused: Pursuit cards name no trait vocabulary of their own."""
    load_options = {"expansions": expansions_played(parameters, cards)}
    records = [engine_record(card) for card in cards]
    definition = definition_document(NAME, parameters, load_options, traits, cards, records)
    game = _core.pursuit_of_happiness_from_definition(definition_text(definition))
    return attach_definition(game, NAME, parameters, traits, cards, secret_choice=_kept_trait,
                             load_options=load_options, definition=definition)


def expansions_played(parameters: Mapping[str, Any], cards: Iterable[Mapping[str, Any]]) -> list[str]:
    """The `expansions` a game plays, in ALL_EXPANSIONS order: those whose cards it holds and the
    modules turned on, so that `load_game(NAME, **game.parameters)` loads the same game."""
    present = {card["expansion"] for card in cards}
    return [e for e in ALL_EXPANSIONS
            if e != "base" and (e in present or (e in MODULES and parameters.get(e) is True))]


def _kept_trait(state: Any, action: int) -> bool:
    """The one move made in secret (docs §3.5): which Child Trait a seat keeps shows only when
    the last seat has kept one. Every other move is made in the open."""
    return bool(state.action_to_string(action).startswith("Keep trait"))


def expansions_of(game: Any) -> list[str]:
    """The expansions whose cards `game` plays with, in EXPANSIONS order (for its repr; the
    modules show as their own parameters there)."""
    played = game.parameters["expansions"]
    return [e for e in EXPANSIONS if e in played]


def expansions_for_fingerprint(fingerprint: Any, parameters: Mapping[str, Any]) -> list[str]:
    """The expansions whose shipped cards make the card set `fingerprint` names, for a
    version-1 save (which did not record them): each subset of the expansions with cards is
    tried, with the promo rule the save names. ValueError if none fits (cards of a user's file)."""
    promo = parameters.get("promo_cards", PARAMETERS["promo_cards"].default)
    optional = [e for e in EXPANSIONS if e != "base"]
    # The fingerprint hashes the JSON of the card list (card_fingerprint); joined here from each
    # card's JSON, so that the thousand subsets cost one pass over the cards each.
    chunks = {}
    for expansion in ("base", *optional):
        kept = [c for c in load_cards([expansion]) if promo or not c.get("promo", False)]
        chunks[expansion] = [json.dumps(c, sort_keys=True).encode() for c in kept]
    for size in range(len(optional) + 1):
        for chosen in itertools.combinations(optional, size):
            digest = hashlib.sha256(b"[[], [")
            digest.update(b", ".join(item for e in ("base", *chosen) for item in chunks[e]))
            digest.update(b"]]")
            if digest.hexdigest()[:16] == fingerprint:
                modules = [m for m in MODULES if parameters.get(m) is True]
                return [e for e in ALL_EXPANSIONS if e in chosen or e in modules]
    raise ValueError("state JSON: a version-1 save whose cards are no set of shipped expansions "
                     "(cards from a user's file?): load it with game.state_from_json into its game")


def load(params: Mapping[str, Any]) -> Any:
    """`load_game('pursuit_of_happiness', ...)`: `expansions`, `cards` and `rules` are taken out
    of params; the rest are rule parameters."""
    params = dict(params)
    expansions = params.pop("expansions", None) or []
    if isinstance(expansions, str):   # the command line's form: "experiences+events"
        expansions = [name for name in expansions.split("+") if name]
    if not isinstance(expansions, (list, tuple, set, frozenset)):
        raise RulesError(f"expansions: a list of expansion names, got {expansions!r}")
    for expansion in expansions:
        if expansion not in ALL_EXPANSIONS:
            raise RulesError(f"expansions: unknown expansion {expansion!r} "
                             f"(known: {', '.join(ALL_EXPANSIONS)})")
    card_files, given = split_load_options(params, NAME)
    # A module is also a parameter. Given at its default (off) while expansions= lists it, it
    # chose nothing (OpenSpiel passes every parameter at its default): the module is played.
    listed = [module for module in MODULES if module in expansions]
    given = {name: value for name, value in given.items()
             if not (name in listed and value is PARAMETERS[name].default)}
    given = merge_parameters(given, "as a parameter", {module: True for module in listed}, "by expansions=")
    if given.get("players") == 5 and "community" not in expansions:
        raise RulesError("players: must be at most 4 (a 5th player needs the Community expansion)")
    chosen = ["base"] + [e for e in EXPANSIONS if e != "base" and e in expansions]
    parameters, cards = resolve_rules(given), load_cards(chosen, card_files)
    if not parameters["promo_cards"]:   # the base box alone: no card marked as a KS promo
        cards = [card for card in cards if not card.get("promo", False)]
    try:
        return build(parameters, [], cards)
    except CardDataError as error:
        if not card_files:   # the shipped sets always fit: nothing the user can change
            raise
        # The engine counts the set as a whole; name the user's files and what they made of it.
        counts = Counter(card["kind"] for card in cards)
        held = ", ".join(f"{counts[kind]} {kind}" for kind in KINDS if counts[kind])
        files = ", ".join(Path(extra).name for extra in card_files)
        raise CardDataError(f"{error} (with {files}: {held})") from None


def _popularity_field(value: Any, where: str = "") -> str | None:
    """The field of a card (or part of one) that gains, pays or counts Popularity, or None."""
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{where}.{key}" if where else key
            if key == "popularity" and item != 0:
                return path
            found = None if key in ("id", "name", "text", "source") else _popularity_field(item, path)
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _popularity_field(item, f"{where}[{index}]")
            if found:
                return found
    elif value == "popularity":
        return where
    return None
