"""Builds the Cython policy against the installed lifespan (docs/embedding.md §3):

    pip install 'lifespan[cython]'
    python setup.py build_ext --inplace

Only the package's headers, .pxd files and static core library are used: lifespan itself is
never rebuilt."""
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

import lifespan

flags = ["/std:c++20", "/O2"] if sys.platform == "win32" else ["-std=c++20", "-O2"]
extension = Extension(
    "greedy_policy_native",
    ["greedy_policy_native.pyx"],
    language="c++",
    include_dirs=[lifespan.get_include()],
    extra_compile_args=flags,
    extra_objects=[lifespan.get_library()],
    extra_link_args=[] if sys.platform == "win32" else ["-pthread"],
)
setup(name="greedy-policy-example", ext_modules=cythonize(
    [extension], include_path=[lifespan.get_cython_include()], quiet=True))
