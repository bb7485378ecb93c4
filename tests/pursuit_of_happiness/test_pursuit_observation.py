"""What a seat's observation shows of a position (docs/pursuit_of_happiness_engine.md §6):
every public fact at its documented place, and nothing another seat keeps hidden."""

import random

import numpy as np
import pytest

STEPS, MAX_SEATS, SPACES, PAYMENT, TRACKS = 8, 5, 12, 8, 18   # 8 steps with Kids and trigger choices
HEADER = 1 + STEPS + 2 * MAX_SEATS + SPACES + PAYMENT
TO_MOVE, FIRST_PLAYER = 1 + STEPS, 1 + STEPS + MAX_SEATS
UNAVAILABLE = 1 + STEPS + 2 * MAX_SEATS
PAYING = UNAVAILABLE + SPACES


class Layout:
    """The base game's blocks, worked out from the documented layout and the card counts."""

    def __init__(self, ph, players):
        projects, items, jobs, partners = ph.DECK_SIZES
        self.traits = len(ph.TRAIT_CARDS)
        self.seat_size = TRACKS + SPACES + 2 * self.traits
        self.goal_size = 2 + players
        self.faces = projects + items + 2 * jobs + 2 * partners
        self.first_face = (0, projects, projects + items, projects + items + 2 * jobs)
        self.goals = HEADER + players * self.seat_size
        self.rows = self.goals + len(ph.GOAL_CARDS) * self.goal_size
        self.discards = self.rows + self.faces
        self.play_areas = self.discards + self.faces
        self.area_size = 2 * self.faces + projects
        self.size = self.play_areas + players * self.area_size

    def seat(self, offset):
        return HEADER + offset * self.seat_size

    def area(self, offset):
        return self.play_areas + offset * self.area_size


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_size_is_the_documented_one(ph, players):
    assert ph.game(players=players).observation_shape == (Layout(ph, players).size,)


def test_a_position_read_from_the_seat_after_the_first(ph):
    game = ph.game(players=3)
    gala, fiction = ph.project("Charity Gala"), ph.project("Write Fiction")
    job = ph.job_card("Adequate Worker", flags=ph.ARCHIVED | ph.RETIRED)
    state = ph.build(
        game, current=2, first_player=0, unavailable=1 << ph.OVERTIME_SPACE,
        discards={ph.PROJECTS: [fiction]},
        goals=["Well Read", "Daydreamer", "People Person"], goals_claimed_by=[0, 1, 255],
        players={0: {"trait": "Nerd", "spaces_used": 1 << ph.STUDY_SPACE | 1 << ph.REST_SPACE, "cards": [job]},
                 2: {"cards": [ph.project_card("Charity Gala", roles=(2, 0, -1, -1))], "hourglasses_next": 3}})
    obs, at = state.observation(1), Layout(ph, 3)
    seat0, seat2 = 2, 1  # clockwise from seat 1: seat 2, then seat 0
    assert obs[TO_MOVE:TO_MOVE + MAX_SEATS].tolist() == [0, 1, 0, 0, 0]
    assert obs[FIRST_PLAYER:FIRST_PLAYER + MAX_SEATS].tolist() == [0, 0, 1, 0, 0]
    assert np.flatnonzero(obs[UNAVAILABLE:UNAVAILABLE + SPACES]).tolist() == [ph.OVERTIME_SPACE]
    assert obs[PAYING:PAYING + PAYMENT].tolist() == [0] * PAYMENT  # nothing being paid

    spaces = obs[at.seat(seat0) + TRACKS:at.seat(seat0) + TRACKS + SPACES]
    assert np.flatnonzero(spaces).tolist() == [ph.STUDY_SPACE, ph.REST_SPACE]
    traits = obs[at.seat(seat0) + TRACKS + SPACES:at.seat(seat0) + at.seat_size]
    assert np.flatnonzero(traits).tolist() == [ph.trait("Nerd")]  # kept; no offer shown
    assert obs[at.seat(seat2) + TRACKS - 2] == pytest.approx(3 / 9)  # Overtime Hourglasses to come

    def goal(name):
        return obs[at.goals + ph.goal(name) * at.goal_size:][:at.goal_size].tolist()

    assert goal("Well Read") == [1, 0, 0, 0, 0]
    assert goal("Daydreamer") == [1, 0, 0, 0, 1]   # claimed by seat 0, two places on
    assert goal("People Person") == [1, 1, 0, 0, 0]  # tied
    assert goal("You Can Take It With You") == [0] * 5  # not on the table
    assert obs[at.discards + fiction] == 1

    job_face = at.first_face[ph.JOBS] + ph.job("Adequate Worker")
    assert obs[at.area(seat0) + job_face] == pytest.approx(ph.job_face(ph.job("Adequate Worker"))["level"] / 4)
    assert obs[at.area(seat0) + at.faces + job_face] == 0  # retired: no Active slot
    assert obs[at.area(seat2) + gala] == pytest.approx(1 / 4)
    assert obs[at.area(seat2) + at.faces + gala] == 1
    # Each role holder, wherever the Project lies: seat 2 and seat 0 hold one role each.
    roles = [obs[at.area(k) + 2 * at.faces + gala] for k in range(3)]
    assert roles == [0, pytest.approx(1 / 4), pytest.approx(1 / 4)]

    text = state.observation_string(1)
    assert "Unavailable: Work Overtime" in text
    assert "Project row:" in text and ", discard 1)" in text
    assert "trait Nerd, Hourglasses on Study, Rest" in text
    assert "Charity Gala L1 [active] roles 2/0/-/-" in text


def test_the_payment_in_progress_is_shown_to_every_seat(ph):
    game = ph.game(players=2)
    rng, state = random.Random(3), game.new_state(seed=3)
    while ph.srec(state)["step"] != ph.PAY:
        state.apply(rng.choice(state.legal_actions()))
    payment = ph.srec(state)["payment"]
    expected = [payment["units"] / 10, payment["discount"] / 10] + [v / 10 for v in payment["owed"] + payment["paid"]]
    for seat in (0, 1):
        assert state.observation(seat)[PAYING:PAYING + PAYMENT].tolist() == pytest.approx(expected)
        assert f"Paying for {state.action_to_string(payment['action'])}: {payment['units']} resources" \
            in state.observation_string(seat)


def test_only_the_seat_choosing_sees_its_trait_offer(ph):
    game = ph.game(players=3)
    state, at = game.new_state(seed=4), Layout(ph, 3)
    offers = [p["trait_offer"] for p in ph.srec(state)["players"]]
    for seat in range(3):
        obs = state.observation(seat)
        for offset in range(3):
            offered = obs[at.seat(offset) + TRACKS + SPACES + at.traits:at.seat(offset) + at.seat_size]
            assert np.flatnonzero(offered).tolist() == (sorted(offers[seat]) if offset == 0 else [])


def _raise(field, by=1):
    def change(seat):
        seat[field] += by
    return change


def _first_dream_desire(seat):
    dreamt = [d for d in seat["dream"] if d["source"] >= 0 and d["desire"] < 3]
    dreamt[0]["desire"] += 1


def _school_course(seat):
    seat["school_credits"][0] += 1


# A public fact of one seat per expansion: each must show in every seat's tensor.
SEAT_FACTS = [("events", "event_flags", lambda seat: seat.update(event_flags=seat["event_flags"] ^ 1)),
              ("experiences", "experiences", _raise("experiences")),
              ("experiences", "dream", _first_dream_desire),
              ("school", "school_credits", _school_course),
              ("community", "popularity", _raise("popularity"))]


@pytest.mark.parametrize("expansion, field, change", SEAT_FACTS, ids=[f[1] for f in SEAT_FACTS])
def test_each_seats_expansion_facts_reach_every_observer(ph, expansion, field, change):
    import json

    game = ph.game(players=3, expansions=(expansion,))
    rng, state, checked = random.Random(7), game.new_state(seed=7), 0
    while not state.is_terminal() and checked < 3:
        state.apply(rng.choice(state.legal_actions()))
        doc = json.loads(state.to_json())
        for seat in range(3):
            try:
                change(doc["state"]["players"][seat])
                changed = game.state_from_json(json.dumps(doc))
            except (ValueError, IndexError):
                doc = json.loads(state.to_json())
                continue
            for observer in range(3):
                assert state.observation(observer).tolist() != changed.observation(observer).tolist(), (field, seat, observer)
            checked += 1
            break
    assert checked == 3
