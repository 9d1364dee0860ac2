"""Small dump trees for the Browse/Compare UI tests, written with the core writer (shared helpers)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.naming import dump_file_name, sanitize_part, write_mapping_csv
from ascend_dump_gui.core.scan.scanner import scan
from tests.emulator_runs import WATCHER, emulated, model_dump

__all__ = ["LONG_NAME", "OPS", "STEP", "WATCHER", "drain", "emulated", "make_tree", "model_dump"]
# emulated, model_dump and WATCHER live in tests.emulator_runs (shared with the core compare tests); the
# Compare UI tests still import them from here

STEP = "20240101120000/0/ge_default_1/1/0"
LONG_NAME = "encoder/" + "layer_" * 45 + "Add"  # long enough to be written under a hashed name
OPS = (  # op type, op name, shape
    ("MatMulV2", "dense/MatMul", (4, 8)),
    ("Add", "dense/Add", (4, 8)),
    ("Relu", "dense/Relu", (4, 8)),
    ("Add", LONG_NAME, (2, 3, 4)),
)


def make_tree(root: Path, *, steps: int = 1, extra_files: int = 0) -> Path:
    """``root/dump`` with one model folder per step: four op dumps (one hashed via mapping.csv), a stats
    CSV, and ``extra_files`` more Relu dumps in step 0. Returns the dump root."""
    rng = np.random.default_rng(0)
    dump = root / "dump"
    for step in range(steps):
        folder = dump / STEP[:-1] / str(step)
        folder.mkdir(parents=True)
        mapping = []
        for k, (op_type, op_name, shape) in enumerate(OPS):
            x = rng.normal(size=shape).astype(np.float16)
            name = dump_file_name(op_type, op_name, k + 1, 1, 1_700_000_000_000_000 + 10 * k + step)
            write_dump(folder / name.file_name, op_name=op_name, inputs=[TensorPayload(x)],
                       outputs=[TensorPayload(np.maximum(x, 0))])
            if name.mapping_row:
                mapping.append(name.mapping_row)
        write_mapping_csv(folder / "mapping.csv", mapping)
        stats = dump_file_name("Add", "dense/Add", 2, 1, 1_700_000_000_000_010 + step, suffix=".csv").file_name
        (folder / stats).write_text(
            "Input/Output,Index,Data Size,Data Type,Format,Shape,Max Value,Min Value,Avg Value,Count,"
            "Nan Count,Negative Inf Count,Positive Inf Count\n"
            "Input,0,64,DT_FLOAT16,ND,4x8,2.5,-1.25,0.5,32,0,0,0\n"
            "Output,0,64,DT_FLOAT16,ND,4x8,2.5,0,0.75,32,1,0,0\n")
        for k in range(extra_files if step == 0 else 0):
            name = dump_file_name("Relu", f"extra/Relu_{k}", 100 + k, 1, 1_700_000_000_100_000 + k)
            write_dump(folder / name.file_name, op_name=f"extra/Relu_{k}",
                       outputs=[TensorPayload(np.full(3, k, np.float32))])
    return dump


def run_compare(panel, qtbot, npu, golden, graph=None):
    """Run ``panel`` (a ComparePanel) on these inputs and return its result once finished."""
    panel.set_inputs(npu, golden, graph)
    with qtbot.waitSignal(panel.finished, timeout=30_000) as done:
        assert panel.run() is not None
    return done.args[0]


def drain(qtbot, runner) -> None:
    """Let every worker of ``runner`` end and deliver its signals while the widgets still exist."""
    runner.cancel_all()
    qtbot.waitUntil(lambda: not runner.active, timeout=20_000)


def test_make_tree_writes_a_tree_the_scanner_reads(tmp_path):
    root = make_tree(tmp_path, steps=2)
    result = scan(root)
    kinds = sorted(r.kind for r in result.records)
    assert kinds.count("tensor") == 8 and kinds.count("stats") == 2 and kinds.count("mapping") == 2
    assert sanitize_part(LONG_NAME) in {r.op_name for r in result.records}  # read through mapping.csv
    assert not result.problems
