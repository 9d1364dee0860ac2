"""Main window wiring: jumping between Compare and Browse keeps the selected op."""

from __future__ import annotations

from ascend_dump_gui.ui.main_window import MainWindow
from tests.ui.test_dump_fixtures import drain, emulated, model_dump


def test_jumping_between_compare_and_browse_keeps_the_op(qtbot, tmp_path):
    root, npu, golden, graph = emulated(tmp_path, model_dump("overflow_fp16"), "overflow_fp16")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    browse, comp = window.browse_panel, window.compare_panel
    with qtbot.waitSignal(browse.indexReady, timeout=20_000):
        window.open_folder(root)
    comp.set_inputs(npu, golden, graph)
    with qtbot.waitSignal(comp.finished, timeout=30_000):
        comp.run()
    assert comp.current_row().op_name == "dense/MatMul"  # landed on the first divergence
    comp.browse_button.click()
    assert window.tabs.currentWidget() is browse
    qtbot.waitUntil(lambda: browse.current_record() is not None
                    and browse.current_record().op_name == "dense_MatMul", timeout=20_000)
    other = next(r for r in comp.result().rows if r.op_name != "dense/MatMul" and r.role == "output")
    assert browse.select_op(other.op_name)
    qtbot.waitUntil(lambda: comp.current_row() is not None and comp.current_row().op_name == other.op_name,
                    timeout=20_000)
    drain(qtbot, window.runner)
