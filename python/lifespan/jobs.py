"""Running a batch of games on every local core or across a Ray cluster (docs/analysis.md,
"Backends").

A job is `count` games numbered 0 .. count − 1 and a task, a module-level function
`task(payload, first, count) -> list` that plays games first .. first + count − 1 and returns
one result per game, each a function of the game's index and the payload only. The job is cut
into chunks by index; the chunks run anywhere (this process, worker processes, Ray tasks) and
their results are put back in index order, so the outcome is the same whatever the backend or
the number of workers. A chunk whose worker dies is run again, and only its first answer is
kept: nothing is lost or counted twice. One progress bar counts the games of every worker.

Backends: "local" (processes through concurrent.futures, one per core by default; one worker
runs in this process) and "ray" (the optional `lifespan[ray]` extra: `ray.init(address=…)`
with `address` "auto" or a cluster's address, or a local `ray.init()` when none is given and
Ray is not started yet).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Sequence

from tqdm import tqdm

from ._parameters import MAX_THREADS, check_integer

BACKENDS = ("local", "ray")
RETRIES = 3  # times a chunk is run again after its worker died

Task = Callable[[Any, int, int], Any]  # one result per game: a list, or an array of rows


def check_backend(backend: Any, address: Any = None) -> str:
    """The backend's name if it is one; a clear error if it is not, or if Ray is asked for and
    not installed."""
    if not isinstance(backend, str):
        raise TypeError(f"backend must be text ('local' or 'ray'), got {type(backend).__name__}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if address is not None and not isinstance(address, str):
        raise TypeError(f"address must be text ('auto' or host:port), got {type(address).__name__}")
    if address is not None and backend != "ray":
        raise ValueError("address names a Ray cluster: it needs backend='ray'")
    if backend == "ray":
        _ray()
    return backend


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'lifespan[ray]' (or pip install ray)") from None
    return ray


def chunks(count: int, pieces: int) -> list[tuple[int, int]]:
    """(first, count) of about `pieces` equal chunks of games 0 .. count − 1."""
    pieces = max(1, min(pieces, count))
    size = -(-count // pieces)
    return [(first, min(size, count - first)) for first in range(0, count, size)]


def local_workers(workers: int) -> int:
    """The worker processes a local job uses: `workers`, or one per core for 0."""
    workers = check_integer("workers", workers, 0, MAX_THREADS)
    return workers or os.cpu_count() or 1


def run(task: Task, payload: Any, count: int, backend: str = "local", workers: int = 0,
        address: str | None = None, progress: bool = True, unit: str = "game",
        pieces: Sequence[tuple[int, int]] | None = None) -> list[Any]:
    """The results of games 0 .. count − 1 of a job, in index order. `pieces` fixes the chunks
    (when a task's result depends on them, as a batch of native playouts does); by default the
    job is cut into a few chunks per worker."""
    backend = check_backend(backend, address)
    bar = tqdm(total=count, unit=unit, disable=None if progress else True, file=sys.stderr)
    try:
        if backend == "ray":
            return _run_ray(task, payload, count, address, bar, pieces)
        return _run_local(task, payload, count, local_workers(workers), bar, pieces)
    finally:
        bar.close()


def _gather(parts: dict[int, Sequence[Any]], order: Sequence[tuple[int, int]]) -> list[Any]:
    results: list[Any] = []
    for index, (_, size) in enumerate(order):
        part = list(parts[index])
        if len(part) != size:
            raise RuntimeError(f"a chunk of {size} games returned {len(part)} results")
        results.extend(part)
    return results


def _run_local(task: Task, payload: Any, count: int, workers: int, bar: Any,
               pieces: Sequence[tuple[int, int]] | None) -> list[Any]:
    order = list(pieces) if pieces is not None else chunks(count, workers * 4 if workers > 1 else 1)
    parts: dict[int, Sequence[Any]] = {}
    if workers == 1 or len(order) == 1:
        for index, (first, size) in enumerate(order):
            parts[index] = task(payload, first, size)
            bar.update(size)
        return _gather(parts, order)
    # Fresh interpreters (spawn): forking a process that runs native threads is unsafe, and a
    # spawned worker still sees this process's sys.path (a user's module:callable agent).
    context = multiprocessing.get_context("spawn")
    for attempt in range(RETRIES + 1):
        waiting = [index for index in range(len(order)) if index not in parts]
        if not waiting:
            break
        try:
            with concurrent.futures.ProcessPoolExecutor(min(workers, len(waiting)), mp_context=context) as pool:
                futures = {pool.submit(task, payload, *order[index]): index for index in waiting}
                for future in concurrent.futures.as_completed(futures):
                    index = futures[future]
                    parts[index] = future.result()
                    bar.update(order[index][1])
        except BrokenProcessPool:
            if attempt == RETRIES:
                raise RuntimeError(f"worker processes died {RETRIES + 1} times; giving up") from None
    return _gather(parts, order)


def _ray_chunk(task: Task, payload: Any, first: int, count: int) -> Any:
    return task(payload, first, count)


def _run_ray(task: Task, payload: Any, count: int, address: str | None, bar: Any,
             pieces: Sequence[tuple[int, int]] | None) -> list[Any]:
    ray = _ray()
    if not ray.is_initialized():
        if address is None:
            ray.init()
        else:
            ray.init(address=address)
    cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
    order = list(pieces) if pieces is not None else chunks(count, cpus * 4)
    # Ray runs a task again when its worker dies (max_retries); an exception raised by the
    # task itself is a real error, and is not retried.
    remote = ray.remote(max_retries=RETRIES, retry_exceptions=False)(_ray_chunk)
    stored = ray.put(payload)
    waiting = {remote.remote(task, stored, first, size): index for index, (first, size) in enumerate(order)}
    parts: dict[int, Sequence[Any]] = {}
    pending = list(waiting)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for reference in done:
            index = waiting[reference]
            parts[index] = ray.get(reference)
            bar.update(order[index][1])
    return _gather(parts, order)
