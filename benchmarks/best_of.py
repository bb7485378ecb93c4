"""The timing rule of the benchmarks that compare two things in one run: the quickest of a few
rounds, which is what this shared machine can do rather than its noise."""

from __future__ import annotations

import time
from typing import Callable


def best_of(rounds: int, call: Callable[[], object]) -> float:
    """The quickest of `rounds` timings of call(), in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best
