"""msprobe (mindstudio-probe) dump trees: read, scan and compare them without torch.

Public API (for the GUI, the CLI and other core packages such as a run index):

* ``open_tree(path) -> MsprobeTree``: the runs under a dump path, step folder or rank folder, without
  reading any tensor. ``MsprobeTree.runs`` is a list of ``MsprobeRun`` (``step``, ``rank`` or ``pid``,
  ``path``), sorted by step then rank; ``tree.problems`` lists what could not be read.
* ``MsprobeRun.entries``: the API/module calls of dump.json in dump order (``Entry.name``, ``.leaves``,
  ``.is_module``, ``.direction``); ``run.iter_leaves()`` yields every ``Leaf`` (``name``, ``state``, ``dtype``,
  ``shape``, ``max``/``min``/``mean``/``norm``, ``md5``, ``requires_grad``, ``data_name``): statistics
  without tensors. ``run.dump.task/level/framework`` describe the run; ``run.construct`` (call -> enclosing
  module) and ``run.stacks`` (call -> stack lines) are read on first use.
* ``run.load(leaf) -> numpy.ndarray``: one tensor (``.pt`` through a restricted unpickler, ``.npy``
  without pickle); ``TensorLoadError`` when missing or unreadable. ``run.missing_files()`` lists data_names
  without a file.
* ``is_msprobe_dir(path)``; ``compare.compare_runs(npu_run, bench_run, mode)`` and
  ``report.compare_trees(npu_path, bench_path, mode)`` compare the way ``msprobe compare`` does.
"""

from ascend_dump_gui.core.msprobe.dump_json import Entry, Leaf
from ascend_dump_gui.core.msprobe.tree import (
    MsprobeRun,
    MsprobeTree,
    Problem,
    TensorLoadError,
    is_msprobe_dir,
    open_tree,
)

__all__ = ["Entry", "Leaf", "MsprobeRun", "MsprobeTree", "Problem", "TensorLoadError", "is_msprobe_dir",
           "open_tree"]
