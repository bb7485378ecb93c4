"""The Kids module of Experiences (its rulebook §3): a Kid drawn when a Partner is developed
into L3 (optional) or with Raise Family, growing one level each Upkeep, never taking a slot,
kept when its Partner goes."""

import json
import re

import pytest

import lifespan

GAME = "pursuit_of_happiness"
KID = 5                  # the card kind of a Kid in play
NO_GOALS = ["Corner Office", "Well-Earned Rest"]


def kids_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["kids"], **rules)


def kid_cards(game):
    return [c for c in game.cards() if c["kind"] == "kid"]


def position(ph, game, kids=(), kid_deck=None, **kwargs):
    """kids: (name, level, parent partner face name) in seat 0's play area."""
    doc = ph.position_doc(game, goals=NO_GOALS, **kwargs)
    st = doc["state"]
    names = [c["name"] for c in kid_cards(game)]
    placed = []
    for name, level, parent in kids:
        k = names.index(name)
        card = ph.in_play(KID, k, 0, level)
        card["parent"] = ph.partner(parent) >> 1
        st["players"][0]["cards"].append(card)
        placed.append(k)
    st["kid_deck"] = kid_deck if kid_deck is not None else [k for k in st["kid_deck"] if k not in placed]
    return game.state_from_json(json.dumps(doc))


def seat0(ph, state):
    return ph.srec(state)["players"][0]


def test_fifteen_kids():
    kids = kid_cards(kids_game())
    assert len(kids) == 15 and all(c["expansion"] == "kids" and c["provenance"] == "authored" for c in kids)
    for c in kids:
        later = c["levels"][1:]
        assert all(("cost" in level) != ("requirement" in level) for level in later)


@pytest.mark.parametrize("with_kid", [False, True])
def test_developing_into_l3_may_bring_a_kid(ph, with_kid):
    game = kids_game()
    nicole = ph.partner_card("Nicole", level=2)
    state = position(ph, game, round=3, unavailable=0,
                     players={0: {"cards": [nicole], "resources": [0, 2, 4]}})
    top = ph.srec(state)["kid_deck"][-1]
    legal = state.legal_actions()
    assert ph.card_action(0) in legal and ph.DEVELOP_WITH_KID in legal
    assert state.action_to_string(ph.DEVELOP_WITH_KID) == "Develop: Nicole into L3 and have a Kid"
    state.apply(ph.DEVELOP_WITH_KID if with_kid else ph.card_action(0))
    p = seat0(ph, state)
    assert p["cards"][0]["level"] == 3 and p["resources"] == [0, 0, 0]
    assert p["partners_to_level_3"] == 1     # with a Kid or not (Happily Ever After)
    kid_reward = kid_cards(game)[top]["levels"][0]["reward"]
    if with_kid:
        kid = p["cards"][1]
        assert (kid["kind"], kid["id"], kid["level"], kid["parent"]) == (KID, top, 1, nicole["id"])
        assert p["lth"] == 3 + kid_reward.get("lth", 0)
        assert len(ph.srec(state)["kid_deck"]) == 14
    else:
        assert len(p["cards"]) == 1 and len(ph.srec(state)["kid_deck"]) == 15


def test_raise_family_with_an_l3_partner_is_repeatable(ph):
    game = kids_game()
    state = position(ph, game, round=3, unavailable=0,
                     players={0: {"cards": [ph.partner_card("Nicole", level=3)], "hourglasses": 3},
                              1: {"hourglasses": 0}})
    for kids in (1, 2):
        assert state.action_to_string(ph.RAISE_FAMILY) == "Raise Family: Nicole"
        state.apply(ph.RAISE_FAMILY)
        p = seat0(ph, state)
        assert sum(c["kind"] == KID for c in p["cards"]) == kids
    assert seat0(ph, state)["hourglasses"] == 1 and seat0(ph, state)["stress"] == 5
    # No Raise Family without an L3 Partner, nor with an empty Kid deck.
    state = position(ph, game, round=3, unavailable=0, players={0: {"cards": [ph.partner_card("Nicole", level=2)]}})
    assert ph.RAISE_FAMILY not in state.legal_actions()
    state = position(ph, game, round=3, unavailable=0, kid_deck=[],
                     players={0: {"cards": [ph.partner_card("Nicole", level=3)]}})
    assert ph.RAISE_FAMILY not in state.legal_actions()


def _kid_with(game, kind):
    """A Kid whose level 2 has a requirement (kind 'requirement') or a cost ('cost')."""
    return next(c for c in kid_cards(game) if kind in c["levels"][1])


def _to_upkeep(ph, state):
    state.apply(ph.REST)
    assert ph.srec(state)["step"] in (ph.UPKEEP, ph.ACTION)
    return state


@pytest.mark.parametrize("met", [True, False])
def test_a_kid_with_a_requirement_grows_at_upkeep(ph, met):
    game = kids_game()
    kid = _kid_with(game, "requirement")
    need = kid["levels"][1]["requirement"]
    resources = [need.get(k, 0) + (0 if met else -need.get(k, 0)) for k in ("knowledge", "creativity", "influence")]
    state = position(ph, game, round=3, unavailable=0, kids=[(kid["name"], 1, "Nicole")],
                     players={0: {"hourglasses": 1, "resources": resources,
                                  "sth": 1 if met else 0}, 1: {"hourglasses": 0}})
    _to_upkeep(ph, state)
    p = seat0(ph, state)
    card = next(c for c in p["cards"] if c["kind"] == KID)
    assert card["level"] == 2 and not card["flags"] & ph.UPKEEP_DUE
    assert p["lth"] == (kid["levels"][1]["reward"].get("lth", 0) if met else -1)


@pytest.mark.parametrize("pay", [True, False])
def test_a_kid_with_a_cost_asks_at_upkeep(ph, pay):
    game = kids_game()
    kid = _kid_with(game, "cost")
    state = position(ph, game, round=3, unavailable=0, kids=[(kid["name"], 1, "Nicole")],
                     players={0: {"hourglasses": 1, "money": 9, "resources": [3, 3, 3]},
                              1: {"hourglasses": 0}})
    _to_upkeep(ph, state)
    st = ph.srec(state)
    assert st["step"] == ph.UPKEEP and state.legal_actions()[-1] == ph.give_up(0)
    state.apply(ph.pay_upkeep(0) if pay else ph.give_up(0))
    p = seat0(ph, state)
    card = next(c for c in p["cards"] if c["kind"] == KID)      # kept either way
    assert card["level"] == 2
    cost = kid["levels"][1]["cost"]
    if pay:
        assert 9 - p["money"] == cost.get("money", 0)
        assert p["lth"] == kid["levels"][1]["reward"].get("lth", 0)
    else:
        assert p["money"] == 9 and p["lth"] == -1 and p["stress"] == 5


def test_a_kid_stays_with_its_partner(ph):
    # Experiences rulebook, Kids: "You cannot discard a Kid card, as long as the Partner
    # associated with that Kid remains in your play area."
    game = kids_game()
    kid = kid_cards(game)[0]["name"]
    state = position(ph, game, round=3, unavailable=0, kids=[(kid, 2, "Nicole")],
                     players={0: {"cards": [ph.partner_card("Nicole", level=3)]}})
    legal = state.legal_actions()
    assert ph.discard(0) in legal and ph.discard(1) not in legal     # the Partner, not the Kid


@pytest.mark.parametrize("choices", [("Keep", "Keep"), ("Keep", "Discard"), ("Discard", "Discard")])
def test_a_discarded_partners_kids_are_each_kept_or_discarded_at_once(ph, choices):
    # Experiences rulebook, Kids: "If a Partner with whom you have a Kid is discarded, you may
    # choose whether to keep or discard the Kid card as well. In the latter case, you receive
    # the Penalty individually for each of the cards discarded." Nicole (L3) has two Kids, and
    # the seat starts at Stress 5, STH 0: the Partner's Discard is +1 Stress, -1 STH, and each
    # Kid discarded another +1 Stress, -1 STH. A Kid of another Partner is not asked about.
    game = kids_game()
    first, second, other = (c["name"] for c in kid_cards(game)[:3])
    state = position(ph, game, round=3, unavailable=0,
                     kids=[(first, 2, "Nicole"), (other, 1, "Jimmy"), (second, 1, "Nicole")],
                     players={0: {"cards": [ph.partner_card("Nicole", level=3), ph.partner_card("Jimmy", level=1)]}})
    state.apply("Discard: Nicole")
    st = ph.srec(state)
    assert st["step"] == ph.KIDS and state.current_player == 0
    kid_ids = [c["id"] for c in seat0(ph, state)["cards"] if c["kind"] == KID]
    assert st["kid_decisions"] == [kid_ids[0], kid_ids[2]]           # Nicole's two, in play order
    assert state.legal_actions() == [ph.KEEP_KID, ph.DISCARD_KID]
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"Keep {first}", f"Discard {first}"]
    assert f"Kids to keep or discard, their Partner discarded: {first}, {second}" in state.observation_string(1)
    assert state.observation(0)[1 + ph.KIDS] == 1.0          # the step, one-hot in the header
    # The Kids block ends the tensor in a Kids-only game; its last part, one value per Kid card,
    # shows the Kid being decided (1) and those after it in line (1/2), to every seat.
    waiting = state.observation(1)[-len(kid_cards(game)):]
    assert (waiting[kid_ids[0]], waiting[kid_ids[2]], waiting.sum()) == (1.0, 0.5, 1.5)
    state.apply(f"{choices[0]} {first}")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"Keep {second}", f"Discard {second}"]
    state.apply(f"{choices[1]} {second}")
    st = ph.srec(state)
    assert st["step"] == ph.ACTION and st["kid_decisions"] == [] and state.current_player == 0   # the turn goes on
    assert state.observation(1)[-len(kid_cards(game)):].sum() == 0.0
    discarded = choices.count("Discard")
    p = seat0(ph, state)
    kept = [name for name, choice in zip((first, second), choices) if choice == "Keep"]
    names = [c["name"] for c in kid_cards(game)]
    assert sorted(names[c["id"]] for c in p["cards"] if c["kind"] == KID) == sorted(kept + [other])
    assert p["stress"] == 6 + discarded and p["sth"] == -1 - discarded
    assert all(names.index(name) not in st["kid_deck"] for name in (first, second))   # a discarded Kid leaves the game
    # A Kid kept may still go later with the Discard free action, for the same penalty.
    if kept:
        slot = next(i for i, c in enumerate(p["cards"]) if c["kind"] == KID and names[c["id"]] == kept[0])
        state.apply(ph.discard(slot))
        assert seat0(ph, state)["stress"] == 7 + discarded


def test_kids_of_a_partner_given_up_at_upkeep_are_decided_before_upkeep_goes_on(ph):
    # The same choice when the Partner goes at Upkeep (given up: +1 Stress, -1 STH): Nicole's
    # upkeep is due, her Kid is discarded (+1 Stress, -1 STH again), and Upkeep goes on to seat 1.
    game = kids_game()
    kid = kid_cards(game)[0]["name"]
    upkeep_partner = next(c for c in game.cards() if c["kind"] == "partner"
                          and any(level.get("upkeep") for level in c["faces"][0]["levels"]))
    face = upkeep_partner["faces"][0]["name"]
    level = next(i + 1 for i, level in enumerate(upkeep_partner["faces"][0]["levels"]) if level.get("upkeep"))
    state = position(ph, game, round=3, step=ph.UPKEEP, kids=[(kid, 1, face)],
                     players={0: {"cards": [ph.partner_card(face, level=level, flags=ph.ACTIVE | ph.UPKEEP_DUE)]}})
    assert state.action_to_string(ph.give_up(0)) == f"Give up: {face}"
    state.apply(ph.give_up(0))
    assert ph.srec(state)["step"] == ph.KIDS and state.legal_actions() == [ph.KEEP_KID, ph.DISCARD_KID]
    state.apply(f"Discard {kid}")
    p = seat0(ph, state)
    assert p["cards"] == [] and (p["stress"], p["sth"]) == (7, -2)
    assert ph.srec(state)["step"] == ph.ACTION                 # nobody else had upkeep due: Upkeep is over


def test_a_saved_kid_decision_names_a_kid_whose_partner_has_gone(ph):
    game = kids_game()
    kid = kid_cards(game)[0]["name"]
    state = position(ph, game, round=3, unavailable=0, kids=[(kid, 2, "Nicole")],
                     players={0: {"cards": [ph.partner_card("Nicole", level=3)]}})
    state.apply(ph.discard(0))
    doc = json.loads(state.to_json())
    assert game.state_from_json(json.dumps(doc)) == state
    doc["state"]["kid_decisions"] = [doc["state"]["kid_decisions"][0]] * 2
    with pytest.raises(ValueError, match="each a Kid of the seat to move whose Partner it has discarded, once"):
        game.state_from_json(json.dumps(doc))
    doc["state"]["step"] = ph.ACTION
    with pytest.raises(ValueError, match="kid_decisions: only in the Kids step"):
        game.state_from_json(json.dumps(doc))


def test_kids_take_no_active_slot(ph):
    game = kids_game()
    kid = kid_cards(game)[0]["name"]
    projects = [ph.project_card(n) for n in ("Write Fiction", "Painting")]
    state = position(ph, game, round=3, unavailable=0, kids=[(kid, 1, "Nicole")],
                     rows={ph.PROJECTS: [ph.project("Running")]},
                     players={0: {"cards": [ph.partner_card("Nicole", level=3)] + projects,
                                  "resources": [1, 1, 0]}})
    state.apply(ph.start_project(0))     # the 4th Active card: 1 Stress (the Kid is not counted)
    assert seat0(ph, state)["stress"] == 6


def test_a_kid_card_with_a_requirement_and_a_cost_is_refused(ph, tmp_path):
    text = """
[[kid]]
id = "kid_twin"
name = "Twin"
provenance = "authored"
levels = [ { name = "Baby", reward = { sth = 1 } },
           { name = "Kid", requirement = { knowledge = 1 }, cost = { money = 1 }, reward = { lth = 1 } } ]
"""
    with pytest.raises(lifespan.CardDataError, match=re.escape("kid_twin: levels[1]: needs a requirement or a cost")):
        ph.load_card_text(tmp_path, text, "kids")


def test_a_corrupt_kid_in_a_saved_state_is_refused(ph):
    game = kids_game()
    state = position(ph, game, round=3, unavailable=0, kids=[(kid_cards(game)[0]["name"], 1, "Nicole")])
    doc = json.loads(state.to_json())
    doc["state"]["players"][0]["cards"][0]["parent"] = -1
    with pytest.raises(ValueError, match="parent"):
        game.state_from_json(json.dumps(doc))
    doc["state"]["players"][0]["cards"][0]["parent"] = 0
    doc["state"]["kid_deck"].append(doc["state"]["players"][0]["cards"][0]["id"])
    with pytest.raises(ValueError, match="repeated Kid"):
        game.state_from_json(json.dumps(doc))



def test_a_saved_kid_due_without_a_cost_to_decide_is_refused(ph):
    game = kids_game()
    last = next(c for c in kid_cards(game) if len(c["levels"]) == 4)["name"]
    requirement = _kid_with(game, "requirement")["name"]
    for name, level in ((last, 4), (requirement, 1)):
        doc = json.loads(position(ph, game, round=3, unavailable=0, kids=[(name, level, "Nicole")],
                                  players={0: {"cards": [ph.partner_card("Nicole", level=3)]}}).to_json())
        st = doc["state"]
        st["step"] = ph.UPKEEP
        st["players"][0]["cards"][1]["flags"] = ph.UPKEEP_DUE
        with pytest.raises(ValueError, match="upkeep due on a card that has none to decide"):
            game.state_from_json(json.dumps(doc))


def test_a_saved_upkeep_flag_of_a_seat_that_has_decided_is_refused(ph):
    game = kids_game()
    kid = _kid_with(game, "cost")["name"]
    doc = json.loads(position(ph, game, round=3, unavailable=0, kids=[(kid, 1, "Nicole")]).to_json())
    st = doc["state"]
    st.update(step=ph.UPKEEP, current=1, first_player=0)     # seat 0 decided before seat 1
    st["players"][0]["cards"][0]["flags"] = ph.UPKEEP_DUE
    st["players"][1]["cards"] = [ph.partner_card("Jimmy", level=1, flags=ph.ACTIVE | ph.UPKEEP_DUE)]
    with pytest.raises(ValueError, match="upkeep due for a seat that has decided"):
        game.state_from_json(json.dumps(doc))


def game_end_with_kids(ph, game, kids_by_seat, goals):
    """The last turn of round 8 (seat 0 Rests with its last Hourglass), each seat holding that
    many Kids at level 1; returns the final state."""
    doc = ph.position_doc(game, round=8, unavailable=1 << 4,
                          players={seat: {"hourglasses": int(seat == 0)} for seat in range(game.num_players)})
    st = doc["state"]
    table = [c["name"] for c in game.cards() if c["kind"] == "life_goal"]   # the game's goal ids
    st["goals"], st["goals_claimed_by"] = [table.index(name) for name in goals], [0] * len(goals)
    for seat, count in kids_by_seat.items():
        for _ in range(count):
            kid = ph.in_play(KID, st["kid_deck"].pop(), 0, 1)
            kid["parent"] = ph.partner("Nicole") >> 1
            st["players"][seat]["cards"].append(kid)
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("kids, scores", [({0: 2, 1: 1}, [4, 0]), ({0: 1, 1: 1}, [0, 0]), ({0: 0, 1: 3}, [0, 4])])
def test_full_house_goes_to_the_seat_with_the_most_kids(ph, kids, scores):
    # Full House counts the Kids in play (S20's solo example: at least 3 Kids).
    state = game_end_with_kids(ph, kids_game(), kids, ["Full House", "Corner Office"])
    assert state.scores() == scores


@pytest.mark.parametrize("kids, lth", [(2, 0), (3, 4)])
def test_full_house_in_solo_asks_for_three_kids(ph, kids, lth):
    state = game_end_with_kids(ph, kids_game(players=1), {0: kids}, ["Full House", "Well Read", "Daydreamer"])
    assert state.scores() == [lth] and state.returns() == [-1.0]   # the other two goals are not met


def test_the_kids_module_brings_the_box_life_goal_that_counts_kids():
    goals = [c for c in kids_game().cards() if c["kind"] == "life_goal" and c["expansion"] == "kids"]
    assert [(g["name"], g["provenance"], g["solo"]) for g in goals] == [
        ("Full House", "published", {"kind": "at_least", "what": "kids", "amount": 3})]
    box = lifespan.load_game(GAME, players=2, expansions=["experiences", "kids"]).cards()
    assert sum(c["kind"] == "life_goal" and c["expansion"] in ("experiences", "kids") for c in box) == 2
