"""Fuzz target: `apply`, `child`, `action_to_string` and `string_to_action` with arbitrary values.

    python fuzz/actions.py [--seconds 60]

An input is a JSON document {"save": <a saved state>, "ops": [[method, kind, value], ...]}; a bare
saved state (the seeds in fuzz/corpus/actions/) has no ops yet and gets some from the mutator.
An op calls one of the four methods with a legal action (by index), its name as typed by a
careless person (other case, cut short, with stray characters), an arbitrary integer, or a value
of another type (None, a float, a bool, bytes, a list, a numpy integer). Each call must either
succeed on a legal action or be refused with the API's error and leave the state as it was;
the state is checked in full every 16 ops and at the end.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
import mutators  # noqa: E402

lifespan = harness.import_lifespan()
NAME = "actions"
GAMES = harness.CorpusGames(lifespan, ["time_of_your_life", "pursuit_of_happiness"])
METHODS = ["apply", "child", "action_to_string", "string_to_action"]
KINDS = ["legal", "name", "int", "none", "float", "bool", "bytes", "list", "numpy"]
MAX_OPS = 64


def realize(state, kind: str, value):
    legal = state.legal_actions()
    if kind == "legal":
        return legal[int(value) % len(legal)] if legal and isinstance(value, int) else value
    if kind == "name":
        if legal and isinstance(value, list) and len(value) == 2 and isinstance(value[0], int):
            name = state.action_to_string(legal[value[0] % len(legal)])
            return mutators.mutate_text(random.Random(str(value[1])), name, []) if value[1] else name
        return str(value)
    if kind == "numpy":
        return np.int64(value) if isinstance(value, int) and -2**63 <= value < 2**63 else np.float32(1.0)
    if kind == "none":
        return None
    if kind == "float":
        return value if isinstance(value, float) else 1.5
    if kind == "bool":
        return bool(value)
    if kind == "bytes":
        return str(value).encode("utf-8", errors="surrogatepass")
    if kind == "list":
        return [value]
    return value


def test_one_input(data: bytes) -> None:
    try:
        doc = json.loads(data.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return
    save, ops = (doc.get("save"), doc.get("ops", [])) if isinstance(doc, dict) and "save" in doc else (doc, [])
    game = GAMES.game_for(save, "time_of_your_life")
    try:
        state = game.state_from_json(json.dumps(save))
    except (ValueError, TypeError, RecursionError):
        return  # the saved_state targets fuzz the loader; this one needs a state to act on
    for index, op in enumerate(ops[:MAX_OPS] if isinstance(ops, list) else []):
        if not (isinstance(op, list) and len(op) == 3 and op[0] in METHODS and op[1] in KINDS):
            continue
        method, kind, raw = op
        value = realize(state, kind, raw)
        before, legal, earlier = state.to_json(), state.legal_actions(), state.clone()
        try:
            result = getattr(state, method)(value)
        except (TypeError, ValueError) as error:
            harness.check_refusal(error, before, state)
            continue
        # What the call took `value` to mean, read off the state as it was: it must be legal.
        meant = earlier.string_to_action(value) if isinstance(value, str) else int(value)
        if method == "action_to_string":  # names any id, legal or not
            harness.require(0 <= meant < state.game.num_distinct_actions and bool(result), f"named {value!r}")
        else:
            harness.require(meant in legal, f"{method} accepted {value!r}, which is no legal action")
        if method == "string_to_action":
            harness.require(result == meant, f"string_to_action({value!r}) gave {result}, not {meant}")
        if method != "apply":
            harness.require(state.to_json() == before, f"{method} changed the state")
        if index % 16 == 15:
            harness.check_state(state, children=8)
    harness.check_state(state, children=16)


def mutate(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return mutators.flip_bytes(rng, data, max_size)
    if not (isinstance(doc, dict) and "save" in doc):
        doc = {"save": doc, "ops": []}
    ops = doc["ops"] if isinstance(doc.get("ops"), list) else []
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if choice < 0.6 or not ops:
            kind = rng.choice(KINDS)
            value = ([rng.randrange(100), rng.choice([0, 0, rng.randrange(1000)])] if kind == "name"
                     else rng.randrange(100) if kind == "legal" else mutators.mutate_integer(rng, rng.randrange(1000)))
            ops.insert(rng.randint(0, len(ops)), [rng.choice(METHODS), kind, value])
        elif choice < 0.8:
            del ops[rng.randrange(len(ops))]
        elif choice < 0.95:
            ops[rng.randrange(len(ops))][2] = mutators.mutate_value(rng, ops[rng.randrange(len(ops))][2], [])
        else:
            doc["save"] = mutators.mutate_tree(rng, doc["save"], [])
    doc["ops"] = ops[:MAX_OPS]
    out = json.dumps(doc).encode()
    return out if len(out) <= max_size else data


if __name__ == "__main__":
    harness.main(NAME, test_one_input, mutate, [])
