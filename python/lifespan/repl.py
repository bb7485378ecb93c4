"""The terminal game behind `python -m lifespan play` (docs/playing.md): humans type, bots move
by themselves, and every move is narrated with its cause.

It plays any registered game through the State protocol and the narration helpers
(lifespan.narration): the rules are each game's rulebook as the engine implements them. The
screen fits the terminal (80 columns at most, `COLUMNS` and `LINES` honoured): the position is
printed once per turn, in less detail when the whole of it would not fit on the screen with the
moves (a board summary, your seat cut to a line a fact), an error prints only itself, long move
lists are grouped by kind, and colour (off when the output is no terminal) marks your seat, new
cards and changes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any, Callable, Mapping, NamedTuple, Sequence, TextIO

from ._registry import load_game
from .agents import MCTSAgent, make_agent, strongest_mcts
from .narration import (Event, card_names, card_text, cards_in_move, effect_of, explain_part,
                        find_cards, glossary, narrate)
from .table import (HUMAN, bot_move, game_options, life_cards, move_extra, move_kind, win_chance,
                    winners)

SESSION_FORMAT = "lifespan.session"
SESSION_VERSION = 1
HINT_ITERATIONS = 2000     # the hint's budget when no MCTS bot sits at the table
HINT_MOVES = 5
MAX_WIDTH = 80
LONG_LIST = 16             # on a tall screen, a list this short is never grouped
MIN_MOVE_ROWS = 10         # rows the move list is given before the position loses detail
FEWEST_MOVE_ROWS = 3       # rows the move list keeps however little the screen is
COMMANDS = ("help", "undo", "hint", "save", "load", "card", "info", "moves", "board", "seat",
            "score", "quit")
PLAY_HELP = """\
Commands:
  NUMBER          play the move with that number
  WORDS           play the one move whose text holds them all (any case);
                  a card's number or name works too; several matches are listed
  moves           every legal move (a long list is grouped by kind)
  board           the whole position; `seat N`: seat N as you see it, in full
  score           each seat's score by source
  card N | NAME   a card in full (`info` too); `card` alone: your moves' cards
  undo            take back your last decision (and the bots' moves after it)
  hint            an MCTS search from your view: its top moves, win chance
  save [FILE]     the game with its options and seats (default GAME-save.json)
  load FILE       continue a saved game, its options and seats with it
  help, quit      this text; leave the game
Tab completes a move or command from any word of it."""


SIGNED = re.compile(r"(?<![\w/-])[+-]\d+\b")


class Screen:
    """Output at a fixed width, with optional ANSI colour."""

    CODES = {"me": "1;36", "new": "33", "up": "32", "down": "31", "dim": "2", "bold": "1"}

    def __init__(self, out: TextIO, colour: bool, width: int, height: int = 24):
        self.out = out
        self.colour = colour
        self.width = width
        self.height = height

    def paint(self, text: str, style: str) -> str:
        return f"\x1b[{self.CODES[style]}m{text}\x1b[0m" if self.colour and text else text

    def say(self, text: str = "", style: str | None = None, changes: bool = False) -> None:
        """Print `text` wrapped to the width; `style` colours whole lines, `changes` colours
        each signed number (gains green, losses red)."""
        for line in text.split("\n"):
            for piece in self.wrap(line):
                if changes and self.colour:
                    piece = SIGNED.sub(lambda m: self.paint(m[0], "up" if m[0][0] == "+" else "down"), piece)
                print(self.paint(piece, style) if style else piece, file=self.out)

    def rows(self, lines: Sequence[str]) -> int:
        """The screen rows `lines` take once wrapped."""
        return sum(len(self.wrap(line)) for line in lines)

    def clip(self, line: str) -> str:
        """`line` cut to one row, '...' marking the cut."""
        return line if len(line) <= self.width else line[: self.width - 3] + "..."

    def wrap(self, line: str) -> list[str]:
        if len(line) <= self.width:
            return [line]
        indent = " " * (len(line) - len(line.lstrip()))
        return textwrap.wrap(line, self.width, subsequent_indent=indent + "    ",
                             break_on_hyphens=False, break_long_words=False) or [line]


def screen_size() -> tuple[int, int]:
    """The terminal's width, at most MAX_WIDTH, and height (COLUMNS and LINES honoured)."""
    size = shutil.get_terminal_size((MAX_WIDTH, 24))
    return max(40, min(MAX_WIDTH, size.columns)), max(12, size.lines)


def use_colour(choice: str, out: TextIO) -> bool:
    """`always`, `never`, or `auto`: on a terminal, unless NO_COLOR is set."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    return out.isatty() and "NO_COLOR" not in os.environ


class Repl:
    """One terminal game. `seats` are agent specs or `human`; `read(prompt)` returns a line."""

    def __init__(self, game: Any, seats: Sequence[str], seed: int, out: TextIO,
                 read: Callable[[str], str], colour: bool = False, width: int | None = None,
                 hint: str | None = None, state: Any = None, ply: int = 0):
        self.seed = seed
        columns, lines = screen_size()
        self.screen = Screen(out, colour, width or columns, lines)
        self.fixed_width = width  # None: the terminal's, read again at each turn
        self.read = read
        if hint is not None and not isinstance(make_agent(hint), MCTSAgent):
            raise ValueError(f"the hint needs an mcts spec such as mcts:iterations=5000, got {hint!r}")
        self.hint_spec = hint
        self.start(game, list(seats), state, ply)

    @classmethod
    def from_file(cls, path: str, out: TextIO, read: Callable[[str], str], colour: bool = False,
                  hint: str | None = None) -> Repl:
        """The game a `save` file holds, ready to continue (`play --load FILE`)."""
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
        game, seats, state, seed, ply = read_session(text)
        repl = cls(game, seats, seed, out, read, colour=colour, hint=hint, state=state, ply=ply)
        repl.say(f"Continuing {path}.")
        repl.say(f"  {game!r}, seats {', '.join(seats)}")
        return repl

    def start(self, game: Any, seats: list[str], state: Any, ply: int) -> None:
        """Sit down at a game: seats checked, agents made, the position set."""
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seats given for {game.num_players} players")
        self.game = game
        self.seats = seats
        for spec in seats:
            if spec != HUMAN:
                make_agent(spec)  # a bad spec fails here, before the game starts
        self.state = state if state is not None else game.new_state()
        self.ply = ply  # moves played: a bot's move is seeded by (seed, ply, seat), so a
        #                 saved game resumes with the very moves it would have had
        humans = [seat for seat, spec in enumerate(seats) if spec == HUMAN]
        self.viewer: int | None = humans[0] if humans else None
        self.history: list[tuple[Any, int]] = []  # (state, ply) before each human decision
        self.shown: Any = None  # the state whose position was printed last
        self.board_shown: list[str] = []  # the shared board's lines as last printed
        self.labelled: Any = None  # the state whose move labels `labels` holds, by index
        self.labels: dict[int, str] = {}

    # --- the loop ----------------------------------------------------------------------

    def say(self, text: str = "", style: str | None = None) -> None:
        self.screen.say(text, style)

    def run(self) -> int:
        while not self.state.is_terminal():
            seat = self.state.current_player
            if self.seats[seat] != HUMAN:
                self.apply(bot_move(self.seats[seat], self.seed, self.ply, self.state))
                continue
            if not self.human_turn(seat):
                self.say(self.final_line(finished=False))
                return 0
        self.say(str(self.state))
        self.game_over()
        return 0

    def apply(self, action: int) -> None:
        before = self.state
        after = before.child(action)
        self.state = after
        self.ply += 1
        for event in narrate(before, action, after, self.viewer, self.seats):
            self.tell(event)

    def tell(self, event: Event) -> None:
        if event.kind == "change":
            self.screen.say(event.text, changes=True)
            return
        style = {"phase": "bold", "board": "new", "life_end": "down"}.get(event.kind)
        if event.kind == "move" and event.seat == self.viewer:
            style = "me"
        self.say(event.text, style)

    def human_turn(self, seat: int) -> bool:
        """One human input; False when the player quits or input ends."""
        legal = self.state.legal_actions()
        names = [self.state.action_to_string(a) for a in legal]
        if self.shown is not self.state:
            self.show_turn(seat, legal, names)
            self.shown = self.state
        _set_completions(names + [f"{c} " for c in COMMANDS])
        try:
            line = self.read(f"seat {seat}> ").strip()
        except EOFError:
            self.say("End of input.")
            return False
        if line:
            return self.answer(line, seat, legal, names)
        return True

    def answer(self, line: str, seat: int, legal: list[int], names: list[str]) -> bool:
        command, _, argument = line.partition(" ")
        command, argument = command.lower(), argument.strip()
        if command == "quit" and not argument:
            return False
        if command == "help" and not argument:
            self.say(PLAY_HELP)
            self.say("Abbreviations:")
            for term, meaning in glossary(self.game):
                self.say(f"  {term}: {meaning}")
        elif command == "undo" and not argument:
            self.undo()
        elif command == "hint" and not argument:
            self.hint()
        elif command == "save":
            self.save(argument or f"{self.game.name}-save.json")
        elif command == "load":
            if argument:
                self.load(argument)
            else:
                self.say("load needs a file name: load FILE")
        elif command in ("card", "info"):
            self.show_cards(argument, names)
        elif command == "moves" and not argument:
            for line in self.move_lines(legal, names, fold=False):
                self.say(line)
        elif command == "board" and not argument:
            self.say(self.state.observation_string(seat))
        elif command == "seat":
            self.show_seat(seat, argument)
        elif command == "score" and not argument:
            self.show_scores()
        else:
            chosen = resolve_move(line, names, self.game.cards())
            if isinstance(chosen, int):
                self.history.append((self.state, self.ply))
                self.apply(legal[chosen])
            elif chosen:
                self.say(f"{len(chosen)} moves match {line!r}; type more of one, or its number:")
                listed = [f"  {index + 1:>2}. {names[index]}" for index in chosen]
                rows = self.screen.height - 2  # the line above and the prompt
                if self.screen.rows(listed) > rows:  # the first of them, and how many more
                    while listed and self.screen.rows(listed) > rows - 1:
                        listed.pop()
                    listed.append(f"  ... {len(chosen) - len(listed)} more; type more words to "
                                  "narrow them, or `moves` for all")
                for text in listed:
                    self.say(text)
            else:
                self.say(f"No move or command {line!r}; type a number from 1 to {len(legal)}, "
                         "words of a move, or help.")
        return True

    # --- the screen --------------------------------------------------------------------

    def show_turn(self, seat: int, legal: list[int], names: list[str]) -> None:
        """The turn's screen: the position from `seat`'s view, then the moves, in at most the
        screen's rows with the prompt (docs/playing.md, "The screen"). The position keeps all
        its detail when the moves still get MIN_MOVE_ROWS rows (or all they need) beside it;
        otherwise it loses detail step by step (DETAIL_LEVELS: the board a row a line, then
        as a summary, then your seat a row a line, then only its tracks, resources and cards)
        until they do, and the moves fold to the rows left. The heading (round, phase) and your seat's first line (whose turn it
        is) are always on the screen."""
        columns, self.screen.height = screen_size()  # a resized terminal counts from the next turn
        self.screen.width = self.fixed_width or columns
        view = split_position(self.state.observation_string(seat).splitlines(), seat)
        rows = self.screen.height - 1  # the prompt's row
        wanted = MIN_MOVE_ROWS if len(names) >= MIN_MOVE_ROWS else self.screen.rows(
            [self.label_of(index, legal, names) for index in range(len(names))])
        for detail in range(len(DETAIL_LEVELS)):
            position = self.position_lines(view, detail)
            if self.screen.rows([text for text, _ in position]) + wanted <= rows:
                break
        for text, style in position:
            self.say(text, style)
        if detail == 0:
            self.board_shown = view.board
        left = rows - self.screen.rows([text for text, _ in position])
        for line in self.move_lines(legal, names, rows=max(FEWEST_MOVE_ROWS, left)):
            self.say(line, "dim" if line.startswith(FOLDED) else None)

    def position_lines(self, view: PositionView, detail: int) -> list[tuple[str, str | None]]:
        """The position at one of DETAIL_LEVELS, as (line, style) pairs. Other seats show
        their first line only at every level (`seat N` and `board` show them whole)."""
        lines: list[tuple[str, str | None]] = [(view.heading, None)]
        if detail == 0:
            lines += [(line, None) for line in view.seen]
            if view.board and view.board == self.board_shown:
                lines.append(("  (the board as before; `board` shows it)", "dim"))
            else:
                lines += [(line, None) for line in view.board]
        elif detail == 1:
            # The deck and discard counts go first: the cards in the rows matter more.
            lines += [(self.screen.clip(re.sub(DECK_COUNTS, "", line)), None) for line in view.board]
        else:
            summary = board_summary(view.board)
            if summary:
                lines.append((f"  Board: {summary} (`board` shows it)", "dim"))
            lines += [(line, None) for line in view.board if line.strip().startswith("Paying")]
        # At the last level your seat keeps its first lines (the tracks, then the resources)
        # and its cards, whose actions are among the moves.
        own = view.own if detail < 4 else view.own[:2] + [line for line in view.own[2:]
                                                          if line.strip().startswith("Cards:")]
        clip = self.screen.clip if detail >= 3 else (lambda line: line)
        lines += [(clip(line), "me" if k == 0 else None) for k, line in enumerate(own)]
        lines += [(self.screen.clip(line) if detail else line, None) for line in view.others]
        return lines

    def show_seat(self, viewer: int, argument: str) -> None:
        """`seat N`: seat N's lines of the viewer's position, in full."""
        players = self.game.num_players
        if not (argument.isascii() and argument.isdigit() and int(argument) < players):
            self.say(f"seat needs a seat number from 0 to {players - 1}: seat N")
            return
        lines = self.state.observation_string(viewer).splitlines()
        block = seat_block(lines, int(argument))
        for k, line in enumerate(block):
            self.say(line, "me" if k == 0 and int(argument) == viewer else None)

    def move_label(self, index: int, name: str, action: int, cards: Mapping[str, Any]) -> str:
        extra = move_extra(name, cards)
        effect = effect_of(self.state, action)
        label = f"{index + 1:>3}. {name}"
        if extra:
            label += f" {extra}"
        if effect:
            label += f"  [{effect}]"
        return label

    def label_of(self, index: int, legal: list[int], names: list[str]) -> str:
        """Move `index`'s label, made once per position and only when shown or measured: each
        plays the move on a copy (effect_of), which dominates a turn's time."""
        if self.labelled is not self.state:
            self.labels, self.labelled = {}, self.state
        if index not in self.labels:
            self.labels[index] = self.move_label(index, names[index], legal[index], life_cards(self.game))
        return self.labels[index]

    def move_lines(self, legal: list[int], names: list[str], rows: int = 0, fold: bool = True) -> list[str]:
        """The moves, numbered in the engine's order, in at most `rows` screen rows. A longer
        list is grouped by kind, and the largest groups fold to one line each until it fits;
        if the kinds alone are too many, the last line says how many moves are left out."""
        def label(index: int) -> str:
            return self.label_of(index, legal, names)

        short = self.screen.height >= 40 and len(names) <= LONG_LIST  # a tall screen lists it
        # Each label takes a row at least: a list longer than the rows is folded unmeasured.
        if not fold or short or (len(names) <= rows and self.screen.rows([label(i) for i in range(len(names))]) <= rows):
            return [label(index) for index in range(len(names))]
        groups: dict[str, list[int]] = {}
        for index, name in enumerate(names):
            groups.setdefault(move_kind(name), []).append(index)
        folded: set[str] = set()

        def grouped() -> list[str]:
            lines = [f"{FOLDED}{len(names)} moves by kind (type words to filter, `moves` for all):"]
            for kind, members in groups.items():
                if kind in folded:
                    lines.append(f"{FOLDED}{kind}: {len(members)} moves ({members[0] + 1}-{members[-1] + 1}); "
                                 f"type '{kind.lower()}' to list them")
                else:
                    lines += [label(index) for index in members]
            return lines

        def fold_largest() -> bool:
            open_groups = [kind for kind in groups if kind not in folded and len(groups[kind]) > 1]
            if open_groups:
                folded.add(max(open_groups, key=lambda kind: len(groups[kind])))
            return bool(open_groups)

        # First by the count of lines (no label made), then by the rows the labels take.
        while 1 + sum(1 if kind in folded else len(groups[kind]) for kind in groups) > rows and fold_largest():
            pass
        lines = grouped()
        while self.screen.rows(lines) > rows and fold_largest():
            lines = grouped()
        if self.screen.rows(lines) <= rows:
            return lines
        kept: list[str] = []
        for line in lines:  # still too many kinds: the rest as one line
            if self.screen.rows(kept + [line]) > rows - 1:
                break
            kept.append(line)
        shown = {int(n) for line in kept for n in re.findall(r"^\s*(\d+)\. ", line)}
        shown |= {i + 1 for kind in folded for i in groups[kind]
                  if any(line.startswith(f"{FOLDED}{kind}: ") for line in kept)}
        hidden = [n for n in range(1, len(names) + 1) if n not in shown]
        kept.append(f"{FOLDED}... {len(hidden)} more moves ({hidden[0]}-{hidden[-1]}); type words "
                    "to filter, `moves` for all")
        return kept

    def show_cards(self, query: str, names: list[str]) -> None:
        """`card` alone: the cards the moves name; `card N`: card number N (Time of Your Life)
        or else the card move N names; `card NAME`: by name, any case, a part of it too."""
        cards = self.game.cards()
        if not query:
            named = {id(c): c for name in names for c in cards_in_move(cards, name)}
            if not named:
                self.say("None of your moves names a card; try card NAME.")
            for card in named.values():
                self.say(card_text(card)[0])
            return
        found = find_cards(cards, query)
        if not found and query.isdigit() and len(query) <= 6 and 1 <= int(query) <= len(names):
            found = cards_in_move(cards, names[int(query) - 1])[:1]
        if not found:
            self.say(f"No card {query!r}.")
        elif len(found) > 8:
            self.say(f"{len(found)} cards match {query!r}: "
                     + ", ".join(c["name"] for c in found[:8]) + ", ...")
        else:
            for card in found:
                self.say("\n".join(card_text(card)))

    def show_scores(self) -> None:
        for seat in range(self.game.num_players):
            parts = self.state.score_breakdown(seat)
            total = sum(p.points for p in parts)
            self.say(f"Seat {seat} ({self.seats[seat]}): {total}",
                     "me" if seat == self.viewer else None)
            for part in parts:
                if part.points:
                    self.say(f"  {part.points:>+5d}  {explain_part(self.game, part)}")

    def game_over(self) -> None:
        scores = self.state.scores()
        won = winners(self.state)
        if not won:
            self.say(f"Game over: the solo game is lost ({scores[0]} points).", "bold")
        elif len(won) == 1:
            seat = won[0]
            self.say(f"Winner: seat {seat} ({self.seats[seat]}) with {scores[seat]}.", "bold")
        else:
            self.say("Shared win: " + ", ".join(f"seat {s} ({self.seats[s]})" for s in won)
                     + f" with {scores[won[0]]}.", "bold")
        self.say("Score by source:")
        self.show_scores()
        self.say(self.final_line(finished=True))

    def final_line(self, finished: bool) -> str:
        line = "Final scores: " + ", ".join(str(s) for s in self.state.scores())
        return line if finished else line + " (game unfinished)"

    # --- commands ----------------------------------------------------------------------

    def undo(self) -> None:
        if self.history:
            self.state, self.ply = self.history.pop()
            self.say("Taken back.")
        else:
            self.say("Nothing to undo.")

    def hint_agent(self) -> MCTSAgent:
        """The hint's search: `--hint`'s spec, else the strongest MCTS bot's budget, else
        HINT_ITERATIONS."""
        if self.hint_spec:
            agent: MCTSAgent = make_agent(self.hint_spec, self.ply)  # checked in __init__
            return agent
        bots = {seat: make_agent(spec) for seat, spec in enumerate(self.seats) if spec != HUMAN}
        strongest = strongest_mcts(bots)
        if strongest is not None:
            return MCTSAgent(self.ply, strongest.iterations, strongest.seconds, strongest.threads,
                             strongest.exploration)
        return MCTSAgent(self.ply, iterations=HINT_ITERATIONS)

    def hint(self) -> None:
        # Information-set MCTS searches determinizations from the mover's view only.
        agent = self.hint_agent()
        result = agent.search(self.state)
        legal = self.state.legal_actions()
        players = self.game.num_players
        threads = ("a thread per core" if agent.threads == 0
                   else f"{agent.threads} thread{'s' if agent.threads != 1 else ''}")
        spent = f" in {agent.seconds:g} s" if agent.seconds is not None else ""
        self.say(f"MCTS from your view: {result.iterations:,} iterations{spent}, {threads}:")
        width = self.screen.width - 24
        self.say(f"  {'no.':>4}  {'move':<{width}} {'win':>6} {'visits':>7}")
        for action, share in list(result.shares().items())[:HINT_MOVES]:
            value = result.values[action]
            chance = win_chance(value, players)
            text = self.state.action_to_string(action)
            if len(text) > width:
                text = text[: width - 3] + "..."
            self.say(f"  {legal.index(action) + 1:>4}. {text:<{width}} {chance:>6.0%} {share:>7.1%}")

    def save(self, path: str) -> None:
        document = {"format": SESSION_FORMAT, "version": SESSION_VERSION, "game": self.game.name,
                    "options": game_options(self.game), "seats": self.seats, "seed": self.seed,
                    "ply": self.ply, "state": json.loads(self.state.to_json())}
        try:
            Path(path).write_text(json.dumps(document))
        except OSError as exc:
            self.say(f"Cannot save {path}: {exc.strerror or exc}")
            return
        self.say(f"Saved to {path}.")

    def load(self, path: str) -> None:
        try:
            game, seats, state, seed, ply = read_session(Path(path).read_text(), self.game, self.seats)
        except OSError as exc:
            self.say(f"Cannot load {path}: {exc.strerror or exc}")
            return
        except ValueError as exc:
            self.say(f"Cannot load {path}: {exc}")
            return
        self.seed = seed
        self.start(game, seats, state, ply)
        self.say(f"Loaded {path}.")
        self.say(f"  {game!r}, seats {', '.join(seats)}")


DECK_COUNTS = r" \((deck|discard)[^)]*\)$"  # a board line's "(deck 56, discard 0)"
FOLDED = "  "  # the indent of a move list's own lines (its heading, a folded kind)
# The position's levels of detail, most first (Repl.position_lines).
DETAIL_LEVELS = ("everything", "the board a row a line", "a board summary",
                 "your seat a row a line", "your seat's tracks, resources and cards")


class PositionView(NamedTuple):
    """The lines of a position (observation_string), by part."""

    heading: str        # the game, round and phase
    seen: list[str]     # "Seen by seat N"
    board: list[str]    # the shared board, a row a line
    own: list[str]      # the viewer's seat: its first line, then the rest
    others: list[str]   # each other seat's first line


def split_position(lines: Sequence[str], seat: int) -> PositionView:
    """A position's lines in their parts, for `seat`'s screen."""
    first_seat = next((i for i, line in enumerate(lines) if line.startswith("Seat ")), len(lines))
    top = list(lines[1:first_seat])
    others = [line for line in lines[first_seat:] if line.startswith("Seat ") and not is_seat(line, seat)]
    return PositionView(lines[0] if lines else "", [line for line in top if line.startswith("Seen by")],
                        [line for line in top if not line.startswith("Seen by")],
                        seat_block(lines, seat), others)


def is_seat(line: str, seat: int) -> bool:
    return line.startswith((f"Seat {seat}:", f"Seat {seat} "))


def seat_block(lines: Sequence[str], seat: int) -> list[str]:
    """Seat `seat`'s lines of a position: its first line and those indented under it."""
    block: list[str] = []
    for line in lines:
        if line.startswith("Seat "):
            if block:
                break
            if is_seat(line, seat):
                block.append(line)
        elif block:
            block.append(line)
    return block


def board_summary(board: Sequence[str]) -> str:
    """The shared board in one line: each row or board with how many cards it shows
    ('Project 4'), a line of one value with its value ('Kids deck 15', 'Event in effect
    Natural Disaster'); a payment's progress is left to its own line."""
    pieces = []
    for line in board:
        label, colon, rest = line.strip().partition(": ")
        if label.startswith("Paying"):
            continue
        rest = re.sub(DECK_COUNTS, "", rest).strip()
        items = [item for item in re.split(r", | \| ", rest) if item.strip() not in ("", "-")]
        if not colon:
            pieces.append(label)
        elif len(items) == 1 and not label.endswith(("row", "board")):
            pieces.append(f"{label} {re.sub(r' [(].*$', '', items[0])}")
        else:
            pieces.append(f"{label.removesuffix(' row').removesuffix(' board')} {len(items)}")
    return ", ".join(pieces)


def read_session(text: str, game: Any = None, seats: Sequence[str] = ()) -> tuple[Any, list[str], Any, int, int]:
    """(game, seats, state, seed, ply) of a `save` file. A bare state document (`to_json`) is
    read too: into `game` when it fits, else into the game its parameters name, with `seats`.
    Anything inconsistent is a ValueError."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("not a saved game (not JSON)") from None
    if not isinstance(doc, dict):
        raise ValueError("not a saved game")
    if doc.get("format") == "lifespan.state":
        if game is not None and doc.get("game") == game.name:
            try:
                return game, list(seats), game.state_from_json(text), 0, 0
            except ValueError:
                pass
        params = doc.get("parameters")
        if not isinstance(params, dict) or not isinstance(doc.get("game"), str):
            raise ValueError("state JSON: no game and parameters")
        other = load_game(doc["game"], **params)
        chosen = list(seats) if len(seats) == other.num_players else [HUMAN] + ["random"] * (other.num_players - 1)
        return other, chosen, other.state_from_json(text), 0, 0
    if doc.get("format") != SESSION_FORMAT or doc.get("version") != SESSION_VERSION:
        raise ValueError(f"not a saved game of this version (format {SESSION_FORMAT!r}, "
                         f"version {SESSION_VERSION})")
    expected = {"format", "version", "game", "options", "seats", "seed", "ply", "state"}
    if set(doc) != expected:
        raise ValueError(f"a saved game has the fields {sorted(expected)}")
    options, saved_seats = doc["options"], doc["seats"]
    if not isinstance(options, dict) or not isinstance(doc["game"], str):
        raise ValueError("options must be an object and game a name")
    if not isinstance(saved_seats, list) or not all(isinstance(s, str) for s in saved_seats):
        raise ValueError("seats must be a list of agent specs")
    for key in ("seed", "ply"):
        if type(doc[key]) is not int or doc[key] < 0:
            raise ValueError(f"{key} must be an integer >= 0")
    loaded = load_game(doc["game"], **options)
    state = loaded.state_from_json(json.dumps(doc["state"]))
    return loaded, saved_seats, state, doc["seed"], doc["ply"]


def resolve_move(line: str, names: Sequence[str], cards: Sequence[Mapping[str, Any]]) -> int | list[int]:
    """The move a typed line names, as an index into `names`, or the indices of the moves it
    matches when not exactly one (docs/playing.md, "Typing a move"), in this order:
    a listed move's number; a move's whole text (any case); a card's number or name naming the
    cards of exactly one move; the moves containing every typed word (any case). A bare number
    is only ever a move's or a card's number."""
    text = line.strip()
    lowered = [n.lower() for n in names]
    if text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= len(names):
        return int(text) - 1
    if text.lower() in lowered:
        return lowered.index(text.lower())
    found = find_cards(cards, text) if text else []
    if found and (text.isdigit() or any(text.lower() in (n.lower() for n in card_names(c)) for c in found)):
        wanted = [text.lower()] if not text.isdigit() else [c["name"].lower() for c in found]
        matching = [i for i, n in enumerate(lowered) if any(w in n for w in wanted)]
        if len(matching) == 1:
            return matching[0]
        if matching:
            return matching
    if text.isdigit():
        return []  # a number is a move's or a card's, never a piece of a move's text
    words = text.lower().split()
    matching = [i for i, n in enumerate(lowered) if words and all(w in n for w in words)]
    if len(matching) == 1:
        return matching[0]
    return matching


def _set_completions(options: list[str]) -> None:
    """Tab completion on any word of a move or command, where readline is in use."""
    readline = sys.modules.get("readline")
    if readline is None:
        return

    def complete(text: str, index: int) -> str | None:
        typed = readline.get_line_buffer().lower()
        starts = [o for o in options if o.lower().startswith(typed)]
        inside = [o for o in options if typed in o.lower() and o not in starts]
        matches = starts + inside
        return matches[index] if index < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims("")


def terminal_reader() -> Callable[[str], str]:
    """How to read a line: with readline's editing and Tab completion on a terminal, else
    from the pipe, echoed."""
    if not sys.stdin.isatty():
        return echoing_reader
    import readline  # noqa: F401  (line editing and Tab completion)

    readline.parse_and_bind("tab: complete")
    # Moves complete from any word of them, in any case; several matches list at once.
    readline.parse_and_bind("set completion-ignore-case on")
    readline.parse_and_bind("set show-all-if-ambiguous on")
    return input


def echoing_reader(prompt: str) -> str:
    """Piped input: echo each answer after its prompt so the transcript reads like a session."""
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    print(prompt + line.rstrip("\n"))
    return line
