"""Fuzz target: rule parameters in the game string (`load_game("name(k=v,...)")`).

    python fuzz/parameters.py [--seconds 60]

Seeded from game strings naming each corpus configuration (fuzz/corpus/parameters/), mutated as
`name(k=v,...)`: a parameter set to its bounds and past them, to one of its options or to a
near-miss, to another type; the expansions list shuffled, shortened and misspelt; a parameter
dropped or given twice; the punctuation broken. A refused string must get a ValueError (a
RulesError for a bad parameter) in lifespan's words; an accepted one must give a game whose
states pass every check, through 40 random moves and two native playouts.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
import mutators  # noqa: E402
from corpus_configs import EVERY_EXPANSION  # noqa: E402

lifespan = harness.import_lifespan()
NAME = "parameters"
from lifespan._registry import GAMES  # noqa: E402

KNOWN = {name: module.PARAMETERS for name, module in GAMES.items()}


def parse(text: str) -> tuple[str, list[list[str]]]:
    name, _, body = text.strip().rstrip(")").partition("(")
    return name, [item.split("=", 1) if "=" in item else [item, ""] for item in body.split(",") if item]


def new_value(rng: random.Random, spec) -> str:
    if spec is None:
        return rng.choice(["1", "x", "true", ""])
    default = spec.default
    if isinstance(default, bool):
        return rng.choice(["true", "false", "True", "1", "yes"])
    if isinstance(default, int):
        edges = [v for v in (spec.minimum, spec.maximum) if v is not None]
        pick = rng.choice(edges + [default]) + rng.choice([-1, 0, 0, 1]) if edges and rng.random() < 0.6 \
            else mutators.mutate_integer(rng, default)
        return str(pick)
    if spec.options:
        return mutators.mutate_text(rng, rng.choice(spec.options), list(spec.options)) if rng.random() < 0.3 \
            else rng.choice(spec.options)
    return mutators.mutate_text(rng, str(default), [])


def test_one_input(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    try:
        game = lifespan.load_game(text)
    except ValueError as error:
        harness.check_refusal(error)
        return
    harness.check_game(lifespan, game, hashlib.sha256(data).digest(), moves=40)


def mutate(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    if rng.random() < 0.08:
        return mutators.flip_bytes(rng, data, max_size)
    name, items = parse(data.decode("utf-8", errors="replace"))
    known = KNOWN.get(name, {})
    for _ in range(rng.randint(1, 3)):
        op = rng.random()
        if op < 0.15 and name == "pursuit_of_happiness":
            chosen = rng.sample(EVERY_EXPANSION, rng.randint(0, len(EVERY_EXPANSION)))
            if chosen and rng.random() < 0.2:
                chosen[0] = mutators.mutate_text(rng, chosen[0], [])
            items = [i for i in items if i[0] != "expansions"] + [["expansions", "+".join(chosen)]]
        elif op < 0.65 and known:
            key = rng.choice(sorted(known))
            items = [i for i in items if i[0] != key or rng.random() < 0.1] + [[key, new_value(rng, known[key])]]
        elif op < 0.8 and items:
            del items[rng.randrange(len(items))]
        elif op < 0.9:
            name = rng.choice(sorted(KNOWN)) if rng.random() < 0.8 else mutators.mutate_text(rng, name, [])
        elif items:
            items[rng.randrange(len(items))][0] = mutators.mutate_text(rng, items[0][0], sorted(known))
    out = f"{name}({','.join('='.join(i) for i in items)})".encode()
    return out if len(out) <= max_size else data


if __name__ == "__main__":
    harness.main(NAME, test_one_input, mutate, [])
