"""What every front end that seats people and bots at a game shares: the terminal game
(lifespan.repl) and the web table (lifespan.web).

A seat is `human` or an agent spec (lifespan.make_agent); a bot's move is seeded by the game's
seed, the number of moves played and its seat, so a replayed or resumed game gets the very
moves it would have had. Move labels (a move's kind, the card it names, its cost and effect)
and the end of a game (its winners) are worded the same way in every front end. The rules are
each game's rulebook as the engine implements them (docs/time_of_your_life.md,
docs/pursuit_of_happiness.md).
"""

from __future__ import annotations

from typing import Any, Mapping

from ._parameters import seed_plus
from ._registry import GAMES
from .agents import make_agent
from .narration import card_summary, life_cards_by_name

HUMAN = "human"


def game_options(game: Any) -> dict[str, Any]:
    """What `load_game(game.name, **options)` needs to build this game again."""
    options = dict(game.parameters)
    module = GAMES[game.name]
    if hasattr(module, "expansions_of"):
        options["expansions"] = [e for e in module.expansions_of(game) if e != "base"]
    return options


def move_kind(text: str) -> str:
    """The group of a move in a long list: the words before ':' or its first word."""
    head = text.split(":")[0] if ":" in text else text.split(" ")[0]
    return head.split(" (")[0]


def bot_move(spec: str, seed: int, ply: int, state: Any) -> int:
    """The move the bot `spec` makes in `state`, the `ply`-th move of a game seeded `seed`."""
    seat = state.current_player
    agent = make_agent(spec, seed_plus(seed, ply * 8 + seat))
    action: int = agent.step(state)
    return action


def life_cards(game: Any) -> Mapping[str, Mapping[str, Any]]:
    """Time of Your Life's Life cards by name (empty for a game without them); read only."""
    return life_cards_by_name(game)


def move_extra(name: str, cards: Mapping[str, Mapping[str, Any]]) -> str:
    """What a move label adds after a move's text: the traits and edge icons of the Life card
    it names ('[health <H >I]'), or nothing."""
    for card_name, card in cards.items():
        if card_name in name:
            return card_summary(card)
    return ""


def winners(state: Any) -> list[int]:
    """The seats that won a finished game, read from returns() so that the game's own win rule
    counts; a lost solo game has none."""
    returns = state.returns()
    if state.game.num_players == 1:
        return [0] if returns[0] > 0 else []
    best = max(returns)
    return [seat for seat, value in enumerate(returns) if value == best]


def win_chance(value: float, players: int) -> float:
    """A search's mean return as a win chance: returns() maps a win share w to
    (n·w − 1)/(n − 1) for n > 1 players, and a solo game's w to 2w − 1."""
    return (value + 1) / 2 if players == 1 else (value * (players - 1) + 1) / players
