"""The Experiences expansion (its rulebook): the Experiences board, Plan Experience, the
Experience card action with its extension, the Dream board with its Desire tokens, the Cloud,
Services and the extra cards, and the solo target."""

import json
import re

import pytest

import lifespan

GAME = "pursuit_of_happiness"
EXPERIENCE = 4          # the card kind and Dream source of an Experience
NO_GOALS = ["Corner Office", "Well-Earned Rest"]   # in-game goals nobody here meets
CLOUD_GIVEN_UP = 12
CARD_ACTION = 517        # + own slot (docs/pursuit_of_happiness_engine.md §5)


def experiences_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["experiences"], **rules)


def names(game, *kinds):
    return [c["name"] for c in game.cards() if c["kind"] in kinds]


def experience_id(game, name):
    return names(game, "experience").index(name)


def item_id(game, name):
    return names(game, "item", "activity", "pet", "service").index(name)


def position(ph, game, *, board=None, dream=None, planned=(), **kwargs):
    """A hand-built position. board: Experience names on the Experiences board, left to right;
    dream: {seat: [(source, entry, desire)]} (entry an Experience name for source 4); planned:
    Experience names in seat 0's play area."""
    doc = ph.position_doc(game, goals=kwargs.pop("goals", NO_GOALS), **kwargs)
    st = doc["state"]
    experiences = names(game, "experience")
    taken = set()
    if board is not None:
        st["experience_row"] = [experiences.index(n) for n in board]
        taken |= set(st["experience_row"])
    for n in planned:
        k = experiences.index(n)
        st["players"][0]["cards"].append(ph.in_play(EXPERIENCE, k))
        taken.add(k)
    for seat, entries in (dream or {}).items():
        slots = []
        for source, entry, desire in entries:
            if source == EXPERIENCE:
                entry = experiences.index(entry)
                taken.add(entry)
            else:   # out of its row, deck and discards
                same = (lambda e: e >> 1 == entry >> 1) if source >= 2 else (lambda e: e == entry)
                for pile in (st["rows"], st["decks"], st["discards"]):
                    pile[source] = [e for e in pile[source] if not same(e)]
            slots.append({"source": source, "entry": entry, "desire": desire})
        slots += [{"source": -1, "entry": 0, "desire": 0}] * (3 - len(slots))
        st["players"][seat]["dream"] = slots
    if board is None:
        st["experience_row"] = [k for k in st["experience_row"] if k not in taken]
    st["experience_deck"] = [k for k in st["experience_deck"] if k not in taken]
    st["experience_discards"] = [k for k in st["experience_discards"] if k not in taken]
    return game.state_from_json(json.dumps(doc))


def seat(ph, state, k=0):
    return ph.srec(state)["players"][k]


def test_the_experiences_cards():
    game = experiences_game()
    mine = [c for c in game.cards() if c["expansion"] == "experiences"]
    counts = {}
    for c in mine:
        counts[c["kind"]] = counts.get(c["kind"], 0) + 1
    assert counts == {"experience": 50, "service": 15, "project": 3, "partner": 3,
                      "life_goal": 1, "child_trait": 2}   # the box's other Life Goal comes with Kids
    assert sorted(c["type"] for c in mine if c["kind"] == "experience").count("trip") == 25
    easter = next(c for c in mine if c["name"] == "Easter Island")
    assert easter["provenance"] == "seed" and easter["type"] == "trip"
    assert easter["planning"]["requirement"] == {"knowledge": 4}
    assert easter["planning"]["reward"] == {"creativity": 2}
    assert [c["name"] for c in mine if c["provenance"] == "seed"] == ["Easter Island"]


def test_setup_the_board_the_teen_rows_and_plan_experience_unavailable(ph):
    game = experiences_game()
    state = ph.after_traits(game, 4)
    st = ph.srec(state)
    assert len(st["experience_row"]) == 5 and len(st["experience_deck"]) == 45
    assert len(st["rows"][ph.JOBS]) == 4 and len(st["rows"][ph.PARTNERS]) == 4
    legal = state.legal_actions()
    assert not any(ph.PLAN_EXPERIENCE <= a < ph.DREAM for a in legal)
    # Dreaming is open in the Teen round, from every row and the Experiences board.
    assert ph.dream(ph.JOBS, 0, 0) in legal and ph.dream(EXPERIENCE, 4, 2) in legal
    assert all(p["cloud"] == -1 for p in st["players"])


def test_sandra_plans_the_easter_island_trip(ph):
    # 4 Knowledge (held, not paid) plans it for 2 Creativity; the cards on its left slide right
    # and a new card fills the leftmost slot.
    game = experiences_game()
    board = [n for n in names(game, "experience") if n != "Easter Island"][:4]
    board.insert(2, "Easter Island")
    for knowledge, legal in ((3, False), (4, True)):
        state = position(ph, game, round=2, unavailable=0, board=board,
                         players={0: {"resources": [knowledge, 0, 0]}})
        assert (ph.plan_experience(2) in state.legal_actions()) == legal
    next_card = ph.srec(state)["experience_deck"][-1]
    assert state.action_to_string(ph.plan_experience(2)) == "Plan Experience: Easter Island with the Cloud"
    state.apply("Plan Experience: Easter Island with the Cloud")
    st = ph.srec(state)
    p = st["players"][0]
    assert p["resources"] == [4, 2, 0]
    assert [(c["kind"], c["id"]) for c in p["cards"]] == [(EXPERIENCE, experience_id(game, "Easter Island"))]
    ids = [experience_id(game, n) for n in board]
    assert st["experience_row"] == [next_card, ids[0], ids[1], ids[3], ids[4]]
    # The Cloud went there, not an Hourglass.
    assert p["hourglasses"] == 6 and p["cloud"] == 10


@pytest.mark.parametrize("token", ["Cloud", "Hourglass"])
def test_the_player_chooses_the_cloud_or_an_hourglass(ph, token):
    # Experiences rulebook, Board & Card Actions: "Both of these Board Actions can be performed
    # by using either your Cloud token or your Hourglass tokens." With the Cloud unused and 6
    # Hourglasses, Plan Experience (Easter Island: 4 Knowledge held, 2 Creativity gained) is two
    # actions. "You do not get any Stress when you place an Hourglass token on a Board Action
    # space where you have just your Cloud token"; the Cloud placed where the seat's own
    # Hourglass is costs 1 Stress, as a second own token.
    game = experiences_game()
    board = [n for n in names(game, "experience") if n != "Easter Island"][:4]
    board.insert(2, "Easter Island")
    state = position(ph, game, round=2, unavailable=0, board=board, players={0: {"resources": [8, 0, 0]}})
    with_cloud, with_hourglass = ph.plan_experience(2), ph.with_hourglass(ph.plan_experience(2))
    legal = state.legal_actions()
    assert with_cloud in legal and with_hourglass in legal
    assert state.action_to_string(with_hourglass) == "Plan Experience: Easter Island with an Hourglass"
    state.apply(f"Plan Experience: Easter Island with {'the Cloud' if token == 'Cloud' else 'an Hourglass'}")
    p = seat(ph, state)
    assert p["resources"] == [8, 2, 0] and p["stress"] == 5
    if token == "Cloud":
        assert (p["hourglasses"], p["cloud"], p["spaces_used"]) == (6, 10, 0)
    else:
        assert (p["hourglasses"], p["cloud"], p["spaces_used"]) == (5, -1, 1 << 10)
    state.apply(ph.STUDY)                                      # seat 1's turn
    # The Experiences board again, with the other token: after the Cloud, an Hourglass costs
    # no Stress (and the action names no token: the Cloud is gone); after an Hourglass, the
    # Cloud costs 1 Stress.
    planning = [a for a in state.legal_actions() if ph.PLAN_EXPERIENCE <= a < ph.DREAM or
                ph.WITH_HOURGLASS <= a < ph.WITH_HOURGLASS + 5]
    if token == "Cloud":
        assert planning == [ph.plan_experience(k) for k in range(len(planning))]
        assert not state.action_to_string(planning[0]).endswith(("the Cloud", "an Hourglass"))
    else:
        assert planning == [ph.plan_experience(k) for k in range(len(planning) // 2)] + \
               [ph.with_hourglass(ph.plan_experience(k)) for k in range(len(planning) // 2)]
        assert state.action_to_string(planning[0]).endswith(" with the Cloud")
    state.apply(planning[0])
    p = seat(ph, state)
    assert (p["hourglasses"], p["cloud"], p["stress"]) == (5, 10, 5 if token == "Cloud" else 6)
    state.apply(ph.STUDY)                                      # seat 1 again; then seat 0, the Cloud placed
    assert state.current_player == 0
    assert not any(a >= ph.WITH_HOURGLASS for a in state.legal_actions())
    assert not any(state.action_to_string(a).endswith(("the Cloud", "an Hourglass")) for a in state.legal_actions())


def test_with_no_hourglass_left_only_the_cloud_goes(ph):
    game = experiences_game()
    state = position(ph, game, round=2, unavailable=0, players={0: {"hourglasses": 0}})
    legal = state.legal_actions()
    assert any(ph.DREAM <= a < ph.FROM_DREAM for a in legal)
    assert not any(a >= ph.WITH_HOURGLASS for a in legal)
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(ph.with_hourglass(ph.dream(ph.PROJECTS, 0, 0)))


@pytest.mark.parametrize("extend", [False, True])
def test_experiencing_a_trip_with_or_without_its_extension(ph, extend):
    game = experiences_game()
    easter = next(c for c in game.cards() if c["name"] == "Easter Island")
    state = position(ph, game, round=3, unavailable=0, planned=["Easter Island"],
                     players={0: {"money": 30, "resources": [9, 9, 9]}})
    action = ph.extend_experience(0) if extend else ph.card_action(0)
    assert action in state.legal_actions()
    before = seat(ph, state)
    state.apply(action)
    p = seat(ph, state)
    cost = dict(easter["experience"]["cost"])
    reward = dict(easter["experience"]["reward"])
    if extend:
        for key, value in easter["extend"]["cost"].items():
            cost[key] = cost.get(key, 0) + value
        for key, value in easter["extend"]["reward"].items():
            reward[key] = reward.get(key, 0) + value
    assert before["money"] - p["money"] == cost.get("money", 0)
    assert before["hourglasses"] - p["hourglasses"] == cost.get("hourglasses", 1)
    assert p["lth"] - before["lth"] == reward.get("lth", 0)
    assert p["cards"] == [] and p["experiences"] == 1      # set aside, counted


def test_an_experience_takes_no_slot_and_cannot_be_discarded(ph):
    game = experiences_game()
    projects = [ph.project_card(n) for n in ("Write Fiction", "Painting", "Pottery")]
    state = position(ph, game, round=3, unavailable=0, planned=["Easter Island"],
                     rows={ph.PROJECTS: [ph.project("Running")]},
                     players={0: {"cards": projects, "money": 30, "resources": [9, 9, 9]}})
    legal = state.legal_actions()
    assert ph.discard(3) not in legal and ph.card_action(3) in legal   # the Experience: slot 3
    state.apply(ph.start_project(0))     # a 4th Active card: 1 Stress; the Experience does not count
    assert seat(ph, state)["stress"] == 6


def test_a_dream_slots_resource_stops_at_the_most_a_count_holds(ph):
    # As every gain does (a Study at 255 stays 255): it does not wrap round to 0.
    game = experiences_game()
    state = position(ph, game, round=2, unavailable=0, players={0: {"resources": [255, 0, 0]}})
    state.apply(ph.dream(ph.PROJECTS, 0, 0))
    assert seat(ph, state)["resources"] == [255, 0, 0]


def test_nicole_dreams_the_motorcycle_and_takes_it_two_upkeeps_later(ph):
    game = experiences_game()
    motorcycle = item_id(game, "Motorcycle")
    state = position(ph, game, round=2, unavailable=0, rows={ph.ITEMS: [motorcycle]},
                     players={0: {"money": 10, "hourglasses": 2}, 1: {"hourglasses": 0}})
    # "Nicole chooses to perform the Dream Board Action using her Cloud token."
    assert state.action_to_string(ph.dream(ph.ITEMS, 0, 0)) == "Dream: Motorcycle (Dream slot 1, 1 Knowledge) with the Cloud"
    state.apply(ph.dream(ph.ITEMS, 0, 0))
    p = seat(ph, state)
    assert p["resources"] == [1, 0, 0] and p["hourglasses"] == 2 and p["cloud"] == 11
    assert p["dream"][0] == {"source": ph.ITEMS, "entry": motorcycle, "desire": 0}
    rest = lambda s: ph.REST if ph.REST in s.legal_actions() else ph.calm_policy(s)   # noqa: E731
    for desire in (1, 2):   # each Upkeep adds a Desire token
        start = ph.srec(state)["round"]
        ph.play_until(state, lambda s: ph.srec(s)["round"] > start and ph.srec(s)["step"] == ph.ACTION, rest)
        assert seat(ph, state)["dream"][0]["desire"] == desire
    while ph.srec(state)["current"] != 0:
        state.apply(ph.REST)
    before = seat(ph, state)
    assert state.action_to_string(ph.from_dream(0)) == "Spend from the Dream board: Motorcycle"
    state.apply(ph.from_dream(0))
    p = seat(ph, state)
    assert p["lth"] - before["lth"] == 2                    # 1 LTH per Desire token
    assert before["money"] - p["money"] == 2 and p["sth"] - before["sth"] == 1   # the Scooter
    assert p["dream"][0]["source"] == -1
    assert (ph.KIND_ITEM, motorcycle) in [(c["kind"], c["id"]) for c in p["cards"]]


def test_desire_stops_at_three_and_each_token_left_costs_1_lth_at_the_end(ph):
    game = experiences_game()
    state = position(ph, game, round=8, unavailable=1 << 4,
                     dream={0: [(EXPERIENCE, "Easter Island", 3)]},
                     players={0: {"hourglasses": 1, "cloud": CLOUD_GIVEN_UP},
                              1: {"hourglasses": 0, "cloud": CLOUD_GIVEN_UP}})
    state.apply(ph.REST)
    assert state.is_terminal() and state.scores() == [-3, 0]
    # A fourth Upkeep adds nothing.
    state = position(ph, game, round=4, unavailable=0, dream={0: [(EXPERIENCE, "Easter Island", 3)]},
                     players={0: {"hourglasses": 1, "cloud": CLOUD_GIVEN_UP},
                              1: {"hourglasses": 0, "cloud": CLOUD_GIVEN_UP}})
    state.apply(ph.REST)
    assert seat(ph, state)["dream"][0]["desire"] == 3


def test_the_cloud_then_hourglasses_and_the_stress_rule(ph):
    game = experiences_game()
    state = position(ph, game, round=2, unavailable=0,
                     players={0: {"hourglasses": 3}, 1: {"hourglasses": 0, "cloud": CLOUD_GIVEN_UP}})
    state.apply(ph.dream(ph.PROJECTS, 0, 0))     # the Cloud
    state.apply(ph.dream(ph.PROJECTS, 0, 1))     # an Hourglass where only the Cloud is: no Stress
    p = seat(ph, state)
    assert (p["hourglasses"], p["stress"], p["cloud"]) == (2, 5, 11)
    state.apply(ph.dream(ph.PROJECTS, 0, 2))     # a second own Hourglass: 1 Stress
    assert (seat(ph, state)["hourglasses"], seat(ph, state)["stress"]) == (1, 6)


def test_with_only_the_cloud_left_only_the_experiences_board(ph):
    game = experiences_game()
    state = position(ph, game, round=2, unavailable=0,
                     players={0: {"hourglasses": 1}, 1: {"hourglasses": 0, "cloud": CLOUD_GIVEN_UP}})
    state.apply(ph.STUDY)                        # the last Hourglass; the Cloud is unused
    assert ph.srec(state)["current"] == 0 and ph.srec(state)["round"] == 2
    legal = state.legal_actions()
    main = [a for a in legal if a >= ph.SIMPLE and a != ph.EVENT_TASK]
    assert main and all(ph.PLAN_EXPERIENCE <= a < ph.FROM_DREAM for a in main)
    state.apply(main[0])                         # the Cloud goes: the round ends
    assert ph.srec(state)["round"] == 3


def test_the_board_ages_from_the_second_adult_round(ph):
    game = experiences_game()
    board = names(game, "experience")[:5]
    ids = [experience_id(game, n) for n in board]
    for round_, aged in ((1, False), (2, True)):
        state = position(ph, game, round=round_, unavailable=0 if round_ > 1 else 0b1100010000,
                         board=board,
                         players={0: {"hourglasses": 1, "cloud": CLOUD_GIVEN_UP},
                                  1: {"hourglasses": 0, "cloud": CLOUD_GIVEN_UP}})
        deck_top = ph.srec(state)["experience_deck"][-1]
        state.apply(ph.REST)
        st = ph.srec(state)
        if aged:   # round 3: the 5th card is discarded, the rest slide, one new card
            assert st["experience_row"] == [deck_top] + ids[:4]
            assert st["experience_discards"] == [ids[4]]
        else:      # round 2 (the 1st Adult round): unchanged, and Plan Experience opens
            assert st["experience_row"] == ids
            assert st["unavailable"] & (1 << 10) == 0


def test_a_dreamt_standalone_job_or_group_project_leaves_with_its_variant(ph):
    game = lifespan.load_game(GAME, players=2, expansions=["experiences", "standalone_jobs"])
    jobs = names(game, "job", "standalone_job")
    comedian = 2 * jobs.index("Stand Up Comedian")
    state = position(ph, game, round=2, unavailable=0, dream={0: [(ph.JOBS, comedian, 1)]},
                     players={0: {"resources": [0, 9, 9]}})
    legal = state.legal_actions()
    assert {ph.from_dream(0, v) for v in range(3)} <= set(legal) and ph.from_dream(0, 3) not in legal
    state.apply(ph.from_dream(0, 2))
    p = seat(ph, state)
    assert p["money"] == 8 + 2 * 2 and p["lth"] == 1 and p["resources"] == [0, 3, 5]


def test_a_dreamt_item_leaves_at_the_level_it_is_bought_at(ph):
    # "As if it was on the Game board": Spend from the Dream board may buy the Item at L2 too.
    # Motorcycle, Touring Bike (L2): 5 coins and 1 Hourglass besides the one placed; +2 STH,
    # +1 LTH, and 1 LTH for the Desire token.
    game = experiences_game()
    motorcycle = item_id(game, "Motorcycle")
    state = position(ph, game, round=2, unavailable=0, dream={0: [(ph.ITEMS, motorcycle, 1)]},
                     players={0: {"money": 5}})
    legal = state.legal_actions()
    assert {ph.from_dream(0, 0), ph.from_dream(0, 1)} <= set(legal) and ph.from_dream(0, 2) not in legal
    assert state.action_to_string(ph.from_dream(0, 1)) == "Spend from the Dream board: Motorcycle at L2 (Touring Bike)"
    state.apply(ph.from_dream(0, 1))
    p = seat(ph, state)
    assert (p["money"], p["hourglasses"], p["sth"], p["lth"]) == (0, 4, 2, 2)
    assert [(c["kind"], c["id"], c["level"]) for c in p["cards"]] == [(ph.KIND_ITEM, motorcycle, 2)]


def test_a_dreamt_job_can_be_taken_as_a_promotion(ph):
    # "As if it was on the Game board": with promotion = "row", Get a Job from the Dream board
    # may promote. Junior Programmer (Science L1) to Research Chemist (Science L2) pays the
    # promotion cost K4 M1, not the L2 price and its requirement (K6); +4 coins, and the old Job
    # goes without a penalty.
    game = experiences_game()
    chemist = ph.job("Research Chemist")
    state = position(ph, game, round=2, unavailable=0, dream={0: [(ph.JOBS, chemist, 0)]},
                     players={0: {"resources": [4, 0, 0], "money": 1, "cards": [ph.job_card("Junior Programmer")]}})
    legal = state.legal_actions()
    assert ph.from_dream(0, 1) in legal and ph.from_dream(0, 0) not in legal  # K4 < K6 to hire
    assert state.action_to_string(ph.from_dream(0, 1)) == "Promotion from the Dream board: Research Chemist"
    before = seat(ph, state)
    state.apply(ph.from_dream(0, 1))
    p = seat(ph, state)
    assert (p["resources"], p["money"], p["stress"], p["sth"]) == ([0, 0, 0], 4, before["stress"], 0)
    assert [(c["kind"], c["level"]) for c in p["cards"]] == [(ph.KIND_JOB, 2)]
    assert [e >> 1 for e in ph.srec(state)["discards"][ph.JOBS]] == [ph.job("Junior Programmer") >> 1]


def test_a_dreamt_job_is_hired_only_with_promotion_flip(ph):
    game = lifespan.load_game(GAME, players=2, expansions=["experiences"], promotion="flip")
    state = position(ph, game, round=2, unavailable=0, dream={0: [(ph.JOBS, ph.job("Research Chemist"), 0)]},
                     players={0: {"resources": [9, 9, 9], "money": 9, "cards": [ph.job_card("Junior Programmer")]}})
    legal = state.legal_actions()
    assert ph.from_dream(0, 0) in legal and ph.from_dream(0, 1) not in legal
    # ... and apply refuses the promotion as well, leaving the state as it was.
    before = state.to_json()
    with pytest.raises(lifespan.IllegalActionError):
        state.apply(ph.from_dream(0, 1))
    assert state.to_json() == before


def test_a_service_is_spent_like_an_item(ph):
    game = experiences_game()
    service = next(c for c in game.cards() if c["kind"] == "service")
    state = position(ph, game, round=2, unavailable=0, rows={ph.ITEMS: [item_id(game, service["name"])]},
                     players={0: {"money": 20, "resources": [9, 9, 9]}})
    state.apply(ph.spend(0))
    assert [c["kind"] for c in seat(ph, state)["cards"]] == [ph.KIND_ITEM]


@pytest.mark.parametrize("lth, expected", [(19, -1.0), (20, 1.0)])
def test_solo_needs_ten_lth_more(ph, lth, expected):
    game = experiences_game(players=1, solo_lth_target=10)
    goals = ["Well Read", "Daydreamer", "People Person"]   # solo: at least 10 of each
    state = position(ph, game, round=8, unavailable=1 << 4, goals=goals,
                     players={0: {"hourglasses": 1, "cloud": CLOUD_GIVEN_UP, "lth": lth - 15,
                                  "resources": [10, 10, 10]}})
    state.apply(ph.REST)
    assert state.scores() == [lth] and state.returns() == [expected]


def test_the_experiences_in_the_printed_position_and_observation(ph):
    game = experiences_game()
    state = position(ph, game, round=2, unavailable=0, board=["Easter Island"] + names(game, "experience")[1:5],
                     dream={0: [(EXPERIENCE, names(game, "experience")[5], 2)]})
    text = str(state)
    assert "Experiences board: Easter Island (Trip)" in text and "Cloud unused" in text
    assert "(2 Desire)" in text
    base = lifespan.load_game(GAME, players=2)
    assert game.observation_shape[0] > base.observation_shape[0]
    d = json.loads(state.determinize(1, 3).to_json())["state"]
    st = ph.srec(state)
    assert sorted(d["experience_deck"]) == sorted(st["experience_deck"])
    assert d["experience_row"] == st["experience_row"]


def test_where_the_cloud_is_shows_in_both_views(ph):
    # A public fact: which space the Cloud took (Plan Experience 10, Dream 11) or that it went.
    game = experiences_game()
    board = names(game, "experience")[:5]
    placed = {cloud: position(ph, game, round=2, unavailable=0, board=board, players={1: {"cloud": cloud}})
              for cloud in (-1, 10, 11, CLOUD_GIVEN_UP)}
    for observer in (0, 1):
        tensors = [placed[cloud].observation(observer).tolist() for cloud in placed]
        assert all(a != b for i, a in enumerate(tensors) for b in tensors[i + 1:]), observer
    texts = {cloud: placed[cloud].observation_string(0) for cloud in placed}
    assert "Cloud unused" in texts[-1] and "Cloud on Plan Experience" in texts[10]
    assert "Cloud on Dream" in texts[11] and "Cloud given up" in texts[CLOUD_GIVEN_UP]


@pytest.mark.parametrize("change,message", [
    (lambda st: st["players"][0].update(cloud=13), "cloud"),
    (lambda st: st["players"][0]["dream"][0].update(source=4, entry=st["experience_row"][0]),
     "bad or repeated Experience"),
    (lambda st: st.update(experience_row=st["experience_row"] + [st["experience_deck"][0]]),
     "holds more than 5"),
])
def test_corrupt_experience_fields_in_a_saved_state(change, message):
    game = experiences_game()
    doc = json.loads(game.new_state(2).to_json())
    change(doc["state"])
    with pytest.raises(ValueError, match=message):
        game.state_from_json(json.dumps(doc))


def test_malformed_experience_cards(ph, tmp_path):
    text = """
[[experience]]
id = "night_safari"
name = "Night Safari"
provenance = "authored"
type = "trip"
planning = { name = "Read up", requirement = { knowledge = 2 }, reward = { creativity = 1 } }
experience = { name = "Go", cost = { hourglasses = 1, money = 5 }, reward = { sth = 2 } }
extend = { name = "Stay", cost = { money = 2 }, reward = { lth = 1 } }
"""
    for old, new, message in (('type = "trip"', 'type = "cruise"', "night_safari: type: unknown value 'cruise'"),
                              ("requirement = {", "cost = {", "night_safari: planning.cost: unknown field"),
                              ('extend = { name = "Stay", ', 'extend = { ', "night_safari: extend.name: missing")):
        with pytest.raises(lifespan.CardDataError, match=re.escape(message)):
            ph.load_card_text(tmp_path, text.replace(old, new, 1), "experiences")


@pytest.mark.parametrize("players", [1, 4])
def test_random_play_uses_the_experiences_board(ph, players):
    game = experiences_game(players)
    seen = set()
    ph.sampled_games(game, 6, on_decision=lambda s: seen.update(
        a // 100 for a in s.legal_actions() if a >= ph.PLAN_EXPERIENCE))
    assert seen


def test_the_command_line_form_joins_expansions_with_plus():
    game = lifespan.load_game(GAME, players=2, expansions="experiences+events")
    kinds = {c["kind"] for c in game.cards()}
    assert {"experience", "event"} <= kinds
    with pytest.raises(lifespan.RulesError, match="unknown expansion 'dragons'"):
        lifespan.load_game(GAME, expansions="experiences+dragons")


@pytest.mark.parametrize("hourglasses, legal", [(1, False), (2, True)])
def test_an_extension_costing_an_hourglass_needs_it_on_top_of_the_one_placed(ph, hourglasses, legal):
    game = experiences_game()
    state = position(ph, game, round=3, unavailable=0, planned=["Route 66"],
                     players={0: {"money": 30, "hourglasses": hourglasses, "cloud": CLOUD_GIVEN_UP}})
    assert ph.card_action(0) in state.legal_actions()
    assert (ph.extend_experience(0) in state.legal_actions()) == legal
    if legal:
        state.apply(ph.extend_experience(0))
        assert seat(ph, state)["hourglasses"] == 0


def test_a_full_play_area_takes_no_more_cards(ph):
    game = experiences_game()
    planned = names(game, "experience")[10:34]         # 24 planned Experiences: the engine's limit
    state = position(ph, game, round=3, unavailable=0, planned=planned,
                     players={0: {"resources": [9, 9, 9], "money": 30}})
    legal = state.legal_actions()
    assert not any(ph.PLAN_EXPERIENCE <= a < ph.DREAM for a in legal)
    assert not any(ph.SPEND <= a < ph.GET_JOB for a in legal)


@pytest.mark.parametrize("change,message", [
    (lambda st: st["players"][0]["cards"].append(
        {"kind": 4, "id": st["experience_deck"].pop(), "face": 0, "level": 1, "time": 0, "flags": 16,
         "roles": [-1] * 4}), "flags: not flags a card of this kind carries"),
    (lambda st: st.update(step=1), "upkeep: the seat to move has no card whose upkeep is due"),
    (lambda st: st.update(step=3, resume=1, payment={"action": 557, "units": 1, "discount": 0,
                                                     "next_kind": 0, "owed": [1, 0, 0]}),
     "upkeep: the seat to move has no card whose upkeep is due"),
    (lambda st: st.update(step=3, resume=2, payment={"action": CARD_ACTION + 5, "units": 1, "discount": 0,
                                                     "next_kind": 0, "owed": [1, 0, 0]}),
     "payment.action: not an action this position can complete"),
    # Study costs only its Hourglass: with none left, no payment can be completing it.
    (lambda st: (st.update(step=3, resume=2, payment={"action": 78, "units": 1, "discount": 0,
                                                       "next_kind": 0, "owed": [1, 0, 0]}),
                 st["players"][0].update(hourglasses=0, cloud=12)),
     "payment.action: not an action this position can complete"),
])
def test_a_saved_state_waiting_for_a_decision_that_cannot_exist_is_refused(change, message):
    game = experiences_game()
    doc = json.loads(game.new_state(2).to_json())
    st = doc["state"]
    for p in st["players"]:
        p["trait"], p["trait_offer"] = p["trait_offer"][0], []
    st["step"] = 2
    change(st)
    with pytest.raises(ValueError, match=message):
        game.state_from_json(json.dumps(doc))


@pytest.mark.parametrize("dream_slots", [1, 2, 3])
def test_dream_slots_parameter_limits_the_dream_slots_offered(ph, dream_slots):
    # Fewer Dream slots offer fewer slots to dream into; each slot from the left gives 1
    # Knowledge, Creativity or Influence.
    game = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["experiences"],
                              dream_slots=dream_slots)
    state = ph.build(game, round=2, unavailable=0, goals=NO_GOALS)
    legal = state.legal_actions()
    offered = [k for k in range(3) if ph.dream(ph.PROJECTS, 0, k) in legal]
    assert offered == list(range(dream_slots))
    state.apply(ph.dream(ph.PROJECTS, 0, dream_slots - 1))
    expected = [0, 0, 0]
    expected[dream_slots - 1] = 1
    assert ph.player(state, 0)["resources"] == expected
