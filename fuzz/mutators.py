"""Structure-aware mutations shared by the fuzz targets: values at the edges of their types, and
changes to the shape of JSON-like trees. Every function takes a `random.Random`, so a mutation is
reproducible from libFuzzer's seed."""

from __future__ import annotations

import copy
import random
from typing import Any

# Integers at the edges the engine's fields live on (8-, 16-, 32- and 64-bit, signed and not).
EDGE_INTEGERS = [0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 15, 16, 23, 24, 31, 32, 63, 64, 127, 128, 255,
                 256, 32767, 32768, 65535, 65536, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64,
                 -128, -129, -32768, -32769, -2**31, -2**63, 10**30]
ODD_VALUES: list[Any] = [None, True, False, "", "x", [], {}, 1.5, float("inf"), "\ud800"]


def mutate_integer(rng: random.Random, value: int) -> int:
    choice = rng.random()
    if choice < 0.5:
        return rng.choice(EDGE_INTEGERS)
    if choice < 0.8:
        return value + rng.choice([-2, -1, 1, 2])
    return rng.randint(-70000, 70000)


def mutate_text(rng: random.Random, value: str, known: list[str]) -> str:
    choice = rng.random()
    if choice < 0.4 and known:
        return rng.choice(known)
    if choice < 0.55:
        return value.upper() if value != value.upper() else value.lower()
    if choice < 0.7:
        return value[: rng.randint(0, len(value))]
    if choice < 0.85:
        return value + rng.choice(["x", " ", "+", ",", "=", "(", ")", "\n", "\x00", "é"])
    return "".join(rng.sample(value, len(value))) if value else "x"


def odd_value(rng: random.Random) -> Any:
    """A value of an unexpected type: a fresh copy, so no two places in a tree share one."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def mutate_value(rng: random.Random, value: Any, known_text: list[str]) -> Any:
    """One small change to a leaf, or (rarely) a value of another type."""
    if rng.random() < 0.08:
        return odd_value(rng)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return mutate_integer(rng, value)
    if isinstance(value, float):
        return rng.choice([0.0, -1.0, value * 2, float("nan")])
    if isinstance(value, str):
        return mutate_text(rng, value, known_text)
    return odd_value(rng)


def _containers(node: Any, out: list[Any]) -> list[Any]:
    if isinstance(node, (dict, list)):
        out.append(node)
        for child in (node.values() if isinstance(node, dict) else node):
            _containers(child, out)
    return out


def mutate_tree(rng: random.Random, root: Any, known_text: list[str]) -> Any:
    """One change somewhere in a tree of dicts and lists: a leaf's value, or a container's shape
    (an entry dropped, doubled, moved or added)."""
    containers = _containers(root, [])
    if not containers:
        return mutate_value(rng, root, known_text)
    node = rng.choice(containers)
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    op = rng.random()
    if not keys or op < 0.1:
        if isinstance(node, dict):
            node[rng.choice(known_text + ["extra"])] = rng.choice(EDGE_INTEGERS) if rng.random() < 0.7 else odd_value(rng)
        else:
            node.append(rng.choice(EDGE_INTEGERS))
        return root
    key = rng.choice(keys)
    if op < 0.7:
        child = node[key]
        node[key] = (mutate_tree(rng, child, known_text) if isinstance(child, (dict, list)) and rng.random() < 0.3
                     else mutate_value(rng, child, known_text))
    elif op < 0.8:
        del node[key]
    elif op < 0.9 and isinstance(node, list):
        node.insert(rng.randint(0, len(node)), copy.deepcopy(node[key]))
    elif isinstance(node, list) and len(node) > 1:
        other = rng.randrange(len(node))
        node[key], node[other] = node[other], node[key]
    else:
        other = rng.choice(keys)
        node[key] = copy.deepcopy(node[other])
    return root


def flip_bytes(rng: random.Random, data: bytes, max_size: int) -> bytes:
    """A few random byte changes: what a structure-blind fuzzer would try."""
    buffer = bytearray(data or b"\x00")
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        at = rng.randrange(len(buffer) or 1)
        if op < 0.4 and buffer:
            buffer[at] = rng.randrange(256)
        elif op < 0.7:
            buffer.insert(at, rng.randrange(256))
        elif buffer:
            del buffer[at]
    return bytes(buffer[:max_size])
