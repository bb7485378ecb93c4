"""The web table's HTTP API (docs/web.md): seats and their tokens, refused moves, malformed
input, limits, hint and undo, and that no response to one seat holds what it may not know."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from starlette.testclient import TestClient

from lifespan.web import Limits, create_app
from lifespan.web.view import seat_view


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


ALL_PURSUIT = ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs",
               "best_friends", "school", "relatives"]


def view_of(client: Any, made: dict[str, Any], seat: int) -> dict[str, Any]:
    response = client.get(f"/api/games/{made['id']}", headers=bearer(made["seats"][seat]["token"]))
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def test_a_game_against_bots_is_played_to_the_end(client: Any, create: Any) -> None:
    made = create(client, game="time_of_your_life", players=3, seed=4, seats=["human", "random", "mcts:iterations=20"])
    assert made["seats"][1]["token"] is None and made["seats"][0]["link"].startswith(f"/play/{made['id']}#")
    token = made["seats"][0]["token"]
    rng = random.Random(1)
    for _ in range(200):
        view = view_of(client, made, 0)
        if view["terminal"]:
            break
        if not view["your_turn"]:
            continue  # the bots are moving on the server
        move = rng.choice(view["moves"])
        assert move["kind"] and move["text"]
        client.post(f"/api/games/{made['id']}/moves", headers=bearer(token),
                    json={"action": move["id"], "ply": view["ply"]}).raise_for_status()
    assert view["terminal"] and len(view["final"]) == 3 and view["winners"]
    assert set(view["scores"]) == {"0", "1", "2"}
    assert any(event["kind"] == "phase" for event in view["log"])


def test_no_token_a_wrong_token_or_another_seat_is_refused(client: Any, create: Any) -> None:
    made = create(client, game="time_of_your_life", players=2, seed=1, seats=["human", "human"])
    url = f"/api/games/{made['id']}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer("not-a-token")).status_code == 403
    assert client.get("/api/games/nope", headers=bearer("x")).status_code == 404
    first = view_of(client, made, 0)
    mover = first["to_move"]
    other = 1 - mover
    legal = view_of(client, made, mover)["moves"][0]["id"]
    refused = client.post(url + "/moves", headers=bearer(made["seats"][other]["token"]),
                          json={"action": legal, "ply": 0})
    assert refused.status_code == 409 and "turn" in refused.json()["error"]
    illegal = client.post(url + "/moves", headers=bearer(made["seats"][mover]["token"]),
                          json={"action": 10_000, "ply": 0})
    assert illegal.status_code == 422 and "not legal" in illegal.json()["error"]
    stale = client.post(url + "/moves", headers=bearer(made["seats"][mover]["token"]),
                        json={"action": legal, "ply": 5})
    assert stale.status_code == 409
    assert view_of(client, made, 0) == first  # every refusal left the game as it was


@pytest.mark.parametrize("body, status", [
    (b"not json", 400), (b"[1, 2]", 400), (b'{"game": 3}', 422), (b'{"game": "chess"}', 422),
    (b'{"game": "time_of_your_life", "players": "two"}', 400),
    (b'{"game": "time_of_your_life", "players": 99}', 422),
    (b'{"game": "time_of_your_life", "parameters": {"no_such": 1}}', 422),
    (b'{"game": "time_of_your_life", "parameters": []}', 400),
    (b'{"game": "time_of_your_life", "players": 2, "seats": ["random", "random"]}', 422),
    (b'{"game": "time_of_your_life", "players": 2, "seats": ["human", "os:system"]}', 422),
    (b'{"game": "time_of_your_life", "players": 2, "seats": ["human", "mcts:iterations=99999999"]}', 422),
    (b'{"game": "time_of_your_life", "players": 2, "seats": ["human"]}', 422),
    (b'{"game": "time_of_your_life", "players": 2, "seats": [1, 2]}', 400),
    (b'{"game": "time_of_your_life", "hotseat": "yes"}', 400),
    (b'{"game": "time_of_your_life", "colour": "red"}', 400),
    (b"[" * 100_000, 413),
])
def test_malformed_creation_gets_a_4xx_with_a_message(client: Any, create: Any, body: bytes, status: int) -> None:
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == status, response.text
    assert response.json()["error"]


def test_malformed_moves_get_a_4xx_with_a_message(client: Any, create: Any) -> None:
    made = create(client, game="pursuit_of_happiness", players=2, seed=2, seats=["human", "human"])
    mover = view_of(client, made, 0)["to_move"]
    url, headers = f"/api/games/{made['id']}/moves", bearer(made["seats"][mover]["token"])
    before = view_of(client, made, mover)
    for body in ({"action": None}, {"action": True}, {"action": 1.5}, {"action": [1]},
                 {"action": "Fly to the moon"}, {"action": -1}, {"action": 2**70},
                 {"action": 1, "ply": "0"}, {"action": 1, "extra": 1}):
        response = client.post(url, headers=headers, json=body)
        assert 400 <= response.status_code < 500 and response.json()["error"], (body, response.text)
    assert client.post(url, headers=headers, content=b"{").status_code == 400
    assert client.post(f"/api/games/{made['id']}/hints", headers=headers, json={"hints": 1}).status_code == 400
    assert view_of(client, made, mover) == before


def test_limits_games_per_server_and_moves_per_second(tmp_path: Any, create: Any) -> None:
    warnings.filterwarnings("ignore", message=".*httpx.*")
    app = create_app(tmp_path, Limits(bot_delay=0, max_games=2, moves_per_second=2))
    with TestClient(app) as client:
        for _ in range(2):
            made = create(client, game="time_of_your_life", players=2, seats=["human", "human"])
        full = client.post("/api/games", json={"game": "time_of_your_life", "players": 2, "seats": ["human", "human"]})
        assert full.status_code == 503 and "unfinished games" in full.json()["error"]
        view = view_of(client, made, 0)
        token = made["seats"][view["to_move"]]["token"]
        statuses = [client.post(f"/api/games/{made['id']}/moves", headers=bearer(token),
                                json={"action": 10_000}).status_code for _ in range(8)]
        assert 429 in statuses


def test_hint_needs_every_human_to_agree_and_undo_every_vote(client: Any, create: Any) -> None:
    made = create(client, game="time_of_your_life", players=3, seed=5, seats=["human", "human", "random"])
    url = f"/api/games/{made['id']}"
    tokens = [made["seats"][s]["token"] for s in (0, 1)]
    mover = view_of(client, made, 0)["to_move"]
    assert client.post(url + "/hint", headers=bearer(tokens[mover])).status_code == 409
    for token in tokens:
        client.post(url + "/hints", headers=bearer(token), json={"hints": True}).raise_for_status()
    hint = client.post(url + "/hint", headers=bearer(tokens[mover])).json()
    assert hint["iterations"] > 0 and hint["moves"][0]["text"]
    start = view_of(client, made, mover)
    client.post(url + "/moves", headers=bearer(tokens[mover]), json={"action": start["moves"][0]["id"]}).raise_for_status()
    assert view_of(client, made, 0)["ply"] == 1
    half = client.post(url + "/undo", headers=bearer(tokens[0])).json()
    assert half["ply"] == 1 and half["undo"]["votes"] == [0]
    done = client.post(url + "/undo", headers=bearer(tokens[1])).json()
    assert done["ply"] == 0
    assert view_of(client, made, mover)["moves"] == start["moves"]


def test_hot_seat_shares_one_link_and_shows_the_human_to_move(client: Any, create: Any) -> None:
    made = create(client, game="time_of_your_life", players=3, seed=2, hotseat=True,
                  seats=["human", "human", "random"])
    assert made["seats"][0]["token"] == made["seats"][1]["token"]
    view = view_of(client, made, 0)
    assert view["your_turn"] and view["seat"] == view["to_move"]


GAMES = [
    ("time_of_your_life", {"players": 2}),
    ("time_of_your_life", {"players": 4}),
    ("pursuit_of_happiness", {"players": 2}),
    ("pursuit_of_happiness", {"players": 3, "parameters": {"expansions": ALL_PURSUIT}}),
    ("pursuit_of_happiness", {"players": 5, "parameters": {"expansions": ["community", "experiences", "kids"]}}),
]


@pytest.mark.parametrize("name, options", GAMES)
def test_no_seat_is_sent_what_it_may_not_know(client: Any, create: Any, name: str, options: dict[str, Any]) -> None:
    """Over a random game played through the API, every seat's view equals the view built from
    states that seat cannot tell from the real one (determinizations: other hands dealt anew,
    the decks shuffled): so nothing hidden from the seat, and no deck order, is in it."""
    players = options["players"]
    made = create(client, game=name, seed=11, seats=["human"] * players, **options)
    table = client.app.state.server.tables[made["id"]]
    rng = random.Random(3)
    for ply in range(90):
        views = [view_of(client, made, seat) for seat in range(players)]
        if views[0]["terminal"]:
            break
        if ply % 6 == 0:
            for seat, view in enumerate(views):
                for seed in (1, 2):
                    unseen = seat_view(table.state.determinize(seat, seed), seat, view["ply"], table.record.seats)
                    for key, value in unseen.items():
                        assert view[key] == value, (name, ply, seat, key)
        mover = views[0]["to_move"]
        assert [v["your_turn"] for v in views].count(True) == 1 and views[mover]["moves"]
        assert all(not v["moves"] for s, v in enumerate(views) if s != mover)
        client.post(f"/api/games/{made['id']}/moves", headers=bearer(made["seats"][mover]["token"]),
                    json={"action": rng.choice(views[mover]["moves"])["id"], "ply": views[mover]["ply"]}).raise_for_status()


def test_the_page_and_its_assets_are_served(client: Any, create: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text and "http" not in page.text.split("<body>")[1]
    assert client.get("/play/abc").status_code == 200
    for asset in ("app.js", "style.css"):
        assert client.get(f"/static/{asset}").status_code == 200
    setup = client.get("/api/setup").json()
    assert set(setup["games"]) == {"pursuit_of_happiness", "time_of_your_life"}
    assert "community" in setup["games"]["pursuit_of_happiness"]["expansions"]
