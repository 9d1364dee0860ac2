"""The optional C modules: the compare's kernel, the scanner's listing and the msprobe graph's kernel
(pyproject.toml holds the rest of the configuration).

``ascend_dump_gui/core/metrics/_kernel.c`` (with ``_kernel_walk.h``, which it includes) is built when a C compiler is present; without one the package still
installs and the compare runs its numpy path (core/metrics/kernel.py). The flags keep float results IEEE:
no FMA contraction (the kernel writes its one exact fused multiply-add out), no fast-math, and no -march (the wheel runs on any x86_64 / aarch64 CPU).
``ascend_dump_gui/core/scan/_walk.c`` (POSIX only) likewise: without it the scanner lists folders in Python
(core/scan/walk.py); ``ascend_dump_gui/core/graph/_kernel.c`` too: without it the msprobe graph runs its Python
path (core/graph/kernel.py).
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

_UNIX_FLAGS = ["-O3", "-ffp-contract=off", "-fno-fast-math", "-fno-math-errno", "-std=c99"]
_MSVC_FLAGS = ["/O2", "/fp:precise"]


class BuildExt(build_ext):
    """Compiler-specific flags (gcc/clang or MSVC)."""

    def build_extensions(self) -> None:
        flags = _MSVC_FLAGS if self.compiler.compiler_type == "msvc" else _UNIX_FLAGS
        for ext in self.extensions:
            ext.extra_compile_args = flags
        super().build_extensions()


_WALK = [] if sys.platform == "win32" else [
    Extension("ascend_dump_gui.core.scan._walk", ["ascend_dump_gui/core/scan/_walk.c"], optional=True)]

setup(
    ext_modules=[Extension("ascend_dump_gui.core.metrics._kernel", ["ascend_dump_gui/core/metrics/_kernel.c"],
                           depends=["ascend_dump_gui/core/metrics/_kernel_walk.h"], optional=True), *_WALK,
                 Extension("ascend_dump_gui.core.graph._kernel", ["ascend_dump_gui/core/graph/_kernel.c"],
                           optional=True)],
    cmdclass={"build_ext": BuildExt},
)
