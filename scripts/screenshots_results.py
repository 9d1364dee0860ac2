"""Offscreen screenshots at 1024x700 of the views that show a result and say what they show: the Replay tab (a
kernel verdict, and an ``unsupported`` one explained instead of empty plots), the Error profile of a run with
infinite errors (drawn at the top, marked), msprobe's Compare (its first divergence selected; an md5 row says why
there is no plot) and the Graph mode on an msprobe run with its bench: docs/screenshots/results-*.png.

Run: python scripts/screenshots_results.py [--out docs/screenshots] [--dark] [--lang zh_CN]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import _shots
from screenshots_browse_compare import emulate_tree, wait_until

REPLAY_DATA = Path(__file__).resolve().parents[1] / "tests" / "core" / "replay" / "data"
SIZE = (1024, 700)


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    app, suffix = _shots.start(out, dark, language)
    grab = _shots.Grabber(out, suffix)
    with tempfile.TemporaryDirectory() as tmp:
        window = _shots.main_window(*SIZE)
        compare = window.compare_panel
        window.tabs.setCurrentWidget(compare)

        def compare_run(step, golden, graph):
            done = []
            compare.finished.connect(done.append)
            compare.set_inputs(step, golden, graph)
            compare.run()
            wait_until(app, lambda: bool(done))
            compare.finished.disconnect()

        def replay(op: str) -> None:
            replayed = []
            compare.replay_view.replayed.connect(replayed.append)
            compare.select_op(op)
            compare.replay_op(op)
            wait_until(app, lambda: bool(replayed))

        _, step, golden, graph = emulate_tree(Path(tmp) / "t", "transformer", {"dump_list": [
            {"model_name": "transformer"}], "dump_mode": "all"}, fault="perturb")
        compare_run(step, golden, graph)
        replay("encoder/attn/Softmax")
        grab(window, "results-replay")
        replay("hidden_states")   # a data op has no inputs to replay it from: the tab says so
        grab(window, "results-replay-unsupported")

        _, step, golden, graph = emulate_tree(Path(tmp) / "o", "overflow_fp16", {"dump_list": [
            {"model_name": "overflow_fp16"}], "dump_mode": "all"})
        compare_run(step, golden, graph)
        profiled = []
        compare.profile_view.profiled.connect(profiled.append)
        compare.details.setCurrentWidget(compare.profile_view)
        compare.profile_view.run()
        wait_until(app, lambda: bool(profiled))
        grab(window, "results-profile")

        npu, bench = REPLAY_DATA / "npu_perturbed" / "step0", REPLAY_DATA / "bench" / "step0"
        compare.set_inputs(npu, bench)
        compare.run()
        view = compare.msprobe
        wait_until(app, lambda: view.result is not None and view.replay_view.shown is not None)
        grab(window, "results-msprobe")
        view.mode.setCurrentIndex(view.mode.findData("md5"))
        compare.run()
        wait_until(app, lambda: view.result is not None)
        view.table.selectRow(0)
        wait_until(app, lambda: True)
        grab(window, "results-msprobe-md5")

        view.graph_button.click()
        graph_panel = window.graph_panel
        wait_until(app, lambda: graph_panel.loaded is not None and not graph_panel.busy)
        graph_panel.select_op("Functional.gelu.0.forward")
        wait_until(app, lambda: True)
        grab(window, "results-graph-msprobe")
        window.close()
    return grab.written


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
