"""Where the installed C++ package lives (docs/embedding.md): the core's headers, its static
library and CMake package config travel inside the Python package, as pybind11's do, so a C++
or Cython host needs only `pip install lifespan`."""

from __future__ import annotations

from pathlib import Path

from . import _core


def _native_root() -> Path:
    # Beside the compiled extension: in an editable install the Python sources live elsewhere.
    return Path(_core.__file__).resolve().parent / "native"


def get_include() -> str:
    """The directory to add to a C++ compiler's include path (`#include "lifespan/..."`), and
    where the Cython declarations (`lifespan/*.pxd`) are found."""
    return str(_native_root() / "include")


def get_cmake_dir() -> str:
    """The directory holding lifespanConfig.cmake: pass it as `-Dlifespan_DIR=...` (or add it to
    CMAKE_PREFIX_PATH) and `find_package(lifespan)` gives the target `lifespan::core`."""
    return str(_native_root() / "lib" / "cmake" / "lifespan")


def get_library_dir() -> str:
    """The directory holding the static core library (`liblifespan_core.a`), for a setup.py
    or Makefile host that links without CMake."""
    return str(_native_root() / "lib")


def get_library() -> str:
    """The static core library itself, for `extra_objects` of a setuptools Extension."""
    names = sorted(Path(get_library_dir()).glob("*lifespan_core*"))
    if not names:
        raise FileNotFoundError(f"no lifespan_core library in {get_library_dir()}: this lifespan was "
                                "installed without its C++ package")
    return str(names[0])


def get_cython_include() -> str:
    """The directory to give Cython's include path, so that `cimport lifespan.native_...`
    finds the package's .pxd declarations (in an editable install they stay in the sources)."""
    return str(Path(__file__).resolve().parent.parent)
