"""Builds the Cython policies against the installed lifespan (docs/embedding.md §3):

    pip install 'lifespan[cython]'
    python setup.py build_ext --inplace

Only the package's headers, .pxd files and static core library are used: lifespan itself is
never rebuilt."""
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

import lifespan

flags = ["/std:c++20", "/O2"] if sys.platform == "win32" else ["-std=c++20", "-O2"]
extensions = [
    Extension(
        name,
        [f"{name}.pyx"],
        language="c++",
        include_dirs=[lifespan.get_include()],
        extra_compile_args=flags,
        extra_objects=[lifespan.get_library()],
        # -fno-lto: link the core's machine code rather than redo GCC's link-time optimisation
        # of the whole core for each module (about 20 s each, against a second).
        extra_link_args=[] if sys.platform == "win32" else ["-pthread", "-fno-lto"],
    )
    for name in ("greedy_policy_native", "project_policy_native")
]
setup(name="cython-policy-examples", ext_modules=cythonize(
    extensions, include_path=[lifespan.get_cython_include()], quiet=True))
