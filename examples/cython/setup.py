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
        extra_link_args=[] if sys.platform == "win32" else ["-pthread"],
    )
    for name in ("greedy_policy_native", "project_policy_native")
]
setup(name="cython-policy-examples", ext_modules=cythonize(
    extensions, include_path=[lifespan.get_cython_include()], quiet=True))
