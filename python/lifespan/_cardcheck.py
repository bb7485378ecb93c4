"""Field checks shared by the card loaders; every error names file, card and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ._errors import CardDataError


class FieldChecker:
    """Checks values read from one card file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

    def fail(self, card: str, field: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.path.name}: {card}: {field}: {problem}")

    def integer(self, card: str, field: str, value: Any, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(card, field, f"must be an integer, got {value!r}")
        if not low <= value <= high:
            raise self.fail(card, field, f"must be from {low} to {high}, got {value}")
        return value

    def choice(self, card: str, field: str, value: Any, options: Iterable[str]) -> Any:
        options = tuple(options)
        if value not in options:
            raise self.fail(card, field, f"unknown value {value!r} (expected one of: "
                                         f"{', '.join(options)})")
        return value

    def text(self, card: str, field: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(card, field, "must be non-empty text")
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
            raise self.fail(card, field, f"must hold {count} entries, got {len(value)}")
        return value

    def fields(self, card: str, where: str, raw: dict[str, Any], required: Iterable[str],
               optional: Iterable[str] = ()) -> None:
        """Every required field present and no field outside required + optional."""
        required = tuple(required)
        allowed = set(required) | set(optional)
        prefix = f"{where}." if where else ""
        for name in raw:
            if name not in allowed:
                raise self.fail(card, prefix + name, "unknown field")
        for name in required:
            if name not in raw:
                raise self.fail(card, prefix + name, "missing")
