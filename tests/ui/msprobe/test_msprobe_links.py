"""Browse ▸ Follow links on msprobe trees: a rank folder that leads outside the opened folder is a problem, not a
run, until the box is ticked (then the tree opens again with it)."""

from __future__ import annotations

from ascend_dump_gui.ui.dump.panel import BrowsePanel
from tests.core.msprobe.hostile import make_run, make_tree


def test_browse_follows_msprobe_links_only_when_asked(shown_panel, qtbot, tmp_path):
    root = make_tree(tmp_path / "npu")
    make_run(tmp_path / "outside" / "rank1")
    (root / "step0" / "rank1").symlink_to(tmp_path / "outside" / "rank1")
    panel = shown_panel(BrowsePanel)[0]
    panel.follow_links_box.setChecked(False)
    panel.open_folder(root)
    browser = panel.msprobe
    qtbot.waitUntil(lambda: browser.tree is not None and browser.tree.root == root, timeout=10_000)
    assert [r.rank for r in browser.tree.runs] == [0]
    assert "not followed" in browser.info.text()
    previous = browser.tree
    panel.follow_links_box.setChecked(True)
    qtbot.waitUntil(lambda: browser.tree is not previous, timeout=10_000)
    assert [r.rank for r in browser.tree.runs] == [0, 1]
    assert "not followed" not in browser.info.text()
    panel.follow_links_box.setChecked(False)
