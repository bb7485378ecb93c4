"""Fuzz target: loading a card file (`load_game(..., cards=[path])`), for either game.

    python fuzz/card_files.py [--seconds 60]

Seeded from the card files the package ships (python/lifespan/data/), mutated line by line as
TOML: a field's value set to the edges of its type or to another type, a field dropped or
doubled, a card duplicated, a table renamed. A file with `[[card]]` or `[set]` is a Time of Your
Life file, any other a Pursuit file, loaded into the base game or into one with every expansion.
A refused file must get a CardDataError or RulesError in lifespan's words; an accepted one must
give a game whose states pass every check, through 60 random moves and two native playouts.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
import mutators  # noqa: E402
from corpus_configs import EVERY_EXPANSION  # noqa: E402

lifespan = harness.import_lifespan()
NAME = "card_files"
DATA = Path(lifespan.__file__).resolve().parent / "data"
SHIPPED = sorted(p for p in DATA.rglob("*.toml") if p.name != "rules.toml")
SCRATCH = Path(tempfile.mkdtemp(prefix="lifespan-fuzz-cards-"))
FIELD = re.compile(r"^(\s*)([A-Za-z_][A-Za-z0-9_.]*)(\s*=\s*)(.+)$")
FIELD_NAMES = sorted({m.group(2) for p in SHIPPED for line in p.read_text().splitlines() if (m := FIELD.match(line))})


def toml_literal(value: object) -> str:
    """A TOML literal for the values the mutator makes (JSON's string escapes are TOML's)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value) if value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=True)
    if isinstance(value, list):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_literal(v)}" for k, v in value.items()) + "}"
    return '""'


def mutate_lines(rng: random.Random, lines: list[str]) -> list[str]:
    fields = [i for i, line in enumerate(lines) if FIELD.match(line)]
    headers = [i for i, line in enumerate(lines) if line.strip().startswith("[")]
    op = rng.random()
    if op < 0.6 and fields:
        at = rng.choice(fields)
        indent, key, equals, literal = FIELD.match(lines[at]).groups()
        try:
            import tomllib
            value = tomllib.loads(f"v = {literal}")["v"]
        except Exception:  # noqa: BLE001 - an unparsable value is mutated as text
            value = literal
        value = (mutators.mutate_tree(rng, value, FIELD_NAMES) if isinstance(value, (dict, list)) and value
                 else mutators.mutate_value(rng, value, FIELD_NAMES))
        lines[at] = f"{indent}{key}{equals}{toml_literal(value)}"
    elif op < 0.7 and fields:
        del lines[rng.choice(fields)]
    elif op < 0.8 and fields:
        at = rng.choice(fields)
        lines.insert(at, FIELD.sub(lambda m: f"{m.group(1)}{rng.choice(FIELD_NAMES)}{m.group(3)}{m.group(4)}", lines[at]))
    elif op < 0.9 and headers:
        start = rng.choice(headers)
        end = next((h for h in headers if h > start), len(lines))
        lines[end:end] = lines[start:end]
    elif headers:
        at = rng.choice(headers)
        lines[at] = rng.choice(["[[project]]", "[[item]]", "[[job]]", "[[partner]]", "[[card]]", "[set]",
                                "[[nostalgia]]", "[[event]]", "[[kid]]", "[[pet]]", "[x]"])
    return lines


def test_one_input(data: bytes) -> None:
    path = SCRATCH / "cards.toml"
    path.write_bytes(data)
    digest = hashlib.sha256(data).digest()
    if b"[[card]]" in data or b"[set]" in data:
        name, parameters = "time_of_your_life", {"players": 2 + digest[0] % 3}
    else:
        expansions = EVERY_EXPANSION if digest[0] % 2 else []
        name, parameters = "pursuit_of_happiness", {"players": 5 if expansions else 2, "expansions": expansions}
    try:
        game = lifespan.load_game(name, cards=[path], **parameters)
    except (lifespan.CardDataError, lifespan.RulesError) as error:
        harness.check_refusal(error)
        return
    harness.check_game(lifespan, game, digest, moves=60)


def mutate(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    if rng.random() < 0.1:
        return mutators.flip_bytes(rng, data, max_size)
    lines = data.decode("utf-8", errors="replace").splitlines()
    for _ in range(rng.randint(1, 3)):
        lines = mutate_lines(rng, lines)
    out = ("\n".join(lines) + "\n").encode()
    return out if len(out) <= max_size else data


if __name__ == "__main__":
    harness.main(NAME, test_one_input, mutate, SHIPPED)
