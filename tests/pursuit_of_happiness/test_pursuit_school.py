"""The School module (the rules summary, Setup 11.1; source S20; this project's reconstruction,
docs/pursuit_of_happiness.md §9): in the Teen round the School board covers Get a Job, Start a
Relationship and Work Overtime with three courses; courses earn degrees; a degree takes
resources off getting a Job of its category."""

import json

import pytest

import lifespan

GAME = "pursuit_of_happiness"
SCIENCE, SOCIAL, ARTS = range(3)
TEEN_UNAVAILABLE = 0b1100010000   # Work Overtime, Get a Job, Start a Relationship


def school_game(players=2, **rules):
    return lifespan.load_game(GAME, players=players, expansions=["school"], **rules)


def course(ph, category):
    return ph.SCHOOL_COURSE + category


def seat0(ph, state):
    return ph.srec(state)["players"][0]


def test_the_school_board_offers_three_courses_in_the_teen_round_only(ph):
    game = school_game()
    state = ph.build(game, players={1: {"hourglasses": 0}})
    legal = state.legal_actions()
    assert [course(ph, c) for c in range(3)] == [a for a in legal if course(ph, 0) <= a < ph.MAKE_FRIEND]
    assert ph.get_job(0) not in legal and ph.OVERTIME not in legal        # still covered
    assert state.action_to_string(course(ph, SCIENCE)) == "School: Science (1 Knowledge)"
    adult = ph.build(game, round=2, unavailable=0)
    assert not any(a >= course(ph, 0) for a in adult.legal_actions())
    plain = ph.build(ph.game(players=2))
    assert not any(a >= course(ph, 0) for a in plain.legal_actions())


def test_a_course_resource_stops_at_the_most_a_count_holds(ph):
    state = ph.build(school_game(), players={0: {"resources": [0, 255, 0]}, 1: {"hourglasses": 0}})
    state.apply(course(ph, ARTS))        # Arts: Creativity
    assert seat0(ph, state)["resources"] == [0, 255, 0]


def test_courses_earn_a_degree_on_the_covered_spaces(ph):
    game = school_game()
    state = ph.build(game, players={0: {"hourglasses": 3}, 1: {"hourglasses": 0}})
    state.apply(course(ph, ARTS))
    p = seat0(ph, state)
    assert (p["resources"], p["school_credits"], p["degrees"], p["stress"]) == ([0, 1, 0], [0, 0, 1], 0, 5)
    assert p["spaces_used"] == 1 << ph.OVERTIME_SPACE                   # Arts sits on Work Overtime
    state.apply(course(ph, ARTS))                                       # a second own Hourglass there
    p = seat0(ph, state)
    assert (p["resources"], p["school_credits"], p["degrees"], p["stress"]) == ([0, 2, 0], [0, 0, 2], 1 << ARTS, 6)
    state.apply(course(ph, SCIENCE))
    assert seat0(ph, state)["degrees"] == 1 << ARTS and seat0(ph, state)["resources"] == [1, 2, 0]


def _science_job():
    """A level-1 science Job face whose cost has resources, and its row entry."""
    cards = lifespan.pursuit_of_happiness.load_cards()
    for card in (c for c in cards if c["kind"] == "job"):
        for face in card["faces"]:
            cost = face["cost"]
            if face["category"] == "science" and face["level"] == 1 and sum(cost.get(k, 0) for k in ("knowledge", "creativity", "influence", "any_resource")) >= 2:
                return face
    raise AssertionError("no science Job with a resource cost")


@pytest.mark.parametrize("degrees, off", [(1 << SCIENCE, 1), (1 << ARTS, 0)])
def test_a_degree_takes_a_resource_off_a_job_of_its_category(ph, degrees, off):
    game = school_game()
    face = _science_job()
    entry = ph.job(face["name"])
    credits = [2 if degrees >> c & 1 else 0 for c in range(3)]
    resources = [9, 9, 9]
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [entry]},
                     players={0: {"resources": resources, "money": 20, "school_credits": credits, "degrees": degrees},
                              1: {"hourglasses": 0}})
    state.apply(ph.get_job(0))
    while ph.srec(state)["step"] == ph.PAY:
        state.apply(state.legal_actions()[0])
    paid = sum(resources) - sum(seat0(ph, state)["resources"])
    reward = face["reward"]
    gained = sum(reward.get(k, 0) for k in ("knowledge", "creativity", "influence"))
    printed = sum(face["cost"].get(k, 0) for k in ("knowledge", "creativity", "influence", "any_resource"))
    assert paid - gained == printed - off


def test_the_school_numbers_are_rule_parameters(ph):
    game = school_game(school_resources=2, degree_credits=1)
    state = ph.build(game, players={1: {"hourglasses": 0}})
    state.apply(course(ph, SOCIAL))
    p = seat0(ph, state)
    assert (p["resources"], p["degrees"]) == ([0, 0, 2], 1 << SOCIAL)
    with pytest.raises(lifespan.RulesError, match="degree_credits"):
        school_game(degree_credits=4)
    assert lifespan.load_game(GAME, school=True).parameters["school"] is True
    assert school_game(school=True).parameters["school"] is True


@pytest.mark.parametrize("how", [{"school": False}, {"rules": {"school": False}}])
def test_a_module_listed_and_given_at_its_default_is_played(how):
    # OpenSpiel passes every parameter, each at its default unless chosen: school=False then
    # chose nothing, and expansions= turns the module on.
    assert school_game(**how).parameters["school"] is True
    assert lifespan.load_game(f"{GAME}(school=false)", expansions=["school"]).parameters["school"] is True
    assert lifespan.load_game(GAME, school=False).parameters["school"] is False
    with pytest.raises(lifespan.RulesError, match="school: "):
        school_game(school=0)     # not the default, only equal to it


def test_school_fields_are_checked_on_load(ph):
    game = school_game()
    good = json.loads(ph.build(game, players={0: {"school_credits": [2, 1, 0], "degrees": 1}}).to_json())
    for change in ({"degrees": 3}, {"degrees": 0}):
        bad = json.loads(json.dumps(good))
        bad["state"]["players"][0].update(change)
        with pytest.raises(ValueError, match="degrees"):
            game.state_from_json(json.dumps(bad))
    plain = ph.game(players=2)
    doc = json.loads(ph.build(plain).to_json())
    doc["state"]["players"][0]["school_credits"] = [1, 0, 0]
    with pytest.raises(ValueError, match="School module only"):
        plain.state_from_json(json.dumps(doc))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_with_school(ph, players):
    game = school_game(players=players)
    credits = ph.sampled_records(game, 4, players, lambda st: sum(sum(p["school_credits"]) for p in st["players"]))
    assert any(credits)


def _science_job_face():
    cards = lifespan.pursuit_of_happiness.load_cards()
    for card in (c for c in cards if c["kind"] == "job"):
        for face in card["faces"]:
            cost = face["cost"]
            if face["category"] == "science" and face["level"] == 1 and \
                    sum(cost.get(k, 0) for k in ("knowledge", "creativity", "influence", "any_resource")) >= 2:
                return face
    raise AssertionError("no science Job with a resource cost")


@pytest.mark.parametrize("discount", [0, 1, 3])
def test_degree_discount_parameter(ph, discount):
    # A degree takes `degree_discount` resources off getting a Job of its category.
    game = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["school"],
                              degree_discount=discount)
    face = _science_job_face()
    resources = [9, 9, 9]
    state = ph.build(game, round=2, unavailable=0, rows={ph.JOBS: [ph.job(face["name"])]},
                     players={0: {"resources": resources, "money": 20, "school_credits": [2, 0, 0],
                                  "degrees": 1}, 1: {"hourglasses": 0}})
    state.apply(ph.get_job(0))
    while ph.srec(state)["step"] == ph.PAY:
        state.apply(state.legal_actions()[0])
    paid = sum(resources) - sum(ph.player(state, 0)["resources"])
    gained = sum(face["reward"].get(k, 0) for k in ("knowledge", "creativity", "influence"))
    printed = sum(face["cost"].get(k, 0) for k in ("knowledge", "creativity", "influence", "any_resource"))
    assert paid - gained == max(printed - discount, 0)
