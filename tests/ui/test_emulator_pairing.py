"""Issue 24, item 4: *Compare now* after Run in emulator pairs the dumped step with the golden step of the same
number (a dump_step "10" run of 11 steps: NPU step 10 against golden step 10, never golden step 0)."""

from __future__ import annotations

import json

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.ui.config.run_emulator import compare_inputs


def _run(tmp_path, dump_step: str, golden_steps: int | None = None):
    config = tmp_path / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": "dumps", "dump_list": [{"model_name": "mlp"}],
                                           "dump_mode": "all", "dump_step": dump_step}}))
    (tmp_path / "dumps").mkdir()
    return emulate(config, model="mlp", steps=11, cwd=tmp_path, golden_dir=tmp_path / "golden")


def test_compare_now_pairs_the_same_step(tmp_path):
    result = _run(tmp_path, "10")
    npu, golden = compare_inputs(result, tmp_path)
    assert npu.name == "10" and golden == tmp_path / "golden" / "10"
    compared = compare(npu, golden)
    assert compared.summary["compared"] and compared.summary["not_compared"] == 0


def test_no_golden_of_the_dumped_step_offers_nothing(tmp_path):
    result = _run(tmp_path, "10")
    for step in (tmp_path / "golden").iterdir():
        if step.name == "10":
            for f in step.iterdir():
                f.unlink()
            step.rmdir()
    assert compare_inputs(result, tmp_path) is None
