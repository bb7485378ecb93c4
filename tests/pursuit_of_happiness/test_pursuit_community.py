"""The Community expansion (the rules summary: Setup 4 and 6.4, Preparation 4.1 and 4.3,
Action phase 7, End of Round 5 and 9; sources S18, S19, S20): five players, Popularity, the Community board
with the meeple and the Popularity cap, the End of Round resolution, LTH for Popularity and the
marker moving left. The scenarios use the test cards below, beside the shipped ones."""

import json

import pytest

import lifespan

GAME = "pursuit_of_happiness"
NO_GOALS = ["Corner Office", "Well-Earned Rest"] * 3   # in-game goals nobody here meets
COMMUNITY_STEP = 5

TEST_CARDS = """
expansion = "community"

[[community]]
id = "t_party"
name = "Test Party"
provenance = "authored"
achievements = [
  { name = "Dance", requirement = {}, cost = { money = 2 }, reward = { popularity = 2 } },
  { name = "Host", requirement = { influence = 3 }, cost = { influence = 1 }, reward = { lth = 2, popularity = 1 } },
  { name = "Watch", requirement = {}, cost = {}, reward = { sth = 1 } },
]

[[community]]
id = "t_walk"
name = "Test Walk"
provenance = "authored"
achievements = [
  { name = "Walk", requirement = {}, cost = { stress = 1 }, reward = { knowledge = 2 } },
  { name = "Lead", requirement = {}, cost = { money = 1 }, reward = { popularity = 1 } },
]
"""


@pytest.fixture(scope="module")
def games(tmp_path_factory, ph):
    return ph.games_with_cards(tmp_path_factory.mktemp("community"), TEST_CARDS, "community")


def community_cards(game):
    return [c for c in game.cards() if c["kind"] == "community"]


def cid(game, name):
    return [c["name"] for c in community_cards(game)].index(name)


def position(ph, game, board, tokens=None, **kwargs):
    """The Community board shows `board` (names, left to right); tokens {slot: {seat: count}}."""
    kwargs = {"round": 3, "unavailable": 0, "goals": NO_GOALS[:max(3 if game.num_players == 1 else 2, game.num_players)], **kwargs}
    doc = ph.position_doc(game, **kwargs)
    st = doc["state"]
    row = [cid(game, name) for name in board]
    st["community_row"] = row
    st["community_deck"] = [k for k in st["community_deck"] if k not in row]
    st["community_tokens"] = [[0] * 5 for _ in range(5)]
    for slot, by_seat in (tokens or {}).items():
        for seat, count in by_seat.items():
            st["community_tokens"][slot][seat] = count
    for k, player in enumerate(st["players"]):   # Hourglasses on the board were spent this round
        on_board = sum(row[k] for row in st["community_tokens"]) - (0 <= player.get("meeple", -1) < 5)
        player["hourglasses_spent"] = max(player["hourglasses_spent"], on_board)
    return game.state_from_json(json.dumps(doc))


def seat(ph, state, k=0):
    return ph.srec(state)["players"][k]


# --- cards and players -------------------------------------------------------------------------

def test_the_community_cards_and_the_extra_cards():
    cards = lifespan.pursuit_of_happiness.load_cards(["base", "community"])
    mine = [c for c in cards if c["expansion"] == "community"]
    community = [c for c in mine if c["kind"] == "community"]
    assert len(community) == 24
    published = {c["name"] for c in community if c["provenance"] == "published"}
    assert published == {"House Party", "Meet the Neighbours", "Black Friday", "Karaoke Night", "Flash Mob"}
    assert all(c["source"] == "S18" and c["authored_fields"] == ["achievements"] for c in community if c["name"] in published)
    counts = {kind: sum(c["kind"] == kind for c in mine) for kind in ("life_goal", "child_trait", "project", "item", "activity", "job", "partner")}
    assert counts == {"life_goal": 2, "child_trait": 2, "project": 3, "item": 2, "activity": 2, "job": 2, "partner": 2}
    assert any(c["condition"]["what"] == "popularity" for c in mine if c["kind"] == "life_goal")


def test_an_achievement_cost_names_its_kinds(ph, tmp_path):
    text = TEST_CARDS.replace("cost = { money = 2 }", "cost = { any_resource = 2 }", 1)
    with pytest.raises(lifespan.CardDataError, match=r"t_party: achievements\[0\].cost.any_resource"):
        ph.load_card_text(tmp_path, text, "community")


def test_five_players_need_community(games):
    with pytest.raises(lifespan.RulesError, match="players: must be at most 4"):
        lifespan.load_game(GAME, players=5)
    game = games(players=5)
    st = json.loads(game.new_state(2).to_json())["state"]
    assert len(st["players"]) == 5 and len(st["goals"]) == 5 and all(p["popularity"] == 0 for p in st["players"])
    assert st["community_row"] == [] and len(st["community_deck"]) == len(community_cards(game))


# --- the board ---------------------------------------------------------------------------------

def test_the_board_is_dealt_in_the_1st_adult_round_then_ages_from_the_right(ph, games):
    game = games()
    state = ph.build(game, players={0: {"hourglasses": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["round"] == 2 and len(st["community_row"]) == 5
    first = st["community_row"]
    # The next Preparation: the rightmost goes, the others slide right, one comes in on the left.
    doc = json.loads(state.to_json())
    for p in doc["state"]["players"]:
        p.update(hourglasses=0, meeple=5)
    doc["state"]["players"][0]["hourglasses"] = 1
    doc["state"].update(step=ph.ACTION, current=0)
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["round"] == 3 and st["community_row"][1:] == first[:4] and st["community_discards"] == [first[4]]


# --- placing -----------------------------------------------------------------------------------

def test_where_the_meeple_is_shows_in_both_views(ph, games):
    # A public fact: the card the meeple stands on, or that it went unused.
    game = games()
    board = ["Test Party", "Test Walk"]
    on = [position(ph, game, board, {slot: {0: 1}}, players={0: {"meeple": slot, "popularity": 1}, 1: {"meeple": 5}})
          for slot in (0, 1)]
    for observer in (0, 1):
        assert on[0].observation(observer).tolist() != on[1].observation(observer).tolist(), observer
    text = on[1].observation_string(1)
    assert "meeple on Test Walk" in text and "meeple given up" in text


def test_during_the_resolution_the_meeple_is_where_its_card_went(ph):
    # Resolved cards leave the row and the rest move left, while the state keeps the slot the
    # meeple was placed on: the views follow its card, then say it was resolved.
    import json
    import random
    import re

    game = ph.game(players=2, expansions=("community",))
    names = [c["name"] for c in game.cards() if c["kind"] == "community"]
    rng, seen = random.Random(0), {"on": 0, "resolved": 0}
    for seed in range(12):
        state, placed_on = game.new_state(seed=seed), {}
        before = json.loads(state.to_json())["state"]
        while not state.is_terminal():
            st = json.loads(state.to_json())["state"]
            for seat in range(2):
                slot = st["players"][seat]["meeple"]
                if not 0 <= slot < 5:
                    continue
                if before["players"][seat]["meeple"] < 0:  # just placed: on the board as it was
                    placed_on[seat] = names[before["community_row"][slot]]
                if st["community_slot"] < 0:
                    continue
                line = state.observation_string(seat).split("Seat ")[seat + 1]
                if "meeple on " in line:
                    assert re.search(r"meeple on ([^,\n]+)", line).group(1) == placed_on[seat]
                    seen["on"] += 1
                else:
                    assert "meeple's card resolved" in line
                    seen["resolved"] += 1
            before = st
            state.apply(rng.choice(state.legal_actions()))
    assert seen["on"] and seen["resolved"], seen


def test_the_meeple_first_then_hourglasses_up_to_popularity(ph, games):
    game = games()
    state = position(ph, game, ["Test Party", "Test Walk"], players={0: {"hourglasses": 4, "popularity": 2}, 1: {"hourglasses": 0, "meeple": 5}})
    assert state.action_to_string(ph.COMMUNITY_PLACE) == "Community: Test Party (the meeple)"
    state.apply(ph.COMMUNITY_PLACE)
    p = seat(ph, state)
    assert (p["meeple"], p["hourglasses"]) == (0, 4)
    assert state.action_to_string(ph.COMMUNITY_PLACE + 1) == "Community: Test Walk (an Hourglass)"
    state.apply(ph.COMMUNITY_PLACE + 1)
    state.apply(ph.COMMUNITY_PLACE + 1)          # no Stress for a second token on a card
    p = seat(ph, state)
    assert (p["hourglasses"], p["stress"]) == (2, 5)
    assert ph.srec(state)["community_tokens"][1][0] == 2
    assert not any(ph.COMMUNITY_PLACE <= a < ph.ACHIEVEMENT for a in state.legal_actions())   # Popularity 2 reached


def test_with_popularity_0_only_the_meeple_goes_and_it_gives_a_turn(ph, games):
    game = games()
    state = position(ph, game, ["Test Party"], players={0: {"hourglasses": 0}, 1: {"hourglasses": 1, "meeple": 5}}, current=1)
    state.apply(ph.REST)
    assert state.current_player == 0        # no Hourglass, but the meeple and a card for it
    assert state.legal_actions() == [ph.PASS, ph.COMMUNITY_PLACE] or ph.COMMUNITY_PLACE in state.legal_actions()
    state.apply(ph.COMMUNITY_PLACE)
    assert ph.srec(state)["step"] == COMMUNITY_STEP   # the round ended: its resolution begins


# --- End of Round ------------------------------------------------------------------------------

def _end_round(ph, game, board, tokens, players, **kwargs):
    """Seat 0 rests on the round's last turn; the Community board then resolves."""
    players = {k: {"hourglasses": 0, "meeple": 5, **players.get(k, {})} for k in range(game.num_players)}
    players[0] = {**players[0], "hourglasses": 1}
    state = position(ph, game, board, tokens, players=players, **kwargs)
    state.apply(ph.REST)
    return state


def test_resolution_left_to_right_one_achievement_per_token(ph, games):
    game = games()
    state = _end_round(ph, game, ["Test Party", "Test Walk"], {0: {0: 1, 1: 1}, 1: {0: 1}},
                       {0: {"money": 2, "meeple": 0, "popularity": 1, "sth": 1},
                        1: {"resources": [0, 0, 3], "popularity": 1}},
                       first_player=0)
    # Seat 0: the meeple on the Party, an Hourglass on the Walk; seat 1: an Hourglass on the Party.
    st = ph.srec(state)
    assert st["step"] == COMMUNITY_STEP and st["community_slot"] == 0 and state.current_player == 0
    assert state.legal_actions() == [ph.ACHIEVEMENT, ph.ACHIEVEMENT + 2, ph.NO_ACHIEVEMENT]   # no Influence to Host
    assert state.action_to_string(ph.ACHIEVEMENT) == "Achievement: Test Party (Dance)"
    state.apply(ph.ACHIEVEMENT)
    assert state.current_player == 1 and seat(ph, state)["popularity"] == 3
    state.apply(ph.ACHIEVEMENT + 1)              # Host: requirement 3 Influence, pays 1
    assert seat(ph, state, 1)["resources"] == [0, 0, 2]
    st = ph.srec(state)
    assert st["community_row"] == [cid(game, "Test Walk")] and st["community_slot"] == 0   # the Party is discarded
    assert state.current_player == 0
    state.apply(ph.ACHIEVEMENT)                  # Walk: 1 Stress for 2 Knowledge
    st = ph.srec(state)
    assert st["step"] != COMMUNITY_STEP and st["round"] == 4
    p0, p1 = st["players"][0], st["players"][1]
    # LTH for Popularity (3 and 2) at the End of Round, then the markers move left.
    assert (p0["lth"], p0["popularity"], p0["resources"][0], p0["stress"]) == (3, 2, 2, 6)
    assert (p1["lth"], p1["popularity"]) == (2 + 2, 1)


def test_tokens_of_a_seat_whose_life_ended_are_taken_off_and_it_still_gains_lth(ph, games):
    game = games()
    state = _end_round(ph, game, ["Test Party"], {0: {1: 1}},
                       {0: {}, 1: {"alive": False, "stress": 20, "popularity": 3}})
    st = ph.srec(state)
    assert st["step"] != COMMUNITY_STEP and cid(game, "Test Party") in st["community_discards"]
    assert seat(ph, state, 1)["lth"] == 3


@pytest.mark.parametrize("rule, choices", [("per_token", 2), ("per_player", 1)])
def test_several_tokens_on_one_card(ph, games, rule, choices):
    game = games(community_tokens=rule)
    state = _end_round(ph, game, ["Test Walk"], {0: {0: 2}},
                       {0: {"money": 5, "meeple": 0, "popularity": 1}})
    made = 0
    while ph.srec(state)["step"] == COMMUNITY_STEP:
        state.apply(ph.ACHIEVEMENT + 1)          # Lead: 1 coin for 1 Popularity
        made += 1
    assert made == choices and seat(ph, state)["money"] == 5 - choices


@pytest.mark.parametrize("rule, lth", [("once_per_round", 2), ("per_card", 4)])
def test_lth_for_popularity_once_or_per_card(ph, games, rule, lth):
    game = games(popularity_lth=rule)
    state = _end_round(ph, game, ["Test Party", "Test Walk"], {0: {1: 1}, 1: {1: 1}},
                       {0: {}, 1: {"popularity": 2}})
    state.apply(ph.NO_ACHIEVEMENT)
    state.apply(ph.NO_ACHIEVEMENT)
    assert seat(ph, state, 1)["lth"] == lth


def test_popularity_stops_at_the_end_of_its_track(ph, games):
    game = games(popularity_max=3)
    state = _end_round(ph, game, ["Test Party"], {0: {0: 1}}, {0: {"money": 2, "popularity": 2, "meeple": 0}})
    state.apply(ph.ACHIEVEMENT)                  # +2 Popularity, capped at 3
    assert seat(ph, state)["lth"] == 3 and seat(ph, state)["popularity"] == 2


def test_a_fifth_seat_group_project_has_its_own_join_ids(ph, games):
    game = games(players=5)
    paintball = ph.project_card("Paintball", flags=ph.ACTIVE | ph.STARTED, time=1, roles=[4, -1, -1, -1])
    state = position(ph, game, [], round=2, players={4: {"cards": [paintball]}, 0: {"resources": [5, 5, 5], "money": 9}})
    legal = state.legal_actions()
    join = ph.join_group(4, 0, 1)
    assert join in legal and join >= ph.JOIN_FIFTH_SEAT and legal == sorted(legal)
    assert state.action_to_string(join).startswith("Join Paintball (seat 4) as ")
    state.apply(join)
    assert ph.srec(state)["players"][4]["cards"][0]["roles"][1] == 0


def test_corrupt_community_fields_are_refused(ph, games):
    game = games()
    good = json.loads(position(ph, game, ["Test Party"], {0: {0: 1}}, players={0: {"meeple": 0}}).to_json())
    for change, message in (
            (lambda st: st["players"][0].update(meeple=-1), "within Popularity"),
            (lambda st: st["community_tokens"][3].__setitem__(0, 1), "Community cards shown"),
            (lambda st: st.update(community_slot=0), "community_slot"),
            (lambda st: st["players"][0].update(popularity=9), "Popularity on its track"),
            (lambda st: st["community_deck"].append(st["community_row"][0]), "repeated Community card")):
        bad = json.loads(json.dumps(good))
        change(bad["state"])
        with pytest.raises(ValueError, match=message):
            game.state_from_json(json.dumps(bad))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_with_community(ph, players):
    game = lifespan.load_game(GAME, players=players, expansions=["community"])
    games = 12 if players == 1 else 3  # a solo life gains Popularity in about half its games
    seen = ph.sampled_records(game, games, players, lambda st: (st["step"] == COMMUNITY_STEP, any(p["popularity"] for p in st["players"])))
    assert any(resolving for resolving, _ in seen) and any(popular for _, popular in seen)


def test_in_game_goals_see_popularity_at_its_peak(ph, games):
    game = games()
    goals = [c for c in game.cards() if c["kind"] == "life_goal"]
    talk = [c["name"] for c in goals].index("Talk of the Town")
    assert goals[talk]["condition"] == {"kind": "at_least", "what": "popularity", "amount": 4}
    state = _end_round(ph, game, ["Test Party"], {0: {0: 1}}, {0: {"money": 2, "meeple": 0, "popularity": 2, "sth": 1}})
    doc = json.loads(state.to_json())
    doc["state"]["goals"][0] = talk
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.ACHIEVEMENT)                  # Dance: Popularity 4, then 3 after the End of Round
    st = ph.srec(state)
    assert st["goals_claimed_by"][0] == 1 and st["players"][0]["popularity"] == 3


def test_no_lth_for_popularity_once_nobody_plays(ph, games):
    game = games()
    state = position(ph, game, ["Test Party"],
                     players={0: {"hourglasses": 1, "stress": 19, "meeple": 5, "popularity": 2},
                              1: {"alive": False, "stress": 20, "hourglasses": 0, "meeple": 5, "popularity": 3}})
    state.apply(ph.OVERTIME)                     # the last life ends in the round's last action
    assert state.is_terminal() and [p["lth"] for p in ph.srec(state)["players"]] == [0, 0]


def test_the_observation_keeps_the_community_step_apart(ph, games):
    game = games()
    state = _end_round(ph, game, ["Test Party"], {0: {0: 1}}, {0: {"meeple": 0}})
    assert ph.srec(state)["step"] == COMMUNITY_STEP
    mine, other = state.observation(0), state.observation(1)
    assert mine[1 + COMMUNITY_STEP] == other[1 + COMMUNITY_STEP] == 1.0
    assert (mine[1 + 8], other[1 + 8]) == (1.0, 0.0)               # to move: after the 8 steps


def test_hourglasses_on_the_board_stay_within_popularity(ph, games):
    game = games()
    doc = json.loads(position(ph, game, ["Test Party"], {0: {0: 1}}, players={0: {"popularity": 1}}).to_json())
    doc["state"]["players"][0]["popularity"] = 0
    with pytest.raises(ValueError, match="within Popularity"):
        game.state_from_json(json.dumps(doc))


def test_nostalgia_mid_game_goals_are_checked_again_after_the_achievements(ph, tmp_path):
    # Like the in-game Life Goals: Class President (a Mid-Game goal, 10 Influence, 3 LTH) is met
    # by Influence a Community achievement gives, in the same End of Round.
    extra = tmp_path / "rally.toml"
    extra.write_text('expansion = "community"\n\n[[community]]\nid = "t_rally"\nname = "Test Rally"\n'
                     'provenance = "authored"\nachievements = [\n'
                     '  { name = "Speak", requirement = {}, cost = {}, reward = { influence = 4 } },\n]\n')
    game = lifespan.load_game(GAME, players=2, expansions=["community", "nostalgia"], cards=[extra])
    nostalgia = [c["name"] for c in game.cards() if c["kind"] == "nostalgia"]
    president = nostalgia.index("Class President")
    players = {0: {"hourglasses": 1, "resources": [0, 0, 6], "meeple": 0}, 1: {"hourglasses": 0, "meeple": 5}}
    doc = json.loads(position(ph, game, ["Test Rally"], {0: {0: 1}}, players=players).to_json())
    doc["state"]["players"][0]["cards"].append(ph.in_play(6, president, 0, 1))  # realized, at L1
    doc["state"]["nostalgia_box"] = [k for k in doc["state"]["nostalgia_box"] if k != president]
    for p in doc["state"]["players"]:
        p["nostalgia_hand"] = [k for k in p["nostalgia_hand"] if k != president]
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)                         # the round's last Hourglass: End of Round
    assert ph.srec(state)["step"] == COMMUNITY_STEP
    state.apply(ph.ACHIEVEMENT)                  # Speak: Influence 6 + 4
    p = seat(ph, state)
    assert p["resources"][2] == 10
    assert p["cards"][0]["level"] == 2 and p["lth"] == 3
