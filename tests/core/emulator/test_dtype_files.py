"""The emulator honours customize_dtypes and keep_dtype: the mixed_precision model's velocity/MatMul kept in
float32 under allow_mix_precision by name or by type, and the files' rules (a name beats a type, customize_dtypes
beats keep_dtype, neither acts under the origin modes, an unsupported dtype fails compilation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_dump_gui.core.compare.engine import compare
from ascend_dump_gui.core.config.dtype_files import (
    DtypeLine,
    format_customize_line,
    parse_customize_line,
    parse_keep_line,
)
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.errors import ConfigRefused

MODEL = "mixed_precision"


def _run(tmp: Path, values: dict, files: dict[str, str]):
    for sub in ("dump", "golden"):
        (tmp / sub).mkdir(parents=True)
    for name, text in files.items():
        (tmp / name).write_text(text)
    doc = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": str(tmp / "dump"), "dump_mode": "all",
                                    **values})
    result = emulate(doc, model=MODEL, cwd=tmp, golden_dir=tmp / "golden")
    step = next(p for p in sorted((tmp / "dump").rglob("*")) if p.is_dir() and p.name == "0"
                and p.parent.name == "1")
    return result, compare(step, tmp / "golden" / "0")


def _dtype(result, tensor: str) -> str:
    return next(r.dtype for r in result.rows if r.tensor == tensor)


MIXED = {"precision_mode": "allow_mix_precision"}


@pytest.mark.parametrize("text", [
    "velocity/MatMul::InputDtype:float32,float32,OutputDtype:float32\n",
    "OpType::MatMulV2:InputDtype:float32,float32,OutputDtype:float32\n",
])
def test_customize_dtypes_keeps_the_matmul_in_float32(tmp_path, text):
    _, result = _run(tmp_path, {**MIXED, "customize_dtypes": "dtypes.cfg"}, {"dtypes.cfg": text})
    assert _dtype(result, "velocity/MatMul:output:0") == "float32"
    assert next(r for r in result.rows if r.tensor == "velocity/MatMul:output:0").reached is True


def test_a_name_beats_a_type(tmp_path):
    text = ("OpType::MatMulV2:InputDtype:float32,float32,OutputDtype:float32\n"
            "encoder/MatMul::InputDtype:float16,float16,OutputDtype:float16\n")
    _, result = _run(tmp_path, {**MIXED, "customize_dtypes": "dtypes.cfg"}, {"dtypes.cfg": text})
    assert _dtype(result, "velocity/MatMul:output:0") == "float32"
    assert _dtype(result, "encoder/MatMul:output:0") == "float16"


def test_keep_dtype_by_type_and_customize_wins(tmp_path):
    files = {"keep.txt": "# keep the Cube ops\nOpType::MatMulV2\n",
             "dtypes.cfg": "head/MatMul::InputDtype:float16,float16,OutputDtype:float16\n"}
    _, result = _run(tmp_path, {**MIXED, "keep_dtype": "keep.txt", "customize_dtypes": "dtypes.cfg"}, files)
    assert _dtype(result, "velocity/MatMul:output:0") == "float32"
    assert _dtype(result, "head/MatMul:output:0") == "float16"


def test_no_effect_under_origin_is_said(tmp_path):
    run, result = _run(tmp_path, {"precision_mode": "must_keep_origin_dtype", "customize_dtypes": "d.cfg"},
                       {"d.cfg": "OpType::MatMulV2:InputDtype:float16,float16,OutputDtype:float16\n"})
    assert _dtype(result, "velocity/MatMul:output:0") == "float32"
    assert any("customize_dtypes has no effect" in str(w) for w in run.warnings)


def test_an_unsupported_dtype_fails_compilation(tmp_path):
    with pytest.raises(ConfigRefused, match="MaxPool|does not support"):
        _run(tmp_path, {**MIXED, "customize_dtypes": "d.cfg"},
             {"d.cfg": "OpType::MatMulV2:InputDtype:int4,int4,OutputDtype:int4\n"})


def test_line_formats_round_trip():
    for rule in (DtypeLine("a/b", None, ("float32", "float32"), ("float32",)),
                 DtypeLine(None, "Relu", ("float16",), ("float16",))):
        assert parse_customize_line(format_customize_line(rule)) == rule
    assert parse_customize_line("nonsense") is None
    assert parse_keep_line("OpType::Relu") == (None, "Relu") and parse_keep_line("a/b") == ("a/b", None)
    assert parse_keep_line("  # note") is None
