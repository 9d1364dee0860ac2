"""TF1 rules for precision modes, mixed precision files and operator implementation modes (seed 002)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.tf1.base import effective_mode, is_set, number, src, text
from ascend_dump_gui.core.messages import msg

MIXED_MODES = ("allow_mix_precision", "allow_mix_precision_fp16", "allow_mix_precision_bf16")
MIXED_MODES_V2 = ("mixed_float16", "mixed_bfloat16", "mixed_hif8")   # the adapter also accepts mixed_hif8
BF16_MODES = ("allow_mix_precision_bf16", "allow_fp32_to_bf16")
IMPLMODE_TYPES = ("Pooling", "SoftmaxV2", "LRN", "ROIAlign")
_ACCEL = re.compile(r"(fast1?)\|(step|loss)(?:\|(\d+(?:\.\d+)?))?")
_ACCEL_RANGE = {"step": (0.2, 0.9), "loss": (1.01, 1.5)}
_ACCEL_ENV = {"step": ("STEP_NOW", "TOTAL_STEP"), "loss": ("LOSS_NOW", "TARGET_LOSS")}


def _mixed(v: Mapping[str, Any]) -> bool:
    return text(v, "precision_mode") in MIXED_MODES or text(v, "precision_mode_v2") in MIXED_MODES_V2


def _bf16_on_old_product(v: Mapping[str, Any], c: CheckContext) -> bool:
    uses_bf16 = text(v, "precision_mode") in BF16_MODES or text(v, "precision_mode_v2") == "mixed_bfloat16"
    return uses_bf16 and c.product in ("atlas_training", "atlas_inference")


def _keeps_origin(v: Mapping[str, Any], c: CheckContext) -> bool:
    """The precision mode in effect keeps original dtypes, so customize_dtypes has nothing to override."""
    if text(v, "precision_mode_v2") == "origin" or text(v, "precision_mode") == "must_keep_origin_dtype":
        return True
    unset = "precision_mode_v2" not in v and "precision_mode" not in v
    return unset and c.product in ("atlas_a2", "atlas_a3") and effective_mode(v, c) == "training"


def _accelerate_format(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    value = text(values, "experimental_accelerate_train_mode")
    if value is None:
        return
    match = _ACCEL.fullmatch(value)
    if not match:
        yield Hit(msg("experimental_accelerate_train_mode {value!r} is not type|trigger|ratio with type "
                      "fast or fast1 and trigger step or loss, e.g. fast|step|0.9.", value=value))
        return
    trigger, ratio = match.group(2), match.group(3)
    low, high = _ACCEL_RANGE[trigger]
    if ratio is not None and not low <= float(ratio) <= high:
        yield Hit(msg("The ratio {ratio} is outside {low}..{high}, the range for the {trigger} trigger.",
                      ratio=ratio, low=low, high=high, trigger=trigger))


def _accelerate_precision(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    if text(values, "experimental_accelerate_train_mode") is None:
        return
    mode, mode_v2 = text(values, "precision_mode"), text(values, "precision_mode_v2")
    if mode is not None and mode not in ("allow_fp32_to_fp16", "must_keep_origin_dtype"):
        yield Hit(msg("experimental_accelerate_train_mode needs precision_mode allow_fp32_to_fp16 or "
                      "must_keep_origin_dtype (or unset), not {mode}; the adapter stops with an internal error.",
                      mode=mode), ("experimental_accelerate_train_mode", "precision_mode"))
    if mode_v2 is not None and mode_v2 != "origin":
        yield Hit(msg("experimental_accelerate_train_mode needs precision_mode_v2 origin (or unset), not "
                      "{mode_v2}; the adapter stops with an internal error.", mode_v2=mode_v2), ("experimental_accelerate_train_mode", "precision_mode_v2"))


def _accelerate_env(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    match = _ACCEL.fullmatch(text(values, "experimental_accelerate_train_mode") or "")
    if match:
        now, total = _ACCEL_ENV[match.group(2)]
        yield Hit(msg("With the {match} trigger the script must keep the environment variables {now} and "
                      "{total} up to date during training.",
                      match=match.group(2), now=now, total=total), ("experimental_accelerate_train_mode", now, total))


def _optypelist_types(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    names = [n.strip() for n in (text(values, "optypelist_for_implmode") or "").split(",") if n.strip()]
    unknown = [n for n in names if n not in IMPLMODE_TYPES]
    if unknown:
        yield Hit(msg("optypelist_for_implmode names {unknown}; only {implmode_types} are supported.",
                      unknown=', '.join(unknown), implmode_types=', '.join(IMPLMODE_TYPES)))


PRECISION_RULES = (
    When("tf1.precision_mode_both", Severity.ERROR, ("precision_mode", "precision_mode_v2"),
         lambda v, c: "precision_mode" in v and "precision_mode_v2" in v,
         "precision_mode and precision_mode_v2 cannot be used together; keep precision_mode_v2.",
         src("precision_mode_v2"), Fix("Remove precision_mode", (("precision_mode", None),))),
    When("tf1.bf16_unsupported_product", Severity.ERROR, ("precision_mode", "precision_mode_v2"),
         _bf16_on_old_product,
         "The selected precision mode uses bfloat16, which Atlas training and Atlas inference products "
         "do not support.", src("precision_mode")),
    When("tf1.precision_mode_v2_hif8", Severity.WARNING, ("precision_mode_v2",),
         lambda v, c: text(v, "precision_mode_v2") in ("cube_hif8", "mixed_hif8"),
         "precision_mode_v2 cube_hif8 and mixed_hif8 are accepted by the adapter but documented as not supported "
         "yet; a fix or a run that relies on them is not confirmed to take effect.",
         src("precision_mode_v2") + "; tensorflow tf_adapter/util/npu_attrs.cc (kPrecisionModeV2List)"),
    When("tf1.force_fp16_training", Severity.WARNING, ("precision_mode", "graph_run_mode"),
         lambda v, c: text(v, "precision_mode") == "force_fp16" and effective_mode(v, c) == "training",
         "precision_mode force_fp16 only applies to online inference.", src("precision_mode")),
    When("tf1.modify_mixlist_without_mixed", Severity.ERROR,
         ("modify_mixlist", "precision_mode", "precision_mode_v2"),
         lambda v, c: "modify_mixlist" in v and not _mixed(v),
         "modify_mixlist needs a mixed precision mode (precision_mode_v2 mixed_float16 or mixed_bfloat16, or "
         "precision_mode allow_mix_precision*); without one the adapter stops with an internal error. The "
         "session options reference only says the list is used when mixed precision is on.",
         src("modify_mixlist") + "; tensorflow tf_adapter/util/npu_attrs.cc (SetNpuOptimizerAttr: modify_mixlist "
         "returns errors::Internal)", Fix("Use mixed_float16", (("precision_mode_v2", "mixed_float16"),))),
    When("tf1.customize_dtypes_no_effect", Severity.WARNING,
         ("customize_dtypes", "precision_mode", "precision_mode_v2"),
         lambda v, c: is_set(v, "customize_dtypes") and _keeps_origin(v, c),
         "customize_dtypes has no effect while the precision mode keeps original dtypes (precision_mode_v2 "
         "origin or precision_mode must_keep_origin_dtype, the A2/A3 training default).",
         src("customize_dtypes")),
    Scan("tf1.accelerate_train_format", Severity.ERROR, ("experimental_accelerate_train_mode",),
             _accelerate_format, src("experimental_accelerate_train_mode")),
    Scan("tf1.accelerate_train_precision", Severity.ERROR,
             ("experimental_accelerate_train_mode", "precision_mode", "precision_mode_v2"),
             _accelerate_precision, src("experimental_accelerate_train_mode") +
             "; tensorflow tf_adapter/kernels/geop_npu.cc (GeOp::CheckAndModifyPrecisionMode returns an internal "
             "error)"),
    Scan("tf1.accelerate_train_env", Severity.INFO,
             ("experimental_accelerate_train_mode", "STEP_NOW", "TOTAL_STEP", "LOSS_NOW", "TARGET_LOSS"),
             _accelerate_env, src("experimental_accelerate_train_mode")),
    When("tf1.accelerate_train_small_loops", Severity.WARNING,
         ("experimental_accelerate_train_mode", "iterations_per_loop"),
         lambda v, c: text(v, "experimental_accelerate_train_mode") is not None
         and (number(v, "iterations_per_loop") or 1) > 1,
         "With iterations_per_loop > 1 the step or loss split of experimental_accelerate_train_mode can be "
         "inaccurate, which may affect loss and accuracy.", src("experimental_accelerate_train_mode")),
    When("tf1.op_precision_mode_overrides", Severity.WARNING,
         ("op_precision_mode", "op_select_implmode", "optypelist_for_implmode"),
         lambda v, c: is_set(v, "op_precision_mode") and ("op_select_implmode" in v or "optypelist_for_implmode" in v),
         "op_precision_mode takes precedence; op_select_implmode and optypelist_for_implmode are ignored.",
         src("op_precision_mode"),
         Fix("Remove the older options", (("op_select_implmode", None), ("optypelist_for_implmode", None)))),
    When("tf1.optypelist_without_implmode", Severity.ERROR, ("optypelist_for_implmode", "op_select_implmode"),
         lambda v, c: "optypelist_for_implmode" in v and "op_select_implmode" not in v,
         "optypelist_for_implmode lists the operators that use op_select_implmode, which is not set; the adapter "
         "stops the process (LOG(FATAL)).",
         src("optypelist_for_implmode") + "; tensorflow tf_adapter/util/npu_attrs.cc (SetNpuOptimizerAttr: "
         "\"when use optypelist_for_implmode, op_select_implmode must be set\")"),
    Scan("tf1.optypelist_types", Severity.WARNING, ("optypelist_for_implmode",), _optypelist_types,
             src("optypelist_for_implmode")),
)
