"""A tree compare's pair work, per run format of the index (``ge``, ``msprobe``).

:func:`run_pair` is a top-level function of plain picklable data, so a Dask worker can run it where the files sit
and send back only the (JSON-ready) result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascend_dump_gui.core.runs.ge_pair import run_ge_pair
from ascend_dump_gui.core.runs.msprobe_pair import run_msprobe_pair
from ascend_dump_gui.core.runs.pair_task import PairTask

PAIR_WORK: dict[str, Callable[[PairTask], dict[str, Any]]] = {"ge": run_ge_pair, "msprobe": run_msprobe_pair}


def run_pair(task: PairTask) -> dict[str, Any]:
    """The pair work of ``task``'s run format (see :func:`~ascend_dump_gui.core.runs.ge_pair.run_ge_pair` for the
    result's keys)."""
    return PAIR_WORK[task.format](task)
