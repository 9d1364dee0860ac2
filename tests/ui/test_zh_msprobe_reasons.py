"""msprobe's not-compared reasons and tree problems reach a Chinese user in Chinese: a missing tensor file, a
statistics-only bench, a damaged .pt file and a data_name that leaves the tree (only names and paths stay)."""

from __future__ import annotations

import json
from pathlib import Path

from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.tree import open_tree
from ascend_dump_gui.ui.i18n import schema_text
from tests.core.msprobe.hostile import make_tree
from tests.ui.test_zh_everywhere import english_words

RUN = Path("step0") / "rank0"


def _reasons(npu: Path, bench: Path) -> list[str]:
    npu_run, bench_run = open_tree(npu).runs[0], open_tree(bench).runs[0]
    rows = compare_runs(npu_run, bench_run, "all").rows
    texts = [r.not_compared for r in rows if r.not_compared] + [m for r in rows for m in r.messages]
    return texts + [p.message for run in (npu_run, bench_run) for p in run.problems]


def _damaged_trees(tmp_path: Path) -> tuple[Path, Path]:
    npu, bench = make_tree(tmp_path / "npu", calls=4), make_tree(tmp_path / "bench", calls=4)
    tensors = npu / RUN / "dump_tensor_data"
    (tensors / "Functional.relu.0.forward.output.0.pt").unlink()                      # missing
    (tensors / "Functional.relu.1.forward.output.0.pt").write_bytes(b"not a zip")     # damaged
    dump = npu / RUN / "dump.json"
    doc = json.loads(dump.read_text())
    doc["data"]["Functional.relu.2.forward"]["output"][0]["data_name"] = "../../../etc/passwd"   # leaves the tree
    dump.write_text(json.dumps(doc))
    bench_dump = bench / RUN / "dump.json"
    doc = json.loads(bench_dump.read_text())
    doc["data"]["Functional.relu.3.forward"]["output"][0].pop("data_name")                # statistics only
    bench_dump.write_text(json.dumps(doc))
    return npu, bench


def test_msprobe_reasons_are_chinese_in_zh_cn(tmp_path, chinese):
    texts = _reasons(*_damaged_trees(tmp_path))
    assert len(texts) >= 4
    shown = [schema_text(t) for t in texts]
    assert all(not english_words(t) for t in shown), [t for t in shown if english_words(t)]


def test_the_same_reasons_are_english_in_english(tmp_path, qapp):
    """The scan sees the reasons: in English they are sentences."""
    texts = _reasons(*_damaged_trees(tmp_path))
    assert sum(bool(english_words(schema_text(t))) for t in texts) >= 4
