"""Browse: links that leave the opened folder are listed, not followed, until the user turns following on."""

from __future__ import annotations

import pytest

from ascend_dump_gui.ui.dump.panel import BrowsePanel
from ascend_dump_gui.ui.settings import follow_links
from tests.ui.test_dump_fixtures import make_tree


@pytest.fixture
def panel(shown_panel):
    return shown_panel(BrowsePanel)[0]


def _open(panel, qtbot, root, rows):
    with qtbot.waitSignal(panel.indexReady, timeout=10_000):
        panel.open_folder(root)
    qtbot.waitUntil(lambda: panel.tree_model.rowCount() == rows, timeout=5000)


def _rows(panel) -> dict[str, str]:
    model = panel.tree_model
    return {model.node(model.index(r, 0)).name: model.data(model.index(r, 1)) for r in range(model.rowCount())}


def test_links_out_of_the_folder_are_listed_not_followed(panel, qtbot, tmp_path):
    root = make_tree(tmp_path / "dumps", steps=1)
    outside = make_tree(tmp_path / "elsewhere", steps=1)
    (root / "everything").symlink_to("/")
    (root / "loop").symlink_to(root)
    (root / "other").symlink_to(outside)
    _open(panel, qtbot, root, 4)
    assert not panel.follow_links_box.isChecked() and not follow_links()
    rows = _rows(panel)
    assert rows["everything"] == rows["other"] == "link (not followed)"
    problems = {p.path: p.message for p in panel._index.scan.problems}
    assert problems["everything"] == "symbolic link to outside the folder (/), not followed"
    assert not any(r.path.startswith(("other/", "everything/")) for r in panel._index.scan.records)
    files = len(panel._index.scan.records)

    (root / "everything").unlink()  # following "/" would index the whole machine
    with qtbot.waitSignal(panel.indexReady, timeout=10_000):
        panel.follow_links_box.setChecked(True)
    qtbot.waitUntil(lambda: panel.tree_model.rowCount() == 3, timeout=5000)
    assert follow_links()
    assert _rows(panel)["other"] != "link (not followed)"
    assert len(panel._index.scan.records) == 2 * files
    assert any(r.path.startswith("other/") for r in panel._index.scan.records)
