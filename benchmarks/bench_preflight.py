"""Start-up cost of the pre-flight check, against importing Qt's widgets (what the app does right after it).

Target (issue 20): with every library present the check stays silent and adds under 50 ms to start-up: the
check alone, and the check followed by ``import PySide6.QtWidgets`` against that import alone (the libraries
the check loads are the ones Qt loads next), each in a fresh interpreter after the app's own imports.

    python benchmarks/bench_preflight.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

APP = "import time, ascend_dump_gui.ui.app; t = time.perf_counter(); "   # the app's own imports come first
CHECK = APP + ("from ascend_dump_gui.preflight.check import preflight; r = preflight(); c = time.perf_counter(); "
               "import PySide6.QtWidgets; print(c - t, time.perf_counter() - t); assert r is None, r")
QT = APP + "import PySide6.QtWidgets; print(time.perf_counter() - t)"


def timed(code: str, env: dict[str, str]) -> list[float]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return [float(x) for x in done.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--display", default=os.environ.get("DISPLAY", ""), help="an X display (default: $DISPLAY)")
    args = parser.parse_args()
    if not args.display:
        parser.error("needs an X display (the check is about Qt's xcb plugin): e.g. Xvfb :19 & --display :19")
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "WAYLAND_DISPLAY"}}
    env["DISPLAY"] = args.display
    runs = [timed(CHECK, env) for _ in range(args.runs)]
    check = statistics.median(r[0] for r in runs)
    with_check = statistics.median(r[1] for r in runs)
    qt = statistics.median(timed(QT, env)[0] for _ in range(args.runs))
    print(f"pre-flight check alone (xcb on {args.display}):  {check * 1000:.1f} ms")
    print(f"check + import PySide6.QtWidgets:     {with_check * 1000:.1f} ms")
    print(f"import PySide6.QtWidgets without it:  {qt * 1000:.1f} ms")
    print(f"start-up cost of the check: {(with_check - qt) * 1000:.1f} ms (target < 50 ms)")
    print(f"RATIO preflight_startup_cost_ms {(with_check - qt) * 1000:.1f} <= 50")
    print(f"{check / qt:.2f} x importing Qt's widgets")


if __name__ == "__main__":
    main()
