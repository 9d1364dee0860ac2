"""json_out: the CLI's streamed JSON is the document json.dumps + json_safe + json_text would give."""

from __future__ import annotations

import io
import json

import pytest

from ascend_dump_gui.core import json_out
from ascend_dump_gui.core.inert import json_text
from ascend_dump_gui.core.json_safe import json_safe


def _reference(doc: object) -> str:
    return json_text(json.dumps(json_safe(doc), indent=2, ensure_ascii=False, allow_nan=False))


def _written(doc: object) -> str:
    out = io.BytesIO()
    json_out.write_json(doc, out)
    return out.getvalue().decode("utf-8")


DOCS = [
    {"mode": "all", "rows": [{"tensor": f"op.{i}", "metrics": {"Cosine": 0.5 * i, "MaxAbsErr": float("nan")},
                              "shape": [2, i]} for i in range(11)],
     "summary": {"rows": 11, "worst": {"Cosine": float("-inf")}, "empty": [], "none": {}},
     "names": ["a\u202eb", "esc\x1b[31m", "del\x7f", "line\u2028sep", "中文"], "tuple": (1, 2)},
    [],
    {},
    [{"a": [1, {"b": None}]}] * 9,
    2.5,
]


@pytest.mark.parametrize("doc", DOCS)
def test_same_document_as_the_stdlib_path(doc, monkeypatch):
    monkeypatch.setattr(json_out, "BATCH", 4)           # several batches, and a last one that is short
    monkeypatch.setattr(json_out, "BLOCK", 64)          # several blocks
    assert _written(doc) == _reference(doc)


def test_rows_given_as_an_iterator_are_streamed_as_a_list(monkeypatch):
    monkeypatch.setattr(json_out, "BATCH", 3)
    rows = [{"i": i, "v": float("inf") if i == 4 else i / 3} for i in range(8)]
    assert _written({"rows": iter(rows), "empty": iter(())}) == _reference({"rows": rows, "empty": []})


def test_a_lone_surrogate_from_a_file_name_is_escaped_not_an_error():
    doc = {"npu_file": "/dumps/\udcff.npy", "rows": [{"name": "x\udcfe"}]}
    text = _written(doc)
    assert text == _reference(doc)
    assert "\\udcff" in text and "\\udcfe" in text
    assert json.loads(text)["rows"][0]["name"] == "x\udcfe"


class _Parts(json_out.ItemArray):
    """Items given as text and as lists, with empty parts between."""

    def __init__(self, items: list) -> None:
        self.items = items

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def json_items(self, depth: int):
        yield []
        yield json_out.items_text(self.items[:2], depth) if self.items[:2] else b""
        yield self.items[2:5]
        yield b""
        if self.items[5:]:
            yield json_out.items_text(self.items[5:], depth)


@pytest.mark.parametrize("count", [0, 1, 3, 9])
def test_an_item_array_writes_as_the_list_of_its_items(count):
    items = [{"id": f"n{i}", "values": [i, None, float("nan")], "name": "a\u202eb"} for i in range(count)]
    assert _written({"run": "r", "nodes": _Parts(items), "deep": {"more": _Parts(items)}}) == _reference(
        {"run": "r", "nodes": items, "deep": {"more": items}})
    assert _written([{"a": {"b": {"c": _Parts(items)}}}]) == _reference([{"a": {"b": {"c": items}}}])  # encoded whole
    assert _written([{"lone": "\udc80", "c": _Parts(items)}]) == _reference([{"lone": "\udc80", "c": items}])
