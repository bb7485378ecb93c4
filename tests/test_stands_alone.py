"""The project stands on its own: no file points outside the repository, and every source tag
the card data cites (S1, S10, ...) is resolved by docs/sources.md.

The outside references looked for are the folder of the original documents, the design notes and
the notes files that once held the source list; a rulebook is cited by its title and section
instead, any other source by a tag listed in docs/sources.md.
Every tracked file is scanned.
"""
import pathlib
import re
import subprocess
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Written in pieces so that this file does not match itself.
OUTSIDE_REFERENCES = ("shared" + "/", "DESIGN" + " §", "DESIGN" + ".md", "pursuit-known" + "-facts",
                      "pursuit-summary" + "-en", "time-of-your-life" + "-notes")

SOURCE_TAG = re.compile(r"\bS(\d+)\b")
LISTED_TAG = re.compile(r"^\|\s*S(\d+)\s*\|", re.MULTILINE)


def tracked_files() -> list[pathlib.Path]:
    """The repository's tracked files, or every file outside .git and build/ without git."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        names = [n for n in listed.stdout.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                 if p.is_file() and not p.relative_to(ROOT).parts[0] in (".git", "build")]
    return [ROOT / n for n in names if (ROOT / n).is_file()]


def text_of(path: pathlib.Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None                # a binary file (a fuzz input) names nothing


def test_no_file_points_outside_the_repository():
    found = []
    for path in tracked_files():
        name = path.relative_to(ROOT).as_posix()
        if (text := text_of(path)) is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{name}:{number}: {ref!r}" for ref in OUTSIDE_REFERENCES if ref in line]
    assert not found, "outside references:\n" + "\n".join(found)


def listed_tags() -> set[int]:
    return {int(n) for n in LISTED_TAG.findall((ROOT / "docs" / "sources.md").read_text(encoding="utf-8"))}


def card_source_tags() -> dict[int, list[str]]:
    """Every tag in a `source` field of a shipped card, with the cards that cite it."""
    used: dict[int, list[str]] = {}
    data = ROOT / "python" / "lifespan" / "data"
    for path in sorted(data.rglob("*.toml")):
        if path.name == "rules.toml":
            continue
        for kind, cards in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for card in cards if isinstance(cards, list) else []:
                for tag in SOURCE_TAG.findall(str(card.get("source", ""))):
                    used.setdefault(int(tag), []).append(f"{path.relative_to(data)}:{card.get('id')}")
    return used


def test_the_card_data_cites_sources_by_tag():
    # The check below must look at something: the shipped cards do cite tags.
    assert {1, 18, 20} <= card_source_tags().keys()


def test_every_tag_of_the_card_data_is_listed_in_sources():
    missing = {f"S{tag}": cards for tag, cards in card_source_tags().items() if tag not in listed_tags()}
    assert not missing, f"card sources not listed in docs/sources.md: {missing}"


@pytest.mark.parametrize("where", ["python/lifespan/data", "docs", "tests", "README.md"])
def test_every_tag_in_comments_docs_and_tests_is_listed_in_sources(where):
    # Tags also appear in comments, rule-parameter rationales and prose: each must resolve too.
    base = ROOT / where
    paths = [base] if base.is_file() else [p for p in base.rglob("*") if p.suffix in (".toml", ".md", ".py")]
    unlisted = sorted({f"S{n} in {p.relative_to(ROOT)}" for p in paths
                       for n in SOURCE_TAG.findall(text_of(p) or "") if int(n) not in listed_tags()})
    assert not unlisted, unlisted


def test_sources_lists_each_tag_once_with_an_address():
    text = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if LISTED_TAG.match(line)]
    tags = [int(LISTED_TAG.match(row).group(1)) for row in rows]
    assert len(tags) == len(set(tags)), "a tag is listed twice"
    assert sorted(tags) == list(range(1, max(tags) + 1)), "the tags are not S1, S2, ... without a gap"
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert len(cells) == 5 and all(cells), row
        assert "https://" in cells[3] or "http://" in cells[3], row
