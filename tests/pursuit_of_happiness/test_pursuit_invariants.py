"""Random-play invariants of The Pursuit of Happiness, for 1-4 players and rule variants.

Seeded random games (about 460 in all). At every decision:
  - the legal actions are sorted, unique, in range and match legal_actions_mask;
  - each legal action applies on a child (every decision of the first games of each
    configuration, a sample of actions afterwards) and the parent is left unchanged;
  - a random id that is not legal raises IllegalActionError and leaves to_json unchanged;
  - the seat to move is alive, a seat whose life ended never moves or comes back;
and on the JSON of each state: every card in exactly one place, no negative (or wrapped-around)
resources, money, Stress or Hourglasses, STH within [sth_min, sth_max], at most one Job per
player, at most 2 of one player's Hourglasses on a Group Project, scores() equal to each
player's LTH. JSON and pickle round trips give an equal state; the same seed gives the same
game; every game ends by round 8. Playouts: shape, dtype, and independence of the thread count.
"""

import functools
import json
import pickle
import random

import numpy as np
import pytest

import lifespan

GAME = "pursuit_of_happiness"
EXPANSIONS = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
              if e != "base"]
NUM_ACTIONS = 1085
SIMPLE = 78
MAX_DECISIONS = 3000       # a random 4-player game is about 200-300 decisions
KIND_PROJECT, KIND_JOB, KIND_NOSTALGIA = 0, 2, 6
OVER = 4

# (players, rules, games)
CONFIGS = [
    (1, {}, 50),
    (2, {}, 50),
    (3, {}, 45),
    (4, {}, 45),
    (1, {"solo_lth_target": 0, "first_player": "random", "overtime_timing": "next_round"}, 30),
    (2, {"overtime_timing": "next_round", "sth_overflow": "at_max_only",
         "group_bonus": "per_hourglass"}, 40),
    (2, {"sth_penalty": "never", "stress_sections": 3, "stress_section_spaces": 3,
         "stress_start_section": 1, "hourglasses_first_section": 9}, 40),
    (3, {"promotion": "flip", "retirement_level": 1, "inheritance_timing": "death",
         "discard_scope": "any_card"}, 40),
    (3, {"group_join": "own_active", "temp_job_money": 6, "rest_relax": 0, "sth_min": -6,
         "sth_max": 6}, 40),
    (4, {"teen_job_partner_rows": True, "job_row": "players", "row_size": 6,
         "first_player": "random"}, 40),
    (4, {"stress_section_spaces": 2, "overtime_stress": 4, "overtime_hourglasses": 3,
         "inheritance_timing": "death"}, 40),
    # The expansions with a card set: each alone is tested in its own file; all together here.
    (1, {"expansions": list(EXPANSIONS)}, 25),
    (2, {"expansions": list(EXPANSIONS), "unfed_pet": "stays"}, 30),
    (3, {"expansions": list(EXPANSIONS), "dream_slots": 1, "delayed_event": "after_reveal_round"}, 25),
    (4, {"expansions": list(EXPANSIONS)}, 30),
    (5, {"expansions": list(EXPANSIONS), "community_tokens": "per_player", "popularity_lth": "per_card"}, 20),
]
FULL_CHECK_GAMES = 2   # games per configuration whose every action is tried on a child and
                       # whose every state is round-tripped through JSON and pickle
REPLAY_EVERY = 8       # every 8th game is replayed from its seeds


def ids(config):
    players, rules, _ = config
    return f"{players}p-" + ("-".join(f"{k}={v}" for k, v in rules.items()) or "default")


def choose(rng, legal):
    # Free actions (Refresh, Discard) can be repeated without end; take them rarely.
    main = [a for a in legal if a >= SIMPLE or a < 50]
    if main and rng.random() < 0.9:
        return rng.choice(main)
    return rng.choice(legal)


BASE_DECK_SIZES = (60, 60, 18, 12)   # Projects, Items-Activities, Jobs, Partners (docs §1)
DECK_KINDS = (("project",), ("item", "activity", "pet", "service", "best_friend"), ("job", "standalone_job"), ("partner",))


@functools.lru_cache(maxsize=None)   # games are immutable; cards() copies every card
def deck_sizes(game):
    kinds = [c["kind"] for c in game.cards()]
    return tuple(sum(kind in deck for kind in kinds) for deck in DECK_KINDS)


@functools.lru_cache(maxsize=None)
def experience_count(game):
    return sum(c["kind"] == "experience" for c in game.cards())


@functools.lru_cache(maxsize=None)
def nostalgia_count(game):
    return sum(c["kind"] == "nostalgia" for c in game.cards())


def test_the_base_decks_have_the_published_sizes():
    assert deck_sizes(lifespan.load_game(GAME)) == BASE_DECK_SIZES


def check_record(game, st, scores):
    params = game.parameters
    n = game.num_players
    sizes = deck_sizes(game)
    # Every card is in exactly one place: a row, a deck, a discard pile or a play area.
    for kind in range(4):
        def key(e):
            return e >> 1 if kind >= 2 else e
        where = [key(e) for pile in (st["rows"], st["decks"], st["discards"]) for e in pile[kind]]
        where += [c["id"] for p in st["players"] for c in p["cards"] if c["kind"] == kind]
        where += [key(d["entry"]) for p in st["players"] for d in p["dream"] if d["source"] == kind]
        if kind == 1:   # Best Friends are Items on their own board, deck and discards
            where += st["friend_row"] + st["friend_deck"] + st["friend_discards"]
        assert sorted(where) == list(range(sizes[kind])), f"cards of kind {kind} lost"
    # Experiences: on the board, in the deck or discards, dreamt, planned, or completed (set aside).
    where = st["experience_row"] + st["experience_deck"] + st["experience_discards"]
    where += [d["entry"] for p in st["players"] for d in p["dream"] if d["source"] == 4]
    where += [c["id"] for p in st["players"] for c in p["cards"] if c["kind"] == 4]
    assert len(set(where)) == len(where)
    assert len(where) + sum(p["experiences"] for p in st["players"]) == experience_count(game)
    # Nostalgia: in the box, a hand, on a board or realized, once at most (a discarded card is gone).
    where = st["nostalgia_box"] + [k for p in st["players"] for k in p["nostalgia_hand"]]
    where += [b["card"] for p in st["players"] for b in p["nostalgia_board"] if b["card"] >= 0]
    where += [c["id"] for p in st["players"] for c in p["cards"] if c["kind"] == KIND_NOSTALGIA]
    assert len(set(where)) == len(where) and all(0 <= k < nostalgia_count(game) for k in where)
    if st["round"] == 1 and st["step"] == 0:   # setup: 8 each, the rest in the box
        assert len(where) == nostalgia_count(game)
    assert 1 <= st["round"] <= 8
    assert len(st["players"]) == n
    track = params["stress_sections"] * params["stress_section_spaces"]
    for seat, p in enumerate(st["players"]):
        # uint8 fields cannot be negative in JSON: a value near 255 is a wrap-around.
        assert all(0 <= r < 200 for r in p["resources"]), p["resources"]
        assert 0 <= p["money"] < 200, p["money"]
        assert params["sth_min"] <= p["sth"] <= params["sth_max"]
        assert 0 <= p["stress"] <= track
        assert 0 <= p["hourglasses"] <= 9 and 0 <= p["hourglasses_next"] <= 9 * 3
        if not p["alive"]:
            assert p["hourglasses"] == 0 and p["stress"] == track
        else:
            assert p["stress"] < track
        jobs = [c for c in p["cards"] if c["kind"] == KIND_JOB]
        assert len(jobs) <= 1
        active = [c for c in p["cards"] if c["flags"] & 1]
        assert all(not c["flags"] & 2 for c in active), "an archived card holds a slot"
        for c in p["cards"]:
            if c["kind"] == KIND_PROJECT:
                for owner in range(n):
                    assert c["roles"].count(owner) <= 2
        assert scores[seat] == p["lth"]


def check_round_trips(game, state, pickled=False):
    text = state.to_json()
    again = game.state_from_json(text)
    assert again == state and again.to_json() == text
    if pickled:   # a pickled state carries its game, rebuilt on loading: slow, so sampled
        back = pickle.loads(pickle.dumps(state))
        assert back == state and back.to_json() == text


def play_game(game, seed, rng_seed, full, checks=True):
    """Plays one random game; returns (actions, final JSON)."""
    rng = random.Random(rng_seed)                 # the moves
    check_rng = random.Random(rng_seed + 10**6)   # the checks, so a replay without them agrees
    state = game.new_state(seed)
    n = game.num_players
    dead = set()
    actions = []
    for _ in range(MAX_DECISIONS):
        text = state.to_json()
        st = json.loads(text)["state"]
        if checks:
            check_record(game, st, state.scores())
            for seat, p in enumerate(st["players"]):
                if seat in dead:
                    assert not p["alive"], "a life came back"
                if not p["alive"]:
                    dead.add(seat)
        if state.is_terminal():
            assert st["step"] == OVER and state.current_player == -4
            assert state.legal_actions() == []
            break
        seat = state.current_player
        assert 0 <= seat < n and seat not in dead and st["players"][seat]["alive"]
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal)) and legal[-1] < NUM_ACTIONS and legal[0] >= 0
        if checks:
            mask = state.legal_actions_mask()
            assert mask.shape == (NUM_ACTIONS,) and list(np.flatnonzero(mask)) == legal
            tried = legal if full else check_rng.sample(legal, min(3, len(legal)))
            for action in tried:
                child = state.child(action)
                assert child != state or action in range(50, 54)   # a refresh may deal the same
            assert state.to_json() == text, "child() changed the parent"
            bad = check_rng.randrange(NUM_ACTIONS)
            if bad not in legal:
                with pytest.raises(lifespan.IllegalActionError):
                    state.apply(bad)
                assert state.to_json() == text
            if full:
                check_round_trips(game, state, pickled=len(actions) % 40 == 0)
        action = choose(rng, legal)
        actions.append(action)
        state.apply(action)
    else:
        raise AssertionError(f"no end after {MAX_DECISIONS} decisions")
    return actions, state


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_random_games_keep_the_invariants(config):
    players, rules, games = config
    game = lifespan.load_game(GAME, players=players, **rules)
    for i in range(games):
        actions, final = play_game(game, seed=1000 + i, rng_seed=i, full=i < FULL_CHECK_GAMES)
        st = json.loads(final.to_json())["state"]
        assert st["round"] <= 8
        scores = final.scores()
        assert scores == [p["lth"] for p in st["players"]]
        returns = final.returns()
        if players == 1:
            assert returns in ([1.0], [-1.0])
        else:
            assert abs(sum(returns)) < 1e-9
            assert max(returns) > 0 or len(set(scores)) == 1    # everyone tied: all 0
            best = max(scores)
            assert [r == max(returns) for r in returns] == [s == best for s in scores]
        check_round_trips(game, final, pickled=i < FULL_CHECK_GAMES)
        if i % REPLAY_EVERY == 0:
            again_actions, again = play_game(game, seed=1000 + i, rng_seed=i, full=False,
                                             checks=False)
            assert again_actions == actions and again == final
            assert again.to_json() == final.to_json()


ALONE = [[e] for e in EXPANSIONS] + [["pets", "trends"], ["experiences", "kids"]]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("expansions", ALONE, ids="+".join)
def test_random_games_with_each_expansion(ph, players, expansions):
    # Native playouts, and sampled games through the checked apply with JSON round trips; all
    # the expansions together get the full invariants above.
    game = lifespan.load_game(GAME, players=players, expansions=expansions)
    assert lifespan.playouts(game, 200, seed=5).shape == (200, players)
    ph.sampled_games(game, 3)


def test_same_seed_same_new_state_and_different_seeds_differ():
    game = lifespan.load_game(GAME, players=3)
    assert game.new_state(5) == game.new_state(5)
    assert game.new_state(5).to_json() == game.new_state(5).to_json()
    assert game.new_state(5) != game.new_state(6)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_playouts_shape_and_thread_count_independence(players):
    game = lifespan.load_game(GAME, players=players)
    one = lifespan.playouts(game, 300, seed=9, threads=1)
    assert one.shape == (300, players) and one.dtype == np.int32
    for threads in (2, 4, 0):
        assert (lifespan.playouts(game, 300, seed=9, threads=threads) == one).all()
    assert not (lifespan.playouts(game, 300, seed=10, threads=1) == one).all()
    # From a state: a copy is played, the state is left as it was.
    state = game.new_state(3)
    text = state.to_json()
    from_state = lifespan.playouts(state, 50, seed=2, threads=3)
    assert from_state.shape == (50, players)
    assert (from_state == lifespan.playouts(state, 50, seed=2, threads=1)).all()
    assert state.to_json() == text
    assert lifespan.playouts(game, 0, seed=1).shape == (0, players)


def test_playout_scores_are_final_lth_values_within_reach():
    game = lifespan.load_game(GAME, players=2)
    scores = lifespan.playouts(game, 500, seed=1, threads=0)
    # LTH can go below 0 only through STH losses below the bottom; it is an int16 on the track.
    assert scores.min() > -100 and scores.max() < 300


def test_determinize_keeps_the_public_position():
    game = lifespan.load_game(GAME, players=3)
    rng = random.Random(4)
    state = game.new_state(8)
    for _ in range(60):
        state.apply(choose(rng, state.legal_actions()))
    st = json.loads(state.to_json())["state"]
    for viewer in range(3):
        d = state.determinize(viewer, 77)
        dt = json.loads(d.to_json())["state"]
        assert dt["rows"] == st["rows"] and dt["players"] == st["players"]
        assert dt["discards"] == st["discards"] and dt["goals"] == st["goals"]
        assert [len(x) for x in dt["decks"]] == [len(x) for x in st["decks"]]
        for row in range(4):   # the same cards, in some order (Jobs/Partners: any face)
            key = (lambda e: e >> 1) if row >= 2 else (lambda e: e)
            assert sorted(map(key, dt["decks"][row])) == sorted(map(key, st["decks"][row]))
        assert d.legal_actions() == state.legal_actions()
        assert state.determinize(viewer, 77) == d


def test_determinize_may_deal_a_trait_another_seat_turned_down():
    # A trait turned down goes back to the box, unseen: seat 0 cannot tell it from the deck's.
    game = lifespan.load_game(GAME, players=3)
    state = game.new_state(5)
    offers = [p["trait_offer"] for p in json.loads(state.to_json())["state"]["players"]]
    state.apply(0)  # seat 0 keeps offers[0][0]
    state.apply(0)  # seat 1 keeps offers[1][0]; offers[1][1] goes back to the box
    turned_down, dealt, kept_by_1 = offers[1][1], set(), set()
    for seed in range(200):
        d = state.determinize(0, seed)
        st = json.loads(d.to_json())["state"]
        assert d.observation(0).tolist() == state.observation(0).tolist()
        assert d.observation_string(0) == state.observation_string(0)
        dealt.update(st["trait_deck"] + st["players"][2]["trait_offer"])
        kept_by_1.add(st["players"][1]["trait"])
        assert game.state_from_json(d.to_json()) == d
    assert turned_down in dealt
    assert offers[0][1] in dealt  # the observation does not recall seat 0's own refusal either
    assert offers[0][0] not in dealt | kept_by_1  # seat 0 knows its own trait
    # Until every seat has chosen, seat 1's kept trait is as hidden as a turned-down one.
    assert offers[1][0] in dealt and len(kept_by_1) > 3 and offers[0][0] not in kept_by_1


def test_kept_traits_and_their_start_show_when_every_seat_has_chosen():
    game = lifespan.load_game(GAME, players=3)
    state = game.new_state(5)
    offers = [p["trait_offer"] for p in json.loads(state.to_json())["state"]["players"]]
    names = [c["name"] for c in lifespan.pursuit_of_happiness.load_cards() if c["kind"] == "child_trait"]
    fresh = json.loads(state.to_json())["state"]["players"]
    state.apply(0)
    state.apply(1)
    players = json.loads(state.to_json())["state"]["players"]
    assert [p["resources"] for p in players] == [p["resources"] for p in fresh]  # nothing gained yet
    assert [p["money"] for p in players] == [p["money"] for p in fresh]
    for viewer in range(3):
        text = state.observation_string(viewer)
        for seat, kept in [(0, offers[0][0]), (1, offers[1][1])]:
            shown = f"trait {names[kept]}" in text
            assert shown == (seat == viewer), (viewer, seat)
    assert "trait kept" in state.observation_string(2) and f"trait {names[offers[0][0]]}" in str(state)
    state.apply(0)
    text = state.observation_string(2)
    assert all(f"trait {names[t]}" in text for t in (offers[0][0], offers[1][1], offers[2][0]))


MANY_GAMES = 1000   # per player count: thousands of seeded games in all


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_thousands_of_sampled_games_keep_the_invariants(players):
    # Moves come from the playout policy's own sampler and go through the checked apply, so a
    # sampled action that is not legal fails here. Loading a saved state runs the engine's own
    # validation of a reachable position (state_check.cpp); it is done every ROUND_TRIP moves.
    round_trip = 60
    game = lifespan.load_game(GAME, players=players)
    for i in range(MANY_GAMES):
        state = game.new_state(seed=50_000 + i)
        moves = 0
        while not state.is_terminal():
            state.apply(state._sample_actions(1, i * 100_003 + moves)[0])
            moves += 1
            assert moves < MAX_DECISIONS
            if moves % round_trip == 0:
                check_round_trips(game, state)
        st = json.loads(state.to_json())["state"]
        assert st["round"] <= 8
        check_record(game, st, state.scores())


@pytest.mark.parametrize("expansions", [["community"]] + [["community", e] for e in EXPANSIONS if e != "community"],
                         ids="+".join)
def test_random_five_player_games_with_each_expansion(ph, expansions):
    # Five seats need Community; each other expansion or module beside it.
    game = lifespan.load_game(GAME, players=5, expansions=expansions)
    assert lifespan.playouts(game, 100, seed=5).shape == (100, 5)
    ph.sampled_games(game, 2)
