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




def _leaf(i: int, big: object = None) -> dict:
    return {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2, i % 7 + 1], "Max": big if big is not None
            else i * 0.37, "Min": -0.0021856260961445407 * i, "Mean": 1e-7 / (i + 1), "Norm": float(i) ** 0.5,
            "requires_grad": bool(i % 2)}


def _dump(entries: list[tuple[str, dict]], indent: int | None = 1) -> str:
    body = ",".join(f"\n  {json.dumps(name)}: {json.dumps(value)}" if indent else
                    f"{json.dumps(name)}:{json.dumps(value)}" for name, value in entries)
    return '{\n "task": "statistics",\n "data": {' + body + "\n },\n \"level\": \"L1\"\n}"


def _runs_taken(monkeypatch) -> list[int]:
    """How many entries each run parsed whole gave (the scanner reads the others)."""
    from ascend_dump_gui.core.msprobe import dump_json

    taken: list[int] = []
    plain = dump_json._Batches.take

    def take(self, pos):
        got = plain(self, pos)
        if got is not None:
            taken.append(len(got[0]))
        return got

    monkeypatch.setattr(dump_json._Batches, "take", take)
    return taken


def _expected(entries: list[tuple[str, object]]) -> list[tuple[str, str, int]]:
    return [(name, repr(value), i) for i, (name, value) in enumerate(entries)]


def test_runs_of_entries_read_whole_give_what_the_scanner_gives(monkeypatch):
    entries = [(f"Functional.linear.{i}.forward", {"input_args": [_leaf(i), [_leaf(i + 1), {"k": _leaf(i + 2)}]],
                                                   "input_kwargs": {"w": _leaf(i + 3)}, "output": [_leaf(i + 4)]})
               for i in range(1500)]
    entries[700] = ("Tensor.add.0.forward", {"output": [{"type": "int", "value": 7}, None, "名字\u202e"]})
    taken = _runs_taken(monkeypatch)
    assert [(n, repr(v), o) for n, v, o in stream_entries(_dump(entries), {}, make=lambda *a: a)] == \
        _expected(entries)
    assert sum(taken) >= 1400          # most entries came from whole runs: the fast path is the one tested


@pytest.mark.parametrize("big", [2**64, -(2**63) - 1, 10**30, 2**64 - 1])
def test_integers_beyond_64_bits_keep_their_value(monkeypatch, big):
    """orjson reads an integer beyond 64 bits as a float: such a run is read by the scanner (an exact int)."""
    entries = [(f"Torch.mm.{i}.forward", {"output": [_leaf(i, big if i == 300 else None)],
                                          "input_args": [{"type": "int", "value": big if i == 301 else i}],
                                          "input_kwargs": {"size": {"type": "torch.Size", "value": [big, 2]}
                                                           if i == 302 else None}})
               for i in range(600)]
    _runs_taken(monkeypatch)
    streamed = list(stream_entries(_dump(entries), {}, make=lambda *a: a))
    assert [(n, repr(v), o) for n, v, o in streamed] == _expected(entries)
    assert type(streamed[300][1]["output"][0]["Max"]) is int


def test_repeated_names_nan_and_cut_layouts_give_every_entry(monkeypatch):
    """A name twice in a run (a dict would keep one), NaN (orjson refuses it), and a separator inside a value (the
    data's indent inside a string or deeper down): every entry, in order, as the scanner reads them."""
    entries = [(f"Tensor.add.{i % 400}.forward", {"output": [_leaf(i)]}) for i in range(1200)]   # names repeat
    text = _dump(entries).replace('"Max": 55.5, ', '"Max": NaN, ')
    assert "NaN" in text
    _runs_taken(monkeypatch)
    assert [(n, repr(v), o) for n, v, o in stream_entries(text, {}, make=lambda *a: a)] == \
        [(n, repr(v), o) for n, v, o in stream_entries(text.replace("\n  ", " "), {}, make=lambda *a: a)]
    tricky = '{"data": {\n  "a": {"x": [1,\n  2]},\n  "b": {"s": "p,\\n  \\"q"},\n  "c": 3\n  },\n  "task": "t"\n}'
    assert [(n, v) for n, v, _ in stream_entries(tricky, {}, make=lambda *a: a)] == \
        list(json.loads(tricky)["data"].items())


def test_compact_and_cut_files_read_as_before():
    entries = [(f"Torch.mm.{i}.forward", {"output": [_leaf(i)]}) for i in range(800)]
    compact = _dump(entries, indent=None)
    assert [(n, repr(v), o) for n, v, o in stream_entries(compact, {}, make=lambda *a: a)] == _expected(entries)
    text = _dump(entries)
    with pytest.raises(json.JSONDecodeError):
        list(stream_entries(text[: len(text) // 2], {}, make=lambda *a: a))
