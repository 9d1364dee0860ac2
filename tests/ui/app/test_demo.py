"""First start with nothing given: the demo fills Browse, Compare and Configure and says how to open one's own;
a PATH opens no demo; a language switch keeps Compare's inputs and result and Browse's folder and selection."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog

from ascend_dump_gui.core.demo import make_demo
from ascend_dump_gui.ui import i18n
from ascend_dump_gui.ui.app import build_window, self_test
from ascend_dump_gui.ui.demo import DemoBanner, DemoLoader
from ascend_dump_gui.ui.settings import demo_folder


def _drain(qtbot, window) -> None:
    """Let the window's workers end and deliver their signals while its widgets still exist (and its panels be
    built: a view built in pieces starts the work asked of it meanwhile once it is built)."""
    qtbot.waitUntil(lambda: not window.runner.active and window.builder.idle, timeout=20_000)
    qtbot.wait(20)


@pytest.fixture
def windows(qtbot):
    """Build windows with ``make(...)``; each is drained, then closed (not left to pytest-qt, which would
    close it before this fixture could let its workers end)."""
    made = []

    def make(*args, **kwargs):
        window = build_window(*args, **kwargs)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        _drain(qtbot, window)
        window.config_panel.undo_stack.setClean()
        window.close()
        window.deleteLater()
    qtbot.wait(10)


def _ready(qtbot, window):
    loader = window.findChild(DemoLoader)
    assert loader is not None
    if not loader.done:
        with qtbot.waitSignal(loader.ready, timeout=20_000):
            pass
    return loader.demo


@pytest.fixture
def demo_window(qtbot, tmp_path, windows):
    window = windows(demo_dir=tmp_path / "data" / "demo")
    _ready(qtbot, window)
    return window


def test_no_path_fills_every_mode_with_the_demo(demo_window, tmp_path):
    window, loader = demo_window, demo_window.findChild(DemoLoader)
    demo = loader.demo
    assert demo.folder == tmp_path / "data" / "demo" and demo.config_path.is_file()
    # Browse: the dump tree, with the first diverging op selected
    browse = window.browse_panel
    assert browse.folder == str(demo.dump_root) and window.dump_folder == demo.dump_root
    assert browse.ops.rowCount() > 0
    assert browse.current_record().op_name == "dense_MatMul"
    # Compare: rows, the first divergence and the overflows
    compare = window.compare_panel
    result = compare.result()
    assert result is not None and len(result.rows) > 5
    assert result.first_divergence.tensor == "dense/MatMul:output:0" and result.overflows
    assert compare.current_row().tensor == "dense/MatMul:output:0"
    assert compare.inputs.npu.path() == str(demo.dump_step_folder)
    assert compare.inputs.graph.path() == str(demo.graph)
    # Configure: the config that made the tree, unmodified, resolved against the demo folder
    config = window.config_panel
    assert config.path == demo.config_path and not config.is_dirty
    assert config.doc.values["dump_path"] == "dump" and "acl.json" in window.windowTitle()
    assert config.where.rows()["dump_data"][0] == str(demo.dump_root)
    # the note says what this is and how to open one's own; the mode is not switched under the user
    banner = window.findChild(DemoBanner)
    assert banner is not None and banner.isVisible()
    assert "demo" in banner.text.text() and "Open Dump Folder" in banner.text.text()
    assert "drop a folder" in banner.text.text()
    assert window.tabs.currentWidget() is config
    assert self_test(window) == []


def test_a_path_opens_no_demo(qtbot, windows, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    window = windows(folder, demo_dir=tmp_path / "demo")
    assert window.findChild(DemoLoader) is None and window.findChild(DemoBanner) is None
    assert not window.built("browse")  # Browse is built once the window has painted, then opens the folder
    qtbot.waitUntil(lambda: window.built("browse") and window.browse_panel.folder == str(folder))
    assert not window.compare_panel.inputs.npu.path()
    assert not (tmp_path / "demo").exists()


def test_what_the_user_opened_meanwhile_is_kept(qtbot, windows, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    window = windows(demo_dir=tmp_path / "demo")
    window.open_path(mine)  # before the demo worker reports back
    _ready(qtbot, window)
    assert window.browse_panel.folder == str(mine) and window.dump_folder == mine
    assert window.compare_panel.result() is not None  # the other modes still get the demo


def test_a_demo_that_cannot_be_written_is_reported_in_the_status_bar(qtbot, windows, tmp_path):
    foreign = tmp_path / "demo"
    foreign.mkdir()
    (foreign / "mine.txt").write_text("not a demo")
    window = windows(demo_dir=foreign)
    loader = window.findChild(DemoLoader)
    if not loader.done:
        with qtbot.waitSignal(loader.failed, timeout=20_000):
            pass
    assert loader.done and loader.demo is None
    assert "demo could not be prepared" in window.status.currentMessage()
    assert window.findChild(DemoBanner) is None and window.browse_panel.folder is None
    assert window.config_panel.findings  # the built-in demo config is still there to look at
    assert self_test(window) == ["the demo could not be prepared"]


def test_the_demo_is_reused_on_the_next_start(qtbot, windows, demo_window):
    first = demo_window.findChild(DemoLoader).demo
    again = _ready(qtbot, windows(demo_dir=first.folder))
    assert again.reused and again.files == first.files


def test_rebuild_demo_writes_it_afresh(qtbot, windows, tmp_path):
    folder = make_demo(tmp_path / "demo").folder
    assert not _ready(qtbot, windows(demo_dir=folder, rebuild_demo=True)).reused


def test_banner_buttons_open_and_dismiss(demo_window, tmp_path, monkeypatch, qtbot):
    mine = tmp_path / "mine"
    mine.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(mine))
    banner = demo_window.findChild(DemoBanner)
    banner.open_folder.click()
    assert demo_window.browse_panel.folder == str(mine)
    assert demo_window.tabs.currentWidget() is demo_window.browse_panel
    banner.dismiss.click()
    qtbot.waitUntil(lambda: demo_window.findChild(DemoBanner) is None, timeout=5000)


def test_language_switch_keeps_compare_and_browse(demo_window, qtbot):
    window = demo_window
    browse = window.browse_panel
    browse.select_op("dense_1/MatMul")
    qtbot.waitUntil(lambda: browse.current_record() is not None
                    and browse.current_record().op_name == "dense_1_MatMul", timeout=10_000)
    record = browse.current_record().path
    compare = window.compare_panel
    compare.select_op("dense/Relu")
    inputs = (compare.inputs.npu.path(), compare.inputs.golden.path(), compare.inputs.graph.path())
    compare.inputs.spins["cos_min"].setValue(0.95)
    compare.inputs.set_metrics(["CosineSimilarity", "MaxAbsoluteError"])
    rows = len(compare.result().rows)
    banner = window.findChild(DemoBanner)
    _drain(qtbot, window)  # a switch is refused while work runs
    try:
        window.findChild(QAction, "language_zh_CN").trigger()
        new_compare, new_browse = window.compare_panel, window.browse_panel
        assert new_compare is not compare and new_browse is not browse
        assert not new_compare.job.busy and new_compare.result() is compare.result()  # handed over, not rerun
        assert not new_browse.scanning.busy  # the folder's index is handed over too, not scanned again
        qtbot.waitUntil(lambda: new_compare.result() is not None and new_compare.current_row() is not None
                        and new_compare.current_row().op_name == "dense/Relu", timeout=20_000)
        assert (new_compare.inputs.npu.path(), new_compare.inputs.golden.path(),
                new_compare.inputs.graph.path()) == inputs
        assert new_compare.inputs.spins["cos_min"].value() == pytest.approx(0.95)
        assert new_compare.inputs.metrics() == ["CosineSimilarity", "MaxAbsoluteError"]
        assert len(new_compare.result().rows) == rows
        qtbot.waitUntil(lambda: new_browse.current_record() is not None
                        and new_browse.current_record().path == record, timeout=20_000)
        assert new_browse.folder == str(window.dump_folder)
        assert window.findChild(DemoBanner) is banner  # the note stays, in the new language
        qtbot.waitUntil(lambda: "Open Dump Folder" not in banner.open_folder.text(), timeout=5000)
    finally:
        i18n.install_language("en")
    qtbot.waitUntil(lambda: banner.open_folder.text() == "Open Dump Folder…", timeout=5000)


def test_demo_folder_is_in_the_per_user_data_folder(qapp):
    folder = demo_folder()
    assert folder.name == "demo" and folder.is_absolute() and folder.parent != folder.parent.parent


def test_a_dismissed_banner_stays_dismissed_and_the_session_comes_back(qtbot, tmp_path, windows):
    first = windows(demo_dir=tmp_path / "data" / "demo")
    demo = _ready(qtbot, first)
    first.findChild(DemoBanner).dismiss.click()
    _drain(qtbot, first)
    first.close()  # saves the session
    second = windows(demo_dir=tmp_path / "data" / "demo")
    _ready(qtbot, second)
    assert second.findChild(DemoBanner) is None  # the user closed it once: it is not shown again
    assert second.browse_panel.folder == str(demo.dump_root) == str(second.dump_folder)
    assert second.compare_panel.inputs.npu.path() == str(demo.dump_step_folder)
    assert second.compare_panel.inputs.graph.path() == str(demo.graph)


def test_demo_folder_names_the_app_once(qapp):
    assert demo_folder().parts[-3:-1] != ("ascend-dump-gui", "ascend-dump-gui")
    assert demo_folder().parent.name == "ascend-dump-gui"


def test_a_second_start_says_it_restored_the_session_and_the_banner_agrees(qtbot, tmp_path, windows):
    """Issue 24: the banner never says "this is a demo" over the folders of the last session."""
    first = windows(demo_dir=tmp_path / "data" / "demo")
    _ready(qtbot, first)
    mine = tmp_path / "mine"
    mine.mkdir()
    first.open_path(mine)
    _drain(qtbot, first)
    first.close()  # saves the session: Browse shows "mine", Compare the demo's paths
    second = windows(demo_dir=tmp_path / "data" / "demo")
    _ready(qtbot, second)
    assert second.browse_panel.folder == str(mine)
    text = second.findChild(DemoBanner).text.text()
    assert "This is a demo" not in text and "Restored your last session" in text and "mine" in text
    assert "Compare" in text and "Configure" in text   # the demo filled only Configure
    assert second.compare_panel.result() is None       # restored paths, no result pretending to be theirs
    named = "overflow_fp16 step 0 vs golden/0"   # as Compare's summary names them, never "0 vs 0"
    assert f"Compare: {named}" in text and "0 vs 0" not in text, text


def test_configure_shows_the_demos_config_from_the_start(qtbot, windows, tmp_path):
    """No watcher sample first and the demo's config later: Configure shows the demo's acl.json from the moment
    it is built, and the demo being ready changes nothing there."""
    folder = tmp_path / "data" / "demo"
    window = windows(demo_dir=folder)
    qtbot.waitUntil(lambda: window.built("configure"), timeout=20_000)
    config = window.config_panel
    seen = [(config.path, dict(config.doc.values))]
    config.stateChanged.connect(lambda: seen.append((config.path, dict(config.doc.values))))
    demo = _ready(qtbot, window)
    assert seen[0][0] == folder / "acl.json" == demo.config_path
    assert seen[0][1]["dump_path"] == "dump" and "dump_scene" not in seen[0][1]   # not the watcher sample
    assert all(state == seen[0] for state in seen) and not config.is_dirty
    assert demo.config_path.read_text(encoding="utf-8").strip().startswith("{")
