"""The Relatives module (the rules summary, Setup 13 and End of Round 7): one Relative per
player, a die rolled for it at the end of each End of Round from the 1st Adult round, the Level
indicator moving on after a high roll, the reward (requirement met) and the card leaving after
a low one."""

import json

import pytest

import lifespan

GAME = "pursuit_of_happiness"
NO_GOALS = ["Corner Office", "Well-Earned Rest"]
MASK = (1 << 64) - 1


def relatives_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["relatives"], **rules)


def relative_cards(game):
    return [c for c in game.cards() if c["kind"] == "relative"]


def roll_after(state_rng, sides):
    """The first die the engine rolls from this generator state (SplitMix64, Lemire's below)."""
    state = (state_rng + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return 1 + ((z * sides) >> 64)


def rng_rolling(value, sides=6):
    return next(r for r in range(10_000) if roll_after(r, sides) == value)


def position(ph, game, relative, level, roll, resources=(0, 0, 0), round=3, sides=6):
    """Seat 0 holds `relative` at `level` and rests on the round's last turn; the die will show
    `roll`. Seat 1 has no Relative."""
    doc = ph.position_doc(game, goals=NO_GOALS, round=round, unavailable=0 if round > 1 else 0b1100010000,
                          players={0: {"hourglasses": 1, "resources": list(resources)}, 1: {"hourglasses": 0}})
    st = doc["state"]
    names = [c["name"] for c in relative_cards(game)]
    st["players"][0].update(relative=names.index(relative), relative_level=level)
    st["rng"] = rng_rolling(roll, sides)
    return game.state_from_json(json.dumps(doc))


def seat0(ph, state):
    return ph.srec(state)["players"][0]


def test_ten_authored_relatives_with_rising_numbers():
    cards = relative_cards(relatives_game())
    assert len(cards) == 10 and all(c["provenance"] == "authored" and c["expansion"] == "relatives" for c in cards)
    assert all(c["numbers"] == sorted(set(c["numbers"])) for c in cards)


def test_each_player_is_dealt_a_different_relative_face_up():
    game = relatives_game(players=4)
    state = game.new_state(3)
    dealt = [p["relative"] for p in json.loads(state.to_json())["state"]["players"]]
    assert len(set(dealt)) == 4 and all(0 <= k < 10 for k in dealt)
    names = [c["name"] for c in relative_cards(game)]
    seen_by_1 = state.observation_string(1)
    assert all(f"Relative {names[k]}" in seen_by_1 for k in dealt)   # public
    # Games without the module deal as before.
    plain = lifespan.load_game(GAME, players=4)
    assert json.loads(plain.new_state(3).to_json())["state"]["players"][0].get("relative", -1) == -1


def test_a_roll_above_the_number_moves_the_indicator_right(ph):
    game = relatives_game()
    state = position(ph, game, "Grandpa the Inventor", 1, roll=3)    # numbers 1 2 3 4 5: marks 2
    state.apply(ph.REST)
    p = seat0(ph, state)
    assert (p["relative"], p["relative_level"], p["lth"]) == (1, 2, 0)


def test_on_the_last_number_a_high_roll_keeps_the_indicator(ph):
    game = relatives_game()
    state = position(ph, game, "Wealthy Godfather", 2, roll=6)        # numbers 1 2 3
    state.apply(ph.REST)
    assert (seat0(ph, state)["relative_level"], seat0(ph, state)["money"]) == (2, 0)


@pytest.mark.parametrize("resources, paid", [((2, 0, 2), True), ((2, 0, 1), False)])
def test_a_low_roll_pays_out_if_the_requirement_is_met_and_the_card_leaves(ph, resources, paid):
    game = relatives_game()
    godfather = next(c for c in relative_cards(game) if c["name"] == "Wealthy Godfather")
    assert godfather["requirement"] == {"knowledge": 2, "influence": 2} and godfather["reward"] == {"money": 12}
    state = position(ph, game, "Wealthy Godfather", 1, roll=2, resources=resources)   # marks 2: not above
    state.apply(ph.REST)
    p = seat0(ph, state)
    assert (p["relative"], p["relative_level"]) == (-1, 0)
    assert p["money"] == (12 if paid else 0) and p["resources"] == list(resources)


def test_no_roll_in_the_teen_round(ph):
    game = relatives_game()
    state = position(ph, game, "Wealthy Godfather", 0, roll=1, round=1)
    state.apply(ph.REST)
    assert (seat0(ph, state)["relative"], seat0(ph, state)["money"]) == (5, 0)


def test_a_player_whose_life_ended_still_rolls(ph):
    game = relatives_game()
    doc = json.loads(position(ph, game, "Nana and Her Recipes", 0, roll=1).to_json())
    p0 = doc["state"]["players"][0]
    p1 = doc["state"]["players"][1]
    p0.update(alive=False, hourglasses=0, stress=20)
    p1["hourglasses"] = 1
    doc["state"]["current"] = 1
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    assert (seat0(ph, state)["relative"], seat0(ph, state)["lth"]) == (-1, 2)   # Nana: 2 LTH, no requirement


def test_a_player_whose_life_ended_gains_only_the_lth_of_a_reward(ph):
    # Wealthy Godfather's 12 coins would still count for Inheritance and for a most-coins Life
    # Goal after the life: a player whose life has ended gains none of them.
    game = relatives_game()
    doc = json.loads(position(ph, game, "Wealthy Godfather", 1, roll=2, resources=(2, 0, 2)).to_json())
    doc["state"]["players"][0].update(alive=False, hourglasses=0, stress=20)
    doc["state"]["players"][1]["hourglasses"] = 1
    doc["state"]["current"] = 1
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    p = seat0(ph, state)
    assert (p["relative"], p["money"], p["lth"], p["resources"]) == (-1, 0, 0, [2, 0, 2])


def test_the_die_is_a_rule_parameter(ph):
    game = relatives_game(relative_die=20)
    state = position(ph, game, "Wealthy Godfather", 2, roll=19, sides=20)
    state.apply(ph.REST)
    assert seat0(ph, state)["relative"] == 5 and seat0(ph, state)["relative_level"] == 2
    with pytest.raises(lifespan.RulesError, match="relative_die"):
        relatives_game(relative_die=1)


def test_bad_relative_fields_are_refused(ph, tmp_path):
    game = relatives_game()
    good = json.loads(position(ph, game, "Wealthy Godfather", 2, roll=1).to_json())
    for change, message in (({"relative_level": 3}, "relative"), ({"relative": 10}, "relative"),
                            ({"relative": -1, "relative_level": 1}, "relative")):
        bad = json.loads(json.dumps(good))
        bad["state"]["players"][0].update(change)
        with pytest.raises(ValueError, match=message):
            game.state_from_json(json.dumps(bad))
    twice = json.loads(json.dumps(good))
    twice["state"]["players"][1]["relative"] = 5
    with pytest.raises(ValueError, match="dealt twice"):
        game.state_from_json(json.dumps(twice))
    text = """
[[relative]]
id = "falling"
name = "Falling"
provenance = "authored"
numbers = [3, 2]
requirement = {}
reward = { lth = 1 }
"""
    with pytest.raises(lifespan.CardDataError, match="falling: numbers: must rise"):
        ph.load_card_text(tmp_path, text, "relatives")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_with_relatives(ph, players):
    game = relatives_game(players=players)
    left = ph.sampled_records(game, 4, players, lambda st: sum(p["relative"] >= 0 for p in st["players"]))
    assert left[0] == players and min(left) < players    # some Relative left the game


def test_a_natural_disaster_strikes_after_the_relatives_roll(ph):
    # The roll is at the end of the End of Round phase (summary, step 7); the Disaster strikes once
    # the phase is over (KS Promos): the Godfather's 12 coins come first, then the Disaster's -2.
    game = lifespan.load_game(GAME, players=2, expansions=["relatives", "events"])
    doc = ph.position_doc(game, goals=NO_GOALS, round=3, unavailable=0,
                          players={0: {"hourglasses": 1, "resources": [2, 0, 2], "event_flags": 2},
                                   1: {"hourglasses": 0}})
    st = doc["state"]
    disaster = [c["name"] for c in game.cards() if c["kind"] == "event"].index("Natural Disaster")
    st["event_deck"] = [k for k in st["event_deck"] if k != disaster]
    st.update(event_revealed=-1, event_active=disaster, rng=rng_rolling(1))
    st["players"][0].update(relative=[c["name"] for c in relative_cards(game)].index("Wealthy Godfather"),
                            relative_level=0)
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    p = seat0(ph, state)
    assert (ph.srec(state)["round"], p["relative"], p["money"]) == (4, -1, 12 - 2)
