"""The terminal game as a person plays it (docs/playing.md): whole games through a
pseudo-terminal, the 80-column screen, forgiving input, card texts, and `--load`."""

import json
import os
import re
import subprocess
import sys

import pytest

import lifespan
from lifespan.narration import card_text
from lifespan.repl import resolve_move

ALL_PURSUIT = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
               if e != "base"]
ENV = {**os.environ, "COLUMNS": "80", "LINES": "24"}
ENV.pop("NO_COLOR", None)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args, stdin="", cwd=None, lines=24):
    return subprocess.run([sys.executable, "-m", "lifespan", *args], input=stdin, env={**ENV, "LINES": str(lines)},
                          capture_output=True, text=True, timeout=300, cwd=cwd)


def flat(text):
    """The output with every run of whitespace as one space: long paths wrap at 80 columns."""
    return " ".join(text.split())


def too_wide(text):
    return [line for line in ANSI.sub("", text).splitlines() if len(line) > 80]


# --- whole games through a pseudo-terminal ----------------------------------------------

def highest_move_number(text, previous):
    """The last move of the listing in `text` (a folded group gives its range), else
    `previous`: the last listed move always moves the game on (free actions come first)."""
    numbers = [int(n) for n in re.findall(r"^\s*(\d+)\. ", text, re.M)]
    numbers += [int(n) for n in re.findall(r"moves \(\d+-(\d+)\)", text)]
    return max(numbers) if numbers else previous


@pytest.mark.parametrize("args, card", [
    (["time_of_your_life", "--players", "3", "--seats", "human,random,random"], "34"),
    (["pursuit_of_happiness", "--players", "5", "--seats", "human,random,random,random,random",
      "--param", "expansions=" + "+".join(ALL_PURSUIT)], "write fiction"),
], ids=["time_of_your_life", "pursuit_of_happiness"])
def test_a_whole_game_at_an_80_by_24_terminal(args, card):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "lifespan", "play", *args, "--colour", "always"],
                          env=ENV, dimensions=(24, 80), encoding="utf-8", timeout=120)
    transcript = []
    child.expect(r"seat 0> ")
    transcript.append(child.before)
    assert "\x1b[" in child.before          # colour, as asked
    child.sendline(f"card {card}")
    child.expect(r"seat 0> ")
    shown = ANSI.sub("", child.before)
    assert "Provenance:" in shown and ("Traits:" in shown or "Levels:" in shown)
    transcript.append(child.before)
    last = highest_move_number(ANSI.sub("", transcript[0]), 1)
    for _ in range(3000):
        child.sendline(str(last))
        if child.expect([r"seat 0> ", r"Final scores: [^\r\n]*\r\n"]) == 1:
            transcript.append(child.before + child.after)
            break
        transcript.append(child.before)
        last = highest_move_number(ANSI.sub("", child.before), last)
    else:
        pytest.fail("the game did not end")
    child.expect(pexpect.EOF)
    # Each turn's screen, from its heading to the prompt, fits the 80x24 terminal: the heading
    # (round, phase) and whose turn it is are on it, above the moves.
    heading = "Time of Your Life - round " if args[0] == "time_of_your_life" else "The Pursuit of Happiness - round "
    turns = [ANSI.sub("", chunk).replace("\r", "") for chunk in transcript[:1] + transcript[2:-1]]
    assert len(turns) >= 10
    for turn in turns:
        assert heading in turn, turn
        screen = turn[turn.rindex(heading):].rstrip("\n").split("\n") + ["seat 0> "]
        assert len(screen) <= 24, "\n".join(screen)
        assert "Seat 0 (to move)" in "\n".join(screen) and re.search(r"^\s+\d+\. ", "\n".join(screen), re.M)
    text = ANSI.sub("", "".join(transcript)).replace("\r", "")
    assert "game unfinished" not in text
    assert re.search(r"^(Winner: seat \d|Shared win: )", text, re.M)
    assert "Score by source:" in text
    assert too_wide(text) == []
    # Every bot move is narrated, and the score changes name their causes.
    assert "Seat 1 (random): " in text
    assert re.search(r"(score|LTH) -?\d+ -> -?\d+ \([+-]\d+ \w", text)


def test_tab_completes_from_any_word_of_a_move():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "lifespan", "play", "time_of_your_life", "--players", "2",
                                           "--seed", "3", "--colour", "never"],
                          env=ENV, dimensions=(24, 80), encoding="utf-8", timeout=60)
    child.expect(r"seat 0> ")
    child.send("disc\t")                  # several moves: listed, the line keeps 'Discard '
    child.expect(r"Discard 09 Summer Camp\s+Discard 55")
    child.expect(r"seat 0> Discard ")
    child.send("\x15camp\t\r")            # a word inside one move's text completes it
    child.expect(r"Seat 0 \(human\): Discard 09 Summer Camp")
    child.expect(r"seat 0> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_piped_games_fit_80_columns_too():
    result = run("play", "pursuit_of_happiness", "--players", "5",
                 "--param", "expansions=" + "+".join(ALL_PURSUIT), stdin="help\nmoves\nboard\nscore\n" + "9\n" * 40)
    assert result.returncode == 0, result.stderr
    assert too_wide(result.stdout) == []
    assert "\x1b[" not in result.stdout       # no colour when the output is no terminal


FIVE_SEATS = ["play", "pursuit_of_happiness", "--players", "5", "--seats", "human,random,random,random,random",
              "--param", "expansions=" + "+".join(ALL_PURSUIT)]


def screens(stdout):
    """What was printed before the first prompt, then after each answer (piped input echoes
    each answer after its prompt)."""
    first, *answered = stdout.split("End of input.\n")[0].split("seat 0> ")
    return [first] + [part.split("\n", 1)[1] for part in answered]


@pytest.mark.parametrize("lines", [24, 30, 60])
def test_a_five_seat_turn_fits_the_terminal_and_a_taller_one_shows_more(lines):
    result = run(*FIVE_SEATS, stdin="1\n", lines=lines)
    first, action = screens(result.stdout)[:2]
    action = action[action.index("The Pursuit of Happiness - round 1/8 (Teen), action"):]
    for screen in (first, action):
        assert len(screen.rstrip("\n").split("\n")) + 1 <= lines   # the prompt's row too
        assert screen.startswith("The Pursuit of Happiness - round 1/8 (Teen)")
        assert "Seat 0 (to move): LTH 0" in screen and "Seat 4: LTH 0" in screen
    if lines == 60:        # everything, as on a tall screen before
        assert "Seen by seat 0" in first and "  Project row: " in first and "Nostalgia hand: 8 cards: " in first
        assert "\n  5. Study" in action
    else:                  # the board in a line; at 24 rows your seat cut to what matters most
        assert "  Board: Project 4, Item-Activity 4, Job 4, Partner 4," in action and "Project row:" not in action
        assert ("Nostalgia hand: 8 cards: " in action) is (lines == 30)
        assert "    Cards: -" in action and re.search(r"^  Dream: \d+ moves \(\d+-\d+\); type 'dream'", action, re.M)


def test_a_two_seat_turn_keeps_the_board_on_the_screen():
    result = run("play", "pursuit_of_happiness", "--players", "2", "--seats", "human,random", stdin="1\n9\n")
    first, second, third = screens(result.stdout)[:3]
    assert "Seen by seat 0" in first and "  Project row: " in first     # as it always was
    third = third[third.index("The Pursuit of Happiness"):]
    assert len(third.rstrip("\n").split("\n")) < 24
    # A row a line, the deck counts left out before a card name is.
    assert re.search(r"^  Project row: \w.*[^)]$", third, re.M) and "Board:" not in third


def test_seat_n_shows_a_seat_in_full_as_you_may_see_it():
    result = run(*FIVE_SEATS, stdin="1\nseat 2\nseat 9\nseat\nseat 0\n")
    answers = screens(result.stdout)
    seat2, bad, missing, own = answers[2:6]
    assert seat2.startswith("Seat 2: LTH 0") and "Nostalgia hand: 8 cards\n" in seat2   # not which cards
    assert "Dream board:" in seat2 and "Cards: -" in seat2 and "Seat 3" not in seat2
    assert bad.strip() == missing.strip() == "seat needs a seat number from 0 to 4: seat N"
    assert own.startswith("Seat 0 (to move)") and "Nostalgia hand: 8 cards: " in own


def test_a_long_list_of_matching_moves_fits_the_screen():
    result = run(*FIVE_SEATS, stdin="1\ndream\n")
    listed = screens(result.stdout)[2]
    rows = listed.rstrip("\n").split("\n")
    assert re.match(r"\d+ moves match 'dream'", rows[0]) and len(rows) + 1 <= 24
    hidden = int(re.match(r"  \.\.\. (\d+) more; type more words to narrow them", rows[-1])[1])
    assert hidden + len(rows) - 2 == int(rows[0].split()[0])


def test_an_error_prints_only_itself():
    result = run("play", "time_of_your_life", "--players", "2", stdin="nonsense\nmore nonsense\n")
    after_first_prompt = result.stdout.split("seat 0> nonsense\n", 1)[1]
    assert after_first_prompt.startswith("No move or command 'nonsense'")
    between = after_first_prompt.split("seat 0> more nonsense\n")[0]
    assert "Seat 0" not in between and "Play " not in between   # no position, no move list


# --- forgiving input ---------------------------------------------------------------------

NAMES = ["Play 33 Night Classes", "Play 34 Adopting a Dog", "Play 45 Career Milestone",
         "Discard 46 Sabbatical Year"]


@pytest.mark.parametrize("typed, expected", [
    ("2", 1),                           # a listed move's number
    ("play 34 adopting a dog", 1),      # the whole text, any case
    ("34", 1),                          # a card's number naming one move
    ("ADOPTING A DOG", 1),              # a card's name
    ("milestone", 2),                   # a unique substring
    ("night class", 0),                 # every word, anywhere
    ("play", [0, 1, 2]),                # several: listed
    ("sabbatical", 3),
    ("wedding", []),                    # none
    ("5", []),                          # neither a move number nor a card of a move
])
def test_typed_moves_resolve_as_documented(typed, expected):
    cards = lifespan.load_game("time_of_your_life").cards()
    assert resolve_move(typed, NAMES, cards) == expected


def test_several_matches_are_listed_and_nothing_is_played():
    result = run("play", "time_of_your_life", "--players", "2", "--seed", "4", stdin="discard\nquit\n")
    out = result.stdout
    assert "7 moves match 'discard'; type more of one, or its number:" in out
    assert "Seat 0 (human): Discard" not in out


def test_a_face_of_a_two_faced_card_names_it():
    from lifespan.narration import cards_in_move, find_cards

    cards = lifespan.load_game("pursuit_of_happiness").cards()
    assert [c["name"] for c in find_cards(cards, "hannah")] == ["Jimmy / Hannah"]
    assert cards_in_move(cards, "Start a Relationship: Hannah")[0]["name"] == "Jimmy / Hannah"


def test_a_move_typed_as_a_card_name_is_played():
    game = lifespan.load_game("time_of_your_life", players=2, seed=4)
    state = game.new_state()
    first = state.action_to_string(state.legal_actions()[2])           # 'Discard NN Name'
    name = first.split(" ", 2)[2]
    result = run("play", "time_of_your_life", "--players", "2", "--seed", "4",
                 stdin=f"{name.upper()}\nquit\n")
    assert f"Seat 0 (human): {first}" in result.stdout


# --- cards -------------------------------------------------------------------------------

def test_a_time_of_your_life_card_reads_in_full_with_its_provenance():
    card = lifespan.load_game("time_of_your_life").cards()[34]
    text = "\n".join(card_text(card))
    assert "34 Adopting a Dog" in text and "authored by this project" in text
    assert "Traits: health, family" in text and "Left edge: happiness" in text
    assert "Scoring: neighbours" in text and card["text"] in text


def test_a_pursuit_card_reads_with_its_levels_costs_and_provenance():
    cards = {c["id"]: c for c in lifespan.load_game("pursuit_of_happiness").cards()}
    text = "\n".join(card_text(cards["write_fiction"]))
    assert "L1 Fan Fiction" in text and "Cost: 1 Knowledge, 2 Creativity" in text
    assert "Reward: 1 STH" in text
    assert "published (filled in by this project: category, costs, rewards)" in text
    seed_card = next(c for c in cards.values() if c["provenance"] == "seed")
    assert "from the rulebook" in "\n".join(card_text(seed_card))


def test_card_commands_in_the_repl():
    game = lifespan.load_game("pursuit_of_happiness", players=2)
    state = game.new_state()
    first_trait = state.action_to_string(state.legal_actions()[0]).split(": ")[1]   # 'Keep trait: X'
    result = run("play", "pursuit_of_happiness", "--players", "2",
                 stdin="card jimmy\ninfo\ncard 1\ncard zzz\nquit\n")
    out = result.stdout
    # `card N` in Pursuit, whose cards have no numbers: the card that move N names.
    assert f"{first_trait} (child trait, base)" in out.split("seat 0> card 1")[1].split("seat 0>")[0]
    assert "Jimmy / Hannah (partner, base)" in out and "L1 Dating" in out
    info = out.split("seat 0> info")[1].split("seat 0>")[0]
    assert "(child trait, base)" in info       # the cards the moves name: the offered traits
    assert "No card 'zzz'." in out


# --- save and --load ---------------------------------------------------------------------

def test_load_resumes_exactly_with_options_and_seats(tmp_path):
    saved = tmp_path / "game.json"
    args = ["play", "time_of_your_life", "--players", "3", "--seed", "5",
            "--seats", "random,human,mcts:iterations=20", "--param", "winner_tie_break=happiness"]
    whole = run(*args, stdin="1\n" * 4 + f"save {saved}\n" + "1\n" * 100)
    assert f"Saved to {saved}." in flat(whole.stdout)
    assert whole.stdout.splitlines()[-1].startswith("Final scores: ")
    assert "unfinished" not in whole.stdout.splitlines()[-1]
    document = json.loads(saved.read_text())
    assert document["seats"] == ["random", "human", "mcts:iterations=20"]
    assert document["options"]["winner_tie_break"] == "happiness"
    resumed = run("play", "--load", str(saved), stdin="1\n" * 100)
    assert resumed.returncode == 0, resumed.stderr
    assert f"Continuing {saved}." in flat(resumed.stdout)
    assert resumed.stdout.splitlines()[-1] == whole.stdout.splitlines()[-1]
    # Every move after the save, the bots' included, is the one the uninterrupted game had.
    moves = lambda out: [l for l in out.splitlines() if re.match(r"Seat \d \((?!to move)", l)]  # noqa: E731
    assert moves(resumed.stdout) == moves(whole.stdout.split("Saved to")[1])


def test_a_saved_pursuit_game_keeps_its_expansions(tmp_path):
    saved = tmp_path / "pursuit.json"
    run("play", "pursuit_of_happiness", "--players", "2", "--param", "expansions=experiences+kids",
        "--seats", "human,mcts:seconds=0.01", stdin=f"1\nsave {saved}\nquit\n")
    document = json.loads(saved.read_text())
    assert document["options"]["expansions"] == ["experiences", "kids"]
    assert document["seats"] == ["human", "mcts:seconds=0.01"]
    resumed = run("play", "--load", str(saved), stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "expansions=experiences+kids" in flat(resumed.stdout)


def test_load_in_a_session_starts_the_saved_game(tmp_path):
    saved = tmp_path / "pursuit.json"
    run("play", "pursuit_of_happiness", "--players", "2", stdin=f"save {saved}\nquit\n")
    result = run("play", "time_of_your_life", "--players", "4", stdin=f"load {saved}\nquit\n")
    assert f"Loaded {saved}." in flat(result.stdout)
    assert "pursuit_of_happiness(players=2" in flat(result.stdout)
    assert result.stdout.splitlines()[-1] == "Final scores: 0, 0 (game unfinished)"


def test_save_alone_uses_a_default_name(tmp_path):
    result = run("play", "time_of_your_life", "--players", "2", stdin="save\nquit\n", cwd=tmp_path)
    assert "Saved to time_of_your_life-save.json." in result.stdout
    assert json.loads((tmp_path / "time_of_your_life-save.json").read_text())["format"] == "lifespan.session"


@pytest.mark.parametrize("content, message", [
    ("not json", "not a saved game (not JSON)"),
    ('{"format": "other"}', "not a saved game of this version"),
])
def test_a_bad_save_file_is_a_clean_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("play", "--load", str(path))
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    inside = run("play", "time_of_your_life", stdin=f"load {path}\nquit\n")
    assert f"Cannot load {path}: {message}" in flat(inside.stdout)


def test_colour_is_off_off_a_terminal_and_switchable(monkeypatch):
    import io

    from lifespan.repl import use_colour

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour("auto", Terminal()) and not use_colour("auto", io.StringIO())
    assert use_colour("always", io.StringIO()) and not use_colour("never", Terminal())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour("auto", Terminal())


def test_load_takes_no_other_game_options(tmp_path):
    result = run("play", "time_of_your_life", "--load", str(tmp_path / "x.json"))
    assert result.returncode == 2 and "give it alone" in result.stderr


def test_the_screen_follows_a_resized_terminal_from_the_next_turn(monkeypatch):
    from io import StringIO

    from lifespan.repl import Repl

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    game = lifespan.load_game("pursuit_of_happiness", players=5, expansions=ALL_PURSUIT)
    answers = iter(["1"])

    def read(prompt):
        monkeypatch.setenv("LINES", "60")       # the window grows while seat 0 thinks
        return next(answers)

    out = StringIO()
    with pytest.raises(StopIteration):
        Repl(game, ["human"] + ["random"] * 4, 0, out, read).run()
    first, second = out.getvalue().split("Seat 0 (human): Keep trait")
    assert "  Board: Project 4" in first and "Seen by seat 0" not in first
    assert "Seen by seat 0" in second and "  Project row: " in second
