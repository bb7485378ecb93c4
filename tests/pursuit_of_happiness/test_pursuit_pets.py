"""The Pets promo (KS Promos rulebook §3): 12 Pets in the Item-Activity deck, bought at level 1
with Spend, growing one level each Upkeep they are fed, up to Goodbye Friend."""

import json

import pytest

import lifespan

GAME = "pursuit_of_happiness"
NO_GOALS = ["Corner Office", "Well-Earned Rest"]   # in-game goals nobody here meets


def pets_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["pets"], **rules)


def item_id(game, name):
    """The engine's id of a card of the Item-Activity deck (Items, Activities, then Pets)."""
    deck = [c["name"] for c in game.cards() if c["kind"] in ("item", "activity", "pet")]
    return deck.index(name)


def pet(ph, game, name, level=1):
    card = ph.in_play(ph.KIND_ITEM, item_id(game, name), 0, level, 0)
    return card


def seat0(ph, state):
    return ph.srec(state)["players"][0]


def to_next_upkeep(ph, state):
    """Seat 0 places its last Hourglass (Rest); the round ends and the next Upkeep begins."""
    state.apply(ph.REST)
    st = ph.srec(state)
    assert st["step"] == ph.UPKEEP and st["current"] == 0
    return state


def test_the_twelve_pets_and_the_two_the_rulebook_prints():
    game = pets_game()
    pets = [c for c in game.cards() if c["kind"] == "pet"]
    assert len(pets) == 12 and all(c["expansion"] == "pets" for c in pets)
    assert sorted(c["name"] for c in pets if c["provenance"] == "seed") == ["Cat", "Fish"]
    assert all(c["levels"][-1]["name"] == "Goodbye Friend" for c in pets)


def test_annas_cat_from_kitten_to_goodbye_friend(ph):
    # Anna buys the Cat with Spend for 1 coin: Kitten, +1 STH. Then each Upkeep she pays 2, 3
    # and 3 coins: +1 LTH (Adult), +2 LTH (Old Cat), -1 STH and +3 LTH (Goodbye Friend). After
    # that the Cat asks for nothing.
    game = pets_game()
    cat = item_id(game, "Cat")
    state = ph.build(game, round=2, unavailable=0, goals=NO_GOALS, rows={ph.ITEMS: [cat]},
                     players={0: {"money": 20, "hourglasses": 2}, 1: {"hourglasses": 0}})
    state.apply(ph.spend(0))
    p = seat0(ph, state)
    assert p["money"] == 19 and p["sth"] == 1 and p["cards"][0]["level"] == 1
    assert ph.card_action(0) not in state.legal_actions()      # no buying of further levels
    assert ph.discard(0) not in state.legal_actions()          # a Pet is not an Item

    expected = [(2, 1, 0), (3, 2, 0), (3, 3, -1)]              # coins, LTH gained, STH change
    lth = seat0(ph, state)["lth"]
    for level, (coins, gained, sth_change) in enumerate(expected, start=2):
        to_next_upkeep(ph, state)
        before = seat0(ph, state)
        state.apply(ph.pay_upkeep(0))
        p = seat0(ph, state)
        assert p["cards"][0]["level"] == level
        assert before["money"] - p["money"] == coins
        assert p["lth"] - before["lth"] == gained
        assert p["sth"] - before["sth"] == sth_change
        lth += gained
        # The same seat in the Action phase of that round, holding its last Hourglass.
        ph.play_until(state, lambda s: ph.srec(s)["step"] == ph.ACTION)
        kept = {k: seat0(ph, state)[k] for k in ("money", "sth", "lth", "cards")}
        state = ph.build(game, round=ph.srec(state)["round"], unavailable=0, goals=NO_GOALS,
                         players={0: {**kept, "hourglasses": 1}, 1: {"hourglasses": 0}})
    assert lth == 6 and seat0(ph, state)["cards"][0]["level"] == 4
    kept_round = ph.srec(state)["round"]
    state.apply(ph.REST)
    st = ph.srec(state)
    # Goodbye Friend asks for no more Upkeep: nothing for seat 0 to decide, and it gives nothing.
    assert st["step"] != ph.UPKEEP or st["current"] != 0
    assert st["round"] == kept_round + 1
    p = seat0(ph, state)
    assert p["cards"][0]["level"] == 4 and p["lth"] == kept["lth"] and p["money"] == kept["money"]


def test_the_fish_and_its_last_level(ph):
    game = pets_game()
    state = ph.build(game, round=3, unavailable=0, goals=NO_GOALS,
                     players={0: {"money": 5, "hourglasses": 1, "cards": [pet(ph, game, "Fish")]},
                              1: {"hourglasses": 0}})
    to_next_upkeep(ph, state)
    before = seat0(ph, state)
    state.apply(ph.pay_upkeep(0))
    p = seat0(ph, state)
    assert p["cards"][0]["level"] == 2 and before["money"] - p["money"] == 1
    assert p["lth"] - before["lth"] == 2 and p["sth"] - before["sth"] == -1


@pytest.mark.parametrize("unfed_pet,kept", [("discard", False), ("stays", True)])
def test_a_pet_not_fed(ph, unfed_pet, kept):
    game = pets_game(unfed_pet=unfed_pet)
    state = ph.build(game, round=3, unavailable=0, goals=NO_GOALS,
                     players={0: {"money": 0, "hourglasses": 1, "stress": 5,
                                  "cards": [pet(ph, game, "Cat", level=2)]},
                              1: {"hourglasses": 0}})
    to_next_upkeep(ph, state)
    assert ph.pay_upkeep(0) not in state.legal_actions()      # 3 coins, none held
    before = seat0(ph, state)
    state.apply(ph.give_up(0))
    p = seat0(ph, state)
    if kept:
        assert len(p["cards"]) == 1 and p["cards"][0]["level"] == 2
        assert p["stress"] == before["stress"] and p["sth"] == before["sth"]
    else:
        assert p["cards"] == [] and p["stress"] == before["stress"] + 1


def test_a_pet_costs_its_price_whatever_item_discount_a_trait_gives(ph, tmp_path):
    # Pets are not Items: an Item discount does not apply (the rulebook's note). The base set
    # has no such trait, so a card file adds one.
    extra = tmp_path / "bargain.toml"
    extra.write_text(
        '[[child_trait]]\nid = "bargain_hunter"\nname = "Bargain Hunter"\nprovenance = "authored"\n'
        'start = { money = 1 }\nability = { kind = "discount", on = "item", amount = 1 }\n')
    game = lifespan.load_game(GAME, players=2, expansions=["pets"], cards=[str(extra)])
    traits = [c["name"] for c in game.cards() if c["kind"] == "child_trait"]
    state = ph.build(game, round=2, unavailable=0, goals=NO_GOALS,
                     rows={ph.ITEMS: [item_id(game, "Dog")]},
                     players={0: {"money": 9}, 1: {"hourglasses": 0}})
    doc = json.loads(state.to_json())
    doc["state"]["players"][0]["trait"] = traits.index("Bargain Hunter")
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.spend(0))
    assert 9 - seat0(ph, state)["money"] == 2     # the Dog's full price



def test_a_pet_is_bought_at_its_first_level_only(ph):
    # "Contrary to Items, you can only buy Pets at the first level" (the rulebook), whatever
    # item_purchase allows Items.
    game = lifespan.load_game(GAME, players=2, expansions=["pets"])
    state = ph.build(game, round=2, unavailable=0, goals=NO_GOALS, rows={ph.ITEMS: [item_id(game, "Dog")]},
                     players={0: {"money": 30, "resources": [9, 9, 9]}, 1: {"hourglasses": 0}})
    legal = state.legal_actions()
    assert ph.spend(0) in legal and not any(a >= ph.SPEND_AT_LEVEL for a in legal)
