"""Both games as OpenSpiel games: importing this module registers `lifespan_time_of_your_life`
and `lifespan_pursuit_of_happiness` with pyspiel (docs/ecosystem.md §1).

    import pyspiel, lifespan.openspiel
    game = pyspiel.load_game("lifespan_pursuit_of_happiness(players=3,expansions=nostalgia)")

The games are native OpenSpiel games: a small C++ bridge (openspiel_native/bridge.cpp) that
this module compiles, the first time it is imported, against the pyspiel installed beside it and
lifespan's C++ package, and keeps in a cache directory (`$LIFESPAN_CACHE_DIR`, else
`~/.cache/lifespan`). Built against the very pyspiel that loads it, the bridge cannot mismatch
its C++ ABI, and OpenSpiel's C++ algorithms and tests run on the games at C++ speed.

The registered games use explicit chance (`chance="explicit"`): every shuffle, draw, face and
die is a chance node, so an action history replays a game exactly, OpenSpiel serializes a state
as its history (no card set in it), and a clone knows nothing a player could not see. Every
lifespan parameter of a game is an OpenSpiel parameter with lifespan's default; a list of
expansions is written `kids+nostalgia`.

Needs the `openspiel` extra (`pip install 'lifespan[openspiel]'`) and a C++20 compiler.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pyspiel

from . import _core, _native, _registry

PREFIX = "lifespan_"
LONG_NAMES = {"pursuit_of_happiness": "The Pursuit of Happiness (lifespan)",
              "time_of_your_life": "Time of Your Life (lifespan)"}
# Not OpenSpiel parameters: the seed only seeds sampled chance, which these games replace with
# chance nodes, and the chance mode is what they fix.
NOT_EXPOSED = ("seed", "chance")
SOURCE = Path(__file__).resolve().parent / "openspiel_native"


def cache_dir() -> Path:
    """Where built bridges are kept: $LIFESPAN_CACHE_DIR, else $XDG_CACHE_HOME/lifespan, else
    ~/.cache/lifespan."""
    if os.environ.get("LIFESPAN_CACHE_DIR"):
        return Path(os.environ["LIFESPAN_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lifespan"


def _fingerprint() -> str:
    """What the bridge is built from: its sources, this lifespan build, this pyspiel, this Python."""
    digest = hashlib.sha256()
    for path in sorted(SOURCE.iterdir()):
        if path.suffix in (".cpp", ".txt"):
            digest.update(path.name.encode() + path.read_bytes())
    for built in (Path(_core.__file__), Path(pyspiel.__file__)):
        stat = built.stat()
        digest.update(f"{built.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    digest.update(sys.version.encode())
    return digest.hexdigest()[:16]


def _cmake() -> str:
    found = shutil.which("cmake")
    if found:
        return found
    try:
        import cmake  # the PyPI package, which the openspiel extra installs
    except ImportError:
        raise ImportError("lifespan.openspiel builds its OpenSpiel bridge with CMake, which was not found: "
                          "pip install 'lifespan[openspiel]'") from None
    return str(Path(cmake.CMAKE_BIN_DIR) / "cmake")


def _build(target: Path) -> None:
    import pybind11

    build = target / "build"
    version = metadata.version("open_spiel")
    print(f"lifespan.openspiel: building the OpenSpiel bridge for open_spiel {version} into {target} "
          "(once; about a minute)", file=sys.stderr, flush=True)
    cmake = _cmake()
    configure = [cmake, "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                 f"-Dlifespan_DIR={_native.get_cmake_dir()}", f"-Dpybind11_DIR={pybind11.get_cmake_dir()}",
                 f"-DPython_EXECUTABLE={sys.executable}",
                 f"-DPYSPIEL_ROOT={Path(pyspiel.__file__).resolve().parent}",
                 f"-DPYSPIEL_LIBRARY={Path(pyspiel.__file__).resolve()}"]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    for step in (configure, [cmake, "--build", str(build), "--parallel"]):
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            raise ImportError("lifespan.openspiel could not build its OpenSpiel bridge "
                              f"({' '.join(step[:3])} …):\n{(done.stdout + done.stderr)[-3000:]}")
    built = next(build.glob("_openspiel_native*" + sysconfig.get_config_var("EXT_SUFFIX")))
    shutil.copy2(built, target / built.name)


def load_bridge() -> ModuleType:
    """The native bridge for this lifespan and this pyspiel, built first if need be. A lock file
    keeps two processes (pytest-xdist workers, say) from building it at once."""
    root = cache_dir()
    target = root / f"openspiel-{_fingerprint()}"
    module_file = target / ("_openspiel_native" + sysconfig.get_config_var("EXT_SUFFIX"))
    target.mkdir(parents=True, exist_ok=True)
    with open(root / "openspiel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not module_file.exists():
            _build(target)
    spec = importlib.util.spec_from_file_location("lifespan._openspiel_native", module_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parameter_specification(name: str) -> dict[str, Any]:
    """Every lifespan parameter of the game with its default, as OpenSpiel parameters (bool,
    int, float or str: a list of names becomes 'a+b')."""
    defaults = _registry.load_game(name).parameters
    return {key: "+".join(value) if isinstance(value, list) else value
            for key, value in defaults.items() if key not in NOT_EXPOSED}


def _loader(name: str) -> Callable[[dict[str, Any]], Any]:
    def load(params: dict[str, Any]) -> Any:
        given = {key: value for key, value in params.items() if key not in NOT_EXPOSED}
        return _registry.load_game(name, chance="explicit", **given)
    return load


def _register(bridge: ModuleType) -> None:
    registered = set(pyspiel.registered_names())
    for name in _registry.games():
        if PREFIX + name in registered:   # the bridge is already loaded in this process
            continue
        players = _registry.GAMES[name].PARAMETERS["players"]
        getattr(bridge, "register_" + name)(
            PREFIX + name, LONG_NAMES[name], players.minimum, players.maximum,
            parameter_specification(name), _loader(name), type(_registry.load_game(name)).__name__)


_register(load_bridge())
