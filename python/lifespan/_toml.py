"""Reading the project's TOML files (card sets, rule parameters) with errors that name the file.

A card file comes from the user, so it is read with limits: only a regular file (a FIFO, a
device such as /dev/zero or a directory is refused before anything is read, so nothing blocks
or runs out of memory) and at most MAX_TOML_BYTES of it.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on old Pythons
    import tomli as tomllib

from ._errors import CardDataError

# The largest shipped file is about 40 KB and a full transcription of a game's printed cards
# would be a few hundred KB; 8 MiB leaves ample room and keeps a wrong file from filling memory.
MAX_TOML_BYTES = 8 * 1024 * 1024


def read_toml(path: str | os.PathLike[str], error: type[ValueError] = CardDataError) -> dict[str, Any]:
    """Parse a TOML file; a missing, unreadable, oversized, special or malformed file raises
    `error` naming the file. A path of the wrong type is a TypeError."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a TOML file's path is a str or a path, got {type(path).__name__}")
    path = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read: {exc.strerror or exc}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        what = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise error(f"{path}: {what}; a card or rules file must be a regular file")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(MAX_TOML_BYTES + 1)
        except OSError as exc:
            raise error(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_TOML_BYTES:
        raise error(f"{path}: larger than {MAX_TOML_BYTES:,} bytes; "
                    "no card or rules file is that large")
    try:
        table: dict[str, Any] = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML: {exc}") from None
    return table
