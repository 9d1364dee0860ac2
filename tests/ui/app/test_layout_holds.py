"""Layout that holds at 1024x700 and at 4K: path fields get their own rows when narrow, long status text is
elided with a tooltip, and the window never grows by itself."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication

from ascend_dump_gui.ui.elided_label import ElidedLabel

LONG = "cannot list layer_" + "x" * 400 + ": Permission denied"


@pytest.mark.parametrize("size", [(1024, 700), (3840, 2160)])
def test_the_window_fits_and_never_grows(window, qtbot, size):
    window.resize(*size)
    qtbot.wait(50)
    hint = window.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 700
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(20)
    window.browse_panel._set_status(LONG)
    window.browse_panel.path_label.setText("/data/" + "very_long_folder_name/" * 30)
    window.compare_panel._set_summary(LONG)
    window.compare_panel.inputs.npu.set_path("/data/" + "x" * 500)
    qtbot.wait(50)
    assert (window.width(), window.height()) == size
    assert window.minimumSizeHint().width() <= 1024


def test_compare_paths_get_their_own_rows_when_narrow(window, qtbot):
    window.resize(1024, 700)
    window.tabs.setCurrentWidget(window.compare_panel)
    qtbot.wait(50)
    inputs = window.compare_panel.inputs
    assert inputs.narrow and inputs.npu.edit.width() >= 600
    window.resize(1900, 1000)
    qtbot.wait(50)
    assert not inputs.narrow and inputs.npu.edit.width() >= 500


def test_long_text_is_elided_with_the_whole_text_in_the_tooltip(qtbot):
    label = ElidedLabel(LONG)
    qtbot.addWidget(label)
    label.resize(200, 20)
    label.show()
    assert label.toolTip() == LONG and label.elided().endswith("…") and len(label.elided()) < len(LONG)
    assert label.minimumSizeHint().width() <= 60 and label.sizeHint().width() <= 480
    label.actions()[0].trigger()  # the right-click "Copy" copies the whole text
    assert QGuiApplication.clipboard().text() == LONG


def _clipped(widget) -> list[str]:
    """Visible labels (in ``widget``) whose text needs more room than they got."""
    from PySide6.QtWidgets import QLabel

    out = []
    for label in widget.findChildren(QLabel):
        if not label.isVisibleTo(widget) or not label.text() or label.pixmap() and not label.pixmap().isNull():
            continue
        if label.wordWrap():
            short = label.height() < label.heightForWidth(label.width())
        else:
            hint = label.sizeHint()
            short = label.width() < hint.width() - 1 or label.height() < hint.height() - 1
        if short and not isinstance(label, ElidedLabel):
            out.append(f"{label.objectName() or label.text()[:50]!r}: {label.size().toTuple()} < "
                       f"{label.sizeHint().toTuple()}")
    return out


def test_every_populated_mode_fits_1024x700_and_4k(qtbot, tmp_path, language):
    """The demo in every mode, its graph, a ranks matrix and then an msprobe tree: the window's minimum size stays
    within 1024x700, nothing grows it, the demo banner's text is whole, and it still fills a 4K screen."""
    from ascend_dump_gui.ui.demo import DemoBanner
    from tests.ui.populated import populated_window, show_msprobe

    window, wait = populated_window(qtbot, tmp_path)
    sizes = {}
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(30)
        hint = window.minimumSizeHint()
        sizes[window.tabs.tabText(tab)] = (hint.width(), hint.height())
    show_msprobe(window, tmp_path, wait)
    qtbot.wait(30)
    sizes["Browse (msprobe)"] = window.minimumSizeHint().toTuple()
    too_big = {tab: size for tab, size in sizes.items() if size[0] > 1024 or size[1] > 700}
    assert not too_big, f"minimum sizes beyond 1024x700 ({language}): {too_big}"
    assert window.size().toTuple() == (1024, 700)
    banner = window.findChild(DemoBanner)
    assert banner is not None and not _clipped(banner), _clipped(banner)
    window.resize(3840, 2160)
    qtbot.wait(30)
    assert window.size().toTuple() == (3840, 2160) and window.tabs.width() >= 3800
    qtbot.waitUntil(lambda: not window.runner.active, timeout=30_000)


SCREEN_CHILD = r"""
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv[:1])


class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, lambda: report(obj))
        return False


def report(window):
    print(json.dumps({"frame": window.frameGeometry().getRect(), "available": window.screen().availableGeometry().getRect(),
                      "minimum": window.minimumSizeHint().width()}))
    app.quit()


watch, plain = Watch(), QMainWindow.__init__


def init(self, *args, **kwargs):
    plain(self, *args, **kwargs)
    self.installEventFilter(watch)


QMainWindow.__init__ = init
from ascend_dump_gui.ui.app import main

main(sys.argv[1:])
"""


def test_the_first_start_opens_within_a_1024x700_screen(tmp_path):
    """A fresh start (no saved geometry) on a 1024x700 screen: the whole window, frame included, is on it."""
    import json
    import subprocess
    import sys

    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1024, "height": 700}]}))
    home = tmp_path / "home"
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
           "QT_QPA_PLATFORM": f"offscreen:configfile={screen}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", SCREEN_CHILD], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    x, y, width, height = seen["frame"]
    ax, ay, available_width, available_height = seen["available"]
    assert (ax, ay, available_width, available_height) == (0, 0, 1024, 700)
    assert x >= 0 and y >= 0 and x + width <= 1024 and y + height <= 700, seen
    assert seen["minimum"] <= 1024


def test_initial_geometry_is_the_default_size_where_it_fits_and_smaller_where_not():
    from PySide6.QtCore import QRect

    from ascend_dump_gui.ui.main_window import DEFAULT_SIZE, initial_geometry

    big = QRect(0, 0, 2560, 1400)
    assert initial_geometry(big).size() == DEFAULT_SIZE and big.contains(initial_geometry(big))
    small = QRect(100, 30, 1024, 700)  # a panel on the left and at the top
    placed = initial_geometry(small)
    assert small.contains(placed) and placed.width() < 1024 and placed.height() < 700


def _configure_scrolls_sideways(window, qtbot) -> list[str]:
    """The scenarios whose Configure form scrolls sideways, shown and with each field focused."""
    from ascend_dump_gui.core.config.scenarios import SCENARIOS

    panel = window.config_panel
    window.tabs.setCurrentWidget(panel)
    scrolling = []
    for name in SCENARIOS:
        panel.new_config(name)
        qtbot.wait(20)
        bar = panel.form.scroll.horizontalScrollBar()
        if bar.maximum() > 0:
            scrolling.append(f"{name}: {bar.maximum()} px")
            continue
        for key in list(panel.form._rows)[:12]:  # focusing a field scrolls it into view: never sideways
            panel.form.editor(key).input.setFocus()
            qtbot.wait(5)
            if bar.value():
                scrolling.append(f"{name}: focusing {key} scrolled {bar.value()} px")
                break
    return scrolling


def test_msprobe_graph_with_a_bench_and_configure_fit_1024(qtbot, tmp_path, language):
    """Every mode of a populated window, then an msprobe run with its bench and an L1 run in Graph, then every mode
    again: the minimum width stays within 1024 and the window is never widened; Configure never scrolls
    sideways."""
    from tests.core.graph.msprobe_trees import PAIRS, REAL
    from tests.ui.populated import populated_window

    window, wait = populated_window(qtbot, tmp_path)
    graph = window.graph_panel
    window.tabs.setCurrentWidget(graph)
    npu, bench = PAIRS["mix"]
    graph.open_msprobe(npu, bench=bench)
    wait(lambda: graph.msprobe is not None and graph.msprobe.bench is not None and not graph.busy, 30_000)
    qtbot.wait(30)
    assert graph.bench_button.isVisible() and graph.map_button.isVisible()
    widths = {"Graph (msprobe + bench)": window.minimumSizeHint().width()}
    graph.open_graph(REAL["L1_stats"])
    wait(lambda: graph.msprobe is not None and graph.msprobe.bench is None and not graph.busy, 30_000)
    widths["Graph (L1)"] = window.minimumSizeHint().width()
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.wait(30)
        widths[window.tabs.tabText(tab)] = window.minimumSizeHint().width()
    assert all(width <= 1024 for width in widths.values()), widths
    assert window.size().toTuple() == (1024, 700)
    assert _configure_scrolls_sideways(window, qtbot) == []
    qtbot.waitUntil(lambda: not window.runner.active, timeout=30_000)


def test_graph_fit_keeps_labels_legible_and_the_minimap_leaves_the_last_nodes_visible(qtbot, shown_panel):
    from ascend_dump_gui.ui.graph.canvas import FIT_ZOOM
    from ascend_dump_gui.ui.graph.panel import GraphPanel
    from tests.core.graph.msprobe_trees import REAL

    panel, _runner = shown_panel(GraphPanel)
    panel.resize(900, 520)
    with qtbot.waitSignal(panel.graphShown, timeout=30_000):
        panel.open_graph(REAL["L1_stats"])
    qtbot.waitUntil(lambda: not panel.busy, timeout=30_000)
    side = panel.npu_side
    canvas, minimap = side.canvas, side.minimap
    panel.fit()
    qtbot.wait(20)
    assert canvas.transform().m11() >= FIT_ZOOM and canvas._lod[0]   # the boxes' labels are drawn
    assert not canvas.shows_all() and minimap.isVisible()   # the rest is out of view: the minimap shows
    canvas.verticalScrollBar().setValue(canvas.verticalScrollBar().maximum())
    qtbot.wait(20)
    covered = minimap.geometry().translated(-canvas.viewport().pos())  # the minimap in viewport coordinates
    for item in canvas.boxes.values():
        box = canvas.mapFromScene(item.sceneBoundingRect()).boundingRect()
        assert not box.intersects(covered), item.key   # scrolled to the end, no box lies under the minimap
    canvas.resetTransform()
    canvas.zoom_by(0.05)
    qtbot.wait(20)
    assert canvas.shows_all() and not minimap.isVisible()   # all in view: no minimap over it
