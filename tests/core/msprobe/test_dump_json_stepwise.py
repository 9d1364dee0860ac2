"""dump.json is read one call at a time (the whole document never exists as Python objects, and a worker never
holds the GIL for the whole file): what the stream yields is json.loads's, for real msprobe files and for odd
spacing, key order and empty data."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.core.msprobe.dump_json import stream_entries
from tests.core.graph.msprobe_trees import DATA


def _streamed(text: str) -> dict:
    head: dict = {}
    data = {name: value for name, value, _order in stream_entries(text, head, make=lambda *a: a)}
    return {**head, "data": data} if "data" in head else head


@pytest.mark.parametrize("path", sorted(DATA.rglob("dump.json")), ids=lambda p: "/".join(p.parts[-4:-2]))
def test_real_dump_json_streams_as_json_loads(path):
    text = path.read_text()
    assert _streamed(text) == json.loads(text)


@pytest.mark.parametrize("text", ['{"task":"x","data":{}}', '{"data" :{ "a" : {"b": 1} ,"c":[1, NaN]} , "task":"t"}',
                                  '{"data": {"x": {"data": {"y": 1}}}}'])
def test_odd_documents_stream_as_json_loads(text):
    assert _streamed(text) == json.loads(text)
