"""The msprobe trees of the graph tests (all written by msprobe 26.2.0 itself: ``real/`` by the notes' scripts,
``npu_*`` / ``bench_*`` by scripts/make_msprobe_graph_trees.py), and the check that a graph's hierarchy is
construct.json's."""

from __future__ import annotations

import json
from pathlib import Path

from ascend_dump_gui.core.graph.msprobe_model import MsprobeGraph, direction_of

DATA = Path(__file__).parent / "data" / "msprobe"
REAL = {name: DATA / "real" / name for name in ("L0_tensor", "L1_stats", "mix_stats", "two_rank",
                                                  "npu_perturbed_statistics_mix", "bench_statistics_mix",
                                                  "npu_perturbed_md5", "bench_md5")}
PAIRS = {level: (DATA / f"npu_{level}", DATA / f"bench_{level}") for level in ("mix", "L0")}
PAIRS["mix_notes"] = (REAL["npu_perturbed_statistics_mix"], REAL["bench_statistics_mix"])
PAIRS["L1_md5"] = (REAL["npu_perturbed_md5"], REAL["bench_md5"])


def write_tree(root: Path, construct: dict | str, data: dict | None = None) -> Path:
    """``step0/rank0`` of a statistics dump under ``root`` with this construct.json (a dict, or the file's
    text) and dump.json ``data``; returns the rank folder."""
    run = root / "step0" / "rank0"
    run.mkdir(parents=True)
    (run / "construct.json").write_text(construct if isinstance(construct, str) else json.dumps(construct))
    (run / "dump.json").write_text(json.dumps({"task": "statistics", "level": "mix", "framework": "pytorch",
                                               "dump_data_dir": None, "data": data or {}}))
    (run / "stack.json").write_text("{}")
    return run


def construct_of(run_path: Path) -> dict[str, str | None]:
    return json.loads((run_path / "construct.json").read_text())


def shown_parent(graph: MsprobeGraph, name: str) -> str | None:
    """The module the graph draws ``name`` in: the module of the innermost group holding it (chunks of a large
    module's calls skipped), None at the top."""
    model = graph.model
    path = model.ops[name].group if name in model.ops else model.groups[graph.group_of[name]].parent
    while path and path not in graph.module_of:
        path = model.groups[path].parent or ""
    return graph.module_of.get(path) if path else None


def assert_hierarchy_is_constructs(graph: MsprobeGraph, run_path: Path) -> None:
    construct = construct_of(run_path)
    wanted = {name: parent for name, parent in construct.items() if direction_of(name) == graph.direction}
    for name, parent in wanted.items():
        assert graph.node_path(name) is not None, name
        assert shown_parent(graph, name) == parent, name
