"""The GE graph text reader streams: a file is tokenized chunk by chunk (the same blocks whatever the chunk
boundaries), binary content and oversized values are refused naming the file, and a 1.9 GB all-NUL file
(sparse: nothing is written to disk) ends with exit 2 in a child under an address-space limit."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.dump import graph as ge_text
from ascend_dump_gui.core.dump.graph import parse_graph_file, parse_stream, parse_text
from ascend_dump_gui.core.errors import InputError
from tests.core.msprobe.hostile import assert_clean, run_cli

TEXT = '''# a comment
graph {
  name: "g"   # trailing comment
  op { name: "a/b" type: "Data" output_desc { dtype: DT_FLOAT shape { dim: 8 dim: 16 } } }
  op {
    name: "mm" type: "MatMulV2" input: "a/b:0"
    attr { key: "_datadump_original_op_names" value { list { s: "x" s: 'y\\'q' } } }
    attr { key: "note" value { s: "part one " "part two \\"quoted\\" \\n" } }
    attr { key: "num" value { f: -1.5e3 } }
  }
}
'''


@pytest.mark.parametrize("step", [1, 2, 3, 7, 64])
def test_any_chunk_boundaries_give_the_same_blocks(monkeypatch, step):
    whole = parse_text(TEXT)
    monkeypatch.setattr(ge_text, "_MARGIN", 16)     # a window this small cuts every token somewhere
    pieces = [TEXT[i:i + step] for i in range(0, len(TEXT), step)]
    assert parse_stream(pieces) == whole


def test_errors_name_the_line_across_chunks(monkeypatch, tmp_path):
    monkeypatch.setattr(ge_text, "_MARGIN", 8)
    monkeypatch.setattr(ge_text, "_CHUNK_BYTES", 5)
    path = tmp_path / "ge_proto_bad.txt"
    path.write_text("graph {\n" + '  op { name: "a" }\n' * 40 + "  } }\n")
    with pytest.raises(InputError) as info:
        parse_graph_file(path)
    assert "line 42" in str(info.value) and str(path) in str(info.value)


def test_a_nul_byte_is_binary_content(tmp_path):
    path = tmp_path / "ge_proto_00000001_Build.txt"
    path.write_bytes(TEXT.encode() * 10 + b"\x00\x01\x02")
    with pytest.raises(InputError, match=f"binary content \\(a NUL byte at offset {len(TEXT) * 10}\\)") as info:
        parse_graph_file(path)
    assert str(path) in str(info.value)


def test_a_value_longer_than_the_bound_is_refused(monkeypatch, tmp_path):
    monkeypatch.setattr(ge_text, "MAX_TOKEN_CHARS", 1 << 20)
    monkeypatch.setattr(ge_text, "_CHUNK_BYTES", 1 << 16)
    path = tmp_path / "ge_proto_long.txt"
    path.write_text('graph { name: "' + "w" * (3 << 20) + '" }')
    with pytest.raises(InputError, match="a string or blank run longer than 1 MiB") as info:
        parse_graph_file(path)
    assert str(path) in str(info.value)
    path.write_text("graph { name: \"g\"" + " " * (3 << 20) + "}")     # blanks count as one long run too
    with pytest.raises(InputError, match="longer than"):
        parse_graph_file(path)


def test_a_long_value_within_the_bound_is_read(tmp_path):
    path = tmp_path / "ge_proto_long.txt"
    path.write_text('graph { name: "g" op { name: "' + "w" * (20 << 20) + '" type: "Const" } }')
    (graph,) = parse_graph_file(path)
    assert len(graph.ops[0].name) == 20 << 20


def test_a_sparse_all_nul_file_of_1_9_gb_ends_with_exit_2(tmp_path):
    path = tmp_path / "ge_proto_00000001_Build.txt"
    with open(path, "wb") as fh:
        fh.truncate(1900 << 20)               # sparse: no block of it is written
    assert os.stat(path).st_size == 1900 << 20
    proc = run_cli("graph", path, "--json", timeout=120)
    assert_clean(proc, codes=(2,))
    assert str(path) in proc.stderr and "binary content" in proc.stderr
    proc = run_cli("graph", path, timeout=120)
    assert_clean(proc, codes=(2,))


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "ge_proto_huge.txt"
    with open(path, "wb") as fh:
        fh.truncate(ge_text.MAX_GRAPH_BYTES + 1)
    proc = run_cli("graph", path, timeout=120)
    assert_clean(proc, codes=(2,))
    assert str(path) in proc.stderr and "larger than 2 GiB" in proc.stderr


def test_an_unreadable_graph_file_is_exit_2_naming_it(tmp_path):
    path = tmp_path / "ge_proto_locked.txt"
    path.write_text(TEXT)
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as a user who reads any file")
        proc = run_cli("graph", path, timeout=60)
    finally:
        path.chmod(0o600)
    assert_clean(proc, codes=(2,))
    assert str(path) in proc.stderr and "cannot read graph file" in proc.stderr


def test_a_syntax_error_early_in_a_long_file_is_said_at_once(monkeypatch, tmp_path):
    monkeypatch.setattr(ge_text, "_CHUNK_BYTES", 1 << 16)
    path = tmp_path / "ge_proto_bad.txt"
    path.write_text('graph {\n  op { name: "a" ] }\n' + '  op { name: "b" type: "Add" }\n' * 100_000 + "}\n")
    read = []
    pieces = ge_text._graph_pieces(path)
    with pytest.raises(InputError, match="not protobuf text format") as info:
        parse_stream((read.append(len(p)) or p for p in pieces), path)
    assert "line 2" in str(info.value)
    assert sum(read) <= 4 << 16           # the error is said from the first window, not after the whole file


_TOKENS = st.sampled_from(["graph", "op", "{", "}", "<", ">", "name:", "dim:", "attr", "key:", "value", "s:",
                           '"x"', "'y'", '"a b: c {"', '"esc\\\\"q"', "9" * 40, "-1.5e3", "#c\n", ":", "\\", "\n",
                           "   ", "list", "name", '"unclosed'])


@settings(max_examples=300, deadline=None)
@given(st.lists(_TOKENS, max_size=40), st.integers(1, 9), st.integers(1, 12))
def test_streamed_and_whole_parses_agree(tokens, step, margin):
    text = " ".join(tokens)
    try:
        whole: object = parse_text(text)
    except InputError as exc:
        whole = str(exc)
    saved = ge_text._MARGIN
    ge_text._MARGIN = margin
    try:
        streamed: object = parse_stream([text[i:i + step] for i in range(0, len(text), step)])
    except InputError as exc:
        streamed = str(exc)
    finally:
        ge_text._MARGIN = saved
    assert streamed == whole


def test_a_file_of_too_many_fields_is_refused(monkeypatch, tmp_path):
    """Parsed fields take about 15x the text: the field count, not only the byte size, bounds the memory."""
    monkeypatch.setattr(ge_text, "MAX_FIELDS", 1000)
    path = tmp_path / "ge_proto_many.txt"
    path.write_text("graph { " + 'op { name: "a" } ' * 400 + "}")
    with pytest.raises(InputError, match="more than 1,000 fields") as info:
        parse_graph_file(path)
    assert str(path) in str(info.value)
    path.write_text("graph { " + 'op { name: "a" } ' * 300 + "}")
    assert len(parse_graph_file(path)[0].ops) == 300
