"""The user's own card directory: `load_game(GAME, cards="user")`.

A person who owns a game keeps their transcription of its printed cards (docs/transcribing.md)
in one place and names it with `cards="user"` instead of listing paths. The directory is, the
first that is set: the environment variable LIFESPAN_CARDS, then $XDG_CONFIG_HOME/lifespan/cards,
then ~/.config/lifespan/cards. Each game reads the `*.toml` files of its own folder in it
(`<directory>/time_of_your_life/`, `<directory>/pursuit_of_happiness/`), in file-name order.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable

from ._errors import CardDataError

USER_CARDS = "user"            # the name that stands for the directory in `cards=`
ENVIRONMENT_VARIABLE = "LIFESPAN_CARDS"


def user_card_directory() -> Path:
    """The directory holding each game's folder of user card files (it may not exist)."""
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME")
    try:
        base = Path(config) if config else Path.home() / ".config"
    except RuntimeError:   # no home directory to be found
        raise CardDataError(f'cards="user": no home directory; set {ENVIRONMENT_VARIABLE} '
                            "to your card directory") from None
    return base / "lifespan" / "cards"


def user_card_files(game: str) -> list[Path]:
    """The game's card files in the user card directory, in file-name order."""
    folder = user_card_directory() / game
    if not folder.is_dir():
        raise CardDataError(f'cards="user": there is no user card folder {folder} (put your '
                            f"{game} card files there, or set {ENVIRONMENT_VARIABLE} to a "
                            f"directory holding a {game} folder)")
    files = sorted(path for path in folder.glob("*.toml") if path.is_file())
    if not files:
        raise CardDataError(f'cards="user": the user card folder {folder} holds no .toml file')
    return files


def expand_user_cards(game: str, card_files: Iterable[Any]) -> list[Any]:
    """`card_files` with "user" replaced, where it stands, by the game's user card files: files
    later in the list replace the cards of earlier ones, so the place of "user" sets which wins."""
    expanded: list[Any] = []
    for entry in card_files:
        if isinstance(entry, str) and entry == USER_CARDS:
            expanded += user_card_files(game)
        else:
            expanded.append(entry)
    return expanded
