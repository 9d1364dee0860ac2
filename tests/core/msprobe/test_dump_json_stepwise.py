"""A large dump.json is decoded one call at a time (the GIL is not held for the whole file): the result is
json.loads's, for real msprobe files and for odd spacing, key order, empty data and a cut-short file."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.core.msprobe import dump_json
from tests.core.graph.msprobe_trees import DATA


@pytest.fixture(autouse=True)
def always_stepwise(monkeypatch):
    monkeypatch.setattr(dump_json, "STEPWISE_BYTES", 0)


@pytest.mark.parametrize("path", sorted(DATA.rglob("dump.json")), ids=lambda p: "/".join(p.parts[-4:-2]))
def test_real_dump_json_decodes_as_json_loads(path):
    text = path.read_text()
    assert dump_json._decode(text) == json.loads(text)


@pytest.mark.parametrize("text", ['{"task":"x","data":{}}', '{"data" :{ "a" : {"b": 1} ,"c":[1, NaN]} , "task":"t"}',
                                  '{"task": "x", "data": {"a": 1, "a": 2}}', '{"data": {"x": {"data": {"y": 1}}}}'])
def test_odd_documents_decode_as_json_loads(text):
    assert dump_json._decode(text) == json.loads(text)


def test_a_cut_short_file_is_still_incomplete():
    with pytest.raises(dump_json.IncompleteDumpJson):
        dump_json.parse_dump_json('{"task": "tensor", "data": {"a.forward": {"output": [], "x": [1, ')
