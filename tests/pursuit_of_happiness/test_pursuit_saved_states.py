"""Saved Pursuit of Happiness states: round trips, and corrupt documents refused with the reason."""

import json
import pickle

import pytest

import lifespan


@pytest.fixture(scope="module")
def midgame():
    game = lifespan.load_game("pursuit_of_happiness", players=3, seed=4)
    state = game.new_state()
    for _ in range(40):
        state.apply(state.legal_actions()[-1])
    return state


def edited(state, change):
    document = json.loads(state.to_json())
    change(document["state"])
    return json.dumps(document)


def test_round_trips(midgame):
    game = midgame.game
    assert game.state_from_json(midgame.to_json()) == midgame
    assert pickle.loads(pickle.dumps(midgame)) == midgame


def first_deck_card(s):
    return s["decks"][0][-1]


@pytest.mark.parametrize("change, message", [
    (lambda s: s["rows"][0].append(s["decks"][0][0]), "is in two places"),
    (lambda s: s["players"][0].update(sth=5), "players[0].sth outside the STH track"),
    (lambda s: s["players"][0].update(hourglasses=9, hourglasses_spent=3), "at most 9 with those spent"),
    (lambda s: s["players"][1].update(alive=False), "none once the life has ended"),
    (lambda s: s.update(round=9), "round must be from 1 to 8"),
    (lambda s: s.update(current=7), "current must be a seat"),
    (lambda s: s["payment"].update(units=2), "a payment exists exactly in the pay step"),
    (lambda s: s["goals"].pop(), "one Life Goal per player"),
    (lambda s: s["players"][0].update(colour="red"), "state.players[0].colour: unknown field"),
    (lambda s: s["players"][0].update(money="lots"), "state.players[0].money: must be an integer"),
    (lambda s: s["players"][0].update(money=300), "state.players[0].money: out of range"),
    (lambda s: s["decks"][0].append(250), "no such card 250"),
    (lambda s: s["players"][0].update(completed_projects=61), "count at most the cards of their kind"),
    (lambda s: s["players"][s["current"]].update(hourglasses=0), "the seat to move has something to place"),
])
def test_corrupt_documents_are_refused_with_the_reason(midgame, change, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        midgame.game.state_from_json(edited(midgame, change))


def test_other_rules_refuse_the_state(midgame):
    other = lifespan.load_game("pursuit_of_happiness", players=3, seed=4, temp_job_money=5)
    with pytest.raises(ValueError, match="temp_job_money=3"):
        other.state_from_json(midgame.to_json())


def test_a_parameter_added_after_the_save_loads_as_its_default(midgame):
    # A document saved before `promo_cards` existed has no such entry: it was played with the
    # promo cards in, which is the default, and loads into the default game only.
    document = json.loads(midgame.to_json())
    del document["parameters"]["promo_cards"]
    assert midgame.game.state_from_json(json.dumps(document)) == midgame
    without = lifespan.load_game("pursuit_of_happiness", players=3, seed=4, promo_cards=False)
    with pytest.raises(ValueError, match=r"promo_cards=True \(this game: False\)"):
        without.state_from_json(json.dumps(document))
    document["parameters"] = [3, 4]
    with pytest.raises(ValueError, match="state JSON: parameters must be an object"):
        midgame.game.state_from_json(json.dumps(document))


def test_fewer_stress_sections_shorten_the_track_and_change_hourglasses():
    # 3 sections of 5 spaces: the track ends after 15 spaces; the start is section 2's first
    # space (5) and gives 7 - 1 = 6 Hourglasses; the calmest section gives 7.
    game = lifespan.load_game("pursuit_of_happiness", players=2, stress_sections=3)
    state = game.new_state()
    assert "Stress 5/15" in str(state)
    record = json.loads(state.to_json())["state"]
    assert [p["hourglasses"] for p in record["players"]] == [6, 6]
    with pytest.raises(lifespan.RulesError, match="stress_start_section: must be from 1 to 3"):
        lifespan.load_game("pursuit_of_happiness", stress_sections=3, stress_start_section=4)


@pytest.mark.parametrize("field, value, message", [
    ("current", 0, "still holds its 2 offered traits"),   # seat 0 has chosen already
    # Found by a fuzzer: with first_player 1 the game got stuck two moves later.
    ("first_player", 1, "first_player: in the trait step"),
])
def test_the_trait_step_agrees_with_who_has_chosen(field, value, message):
    # Seat 0 (the first player) has kept a trait; seat 1 is to choose.
    game = lifespan.load_game("pursuit_of_happiness", players=3)
    state = game.new_state(0)
    state.apply(0)
    doc = json.loads(state.to_json())
    doc["state"][field] = value
    with pytest.raises(ValueError, match=message):
        game.state_from_json(json.dumps(doc))


def test_a_payment_that_cannot_be_completed_is_refused():
    # More units owed than the seat holds leaves no legal action: refused on load, so nothing
    # (a search, say) is ever handed a position it cannot move in.
    game = lifespan.load_game("pursuit_of_happiness", players=2)
    state = game.new_state(0)
    moves = iter(range(10_000))
    while json.loads(state.to_json())["state"]["step"] != 3:  # on to a pay step
        legal = state.legal_actions()
        state.apply(legal[next(moves) * 7919 % len(legal)])
    doc = json.loads(state.to_json())
    doc["state"]["payment"]["owed"][2] = 200
    with pytest.raises(ValueError, match="no legal action in a position that is not over"):
        game.state_from_json(json.dumps(doc))
    assert lifespan.mcts(state, iterations=5).action in state.legal_actions()


def test_a_games_repr_can_be_pasted_back_with_its_expansions():
    from lifespan.pursuit_of_happiness import EXPANSIONS, MODULES
    every = [e for e in EXPANSIONS + MODULES if e != "base"]
    game = lifespan.load_game("pursuit_of_happiness", players=3, seed=7, expansions=every)
    again = eval(repr(game), {"lifespan": lifespan})
    assert again.cards() == game.cards() and again.parameters == game.parameters
    state = game.new_state()
    assert again.state_from_json(state.to_json()) == state


@pytest.mark.parametrize("action, field", [(81, "money"), (78, "resources")])  # Temp Job, Study
def test_a_count_at_its_byte_limit_stays_there(midgame, action, field):
    # Counts are bytes: one at 254 that an action raises by 3 stops at 255 rather than wrap to 1.
    def full(s):
        seat = s["players"][s["current"]]
        if field == "money":
            seat["money"] = 254
        else:
            seat["resources"][0] = 254
    state = midgame.game.state_from_json(edited(midgame, full))
    seat = state.current_player
    state.apply(action)
    held = json.loads(state.to_json())["state"]["players"][seat]
    assert (held["money"] if field == "money" else held["resources"][0]) == 255


def test_upkeep_due_outside_upkeep_is_refused_whatever_resume_holds(ph):
    # `resume` means something only in the pay step; an Action-step state with an upkeep due
    # loaded before, and broke the save after the next payment.
    doc = ph.position_doc(ph.game(), round=2, unavailable=0,
                          players={0: {"cards": [ph.partner_card("Nicole", flags=ph.ACTIVE | ph.UPKEEP_DUE)]}})
    doc["state"]["resume"] = ph.UPKEEP
    with pytest.raises(ValueError, match="upkeep is due only in the Upkeep phase"):
        ph.game().state_from_json(json.dumps(doc))


def test_a_count_loaded_at_its_bound_stays_there_and_still_saves(ph):
    # completed_projects is at most the 60 Projects; completing one more keeps it at 60 instead
    # of making a state the loader refuses.
    game = ph.game()
    state = ph.build(game, players={0: {"completed_projects": 60, "resources": [2, 4, 2],
                                        "cards": [ph.project_card("Write Fiction", level=3)]}})
    state.apply(ph.card_action(0))
    assert ph.player(state, 0)["completed_projects"] == 60
    assert game.state_from_json(state.to_json()) == state


def test_lth_runs_from_minus_to_plus_30000_in_play_and_in_a_save(ph):
    # LTH stops at ±30,000 rather than wrap (a player may Refresh without limit); the loader
    # holds it to the same bound, so a loss at the bound cannot turn into a gain.
    game = ph.game()
    state = ph.build(game, players={0: {"sth": -3, "lth": -30000}})
    state.apply(ph.refresh(ph.PROJECTS))
    assert ph.player(state, 0)["lth"] == -30000
    assert game.state_from_json(state.to_json()) == state
    nostalgia = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["nostalgia"])
    for field, value in (("lth", -30001), ("lth", 30001), ("lth_from_cards", 30001),
                         ("lth_from_nostalgia", 30001), ("lth_from_nostalgia", -30001)):
        doc = ph.position_doc(nostalgia, players={0: {field: value}})
        with pytest.raises(ValueError, match="lth, lth_from_cards and lth_from_nostalgia run from -30000 to 30000"):
            nostalgia.state_from_json(json.dumps(doc))


def test_nostalgia_lth_is_refused_in_a_game_without_nostalgia_and_kept_in_one_with_it(ph):
    doc = ph.position_doc(ph.game(), players={0: {"lth_from_nostalgia": 1, "lth_from_cards": 1, "lth": 1}})
    with pytest.raises(ValueError, match="lth_from_nostalgia: no Nostalgia cards in this game"):
        ph.game().state_from_json(json.dumps(doc))
    nostalgia = lifespan.load_game("pursuit_of_happiness", players=2, expansions=["nostalgia"])
    doc = ph.position_doc(nostalgia, players={0: {"lth_from_nostalgia": 3, "lth_from_cards": 5, "lth": 5}})
    state = nostalgia.state_from_json(json.dumps(doc))
    assert {p.source: p.points for p in state.score_breakdown(0)}["nostalgia"] == 3
    assert json.loads(state.to_json())["state"]["players"][0]["lth_from_nostalgia"] == 3


@pytest.mark.parametrize("bit", [12, 13, 14, 15])
def test_unavailable_holds_only_the_twelve_board_spaces(midgame, bit):
    # `unavailable` is a bitmask of the 12 board spaces (docs/state-format.md): bits 12-15 name
    # no space.
    with pytest.raises(ValueError, match=rf"unavailable: a bitmask of the 12 board spaces \(bits 0-11\), got {1 << bit}"):
        midgame.game.state_from_json(edited(midgame, lambda s: s.update(unavailable=1 << bit)))


@pytest.mark.parametrize("space", [10, 11])
def test_the_experiences_boards_spaces_are_unavailable_only_with_experiences(midgame, space):
    # Plan Experience (10) and Dream (11) are on the Experiences board: a game without
    # Experiences has no such space to cover. With Experiences, Plan Experience starts covered.
    with pytest.raises(ValueError, match="not in a game without Experiences"):
        midgame.game.state_from_json(edited(midgame, lambda s: s.update(unavailable=s["unavailable"] | 1 << space)))
    game = lifespan.load_game("pursuit_of_happiness", players=3, seed=4, expansions=["experiences"])
    state = game.new_state()
    assert json.loads(state.to_json())["state"]["unavailable"] & (1 << 10)
    document = json.loads(state.to_json())
    document["state"]["unavailable"] |= 1 << space
    assert game.state_from_json(json.dumps(document)).to_json() == json.dumps(document)
