"""Why a tensor was not read reaches a Chinese user in Chinese (only names and paths stay English): msprobe's
not-compared reasons and tree problems (a missing tensor file, a statistics-only bench, a damaged .pt file, a
data_name that leaves the tree) and the GE dump reader's errors (truncated, damaged header, a folder)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.tree import open_tree
from ascend_dump_gui.ui.errors import error_text
from ascend_dump_gui.ui.i18n import schema_text
from tests.core.msprobe.hostile import make_tree
from tests.ui.i18n.test_zh_everywhere import english_words

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


def _ge_errors(tmp_path: Path) -> list[DumpError]:
    good = tmp_path / "Add.add.1.1700000000000000"
    write_dump(good, op_name="add", inputs=[TensorPayload(np.ones((64, 64), np.float32))],
               outputs=[TensorPayload(np.ones((64, 64), np.float32))])
    data = good.read_bytes()
    cut, header = tmp_path / "Add.cut.1.1", tmp_path / "Add.header.1.1"
    cut.write_bytes(data[: len(data) - 100])                   # tensors cut short
    header.write_bytes(data[:8] + b"\xff" * (len(data) - 8))    # a header that is no protobuf
    errors = []
    for path in (cut, header, tmp_path):
        with pytest.raises(DumpError) as caught:
            dump = read_dump(path)
            dump.tensors[0].array()
        errors.append(caught.value)
    return errors


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_ge_dump_errors_are_in_the_ui_language(tmp_path, qapp, lang):
    from ascend_dump_gui.ui.i18n import install_language

    assert install_language(lang)
    try:
        shown = [error_text(exc) for exc in _ge_errors(tmp_path)]
    finally:
        install_language("en")
    english = [t for t in shown if english_words(t)]
    assert not english if lang == "zh_CN" else len(english) == len(shown), shown
