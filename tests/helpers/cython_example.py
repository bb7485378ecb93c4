"""Builds examples/cython/ against the installed lifespan, as its setup.py tells a user to, and
imports both halves of one of its policies (docs/embedding.md §3). Used by
tests/test_embedding.py and benchmarks/test_cython_policy.py; the build takes about 3 s."""

from __future__ import annotations

import importlib
import pathlib
import shutil
import subprocess
import sys
from types import ModuleType

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "cython"


def build(directory: pathlib.Path) -> pathlib.Path:
    """Every policy of the example compiled in `directory` (returned)."""
    shutil.copytree(EXAMPLE, directory, dirs_exist_ok=True)
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace", "--parallel", "2"],
                   cwd=directory, check=True, capture_output=True)
    return directory


def load(directory: pathlib.Path, policy: str) -> tuple[ModuleType, ModuleType]:
    """(the compiled `policy`_native, the Python `policy`) from a build() directory."""
    sys.path.insert(0, str(directory))
    try:
        return importlib.import_module(f"{policy}_native"), importlib.import_module(policy)
    finally:
        sys.path.remove(str(directory))
