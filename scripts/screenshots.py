"""Offscreen screenshots of each scenario's editor (and the emulator dialog) into docs/screenshots/*.png.

Run: python scripts/screenshots.py [--out docs/screenshots] [--dark] [--lang zh_CN]
(--lang writes *-zh_CN.png; Chinese needs a CJK font such as fonts-wqy-microhei or fonts-noto-cjk.)
Each shot loads a small config with at least one finding, so the findings panel, the markers next to the
fields, the preview and the 'where files land' table all show something.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import _shots

# scenario -> (file name shown in the title, values, environment, side tab to show: a ConfigPanel attribute)
SHOTS = {
    "acl_json": (None, None, {}, "preview"),
    "tf1_session": ("train.py", {"enable_dump": True, "enable_dump_debug": True, "dump_path": "/home/user/dump",
                                 "dump_step": "0|5-3", "dump_mode": "all", "precision_mode": "allow_mix_precision"},
                   {}, "preview"),
    "tf2_npu_device": ("train_tf2.py", {"enable_dump": True, "dump_path": "output", "dump_step": "0|5|10",
                                        "dump_mode": "all", "dump_data": "stats"},
                       {"ASCEND_WORK_PATH": "/data/work/host1"}, "where"),
    "torchair": ("train_pt.py", {"enable_dump": True, "dump_mode": "all", "dump_path": "/home/dump",
                                 "dump_step": "0|1", "dump_layer": "Add_1Mul_1 Add2", "dump_data": "stats"},
                 {}, "preview"),
    "env": ("dump_env.sh", {"ASCEND_WORK_PATH": "/data/work/host1", "NPU_COLLECT_PATH": "/data/collect",
                            "DUMP_GE_GRAPH": "2"}, {}, "where"),
}


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    """Write one PNG per scenario (plus the emulator dialog) to ``out`` in ``language``; returns the files."""
    from PySide6.QtWidgets import QApplication, QLineEdit

    from ascend_dump_gui.ui.main_window import MainWindow

    app, suffix = _shots.start(out, dark, language)
    written = []
    cwd = Path(tempfile.gettempdir()) / "project"
    for scenario, (name, values, env, side_tab) in SHOTS.items():
        window = MainWindow()
        window.resize(1400, 900)
        panel = window.config_panel
        if values is None:
            panel.load_demo()
        else:
            panel.new_config(scenario, values)
            panel.path = Path(cwd / name) if name else None
        for key, text in env.items():
            panel.env_form.findChild(QLineEdit, key).setText(text)
        panel.where.set_cwd(cwd)
        panel.where.cwdChanged.emit(str(cwd))
        panel.side_tabs.setCurrentWidget(getattr(panel, side_tab))
        panel.undo_stack.setClean()
        window._update_title()
        window.show()
        app.processEvents()
        if panel.findings and panel.findings[0].options:
            panel.focus_option(panel.findings[0].options[0])
        app.processEvents()
        path = out / f"configure-{scenario}{suffix}.png"
        window.grab().save(str(path))
        written.append(path)
        if scenario == "tf2_npu_device":
            written.append(_shoot_emulator(window, out / f"run-emulator{suffix}.png", app))
        window.close()
    QApplication.processEvents()
    return written


def _shoot_emulator(window, path: Path, app) -> Path:
    dialog = window.run_emulator()
    dialog.resize(560, dialog.sizeHint().height())
    app.processEvents()
    dialog.grab().save(str(path))
    dialog.reject()
    return path


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
