"""The public pieces behind the terminal game: agent specs (lifespan.make_agent), the score by
source (state.score_breakdown) and the narration of a move (lifespan.narrate)."""

import random
import sys

import pytest

import lifespan
from lifespan.agents import CallableAgent, MCTSAgent, RandomAgent, split_agent_specs

ALL_PURSUIT = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
               if e != "base"]


# --- agent specs ---------------------------------------------------------------------------

def test_agent_specs_build_the_agents_they_name():
    assert isinstance(lifespan.make_agent("random"), RandomAgent)
    default = lifespan.make_agent("mcts")
    assert isinstance(default, MCTSAgent) and default.iterations == MCTSAgent.DEFAULT_ITERATIONS
    strong = lifespan.make_agent("mcts:iterations=5000,threads=2")
    assert (strong.iterations, strong.seconds, strong.threads) == (5000, None, 2)
    timed = lifespan.make_agent(" mcts : seconds=1 ")
    assert (timed.iterations, timed.seconds) == (None, 1.0)
    assert lifespan.make_agent("mcts:iterations=10,seed=7", seed=1).seed == 7
    assert lifespan.make_agent("mcts:iterations=10", seed=1).seed == 1
    assert lifespan.make_agent("mcts:iterations=5000,threads=2").spec == "mcts:iterations=5000,threads=2"


def test_a_seeded_spec_plays_the_same_moves_again():
    state = lifespan.load_game("time_of_your_life", players=2, seed=3).new_state()
    first = [lifespan.make_agent("mcts:iterations=30,seed=5").step(state) for _ in range(2)]
    assert first[0] == first[1]
    assert lifespan.make_agent("random:seed=2").step(state) == lifespan.make_agent("random", seed=2).step(state)


def test_a_callable_spec_plays_what_the_function_returns(tmp_path, monkeypatch):
    (tmp_path / "my_bots.py").write_text(
        "def last(state):\n    return state.legal_actions()[-1]\n"
        "def by_text(state):\n    return state.action_to_string(state.legal_actions()[0])\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    state = lifespan.load_game("time_of_your_life", players=2).new_state()
    agent = lifespan.make_agent("my_bots:last")
    assert isinstance(agent, CallableAgent) and agent.step(state) == state.legal_actions()[-1]
    assert lifespan.make_agent("my_bots:by_text").step(state) == state.legal_actions()[0]


@pytest.mark.parametrize("spec, message", [
    ("", "no agent named"),
    ("genius", "unknown agent 'genius'"),
    ("mcts:iters=5", "mcts has no option 'iters' (options: iterations, seconds, threads"),
    ("mcts:iterations=0", "iterations must be an integer from 1"),
    ("mcts:iterations=lots", "agent option iterations must be an integer, got 'lots'"),
    ("mcts:seconds=-1", "seconds must be a finite number > 0"),
    ("mcts:threads=999", "threads must be an integer from 0 to 256"),
    ("mcts:", "options are missing after ':'"),
    ("mcts:iterations", "options are key=value, got 'iterations'"),
    ("mcts:iterations=5,iterations=6", "option 'iterations' given twice"),
    ("random:seed=-1", "seed must be an integer from 0"),
    ("no_such_module_here:play", "cannot import module 'no_such_module_here'"),
    ("os:no_such_function", "module 'os' has no 'no_such_function'"),
    ("os:sep", "'sep' is not callable"),
])
def test_a_bad_spec_is_a_value_error_that_says_why(spec, message):
    with pytest.raises(ValueError, match=None) as error:
        lifespan.make_agent(spec)
    assert message in str(error.value)


def test_a_spec_that_is_not_text_is_a_type_error():
    with pytest.raises(TypeError):
        lifespan.make_agent(5)


def test_a_seat_list_keeps_each_specs_own_commas():
    assert split_agent_specs("human,mcts:iterations=5000,threads=2,random") == [
        "human", "mcts:iterations=5000,threads=2", "random"]
    assert split_agent_specs("mcts:seconds=1, mcts:iterations=9,seed=2") == [
        "mcts:seconds=1", "mcts:iterations=9,seed=2"]


# --- score by source -----------------------------------------------------------------------

GAMES = [("time_of_your_life", 2, None), ("time_of_your_life", 5, None),
         ("pursuit_of_happiness", 1, []), ("pursuit_of_happiness", 2, []),
         ("pursuit_of_happiness", 2, ["nostalgia"]),
         ("pursuit_of_happiness", 3, ["experiences", "kids", "nostalgia"]),
         ("pursuit_of_happiness", 4, ["events", "trends", "pets", "standalone_jobs"]),
         ("pursuit_of_happiness", 5, ["nostalgia", "community"]),
         ("pursuit_of_happiness", 5, ALL_PURSUIT)]
NOSTALGIA_MOVES = ("Place ", "Active Trigger: ", "Realize: ", "Progress: ", "Dedicate Time: ",
                   "Determine the Outcome: ", "Passive Trigger: ")


def check_parts(state, seat):
    """The parts of a seat's score add up to it; in Pursuit, card rewards and Nostalgia split
    the LTH from cards the player record keeps."""
    parts = state.score_breakdown(seat)
    assert sum(part.points for part in parts) == state.scores()[seat]
    assert all(isinstance(part, lifespan.ScorePart) for part in parts)
    if state.game.name == "pursuit_of_happiness":
        player = state._to_record()["players"][seat]
        points = {part.source: part.points for part in parts}
        assert [part.source for part in parts] == ["life_goals", "cards", "nostalgia", "inheritance", "trends",
                                                   "unfulfilled_desire", "other"]
        assert points["nostalgia"] == player["lth_from_nostalgia"]
        assert points["cards"] + points["nostalgia"] == player["lth_from_cards"]
    return parts


def load(name, players, expansions, seed):
    if expansions is None:
        return lifespan.load_game(name, players=players, seed=seed)
    return lifespan.load_game(name, players=players, seed=seed, expansions=expansions)


@pytest.mark.parametrize("name, players, expansions", GAMES)
def test_the_score_parts_add_up_to_the_score_all_game_long(name, players, expansions):
    for seed in range(3):
        game = load(name, players, expansions, seed)
        state = game.new_state()
        rng = random.Random(seed)
        moves = 0
        while True:
            if moves % 7 == 0 or state.is_terminal():
                for seat in range(players):
                    check_parts(state, seat)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
            moves += 1


@pytest.mark.parametrize("players, expansions", [(2, ["nostalgia"]), (5, ALL_PURSUIT)])
def test_nostalgia_is_its_own_part_of_the_score(players, expansions):
    # Uniform play seldom gets a Nostalgia card to give LTH, so here each seat takes a Nostalgia
    # move (placing, a Trigger, realizing, a realized card's action) whenever it has one, and
    # else moves at random: the Nostalgia part then grows, and the parts add up after every move.
    grown = 0
    for seed in range(2):
        state = lifespan.load_game("pursuit_of_happiness", players=players, seed=seed,
                                   expansions=expansions).new_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            keen = [a for a in legal if state.action_to_string(a).startswith(NOSTALGIA_MOVES)]
            action = rng.choice(keen or legal)
            after = state.child(action)
            told = lifespan.narrate(state, action, after)
            for seat in range(players):
                check_parts(after, seat)
                gained = (dict((p.source, p.points) for p in after.score_breakdown(seat))["nostalgia"]
                          - dict((p.source, p.points) for p in state.score_breakdown(seat))["nostalgia"])
                if gained:   # the narration names Nostalgia as the cause
                    line = next(e.text for e in told if e.kind == "change" and e.seat == seat)
                    assert f"{gained:+d} Nostalgia" in line, line
            state = after
        grown += sum(1 for seat in range(players)
                     if {p.source: p.points for p in state.score_breakdown(seat)}["nostalgia"] > 0)
    assert grown >= players


def test_time_of_your_life_scores_each_timeline_card_and_the_happiness_tokens():
    game = lifespan.load_game("time_of_your_life", players=3, seed=4)
    state = game.new_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    names = {card["number"]: card["name"] for card in game.cards()}
    for seat, player in enumerate(state._to_record()["players"]):
        parts = state.score_breakdown(seat)
        assert [p.label for p in parts if p.source == "card"] == [names[n] for n in player["timeline"]]
        assert [p.source for p in parts[-2:]] == ["happiness", "happiness_bonus"]


def test_pursuit_scores_inheritance_and_trends_only_when_they_are_scored():
    game = lifespan.load_game("pursuit_of_happiness", players=2, seed=2, expansions=["trends"])
    state = game.new_state()
    rng = random.Random(2)
    while not state.is_terminal():
        parts = {p.source: p.points for p in state.score_breakdown(0)}
        assert parts["trends"] == 0 and parts["unfulfilled_desire"] == 0
        state.apply(rng.choice(state.legal_actions()))
    for seat, player in enumerate(state._to_record()["players"]):
        parts = {p.source: p.points for p in state.score_breakdown(seat)}
        # Inheritance in the base game: 1 LTH per 5 coins and per 5 of each resource.
        assert parts["inheritance"] == player["money"] // 5 + sum(r // 5 for r in player["resources"])
        assert parts["cards"] == player["lth_from_cards"]
    claimed = sum(p.points for seat in range(2) for p in state.score_breakdown(seat) if p.source == "life_goals")
    assert claimed <= sum(c["lth"] for c in game.cards() if c["kind"] == "life_goal")


def test_a_breakdown_for_a_seat_that_is_not_there_is_refused():
    state = lifespan.load_game("time_of_your_life", players=2).new_state()
    with pytest.raises(ValueError, match="player must be an integer from 0 to 1"):
        state.score_breakdown(2)


# --- narration -----------------------------------------------------------------------------

def play_and_narrate(game, seed, viewer=None):
    state = game.new_state()
    rng = random.Random(seed)
    events = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        after = state.child(action)
        told = lifespan.narrate(state, action, after, viewer)
        assert told[0].kind == "move" and told[0].seat == state.current_player
        if viewer is None:
            assert told[0].text.endswith(state.action_to_string(action))
        events.append((state, action, after, told))
        state = after
    return events


def test_every_score_change_is_narrated_with_the_parts_that_moved():
    game = lifespan.load_game("time_of_your_life", players=3, seed=6)
    for before, action, after, told in play_and_narrate(game, 6):
        for seat in range(3):
            if before.scores()[seat] != after.scores()[seat]:
                line = next(e.text for e in told if e.kind == "change" and e.seat == seat)
                assert f"score {before.scores()[seat]} -> {after.scores()[seat]} (" in line


def test_rounds_and_new_cards_are_announced():
    game = lifespan.load_game("pursuit_of_happiness", players=2, seed=1)
    kinds = [e for *_, told in play_and_narrate(game, 1) for e in told]
    phases = [e.text for e in kinds if e.kind == "phase"]
    assert any("round 2/" in text.lower() for text in phases)
    assert any(e.kind == "board" and ": new " in e.text for e in kinds)


def test_a_life_that_ends_is_narrated():
    # Random play crowds the Stress track in some games of five.
    game = lifespan.load_game("pursuit_of_happiness", players=5, seed=0, expansions=["community"])
    for seed in range(20):
        game = lifespan.load_game("pursuit_of_happiness", players=5, seed=seed, expansions=["community"])
        events = [e for *_, told in play_and_narrate(game, seed) for e in told]
        if any(e.kind == "life_end" for e in events):
            assert any("the life ends" in e.text for e in events)
            return
    pytest.fail("no life ended in 20 random games")


def test_a_relatives_die_roll_is_narrated():
    game = lifespan.load_game("pursuit_of_happiness", players=2, seed=0, expansions=["relatives"])
    events = [e for *_, told in play_and_narrate(game, 0) for e in told if e.kind == "chance"]
    texts = {e.text.split(": ", 1)[1] for e in events}
    assert any("the indicator moves on" in t for t in texts)
    assert any("the Relative leaves" in t for t in texts)


def test_a_viewer_does_not_learn_another_seats_secret_choice():
    game = lifespan.load_game("time_of_your_life", players=2, seed=2)
    state = game.new_state()
    action = state.legal_actions()[0]          # seat 0's discard, face down
    told = lifespan.narrate(state, action, state.child(action), viewer=1)
    assert told[0].text == "Seat 0: has decided"
    mine = lifespan.narrate(state, action, state.child(action), viewer=0)
    assert mine[0].text == "Seat 0: " + state.action_to_string(action)


@pytest.mark.parametrize("call, error, message", [
    ("lifespan.narrate(None, 0, s)", TypeError, "narrate: before must be a lifespan state"),
    ("lifespan.narrate(s, 0, 'x')", TypeError, "narrate: after must be a lifespan state"),
    ("lifespan.narrate(s, 1.5, s)", TypeError, "an action is an int id or the text"),
    ("lifespan.narrate(s, 'no such move', s)", lifespan.IllegalActionError, "no legal action is called"),
    ("lifespan.narrate(s, s.legal_actions()[0], s)", ValueError, "after is not the state the action leads to"),
    ("lifespan.narrate(s, s.legal_actions()[0], other)", ValueError, "states of different games"),
    ("lifespan.narrate(s, a, s.child(a), viewer='0')", TypeError, "viewer must be an integer"),
    ("lifespan.narrate(s, a, s.child(a), viewer=7)", ValueError, "viewer must be an integer"),
    ("lifespan.narrate(s, a, s.child(a), seat_names='ab')", TypeError, "seat_names must be a list"),
    ("lifespan.narrate(s, a, s.child(a), seat_names=['a'])", ValueError, "1 seat names for 2 seats"),
    ("s.score_breakdown('0')", TypeError, "player must be an integer"),
    ("s.score_breakdown(-1)", ValueError, "player must be an integer"),
    ("lifespan.make_agent(None)", TypeError, "an agent spec is text"),
    ("lifespan.make_agent('random', seed='x')", TypeError, "seed must be an integer"),
])
@pytest.mark.parametrize("name", ["time_of_your_life", "pursuit_of_happiness"])
def test_the_new_entry_points_keep_the_error_rule(name, call, error, message):
    s = lifespan.load_game(name, players=2).new_state()
    other = lifespan.load_game(name, players=2).new_state()
    a = s.legal_actions()[0]
    before = s.to_json()
    with pytest.raises(error) as raised:
        eval(call)
    assert message in str(raised.value)
    assert s.to_json() == before


def test_narrate_takes_a_moves_text_too():
    s = lifespan.load_game("time_of_your_life", players=2).new_state()
    text = s.action_to_string(s.legal_actions()[0])
    assert lifespan.narrate(s, text, s.child(text)) == lifespan.narrate(s, s.string_to_action(text), s.child(text))
