"""The Best Friends module (the rules summary, Setup 3 and Preparation 4.2; this project's
reconstruction, docs/pursuit_of_happiness.md §9): the Best Friends board with 4 face-up cards
dealt at setup, all discarded and redealt in each Preparation from the 1st Adult round; Make a
Friend; a friendship growing like an Item, with its upkeep."""

import json

import pytest

import lifespan

GAME = "pursuit_of_happiness"
NO_GOALS = ["Corner Office", "Well-Earned Rest"]


def friends_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["best_friends"], **rules)


def make_friend(ph, k):
    return ph.MAKE_FRIEND + k


def item_ids(game):
    """Item-table ids (Items, Activities and Best Friends share one table) by name."""
    table = [c for c in game.cards() if c["kind"] in ("item", "activity", "pet", "service", "best_friend")]
    return {c["name"]: k for k, c in enumerate(table)}, table


def position(ph, game, board, **kwargs):
    kwargs = {"round": 2, "unavailable": 0, **kwargs}
    doc = ph.position_doc(game, goals=NO_GOALS, **kwargs)
    st = doc["state"]
    ids, _ = item_ids(game)
    row = [ids[name] for name in board]
    held = {c["id"] for p in st["players"] for c in p["cards"] if c["kind"] == ph.KIND_ITEM}
    st["friend_row"] = row
    st["friend_deck"] = [k for k in st["friend_deck"] if k not in row and k not in held]
    return game.state_from_json(json.dumps(doc))


def seat0(ph, state):
    return ph.srec(state)["players"][0]


def test_sixteen_authored_best_friends_on_their_own_deck():
    game = friends_game()
    _, table = item_ids(game)
    friends = {k for k, c in enumerate(table) if c["kind"] == "best_friend"}
    assert len(friends) == 16 and all(table[k]["provenance"] == "authored" for k in friends)
    st = json.loads(game.new_state(4).to_json())["state"]
    assert sorted(st["friend_deck"] + st["friend_row"]) == sorted(friends) and len(st["friend_row"]) == 4
    assert not friends & set(st["decks"][1] + st["rows"][1])
    plain = json.loads(lifespan.load_game(GAME).new_state(4).to_json())["state"]
    assert plain["decks"][1] == st["decks"][1] or len(plain["decks"][1]) == len(st["decks"][1])


def test_the_board_is_dealt_at_setup_and_redealt_each_adult_round(ph):
    game = friends_game()
    state = ph.build(game, players={0: {"hourglasses": 1, "resources": [3, 3, 3], "money": 5}, 1: {"hourglasses": 0}})
    teen = ph.srec(state)["friend_row"]
    legal = state.legal_actions()
    assert len(teen) == 4 and all(make_friend(ph, k) in legal for k in range(4))   # a friend early in life
    state.apply(ph.REST)                       # the Teen round ends
    first = ph.srec(state)["friend_row"]
    assert ph.srec(state)["round"] == 2 and len(first) == 4 and sorted(ph.srec(state)["friend_discards"]) == sorted(teen)
    # End the 1st Adult round: the 4 cards go to the discards, 4 new ones come.
    doc = json.loads(state.to_json())
    for p in doc["state"]["players"]:
        p["hourglasses"] = 0
    doc["state"]["players"][0]["hourglasses"] = 1
    doc["state"].update(step=ph.ACTION, current=0)
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["round"] == 3 and len(st["friend_row"]) == 4 and sorted(first) == sorted(set(first) & set(st["friend_discards"]))
    assert not set(first) & set(st["friend_row"])


def test_make_a_friend_then_grow_the_friendship(ph):
    game = friends_game()
    ids, table = item_ids(game)
    sam = table[ids["Sam the Skater"]]
    state = position(ph, game, ["Old Walt Next Door", "Sam the Skater"],
                     players={0: {"resources": [0, 5, 5], "money": 5, "hourglasses": 3}, 1: {"hourglasses": 0}})
    assert state.action_to_string(make_friend(ph, 1)) == "Make a Friend: Sam the Skater"
    state.apply(make_friend(ph, 1))
    p = seat0(ph, state)
    card = p["cards"][0]
    assert (card["kind"], card["id"], card["level"], card["flags"]) == (ph.KIND_ITEM, ids["Sam the Skater"], 1, 0)
    assert p["resources"][2] == 5 - sam["levels"][0]["cost"]["influence"] and p["sth"] == sam["levels"][0]["reward"]["sth"]
    assert ph.srec(state)["friend_row"] == [ids["Old Walt Next Door"]]            # not refilled now
    assert make_friend(ph, 0) not in state.legal_actions()                       # one best friend at a time
    state.apply(ph.card_action(0))
    assert seat0(ph, state)["cards"][0]["level"] == 2


def test_more_best_friends_with_the_rule_parameter(ph):
    game = friends_game(best_friends_max=2)
    state = position(ph, game, ["Old Walt Next Door", "Grandma Ivy from the Knitting Circle"],
                     players={1: {"hourglasses": 0}})
    state.apply(make_friend(ph, 0))
    state.apply(make_friend(ph, 0))
    assert len(seat0(ph, state)["cards"]) == 2


def test_a_friend_is_not_an_item_and_a_lost_friend_goes_to_the_friends_discards(ph):
    game = friends_game()
    ids, table = item_ids(game)
    chef = ids["Chef Lou"]
    assert table[chef]["upkeep"] == {"cost": {"money": 1}, "reward": {"sth": 1}}
    friend = ph.in_play(ph.KIND_ITEM, chef, 0, 1)
    state = position(ph, game, [], round=3, players={0: {"cards": [friend], "hourglasses": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.REST)                                            # to the next Upkeep
    assert ph.srec(state)["step"] == ph.UPKEEP and seat0(ph, state)["cards"][0]["flags"] & ph.UPKEEP_DUE
    state.apply(ph.give_up(0))
    st = ph.srec(state)
    assert chef in st["friend_discards"] and chef not in st["discards"][1]
    assert (st["players"][0]["stress"], st["players"][0]["cards"]) == (6, [])


def test_friend_piles_are_checked_on_load(ph):
    game = friends_game()
    ids, _ = item_ids(game)
    good = json.loads(position(ph, game, ["Chef Lou"]).to_json())
    bad = json.loads(json.dumps(good))
    bad["state"]["rows"][1].append(ids["Max the Gamer"])
    bad["state"]["friend_deck"].remove(ids["Max the Gamer"])
    with pytest.raises(ValueError, match="Best Friends board only"):
        game.state_from_json(json.dumps(bad))
    bad = json.loads(json.dumps(good))
    item = bad["state"]["decks"][1].pop()
    bad["state"]["friend_row"].append(item)
    with pytest.raises(ValueError, match="Best Friends board only"):
        game.state_from_json(json.dumps(bad))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_with_best_friends(ph, players):
    game = friends_game(players=players)
    # Best Friends in play: those on no board, deck or discard pile.
    held = ph.sampled_records(game, 3, players,
                              lambda st: 16 - len(st["friend_row"] + st["friend_deck"] + st["friend_discards"]))
    assert any(held)
