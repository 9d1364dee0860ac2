"""torch_npu's precision knobs where PyTorch scripts set them: ``torch_npu.npu.set_option({...})`` and the HF32
switches ``torch_npu.npu.matmul.allow_hf32`` / ``torch_npu.npu.conv.allow_hf32`` (option names as torch_npu spells
them; facts from torch_npu, Ascend/pytorch 2026-08: ``npu/__init__.py``, ``csrc/framework/interface/AclOpCompileInterface``,
``npu/backends.py``)."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario

SRC = "torch_npu: torch_npu.npu.set_option / npu.matmul.allow_hf32 / npu.conv.allow_hf32"
REGISTERED_SRC = "torch_npu: csrc/framework/interface/EnvVariables.cpp (REGISTER_OPTION*)"
PRECISION_MODES = ("allow_fp32_to_fp16", "must_keep_origin_dtype")
"""The values torch_npu's ACL_PRECISION_MODE takes (the other GE modes are refused)."""
SET_OPTION_KEYS = ("ACL_PRECISION_MODE", "ACL_OP_SELECT_IMPL_MODE", "ACL_OPTYPELIST_FOR_IMPLMODE")
HF32_KEYS = ("matmul.allow_hf32", "conv.allow_hf32")
REGISTERED = frozenset({
    "autotune", "autotunegraphdumppath", "bmmv2_enable", "mdldumpswitch", "mdldumpconfigpath", "jitCompile",
    "jitCompileInit", "ACL_OP_DEBUG_LEVEL", "ACL_DEBUG_DIR", "ACL_OP_COMPILER_CACHE_MODE", "ACL_OP_COMPILER_CACHE_DIR",
    "ACL_AICORE_NUM", "ACL_PRECISION_MODE", "ACL_OP_SELECT_IMPL_MODE", "ACL_OPTYPELIST_FOR_IMPLMODE",
    "NPU_FUZZY_COMPILE_BLACKLIST", "FORCE_ACLNN_OP_LIST", "OP_HOOK_ENABLE", "MM_BMM_ND_ENABLE", "ALLOW_INTERNAL_FORMAT",
    "STRONG_CONSISTENCY", "COMPATIBLE_IMPL", "ALLOW_CONV_HF32", "ALLOW_MATMUL_HF32", "ACL_OP_DEBUG_OPTION",
    "CUBE_MATH_TYPE"})
"""The option names set_option accepts (others raise): the precision knobs above are fields, the rest are kept."""

FIELDS = (
    FieldSpec("ACL_PRECISION_MODE", Kind.CHOICE, None, "Precision mode", group="Precision",
              choices=PRECISION_MODES,
              help="torch_npu.npu.set_option({\"ACL_PRECISION_MODE\": ...}): allow_fp32_to_fp16 lets float32 "
                   "operators run in float16 where the kernel lacks float32; must_keep_origin_dtype keeps every "
                   "operator in its dtype. Unset: the product's default.", source=SRC),
    FieldSpec("ACL_OP_SELECT_IMPL_MODE", Kind.CHOICE, None, "Operator implementation mode", group="Precision",
              choices=("high_precision", "high_performance"),
              help="high_precision or high_performance kernels for the operators of ACL_OPTYPELIST_FOR_IMPLMODE "
                   "(every operator when that list is empty).", source=SRC),
    FieldSpec("ACL_OPTYPELIST_FOR_IMPLMODE", Kind.STR, None, "Operator types for the implementation mode",
              group="Precision", help="Comma-separated operator types that ACL_OP_SELECT_IMPL_MODE applies to.",
              source=SRC),
    FieldSpec("matmul.allow_hf32", Kind.BOOL, False, "HF32 for MatMul", group="HF32",
              help="torch_npu.npu.matmul.allow_hf32: float32 matrix multiplications compute in HF32 (a float32 "
                   "input rounded to 11 mantissa bits). Default False.", source=SRC),
    FieldSpec("conv.allow_hf32", Kind.BOOL, True, "HF32 for convolutions", group="HF32",
              help="torch_npu.npu.conv.allow_hf32: float32 convolutions compute in HF32. Default True.", source=SRC),
)

TORCH_NPU = Scenario(
    name="torch_npu",
    title="PyTorch torch_npu",
    summary="torch_npu precision options in a PyTorch script: set_option and the HF32 switches.",
    version=1,
    fields=FIELDS,
    unknown_keys="quiet",   # registered options are kept as they are; unregistered ones are the rules' error
)
