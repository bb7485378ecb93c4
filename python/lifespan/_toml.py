"""Reading the project's TOML files with errors that name the file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on old Pythons
    import tomli as tomllib

from ._errors import CardDataError


def read_toml(path: str | Path, error: type[ValueError] = CardDataError) -> dict[str, Any]:
    """Parse a TOML file; a missing or malformed file raises `error` naming the file."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            table: dict[str, Any] = tomllib.load(handle)
            return table
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read: {exc}") from None
