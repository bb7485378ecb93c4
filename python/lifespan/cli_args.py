"""The command line's shared reading of a game: GAME, --players, --seed and --param (and, with
no player count given, the number of seats listed), for every subcommand that loads one
(lifespan.cli, lifespan.cli_batch, lifespan.transcription).
"""

from __future__ import annotations

import argparse
from typing import Any

from ._parameters import merge_parameters, parse_value
from ._registry import load_game
from .agents import split_agent_specs


def game_from_args(args: argparse.Namespace, seats: str | None = None) -> Any:
    """The game the arguments name. With no player count given anywhere, a list of several
    seats (--seats, --agents) sets it."""
    return load_game(args.game, **load_options(args, seats))


def load_options(args: argparse.Namespace, seats: str | None = None) -> dict[str, Any]:
    """The parameters and load options that --players, --seed, --param (and seats) give."""
    params: dict[str, Any] = {}
    if args.players is not None:
        params["players"] = args.players
    elif seats and len(split_agent_specs(seats)) > 1 and "players" not in args.game and not any(
            item.partition("=")[0].strip() == "players" for item in args.param or []):
        params["players"] = len(split_agent_specs(seats))
    if args.seed is not None:
        params["seed"] = args.seed
    given: dict[str, Any] = {}
    for item in args.param or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--param takes key=value, got {item!r}")
        given = merge_parameters(given, "in --param", {key.strip(): parse_value(value)}, "in --param")
    return merge_parameters(params, "as an option", given, "in --param")
