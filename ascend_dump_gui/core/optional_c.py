"""The package's optional C modules (built by setup.py when a compiler is present): each is loaded on first use,
and None stands for "not built here, or switched off by its environment variable": the Python path then runs."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any


def load(module: str, switch: str) -> ModuleType | None:
    """The compiled ``module``, or None when it was not built or the environment sets ``switch=1``."""
    if os.environ.get(switch) == "1":
        return None
    try:
        return importlib.import_module(module)
    except ImportError:        # not compiled here: the Python path
        return None


def on_first_use(attribute: str, loader: Callable[[], ModuleType | None],
                 namespace: dict[str, Any]) -> Callable[[str], ModuleType | None]:
    """A module ``__getattr__`` that sets ``attribute`` in ``namespace`` from ``loader()`` when first read (tests
    then switch paths by setting the attribute)."""
    def __getattr__(name: str) -> ModuleType | None:
        if name != attribute:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        namespace[attribute] = value = loader()
        return value
    return __getattr__
