"""The optional C kernels of the compare and of the msprobe graph (pyproject.toml holds the rest of the configuration).

``ascend_dump_gui/core/metrics/_kernel.c`` and ``ascend_dump_gui/core/graph/_kernel.c`` are built when a C compiler
is present; without one the package still installs and the compare runs its numpy path (core/metrics/kernel.py),
the graph its Python path (core/graph/kernel.py). The flags keep float results IEEE:
no FMA contraction, no fast-math, and no -march (the wheel runs on any x86_64 / aarch64 CPU).
"""

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


setup(
    ext_modules=[Extension("ascend_dump_gui.core.metrics._kernel", ["ascend_dump_gui/core/metrics/_kernel.c"],
                           optional=True),
                 Extension("ascend_dump_gui.core.graph._kernel", ["ascend_dump_gui/core/graph/_kernel.c"],
                           optional=True)],
    cmdclass={"build_ext": BuildExt},
)
