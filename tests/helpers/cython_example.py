"""Builds examples/cython/ against the installed lifespan, as its setup.py tells a user to, and
imports both halves of the example (docs/embedding.md §3). Used by tests/test_embedding.py and
benchmarks/test_cython_policy.py; the build takes about 15 s."""

from __future__ import annotations

import importlib
import pathlib
import shutil
import subprocess
import sys
from types import ModuleType

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "cython"


def build(directory: pathlib.Path) -> tuple[ModuleType, ModuleType]:
    """(the compiled greedy_policy_native, the Python greedy_policy), built in `directory`."""
    shutil.copytree(EXAMPLE, directory, dirs_exist_ok=True)
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=directory,
                   check=True, capture_output=True)
    sys.path.insert(0, str(directory))
    try:
        return importlib.import_module("greedy_policy_native"), importlib.import_module("greedy_policy")
    finally:
        sys.path.remove(str(directory))
