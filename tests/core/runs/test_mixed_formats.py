"""A tree holding GE runs and msprobe runs side by side: indexed per format, and compared rank against rank
within each format (never a GE run against an msprobe run); msprobe runs keep world_size null (msprobe does not
record the world: a dump of some ranks must not be taken for the whole world)."""

from __future__ import annotations

import shutil

from ascend_dump_gui.core.emulator.multirank import emulate_ranks
from ascend_dump_gui.core.runs.index import index_runs
from ascend_dump_gui.core.runs.tree_compare import compare_tree
from tests.core.graph.msprobe_trees import REAL


def test_ge_and_msprobe_runs_in_one_tree_pair_within_their_format(tmp_path):
    emulate_ranks(tmp_path / "ge", ranks=2, steps=1)
    shutil.copytree(REAL["two_rank"], tmp_path / "msprobe")
    index = index_runs(tmp_path)
    formats = {(r.format, r.rank) for r in index.runs if r.format != "golden"}
    assert formats == {("ge", 0), ("ge", 1), ("msprobe", 0), ("msprobe", 1)}
    assert {r.world_size for r in index.runs if r.format == "msprobe"} == {None}
    assert {r.world_size for r in index.runs if r.format == "ge"} == {2}
    from ascend_dump_gui.core.scan.scanner import scan

    records = scan(REAL["mix_stats"]).records     # a statistics dump: its calls are records
    assert records and {r.world_size for r in records if r.kind.startswith("msprobe")} == {None}
    result = compare_tree(tmp_path, mode="ranks")
    by_format = {}
    for run in result.runs:
        by_format.setdefault(run["format"], []).append(run)
    assert set(by_format) == {"ge", "msprobe"}
    for fmt, runs in by_format.items():
        compared = [r for r in runs if r["reference_path"] is not None]
        assert [r["rank"] for r in compared] == [1]
        assert ("/msprobe/" in compared[0]["reference_path"]) == (fmt == "msprobe")
        assert compared[0]["rows"] > 0


def test_graph_of_a_mixed_tree_shows_its_msprobe_runs(tmp_path, capsys):
    import json

    from ascend_dump_gui.cli import main

    emulate_ranks(tmp_path / "ge", ranks=1, steps=1)
    shutil.copytree(REAL["two_rank"], tmp_path / "msprobe")
    assert main(["graph", str(tmp_path), "--run", "step0/rank1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["run"] == "step0/rank1" and "Module.blocks.Sequential.forward.0" in {n["id"] for n in doc["nodes"]}
    assert main(["graph", str(tmp_path / "ge")]) == 2
    assert "no msprobe dump" in capsys.readouterr().err
