"""The Python package imports without a circle: every game module registers itself in
`lifespan._registry`, which imports no game, and the package's `__init__` imports the games.

Read from the source (module-level and deferred imports alike), so that a circle hidden inside
a function, which works only because of the order modules happen to load in, fails here too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import lifespan

PACKAGE = Path(lifespan.__file__).parent


def module_name(path: Path) -> str:
    parts = ["lifespan", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# The sources, and the compiled core by its stub (it imports nothing of ours).
MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}
MODULES.update({module_name(path): path for path in PACKAGE.rglob("*.pyi")
                if module_name(path) not in MODULES})


def runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement but those under `if TYPE_CHECKING:` (never run)."""
    skipped = {id(inner) for node in ast.walk(tree)
               if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
               for statement in node.body for inner in ast.walk(statement)}
    return [node for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skipped]


def imported(name: str, path: Path) -> set[str]:
    """The lifespan modules `name` imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    if path.suffix == ".pyi":
        return found
    for node in runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:   # `from . import x` names the module x when there is one
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def cycle_through(start: str) -> list[str] | None:
    """A path of imports from `start` back to itself, or None."""
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for follower in sorted(GRAPH[node]):
            if follower == start:
                return path + [start]
            if follower not in seen:
                seen.add(follower)
                stack.append((follower, path + [follower]))
    return None


def test_the_graph_is_read():
    assert "lifespan._registry" in GRAPH["lifespan.pursuit_of_happiness"]
    assert "lifespan.pursuit_of_happiness.cards" in GRAPH["lifespan.pursuit_of_happiness.factory"]
    assert {"lifespan.pursuit_of_happiness", "lifespan.time_of_your_life"} <= GRAPH["lifespan"]


def test_no_module_imports_itself_through_others():
    circles = {tuple(path) for name in GRAPH if (path := cycle_through(name)) is not None}
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in sorted(circles))


def test_the_registry_imports_no_game():
    games = {"lifespan.pursuit_of_happiness", "lifespan.time_of_your_life", "lifespan._api"}
    reached, todo = set(), ["lifespan._registry"]
    while todo:
        for follower in GRAPH[todo.pop()] - reached:
            reached.add(follower)
            todo.append(follower)
    assert not reached & games


def test_every_game_is_registered_by_its_module():
    from lifespan import _registry
    assert lifespan.games() == sorted(_registry.GAMES)
    assert _registry.GAMES["pursuit_of_happiness"] is lifespan.pursuit_of_happiness
    assert _registry.GAMES["time_of_your_life"] is lifespan.time_of_your_life
