"""The Nostalgia expansion (its rulebook; docs/pursuit_of_happiness.md §9): 8 hidden Nostalgia
cards per player, the Nostalgia board's two Triggers, Realize a Reminiscence, the four
Realization categories, and every FAQ ruling, each with exact numbers.

Most scenarios use the test cards below (ids t_*, added beside the shipped ones) so that the
numbers are the test's own; the FAQ scenarios use the shipped cards the FAQ names."""

import json
import re

import pytest

import lifespan

GAME = "pursuit_of_happiness"
NOSTALGIA = 6             # the card kind of a realized Nostalgia card
BY_START_RELATIONSHIP = 64
NO_GOALS = ["Corner Office", "Well-Earned Rest"]   # in-game goals nobody here meets
PASSIVE, ACTIVE_MARK = 1, 2

TEST_CARDS = """
expansion = "nostalgia"

[[nostalgia]]
id = "t_reader"
name = "Test Reader"
provenance = "authored"
category = "ability"
passive = { name = "Reading", action = "study", reward = { creativity = 1 } }
active = { name = "Buying", cost = { money = 2 }, reward = { sth = 1 } }
realization = { name = "Reader", requirement = { knowledge = 2 }, cost = { money = 3 }, reward = { lth = 2 } }
levels = [{ name = "Critic", cost = { knowledge = 1, money = 1 }, reward = { lth = 1 } }]
ability = { name = "Rest Easy", kind = "action_bonus", action = "rest", reward = { influence = 2 } }

[[nostalgia]]
id = "t_twin"
name = "Test Twin"
provenance = "authored"
category = "repeatable"
passive = { name = "Also Reading", action = "study", reward = { influence = 1 } }
active = { name = "Lending", cost = { knowledge = 1 }, reward = { lth = 1 } }
realization = { name = "Twin", requirement = {}, cost = {}, reward = { sth = 1 } }
levels = [
  { name = "Two", cost = { money = 1 }, reward = { lth = 1 } },
  { name = "Three", cost = { money = 2 }, reward = { lth = 2 } },
]
repeat = { name = "Again", cost = { creativity = 2 }, reward = { lth = 1 } }

[[nostalgia]]
id = "t_fork"
name = "Test Fork"
provenance = "authored"
category = "outcomes"
passive = { name = "Any Card", action = "card_action", reward = { money = 1 } }
active = { name = "Wondering", cost = { sth = 1 }, reward = { knowledge = 1 } }
realization = { name = "Fork", requirement = {}, cost = { any_resource = 1 }, reward = {} }
levels = [{ name = "Crossroads", cost = {}, reward = { lth = 1 } }]
outcomes = [
  { name = "Left", cost = { money = 2 }, reward = { lth = 3 } },
  { name = "Right", cost = {}, reward = { sth = 1 }, partner = true },
]

[[project]]
id = "t_lab"
name = "Test Lab"
provenance = "authored"
type = "basic"
category = "science"
levels = [
  { name = "Bench", cost = { knowledge = 1 }, reward = {} },
  { name = "Lab", cost = { hourglasses = 1, knowledge = 6 }, reward = {} },
  { name = "Institute", cost = { hourglasses = 1, knowledge = 4 }, reward = {} },
  { name = "Campus", cost = { hourglasses = 3, knowledge = 1 }, reward = { lth = 5 } },
]
"""


@pytest.fixture(scope="module")
def games(tmp_path_factory, ph):
    return ph.games_with_cards(tmp_path_factory.mktemp("nostalgia"), TEST_CARDS, "nostalgia")


def nostalgia_cards(game):
    return [c for c in game.cards() if c["kind"] == "nostalgia"]


def nid(game, name):
    hits = [k for k, c in enumerate(nostalgia_cards(game)) if name in (c["name"], c["id"])]
    assert len(hits) == 1, name
    return hits[0]


def project_id(game, name):
    return [c["name"] for c in game.cards() if c["kind"] == "project"].index(name)


def position(ph, game, hands=None, boards=None, realized=None, projects=(), **kwargs):
    """hands {seat: [names]}; boards {seat: [(name, marks)]}; realized {seat: [(name, level,
    stored)]} appended to the seat's cards after `projects` (seat 0: [(name, level)])."""
    doc = ph.position_doc(game, goals=kwargs.pop("goals", NO_GOALS), **kwargs)
    st = doc["state"]
    used = set()
    for seat, names in (hands or {}).items():
        st["players"][seat]["nostalgia_hand"] = [nid(game, n) for n in names]
        used.update(st["players"][seat]["nostalgia_hand"])
    for seat, slots in (boards or {}).items():
        board = [{"card": nid(game, n), "marks": m} for n, m in slots]
        board += [{"card": -1, "marks": 0}] * (2 - len(board))
        st["players"][seat]["nostalgia_board"] = board
        used.update(b["card"] for b in board if b["card"] >= 0)
    for name, level in projects:
        k = project_id(game, name)
        st["decks"][ph.PROJECTS] = [e for e in st["decks"][ph.PROJECTS] if e != k]
        st["rows"][ph.PROJECTS] = [e for e in st["rows"][ph.PROJECTS] if e != k]
        st["players"][0]["cards"].append(ph.in_play(ph.KIND_PROJECT, k, 0, level, ph.ACTIVE))
    for seat, cards in (realized or {}).items():
        for name, level, stored in cards:
            card = ph.in_play(NOSTALGIA, nid(game, name), 0, level)
            card["stored"] = stored
            st["players"][seat]["cards"].append(card)
            used.add(card["id"])
    st["nostalgia_box"] = [k for k in st["nostalgia_box"] if k not in used]
    return game.state_from_json(json.dumps(doc))


def seat(ph, state, k=0):
    return ph.srec(state)["players"][k]


def only_seat0(**fields):
    """Seat 0 moves on and on: seat 1 has no Hourglasses."""
    return {0: dict(fields), 1: {"hourglasses": 0}}


# --- the cards ---------------------------------------------------------------------------------

def test_the_nostalgia_cards_and_the_extra_cards():
    cards = lifespan.pursuit_of_happiness.load_cards(["base", "nostalgia"])
    mine = [c for c in cards if c["expansion"] == "nostalgia"]
    nostalgia = [c for c in mine if c["kind"] == "nostalgia"]
    assert len(nostalgia) == 64
    for category in ("life_goal", "ability", "outcomes", "repeatable"):
        assert sum(c["category"] == category for c in nostalgia) == 16
    assert sum(c["kind"] in ("item", "activity") for c in mine) == 19
    assert [sum(c["kind"] == k for c in mine) for k in ("partner", "child_trait", "life_goal")] == [2, 2, 2]
    by_name = {c["name"]: c for c in nostalgia}
    # What the FAQ says about the cards it names.
    for name, resource in (("Bookworm", "knowledge"), ("Freestyle Dancing", "creativity"), ("Stepping Out", "influence")):
        goal = by_name[name]["goal"]
        assert (goal["type"], goal["kind"], goal["resource"], goal["at_least"]) == ("ongoing", "pay_on_project", resource, 5)
    heritage = by_name["Family Heritage"]["goal"]
    assert (heritage["type"], heritage["reward"]) == ("game_end", {"lth": 3})
    diary = by_name["Keeping A Diary"]["ability"]
    assert (diary["name"], diary["kind"], diary["per"]) == ("Never Miss a Day", "inheritance", 3)
    assert by_name["Time Management"]["ability"]["name"] == "SMART Goals"
    assert by_name["Time Management"]["ability"]["kind"] == "smart_goals"
    for name in ("Herbarium", "Saving Up", "Stone Pet", "Storytelling"):
        assert (by_name[name]["ability"]["kind"], by_name[name]["ability"]["amount"]) == ("store", 3)
    for name in ("Caregiver", "Family Gatherings"):
        assert by_name[name]["ability"]["kind"] == "free_action"
    for name in ("Summer Fling", "Everlasting Love"):
        assert any(o.get("partner") for o in by_name[name]["outcomes"])
    happily = [c for c in nostalgia if c["realization"]["name"] == "Happily Ever After"]
    assert len(happily) == 1 and happily[0]["goal"]["kind"] == "relationship_l3"
    named = {"Bookworm", "Freestyle Dancing", "Stepping Out", "Family Heritage", "Keeping A Diary",
             "Time Management", "Herbarium", "Saving Up", "Stone Pet", "Storytelling", "Caregiver",
             "Family Gatherings", "Summer Fling", "Everlasting Love", happily[0]["name"]}
    assert {c["name"] for c in nostalgia if c["provenance"] == "seed"} == named
    assert all(c["provenance"] == "authored" for c in mine if c["name"] not in named)


def test_a_card_file_with_a_bad_nostalgia_card_is_refused(tmp_path, ph):
    bad = TEST_CARDS.split("[[project]]")[0]
    for old, new, message in (
            ('action = "study", reward = { creativity', 'action = "nap", reward = { creativity',
             "t_reader: passive.action"),
            ('cost = { money = 2 }, reward = { sth = 1 }', 'cost = { any_resource = 2 }, reward = { sth = 1 }',
             "t_reader: active.cost.any_resource"),
            ('kind = "action_bonus", action = "rest"', 'kind = "store", action = "rest"', "t_reader: ability"),
            ('name = "Critic", cost', 'name = "Critic", upkeep = {}, cost', "t_reader: levels[0]"),
            ('  { name = "Three", cost = { money = 2 }, reward = { lth = 2 } },\n', '', "t_twin: levels")):
        assert old in bad
        with pytest.raises(lifespan.CardDataError, match=re.escape(message)):
            ph.load_card_text(tmp_path, bad.replace(old, new, 1), "nostalgia")


# --- setup and hidden hands --------------------------------------------------------------------

def test_setup_deals_eight_hidden_cards_to_each_player(games):
    game = games(players=3)
    state = game.new_state(5)
    st = json.loads(state.to_json())["state"]
    hands = [p["nostalgia_hand"] for p in st["players"]]
    assert [len(h) for h in hands] == [8, 8, 8] and len(st["nostalgia_box"]) == len(nostalgia_cards(game)) - 24
    everything = sum(hands, []) + st["nostalgia_box"]
    assert sorted(everything) == list(range(len(nostalgia_cards(game))))
    names = [c["name"] for c in nostalgia_cards(game)]
    seen_by_1 = state.observation_string(1)
    assert all(names[k] in str(state) for k in hands[0])
    assert "Nostalgia hand: 8 cards\n" in seen_by_1 and all(names[k] in seen_by_1 for k in hands[1])
    # Determinized for seat 0: its own hand stays; the other hands come from what it has not seen.
    changed = False
    for seed in range(5):
        d = json.loads(state.determinize(0, seed).to_json())["state"]
        assert d["players"][0]["nostalgia_hand"] == hands[0]
        others = d["players"][1]["nostalgia_hand"] + d["players"][2]["nostalgia_hand"] + d["nostalgia_box"]
        assert sorted(others) == sorted(hands[1] + hands[2] + st["nostalgia_box"])
        changed = changed or d["players"][1]["nostalgia_hand"] != hands[1]
    assert changed


def test_placing_a_card_and_discarding_one_are_free_actions(ph, games):
    game = games()
    state = position(ph, game, hands={0: ["Test Reader", "Test Twin", "Test Fork"]}, players={0: {"sth": 1}})
    legal = state.legal_actions()
    assert [a for a in legal if ph.PLACE_NOSTALGIA <= a < ph.REALIZE] == [ph.PLACE_NOSTALGIA + k for k in range(3)]
    assert state.action_to_string(ph.PLACE_NOSTALGIA + 1) == "Place Nostalgia: Test Twin"
    state.apply(ph.PLACE_NOSTALGIA + 1)
    state.apply(ph.PLACE_NOSTALGIA + 1)   # now Test Fork, the hand having closed up
    p = seat(ph, state)
    assert [b["card"] for b in p["nostalgia_board"]] == [nid(game, "Test Twin"), nid(game, "Test Fork")]
    assert p["nostalgia_hand"] == [nid(game, "Test Reader")] and state.current_player == 0
    assert ph.PLACE_NOSTALGIA not in state.legal_actions()     # the board is full
    state.apply(ph.DISCARD_NOSTALGIA + 0)
    p = seat(ph, state)
    assert p["sth"] == 0 and p["nostalgia_board"][0] == {"card": -1, "marks": 0}
    assert nid(game, "Test Twin") not in ph.srec(state)["nostalgia_box"]   # back to the box, out of play
    state.apply(ph.PLACE_NOSTALGIA)                             # into the emptied slot
    assert seat(ph, state)["nostalgia_board"][0]["card"] == nid(game, "Test Reader")


# --- the Reminiscence side ---------------------------------------------------------------------

def test_the_passive_trigger_activates_with_its_action_once(ph, games):
    game = games()
    state = position(ph, game, boards={0: [("Test Reader", 0)]}, players=only_seat0())
    state.apply(ph.STUDY)
    p = seat(ph, state)
    assert p["resources"] == [3, 1, 0] and p["nostalgia_board"][0]["marks"] == PASSIVE
    state.apply(ph.STUDY)
    assert seat(ph, state)["resources"] == [6, 1, 0]


@pytest.mark.parametrize("chosen", [0, 1])
def test_two_cards_with_the_same_passive_requirement_let_the_player_choose(ph, games, chosen):
    # Nostalgia rulebook, 3.2: "if both cards on your Nostalgia board feature the same Passive
    # Trigger Requirement, only one of them can be activated when the specified action is
    # performed." Which one is the player's choice: Study (+3 Knowledge) asks it, then the turn
    # ends. Reader gives 1 Creativity, Twin 1 Influence; the next Study activates the other.
    game = games()
    state = position(ph, game, boards={0: [("Test Reader", 0), ("Test Twin", 0)]}, players=only_seat0())
    state.apply(ph.STUDY)
    st = ph.srec(state)
    assert st["step"] == ph.TRIGGER and st["trigger_choice"] == 0 and state.current_player == 0   # space 0: Study
    assert state.legal_actions() == [ph.CHOOSE_TRIGGER, ph.CHOOSE_TRIGGER + 1]
    names = ["Passive Trigger: Test Reader (Reading, gain 1 Creativity)",
             "Passive Trigger: Test Twin (Also Reading, gain 1 Influence)"]
    assert [state.action_to_string(a) for a in state.legal_actions()] == names
    assert "choosing whose Passive Trigger activates" in state.observation_string(1)
    observed = state.observation(1)
    assert observed[1 + ph.TRIGGER] == 1.0 and observed[1 + ph.ACTION] == 0.0
    assert seat(ph, state)["resources"] == [3, 0, 0]           # nothing before the choice
    state.apply(names[chosen])
    p = seat(ph, state)
    marks = [PASSIVE, 0] if chosen == 0 else [0, PASSIVE]
    assert [b["marks"] for b in p["nostalgia_board"]] == marks
    assert p["resources"] == ([3, 1, 0] if chosen == 0 else [3, 0, 1])
    st = ph.srec(state)
    assert st["step"] == ph.ACTION and st["trigger_choice"] == -1 and state.current_player == 0
    state.apply(ph.STUDY)                                      # only the other waits now: no choice
    p = seat(ph, state)
    assert [b["marks"] for b in p["nostalgia_board"]] == [PASSIVE, PASSIVE] and p["resources"] == [6, 1, 1]
    assert ph.srec(state)["step"] == ph.ACTION


def test_a_saved_trigger_choice_must_have_both_cards_waiting(ph, games):
    game = games()
    state = position(ph, game, boards={0: [("Test Reader", 0), ("Test Twin", 0)]}, players=only_seat0())
    state.apply(ph.STUDY)
    doc = json.loads(state.to_json())
    assert game.state_from_json(json.dumps(doc)) == state
    doc["state"]["trigger_choice"] = 5                         # Rest: neither waits for it
    with pytest.raises(ValueError, match="both Nostalgia board cards of the seat to move wait"):
        game.state_from_json(json.dumps(doc))
    doc["state"]["step"], doc["state"]["trigger_choice"] = ph.ACTION, 0
    with pytest.raises(ValueError, match="trigger_choice: .* -1 elsewhere"):
        game.state_from_json(json.dumps(doc))


def test_the_active_trigger_is_paid_as_a_free_action(ph, games):
    game = games()
    state = position(ph, game, boards={0: [("Test Reader", PASSIVE)]}, players=only_seat0(money=2))
    assert state.action_to_string(ph.ACTIVE_TRIGGER) == "Active Trigger: Test Reader (Buying, pay 2 coins)"
    state.apply(ph.ACTIVE_TRIGGER)
    p = seat(ph, state)
    assert (p["money"], p["sth"], p["nostalgia_board"][0]["marks"]) == (0, 1, PASSIVE | ACTIVE_MARK)
    assert state.current_player == 0 and p["hourglasses"] == 6     # the turn goes on
    assert ph.ACTIVE_TRIGGER not in state.legal_actions()        # once only
    poor = position(ph, game, boards={0: [("Test Reader", 0)]}, players=only_seat0(money=1))
    assert ph.ACTIVE_TRIGGER not in poor.legal_actions()


def test_realize_a_reminiscence(ph, games):
    game = games()
    both = PASSIVE | ACTIVE_MARK
    state = position(ph, game, boards={0: [("Test Reader", both)]},
                     players=only_seat0(resources=[2, 0, 0], money=3, cards=[ph.partner_card("Nicole")]))
    assert state.action_to_string(ph.REALIZE) == "Realize: Test Reader (Reader)"
    state.apply(ph.REALIZE)
    p = seat(ph, state)
    assert (p["resources"], p["money"], p["lth"], p["lth_from_cards"], p["hourglasses"]) == ([2, 0, 0], 0, 2, 2, 5)
    assert p["nostalgia_board"][0] == {"card": -1, "marks": 0}
    realized = p["cards"][1]
    assert (realized["kind"], realized["id"], realized["level"], realized["time"], realized["flags"]) == \
           (NOSTALGIA, nid(game, "Test Reader"), 1, 1, 0)          # in no slot
    # A negative STH does not stand in the way of a requirement that names no STH.
    state = position(ph, game, boards={0: [("Test Reader", both)]},
                     players=only_seat0(resources=[2, 0, 0], money=3, sth=-2))
    assert ph.REALIZE in state.legal_actions()
    # Not before both Triggers, nor without the requirement (checked, not paid).
    for marks, resources in ((PASSIVE, [2, 0, 0]), (both, [1, 0, 0])):
        state = position(ph, game, boards={0: [("Test Reader", marks)]},
                         players=only_seat0(resources=resources, money=3))
        assert ph.REALIZE not in state.legal_actions()


# --- the Realization side ----------------------------------------------------------------------

def test_an_ability_is_unlocked_by_progress_in_the_realization(ph, games):
    game = games()
    state = position(ph, game, realized={0: [("Test Reader", 1, 0)]},
                     players=only_seat0(resources=[1, 0, 0], money=1))
    state.apply(ph.REST)
    assert seat(ph, state)["resources"] == [1, 0, 0]               # locked: no bonus yet
    assert state.action_to_string(ph.card_action(0)) == "Progress: Test Reader (Critic)"
    state.apply(ph.card_action(0))
    p = seat(ph, state)
    assert (p["cards"][0]["level"], p["lth"], p["resources"], p["money"]) == (2, 1, [0, 0, 0], 0)
    assert ph.card_action(0) not in state.legal_actions()          # completed
    state.apply(ph.REST)
    assert seat(ph, state)["resources"] == [0, 0, 2]


@pytest.mark.parametrize("outcome", [0, 1])
def test_outcomes_then_determine_the_outcome(ph, games, outcome):
    game = games()
    nicole = ph.partner("Nicole")
    state = position(ph, game, realized={0: [("Test Fork", 1, 0)]}, next_cards={ph.PARTNERS: [nicole]},
                     players=only_seat0(money=2))
    state.apply(ph.card_action(0))
    assert seat(ph, state)["cards"][0]["level"] == 2 and seat(ph, state)["lth"] == 1
    legal = state.legal_actions()
    assert ph.DETERMINE_OUTCOME in legal and ph.DETERMINE_OUTCOME + 1 in legal and ph.card_action(0) not in legal
    assert state.action_to_string(ph.DETERMINE_OUTCOME + outcome) == \
           "Determine the Outcome: Test Fork (" + ("Left", "Right")[outcome] + ")"
    state.apply(ph.DETERMINE_OUTCOME + outcome)
    p = seat(ph, state)
    assert p["cards"][0]["level"] == 3 + outcome
    if outcome == 0:
        assert (p["money"], p["lth"], len(p["cards"])) == (0, 4, 1)
    else:   # the top Partner is only placed: no reward for it, not started with the board action
        assert (p["money"], p["lth"], p["sth"]) == (2, 1, 1)
        assert p["cards"][1] == ph.in_play(ph.KIND_PARTNER, nicole >> 1, nicole & 1, 1, ph.ACTIVE)
    legal = state.legal_actions()
    assert not any(ph.DETERMINE_OUTCOME <= a < ph.SMART_GOALS for a in legal) and ph.card_action(0) not in legal


def test_an_outcome_that_brings_a_partner_needs_room_for_it(ph, games):
    game = games()
    items = [ph.item_card(c["name"]) for c in ph.ITEM_CARDS if c["kind"] == "item"][:23]
    state = position(ph, game, realized={0: [("Test Fork", 2, 0)]}, players=only_seat0(cards=items, money=2))
    legal = state.legal_actions()
    assert ph.DETERMINE_OUTCOME + 2 * 23 in legal and ph.DETERMINE_OUTCOME + 2 * 23 + 1 not in legal


def test_a_repeatable_card_advances_to_l4_then_dedicates_time(ph, games):
    # L4 is the Repeatable Level: reaching it pays its cost for its reward, and Dedicate Time
    # pays the same "once more" (the rulebook), as often as the player can.
    game = games()
    state = position(ph, game, realized={0: [("Test Twin", 1, 0)]},
                     players=only_seat0(money=3, resources=[0, 6, 0]))
    for level, lth, creativity in ((2, 1, 6), (3, 3, 6), (4, 4, 4)):
        state.apply(ph.card_action(0))
        p = seat(ph, state)
        assert (p["cards"][0]["level"], p["lth"], p["resources"][1]) == (level, lth, creativity)
    assert seat(ph, state)["money"] == 0
    assert state.action_to_string(ph.card_action(0)) == "Dedicate Time: Test Twin (Again)"
    state.apply(ph.card_action(0))
    state.apply(ph.card_action(0))
    p = seat(ph, state)
    assert (p["cards"][0]["level"], p["lth"], p["resources"]) == (4, 6, [0, 0, 0])
    assert ph.card_action(0) not in state.legal_actions()          # no Creativity left


# --- Life Goals --------------------------------------------------------------------------------

def _advance_lab(ph, state, pays):
    """Advances Test Lab (seat 0's card 0) with the card action and the given pay decisions."""
    state.apply(ph.card_action(0))
    for action in pays:
        assert ph.srec(state)["step"] == ph.PAY and action in state.legal_actions()
        state.apply(action)
    assert ph.srec(state)["step"] == ph.ACTION


@pytest.mark.parametrize("forgo", [0, 1])
def test_bookworm_counts_the_knowledge_paid_after_a_positive_sth(ph, games, forgo):
    # The FAQ: 6 Knowledge to advance a Project with +2 STH; paying 4 misses Bookworm, choosing
    # to pay 5 meets it.
    game = games()
    state = position(ph, game, projects=[("Test Lab", 1)], realized={0: [("Bookworm", 1, 0)]},
                     players=only_seat0(resources=[8, 0, 0], sth=2))
    state.apply(ph.card_action(0))
    assert ph.srec(state)["step"] == ph.PAY
    assert state.legal_actions() == [ph.PAY_KNOWLEDGE, ph.FORGO_DISCOUNT]
    if forgo:
        state.apply(ph.FORGO_DISCOUNT)
    state.apply(ph.PAY_KNOWLEDGE)     # the rest has a single option each
    p = seat(ph, state)
    assert (p["resources"][0], p["lth"]) == ((3, 1) if forgo else (4, 0))


@pytest.mark.parametrize("last", ["knowledge", "creativity"])
def test_bookworm_counts_an_extra_unit_of_a_negative_sth_paid_in_knowledge(ph, games, last):
    # The FAQ: 4 Knowledge to advance, 1 more resource for -1 STH: paid in Knowledge, Bookworm
    # is met.
    game = games()
    state = position(ph, game, projects=[("Test Lab", 2)], realized={0: [("Bookworm", 1, 0)]},
                     players=only_seat0(resources=[6, 2, 0], sth=-1))
    state.apply(ph.card_action(0))     # 4 Knowledge are owed: paid without a choice
    assert ph.srec(state)["step"] == ph.PAY and seat(ph, state)["resources"] == [2, 2, 0]
    assert state.legal_actions() == [ph.PAY_KNOWLEDGE, ph.PAY_CREATIVITY]
    state.apply(ph.PAY_KNOWLEDGE if last == "knowledge" else ph.PAY_CREATIVITY)
    assert seat(ph, state)["lth"] == (1 if last == "knowledge" else 0)


def test_no_forgoing_the_discount_without_an_ongoing_project_goal(ph, games):
    game = games()
    state = position(ph, game, projects=[("Test Lab", 1)], players=only_seat0(resources=[8, 0, 0], sth=2))
    state.apply(ph.card_action(0))
    assert ph.srec(state)["step"] == ph.ACTION and seat(ph, state)["resources"][0] == 4


def _end_game(ph, game, realized, resources, money=0, goals=NO_GOALS):
    """Seat 0 rests in the last round's last turn; returns its final LTH."""
    state = position(ph, game, round=8, unavailable=1 << 4, realized={0: realized}, goals=goals,
                     players=only_seat0(hourglasses=1, resources=resources, money=money))
    state.apply(ph.REST)
    assert state.is_terminal()
    return state.scores()[0], seat(ph, state)


@pytest.mark.parametrize("resources, lth", [([6, 4, 2], 1 + 3), ([6, 4, 1], 1)])
def test_family_heritage_scores_on_top_of_inheritance(ph, games, resources, lth):
    game = games()
    condition = next(c for c in nostalgia_cards(game) if c["name"] == "Family Heritage")["goal"]["condition"]
    assert condition == {"kind": "at_least", "what": "resources", "amount": 12}
    score, p = _end_game(ph, game, [("Family Heritage", 1, 0)], resources)
    assert score == lth and p["cards"][0]["level"] == (2 if lth == 4 else 1)


@pytest.mark.parametrize("level, lth", [(2, 3), (1, 1)])
def test_keeping_a_diary_is_an_alternative_inheritance(ph, games, level, lth):
    # The FAQ: 6 Knowledge, 2 Creativity and 1 Influence left give 3 LTH instead of 1.
    score, _ = _end_game(ph, games(), [("Keeping A Diary", level, 0)], [6, 2, 1])
    assert score == lth


@pytest.mark.parametrize("flags, lth", [(1 | BY_START_RELATIONSHIP, 4), (1, 0)])
def test_happily_ever_after_needs_start_a_relationship(ph, games, flags, lth):
    game = games()
    wedding = next(c for c in nostalgia_cards(game) if c["realization"]["name"] == "Happily Ever After")
    assert wedding["goal"]["reward"] == {"lth": 4}
    nicole = ph.partner_card("Nicole", level=2, flags=flags)
    state = position(ph, game, round=3, unavailable=0, realized={0: [(wedding["name"], 1, 0)]},
                     players=only_seat0(cards=[nicole], resources=[0, 2, 4]))
    state.apply(ph.card_action(0))
    p = seat(ph, state)
    l3 = ph.partner_face(ph.partner("Nicole"))["levels"][2]["reward"].get("lth", 0)
    assert p["cards"][0]["level"] == 3 and p["lth"] == l3 + lth
    assert p["cards"][1]["level"] == (2 if lth else 1)


def test_start_a_relationship_marks_the_partner(ph, games):
    game = games()
    state = position(ph, game, round=3, unavailable=0, rows={ph.PARTNERS: [ph.partner("Nicole")]},
                     players=only_seat0(resources=[5, 5, 5], money=9))
    state.apply(ph.start_relationship(0))
    assert seat(ph, state)["cards"][0]["flags"] == ph.ACTIVE | BY_START_RELATIONSHIP


# --- Abilities from the FAQ --------------------------------------------------------------------

def test_a_store_fills_when_unlocked_and_is_taken_only_once_the_kind_runs_out(ph, games):
    game = games()
    herbarium = next(c for c in nostalgia_cards(game) if c["name"] == "Herbarium")
    assert herbarium["ability"] == {"name": herbarium["ability"]["name"], "kind": "store",
                                    "resource": "knowledge", "amount": 3}
    assert herbarium["levels"][0]["cost"] == {"knowledge": 3, "creativity": 1}
    state = position(ph, game, realized={0: [("Herbarium", 1, 0)]}, boards={0: [("Test Twin", PASSIVE)]},
                     players=only_seat0(resources=[4, 1, 0]))
    state.apply(ph.card_action(0))
    p = seat(ph, state)
    assert (p["cards"][0]["level"], p["cards"][0]["stored"], p["resources"]) == (2, 3, [1, 0, 0])
    # Test Twin's Active Trigger costs 1 Knowledge: paid from what the player holds, which runs
    # out; then the store is taken.
    state.apply(ph.ACTIVE_TRIGGER)
    p = seat(ph, state)
    assert (p["cards"][0]["stored"], p["resources"]) == (0, [3, 0, 0])
    # A cost the player cannot cover is not covered by the store.
    state = position(ph, game, realized={0: [("Herbarium", 2, 3)]}, boards={0: [("Test Twin", PASSIVE)]},
                     players=only_seat0(resources=[0, 0, 0]))
    assert ph.ACTIVE_TRIGGER not in state.legal_actions()


def test_a_store_waits_for_the_end_of_a_trigger_transaction(ph, games):
    # Pet Food Drive (Animal Shelter's Active Trigger): 2 coins and 1 Influence for 1 Influence.
    # Paying the last Influence runs out only until the reward comes: the transaction ends with
    # 1 Influence, so Storytelling's 3 stay on the card, as after a card action.
    game = games()
    state = position(ph, game, realized={0: [("Storytelling", 2, 3)]}, boards={0: [("Animal Shelter", 0)]},
                     players=only_seat0(resources=[0, 0, 1], money=2))
    state.apply(ph.ACTIVE_TRIGGER)
    p = seat(ph, state)
    assert (p["resources"], p["money"], p["cards"][0]["stored"]) == ([0, 0, 1], 0, 3)


def test_what_a_store_holds_counts_at_inheritance(ph, games):
    score, _ = _end_game(ph, games(), [("Herbarium", 2, 3)], [2, 0, 0])
    assert score == 1      # 2 Knowledge held and 3 on the card: 5


@pytest.mark.parametrize("money, stored, met", [(13, 3, True), (12, 3, True), (11, 3, False), (15, 0, True)])
def test_what_a_store_holds_counts_for_game_end_goals(ph, games, money, stored, met):
    # The FAQ: units left on the card are added to the player's at the end of the game.
    # Piggy Bank: at least 15 coins at the end of the game.
    game = games()
    piggy = next(c for c in nostalgia_cards(game) if c["name"] == "Piggy Bank")
    assert piggy["goal"]["condition"] == {"kind": "at_least", "what": "money", "amount": 15}
    score, p = _end_game(ph, game, [("Saving Up", 2, stored), ("Piggy Bank", 1, 0)], [0, 0, 0], money=money)
    reward = piggy["goal"]["reward"]["lth"]
    assert (p["money"], p["cards"][0]["stored"]) == (money + stored, 0)
    assert p["cards"][1]["level"] == (2 if met else 1)
    assert score == (money + stored) // 5 + (reward if met else 0)


@pytest.mark.parametrize("stored", [0, 3])
def test_a_store_does_not_meet_an_in_game_goal_at_the_end(ph, stored):
    # Pillar of the Community (in game: 10 Influence) was never met by the 8 held in the life;
    # Storytelling's 3 join the supply only at the end, for Inheritance: (8 + 3) // 5 = 2.
    game = lifespan.load_game(GAME, players=2, expansions=["nostalgia", "community"])
    state = position(ph, game, round=8, unavailable=1 << 4, realized={0: [("Storytelling", 2, stored)]},
                     players={0: {"hourglasses": 1, "resources": [0, 0, 8], "meeple": 5},
                              1: {"hourglasses": 0, "meeple": 5}})
    doc = json.loads(state.to_json())   # the Community goal: an index past the base goals
    goals = [c["name"] for c in game.cards() if c["kind"] == "life_goal"]
    doc["state"]["goals"] = [goals.index("Pillar of the Community"), goals.index("Corner Office")]
    state = game.state_from_json(json.dumps(doc))
    state.apply(ph.REST)
    assert state.is_terminal()
    assert ph.srec(state)["goals_claimed_by"][0] == 0
    assert state.scores()[0] == (8 + stored) // 5


def test_a_store_decides_a_most_money_goal_at_the_end(ph, games):
    # You Can Take It With You (most coins at the end): 10 held and 3 on Saving Up beat 12.
    game = games()
    state = position(ph, game, round=8, unavailable=1 << 4, realized={0: [("Saving Up", 2, 3)]},
                     goals=["You Can Take It With You", "Well-Earned Rest"],
                     players={0: {"hourglasses": 1, "money": 10}, 1: {"hourglasses": 0, "money": 12}})
    state.apply(ph.REST)
    assert state.is_terminal() and ph.srec(state)["goals_claimed_by"][0] == 1


def test_caregiver_is_a_free_action_with_an_hourglass_once_a_round(ph, games):
    game = games()
    caregiver = next(c for c in nostalgia_cards(game) if c["name"] == "Caregiver")
    state = position(ph, game, realized={0: [("Caregiver", 2, 0)]}, players=only_seat0(hourglasses=3))
    assert state.action_to_string(ph.FREE_ABILITY) == f"Ability: Caregiver ({caregiver['ability']['name']}, 1 Hourglass)"
    before = seat(ph, state)
    state.apply(ph.FREE_ABILITY)
    p = seat(ph, state)
    assert (p["hourglasses"], p["hourglasses_spent"], p["cards"][0]["time"]) == (2, 1, 1)
    assert state.current_player == 0 and ph.srec(state)["step"] == ph.ACTION   # not the turn's action
    gained = caregiver["ability"]["reward"]
    for key, index in (("knowledge", 0), ("creativity", 1), ("influence", 2)):
        assert p["resources"][index] == before["resources"][index] + gained.get(key, 0)
    assert ph.FREE_ABILITY not in state.legal_actions()
    locked = position(ph, game, realized={0: [("Caregiver", 1, 0)]}, players=only_seat0(resources=[0, 0, 3], money=2))
    assert ph.FREE_ABILITY not in locked.legal_actions()
    locked.apply(ph.card_action(0))              # unlocked: usable in the same round
    assert ph.FREE_ABILITY in locked.legal_actions()


@pytest.mark.parametrize("hourglasses, listed", [(1, False), (2, True)])
def test_caregiver_needs_more_than_the_last_hourglass(ph, games, hourglasses, listed):
    # The FAQ: done before the turn's Board or Card Action, which needs something to place.
    state = position(ph, games(), realized={0: [("Caregiver", 2, 0)]}, players=only_seat0(hourglasses=hourglasses))
    assert (ph.FREE_ABILITY in state.legal_actions()) == listed
    if listed:
        state.apply(ph.FREE_ABILITY)
        assert state.game.state_from_json(state.to_json()) == state   # a position that loads again


def test_smart_goals_substitutes_one_hourglass_and_ignores_sth(ph, games):
    game = games()
    rate = next(c for c in nostalgia_cards(game) if c["name"] == "Time Management")["ability"]["resources"]
    assert rate == 2
    # Test Lab's L4 costs 3 Hourglasses (the one placed and 2 more) and 1 Knowledge.
    def lab(hourglasses):
        return position(ph, game, projects=[("Test Lab", 3)], realized={0: [("Time Management", 2, 0)]},
                        players=only_seat0(hourglasses=hourglasses, resources=[0, 2, 0], sth=2))

    legal = lab(2).legal_actions()
    assert ph.card_action(0) not in legal and ph.SMART_GOALS in legal
    state = lab(3)
    assert state.action_to_string(ph.SMART_GOALS) == "Advance with SMART Goals: Test Lab"
    state.apply(ph.SMART_GOALS)
    p = seat(ph, state)
    # +2 STH covers the Knowledge, not the 2 resources of SMART Goals; one Hourglass only is substituted.
    assert (p["hourglasses"], p["resources"], p["cards"][0]["level"], p["lth"]) == (1, [0, 0, 0], 4, 5)
    assert p["cards"][0]["flags"] & ph.COMPLETED
    # A card that depicts only the Hourglass the action places (Write Fiction's L4: 1 Hourglass,
    # 2 Knowledge, 4 Creativity, 2 Influence): that Hourglass is substituted; nothing is placed.
    fiction = ph.project("Write Fiction")
    state = position(ph, game, realized={0: [("Time Management", 2, 0)]},
                     players=only_seat0(hourglasses=2, resources=[2, 6, 2],
                                        cards=[ph.in_play(ph.KIND_PROJECT, fiction, 0, 3, ph.ACTIVE)]))
    state.apply(ph.SMART_GOALS + 0)
    p = seat(ph, state)
    assert (p["hourglasses"], p["resources"], p["cards"][0]["level"], p["cards"][0]["time"]) == (2, [0, 0, 0], 4, 0)
    # Without the Ability unlocked, no SMART Goals.
    state = position(ph, game, projects=[("Test Lab", 3)], realized={0: [("Time Management", 1, 0)]},
                     players=only_seat0(hourglasses=3, resources=[1, 2, 0]))
    assert ph.SMART_GOALS not in state.legal_actions() and ph.card_action(0) in state.legal_actions()


def test_smart_goals_on_jogging_substitutes_one_of_its_two_hourglasses(ph, games):
    # The FAQ's own case, with the shipped card: Jogging's L4 costs 2 Hourglasses (the one
    # placed and 1 more), 2 Knowledge, 2 Creativity and 2 Influence, for 6 LTH.
    game = games()
    jogging = ph.project("Jogging")

    def at_level_3(hourglasses):
        return position(ph, game, realized={0: [("Time Management", 2, 0)]},
                        players=only_seat0(hourglasses=hourglasses, resources=[2, 4, 2],
                                           cards=[ph.in_play(ph.KIND_PROJECT, jogging, 0, 3, ph.ACTIVE)]))

    legal = at_level_3(1).legal_actions()
    assert ph.card_action(0) not in legal and ph.SMART_GOALS in legal
    assert ph.card_action(0) in at_level_3(2).legal_actions()
    state = at_level_3(2)   # one Hourglass kept, so that the round goes on
    state.apply(ph.SMART_GOALS)
    p = seat(ph, state)
    # One Hourglass paid, the other substituted by 2 resources (Creativity, the only kind left).
    assert (p["hourglasses"], p["resources"], p["cards"][0]["level"], p["lth"]) == (1, [0, 0, 0], 4, 6)


@pytest.mark.parametrize("expansion, unused, used", [
    ("experiences", {"cloud": -1}, {"cloud": 12}),
    ("community", {"meeple": -1}, {"meeple": 5}),
])
def test_smart_goals_is_no_use_of_a_turn_left_only_for_the_cloud_or_meeple(ph, expansion, unused, used):
    # With no Hourglass left, the unused Cloud (Experiences) or meeple (Community) gives a turn
    # on its own board only. SMART Goals would advance Write Fiction without placing anything,
    # so it is neither listed nor accepted.
    game = lifespan.load_game("pursuit_of_happiness", players=2, expansions=[expansion, "nostalgia"])
    fiction = ph.in_play(ph.KIND_PROJECT, ph.project("Write Fiction"), 0, 3, ph.ACTIVE)

    def seat0_with(hourglasses):
        doc = json.loads(position(ph, game, round=3, unavailable=0, realized={0: [("Time Management", 2, 0)]},
                                  players={0: {"hourglasses": 1, "resources": [2, 6, 2],
                                               "cards": [fiction], **unused},
                                           1: {"hourglasses": 0, **used}}).to_json())
        st = doc["state"]
        st["players"][0]["hourglasses"] = hourglasses
        if expansion == "community" and not st["community_row"]:   # a card for the meeple
            st["community_row"] = [st["community_deck"].pop()]
        return game.state_from_json(json.dumps(doc))

    state = seat0_with(0)
    assert state.current_player == 0 and state.legal_actions()
    assert ph.SMART_GOALS not in state.legal_actions()
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(ph.SMART_GOALS)
    assert state.to_json() == before
    # With an Hourglass left, the same SMART Goals is legal.
    assert ph.SMART_GOALS in seat0_with(1).legal_actions()


# --- solo, saves and random play ---------------------------------------------------------------

@pytest.mark.parametrize("lth, won", [(54, False), (55, True)])
def test_solo_needs_5_more_lth(ph, games, lth, won):
    game = games(players=1)
    state = position(ph, game, round=8, unavailable=1 << 4, goals=["Corner Office", "Well-Earned Rest", "Well Read"],
                     goals_claimed_by=[1, 1, 1], players={0: {"hourglasses": 1, "lth": lth, "goals": 3}})
    state.apply(ph.REST)
    assert state.is_terminal() and state.returns() == ([1.0] if won else [-1.0])


# --- Nostalgia in the score by source ------------------------------------------------------------

def by_source(state, k=0):
    return {part.source: part.points for part in state.score_breakdown(k)}


def _realize(ph, game):
    state = position(ph, game, boards={0: [("Test Reader", PASSIVE | ACTIVE_MARK)]},
                     players=only_seat0(resources=[2, 0, 0], money=3))
    return state, [ph.REALIZE]


def _active_trigger(ph, game):   # paid with pay_set_cost, which gains the reward itself
    return position(ph, game, boards={0: [("Test Twin", PASSIVE)]}, players=only_seat0(resources=[1, 0, 0])), \
        [ph.ACTIVE_TRIGGER]


def _progress(ph, game):
    return position(ph, game, realized={0: [("Test Reader", 1, 0)]}, players=only_seat0(resources=[1, 0, 0], money=1)), \
        [ph.card_action(0)]


def _outcome(ph, game):
    return position(ph, game, realized={0: [("Test Fork", 1, 0)]}, players=only_seat0(money=2)), \
        [ph.card_action(0), ph.DETERMINE_OUTCOME]


def _repeatable(ph, game):   # three levels, then Dedicate Time twice
    return position(ph, game, realized={0: [("Test Twin", 1, 0)]}, players=only_seat0(money=3, resources=[0, 6, 0])), \
        [ph.card_action(0)] * 5


def _ongoing_goal(ph, game):   # Bookworm: 5 Knowledge paid on a Project
    state = position(ph, game, projects=[("Test Lab", 1)], realized={0: [("Bookworm", 1, 0)]},
                     players=only_seat0(resources=[8, 0, 0], sth=2))
    return state, [ph.card_action(0), ph.FORGO_DISCOUNT, ph.PAY_KNOWLEDGE]


def _relationship_goal(ph, game):   # Happily Ever After: the Partner's own L3 reward is a card reward
    wedding = next(c for c in nostalgia_cards(game) if c["realization"]["name"] == "Happily Ever After")
    nicole = ph.partner_card("Nicole", level=2, flags=1 | BY_START_RELATIONSHIP)
    state = position(ph, game, round=3, unavailable=0, realized={0: [(wedding["name"], 1, 0)]},
                     players=only_seat0(cards=[nicole], resources=[0, 2, 4]))
    return state, [ph.card_action(0)]


def _game_end_goal(ph, game):   # Family Heritage, on top of Inheritance
    state = position(ph, game, round=8, unavailable=1 << 4, realized={0: [("Family Heritage", 1, 0)]},
                     players=only_seat0(hourglasses=1, resources=[6, 4, 2]))
    return state, [ph.REST]


def _lab_reward(ph, game):   # a Project's LTH, with no Nostalgia card in it
    state = position(ph, game, projects=[("Test Lab", 3)], realized={0: [("Test Reader", 1, 0)]},
                     players=only_seat0(resources=[1, 0, 0], hourglasses=6))
    return state, [ph.card_action(0)]


@pytest.mark.parametrize("scenario, nostalgia, other_cards", [
    (_realize, 2, 0), (_active_trigger, 1, 0), (_progress, 1, 0), (_outcome, 1 + 3, 0),
    (_repeatable, 1 + 2 + 1 + 1 + 1, 0), (_ongoing_goal, 1, 0), (_relationship_goal, 4, None),
    (_game_end_goal, 3, 0), (_lab_reward, 0, 5),
], ids=lambda v: v.__name__.strip("_") if callable(v) else None)
def test_the_lth_of_nostalgia_cards_is_its_own_source(ph, games, scenario, nostalgia, other_cards):
    # Every way a Nostalgia card gives LTH (Nostalgia rulebook: Reminiscence, Triggers,
    # Realization, Life Goals) counts as Nostalgia, apart from the other card rewards; both
    # still count as LTH from cards, the Life Goal measure.
    game = games()
    state, moves = scenario(ph, game)
    before, lth_before = by_source(state), seat(ph, state)["lth"]
    assert before["nostalgia"] == 0
    for action in moves:
        assert action in state.legal_actions(), state.action_to_string(action)
        state.apply(action)
    after, p = by_source(state), seat(ph, state)
    if other_cards is None:     # the Partner's L3 reward, read from its card
        other_cards = ph.partner_face(ph.partner("Nicole"))["levels"][2]["reward"].get("lth", 0)
    assert (after["nostalgia"], after["cards"] - before["cards"]) == (nostalgia, other_cards)
    assert p["lth_from_nostalgia"] == nostalgia
    assert p["lth_from_cards"] - seat(ph, scenario(ph, game)[0])["lth_from_cards"] == nostalgia + other_cards
    assert sum(after.values()) == p["lth"] >= lth_before + nostalgia + other_cards
    assert game.state_from_json(state.to_json()) == state and json.loads(state.to_json())["version"] == lifespan._api.STATE_VERSION


def test_corrupt_nostalgia_fields_are_refused(ph, games):
    game = games()
    good = position(ph, game, hands={0: ["Test Reader"]}, boards={1: [("Test Twin", 3)]},
                    realized={0: [("Herbarium", 2, 3)]})
    doc = json.loads(good.to_json())
    assert game.state_from_json(json.dumps(doc)) == good

    def refused(change, message):
        bad = json.loads(json.dumps(doc))
        change(bad["state"])
        with pytest.raises(ValueError, match=message):
            game.state_from_json(json.dumps(bad))

    reader = nid(game, "Test Reader")
    refused(lambda st: st["nostalgia_box"].append(reader), "repeated Nostalgia card")
    refused(lambda st: st["players"][1]["nostalgia_board"][0].update(marks=4), "marks")
    refused(lambda st: st["players"][1]["nostalgia_board"][1].update(marks=1), "empty slot")
    refused(lambda st: st["players"][0]["cards"][0].update(level=1), "stored")
    refused(lambda st: st["players"][0]["cards"][0].update(level=3), "level out of range")
    refused(lambda st: st["players"][0]["cards"][0].update(flags=1), "flags")
    refused(lambda st: st["players"][0]["nostalgia_hand"].append(200), "Nostalgia card 200")
    # A payment whose paid and owed units exceed what the action's cost can ask.
    paying = position(ph, game, projects=[("Test Lab", 1)], realized={0: [("Bookworm", 1, 0)]},
                      players=only_seat0(resources=[8, 0, 0], sth=2))
    paying.apply(ph.card_action(0))
    doc = json.loads(paying.to_json())
    assert game.state_from_json(json.dumps(doc)) == paying
    for field, value in (("paid", [200, 0, 0]), ("units", 255)):
        bad = json.loads(json.dumps(doc))
        bad["state"]["payment"][field] = value
        with pytest.raises(ValueError, match="more units paid and owed"):
            game.state_from_json(json.dumps(bad))
    base = lifespan.load_game(GAME, players=2)
    fresh = json.loads(base.new_state(0).to_json())
    fresh["state"]["players"][0]["nostalgia_hand"] = [0]
    with pytest.raises(ValueError, match="Nostalgia"):
        base.state_from_json(json.dumps(fresh))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_with_nostalgia(ph, players):
    """The engine's sampler, and a policy keen on Nostalgia (it places cards, pays Triggers and
    realizes whenever it can) so that play reaches every category's card actions; through the
    checked apply, with JSON round trips."""
    game = lifespan.load_game(GAME, players=players, expansions=["nostalgia"])
    ph.sampled_games(game, 3, seed=players * 100)
    keen = (ph.REALIZE, ph.REALIZE + 1, ph.ACTIVE_TRIGGER, ph.ACTIVE_TRIGGER + 1, ph.PLACE_NOSTALGIA)
    reached = set()

    def beyond_l1_in_every_category():  # (solo random lives are short: a realized card is enough)
        return players == 1 or all(any(kind == category and level >= 2 for kind, level in reached)
                                   for category in ("ability", "outcomes", "repeatable"))

    # At least 8 games; more (up to 32) until each category has gone beyond L1, since whether a
    # few random lives get there depends on the sampler's stream.
    for g in range(32):
        if g >= 8 and beyond_l1_in_every_category():
            break
        state = game.new_state(seed=players * 10 + g)
        moves = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            wanted = [a for a in legal if a in keen or ph.DETERMINE_OUTCOME <= a < ph.SPEND_AT_LEVEL - 1]
            st = ph.srec(state)
            progress = [ph.card_action(k) for k, c in enumerate(st["players"][state.current_player]["cards"])
                        if c["kind"] == NOSTALGIA and ph.card_action(k) in legal]
            action = (wanted or progress or state._sample_actions(1, g * 7919 + moves))[0]
            state.apply(action)
            moves += 1
            if moves % 25 == 0:
                assert game.state_from_json(state.to_json()) == state
            assert moves < 3000
        for p in ph.srec(state)["players"]:
            reached.update((nostalgia_cards(game)[c["id"]]["category"], c["level"])
                           for c in p["cards"] if c["kind"] == NOSTALGIA)
    assert reached
    assert beyond_l1_in_every_category(), reached
    results = lifespan.playouts(game.new_state(1), 100, seed=2)
    assert len(results) == 100
