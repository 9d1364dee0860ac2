"""Dump file names: every documented form parses; built names follow the runtime (sanitising, NAME_MAX)."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.dump.naming import (
    NAME_MAX,
    dump_file_name,
    golden_file_name,
    is_hashed_name,
    parse_exception_name,
    parse_name,
    read_mapping_csv,
    sanitize_part,
    split_common_form,
    std_hash,
    write_mapping_csv,
)
from ascend_dump_gui.core.errors import InputError

TS = 1700000000123456


def fields(parsed, *names):
    return tuple(getattr(parsed, n) for n in names)


OP = ("kind", "op_type", "op_name", "task_id", "stream_id", "timestamp")
FFTS = ("task_type", "context_id", "thread_id", "device_id")


@pytest.mark.parametrize(("name", "expected"), [
    (f"Conv2D.conv1.3.1.{TS}", ("tensor", "Conv2D", "conv1", 3, 1, TS)),
    (f"Conv2D.conv1.3.{TS}", ("tensor", "Conv2D", "conv1", 3, None, TS)),  # old: no stream id
    (f"Opdebug.Node_OpDebug.7.2.{TS}", ("overflow", "Opdebug", "Node_OpDebug", 7, 2, TS)),
    (f"Opdebug.Node_OpDebug.7.{TS}", ("overflow", "Opdebug", "Node_OpDebug", 7, None, TS)),
    (f"Conv2D.conv1.3.1.{TS}.csv", ("stats", "Conv2D", "conv1", 3, 1, TS)),
    (f"Opdebug.Node_OpDebug.7.2.{TS}.csv", ("stats", "Opdebug", "Node_OpDebug", 7, 2, TS)),
    # aclnn kernel dumps write {op_name}.{op_type}: swapped back
    ("aclnnBatchMatMul_0_L2.aclnnBatchMatMul.65535.65535.1725960383079645",
     ("tensor", "aclnnBatchMatMul", "aclnnBatchMatMul_0_L2", 65535, 65535, 1725960383079645)),
    ("MatMul_3_L0.MatMul.4.5.6", ("tensor", "MatMul", "MatMul_3_L0", 4, 5, 6)),
    ("b_.b.4.5.6", ("tensor", "b_", "b", 4, 5, 6)),  # not the kernel form: as written (msaccucmp agrees)
    ("Add_1_L0.Mul.4.5.6", ("tensor", "Add_1_L0", "Mul", 4, 5, 6)),
    # an unsanitised dotted op name: fields[1:-3] (torchair compare's rule)
    (f"Add.layer.1.add.3.1.{TS}", ("tensor", "Add", "layer.1.add", 3, 1, TS)),
])
def test_op_dump_names(name, expected):
    assert fields(parse_name(name), *OP) == expected


def test_ffts_names_carry_task_type_context_thread_and_device():
    p = parse_name(f"Conv2D.conv1.3.1.{TS}.4.12.1.6")
    assert fields(p, *OP) == ("tensor", "Conv2D", "conv1", 3, 1, TS)
    assert fields(p, *FFTS) == (4, 12, 1, 6)
    p = parse_name(f"Conv2D.conv1.3.{TS}.4.12.0.6")  # stream id absent
    assert fields(p, *OP, *FFTS) == ("tensor", "Conv2D", "conv1", 3, None, TS, 4, 12, 0, 6)
    p = parse_name(f"Opdebug.Node_OpDebug.9.2.{TS}.4.1.1.0")
    assert fields(p, "kind", "task_id", "stream_id", "thread_id") == ("overflow", 9, 2, 1)


def test_adump_stream_form_has_a_dump_number_and_literal_fftsplus():
    p = parse_name(f"Add.add_1.17.3.2.{TS}")
    assert fields(p, *OP, "dump_number") == ("tensor", "Add", "add_1", 3, 2, TS, 17)
    p = parse_name(f"Add.add_1.17.3.2.{TS}.FFTSPLUS.5.1.0")
    assert fields(p, "dump_number", "task_id", *FFTS) == (17, 3, 4, 5, 1, 0)


def test_manual_slice_suffix_is_reported():
    p = parse_name(f"Conv2D.conv1_lxslice2.3.1.{TS}")
    assert (p.op_name, p.lxslice) == ("conv1_lxslice2", 2)
    assert parse_name(f"Conv2D.conv1.3.1.{TS}").lxslice is None


@pytest.mark.parametrize(("name", "expected"), [
    ("conv1.0.1700000000000000.npy", ("conv1", None, 0, None, 1700000000000000)),
    ("scope_conv1.2.17.npy", ("scope_conv1", None, 2, None, 17)),
    ("input_x.0.5.npy", ("input_x", None, 0, None, 5)),
    ("relu.1.5.pb", ("relu", None, 1, None, 5)),
    ("relu.1.5.quant", ("relu", None, 1, None, 5)),
    # torchair FX: {node}-{target}.{INPUT|OUTPUT}.{i}[.{j}].{ts}.npy, target may contain dots
    ("add_1-aten.add.Tensor.OUTPUT.0.20240301120000123456.npy",
     ("add_1-aten.add.Tensor", "aten.add.Tensor", 0, None, 20240301120000123456)),
    ("cat-aten.cat.default.INPUT.0.3.20240301120000123456.npy",
     ("cat-aten.cat.default", "aten.cat.default", 0, 3, 20240301120000123456)),
])
def test_golden_names(name, expected):
    p = parse_name(name)
    assert p.kind == "golden"
    assert fields(p, "op_name", "op_type", "index", "sub_index", "timestamp") == expected


def test_fx_io_is_lower_case():
    assert parse_name("x-aten.mm.default.INPUT.1.20240301120000123456.npy").io == "input"
    assert parse_name("x-aten.mm.default.OUTPUT.1.20240301120000123456.npy").io == "output"


@pytest.mark.parametrize("name", [
    "ge_proto_00000062_Build.txt", "ge_proto_00056_Build.txt", "ge_proto_00012_graph_3_PreRunAfterBuild.txt",
    "ge_onnx_00000000_graph_1_Build.pbtxt", "dynamo_original_graph_rank_0_pid_12_ts_5.txt",
    "dynamo_optimized_graph_rank_1_pid_12_ts_5.txt",
])
def test_graph_names(name):
    assert parse_name(name).kind == "graph"


@pytest.mark.parametrize("name", ["mapping.csv", "statistic.csv"])
def test_side_files(name):
    assert parse_name(name).kind == ("mapping" if name == "mapping.csv" else "stats")


@pytest.mark.parametrize("name", [
    "notes.txt", "ge_proto.txt", "kernel_config_123.json", "acl_dump_0.json", "result_20240101.csv",
    f"Conv2D.conv1.3.1.{TS}.output.0.npy", "model.om", "README", "123456789", "a.b", ".hidden",
    "conv1.x.5.npy", "Conv2D..3.1.5",
])
def test_names_that_are_not_dump_files(name):
    assert parse_name(name) is None


@pytest.mark.parametrize(("name", "expected"), [
    ("exception_info.42.1.1726159207469285", (None, None, 1, 42, 1726159207469285)),
    ("exception_info.5.1.AIC.3.20250609144925349", (None, None, 1, 5, 20250609144925349)),
    ("te_gatherv2_abc_kernel0.5.1.AIV.3.20250609144925349", (None, "te_gatherv2_abc_kernel0", 1, 5,
                                                               20250609144925349)),
    ("Add.add_1.3.20250609144925349", ("Add", "add_1", 3, None, 20250609144925349)),
    ("aclnnAbs_0_L0.AbsAicore.2.20260202152928444.input.0.bin", ("AbsAicore", "aclnnAbs_0_L0", 2, None,
                                                                  20260202152928444)),
    ("kernel0.5.1.20250609144925349.core", (None, "kernel0", 1, 5, 20250609144925349)),
    ("my_tensor.custom.20250609144925349", (None, "my_tensor", None, None, 20250609144925349)),
    ("te_gatherv2_219e053c.json", (None, None, None, None, None)),
    ("__kernel0_host.o", (None, None, None, None, None)),
])
def test_exception_folder_names(name, expected):
    p = parse_exception_name(name)
    assert p.kind == "exception"
    assert fields(p, "op_type", "op_name", "task_id", "stream_id", "timestamp") == expected


def test_exception_info_outside_an_exception_folder_is_still_an_exception():
    assert parse_name("exception_info.5.1.1706152473105513").kind == "exception"


def test_exported_exception_tensors_keep_their_io_and_index():
    p = parse_exception_name("aclnnAbs_0_L0.AbsAicore.2.20260202152928444.output.1.bin")
    assert (p.io, p.index) == ("output", 1)


def test_common_form_fast_path_agrees_with_the_full_parser():
    assert split_common_form(f"Conv2D.conv1.3.1.{TS}") == ("Conv2D", "conv1", 3, 1, TS)
    for name in ("aclnnAdd_0_L0.aclnnAdd.1.2.3", "Conv.c_lxslice1.1.2.3", "MatMul_3_L1.MatMul.4.5.6",
                 "Add.x.1.2.csv", "exception_info.x.1.2.3"):
        assert split_common_form(name) is None


def test_sanitising_replaces_space_dot_slashes():
    assert sanitize_part("model/layer 1\\conv.0") == "model_layer_1_conv_0"


def test_dump_file_name_forms():
    assert dump_file_name("Conv2D", "resnet/conv1.weight", 3, 1, TS).file_name == f"Conv2D.resnet_conv1_weight.3.1.{TS}"
    assert dump_file_name("Add", "add", 3, None, 20250609144925349).file_name == "Add.add.3.20250609144925349"
    assert dump_file_name("Add", "a", 3, 1, TS, ffts=(4, 2, 1, 0)).file_name == f"Add.a.3.1.{TS}.4.2.1.0"
    assert dump_file_name("Add", "a", 3, 1, TS, suffix=".csv").file_name == f"Add.a.3.1.{TS}.csv"
    name = dump_file_name("Opdebug", "Node_OpDebug", 3, 1, TS)
    assert (name.hashed, name.mapping_row) == (False, None)
    assert golden_file_name("scope/conv1", 0, TS) == f"scope_conv1.0.{TS}.npy"


def test_std_hash_matches_libstdcxx():
    # Reference values printed by g++ 12 (libstdc++, x86-64): std::hash<std::string>{}(s)
    assert std_hash("a") == 4993892634952068459
    assert std_hash("") == 6142509188972423790
    assert std_hash("abcdefgh") == 8664279048047335611
    assert std_hash("abcdefghi") == 13036955925923793583
    assert std_hash("Conv2D.conv1.3.1.1700000000000000") == 2809484620140499361
    assert std_hash("MatMul.été.1.2.3") == 956200300196440756


def test_names_over_name_max_bytes_are_hashed_with_a_mapping_row():
    fixed = len(f"A..1.2.{TS}")
    exact = dump_file_name("A", "x" * (NAME_MAX - fixed), 1, 2, TS)
    assert not exact.hashed and len(exact.file_name) == NAME_MAX
    over = dump_file_name("A", "x" * (NAME_MAX - fixed + 1), 1, 2, TS)
    assert over.hashed
    assert over.file_name == str(std_hash(over.original_name)) and over.file_name.isdigit()
    assert over.mapping_row == (over.file_name, over.original_name)
    assert is_hashed_name(over.file_name)
    # the limit counts UTF-8 bytes, not characters
    wide = dump_file_name("A", "é" * ((NAME_MAX - fixed) // 2 + 1), 1, 2, TS)
    assert len(wide.original_name) <= NAME_MAX < len(wide.original_name.encode())
    assert wide.hashed


def test_mapping_csv_round_trip_is_byte_exact(tmp_path):
    path = tmp_path / "mapping.csv"
    rows = [("123", f"Conv2D.{'a' * 300}.1.2.{TS}"), ("456", f"Add.b,c.1.2.{TS}")]
    write_mapping_csv(path, rows)
    assert path.read_bytes() == f"123,Conv2D.{'a' * 300}.1.2.{TS}\n456,Add.b,c.1.2.{TS}\n".encode()
    assert read_mapping_csv(path) == dict(rows)


def test_mapping_csv_errors_name_the_file_and_line(tmp_path):
    path = tmp_path / "mapping.csv"
    path.write_text("1,A.a.1.2.3\n\nno-comma-here\n")
    with pytest.raises(InputError) as err:
        read_mapping_csv(path)
    assert err.value.line == 3 and "mapping.csv" in str(err.value)
    with pytest.raises(InputError, match="cannot read"):
        read_mapping_csv(tmp_path / "missing.csv")


_PART = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(op_type=_PART, op_name=_PART, task=st.integers(0, 2**32), stream=st.integers(0, 2**16),
       ts=st.integers(0, 10**17), ffts=st.none() | st.tuples(st.sampled_from([0, 1, 2, 3, 4]),
                                                              st.integers(0, 99), st.integers(0, 9),
                                                              st.integers(0, 15)))
def test_built_names_parse_back(op_type, op_name, task, stream, ts, ffts):
    t, n = sanitize_part(op_type), sanitize_part(op_name)
    assume(not (t.startswith(n + "_") and "_L" in t) and not t.startswith("exception_info"))
    built = dump_file_name(op_type, op_name, task, stream, ts, ffts=ffts)
    assume(not built.hashed)
    parsed = parse_name(built.file_name)
    assert fields(parsed, "op_type", "op_name", "task_id", "stream_id", "timestamp") == (t, n, task, stream, ts)
    assert fields(parsed, *FFTS) == (ffts or (None,) * 4)


ORACLE_PY = Path(os.environ.get("ORACLE_VENV", "/work/oracle-venv")) / "bin" / "python"
ORACLE_CHILD = """
import json, re, sys, msprobe.msaccucmp as pkg
sys.path.insert(0, pkg.__path__[0])
from cmp_utils.reg_manager import RegManager as R
out = {}
for n in json.load(sys.stdin):
    m = re.match(R.NUMPY_DUMP_PATTERN if n.endswith(".npy") else R.OFFLINE_DUMP_PATTERN, n)
    out[n] = m.group(1) if m else None
print(json.dumps(out))
"""


def test_op_and_golden_keys_agree_with_msaccucmp_file_patterns():
    """msaccucmp's own regexes (reg_manager.py) give the same op name / golden key as parse_name."""
    if not ORACLE_PY.exists():
        pytest.skip("msprobe oracle venv absent")
    rng = random.Random(4)

    def word():
        return "".join(rng.choice("abcXYZ019_-") for _ in range(rng.randint(1, 12)))

    names = []
    for _ in range(500):
        ffts = rng.choice([None, (rng.randint(0, 4), rng.randint(0, 9), rng.randint(0, 3), rng.randint(0, 7))])
        names.append(dump_file_name(word(), word(), rng.randint(0, 10**6), rng.choice([None, rng.randint(0, 99)]),
                                    rng.randint(10**15, 10**16 - 1), ffts=ffts).file_name)
        names.append(golden_file_name(word(), rng.randint(0, 3), rng.randint(10**15, 10**16 - 1)))
    run = subprocess.run([str(ORACLE_PY), "-c", ORACLE_CHILD], input=json.dumps(names), capture_output=True,
                         text=True, check=True)
    oracle = json.loads(run.stdout)
    mine = {}
    for name in names:
        p = parse_name(name)
        mine[name] = f"{p.op_name}.{p.index}" if p.kind == "golden" else p.op_name
    assert mine == oracle
