"""The Pursuit of Happiness engine records: each checked card as the C++ core reads it in a game
definition (docs/embedding.md §2). Every record names the core table it joins and carries the
fields of that table's spec `visit()` (core/include/lifespan/pursuit_of_happiness/cards.hpp).
"""

from __future__ import annotations

from typing import Any, Mapping

from .cards import (ABILITY_FIELDS, BOARD_ACTIONS, CATEGORIES, CONDITION_FIELDS, DISCOUNT_TARGETS,
                    EVENT_EFFECT_FIELDS, EVENT_TASK_FIELDS, EVENT_TIMINGS, GOAL_KINDS, GOAL_TIMINGS,
                    JOB_CATEGORIES, KINDS, MEASURES, NOSTALGIA_ABILITIES, NOSTALGIA_CATEGORIES,
                    PASSIVE_ACTIONS, PROJECT_TYPES, RESOURCES, SPACES, STORE_KINDS)

# An amount is by name and present only when not 0; an enumerated field is its index in the
# tuple of cards.py that lists its names.

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
