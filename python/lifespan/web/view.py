"""What one seat of a web table is sent: the position as that seat sees it, its legal moves,
its log, and the scores, built only from what the seat may know.

The position is `state.observation_string(seat)` (the engine's own rule of what each seat may
know, per each game's rulebook: Time of Your Life's hands are private, The Pursuit of
Happiness's deck order is unknown) parsed into the board's rows and each seat's lines; nothing
is read from the full state record, which holds every hand and the deck order. The moves are
listed only to the seat that must choose, each with its cost and effect found on a
determinized copy (lifespan.narration.effect_of). The score breakdown of another seat is sent
only once the game is over. So the view of a seat is the same for any state that seat cannot
tell apart from the real one, which is what the tests check (tests/test_web_api.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ..narration import card_text, cards_in_move, effect_of, explain_part
from ..table import life_cards, move_extra, move_kind, winners

ITEM_SPLIT = re.compile(r" \| |, |; ")
DECK_NOTE = re.compile(r" \((deck [^)]*)\)$")
NUMBERS = re.compile(r"\d{2}( \d{2})*")  # Time of Your Life's own hand: card numbers


@lru_cache(maxsize=64)
def _catalogue(game: Any) -> tuple[tuple[Mapping[str, Any], ...], Mapping[str, Mapping[str, Any]]]:
    """A game's cards, and its Life cards by name (cached: the same Game object serves a
    game's every view)."""
    return tuple(game.cards()), life_cards(game)


def card_catalogue(game: Any) -> list[dict[str, Any]]:
    """Every card of the game with its full text, for the card pop-up: public card data, the
    same for every seat (it says nothing of where a card is)."""
    cards, _ = _catalogue(game)
    listed = []
    for card in cards:
        entry: dict[str, Any] = {"id": card["id"], "name": card["name"], "kind": card["kind"],
                                 "provenance": card["provenance"], "text": card_text(card)}
        if card["kind"] == "life":
            entry.update(number=card.get("number"), left=card["left"], right=card["right"],
                         traits=card["traits"], age=card["age"])
        listed.append(entry)
    return listed


@lru_cache(maxsize=16384)
def _card_named(game: Any, text: str) -> Any:
    """The id of the card a text names (the longest name that fits), or None; the same
    texts come back move after move, so they are remembered."""
    named = cards_in_move(_catalogue(game)[0], text)
    return named[0]["id"] if named else None


def _item(text: str, game: Any) -> dict[str, Any]:
    """One entry of a line, with the id of the card it names."""
    return {"text": text, "card": _card_named(game, text)}


def _line(line: str, game: Any) -> dict[str, Any]:
    """A labelled line ('Project row: A, B (deck 41, discard 13)') as its label, its entries
    (each with the card it names) and a closing note on its deck."""
    label, colon, rest = line.strip().partition(": ")
    if not colon:
        return {"label": "", "text": line.strip(), "items": [], "note": ""}
    deck = DECK_NOTE.search(rest)
    note = deck.group(1) if deck else ""
    rest = rest[:deck.start()] if deck else rest
    items = [part.strip() for part in ITEM_SPLIT.split(rest) if part.strip() not in ("", "-")]
    entries = []
    for item in items:
        if NUMBERS.fullmatch(item):
            by_number = {c.get("number"): c for c in _catalogue(game)[0]}
            entries += [{"text": n, "card": by_number[int(n)]["id"] if int(n) in by_number else None}
                        for n in item.split()]
        else:
            entries.append(_item(item, game))
    return {"label": label, "text": rest, "items": entries, "note": note}


def position(state: Any, seat: int) -> dict[str, Any]:
    """The seat's position: heading, shared rows, and each seat's block of lines."""
    lines = state.observation_string(seat).splitlines()
    heading, board, seats = lines[0] if lines else "", [], []
    block: dict[str, Any] | None = None
    for line in lines[1:]:
        if line.startswith("Seat "):
            number = line[5:].split(":")[0].split(" ")[0]
            block = {"seat": int(number) if number.isdigit() else None, "title": line, "lines": []}
            seats.append(block)
        elif block is not None:
            block["lines"].append(_line(line, state.game))
        elif line.strip():
            board.append(_line(line, state.game))
    return {"heading": heading, "board": board, "seats": seats}


def moves(state: Any) -> list[dict[str, Any]]:
    """The legal moves of the seat to move, grouped by kind, each with its cost and effect."""
    _, life = _catalogue(state.game)
    listed = []
    for action in state.legal_actions():
        text = state.action_to_string(action)
        listed.append({"id": action, "text": text, "kind": move_kind(text),
                       "extra": move_extra(text, life), "effect": effect_of(state, action),
                       "card": _card_named(state.game, text)})
    return listed


def breakdown(state: Any, seat: int) -> list[dict[str, Any]]:
    """A seat's score by source, each part with its reason (lifespan.narration.explain_part)."""
    return [{"points": part.points, "text": explain_part(state.game, part)}
            for part in state.score_breakdown(seat) if part.points]


def seat_view(state: Any, seat: int, ply: int, seats: Sequence[str]) -> dict[str, Any]:
    """Everything the seat's page shows of the game, except the log (kept by the server)."""
    terminal = state.is_terminal()
    mover = None if terminal else state.current_player
    view: dict[str, Any] = {
        "seat": seat, "ply": ply, "terminal": terminal, "to_move": mover,
        "your_turn": mover == seat, "position": position(state, seat),
        "moves": moves(state) if mover == seat else [],
        "scores": {str(seat): breakdown(state, seat)},
    }
    if terminal:
        view["scores"] = {str(s): breakdown(state, s) for s in range(len(seats))}
        view["final"] = state.scores()
        view["winners"] = winners(state)
    return view
