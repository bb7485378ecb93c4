"""The web table in a real browser (docs/web.md): Playwright driving Debian's chromium against a
real `serve` process. Skipped when Playwright or /usr/bin/chromium is missing. The tests take
the screenshots that the README shows: into a temporary folder, or, with
LIFESPAN_UPDATE_SCREENSHOTS=1, over the ones in docs/img/ (so a test run leaves the checkout as it
was)."""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from server_process import ServerProcess

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("LIFESPAN_CHROMIUM", "/usr/bin/chromium")
if not shutil.which(CHROMIUM):
    pytest.skip(f"no chromium at {CHROMIUM}", allow_module_level=True)

IMAGES = (Path(__file__).resolve().parents[2] / "docs" / "img" if os.environ.get("LIFESPAN_UPDATE_SCREENSHOTS") == "1"
          else Path(tempfile.mkdtemp(prefix="lifespan-screenshots-")))
TURN = "button.move:not([disabled]), #end-screen:not([hidden])"


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Iterator[ServerProcess]:
    running = ServerProcess(tmp_path_factory.mktemp("web"), "--bot-delay", "0.02",
                            "--moves-per-second", "1000").start()
    yield running
    running.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def new_game(server: ServerProcess, **body: Any) -> dict[str, Any]:
    request = urllib.request.Request(server.url + "/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        made: dict[str, Any] = json.loads(response.read())
        return made


def click_moves(page: Any, rng: random.Random, until: Any, limit: int = 400) -> None:
    missed = 0
    for _ in range(limit):
        page.wait_for_selector(TURN, timeout=20_000)
        if until():
            return
        if page.is_visible("#end-screen"):
            return
        buttons = page.locator("button.move:not([disabled])")
        count = buttons.count()
        if count:
            try:
                buttons.nth(rng.randrange(count)).click(timeout=3000)
                missed = 0
            except sync_api.Error:
                missed += 1  # the page re-rendered under the pointer (a bot moved): look again
                assert missed < 5, "a move button cannot be clicked"
    raise AssertionError("the game did not get there by clicking")


def test_create_a_game_in_the_form_and_play_time_of_your_life_to_the_end(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.url + "/")
    page.select_option("#game-name", "time_of_your_life")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.fill("[aria-label='seat 1']", "random")
    page.click("#create-game")
    page.click("a.seat-link")
    page.wait_for_selector("button.move")
    rng = random.Random(2)
    shot = {"done": False}

    def midgame() -> bool:
        if not shot["done"] and page.locator(".life").count() >= 6:
            page.screenshot(path=str(IMAGES / "time_of_your_life.png"), full_page=True)
            shot["done"] = True
        return False

    click_moves(page, rng, midgame)
    assert page.is_visible("#end-screen")
    end = page.inner_text("#end-screen")
    assert "Winner" in end and "Final scores" in end and "Seat 1 (random)" in end
    assert "Round" in page.inner_text("#log") or "round" in page.inner_text("#log")
    page.close()


def test_pursuit_turns_through_a_round_change_and_an_upkeep_and_a_card_opens(server: ServerProcess, browser: Any) -> None:
    made = new_game(server, game="pursuit_of_happiness", players=2, seed=3, seats=["human", "random"])
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.url + made["seats"][0]["link"])
    page.wait_for_selector("button.move")
    rng = random.Random(1)
    click_moves(page, rng, lambda: "upkeep" in page.inner_text("#log") and page.is_visible("button.move:not([disabled])"))
    log = page.inner_text("#log")
    assert "ends; round 2" in log.lower() or "round 2/8" in log
    assert "upkeep" in log
    page.screenshot(path=str(IMAGES / "pursuit_of_happiness.png"), full_page=True)
    page.click("#board .chip.card >> nth=0")
    page.wait_for_selector("#card-modal[open]")
    text = page.inner_text("#card-text")
    assert "Provenance:" in text
    page.click("#card-close")
    assert not page.is_visible("#card-modal")
    page.close()


def test_two_seats_in_two_contexts_each_see_only_their_own_hand(server: ServerProcess, browser: Any) -> None:
    made = new_game(server, game="time_of_your_life", players=2, seed=6, seats=["human", "human"])
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone's screen
        page = context.new_page()
        page.goto(server.url + made["seats"][seat]["link"])
        page.wait_for_selector(".seat.me")
        pages.append(page)
    hands = []
    for seat, page in enumerate(pages):
        own = page.inner_text(f".seat[data-seat='{seat}']")
        other = page.inner_text(f".seat[data-seat='{1 - seat}']")
        assert "hidden" in other and "hidden" not in own
        hands.append({word for word in own.split() if word.isdigit() and len(word) == 2})
    for seat, page in enumerate(pages):
        other_hand_line = page.inner_text(f".seat[data-seat='{1 - seat}']")
        assert not (hands[1 - seat] - hands[seat]) & set(other_hand_line.split())
    pages[0].screenshot(path=str(IMAGES / "time_of_your_life_phone.png"), full_page=True)
    # A move made on one page appears on the other, live.
    mover = 0 if pages[0].is_visible("button.move") else 1
    pages[mover].click("button.move >> nth=0")
    pages[1 - mover].wait_for_function("document.querySelector('#log').innerText.includes('Seat %d')" % mover)
    for page in pages:
        page.context.close()
