"""The Pursuit of Happiness card files: the schema every card is checked against and the loader
that reads the shipped sets and a user's files (docs/pursuit_of_happiness_cards.md).

The card kinds, fields and enumerated names follow The Pursuit of Happiness rulebook and those of
its expansions; every card records its provenance (seed, published, authored or printed), and no
authored card is presented as printed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .._cardcheck import FieldChecker
from .._errors import CardDataError
from .._toml import read_toml

NAME = "pursuit_of_happiness"
DATA = Path(__file__).parent.parent / "data" / NAME

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
