"""Benchmark the GUI's start against a bare PySide6 ``QMainWindow`` started the same way.

    python benchmarks/bench_start.py [--runs 5]

Each start is a fresh Python process with a fresh home folder (no settings, no demo yet), timed from launch to
the first paint of its main window. The app starts through ``ui.app.main`` twice: with a dump folder argument
(the window opens in Browse) and with none (first start: the demo). The baseline is a bare ``QMainWindow``
shown by the same kind of process. Uses the display in ``$DISPLAY`` (e.g. Xvfb) if there is one, else Qt's
offscreen platform. Bytecode may be cached (as in an installed package): one unmeasured start of each kind
comes first. Target: the median of each app start at most 3x the median of the bare one, measured in the
same run; the ratios are printed on their own lines as ``N.NN x bare QMainWindow``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 3.0

CHILD = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv[:1])

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and isinstance(obj, QMainWindow) and not hasattr(self, "seen"):
            self.seen = True
            QTimer.singleShot(0, lambda: (print(f"PAINTED {time.time():.6f}", flush=True), app.quit()))
        return False

watcher = FirstPaint()
app.installEventFilter(watcher)
if sys.argv[1] == "bare":
    window = QMainWindow()
    window.resize(1280, 820)
    window.show()
    app.exec()
else:
    from ascend_dump_gui.ui.app import main
    main(sys.argv[2:])
"""


def start_once(mode: str, args: list[str], env: dict[str, str]) -> float:
    """Seconds from launching a fresh process to its main window's first paint."""
    with tempfile.TemporaryDirectory(prefix="bench-start-home-") as home:
        env = {**env, "HOME": home, "XDG_CONFIG_HOME": f"{home}/config", "XDG_DATA_HOME": f"{home}/data",
               "XDG_CACHE_HOME": f"{home}/cache"}
        t0 = time.time()
        out = subprocess.run([sys.executable, "-c", CHILD, mode, *args], env=env, capture_output=True, text=True,
                             timeout=120)
        for line in out.stdout.splitlines():
            if line.startswith("PAINTED "):
                return float(line.split()[1]) - t0
        raise RuntimeError(f"{mode} {args}: no first paint\n{out.stdout}\n{out.stderr}")


def dump_folder(where: Path) -> Path:
    """A real dump tree to open (the demo's, written by the project's emulator)."""
    from ascend_dump_gui.core.demo import make_demo

    return make_demo(where).dump_root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its bytecode compiled
    env.setdefault("PYTHONPATH", str(Path(__file__).resolve().parents[1]))
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    print(f"platform: {env.get('QT_QPA_PLATFORM') or 'display ' + env.get('DISPLAY', '')}")
    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        folder = str(dump_folder(Path(tmp)))
        cases = {"bare QMainWindow": ("bare", []), "app, dump folder": ("app", [folder]), "app, no argument": ("app", [])}
        times: dict[str, list[float]] = {name: [] for name in cases}
        for mode, argv in cases.values():  # warm-up: bytecode written, files in the page cache
            start_once(mode, argv, env)
        for _ in range(args.runs):  # interleaved: a load change hits every case alike
            for name, (mode, argv) in cases.items():
                times[name].append(start_once(mode, argv, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    bare = medians["bare QMainWindow"]
    ok = True
    for name, median in medians.items():
        print(f"{name:18s} median {median:.3f} s  ({', '.join(f'{t:.3f}' for t in times[name])})")
    for name, median in medians.items():
        if name != "bare QMainWindow":
            ratio = median / bare
            ok = ok and ratio <= TARGET
            print(f"{name}: {ratio:.2f} x bare QMainWindow (target <= {TARGET:g})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
