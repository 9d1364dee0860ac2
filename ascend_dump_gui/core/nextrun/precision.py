"""What a precision mode does to an op's dtype, per framework, and the documented defaults per product
(precision-knobs.md §B; TF Adapter ``npu_attrs.cc``, GE ``ge_api_types.h``, torch_npu ``set_option``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MIXED_V1 = ("allow_mix_precision", "allow_mix_precision_fp16", "allow_mix_precision_bf16")
MIXED_V2 = ("mixed_float16", "mixed_bfloat16", "mixed_hif8")
KEEP_ORIGIN = ("must_keep_origin_dtype", "origin", "force_fp32")
"""Modes under which no float32 op is lowered (force_fp32 runs Cube ops in float32 where they support it)."""
LOWER_DTYPES = ("float16", "bfloat16", "hf32", "float16 accumulation")
RANK = {"float64": 4, "float32": 3, "hf32": 2, "bfloat16": 1, "float16": 1, "float16 accumulation": 2}
CUBE_TYPES = frozenset({"MatMul", "MatMulV2", "MatMulV3", "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3",
                        "Conv2D", "Conv3D", "Conv2DBackpropInput", "Conv2DBackpropFilter", "DepthwiseConv2D",
                        "FullyConnection", "GroupedMatmul"})

PRODUCT_DEFAULT = {"atlas_a2": "must_keep_origin_dtype", "atlas_a3": "must_keep_origin_dtype",
                   "atlas_training": "allow_fp32_to_fp16", "atlas_inference": "force_fp16"}
"""The precision_mode a product runs with when the config sets none (training on A2/A3; Atlas training; online
inference), precision-knobs.md §B."""
FRAMEWORK_DEFAULT = {"tf1": "allow_fp32_to_fp16", "tf2": "allow_fp32_to_fp16", "ge": "force_fp16",
                     "atc": "force_fp16", "torch_npu": "allow_fp32_to_fp16", "torchair": "must_keep_origin_dtype"}
"""Without a product: the mode the emulator takes as each framework's default (core/emulator/plan.py)."""


def is_mixed(mode: str | None) -> bool:
    return mode in MIXED_V1 or mode in MIXED_V2


def mode_of(values: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(option, value) of the precision mode a config sets: precision_mode_v2 first (the runtime refuses both;
    the checker says so), then precision_mode / ACL_PRECISION_MODE; (None, None) when none is set."""
    for key in ("precision_mode_v2", "precision_mode", "ACL_PRECISION_MODE"):
        value = values.get(key)
        if isinstance(value, str) and value:
            return key, value
    return None, None


def keeps_origin(mode: str | None) -> bool:
    return mode in KEEP_ORIGIN


def lower(precision: str, dtype: str) -> bool:
    """Whether ``precision`` is below ``dtype`` (float16 below float32, hf32 below float32 ...)."""
    return RANK.get(precision, 3) < RANK.get(dtype, 3)
