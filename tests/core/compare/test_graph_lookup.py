"""Compare without --graph: the dumped model's GE graph dump is found next to the dump (bounded lookup);
watcher culprits are named from it, from other step folders, or the finding says how to get the name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.compare import graph_lookup
from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.compare.findings import UNNAMED_CULPRIT_HINT
from ascend_dump_gui.core.dump.graph import execution_order, parse_graph_file
from ascend_dump_gui.core.dump.naming import sanitize_part
from tests.emulator_runs import WATCHER, emulated, model_dump


def _drop_graphs(dump_root: Path) -> None:
    shutil.rmtree(dump_root.parent / "graphs")


def test_graph_next_to_the_dump_is_found_and_used(tmp_path):
    _, npu, golden, graph = emulated(tmp_path, model_dump("mlp"), "mlp")
    result = compare(npu, golden)
    assert result.summary["graph"] == str(graph)
    assert result.summary["graph_source"] == "found_near_dump"
    fused = next(r for r in result.rows if r.tensor == "dense/MatMul:output:0")
    assert fused.ground_truth == "dense/MatMul,dense/BiasAdd"     # origin names only the graph knows
    assert Path(fused.golden_file).name.startswith("dense_BiasAdd.0.")
    order = {sanitize_part(n): i for i, n in enumerate(execution_order(parse_graph_file(graph)[0]))}
    ranks = [order[sanitize_part(r.op_name)] for r in result.rows]
    assert ranks == sorted(ranks)
    given = compare(npu, golden, graph=graph)
    assert given.summary["graph_source"] == "given"
    assert [r.tensor for r in given.rows] == [r.tensor for r in result.rows]


def test_tree_without_graphs_still_compares(tmp_path, capsys):
    root, npu, golden, _ = emulated(tmp_path, model_dump("mlp"), "mlp")
    _drop_graphs(root)
    result = compare(npu, golden)
    assert result.summary["graph"] is None and result.summary["graph_source"] is None
    assert result.summary["compared"] > 0 and result.first_divergence is None
    fused = next(r for r in result.rows if r.tensor == "dense/MatMul:output:0")
    assert fused.ground_truth != "dense/MatMul,dense/BiasAdd"
    assert main(["compare", str(npu), str(golden)]) == 0
    assert "graph: none found near the dump" in capsys.readouterr().out


def test_the_dumped_models_graph_wins_over_another_models(tmp_path):
    root, npu, golden, graph = emulated(tmp_path, model_dump("mlp"), "mlp")
    _, _, _, other = emulated(tmp_path, model_dump("convnet"), "convnet", name="other")
    decoy = root.parent / "graphs" / "pid_99999_deviceid_0"
    decoy.mkdir()
    shutil.copy(other, decoy / "ge_proto_00000009_Build.txt")
    assert len(graph_lookup.graph_candidates(npu, True)) == 3     # Build + PreRunBegin + the decoy
    assert compare(npu, golden).summary["graph"] == str(graph)


def test_lookup_is_bounded_and_knows_the_runtime_layouts(tmp_path, monkeypatch):
    step = tmp_path / "work" / "dump" / "20240101000000" / "0" / "m" / "1" / "0"
    step.mkdir(parents=True)
    deep = tmp_path / "work" / "unrelated" / "a" / "b"
    deep.mkdir(parents=True)
    (deep / "ge_proto_00000001_Build.txt").write_text("graph { name: \"m\" }")
    assert graph_lookup.graph_candidates(step, True) == []          # no tree walk
    work_path = tmp_path / "work" / "ge_proto_00000002_Build.txt"   # ASCEND_WORK_PATH: files directly there
    work_path.write_text("graph { name: \"m\" }")
    assert graph_lookup.graph_candidates(step, True) == [work_path]
    collect = tmp_path / "work" / "dump" / "extra-info" / "graph" / "1234_0"   # NPU_COLLECT_PATH layout
    collect.mkdir(parents=True)
    (collect / "ge_proto_00000003_Build.txt").write_text("graph { name: \"m\" }")
    assert graph_lookup.graph_candidates(step, True) == [collect / "ge_proto_00000003_Build.txt"]
    assert graph_lookup.search_levels(step, True)[-1] == tmp_path / "work"
    shutil.rmtree(tmp_path / "work" / "dump" / "extra-info")
    work_path.unlink()
    for i in range(3 * graph_lookup.MAX_LISTINGS):
        (tmp_path / "work" / f"graph_{i}").mkdir()
    calls = []
    real = graph_lookup.os.scandir
    monkeypatch.setattr(graph_lookup.os, "scandir", lambda p: calls.append(p) or real(p))
    assert graph_lookup.graph_candidates(step, True) == []
    assert len(calls) == graph_lookup.MAX_LISTINGS


def test_watcher_names_the_culprit_from_the_graph_found_near_the_dump(tmp_path, capsys):
    _, npu, golden, _ = emulated(tmp_path, WATCHER, "mlp", fault="overwrite")
    findings = compare(npu, golden).watcher_findings
    assert [(f.watched_op, f.culprit, f.culprit_hint) for f in findings] == [("dense/Relu", "dense_1/Relu", None)]
    assert main(["compare", str(npu), str(golden)]) == 0
    assert "dense_1/Relu overwrote its memory" in capsys.readouterr().out


def test_watcher_without_graph_keeps_the_task_id_and_says_how_to_name_it(tmp_path, capsys):
    root, npu, golden, _ = emulated(tmp_path, WATCHER, "mlp", fault="overwrite")
    _drop_graphs(root)
    (finding,) = compare(npu, golden).watcher_findings
    assert finding.culprit is None and finding.culprit_task_id is not None
    assert finding.culprit_hint == UNNAMED_CULPRIT_HINT
    assert main(["compare", str(npu), str(golden), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["graph"] is None
    assert doc["watcher"][0]["culprit_hint"] == UNNAMED_CULPRIT_HINT
    assert main(["compare", str(npu), str(golden)]) == 0
    text = capsys.readouterr().out
    assert f"task {finding.culprit_task_id} overwrote its memory" in text and "DUMP_GE_GRAPH" in text


def test_watcher_names_the_culprit_from_another_step_folder(tmp_path):
    root, npu, golden, _ = emulated(tmp_path, WATCHER, "mlp", fault="overwrite")
    _drop_graphs(root)
    task = compare(npu, golden).watcher_findings[0].culprit_task_id
    own = min(npu.iterdir(), key=lambda p: int(p.name.rsplit(".", 1)[1])).name.split(".")[2]
    other_step = npu.parent / "1"      # another step of the same model load: file names carry task ids
    other_step.mkdir()
    (other_step / f"Relu.dense_Relu.{own}.2.1704067300000000").write_bytes(b"")   # the watched op itself
    (other_step / f"Relu.dense_1_Relu.{task}.2.1704067300000500").write_bytes(b"")
    (other_step / f"Relu.dense_Relu.{task}.2.1704067300000900").write_bytes(b"")  # watcher dump after it
    (finding,) = compare(npu, golden).watcher_findings
    assert finding.culprit == "dense_1_Relu" and finding.culprit_hint is None
