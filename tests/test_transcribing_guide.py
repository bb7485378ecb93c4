"""docs/transcribing.md, followed the way a user would: every command of the guide runs in a
fresh directory (and home) as written, prints what the guide shows, and the files it shows are
the ones written and checked."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "transcribing.md"
FENCE = re.compile(r"^```(\w+)(?: (\S+))?\n(.*?)^```$", flags=re.S | re.M)


def blocks() -> list[tuple[str, str, str]]:
    """(language, file name or "", text) of each fenced block, in the guide's order."""
    return [(language, name or "", text) for language, name, text in FENCE.findall(GUIDE.read_text())]


def matches(expected: str, actual: str) -> bool:
    """The output as shown, where a line `...` stands for any lines."""
    parts = [re.escape(part) for part in expected.split("...\n")]
    return re.fullmatch(".*".join(parts), actual, flags=re.S) is not None


def run_console(block: str, cwd: Path, env: dict[str, str]) -> tuple[str, str]:
    """The block's `$ ` commands as one shell script; its expected and its actual output."""
    commands, expected = [], []
    for line in block.splitlines(keepends=True):
        if line.startswith("$ "):
            commands.append(line[2:].replace("python -m lifespan", f"{sys.executable} -m lifespan"))
        else:
            expected.append(line)
    result = subprocess.run(["bash", "-c", "".join(commands)], cwd=cwd, env=env, text=True,
                            capture_output=True, timeout=600)
    return "".join(expected), result.stdout


def test_the_guide_runs_as_written(tmp_path):
    env = {key: value for key, value in os.environ.items()
           if key not in ("LIFESPAN_CARDS", "XDG_CONFIG_HOME")}
    env["HOME"] = str(tmp_path)   # ~/.config/lifespan/cards is the test's own
    ran = {"console": 0, "files": 0, "excerpts": 0, "python": 0}
    for language, name, text in blocks():
        if language == "console":
            expected, actual = run_console(text, tmp_path, env)
            assert matches(expected, actual), f"the guide shows\n{expected}\nbut it printed\n{actual}"
            ran["console"] += 1
        elif language == "toml" and name:
            (tmp_path / name).write_text(text)
            ran["files"] += 1
        elif language == "toml":
            # An excerpt of the exported file: its lines are there, in this order.
            exported = (tmp_path / "my_cards.toml").read_text()
            at = 0
            for line in text.splitlines():
                if line.strip() != "...":
                    at = exported.index(line + "\n", at) + len(line)
            ran["excerpts"] += 1
        elif language == "python":
            namespace: dict = {}
            cwd = os.getcwd()
            os.chdir(tmp_path)
            try:
                exec(compile(text, str(GUIDE), "exec"), namespace)
            finally:
                os.chdir(cwd)
            assert namespace["printed"] == ["lab_assistant_weather_observer",
                                            "you_can_take_it_with_you", "write_fiction"]
            ran["python"] += 1
    assert ran == {"console": 5, "files": 4, "excerpts": 1, "python": 1}
    # The user card directory the guide fills is the one `cards="user"` reads.
    assert (tmp_path / ".config/lifespan/cards/pursuit_of_happiness/my_cards.toml").is_file()
