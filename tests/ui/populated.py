"""A main window with every mode populated as a user sees it after the first hour: the demo (Configure, Browse,
Compare, the Graph coloured by its compare), a ranks matrix, and an msprobe tree in Browse. Shared by the
layout test and scripts/screenshots_tabs.py; ``wait_until(condition, timeout_ms)`` runs the event loop."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.emulator.multirank import Drift, emulate_ranks
from ascend_dump_gui.ui.app import build_window
from ascend_dump_gui.ui.demo import DemoLoader

Wait = Callable[[Callable[[], bool], int], None]


def demo_window(folder: Path, wait_until: Wait):
    """The window of a first start (the demo prepared in ``folder``), once the demo shows in every mode."""
    window = build_window(demo_dir=folder / "demo")
    window.show()
    wait_until(lambda: window.findChild(DemoLoader) is not None and window.findChild(DemoLoader).done, 30_000)
    return window


def show_graph(window, wait_until: Wait) -> None:
    """The Graph mode with the demo's graph, coloured by its compare."""
    window.tabs.setCurrentWidget(window.graph_panel)
    wait_until(lambda: window.graph_panel.path is not None and not window.runner.active, 30_000)


def show_ranks(window, folder: Path, wait_until: Wait) -> None:
    """The Ranks mode with a 4-rank, 2-step tree compared (a drift on rank 3, an overflow on rank 1)."""
    tree = emulate_ranks(folder / "ranks", ranks=4, steps=2, drift=Drift(3, 1, "dense/Relu"), overflow_rank=1,
                         stats=True)
    panel = window.ranks_panel
    window.tabs.setCurrentWidget(panel)
    panel.set_inputs(tree.npu_root, tree.golden_root, mode="ranks")
    panel.run()
    wait_until(lambda: panel.result is not None and panel.run_button.isEnabled(), 60_000)


def show_msprobe(window, folder: Path, wait_until: Wait) -> None:
    """Browse with an msprobe tree (two ranks, mix level) open."""
    root = folder / "msprobe"
    if not root.exists():
        write_msprobe_tree(root, "mlp", MsprobeDumpSpec(task="tensor", level="mix", ranks=(0, 1), noise=1e-4,
                                                        fault_op="dense_1/MatMul"))
    window.open_folder(root)
    browser = window.browse_panel.msprobe
    wait_until(lambda: browser is not None and browser.tree is not None and not window.runner.active, 30_000)


def populated_window(qtbot, folder: Path):
    """The demo window at 1024x700 with its graph and a ranks matrix shown, and the ``wait`` it was built with
    (an msprobe tree comes with :func:`show_msprobe`)."""

    def wait(condition, timeout):
        qtbot.waitUntil(condition, timeout=timeout)

    window = demo_window(folder, wait)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    show_graph(window, wait)
    show_ranks(window, folder, wait)
    return window, wait
