"""Everything written reads back; names, mapping.csv, graph dumps, golden files, determinism, the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.dump.graph import parse_graph_file
from ascend_dump_gui.core.dump.naming import read_mapping_csv
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.scan.scanner import scan
from tests.core.emulator.helpers import dumps, rel, run

TF_ALL = {"enable_dump": True, "dump_path": "out", "dump_mode": "all"}


@pytest.mark.parametrize("model", sorted(MODELS))
def test_every_file_reads_back_and_the_scanner_knows_it(tmp_path, model):
    result = run(tmp_path, ConfigDoc("tf1_session", TF_ALL), model=model, golden_dir=tmp_path / "golden",
                 env={"DUMP_GE_GRAPH": "2"})
    for path in dumps(result):
        dump = read_dump(path)
        for tensor in (*dump.inputs, *dump.outputs):
            assert tensor.array(np.float32).shape == tensor.original_shape
    for path in result.written:
        if path.suffix == ".npy":
            assert np.load(path, allow_pickle=False).dtype == np.float32
    found = scan(tmp_path)
    assert not found.problems
    kinds = {r.kind for r in found.records}
    assert {"tensor", "golden", "graph"} <= kinds


def test_long_names_are_hashed_with_mapping_rows(tmp_path):
    result = run(tmp_path, ConfigDoc("tf1_session", TF_ALL), model="long_names", golden_dir=tmp_path / "golden")
    mappings = [p for p in result.written if p.name == "mapping.csv"]
    assert len(mappings) == 2                                   # the dump folder and the golden folder
    out_mapping = next(p for p in mappings if "out" in p.parts)
    rows = read_mapping_csv(out_mapping)
    assert rows and all(name.isdigit() and len(orig.encode()) > 255 for name, orig in rows.items())
    assert all((out_mapping.parent / name).is_file() for name in rows)
    records = scan(tmp_path / "out").records
    assert any(r.op_name and r.op_name.startswith("training_keras") for r in records)


def test_graph_dumps_parse_and_carry_the_fusion_names(tmp_path):
    result = run(tmp_path, ConfigDoc("tf1_session", TF_ALL), model="convnet", env={"DUMP_GE_GRAPH": "1"})
    graphs = sorted(p.name for p in result.written if p.suffix == ".txt")
    assert graphs == ["ge_proto_00000000_PreRunBegin.txt", "ge_proto_00000001_Build.txt"]
    (build,) = parse_graph_file(tmp_path / graphs[1])
    assert build.name.startswith("ge_default_") and build.name == next(
        p for p in result.written if "out" in p.parts).parts[-4]
    fused = next(op for op in build.ops if op.name == "conv1conv1_relu")
    assert fused.origin_names == ("conv1", "bn_conv1", "conv1_relu")
    assert fused.output_origin(0) == ("conv1_relu", 0)
    assert any(op.type == "GetNext" for op in build.ops)
    (original,) = parse_graph_file(tmp_path / graphs[0])
    assert {"conv1", "bn_conv1", "conv1_relu"} <= {op.name for op in original.ops}


@pytest.mark.parametrize("extra,where", [
    ({"DUMP_GRAPH_PATH": "graphs"}, "graphs/pid_10000_deviceid_0"),
    ({"ASCEND_WORK_PATH": "work"}, "work"),
    ({"NPU_COLLECT_PATH": "collect", "DUMP_GRAPH_PATH": "graphs"}, "collect/extra-info/graph/10000_0"),
])
def test_graph_dump_folder_priorities(tmp_path, extra, where):
    env = {"DUMP_GE_GRAPH": "3", **{k: str(tmp_path / v) for k, v in extra.items()}}
    result = run(tmp_path, ConfigDoc("tf1_session", TF_ALL), env=env)
    graphs = [p for p in result.written if p.suffix == ".txt"]
    assert len(graphs) == 2 and {p.parent for p in graphs} == {tmp_path / where}


def test_dump_graph_level_3_keeps_only_the_build_graph(tmp_path):
    result = run(tmp_path, ConfigDoc("env", {"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_LEVEL": "3"}))
    assert rel(result, tmp_path) == ["ge_proto_00000000_Build.txt"]


def test_same_seed_same_tree_other_seed_other_times(tmp_path):
    doc = ConfigDoc("tf1_session", TF_ALL)
    a = rel(run(tmp_path / "a", doc, steps=2), tmp_path / "a")
    b = rel(run(tmp_path / "b", doc, steps=2), tmp_path / "b")
    c = rel(run(tmp_path / "c", doc, steps=2, seed=5), tmp_path / "c")
    assert a == b and a != c and len(a) == len(c)
    first = [(tmp_path / "a" / f).read_bytes() for f in a]
    assert first == [(tmp_path / "b" / f).read_bytes() for f in b]


def test_golden_names_follow_the_golden_convention(tmp_path):
    result = run(tmp_path, ConfigDoc("tf1_session", TF_ALL), model="transformer", golden_dir=tmp_path / "g",
                 steps=2)
    golden = [p for p in result.written if p.suffix == ".npy"]
    names = {p.name.rsplit(".", 3)[0] for p in golden}
    assert "encoder_attn_Softmax" in names and "encoder_ln_1_LayerNorm" in names
    assert {p.parent.name for p in golden} == {"0", "1"}
    assert all(len(p.name.split(".")[-2]) == 16 for p in golden)
    assert result.roots["golden"] == tmp_path / "g"


def test_cli_list_models_and_emulate(tmp_path, capsys):
    assert main(["emulate", "--list-models", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {m["name"] for m in listed["models"]} >= {"mlp", "convnet", "transformer", "overflow_fp16"}
    (tmp_path / "out").mkdir()
    cfg = tmp_path / "acl.json"
    cfg.write_text(json.dumps({"dump": {"dump_path": "out", "dump_list": [{}]}}))
    env = tmp_path / "env.sh"
    env.write_text(f"export DUMP_GE_GRAPH=3\nexport ASCEND_WORK_PATH={tmp_path / 'work'}\n")
    rc = main(["emulate", "--config", str(cfg), "--env", str(env), "--cwd", str(tmp_path), "--steps", "2",
               "--golden", str(tmp_path / "golden"), "--seed", "3", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert set(doc["roots"]) == {"dump_data", "graph_dump", "golden"}
    assert any("/work/ge_proto_" in p for p in doc["written"])


def test_cli_refused_config_and_bad_model(tmp_path, capsys):
    cfg = tmp_path / "acl.json"
    cfg.write_text(json.dumps({"dump": {"dump_path": "out", "dump_debug": "on", "dump_op_switch": "on"}}))
    assert main(["emulate", "--config", str(cfg), "--cwd", str(tmp_path)]) == 1
    assert "refuses" in capsys.readouterr().err
    assert main(["emulate", "--config", str(cfg), "--model", "resnet"]) == 2
    assert "unknown model" in capsys.readouterr().err


def test_scanner_sees_overflow_exception_and_rank_levels(tmp_path):
    overflow = run(tmp_path / "o", ConfigDoc("acl_json", {"dump_path": "out", "dump_debug": True}),
                   model="overflow_fp16")
    assert {r.kind for r in scan(overflow.roots["overflow_dump"]).records} == {"overflow", "tensor"}
    exc = run(tmp_path / "e", ConfigDoc("acl_json", {"dump_scene": "aic_err_norm_dump"}), fault="aicore_error")
    assert {r.kind for r in scan(exc.roots["exception_dump"]).records} == {"exception"}
    torchair = run(tmp_path / "t", ConfigDoc("torchair", {"enable_dump": True, "dump_path": "out"},
                                             facts={"mode": "max-autotune"}), env={"WORLD_SIZE": "4", "RANK": "3"})
    records = scan(torchair.roots["dump_data"]).records
    assert {(r.world_size, r.rank, r.model_name, r.model_id) for r in records} == {(4, 3, "graph_1", 1)}
