"""What a move did, in words: `lifespan.narrate(before, action, after)` and the helpers the REPL
builds its screen from (a move's cost and effect, a card's full text, the glossary).

Everything is read from the engine, never from a copy of its action layout: the move's text is
`action_to_string`, the score parts are `state.score_breakdown`, the board and the phase are
the lines of `observation_string`, and the counters (money, tokens, stress) are the fields of the
documented state record (docs/state-format.md). So a new kind of move narrates with no change
here. The rules followed are those of each game's rulebook as the engine implements them
(docs/time_of_your_life.md, docs/pursuit_of_happiness.md).

A state keeps no log (it is a fixed-size value that copies with a memcpy), so the event log of
a move is a function of the states before and after it: any front end that keeps the previous
state can narrate.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from ._api import ScorePart
from ._errors import IllegalActionError
from ._parameters import check_integer, native_method

# A player's counters by game: (label, how to read it from the player's record).
_Counter = tuple[str, Callable[[Mapping[str, Any]], int]]
COUNTERS: dict[str, tuple[_Counter, ...]] = {
    "pursuit_of_happiness": (
        ("Knowledge", lambda p: int(p["resources"][0])),
        ("Creativity", lambda p: int(p["resources"][1])),
        ("Influence", lambda p: int(p["resources"][2])),
        ("Money", lambda p: int(p["money"])),
        ("STH", lambda p: int(p["sth"])),
        ("Stress", lambda p: int(p["stress"])),
        ("Hourglasses", lambda p: int(p["hourglasses"])),
        ("Popularity", lambda p: int(p.get("popularity", 0))),
    ),
    "time_of_your_life": (
        ("Happiness tokens", lambda p: int(p["happiness"])),
        ("Inspiration tokens", lambda p: int(p["inspiration"])),
    ),
}
SCORE_NAME = {"pursuit_of_happiness": "LTH", "time_of_your_life": "score"}

PROVENANCE_WORDS = {
    "seed": "from the rulebook",
    "published": "published",
    "authored": "authored by this project",
}

_GLOSSARY: dict[str, tuple[tuple[str, str], ...]] = {
    "pursuit_of_happiness": (
        ("LTH", "Long-Term Happiness: the score"),
        ("STH", "Short-Term Happiness, from {sth_min} to {sth_max}, reset each round; a "
                "positive STH pays that many resources of a Project (the STH discount), a "
                "negative one adds to them; past either end it moves LTH instead"),
        ("STH discount", "what STH may still pay of the resources owed"),
        ("L1, L2 ...", "a card's level (a Project's stage, an Item's upgrade, a Job's rank)"),
        ("roles a/b/c", "a Group Project's roles: the seat holding each role, '-' if open"),
        ("[active]", "a card in one of the 3 Active slots: it asks for upkeep each round"),
        ("Stress n/m", "the Stress track: at its last space the life ends"),
        ("Hourglasses", "time: each board action places one"),
        ("Desire", "tokens on a planned Experience: each one unfulfilled costs 1 LTH at the end"),
        ("Hourglasses on X", "the board actions you took this round"),
        ("Cloud on X", "where your Cloud token went (Experiences: Plan Experience or Dream only)"),
        ("completed, retired", "a finished Project, a Job left at retirement: kept for scoring"),
        ("(n stored)", "what a Nostalgia store card holds for you"),
        ("[passive done], [active done]", "a Nostalgia card's Passive or Active Trigger, "
                                          "already used"),
        ("meeple", "your Community meeple and the card it stands on"),
        ("School courses a/b/c", "School credits in science/social/arts"),
        ("Relative NAME (n)", "your Relative and the number its indicator marks: a die "
                              "roll above it moves the indicator, otherwise it pays out"),
        ("(seat n)", "in Join moves: the seat whose Group Project you join"),
    ),
    "time_of_your_life": (
        ("score", "the timeline cards' objectives, the Happiness table and the bonus for "
                  "the most Happiness tokens"),
        ("happiness, inspiration", "emotion tokens won by matching edge icons"),
        ("<H >I", "a card's edge icons in move labels: left edge Happiness, right Inspiration"),
        ("+trait", "a Trait token placed on that card (bought with Inspiration)"),
        ("timeline", "your cards, youngest to oldest"),
    ),
}


def glossary(game: Any) -> list[tuple[str, str]]:
    """The abbreviations a game's screen uses, each with its meaning (rule values filled in)."""
    values = game.parameters
    return [(term, meaning.format(**values)) for term, meaning in _GLOSSARY.get(game.name, ())]


class Event(NamedTuple):
    """One line of a move's narration. `kind` is "move" (what was played), "phase" (a new
    round or phase), "board" (cards dealt into a shared row), "change" (a seat's cards,
    counters and score, with their causes), "chance" (a die roll: a Relative's) or
    "life_end"; `seat` is the seat it concerns, or
    None for the whole table."""

    kind: str
    seat: int | None
    text: str


def signed(value: int) -> str:
    return f"{value:+d}"


def _records(state: Any) -> list[Mapping[str, Any]]:
    players: list[Mapping[str, Any]] = state._to_record()["players"]
    return players


def counter_changes(game_name: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """'+2 Money', '-1 STH': the counters of one player that moved, in a fixed order."""
    changes = []
    for label, read in COUNTERS.get(game_name, ()):
        delta = read(after) - read(before)
        if delta:
            changes.append(f"{signed(delta)} {label}")
    return changes


def score_changes(before: Sequence[ScorePart], after: Sequence[ScorePart],
                  explain: Callable[[ScorePart], str] | None = None) -> list[str]:
    """The parts of a score that moved: '+4 Adopting a Dog', '+3 Life Goals'; with `explain`,
    each part as it explains it ('+4 Adopting a Dog: 1 health trait next to it, 4 each')."""
    old = {(part.source, part.label): part.points for part in before}
    changes = []
    for part in after:
        delta = part.points - old.pop((part.source, part.label), 0)
        if delta:
            changes.append(f"{signed(delta)} {explain(part) if explain else part.label}")
    changes += [f"{signed(-points)} {label}" for (_, label), points in old.items() if points]
    return changes


SUB_STEPS = ("pay",)  # steps inside a move (paying its cost): no banner of their own


def phase_of(state: Any, viewer: int = 0) -> tuple[str, str]:
    """(round, phase) from the position's heading, e.g. ('round 2/8 (Adult)', 'action')."""
    heading = state.observation_string(viewer).splitlines()[0]
    parts = heading.split(" - ", 1)[-1].split(", ")
    return parts[0], parts[1] if len(parts) > 1 else ""


def board_lines(state: Any, viewer: int) -> dict[str, list[str]]:
    """The shared board of the viewer's position: row label -> its cards."""
    rows: dict[str, list[str]] = {}
    for line in state.observation_string(viewer).splitlines()[1:]:
        if line.startswith("Seat "):
            break
        label, colon, rest = line.strip().partition(": ")
        if colon and not label.startswith("Paying"):  # a payment's progress is not a row
            rest = rest.split(" (deck")[0]
            rows[label] = [item.strip() for item in rest.split(", ") if item.strip() not in ("", "-")]
    return rows


def board_changes(before: Any, after: Any, viewer: int) -> list[str]:
    """'Project row: new Build a Robot': cards that came into a shared row (dealt or revealed)."""
    old, new = board_lines(before, viewer), board_lines(after, viewer)
    lines = []
    for label, items in new.items():
        added = [item for item in items if item not in old.get(label, [])]
        if added and label in old:
            lines.append(f"{label}: new {', '.join(added)}")
    return lines


def seat_lines(state: Any, viewer: int) -> dict[int, dict[str, list[str]]]:
    """Each seat's labelled lines in the viewer's position (timeline, Cards, Dream board ...):
    seat -> label -> items."""
    seats: dict[int, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for line in state.observation_string(viewer).splitlines():
        if line.startswith("Seat "):
            number = line[5:].split(":")[0].split(" ")[0]
            current = seats.setdefault(int(number), {}) if number.isdigit() else None
            continue
        label, colon, rest = line.strip().partition(": ")
        if current is not None and colon and "hand" not in label.lower():
            items = re.split(r" \| |, ", rest)
            current[label] = [item.strip() for item in items if item.strip() not in ("", "-")]
    return seats


def seat_changes(before: Any, after: Any, viewer: int) -> dict[int, list[str]]:
    """What came into and left each seat's labelled lines: 'timeline + 45 Career Milestone',
    'Cards - Lab Assistant L1 [active]'."""
    old, new = seat_lines(before, viewer), seat_lines(after, viewer)
    changes: dict[int, list[str]] = {}
    for seat, labels in new.items():
        for label, items in labels.items():
            was = old.get(seat, {}).get(label, [])
            added = [item for item in items if item not in was]
            gone = [item for item in was if item not in items]
            # A card whose level or marks changed: 'Cards: Paintball now L2 [active]'.
            changed = [item for item in added if _card_key(item) in {_card_key(g) for g in gone}]
            keys = {_card_key(item) for item in changed}
            added = [item for item in added if item not in changed]
            gone = [item for item in gone if _card_key(item) not in keys]
            lines = changes.setdefault(seat, [])
            lines += [f"{label}: {_card_key(item)} now {item[len(_card_key(item)):].strip()}"
                      for item in changed]
            if added:
                lines.append(f"{label} + {', '.join(added)}")
            if gone:
                lines.append(f"{label} - {', '.join(gone)}")
    return {seat: lines for seat, lines in changes.items() if lines}


def _card_key(item: str) -> str:
    """A card entry's name, before its level ('Paintball L1 [active]' -> 'Paintball')."""
    return re.split(r" L\d", item, maxsplit=1)[0]


def relative_event(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """The Relative's die roll at the end of a round, as the player's record shows it (the
    Relatives module: a roll above the marked number moves the indicator on, any other roll
    ends the Relative's stay, paying its reward if the player meets its requirement)."""
    if before.get("relative", -1) < 0:
        return ""
    if after.get("relative", -1) < 0:
        return ("the Relative's die roll was not above its number: the Relative leaves "
                "(its reward, if earned, is among the changes)")
    if after.get("relative_level", 0) > before.get("relative_level", 0):
        return "the Relative's die roll was above its number: the indicator moves on"
    return ""


def move_text(before: Any, action: int, viewer: int | None) -> str:
    """The move as the viewer may see it: a secret choice of another seat is only 'has decided'."""
    mover = before.current_player
    if viewer is not None and viewer != mover and before.game._secret_choice(before, action):
        return "has decided"
    text: str = before.action_to_string(action)
    return text


def _check_move(before: Any, action: Any, after: Any, viewer: Any, seat_names: Any) -> int:
    """narrate's arguments: two states of one game, `after` the one `action` leads to from
    `before`; the action as an id. A wrong type is a TypeError, a wrong value a ValueError
    (IllegalActionError for an action that is not legal)."""
    for name, state in (("before", before), ("after", after)):
        native_method(state, "_to_record", f"narrate: {name} must be a lifespan state")
    if before.game is not after.game:
        raise ValueError("narrate: before and after are states of different games")
    if before.is_terminal():
        raise IllegalActionError("narrate: no move is made from a finished game")
    if isinstance(action, str):
        action = before.string_to_action(action)  # no legal move of that text: IllegalActionError
    before.action_to_string(action)  # the action's type and range, in the engine's words
    chosen = int(action)
    if chosen not in before.legal_actions():
        raise IllegalActionError(f"narrate: action {chosen} is not legal in the state before")
    if before.child(chosen) != after:
        raise ValueError("narrate: after is not the state the action leads to from before")
    if viewer is not None:
        check_integer("viewer", viewer, 0, before.game.num_players - 1)
    if seat_names is not None:
        if isinstance(seat_names, str) or not all(isinstance(n, str) for n in seat_names):
            raise TypeError("narrate: seat_names must be a list of names, one per seat")
        if len(seat_names) != before.game.num_players:
            raise ValueError(f"narrate: {len(seat_names)} seat names for {before.game.num_players} seats")
    return chosen


def narrate(before: Any, action: int | str, after: Any, viewer: int | None = None,
            seat_names: Sequence[str] | None = None) -> list[Event]:
    """The events of one move, from the states before and after it, as `viewer` may know them
    (None: as the mover sees the position, with every move's text shown). `action` is an id or
    a move's text, and `after` must be `before.child(action)`, or it is a ValueError. Each
    change names its cause: the score parts that moved, the counters, a new phase, cards dealt,
    a die roll, a life that ended."""
    action = _check_move(before, action, after, viewer, seat_names)
    game = before.game
    mover = before.current_player

    def who(seat: int) -> str:
        return f"Seat {seat}" + (f" ({seat_names[seat]})" if seat_names else "")

    events = [Event("move", mover, f"{who(mover)}: {move_text(before, action, viewer)}")]
    view = mover if viewer is None else viewer
    (old_round, old_step), (new_round, new_step) = phase_of(before, view), phase_of(after, view)
    # A payment is a sub-step of the move that asked for it, not a phase of the round.
    if old_round != new_round or (old_step != new_step and new_step not in SUB_STEPS
                                  and old_step not in SUB_STEPS):
        heading = f"{new_round}, {new_step}" if new_step else new_round
        if old_round != new_round:  # the changes told next include the end of the round
            heading = f"{old_round.split(' (')[0]} ends; {heading}"
        events.append(Event("phase", None, f"-- {heading[0].upper() + heading[1:]} --"))
    for line in board_changes(before, after, view):
        events.append(Event("board", None, line))
    old_players, new_players = _records(before), _records(after)
    shown = seat_changes(before, after, view)
    score = SCORE_NAME.get(game.name, "score")
    for seat in range(game.num_players):
        old_parts, new_parts = before.score_breakdown(seat), after.score_breakdown(seat)
        old_total = sum(p.points for p in old_parts)
        new_total = sum(p.points for p in new_parts)
        pieces = shown.get(seat, [])
        if new_total != old_total:
            causes = "; ".join(score_changes(old_parts, new_parts,
                                             lambda part: explain_part(game, part)))
            pieces.append(f"{score} {old_total} -> {new_total} ({causes})")
        if viewer is None or seat == viewer or not before.game._secret_choice(before, action):
            pieces += counter_changes(game.name, old_players[seat], new_players[seat])
        if pieces:
            events.append(Event("change", seat, f"  {who(seat)}: " + ", ".join(pieces)))
        relative = relative_event(old_players[seat], new_players[seat])
        if relative:
            events.append(Event("chance", seat, f"  {who(seat)}: {relative}"))
        if old_players[seat].get("alive", True) and not new_players[seat].get("alive", True):
            events.append(Event("life_end", seat, f"{who(seat)}: the life ends (Stress reached "
                                                    "the last space of its track)"))
    return events


def effect_of(state: Any, action: int) -> str:
    """What a move does for the seat playing it, as a short text ('-2 Creativity, +2 STH'),
    found by playing it on a determinized copy from that seat's view (so no hidden card or
    future die roll shows). Empty when nothing the seat counts changes at once."""
    seat = state.current_player
    try:
        sample = state.determinize(seat, seed=action)
        after = sample.child(action)
    except ValueError:
        return ""
    game = state.game
    parts = score_changes(sample.score_breakdown(seat), after.score_breakdown(seat))
    old_total = sum(p.points for p in sample.score_breakdown(seat))
    new_total = sum(p.points for p in after.score_breakdown(seat))
    counters = counter_changes(game.name, _records(sample)[seat], _records(after)[seat])
    pieces = []
    if new_total != old_total:
        name = SCORE_NAME.get(game.name, "score")
        pieces.append(f"{signed(new_total - old_total)} {name}" if name == "LTH"
                      else f"{name} {signed(new_total - old_total)} ({', '.join(parts)})")
    pieces += counters
    if pieces and phase_of(sample, seat)[0] != phase_of(after, seat)[0]:
        pieces.append("with the end of the round")  # the round ends with this move
    return ", ".join(pieces)


def _many(count: int, noun: str) -> str:
    """'1 family trait', '2 family traits'."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _trait(trait: str) -> str:
    return "trait" if trait == "any" else f"{trait} trait"


def explain_card_points(card: Mapping[str, Any], points: int) -> str:
    """Why a Time of Your Life card scored `points`, from its objective: '2 health traits next
    to it, 4 each'. The count is the points over the objective's points per thing counted."""
    objective = card["objective"]
    kind, each = objective["kind"], objective["points"]
    count = points // each if each else 0
    trait = _trait(objective.get("trait", "any"))
    counted = {
        "per_trait": f"{_many(count, trait)} in the timeline",
        "directional": f"{_many(count, trait)} on it and to its {objective.get('direction')}",
        "neighbours": f"{_many(count, trait)} next to it",
        "sets": f"{_many(count, 'set')} of {objective.get('size')} different traits",
        "age_band": f"{_many(count, 'card')} aged {objective.get('min')} to {objective.get('max')}",
        "tokens": f"{_many(count, str(objective.get('emotion')) + ' token')}",
    }
    if kind in counted:
        return f"{counted[kind]}, {each} each"
    held = {"majority": f"the most {trait}s", "youngest": "the youngest card",
            "oldest": "the oldest card", "flat": "always"}[kind]
    return held if points or kind == "flat" else f"not {held}"


def explain_part(game: Any, part: ScorePart) -> str:
    """A score part with its reason where the cards give one ('Adopting a Dog: 2 health traits
    next to it, 4 each'); otherwise its label."""
    if part.source == "card":
        card = life_cards_by_name(game).get(part.label)
        if card is not None:
            return f"{part.label}: {explain_card_points(card, part.points)}"
    return part.label


@lru_cache(maxsize=64)
def life_cards_by_name(game: Any) -> Mapping[str, Mapping[str, Any]]:
    """Time of Your Life's Life cards by name, read once per game (game.cards() hands out a
    fresh copy of the whole set each call); empty for a game without them. Read only."""
    return {c["name"]: c for c in game.cards() if c["kind"] == "life"}


# --- a card in words -------------------------------------------------------------------

_AMOUNT_WORDS = {"any_resource": "resource of any kind", "sth": "STH", "lth": "LTH",
                 "good_health": "Good Health", "hourglasses": "Hourglass"}


def amounts(values: Mapping[str, Any]) -> str:
    """{'knowledge': 1, 'money': 2} -> '1 Knowledge, 2 Money'."""
    words = []
    for key, value in values.items():
        name = _AMOUNT_WORDS.get(key, key.replace("_", " ").title())
        words.append(f"{value} {name}" if isinstance(value, int) else f"{name} {value}")
    return ", ".join(words) or "nothing"


def _field_lines(key: str, value: Any, indent: str) -> list[str]:
    label = key.replace("_", " ").capitalize()
    if isinstance(value, dict):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
            return [f"{indent}{label}: {amounts(value)}"]
        if "name" in value or "kind" in value:
            head = value.get("name") or value.get("kind", "")
            rest = {k: v for k, v in value.items() if k not in ("name",)}
            if "name" not in value:
                rest.pop("kind", None)
            inner = [line for k, v in rest.items() for line in _field_lines(k, v, indent + "  ")]
            return [f"{indent}{label}: {str(head).replace('_', ' ')}"] + inner
        lines = [f"{indent}{label}:"]
        for k, v in value.items():
            lines += _field_lines(k, v, indent + "  ")
        return lines
    if isinstance(value, list):
        if all(isinstance(item, dict) for item in value) and value:
            lines = [f"{indent}{label}:"]
            for number, item in enumerate(value, 1):
                name = item.get("name", "")
                prefix = f"L{number}" if key == "levels" else f"{number}."
                lines.append(f"{indent}  {prefix} {name}".rstrip())
                for k, v in item.items():
                    if k != "name":
                        lines += _field_lines(k, v, indent + "      ")
            return lines
        return [f"{indent}{label}: {', '.join(str(item) for item in value) or '-'}"]
    if isinstance(value, bool):
        return [f"{indent}{label}: {'yes' if value else 'no'}"]
    return [f"{indent}{label}: {str(value).replace('_', ' ')}"]


_SKIP = {"id", "number", "name", "kind", "provenance", "authored_fields", "source", "text",
         "expansion", "promo"}


def provenance_line(card: Mapping[str, Any]) -> str:
    """'authored by this project', or 'published (filled in here: costs, rewards)'."""
    words = PROVENANCE_WORDS.get(card["provenance"], str(card["provenance"]))
    filled = card.get("authored_fields") or []
    if card["provenance"] != "authored" and filled:
        words += f" (filled in by this project: {', '.join(f.replace('_', ' ') for f in filled)})"
    if card.get("source"):
        words += f"; source {card['source']}"
    return words


def card_text(card: Mapping[str, Any]) -> list[str]:
    """A card in full, one fact a line: heading, provenance, then its printed parts."""
    kind = str(card["kind"]).replace("_", " ")
    number = f"{card['number']:02d} " if "number" in card else ""
    lines = [f"{number}{card['name']} ({kind}, {str(card['expansion']).replace('_', ' ')})",
             f"  Provenance: {provenance_line(card)}"]
    if card.get("text"):
        lines.append(f"  Text: {card['text']}")
    if card["kind"] == "life":  # Time of Your Life: traits, edge icons, objective
        lines.append(f"  Age: {card['age']}")
        lines.append(f"  Traits: {', '.join(card['traits']) or 'none'}")
        lines.append(f"  Left edge: {', '.join(card['left']) or 'no icon'}; "
                     f"right edge: {', '.join(card['right']) or 'no icon'}")
        objective = dict(card["objective"])
        lines.append("  Scoring: " + objective.pop("kind").replace("_", " ") + " "
                     + ", ".join(f"{k} {v}" for k, v in objective.items()))
        return lines
    for key, value in card.items():
        if key not in _SKIP:
            lines += _field_lines(key, value, "  ")
    return lines


def card_names(card: Mapping[str, Any]) -> list[str]:
    """The names a card goes by on screen: its own and, for a two-faced Job or Partner, each
    face's ('Jimmy / Hannah' is also 'Jimmy' and 'Hannah')."""
    faces = card.get("faces")
    extra = [face["name"] for face in faces if isinstance(face, dict) and "name" in face] if isinstance(faces, list) else []
    return [card["name"], *extra]


def find_cards(cards: Iterable[Mapping[str, Any]], query: str) -> list[Mapping[str, Any]]:
    """Cards a query names: a card number (Time of Your Life), an exact name (a face's too) or
    id, else every card whose names contain the query (any case)."""
    query = query.strip().lower()
    listed = list(cards)
    if query.isascii() and query.isdigit() and len(query) <= 6:
        by_number = [c for c in listed if c.get("number") == int(query)]
        if by_number:
            return by_number
    exact = [c for c in listed if query in (n.lower() for n in card_names(c))
             or str(c["id"]).lower() == query]
    if exact:
        return exact
    return [c for c in listed if query and any(query in n.lower() for n in card_names(c))]


def cards_in_move(cards: Iterable[Mapping[str, Any]], move: str) -> list[Mapping[str, Any]]:
    """The cards a move's text names (by any of their names), longest name first."""
    found = []
    for card in cards:
        named = [n for n in card_names(card) if n in move]
        if named:
            found.append((max(len(n) for n in named), card))
    return [card for _, card in sorted(found, key=lambda item: -item[0])]


def card_summary(card: Mapping[str, Any]) -> str:
    """One line for a card in a move label: Time of Your Life's traits and edge icons."""
    if card["kind"] != "life":
        return ""
    icons = "".join(["<" + "/".join(e[0].upper() for e in card["left"]) if card["left"] else "",
                     ">" + "/".join(e[0].upper() for e in card["right"]) if card["right"] else ""])
    return f"[{' '.join(card['traits'])}{' ' + icons if icons else ''}]"
