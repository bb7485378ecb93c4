"""The command line, run as a user would: subprocesses with piped input."""

import json
import subprocess
import sys

import pytest

import lifespan


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "lifespan", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def win_share_column(out):
    """The win share (in %) of each seat's row of selfplay's table: the fourth column from the
    right, before the interval 'low% to high%'."""
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit() and "%" in line]
    return [float(row[-4].rstrip("%")) for row in rows]


def test_selfplay_prints_a_results_table():
    result = run("selfplay", "time_of_your_life", "--games", "300", "--players", "3")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "300 games, 3 players" in out
    assert "mean score" in out and "win share" in out
    assert "games/s" in out
    assert len([line for line in out.splitlines() if line.strip().startswith(("0 ", "1 ", "2 "))]) == 3


def test_selfplay_with_agents_plays_in_python():
    result = run("selfplay", "time_of_your_life(players=2)", "--games", "5", "--agents", "random,random")
    assert result.returncode == 0, result.stderr
    assert "5 games, 2 players" in result.stdout


def test_play_a_whole_game_from_piped_numbers():
    # Always answering "1" is a legal answer in every step; the game must end on its own.
    result = run("play", "time_of_your_life", "--players", "2", "--seats", "human,random",
                 stdin="1\n" * 200)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("Final scores: ")
    assert "game unfinished" not in lines[-1]
    assert "Game over" in result.stdout


def test_play_accepts_move_text_undo_help_and_exits_at_end_of_input():
    game = lifespan.load_game("time_of_your_life", players=2, seed=4)
    first_move = game.new_state().action_to_string(game.new_state().legal_actions()[2])
    script = f"help\n{first_move}\nundo\nnonsense\n99\n"
    result = run("play", "time_of_your_life", "--players", "2", "--seed", "4",
                 "--seats", "human,random", stdin=script)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Commands:" in out
    assert "Taken back." in out
    assert "No move or command 'nonsense'" in out
    assert "No move or command '99'" in out
    assert "End of input." in out
    assert out.splitlines()[-1] == "Final scores: 0, 0 (game unfinished)"


def test_play_save_and_load(tmp_path):
    saved = tmp_path / "position.json"
    result = run("play", "time_of_your_life", "--players", "2", "--seats", "human,random",
                 stdin=f"1\nsave {saved}\nquit\n")
    assert result.returncode == 0, result.stderr
    document = json.loads(saved.read_text())
    assert document["game"] == "time_of_your_life"
    result = run("play", "time_of_your_life", "--players", "2", "--seats", "human,random",
                 stdin=f"load {saved}\nload {tmp_path / 'missing.json'}\nquit\n")
    # The screen wraps at 80 columns, so a long temporary path may start a line of its own.
    assert f"Loaded {saved}." in " ".join(result.stdout.split())
    assert "Cannot load" in result.stdout


def test_bots_do_not_reveal_secret_choices_to_a_human():
    result = run("play", "time_of_your_life", "--players", "3", "--seats", "random,human,random",
                 stdin="quit\n")
    assert "Seat 0 (random): has decided" in result.stdout
    assert "Seat 0 (random): Play" not in result.stdout


def test_a_bots_kept_child_trait_stays_secret_and_its_other_moves_do_not():
    # Keeping a trait is the one secret move of Pursuit (docs/pursuit_of_happiness.md §3.5).
    result = run("play", "pursuit_of_happiness", "--players", "2", "--seats", "random,human",
                 stdin="1\nquit\n")
    bot_lines = [line for line in result.stdout.splitlines() if line.startswith("Seat 0 (random): ")]
    assert bot_lines[0] == "Seat 0 (random): has decided"
    assert len(bot_lines) > 1 and "has decided" not in bot_lines[1:]
    assert "Seat 0 (random): Keep trait" not in result.stdout


@pytest.mark.parametrize("args, message", [
    (("play", "no_such_game"), "unknown game 'no_such_game'"),
    (("selfplay", "time_of_your_life", "--players", "9"), "players: must be at most 6"),
    (("selfplay", "time_of_your_life", "--param", "colour=blue"), "unknown parameter 'colour'"),
    (("selfplay", "time_of_your_life", "--agents", "genius"), "unknown agent 'genius'"),
    (("play", "time_of_your_life", "--players", "4", "--seats", "human,random"), "2 seats given for 4 players"),
    (("play", "time_of_your_life", "--seats", "Human,random"), "unknown seat 'Human' (known: human, mcts, random)"),
    (("play", "time_of_your_life", "--seats", "human,mcts:budget=3"), "mcts has no option 'budget'"),
    (("play", "time_of_your_life", "--hint", "random"), "the hint needs an mcts spec"),
    (("selfplay", "time_of_your_life", "--agents", "mcts:iterations=0,random"), "iterations must be an integer from 1"),
    (("selfplay", "pursuit_of_happiness", "--param", "expansion=kids"), "load options: expansions, cards, rules"),
    (("selfplay", "time_of_your_life", "--threads", "-1"), "--threads must be an integer from 0 to 256"),
])
def test_bad_command_lines_get_a_clean_message(args, message):
    result = run(*args, stdin="")
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("players, expansions", [(3, "experiences+kids+events"),
                                                 (5, "community+school+relatives+best_friends+nostalgia")])
def test_expansions_on_the_command_line_join_with_plus(players, expansions):
    result = run("selfplay", "pursuit_of_happiness", "--players", str(players), "--games", "2",
                 "--param", f"expansions={expansions}", stdin="")
    assert result.returncode == 0, result.stderr
    assert "win share" in result.stdout


ALL_PURSUIT = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
               if e != "base"]


@pytest.mark.parametrize("players, expansions", [(2, []), (2, ALL_PURSUIT), (5, ALL_PURSUIT)],
                         ids=["base", "expansions", "five-players"])
def test_a_person_can_play_a_whole_pursuit_game_in_the_repl(players, expansions):
    import io

    from lifespan.cli import Repl

    game = lifespan.load_game("pursuit_of_happiness", players=players, seed=3, expansions=expansions)
    out = io.StringIO()
    holder = {}

    def answer(prompt):
        # Free actions are listed first, so the last move always moves the game on.
        assert prompt == f"seat {holder['repl'].state.current_player}> "
        return str(len(holder["repl"].state.legal_actions()))

    holder["repl"] = repl = Repl(game, ["human"] + ["random"] * (players - 1), 0, out, answer)
    assert repl.run() == 0
    transcript = out.getvalue()
    assert repl.state.is_terminal()
    assert transcript.splitlines()[-1].startswith("Final scores: ")
    # Only the bots' kept Child Traits are secret; every other bot move is shown.
    assert "Seat 1 (random): " in transcript and transcript.count("has decided") == players - 1


def test_play_against_mcts_with_a_hint():
    # The hint searches with the strongest bot's budget (here the default mcts seat's).
    result = run("play", "pursuit_of_happiness", "--players", "2", "--seats", "human,mcts",
                 stdin="hint\n1\nquit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "MCTS from your view: 400 iterations, 1 thread:" in out
    heading, *hint = out.split("1 thread:")[1].splitlines()[1:4]
    assert heading.split() == ["no.", "move", "win", "visits"]
    # Each hint line: the move's number in the list, its text, its win chance and visit share,
    # the numbers right-aligned under their headings.
    assert all(line.split()[0].rstrip(".").isdigit() and "Keep trait:" in line for line in hint)
    assert all(line.rindex("%") == heading.rindex("s") and line.count("%") == 2 for line in hint)
    assert "Seat 1 (mcts): has decided" in out and "Seat 1 (mcts): Keep trait:" not in out


def test_the_hint_budget_can_be_set_on_the_command_line():
    result = run("play", "time_of_your_life", "--players", "2", "--seats", "human,mcts:iterations=50",
                 "--hint", "mcts:iterations=120,threads=2", stdin="hint\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "MCTS from your view: 120 iterations, 2 threads:" in result.stdout
    stronger = run("play", "time_of_your_life", "--players", "3",
                   "--seats", "human,mcts:iterations=30,mcts:iterations=70", stdin="hint\nquit\n")
    assert "MCTS from your view: 70 iterations" in stronger.stdout


def test_selfplay_mcts_against_random():
    result = run("selfplay", "time_of_your_life", "--players", "2", "--games", "4",
                 "--agents", "mcts,random")
    assert result.returncode == 0, result.stderr
    assert "4 games, 2 players" in result.stdout and "mcts" in result.stdout


def test_selfplay_takes_the_player_count_from_the_agents():
    # docs/search.md's command: two agents, no --players, so a 2-player game (default 4).
    result = run("selfplay", "time_of_your_life", "--agents", "random,random", "--games", "3")
    assert result.returncode == 0, result.stderr
    assert "3 games, 2 players" in result.stdout
    mismatch = run("selfplay", "time_of_your_life", "--players", "3", "--agents", "random,random", "--games", "3")
    assert mismatch.returncode != 0 and "2 seats given for 3 players" in mismatch.stderr


def test_selfplay_takes_the_seed_parameter_too():
    by_param = run("selfplay", "time_of_your_life", "--players", "2", "--games", "4", "--param", "seed=5")
    by_option = run("selfplay", "time_of_your_life", "--players", "2", "--games", "4", "--seed", "5")
    default = run("selfplay", "time_of_your_life", "--players", "2", "--games", "4")
    table = lambda r: [line for line in r.stdout.splitlines() if "games/s" not in line]  # noqa: E731
    assert table(by_param) == table(by_option) != table(default)


def test_a_parameter_given_twice_with_two_values_is_a_clean_error():
    both = run("selfplay", "time_of_your_life", "--players", "2", "--games", "1", "--param", "players=3")
    assert both.returncode != 0 and "Traceback" not in both.stderr
    assert "players: given twice with different values, 2 as an option and 3 in --param" in both.stderr
    twice = run("selfplay", "time_of_your_life", "--games", "1", "--param", "seed=1", "--param", "seed=2")
    assert twice.returncode != 0 and "seed: given twice with different values" in twice.stderr
    agreeing = run("selfplay", "time_of_your_life", "--players", "2", "--games", "1", "--param", "players=2")
    assert agreeing.returncode == 0, agreeing.stderr


@pytest.mark.parametrize("agents, games", [("random,random", "2001"), ("random,mcts", "2")])  # 2,000 a chunk
def test_selfplay_takes_the_largest_seed(agents, games):
    # Seeds derived for later games and seats wrap past 2**64-1 instead of overflowing.
    result = run("selfplay", "time_of_your_life", "--games", games, "--agents", agents,
                 "--seed", str(2**64 - 1))
    assert result.returncode == 0, result.stderr
    assert f"{games} games, 2 players" in result.stdout


@pytest.mark.parametrize("answer", ["\u00b2", "9" * 5000], ids=["superscript two", "5000 digits"])
def test_digits_that_are_no_move_number_get_the_prompt_again(answer):
    # str.isdigit() takes "²" and any length; neither is a listed move's number.
    result = run("play", "time_of_your_life", "--players", "2", stdin=f"{answer}\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "No move or command" in result.stdout and "Traceback" not in result.stderr


def test_a_reader_that_stops_early_ends_the_output_quietly():
    command = [sys.executable, "-m", "lifespan", "play", "time_of_your_life", "--players", "2"]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        proc.stdout.readline()
        proc.stdout.close()         # as `| head -1` does
        _, err = proc.communicate(b"1\n" * 300, timeout=120)
    assert proc.returncode == 1 and b"Traceback" not in err and b"BrokenPipeError" not in err


def test_selfplay_win_share_follows_the_games_own_win_rule():
    # A random solo player never wins a solo game (every Life Goal and the LTH target), however
    # high its score; the win share reads returns(), not the top score.
    result = run("selfplay", "pursuit_of_happiness", "--players", "1", "--games", "200")
    assert result.returncode == 0, result.stderr
    assert "200 games, 1 player\n" in result.stdout
    assert win_share_column(result.stdout) == [0.0]


def test_selfplay_wins_break_ties_as_the_rules_do():
    game = lifespan.load_game("time_of_your_life", players=2, winner_tie_break="happiness")
    scores, returns = game._playouts_with_returns(2000, 1, 1)   # one chunk of selfplay
    tied = (scores[:, 0] == scores[:, 1]) & (returns[:, 0] != returns[:, 1])
    assert tied.any()       # ties the rule breaks
    out = run("selfplay", "time_of_your_life", "--players", "2", "--games", "2000", "--seed", "1",
              "--param", "winner_tie_break=happiness").stdout
    shares = win_share_column(out)
    wins = ((returns + 1) / 2).sum(axis=0) / 2000 * 100
    assert shares == pytest.approx(list(wins), abs=0.05)


def test_the_players_new_choices_are_moves_in_the_repl(tmp_path):
    # A Partner with a Kid discarded (Experiences rulebook, Kids): the REPL lists "Keep …" and
    # "Discard …" as moves, and the move's text is accepted.
    game = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["kids"])
    state = game.new_state(seed=1)
    state.apply(0)
    state.apply(0)                   # both Child Traits kept: Upkeep, then the Action phase
    document = json.loads(state.to_json())
    st = document["state"]
    partner = st["decks"][3].pop(0)     # a Partner card from its deck
    kid = st["kid_deck"].pop()
    seat = st["players"][st["current"]]
    seat["cards"] = [{"kind": 3, "id": partner >> 1, "face": partner & 1, "level": 3, "time": 0, "flags": 1,
                      "roles": [-1] * 4, "parent": -1, "stored": 0},
                     {"kind": 5, "id": kid, "face": 0, "level": 1, "time": 0, "flags": 0,
                      "roles": [-1] * 4, "parent": partner >> 1, "stored": 0}]
    position = game.state_from_json(json.dumps(document))
    discard = next(a for a in position.legal_actions() if position.action_to_string(a).startswith("Discard: "))
    position.apply(discard)
    saved = tmp_path / "kids.json"
    saved.write_text(position.to_json())
    name = position.action_to_string(position.legal_actions()[0])[len("Keep "):]
    result = run("play", "pursuit_of_happiness", "--players", "2", "--param", "expansions=kids",
                 "--seats", "human,human", stdin=f"load {saved}\nDiscard {name}\nquit\n")
    assert result.returncode == 0, result.stderr
    assert f"Keep {name}" in result.stdout and f"Discard {name}" in result.stdout
    assert "unknown move" not in result.stdout.lower() and "not a legal" not in result.stdout.lower()


def test_help_speaks_to_a_user_and_each_command_describes_only_its_own_options():
    top = run("--help")
    assert top.returncode == 0, top.stderr
    for command in ("play", "selfplay", "export", "tournament", "analyze", "cards", "serve"):
        assert command in top.stdout
    # The module's notes for developers stay out of the user's help.
    assert "_playouts_with_returns" not in top.stdout and "cli_batch.py" not in top.stdout
    assert "load your own printed cards" not in top.stdout  # cards exports and checks; a game loads
    export = run("export", "--help")
    assert export.returncode == 0, export.stderr
    assert "--param" in export.stdout and "Agents:" not in export.stdout
    selfplay = run("selfplay", "--help")
    assert "Agents:" in selfplay.stdout
