"""TF1 session options (seed 002), TF2 dump_config (seed 003), torchair (seed 004)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.dump.naming import parse_name
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.dump.sidefiles import read_stats_csv
from tests.core.emulator.helpers import rel, run

TF1 = """import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("out")
custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes("1|3-4")
custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("{mode}")
"""


def _tf1(tmp_path, mode="output", extra=""):
    path = tmp_path / "train.py"
    path.write_text(TF1.format(mode=mode) + extra)
    return path


def test_tf1_script_dump_step_selects_the_data_index_folders(tmp_path):
    result = run(tmp_path, _tf1(tmp_path), steps=5)
    files = rel(result, tmp_path)
    model_dirs = {f.split("/")[3] for f in files}
    assert len(model_dirs) == 1 and model_dirs.pop().startswith("ge_default_20240101")
    assert {f.split("/")[5] for f in files} == {"1", "3", "4"}
    assert any(parse_name(f.split("/")[-1]).op_type == "GetNext" for f in files)


@pytest.mark.parametrize("mode,has_in,has_out", [("input", True, False), ("output", False, True), ("all", True, True)])
def test_tf1_dump_mode(tmp_path, mode, has_in, has_out):
    result = run(tmp_path, _tf1(tmp_path, mode), steps=2)
    dumps = [read_dump(p) for p in result.written if ".dense_MatMul." in p.name]
    assert dumps
    assert all(bool(d.inputs) == has_in and bool(d.outputs) == has_out for d in dumps)


def test_tf1_dump_layer_and_stats_csv(tmp_path):
    extra = ('custom_op.parameter_map["dump_layer"].s = tf.compat.as_bytes("dense/MatMul prob/Softmax")\n'
             'custom_op.parameter_map["dump_data"].s = tf.compat.as_bytes("stats")\n')
    result = run(tmp_path, _tf1(tmp_path, "all", extra), steps=2)
    assert all(p.suffix == ".csv" for p in result.written)
    assert {parse_name(p.name).op_name for p in result.written} == {"dense_MatMul", "prob_Softmax", "input"}
    rows = read_stats_csv(next(p for p in result.written if ".prob_Softmax." in p.name))
    assert [r["Input/Output"] for r in rows] == ["Input", "Output"]
    out = rows[1]
    assert out["Count"] == np.prod(out["Shape"]) and 0 <= out["Min Value"] <= out["Max Value"] <= 1
    assert out["Nan Count"] == 0


def test_tf1_options_without_enable_dump_are_ignored(tmp_path):
    doc = ConfigDoc("tf1_session", {"enable_dump": False, "dump_path": "out", "dump_step": "0-5"})
    result = run(tmp_path, doc)
    assert result.written == [] and any("dump_step" in w for w in result.warnings)


def test_tf1_overflow_with_mixed_precision(tmp_path):
    doc = ConfigDoc("tf1_session", {"enable_dump_debug": True, "dump_path": "out",
                                    "precision_mode": "allow_mix_precision"})
    result = run(tmp_path, doc, model="overflow_fp16", steps=2)
    assert sum(p.name.startswith("Opdebug") for p in result.written) == 2
    assert {p.parent.name for p in result.written} == {"0", "1"}


def test_tf1_lite_exception_dump_is_on_by_default(tmp_path):
    doc = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": "out"})
    result = run(tmp_path, doc, fault="aicore_error")
    exc = [p for p in result.written if "extra-info" in p.parts]
    assert len(exc) == 1 and exc[0].name.startswith("exception_info.")
    off = run(tmp_path, doc.with_values({**doc.values, "enable_exception_dump": 0}), fault="aicore_error")
    assert not [p for p in off.written if "extra-info" in p.parts]


def test_tf2_dump_config_layer_and_step(tmp_path):
    doc = ConfigDoc("tf2_npu_device", {"enable_dump": True, "dump_path": "out", "dump_step": "1",
                                       "dump_layer": "encoder/attn/Softmax"})
    result = run(tmp_path, doc, model="transformer", steps=3)
    files = rel(result, tmp_path)
    assert len(files) == 1 and files[0].split("/")[5] == "1"
    assert parse_name(files[0].split("/")[-1]).op_name == "encoder_attn_Softmax"


def test_torchair_adds_the_world_size_and_rank_level(tmp_path):
    doc = ConfigDoc("torchair", {"enable_dump": True, "dump_path": "out"}, facts={"mode": "max-autotune"})
    result = run(tmp_path, doc, env={"WORLD_SIZE": "2", "RANK": "1"})
    files = rel(result, tmp_path)
    assert {tuple(f.split("/")[1:6]) for f in files} == {("worldsize2_global_rank1", "20240101000000", "0",
                                                          "graph_1", "1")}
    assert all(read_dump(p).inputs for p in result.written if "GetNext" not in p.name and ".input." not in p.name)


def test_torchair_dump_config_path_reads_the_acl_json(tmp_path):
    (tmp_path / "dump.json").write_text(json.dumps({"dump": {"dump_path": "out", "dump_list": [
        {"model_name": "graph_1", "layer": ["dense/Relu"]}]}}))
    doc = ConfigDoc("torchair", {"dump_config_path": "dump.json"}, facts={"mode": "max-autotune"})
    files = rel(run(tmp_path, doc), tmp_path)
    assert [f.split("/")[1:] for f in files] == [["20240101000000", "0", "graph_1", "1", "0",
                                                  files[0].split("/")[-1]]]
    assert ".dense_Relu." in files[0]


def test_torchair_outside_max_autotune_dumps_nothing(tmp_path):
    doc = ConfigDoc("torchair", {"enable_dump": True, "dump_path": "out"}, facts={"mode": "reduce-overhead"})
    result = run(tmp_path, doc)
    assert result.written == [] and any("max-autotune" in w for w in result.warnings)


def _dtypes(result, *names):
    return [read_dump(next(p for p in result.written if f".{n}." in p.name)).outputs[0].dtype for n in names]


def test_precision_options_reach_the_dumped_dtypes(tmp_path):
    base = {"enable_dump": True, "dump_path": "out"}
    names = ("encoder_attn_q_MatMul", "encoder_attn_Softmax")
    bf16 = run(tmp_path, ConfigDoc("tf1_session", {**base, "precision_mode": "allow_mix_precision_bf16"}),
               model="transformer")
    assert _dtypes(bf16, *names) == ["DT_BF16", "DT_FLOAT"]
    v2 = run(tmp_path, ConfigDoc("tf1_session", {**base, "precision_mode_v2": "fp16"}), model="transformer")
    assert _dtypes(v2, *names) == ["DT_FLOAT16", "DT_FLOAT16"]
    (tmp_path / "ops_info.json").write_text(json.dumps({"black-list": {"to-add": ["MatMulV2"]}}))
    mixed = run(tmp_path, ConfigDoc("tf1_session", {**base, "precision_mode": "allow_mix_precision",
                                                   "modify_mixlist": "ops_info.json"}), model="transformer")
    assert _dtypes(mixed, *names) == ["DT_FLOAT", "DT_FLOAT"]
