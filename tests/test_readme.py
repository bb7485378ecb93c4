"""The README's API tour runs as written, and says what it prints."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def tour() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    return next(block for block in blocks if "lifespan.games()" in block)


def test_the_api_tour_runs_and_its_comments_hold():
    code = tour().replace("100_000", "1_000")  # the same call, smaller
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)
    state = namespace["game"].new_state()
    # The values its comments quote.
    assert state.legal_actions() == [33, 34, 45, 57, 58, 64, 75]
    assert state.action_to_string(33) == "Play 33 Night Classes"
    assert namespace["game"].cards()[47]["name"] == "Silver Anniversary"
    assert namespace["again"] == namespace["state"]
    assert namespace["game"].max_game_length() == 108
