"""Offscreen screenshots of the replay views on emulator trees: docs/screenshots/replay*.png.

Run: python scripts/screenshots_replay.py [--out docs/screenshots] [--dark] [--lang zh_CN]
The transformer model runs with the ``perturb`` fault (encoder/attn/Softmax off by 1e-2 inside the op); the
Compare mode replays that op (Replay tab: verdict, metrics, budget, NPU-minus-replay histogram and heatmap) and
then every op (Error profile tab).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import _shots
from screenshots_browse_compare import emulate_tree, wait_until


def shoot(out: Path, dark: bool = False, language: str = "en") -> list[Path]:
    app, suffix = _shots.start(out, dark, language)
    grab = _shots.Grabber(out, suffix)
    with tempfile.TemporaryDirectory() as tmp:
        _, step, golden, graph = emulate_tree(Path(tmp) / "t", "transformer", {"dump_list": [
            {"model_name": "transformer"}], "dump_mode": "all"}, fault="perturb")
        window = _shots.main_window()
        compare = window.compare_panel
        window.tabs.setCurrentWidget(compare)
        compare.set_inputs(step, golden, graph)
        done = []
        compare.finished.connect(done.append)
        compare.run()
        wait_until(app, lambda: bool(done))
        replayed = []
        compare.replay_view.replayed.connect(replayed.append)
        compare.select_op("encoder/attn/Softmax")
        compare.replay_op("encoder/attn/Softmax")
        wait_until(app, lambda: bool(replayed))
        grab(window, "replay")
        profiled = []
        compare.profile_view.profiled.connect(profiled.append)
        compare.details.setCurrentWidget(compare.profile_view)
        compare.profile_view.run()
        wait_until(app, lambda: bool(profiled))
        grab(window, "replay-profile")
        window.close()
    return grab.written


if __name__ == "__main__":
    sys.exit(_shots.main(shoot, __doc__.splitlines()[0]))
