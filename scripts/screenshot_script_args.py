"""Screenshots of the Script arguments panel on a real training script: its default run, then with a flag flipped.

Run: python scripts/screenshot_script_args.py SCRIPT FLAG [--out DIR]
(e.g. a model-zoo script and over_dump: the overflow dump options and the 'Where files land' entry appear.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script", type=Path)
    parser.add_argument("flag", help="the flag to switch on, without dashes (over_dump)")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args(argv)
    from ascend_dump_gui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.resize(1600, 1000)
    panel = window.config_panel
    panel.open_config(args.script)
    panel.where.set_cwd("/job")
    panel.where.cwdChanged.emit("/job")
    panel.side_tabs.setCurrentWidget(panel.where)
    window.show()
    app.processEvents()
    args.out.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(args.out / "configure-script-args-default.png"))
    tree = panel.script_panel.flags
    row = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
               if tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == args.flag)
    if row.data(1, Qt.ItemDataRole.UserRole) == "switch":
        row.setCheckState(1, Qt.CheckState.Checked)
    else:
        row.setText(1, "True")
    runner = panel.runner
    while runner is not None and runner.active:
        app.processEvents()
    for _ in range(5):
        app.processEvents()
    panel.form.focus_field("enable_dump_debug")
    app.processEvents()
    window.grab().save(str(args.out / "configure-script-args.png"))
    print(panel.doc.values)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
