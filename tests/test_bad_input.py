"""The error rule of the whole API, and the card-file limits.

A value of the wrong type for an argument is a TypeError; a value of the right type that is
wrong is a ValueError subclass (IllegalActionError, RulesError, CardDataError, or ValueError
itself). Rule parameters and card fields are data that also arrive as text (the string form,
the command line, TOML), so any wrong one is a RulesError or CardDataError. Every message is in
lifespan's words (never pybind11's list of overloads), and a refused call leaves the state as
it was. Card and rules files are read only if they are regular files of a bounded size, so a
device, a FIFO or a directory is refused at once instead of hanging or filling memory.
"""

from __future__ import annotations

import os
import threading

import pytest

import lifespan
from lifespan import _toml

GAMES = ["time_of_your_life", "pursuit_of_happiness"]

# (call on a fresh state `s` of game `g`, the exception type, the start of its message)
CALLS = [
    ("s.apply(None)", TypeError, "an action is an int id or the text"),
    ("s.apply(3.0)", TypeError, "an action is an int id or the text"),
    ("s.apply(True)", TypeError, "an action is an int id or the text"),
    ("s.apply(b'x')", TypeError, "an action is an int id or the text"),
    ("s.apply(-1)", lifespan.IllegalActionError, "action -1 is out of range"),
    ("s.apply(2**70)", lifespan.IllegalActionError, "action 1180591620717411303424 is out of range"),
    ("s.apply('no such move')", lifespan.IllegalActionError, "no legal action is called"),
    ("s.child(None)", TypeError, "an action is an int id or the text"),
    ("s.action_to_string(1.0)", TypeError, "an action is an int id or the text"),
    ("s.string_to_action(5)", TypeError, "string_to_action takes the text of an action"),
    ("s.string_to_action(None)", TypeError, "string_to_action takes the text of an action"),
    ("s.string_to_action('no such move')", lifespan.IllegalActionError, "no legal action is called"),
    ("s.observation(None)", TypeError, "player must be an integer"),
    ("s.observation(9)", ValueError, "player must be an integer"),
    ("s.observation_string('0')", TypeError, "player must be an integer"),
    ("s.determinize(3.0, 1)", TypeError, "player must be an integer"),
    ("s.determinize(0, -1)", ValueError, "seed must be an integer"),
    ("g.new_state('x')", TypeError, "seed must be an integer"),
    ("g.new_state(-1)", ValueError, "seed must be an integer"),
    ("g.state_from_json(5)", TypeError, "state JSON: a saved state is text"),
    ("g.state_from_json('{')", ValueError, "state JSON: not a JSON document"),
    ("lifespan.load_state(5)", TypeError, "state JSON: a saved state is text"),
    ("lifespan.load_state('[]')", ValueError, "state JSON: the document must be an object"),
    ("lifespan.playouts(3, 10)", TypeError, "playouts needs a lifespan game or state"),
    ("lifespan.playouts(g, 'a')", TypeError, "n must be an integer"),
    ("lifespan.playouts(g, -1)", ValueError, "n must be an integer"),
    ("lifespan.playouts(g, 1, threads=100_000)", ValueError, "threads must be an integer"),
    ("lifespan.mcts(g, iterations=10)", TypeError, "mcts needs a lifespan state"),
    ("lifespan.mcts(s, iterations='a')", TypeError, "iterations must be an integer"),
    ("lifespan.mcts(s, iterations=0)", ValueError, "iterations must be an integer"),
    ("lifespan.load_game(3)", TypeError, "a game name is text"),
    ("lifespan.load_game('no_such_game')", ValueError, "unknown game"),
    ("lifespan.load_game(g.name, players='3')", lifespan.RulesError, "players: must be an integer"),
    ("lifespan.load_game(g.name, cards=5)", TypeError, "cards: a card file's path"),
    ("lifespan.load_game(g.name, rules=5)", TypeError, "rules: a mapping"),
    # A game or state made by __new__ alone would be memory no constructor has set.
    ("type(s).__new__(type(s))", TypeError, r"\w+State objects come from game.new_state\(\)"),
    ("type(s)()", TypeError, r"\w+State objects come from game.new_state\(\)"),
    ("type(g).__new__(type(g))", TypeError, r"\w+Game objects come from lifespan.load_game\(\)"),
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("call, error, message", CALLS, ids=[c[0] for c in CALLS])
def test_every_entry_point_follows_the_error_rule(name, call, error, message):
    g = lifespan.load_game(name, players=2)
    s = g.new_state(seed=3)
    before = s.to_json()
    with pytest.raises(error, match="^" + message) as raised:
        eval(call, {"lifespan": lifespan, "g": g, "s": s})
    # A TypeError is never also a ValueError here, and the other way round.
    assert isinstance(raised.value, TypeError) != isinstance(raised.value, ValueError)
    assert "incompatible function arguments" not in str(raised.value)
    assert s.to_json() == before


# ---------------------------------------------------------------- card files


def _load(name: str, path: str | os.PathLike[str]) -> None:
    lifespan.load_game(name, cards=[path])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_not_a_card_file(name, device):
    # /dev/zero was once read until memory ran out; /dev/null was an empty Pursuit card file.
    with pytest.raises(lifespan.CardDataError, match=f"^{device}: not a regular file"):
        _load(name, device)


@pytest.mark.parametrize("name", GAMES)
def test_a_directory_is_not_a_card_file(name, tmp_path):
    with pytest.raises(lifespan.CardDataError, match="a directory; a card or rules file must be a regular file"):
        _load(name, tmp_path)


@pytest.mark.parametrize("name", GAMES)
def test_a_fifo_is_refused_at_once_instead_of_waiting_for_a_writer(name, tmp_path):
    fifo = tmp_path / "cards.toml"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def load() -> None:
        try:
            _load(name, fifo)
        except BaseException as exc:  # noqa: BLE001 - the test inspects it
            outcome.append(exc)
    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive():  # unblock the reader so the test run can end, then fail
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert len(outcome) == 1 and isinstance(outcome[0], lifespan.CardDataError)
    assert "not a regular file" in str(outcome[0])


@pytest.mark.parametrize("name", GAMES)
def test_an_oversized_card_file_is_refused_without_reading_it_all(name, tmp_path, monkeypatch):
    monkeypatch.setattr(_toml, "MAX_TOML_BYTES", 100_000)   # above every shipped file
    big = tmp_path / "big.toml"
    big.write_text("# padding\n" * 20_000)
    with pytest.raises(lifespan.CardDataError, match="big.toml: larger than 100,000 bytes"):
        _load(name, big)


def test_the_size_limit_holds_the_largest_shipped_file_many_times_over():
    data = os.path.join(os.path.dirname(lifespan.__file__), "data")
    largest = max(os.path.getsize(os.path.join(root, f))
                  for root, _, files in os.walk(data) for f in files if f.endswith(".toml"))
    assert 50 * largest < _toml.MAX_TOML_BYTES


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", ["", "# only a comment\n"])
def test_both_games_refuse_a_card_file_that_defines_no_cards(name, text, tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_text(text)
    with pytest.raises(lifespan.CardDataError, match="empty.toml: .*defines no"):
        _load(name, empty)


@pytest.mark.parametrize("name", GAMES)
def test_a_card_file_path_of_the_wrong_type_is_a_type_error(name):
    with pytest.raises(TypeError, match="a card file's path"):
        lifespan.load_game(name, cards=[3])
