"""acl.json scenarios (seed 001): model dump, single-op, overflow, exception, watcher, refusals."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.dump.naming import parse_name
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.errors import ConfigRefused
from tests.core.emulator.helpers import dumps, rel, run


def _acl(tmp_path, dump: dict):
    path = tmp_path / "acl.json"
    path.write_text(json.dumps({"dump": dump}))
    return path


def test_model_dump_with_layer_and_steps_writes_the_model_tree(tmp_path):
    cfg = _acl(tmp_path, {"dump_list": [{"model_name": "convnet", "layer": ["conv1conv1_relu", "pool1"]}],
                          "dump_path": "out", "dump_mode": "all", "dump_step": "0|2"})
    result = run(tmp_path, cfg, model="convnet", steps=3)
    files = rel(result, tmp_path)
    parts = {tuple(f.split("/")[:6]) for f in files}
    assert parts == {("out", "20240101000000", "0", "convnet", "1", "0"), ("out", "20240101000000", "0", "convnet",
                                                                           "1", "2")}
    names = {parse_name(f.split("/")[-1]).op_name for f in files}
    assert names == {"conv1conv1_relu", "pool1", "data"}     # the Data op feeding a listed layer comes too
    conv = read_dump(next(p for p in result.written if ".conv1conv1_relu." in p.name))
    assert [t.format for t in conv.inputs] == ["NC1HWC0", "FRACTAL_Z", "ND"]
    assert conv.outputs[0].format == "NC1HWC0" and conv.outputs[0].original_shape == (2, 8, 16, 16)
    assert conv.outputs[0].original_name == "conv1_relu"
    assert conv.outputs[0].dtype == "DT_FLOAT16"
    assert result.roots == {"dump_data": tmp_path / "out"}


def test_dumped_values_match_the_golden_within_float16_error(tmp_path):
    cfg = _acl(tmp_path, {"dump_list": [{}], "dump_path": "out"})
    result = run(tmp_path, cfg, model="convnet", golden_dir=tmp_path / "golden")
    conv = read_dump(next(p for p in dumps(result) if ".conv2conv2_relu." in p.name))
    golden = np.load(next((tmp_path / "golden" / "0").glob("conv2_relu.0.*.npy")))
    npu = conv.outputs[0].array(np.float32)
    assert npu.shape == golden.shape
    assert np.abs(npu - golden).max() < 0.05 * np.abs(golden).max() and not np.array_equal(npu, golden)


def test_model_name_mismatch_dumps_nothing_with_a_warning(tmp_path):
    result = run(tmp_path, _acl(tmp_path, {"dump_list": [{"model_name": "ResNet-50"}], "dump_path": "out"}))
    assert result.written == []
    assert any("ResNet-50" in w for w in result.warnings)


def test_path_only_config_is_a_silent_no_op(tmp_path):
    result = run(tmp_path, _acl(tmp_path, {"dump_path": "out"}))
    assert result.written == [] and any("writes no dump files" in w for w in result.warnings)
    assert len(result.warnings) == 2       # the checker's finding and the run's summary, not a third copy


def test_single_op_dump_writes_flat_op_files(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_list": [], "dump_op_switch": "on", "dump_mode": "input"})
    result = run(tmp_path, cfg, steps=2)
    files = rel(result, tmp_path)
    assert files and all(len(f.split("/")) == 4 for f in files)       # out/{time}/{device}/{file}
    tasks = [parse_name(f.split("/")[-1]).task_id for f in files]
    assert len(set(tasks)) == len(tasks)                               # two steps, distinct task ids
    assert all(read_dump(p).outputs == [] and read_dump(p).inputs for p in result.written)


def test_overflow_dump_writes_opdebug_next_to_the_overflowing_op(tmp_path):
    result = run(tmp_path, _acl(tmp_path, {"dump_path": "out", "dump_debug": "on"}), model="overflow_fp16")
    opdebug = [p for p in result.written if p.name.startswith("Opdebug.Node_OpDebug.")]
    ops = [p for p in result.written if not p.name.startswith("Opdebug")]
    assert len(opdebug) == 1 and len(ops) == 1
    assert opdebug[0].parent == ops[0].parent and opdebug[0].parent.parts[-3:] == ("overflow_fp16", "1", "0")
    record = read_dump(opdebug[0]).overflow[0]
    op_name = parse_name(ops[0].name)
    assert (record.task_id, record.stream_id) == (op_name.task_id, op_name.stream_id)
    assert op_name.op_name == "dense_MatMul" and record.acc_type == "AIC"
    dumped = read_dump(ops[0])
    assert np.isinf(dumped.outputs[0].array(np.float32)).any()
    assert np.isfinite(dumped.inputs[0].array(np.float32)).all()


def test_overflow_dump_is_empty_when_nothing_overflows(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_debug": "on"})
    assert run(tmp_path, cfg, model="mlp").written == []
    doc = ConfigDoc("tf1_session", {"enable_dump_debug": True, "dump_path": "out",
                                    "precision_mode": "must_keep_origin_dtype"})
    assert run(tmp_path, doc, model="overflow_fp16").written == []


@pytest.mark.parametrize("scene,prefix", [("aic_err_brief_dump", "exception_info."),
                                          ("lite_exception", "exception_info."),
                                          ("aic_err_norm_dump", "MatMulV2.dense_1_MatMul.")])
def test_exception_dump_layout(tmp_path, scene, prefix):
    result = run(tmp_path, _acl(tmp_path, {"dump_scene": scene}), steps=2, fault="aicore_error")
    (path,) = result.written
    assert path.parent == tmp_path / "extra-info" / "data-dump" / "0"
    assert path.name.startswith(prefix)
    assert len(path.name.rsplit(".", 1)[1]) == 17                       # YYYYMMDDHHMMSSmmm
    dump = read_dump(path)
    assert dump.op_name == "dense_1/MatMul" and dump.inputs and dump.outputs and dump.workspaces
    assert any("exits" in w for w in result.warnings)


def test_exception_dump_path_priority(tmp_path):
    cfg = _acl(tmp_path, {"dump_scene": "aic_err_brief_dump", "dump_path": "out"})
    result = run(tmp_path, cfg, fault="aicore_error", env={"ASCEND_WORK_PATH": str(tmp_path / "work")})
    assert result.written[0].parent == tmp_path / "work" / "extra-info" / "data-dump" / "0"
    result = run(tmp_path, cfg, fault="aicore_error", env={"ASCEND_WORK_PATH": str(tmp_path / "work"),
                                                          "NPU_COLLECT_PATH": str(tmp_path / "collect")})
    path = result.written[0]
    assert path.parent == tmp_path / "collect" / "extra-info" / "data-dump" / "0"
    assert path.name.startswith("MatMulV2.")                           # NPU_COLLECT_PATH forces the norm dump


def test_exception_scene_without_a_fault_writes_nothing(tmp_path):
    assert run(tmp_path, _acl(tmp_path, {"dump_scene": "aic_err_brief_dump"})).written == []


def test_watcher_dumps_the_watched_node_before_and_after_the_overwrite(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_scene": "watcher", "dump_mode": "output",
                          "dump_list": [{"layer": ["dense_1/Relu"], "watcher_nodes": ["dense/Relu"]}]})
    result = run(tmp_path, cfg, fault="overwrite")
    assert {parse_name(p.name).op_name for p in result.written} == {"dense_Relu"}
    by_task = {parse_name(p.name).task_id: read_dump(p).outputs[0].array(np.float32) for p in result.written}
    assert len(by_task) == 2
    own, after_culprit = (by_task[t] for t in sorted(by_task))
    assert not np.array_equal(own, after_culprit)
    clean = run(tmp_path / "clean", cfg)
    values = [read_dump(p).outputs[0].array(np.float32) for p in clean.written]
    np.testing.assert_array_equal(values[0], values[1])


def test_config_errors_are_refused_with_the_findings(tmp_path):
    with pytest.raises(ConfigRefused) as exc:
        run(tmp_path, _acl(tmp_path, {"dump_path": "out", "dump_debug": "on", "dump_op_switch": "on"}))
    assert exc.value.findings and any(f.severity.value == "error" for f in exc.value.findings)


def test_missing_dump_path_folder_is_refused(tmp_path):
    with pytest.raises(ConfigRefused, match="does not exist"):
        run(tmp_path, _acl(tmp_path, {"dump_path": "nowhere", "dump_list": [{}]}))


def test_blacklists_skip_ops_and_tensor_positions(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_level": "op", "dump_mode": "all", "dump_list": [{
        "model_name": "mlp", "optype_blacklist": [{"name": "Cast", "pos": []}, {"name": "MatMulV2", "pos": ["input1"]}],
        "opname_blacklist": [{"name": "dense/Relu", "pos": ["output0"]}]}]})
    result = run(tmp_path, cfg)
    types = {parse_name(p.name).op_type for p in result.written}
    assert "Cast" not in types and "MatMulV2" in types
    matmul = read_dump(next(p for p in result.written if ".dense_MatMul." in p.name))
    assert len(matmul.inputs) == 2 and matmul.inputs[1].format == "ND"       # x and bias kept, weight skipped
    relu = read_dump(next(p for p in result.written if ".dense_Relu." in p.name))
    assert relu.inputs and not relu.outputs


def test_opname_range_dumps_the_ops_between_begin_and_end(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_level": "op", "dump_list": [{
        "model_name": "mlp", "opname_range": [{"begin": "dense/Relu", "end": "dense_1/Relu"}]}]})
    names = [parse_name(p.name).op_name for p in run(tmp_path, cfg).written]
    assert names == ["dense_Relu", "dense_1_MatMul", "dense_1_Relu"]


def test_dump_stats_selects_the_csv_columns(tmp_path):
    from ascend_dump_gui.core.dump.sidefiles import read_stats_csv

    cfg = _acl(tmp_path, {"dump_path": "out", "dump_list": [{}], "dump_data": "stats", "dump_stats": ["L2norm", "Max"]})
    result = run(tmp_path, cfg)
    rows = read_stats_csv(next(p for p in result.written if ".dense_Relu." in p.name))
    assert list(rows[0]) == ["Input/Output", "Index", "Data Size", "Data Type", "Format", "Shape", "Count",
                             "Max Value", "l2norm"]
    assert rows[0]["l2norm"] > 0 and rows[0]["Max Value"] > 0


def test_dump_level_kernel_and_remote_paths_write_nothing(tmp_path):
    result = run(tmp_path, _acl(tmp_path, {"dump_path": "out", "dump_list": [{}], "dump_level": "kernel"}))
    assert result.written == [] and result.warnings
    result = run(tmp_path, _acl(tmp_path, {"dump_path": "192.168.1.2:/home/out", "dump_list": [{}]}))
    assert result.written == [] and any("remote host" in w for w in result.warnings)


def test_ascend_dump_scene_env_turns_the_exception_dump_on(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_list": [{"layer": ["prob/Softmax"]}]})
    result = run(tmp_path, cfg, fault="aicore_error", env={"ASCEND_DUMP_SCENE": "aic_err_norm_dump"})
    exc = [p for p in result.written if "extra-info" in p.parts]
    assert len(exc) == 1 and exc[0].name.startswith("MatMulV2.dense_1_MatMul.")
    assert any(".prob_Softmax." in p.name for p in result.written) is False   # the process exited before it


def test_progress_and_cancel(tmp_path):
    from ascend_dump_gui.core.progress import Cancelled, CancelToken

    seen = []
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_list": [{}]})
    run(tmp_path, cfg, steps=3, progress=lambda done, total, msg: seen.append((done, total)))
    assert seen[0] == (0, 3) and seen[-1] == (3, 3)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        run(tmp_path, cfg, cancel=token)


def test_nan_fault_shows_in_the_dump_and_as_an_overflow(tmp_path):
    result = run(tmp_path, _acl(tmp_path, {"dump_path": "out", "dump_debug": "on"}), model="transformer", fault="nan")
    ops = [parse_name(p.name) for p in result.written]
    assert [o.op_name for o in ops if o.op_type != "Opdebug"] == ["encoder_attn_Softmax"]
    dump = read_dump(next(p for p in result.written if ".encoder_attn_Softmax." in p.name))
    assert np.isnan(dump.outputs[0].array(np.float32)).any()


def test_pre_fusion_layer_names_dump_nothing_with_a_warning(tmp_path):
    cfg = _acl(tmp_path, {"dump_path": "out", "dump_list": [{"model_name": "convnet", "layer": ["conv1", "pool1"]}]})
    result = run(tmp_path, cfg, model="convnet")
    assert {parse_name(p.name).op_name for p in result.written} == {"pool1"}
    assert any("conv1" in w and "after fusion" in w for w in result.warnings)
