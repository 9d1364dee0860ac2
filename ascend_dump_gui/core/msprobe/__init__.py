"""msprobe (mindstudio-probe) dump trees: read, scan and compare them without torch.

Public API (for the GUI, the CLI and other core packages such as a run index):

* ``open_tree(path) -> MsprobeTree``: the runs under a dump path, step folder or rank folder, without
  reading any tensor. ``MsprobeTree.runs`` is a list of ``MsprobeRun`` (``step``, ``rank`` or ``pid``,
  ``path``), sorted by step then rank; ``tree.problems`` lists what could not be read.
* ``MsprobeRun.entries``: the API/module calls of dump.json in dump order (``Entry.name``, ``.leaves``,
  ``.is_module``, ``.direction``); ``run.iter_leaves()`` yields every ``Leaf`` (``name``, ``state``, ``dtype``,
  ``shape``, ``max``/``min``/``mean``/``norm``, ``md5``, ``requires_grad``, ``data_name``): statistics
  without tensors. ``run.dump.task/level/framework`` describe the run; ``run.construct`` (call -> enclosing
  module) and ``run.stacks`` (call -> stack lines) are read on first use. ``run.unread`` says why dump.json could
  not be read at all (None when it was); ``run.raw_calls()`` gives its entries as plain JSON values through the same
  fenced, bounded, streaming reader (the replay's arguments).
* ``run.load(leaf) -> numpy.ndarray``: one tensor (``.pt`` through a restricted unpickler, ``.npy``
  without pickle); ``TensorLoadError`` when missing, unreadable, named by a data_name that is no file name, or
  of another shape than dump.json says (the file's own header decides; a contradiction is not compared). ``run.missing_files()`` lists data_names
  without a file.
* ``is_msprobe_dir(path)``; ``compare.compare_runs(npu_run, bench_run, mode)`` and
  ``tree_compare.compare_trees(npu_path, bench_path, mode)`` compare the way ``msprobe compare`` does.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {"Entry": "dump_json", "Leaf": "dump_json", "MsprobeRun": "tree", "MsprobeTree": "tree", "Problem": "tree",
            "TensorLoadError": "tree", "is_msprobe_dir": "layout", "open_tree": "tree"}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """Load on first use, so the folder scanner can import :mod:`.scan` without numpy."""
    if name not in _EXPORTS:
        raise AttributeError(name)
    return getattr(import_module(f"ascend_dump_gui.core.msprobe.{_EXPORTS[name]}"), name)
