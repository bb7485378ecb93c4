"""The Events promo (KS Promos rulebook §1): an Event revealed in each Adult round before
Upkeep, its ENSURE / PREVENT task done during that round, its effect the next round for the
players the task selects; Natural Disaster strikes after the next round's End of Round."""

import json
import re

import numpy as np
import pytest

import lifespan

GAME = "pursuit_of_happiness"
EVENT_TASK = 559
NO_GOALS = ["Corner Office", "Well-Earned Rest"]   # in-game goals nobody here meets


def events_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["events"], **rules)


def event_id(game, name):
    return [c["name"] for c in game.cards() if c["kind"] == "event"].index(name)


def position(ph, game, *, revealed=None, active=None, flags=(0, 0), **kwargs):
    """A position with one Event revealed and/or one in effect, the rest still in the deck."""
    doc = ph.position_doc(game, goals=NO_GOALS, **kwargs)
    st = doc["state"]
    names = [c["name"] for c in game.cards() if c["kind"] == "event"]
    shown = {names.index(n) for n in (revealed, active) if n}
    st["event_deck"] = [k for k in st["event_deck"] if k not in shown]
    st["event_revealed"] = names.index(revealed) if revealed else -1
    st["event_active"] = names.index(active) if active else -1
    for seat, value in enumerate(flags):
        st["players"][seat]["event_flags"] = value
    return game.state_from_json(json.dumps(doc))


def seat(ph, state, k):
    return ph.srec(state)["players"][k]


def finish_round(ph, state, action=None):
    """Every seat Rests (or takes `action`) with its Hourglasses until the next round's Action
    phase (or the end)."""
    start = ph.srec(state)["round"]
    action = action or ph.REST

    def policy(s):
        return action if action in s.legal_actions() else ph.calm_policy(s)

    return ph.play_until(state, lambda s: ph.srec(s)["round"] > start and ph.srec(s)["step"] == ph.ACTION,
                         policy)


def test_the_event_cards():
    game = events_game()
    events = [c for c in game.cards() if c["kind"] == "event"]
    assert len(events) >= 8 and all(c["expansion"] == "events" for c in events)
    assert sorted(c["name"] for c in events if c["provenance"] == "seed") == [
        "Financial Crisis", "Natural Disaster", "Technological Breakthrough"]
    assert {c["type"] for c in events} == {"positive", "negative"}
    breakthrough = next(c for c in events if c["name"] == "Technological Breakthrough")
    assert breakthrough["ensure"] == {"kind": "pay", "cost": {"creativity": 2}}
    crisis = next(c for c in events if c["name"] == "Financial Crisis")
    assert crisis["prevent"] == {"kind": "end_with", "what": "money", "at_least": 5}
    assert "prevent" not in next(c for c in events if c["name"] == "Natural Disaster")


def test_four_events_revealed_in_the_adult_rounds_each_in_effect_the_next_round():
    game = events_game()
    state = game.new_state(3)
    st = json.loads(state.to_json())["state"]
    assert sorted(st["event_deck"]) == list(range(11)) and st["event_revealed"] == -1
    seen = {}
    moves = 0
    while not state.is_terminal():
        st = json.loads(state.to_json())["state"]
        if st["step"] != 0:   # from the first Upkeep on
            seen.setdefault(st["round"], (st["event_revealed"], st["event_active"]))
        state.apply(state._sample_actions(1, moves)[0])
        moves += 1
    revealed = [seen[r][0] for r in range(1, 9) if r in seen]
    assert [seen[r][0] >= 0 for r in sorted(seen)] == [r in (2, 3, 4, 5) for r in sorted(seen)]
    # What round r reveals is in effect in round r + 1.
    for r in sorted(seen):
        if r + 1 in seen:
            assert seen[r + 1][1] == seen[r][0]
    assert len([k for k in revealed if k >= 0]) == 4


def test_without_the_promo_there_are_no_events(ph):
    state = ph.game().new_state(1)
    st = ph.srec(state)
    assert st["event_deck"] == [] and st["event_revealed"] == -1 and st["event_active"] == -1


def test_mary_and_anna_and_technological_breakthrough(ph):
    # Round 2 reveals Technological Breakthrough. Mary pays 2 Creativity during one of her turns
    # to ENSURE it; Anna ignores it. In round 3 only Mary gets the benefit.
    game = events_game()
    state = position(ph, game, round=2, unavailable=0, revealed="Technological Breakthrough",
                     players={0: {"resources": [0, 2, 0], "hourglasses": 1},
                              1: {"resources": [0, 2, 0], "hourglasses": 1}})
    assert EVENT_TASK in state.legal_actions()
    assert state.action_to_string(EVENT_TASK) == \
        "Event task: Technological Breakthrough (ensure: pay 2 Creativity)"
    state.apply(EVENT_TASK)
    mary = seat(ph, state, 0)
    assert mary["resources"] == [0, 0, 0] and mary["event_flags"] == 1
    assert ph.srec(state)["current"] == 0                    # a free action: still her turn
    assert EVENT_TASK not in state.legal_actions()           # once
    state.apply(ph.REST)                                     # Mary
    assert EVENT_TASK in state.legal_actions()               # Anna could, and does not
    state.apply(ph.REST)                                     # Anna: the round ends
    st = ph.srec(state)
    assert st["round"] == 3 and st["event_active"] == event_id(game, "Technological Breakthrough")
    assert [p["event_flags"] for p in st["players"]] == [2, 0]


def test_technological_breakthrough_one_resource_less_and_one_of_any_kind(ph):
    # Write Fiction costs 1 Knowledge and 2 Creativity. Under the Event: 1 resource less, and one
    # of the two left may be any kind, so 1 Creativity and 1 Influence pay it. Without it, not.
    game = events_game()
    for flags, payable in (((0, 0), False), ((2, 0), True)):
        state = position(ph, game, round=3, unavailable=0, active="Technological Breakthrough",
                         flags=flags, rows={ph.PROJECTS: [ph.project("Write Fiction")]},
                         players={0: {"resources": [0, 1, 1]}})
        assert (ph.start_project(0) in state.legal_actions()) == payable
    state.apply(ph.start_project(0))
    assert seat(ph, state, 0)["resources"] == [0, 0, 0]


def test_financial_crisis_prevented_by_ending_the_round_with_5_coins(ph):
    game = events_game()
    state = position(ph, game, round=2, unavailable=0, revealed="Financial Crisis",
                     players={0: {"money": 5, "hourglasses": 1}, 1: {"money": 4, "hourglasses": 1}})
    finish_round(ph, state)
    st = ph.srec(state)
    assert [p["event_flags"] for p in st["players"]] == [0, 2]   # seat 1 did not prevent it
    # Under it, taking or advancing a Project costs 2 coins more.
    for flags, coins in (((0, 2), 0), ((2, 0), 2)):
        state = position(ph, game, round=3, unavailable=0, active="Financial Crisis", flags=flags,
                         rows={ph.PROJECTS: [ph.project("Martial Arts")]},
                         players={0: {"money": 3, "resources": [1, 1, 0]}})
        state.apply(ph.start_project(0))
        assert 3 - seat(ph, state, 0)["money"] == coins


def test_natural_disaster_strikes_after_the_next_end_of_round_and_financial_crisis_checks_first(ph):
    # Natural Disaster revealed in round 2 is in effect in round 3; Financial Crisis is revealed
    # in round 3. At the end of round 3 seat 0 holds 6 coins: the PREVENT check sees 6, then the
    # Disaster takes 2 coins and 2 STH, and the STH loss carries into round 4.
    game = events_game()
    state = position(ph, game, round=3, unavailable=0, revealed="Financial Crisis",
                     active="Natural Disaster", flags=(2, 2),
                     players={0: {"money": 6, "hourglasses": 1, "sth": 1},
                              1: {"money": 4, "hourglasses": 1}})
    assert EVENT_TASK not in state.legal_actions()
    finish_round(ph, state)
    st = ph.srec(state)
    assert st["round"] == 4 and st["event_active"] == event_id(game, "Financial Crisis")
    p0, p1 = st["players"]
    assert (p0["money"], p0["sth"], p0["event_flags"]) == (4, -2, 0)   # prevented, then struck
    assert (p1["money"], p1["sth"], p1["event_flags"]) == (2, -2, 2)


def test_delayed_event_after_its_reveal_round(ph):
    game = events_game(delayed_event="after_reveal_round")
    state = position(ph, game, round=3, unavailable=0, revealed="Natural Disaster",
                     players={0: {"money": 6, "hourglasses": 1}, 1: {"hourglasses": 1}})
    finish_round(ph, state)
    st = ph.srec(state)
    assert [p["sth"] for p in st["players"]] == [-2, -2] and st["players"][0]["money"] == 4
    finish_round(ph, state)                       # in effect now, but it does not strike twice
    assert [p["sth"] for p in ph.srec(state)["players"]] == [0, 0]


@pytest.mark.parametrize("event,done,change", [
    ("Cultural Festival", True, {"resources": [0, 2, 0], "sth": 1}),
    ("Cultural Festival", False, {}),
    ("Tax Audit", False, {"money": -4}),
    ("Tax Audit", True, {}),
    ("Flu Epidemic", False, {"hourglasses": -1}),
    ("Public Scandal", False, {"sth": -2}),
    ("Traffic Jams", False, {"stress": 2}),
    ("Health Campaign", True, {"stress": -5}),
])
def test_effects_at_the_start_of_the_round(ph, event, done, change):
    # Round 3 starts with the Event taking effect for seat 0, or not. Seat 1 never did the task.
    # Both take Temp Job (3 coins) in round 2: no Event here has it as its task.
    game = events_game()
    state = position(ph, game, round=2, unavailable=0, revealed=event, flags=(int(done), 0),
                     players={0: {"money": 9, "hourglasses": 1}, 1: {"money": 9, "hourglasses": 1}})
    finish_round(ph, state, ph.TEMP_JOB)
    p0, p1 = (seat(ph, state, k) for k in (0, 1))
    base = {"resources": [0, 0, 0], "money": 12, "sth": 0, "stress": 5,   # Stress 5 by default
            "hourglasses": game.parameters["hourglasses_first_section"] - 1}
    expected = dict(base)
    for key, delta in change.items():
        expected[key] = delta if key == "resources" else base[key] + delta
    assert {k: p0[k] for k in base} == expected
    negative = next(c for c in game.cards() if c["name"] == event)["type"] == "negative"
    if not negative:
        assert {k: p1[k] for k in base} == base


def test_a_board_action_task_and_an_action_bonus(ph):
    # Booming Economy: ENSURE by taking Interact; then Temp Job pays 2 coins more.
    game = events_game()
    state = position(ph, game, round=2, unavailable=0, revealed="Booming Economy",
                     players={0: {"hourglasses": 2}, 1: {"hourglasses": 1}})
    state.apply(ph.INTERACT)
    assert seat(ph, state, 0)["event_flags"] == 1
    finish_round(ph, state)
    assert [p["event_flags"] for p in ph.srec(state)["players"]] == [2, 0]
    for k, coins in ((0, 3 + 2), (1, 3)):
        before = seat(ph, state, k)["money"]
        while ph.srec(state)["current"] != k:
            state.apply(ph.REST)
        state.apply(ph.TEMP_JOB)
        assert seat(ph, state, k)["money"] - before == coins


def test_an_end_of_round_task_on_knowledge(ph):
    game = events_game()
    state = position(ph, game, round=4, unavailable=0, revealed="Scholarship Program",
                     players={0: {"resources": [3, 0, 0], "hourglasses": 1},
                              1: {"resources": [2, 0, 0], "hourglasses": 1}})
    finish_round(ph, state)
    assert [p["event_flags"] for p in ph.srec(state)["players"]] == [2, 0]


def test_a_dead_player_is_not_affected(ph):
    game = events_game()
    state = position(ph, game, round=2, unavailable=0, revealed="Tax Audit",
                     players={0: {"money": 9, "hourglasses": 1},
                              1: {"money": 9, "hourglasses": 0, "alive": False, "stress": 20}})
    finish_round(ph, state)
    p1 = seat(ph, state, 1)
    assert p1["money"] == 9 and p1["event_flags"] == 0


def test_events_in_the_printed_position_and_the_observation(ph):
    game = events_game()
    state = position(ph, game, round=3, unavailable=0, revealed="Financial Crisis",
                     active="Technological Breakthrough", flags=(2, 0))
    text = str(state)
    assert "Event revealed: Financial Crisis (negative; prevent: end the round with at least 5 coins)" in text
    assert "Event in effect: Technological Breakthrough" in text and "under the Event" in text
    base = lifespan.load_game(GAME, players=2)
    assert game.observation_shape[0] == base.observation_shape[0] + 2 * 11 + 2 * 2
    for observer, flags in [(0, [0, 1, 0, 0]), (1, [0, 0, 0, 1])]:  # per seat offset: task done, under the Event
        tail = state.observation(observer)[-(2 * 11 + 2 * 2):]
        assert tail[event_id(game, "Financial Crisis")] == 1
        assert tail[11 + event_id(game, "Technological Breakthrough")] == 1
        assert list(tail[-4:]) == flags and np.count_nonzero(tail) == 3


def test_determinize_reshuffles_the_events_still_to_come(ph):
    game = events_game()
    state = position(ph, game, round=3, revealed="Financial Crisis", active="Natural Disaster")
    st = ph.srec(state)
    orders = set()
    for seed in range(6):
        d = json.loads(state.determinize(0, seed).to_json())["state"]
        assert sorted(d["event_deck"]) == sorted(st["event_deck"])
        assert (d["event_revealed"], d["event_active"]) == (st["event_revealed"], st["event_active"])
        orders.add(tuple(d["event_deck"]))
    assert len(orders) > 1


@pytest.mark.parametrize("change,message", [
    (lambda st: st.update(event_revealed=40), "event_revealed: bad or repeated Event"),
    (lambda st: st.update(event_active=st["event_deck"][0]), "event_active: bad or repeated Event"),
    (lambda st: st["players"][0].update(event_flags=1), "event_flags"),
])
def test_corrupt_event_fields_in_a_saved_state(ph, change, message):
    game = events_game()
    doc = json.loads(game.new_state(2).to_json())
    change(doc["state"])
    with pytest.raises(ValueError, match=message):
        game.state_from_json(json.dumps(doc))


def test_a_state_saved_before_events_existed_still_loads(ph):
    game = ph.game()
    doc = json.loads(game.new_state(4).to_json())
    for key in ("event_deck", "event_revealed", "event_active"):
        del doc["state"][key]
    for p in doc["state"]["players"]:
        del p["event_flags"]
    assert game.state_from_json(json.dumps(doc)) == game.new_state(4)


GOOD_EVENT = """
[[event]]
id = "street_party"
name = "Street Party"
provenance = "authored"
type = "positive"
ensure = { kind = "pay", cost = { money = 1 } }
effect = { kind = "once", gain = { sth = 1 } }
"""


@pytest.mark.parametrize("change,message", [
    (('ensure = { kind = "pay", cost = { money = 1 } }\n', ""),
     "street_party: ensure: missing (a positive Event has a task to ensure it)"),
    (('type = "positive"', 'type = "neutral"'), "street_party: type: unknown value 'neutral'"),
    (('kind = "pay"', 'kind = "dance"'), "street_party: ensure.kind: unknown value 'dance'"),
    (("cost = { money = 1 }", "cost = { any_resource = 1 }"),
     "street_party: ensure.cost.any_resource: unknown value 'any_resource'"),
    (('{ kind = "once", gain = { sth = 1 } }', '{ kind = "action_bonus", reward = { sth = 1 } }'),
     "street_party: effect.action: missing"),
    (('gain = { sth = 1 }', 'gain = { sth = 1 }, timing = "later"'), "street_party: effect.timing: unknown value 'later'"),
    (('ensure = {', 'prevent = {'), "street_party: prevent: unknown field"),
])
def test_malformed_event_cards(ph, tmp_path, change, message):
    old, new = change
    assert old in GOOD_EVENT
    with pytest.raises(lifespan.CardDataError, match=re.escape(message)):
        ph.load_card_text(tmp_path, GOOD_EVENT.replace(old, new, 1), "events")


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_meets_event_tasks(ph, players):
    game = events_game(players)
    offered = []   # decisions where an Event's task could be paid
    ph.sampled_games(game, 8, on_decision=lambda s: offered.append(s.legal_actions()[-1] == EVENT_TASK))
    assert any(offered)
