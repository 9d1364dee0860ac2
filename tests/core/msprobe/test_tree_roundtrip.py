"""Emulator-written msprobe trees read back: both flavours, statistics and tensor tasks, L0/L1/mix, ranks x steps."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe import open_tree
from ascend_dump_gui.core.msprobe.tree import TensorLoadError
from ascend_dump_gui.core.scan.scanner import scan


@pytest.mark.parametrize("framework", ["pytorch", "mindspore"])
@pytest.mark.parametrize("level", ["L0", "L1", "mix"])
def test_tensor_tree_round_trip(tmp_path, framework, level):
    write_msprobe_tree(tmp_path, "mlp", MsprobeDumpSpec(framework=framework, task="tensor", level=level,
                                                        dtype="bfloat16", steps=(0, 3), ranks=(0, 1), backward=False))
    tree = open_tree(tmp_path)
    assert [(r.step, r.rank) for r in tree.runs] == [(0, 0), (0, 1), (3, 0), (3, 1)]
    run = tree.runs[3]
    assert (run.dump.task, run.dump.level, run.dump.framework) == ("tensor", level, framework)
    modules = [e for e in run.entries if e.is_module]
    apis = [e for e in run.entries if not e.is_module]
    assert bool(modules) == (level != "L1") and bool(apis) == (level != "L0")
    suffix = ".pt" if framework == "pytorch" else ".npy"
    leaves = [leaf for leaf in run.iter_leaves() if leaf.is_tensor]
    assert leaves and all(leaf.data_name.endswith(suffix) for leaf in leaves)
    for leaf in leaves[:12]:
        array = run.load(leaf).astype(np.float32)
        assert array.shape == leaf.shape
        assert leaf.max == pytest.approx(float(array.max()), rel=1e-6)
        assert leaf.norm == pytest.approx(float(np.linalg.norm(array.reshape(-1))), rel=1e-5)
    assert run.missing_files() == [] and run.problems == []
    if level == "mix":
        api = apis[0].name
        assert run.construct[api] in {m.name for m in modules}
    assert run.stacks[run.entries[0].name]


def test_ranks_and_steps_differ(tmp_path):
    write_msprobe_tree(tmp_path, "mlp", MsprobeDumpSpec(steps=(0, 1), ranks=(0, 1)))
    tree = open_tree(tmp_path)
    maxima = {(r.step, r.rank): r.entries[0].leaves[0].max for r in tree.runs}
    assert len(set(maxima.values())) == 4


def test_statistics_only_dump_is_first_class(tmp_path):
    write_msprobe_tree(tmp_path, "convnet", MsprobeDumpSpec(task="statistics", level="mix"))
    (run,) = open_tree(tmp_path).runs
    assert run.rank is None and run.pid == 4242 and run.step == 0
    leaf = next(leaf for leaf in run.iter_leaves() if leaf.is_tensor)
    assert leaf.data_name is None and leaf.max is not None
    with pytest.raises(TensorLoadError, match="statistics-only"):
        run.load(leaf)
    assert not (run.path / "dump_tensor_data").exists()


def test_md5_is_crc32_of_the_tensor_bytes(tmp_path):
    write_msprobe_tree(tmp_path / "m", "mlp", MsprobeDumpSpec(summary_mode="md5", dtype="float16"))
    write_msprobe_tree(tmp_path / "t", "mlp", MsprobeDumpSpec(task="tensor", dtype="float16"))
    md5_run, tensor_run = open_tree(tmp_path / "m").runs[0], open_tree(tmp_path / "t").runs[0]
    for a, b in list(zip(md5_run.iter_leaves(), tensor_run.iter_leaves(), strict=True))[:10]:
        assert a.name == b.name
        assert a.md5 == f"{zlib.crc32(tensor_run.load(b).tobytes()):08x}"


def test_incomplete_dump_json_and_missing_tensor_are_problems(tmp_path):
    write_msprobe_tree(tmp_path, "mlp", MsprobeDumpSpec(task="tensor", ranks=(0, 1)))
    rank0 = tmp_path / "step0" / "rank0"
    text = (rank0 / "dump.json").read_text()
    (rank0 / "dump.json").write_text(text[: len(text) // 2])      # not flushed
    rank1 = tmp_path / "step0" / "rank1" / "dump_tensor_data"
    victim = sorted(rank1.iterdir())[0]
    victim.unlink()
    tree = open_tree(tmp_path)
    run0, run1 = tree.runs
    entries = run0.entries
    assert "ends early" in run0.problems[0].message
    complete = open_tree(tmp_path).runs[1].entries
    assert 0 < len(entries) < len(complete)
    assert [e.name for e in entries] == [e.name for e in complete[: len(entries)]]
    missing = run1.missing_files()
    assert [p.path for p in missing] == [str(victim)]
    leaf = next(leaf for leaf in run1.iter_leaves() if leaf.data_name == victim.name)
    with pytest.raises(TensorLoadError, match="missing"):
        run1.load(leaf)
    result = scan(tmp_path)
    messages = [p.message for p in result.problems]
    assert any("ends early" in m for m in messages) and any(victim.name in p.path for p in result.problems)


def test_untrusted_data_name_is_refused(tmp_path):
    write_msprobe_tree(tmp_path, "mlp", MsprobeDumpSpec(task="tensor"))
    path = tmp_path / "step0" / "proc4242" / "dump.json"
    doc = json.loads(path.read_text())
    first = next(iter(doc["data"].values()))
    first["input_args"][0]["data_name"] = "../../../etc/passwd"
    path.write_text(json.dumps(doc))
    run = open_tree(tmp_path).runs[0]
    with pytest.raises(TensorLoadError, match="not a file name"):
        run.load(run.entries[0].leaves[0])


def test_scan_kinds(tmp_path):
    write_msprobe_tree(tmp_path / "t", "mlp", MsprobeDumpSpec(task="tensor", ranks=(3,), steps=(2,)))
    write_msprobe_tree(tmp_path / "s", "mlp", MsprobeDumpSpec(task="statistics"))
    tensors = scan(tmp_path / "t")
    assert {r.kind for r in tensors.records} == {"msprobe_tensor"} and not tensors.problems
    record = tensors.records[0]
    assert (record.rank, record.iteration) == (3, 2)
    assert record.path.startswith("step2/rank3/dump_tensor_data/")
    assert record.op_name is not None and record.path.rsplit("/", 1)[1].startswith(record.op_name)
    stats = scan(tmp_path / "s")
    assert {r.kind for r in stats.records} == {"msprobe_stats"}
    assert {r.rank for r in stats.records} == {None}
    assert len(stats.records) == len(open_tree(tmp_path / "s").runs[0].entries)


def test_emulate_an_msprobe_config(tmp_path):
    """`emulate --config config.json` writes what PrecisionDebugger would: listed steps and ranks under dump_path."""
    from ascend_dump_gui.cli import main

    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": "out", "rank": [1], "step": ["1-2"],
                                  "level": "L0", "statistics": {"summary_mode": "md5"}}))
    assert main(["emulate", "--config", str(config), "--steps", "3", "--cwd", str(tmp_path)]) == 0
    tree = open_tree(tmp_path / "out")
    assert [(r.step, r.rank) for r in tree.runs] == [(1, 1), (2, 1)]
    run = tree.runs[0]
    assert run.dump.level == "L0" and all(e.is_module for e in run.entries)
    assert next(run.iter_leaves()).md5 is not None
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"task": "tensor", "dump_path": "out", "level": "L2"}))
    assert main(["emulate", "--config", str(bad), "--cwd", str(tmp_path)]) == 1   # msprobe refuses it: so do we


DATA = Path(__file__).parent / "data"


def test_reads_a_tree_written_by_msprobe_itself():
    """msprobe 26.2.0's PrecisionDebugger on CPU torch (task tensor, level mix): every .pt loads, stats agree."""
    (run,) = open_tree(DATA / "real_tensor").runs
    assert (run.step, run.rank, run.pid) == (0, None, 12105)
    assert run.dump.framework == "pytorch" and len(run.entries) == 11
    leaves = [leaf for leaf in run.iter_leaves() if leaf.is_tensor]
    assert len(leaves) == 26 and run.missing_files() == []
    for leaf in leaves:
        array = run.load(leaf).astype(np.float64)
        assert array.shape == leaf.shape
        assert leaf.max == pytest.approx(array.max(), rel=1e-6)
        assert leaf.norm == pytest.approx(np.linalg.norm(array.reshape(-1)), rel=1e-5)
    grads = next(e for e in run.entries if e.name == "Module.fc.Linear.parameters_grad.0")
    assert [leaf.name for leaf in grads.leaves] == ["Module.fc.Linear.parameters_grad.0.bias",
                                                    "Module.fc.Linear.parameters_grad.0.weight"]
    assert run.stacks["Module.fc.Linear.forward.0"]


def test_micro_steps_of_a_step_that_runs_the_model_twice():
    (run,) = open_tree(DATA / "real_micro").runs
    micro = run.micro_steps
    assert micro["Functional.linear.0.forward"] == 0 and micro["Module.fc.Linear.backward.0"] == 0
    assert micro["Functional.linear.1.forward"] == 1 and micro["Module.act.ReLU.backward.1"] == 1
    assert open_tree(DATA / "real_tensor").runs[0].micro_steps == {}


def test_damaged_dump_json_never_raises(tmp_path):
    """Cut at many points, or with bytes overwritten: every read ends in entries and/or a problem."""
    import random

    write_msprobe_tree(tmp_path / "t", "mlp", MsprobeDumpSpec(task="tensor", backward=False))
    good = (tmp_path / "t" / "step0" / "proc4242" / "dump.json").read_bytes()
    rng = random.Random(7)
    for i in range(60):
        data = bytearray(good[: rng.randrange(1, len(good))] if i % 2 else good)
        for _ in range(rng.randint(0, 6)):
            data[rng.randrange(len(data))] = rng.choice(b'{}[]",:0aN\\\xff')
        run_dir = tmp_path / f"case{i}" / "step0" / "rank0"
        run_dir.mkdir(parents=True)
        (run_dir / "dump.json").write_bytes(bytes(data))
        run = open_tree(run_dir).runs[0]
        entries = run.entries
        assert entries or run.problems
        for leaf in run.iter_leaves():
            if leaf.data_name:
                with pytest.raises(TensorLoadError):
                    run.load(leaf)
        scan(run_dir.parent.parent)


def test_level_l2_writes_the_kernel_config_and_the_acl_kernel_dump(tmp_path):
    """L2 links to the raw-dump side: msprobe's kernel_config_{pid}.json is an acl.json, and the kernel dump it
    asks for is an ordinary single-operator dump tree under step{N}/ (read by the scanner as tensors)."""
    from ascend_dump_gui.cli import main
    from ascend_dump_gui.core.config.formats.exporters import export
    from ascend_dump_gui.core.config.formats.importers import load_config

    config = tmp_path / "config.json"
    config.write_text(json.dumps({"task": "tensor", "dump_path": "out", "level": "L2", "step": [1],
                                  "tensor": {"list": ["Functional.linear.0.forward"]}}))
    assert main(["emulate", "--config", str(config), "--steps", "2", "--cwd", str(tmp_path)]) == 0
    kernel = tmp_path / "out" / "step1" / "kernel_config_4242.json"
    acl = load_config(kernel)
    assert acl.scenario == "acl_json" and acl.values["dump_op_switch"] is True
    assert acl.values["dump_path"] == str(tmp_path / "out" / "step1")
    records = scan(tmp_path / "out").records
    assert records and {r.kind for r in records} == {"tensor"} and all(r.path.startswith("step1/") for r in records)
    assert json.loads(export(load_config(config), "acl_json"))["dump"]["dump_path"] == "out/step{N}"


def test_is_msprobe_dir_at_every_level_and_not_elsewhere(tmp_path):
    from ascend_dump_gui.core.msprobe import is_msprobe_dir

    write_msprobe_tree(tmp_path / "d", "mlp", MsprobeDumpSpec(ranks=(0,), backward=False))
    for path in (tmp_path / "d", tmp_path / "d" / "step0", tmp_path / "d" / "step0" / "rank0"):
        assert is_msprobe_dir(path)
    (tmp_path / "raw" / "20240101000000" / "0").mkdir(parents=True)
    (tmp_path / "raw" / "20240101000000" / "0" / "Add.add.1.2.3").write_bytes(b"x")
    assert not is_msprobe_dir(tmp_path / "raw") and not is_msprobe_dir(tmp_path / "missing")
    assert not is_msprobe_dir(tmp_path / "d" / "step0" / "rank0" / "dump.json")


def test_non_tensor_arguments_are_tabled_like_msprobe():
    from ascend_dump_gui.core.msprobe.dump_json import parse_entry

    entry = parse_entry("Tensor.view.0.forward", {
        "input_args": [{"type": "torch.Size", "value": [2, 3]}, {"type": "slice", "value": [0, 4, None]},
                       {"type": "ellipsis", "value": "..."}, {"type": "int", "value": 7}, None],
        "input_kwargs": {"dst": {"type": "int", "value": 1},
                         "group": {"type": "torch.ProcessGroup", "group_ranks": [0, 1]}},
        "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, 3], "Max": 1.0, "Min": 0.0,
                    "Mean": 0.5, "Norm": 1.2, "requires_grad": False}]}, 0)
    by_name = {leaf.name.split(".", 4)[-1]: leaf for leaf in entry.leaves}
    assert by_name["input.0"].dtype == "torch.Size" and by_name["input.0"].shape == (2, 3)
    assert by_name["input.0"].max is None
    assert by_name["input.1"].dtype == "slice" and by_name["input.2"].max == "..."
    assert by_name["input.3"].dtype == "<class 'int'>" and by_name["input.3"].stats == (7, 7, 7, 7)
    assert by_name["input.4"].type is None and by_name["input.4"].dtype is None        # a null argument
    assert by_name["input.dst"].max == "1" and by_name["input.group"].md5 == "[0, 1]"
    assert [leaf.state for leaf in entry.leaves][-1] == "output" and entry.leaves[-1].is_tensor
