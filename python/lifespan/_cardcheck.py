"""Field checks shared by the card loaders; every error names file, card and field.

A checker stops at the first problem (loading a game), or, given a `problems` list, records
each problem and goes on (`python -m lifespan cards check`): a wrong value is then checked on
in a harmless stand-in's place, and only a problem after which the card cannot be read further
(a missing field, a table that is not one, a kind that decides which fields follow) ends that
card's check.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from ._errors import CardDataError

T = TypeVar("T")


class FieldChecker:
    """Checks values read from one card file."""

    def __init__(self, path: str | Path, problems: list[CardDataError] | None = None):
        self.path = Path(path)
        self.problems = problems

    def fail(self, card: str, field: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.path.name}: {card}: {field}: {problem}")

    def wrong(self, error: CardDataError) -> None:
        """A problem the check can go on after: raised, or recorded when collecting."""
        if self.problems is None:
            raise error
        self.problems.append(error)

    def _instead(self, error: CardDataError, stand_in: T, decides: bool) -> T:
        # A value that decides which fields follow has no harmless stand-in.
        if decides:
            raise error
        self.wrong(error)
        return stand_in

    def problem_count(self) -> int:
        """How many problems have been recorded so far (0 when not collecting)."""
        return len(self.problems) if self.problems is not None else 0

    def collect(self, check: Callable[[], T]) -> T | None:
        """`check()`; when collecting, a problem that ends it is recorded and None returned."""
        try:
            return check()
        except CardDataError as error:
            if self.problems is None:
                raise
            self.problems.append(error)
            return None

    def integer(self, card: str, field: str, value: Any, low: int, high: int,
                decides: bool = False) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            return self._instead(self.fail(card, field, f"must be an integer, got {value!r}"),
                                 low, decides)
        if not low <= value <= high:
            return self._instead(self.fail(card, field, f"must be from {low} to {high}, got {value}"),
                                 min(max(value, low), high), decides)
        return value

    def choice(self, card: str, field: str, value: Any, options: Iterable[str],
               decides: bool = False) -> Any:
        options = tuple(options)
        if value not in options:
            return self._instead(self.fail(card, field, f"unknown value {value!r} (expected one of: "
                                                        f"{', '.join(options)})"),
                                 options[0], decides)
        return value

    def text(self, card: str, field: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            return self._instead(self.fail(card, field, "must be non-empty text"),
                                 str(value).strip() or "?", False)
        return value.strip()

    def table(self, card: str, field: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(card, field, f"must be a table, got {value!r}")
        return value

    def items(self, card: str, field: str, value: Any, fewest: int, most: int) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(card, field, f"must be a list, got {value!r}")
        if not fewest <= len(value) <= most:
            count = f"exactly {most}" if fewest == most else f"{fewest} to {most}"
            self.wrong(self.fail(card, field, f"must hold {count} entries, got {len(value)}"))
        return value

    def fields(self, card: str, where: str, raw: dict[str, Any], required: Iterable[str],
               optional: Iterable[str] = ()) -> None:
        """Every required field present and no field outside required + optional."""
        required = tuple(required)
        allowed = set(required) | set(optional)
        prefix = f"{where}." if where else ""
        for name in raw:
            if name not in allowed:
                self.wrong(self.fail(card, prefix + name, "unknown field (expected: "
                                                          f"{', '.join(sorted(allowed))})"))
        missing = [self.fail(card, prefix + name, "missing") for name in required if name not in raw]
        if missing:   # the fields after it are read from the card: it ends the check
            if self.problems is not None:
                self.problems.extend(missing[1:])
            raise missing[0]
