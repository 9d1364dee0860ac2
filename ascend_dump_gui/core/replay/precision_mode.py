"""The run's precision mode, where it comes from, and whether it lets an op compute below its own dtype.

The mode comes from ``replay --precision-mode VALUE`` (source ``option``), a config or training script
(``config``: precision_mode / precision_mode_v2 / ACL_PRECISION_MODE with the modify_mixlist, customize_dtypes and
keep_dtype files it names, torch_npu's allow_hf32 switches), the GE graph dump's own ``precision_mode`` attribute
(``graph``) or a product's documented default (``product default``), in that order of precedence.

What a mode lets an op compute at (hiascend GE API "PRECISION_MODE", precision-knobs.md):

* ``force_fp16`` / ``fp16``: every op at float16.
* ``allow_fp32_to_fp16`` (``allow_fp32_to_bf16``): Cube (matrix) ops at float16 (bfloat16); vector ops keep float32
  where they support it.
* ``allow_mix_precision*`` / ``mixed_float16`` / ``mixed_bfloat16``: every op not on the block list (modify_mixlist
  ``black-list``) may follow the mixed precision lists down.
* ``force_fp32`` / ``cube_fp16in_fp32out``: Cube ops take float16 operands and give float32 (the ``hf32`` form:
  operands with an 11-bit significand); vector ops float32.
* ``must_keep_origin_dtype`` / ``origin``: nothing lower.
* customize_dtypes (a name beats a type) and keep_dtype override the mode for the ops they name, except under
  the origin modes; HF32 for Cube ops from torch_npu's ``matmul.allow_hf32`` / ``conv.allow_hf32`` (defaults False /
  True for PyTorch runs) or the op's own ``enable_hf32`` attribute.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.dtype_files import TYPE_PREFIX, parse_customize_line
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg

OPTION, CONFIG, GRAPH, PRODUCT = "option", "config", "graph", "product default"

CUBE_OPS = frozenset({"MatMul", "MatMulV2", "BatchMatMul", "BatchMatMulV2", "Conv2D"})
"""Op types the Cube (matrix unit) computes."""
REDUCTIONS = frozenset({"ReduceSumD", "ReduceMeanD", "AvgPool"})
"""Op types whose vector sum may run in float16 (a high-performance kernel); the normalisations (SoftmaxV2,
LayerNorm, RmsNorm) document float32 sums."""


@cache
def modes() -> tuple[str, ...]:
    """Every precision_mode and precision_mode_v2 value (the TF1 schema's lists; imported when first needed, so the
    replay does not load the config schema)."""
    from ascend_dump_gui.core.config.schema.tf1.debug import PRECISION_MODES, PRECISION_MODES_V2

    return tuple(dict.fromkeys(PRECISION_MODES + PRECISION_MODES_V2))


PRODUCT_DEFAULTS = {"atlas_a2": "must_keep_origin_dtype", "atlas_a3": "must_keep_origin_dtype",
                    "atlas_training": "allow_fp32_to_fp16", "atlas_inference": "force_fp16"}
"""Each product's documented default precision mode (A2/A3 training: origin; Atlas training: allow_fp32_to_fp16;
online inference: force_fp16); the keys are :data:`~ascend_dump_gui.core.config.names.PRODUCTS`."""

_ALL, _CUBE, _MIXED = "every op", "Cube ops", "ops off the block list"
_LOWER: dict[str, dict[str, str]] = {
    "force_fp16": {"float16": _ALL}, "fp16": {"float16": _ALL},
    "allow_fp32_to_fp16": {"float16": _CUBE}, "allow_fp32_to_bf16": {"bfloat16": _CUBE},
    "allow_mix_precision": {"float16": _MIXED, "bfloat16": _MIXED}, "allow_mix_precision_fp16": {"float16": _MIXED},
    "mixed_float16": {"float16": _MIXED}, "allow_mix_precision_bf16": {"bfloat16": _MIXED},
    "mixed_bfloat16": {"bfloat16": _MIXED},
    "force_fp32": {"hf32": _CUBE}, "cube_fp16in_fp32out": {"hf32": _CUBE},
}
_ORIGIN = frozenset({"must_keep_origin_dtype", "origin"})
_GRAPH_KEYS = ("precision_mode_v2", "_precision_mode_v2", "precision_mode", "_precision_mode", "ge.exec.precision_mode")
_FLOAT32 = frozenset({"float32", "float"})
MAX_SIDE_FILE = 1 << 20
"""Largest modify_mixlist / customize_dtypes / keep_dtype file read."""


@dataclass
class PrecisionMode:
    """The run's precision mode (``value`` None: unknown) and the per-op knobs that go with it."""

    value: str | None = None
    source: str | None = None
    block: frozenset[str] = frozenset()          # modify_mixlist black-list to-add (op types)
    customize: dict[str, list[str]] = field(default_factory=dict)   # name or "OpType::T" -> output dtypes
    keep: frozenset[str] = frozenset()           # keep_dtype lines: names or "OpType::T"
    hf32: dict[str, tuple[bool, str]] = field(default_factory=dict)  # "matmul"/"conv" -> (on, where it is set)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source}

    def said(self) -> str:
        """The mode in words, for a reason."""
        if self.value is None:
            return msg("the run's precision mode is unknown (give --precision-mode, --config or --product)")
        return msg("precision mode {value} ({source})", value=self.value, source=self.source)

    def allows(self, op: str, op_type: str, precision: str, attrs: dict[str, Any]) -> tuple[bool, str]:
        """Whether the run lets ``op`` compute at ``precision``, and why (for the reason)."""
        if precision == "float16 accumulation":
            return False, msg("no precision mode lets a reduction accumulate in float16 (op_precision_mode does)")
        if precision == "hf32":
            return self._hf32(op_type, attrs)
        origin = self.value in _ORIGIN
        for who in (op, f"OpType::{op_type}"):
            if not origin and who in self.keep:
                return False, msg("keep_dtype keeps {who} in its dtype", who=who)
            outs = self.customize.get(who)
            if not origin and outs:
                if precision in outs:
                    return True, msg("customize_dtypes sets {who} to {precision}", who=who, precision=precision)
                if _FLOAT32 & set(outs):
                    return False, msg("customize_dtypes keeps {who} in float32", who=who)
        if self.value is None:
            return False, self.said()
        rule = _LOWER.get(self.value, {}).get(precision)
        if rule is None or (rule == _CUBE and op_type not in CUBE_OPS):
            return False, msg("{mode} does not let {op_type} compute at {precision}", mode=self.said(), op_type=op_type,
                              precision=precision)
        if rule == _MIXED and op_type in self.block:
            return False, msg("{mode}, but modify_mixlist puts {op_type} on the block list", mode=self.said(),
                              op_type=op_type)
        return True, msg("{mode} lets {rule} compute at {precision}", mode=self.said(), rule=rule, precision=precision)

    def _hf32(self, op_type: str, attrs: dict[str, Any]) -> tuple[bool, str]:
        if op_type not in CUBE_OPS:
            return False, msg("HF32 is for Cube ops, not {op_type}", op_type=op_type)
        if attrs.get("enable_hf32") is True:
            return True, msg("the op's enable_hf32 attribute (graph) computes it in HF32")
        switch = self.hf32.get("conv" if op_type == "Conv2D" else "matmul")
        if switch is not None:
            on, where = switch
            return on, msg("{where} is {on}", where=where, on=on)
        rule = _LOWER.get(self.value or "", {}).get("hf32")
        if rule is not None:
            return True, msg("{mode} gives Cube ops float16 operands with a float32 output", mode=self.said())
        return False, msg("{mode}; no HF32 switch is on for {op_type}", mode=self.said(), op_type=op_type)


def mode_from_option(value: str) -> PrecisionMode:
    """``--precision-mode VALUE``; InputError for a value no release accepts."""
    if value not in modes():
        raise InputError(None, msg("--precision-mode '{value}' is not one of {choices}", value=value,
                                     choices=", ".join(modes())))
    return PrecisionMode(value, OPTION)


def mode_from_product(product: str) -> PrecisionMode:
    """``--product P``: that product's documented default."""
    if product not in PRODUCT_DEFAULTS:
        raise InputError(None, msg("--product '{product}' is not one of {choices}", product=product,
                                     choices=", ".join(PRODUCT_DEFAULTS)))
    return PrecisionMode(PRODUCT_DEFAULTS[product], PRODUCT)


def mode_from_graph(graphs: Any) -> PrecisionMode | None:
    """The precision mode a GE graph dump records (graph or op attributes), or None."""
    for graph in graphs or ():
        holders = [getattr(graph, "attrs", {}) or {}] + [op.attrs for op in getattr(graph, "ops", ())]
        for attrs in holders:
            for key in _GRAPH_KEYS:
                value = attrs.get(key)
                if isinstance(value, str) and value in modes():
                    return PrecisionMode(value, GRAPH)
    return None


def mode_from_config(path: str | os.PathLike | ConfigDoc, *, script_args: str | None = None) -> PrecisionMode:
    """The mode a config file, training script or config document (Configure's, unsaved edits included) sets, with
    the side files it names (relative to it); ``value`` None when it sets no precision mode. InputError when the file
    cannot be read."""
    from ascend_dump_gui.core.config.formats.importers import load_config

    doc = path if isinstance(path, ConfigDoc) else load_config(path, script_args=script_args)
    keys = ("precision_mode_v2", "precision_mode", "ACL_PRECISION_MODE")
    if not any(k in doc.values for k in keys):   # a script's other documents (its torch_npu knobs) may set it
        doc = next((d for d in doc.facts.get("scenarios", ()) if any(k in d.values for k in keys)), doc)
    values = doc.values
    base = Path(doc.origin).parent if doc.origin is not None else Path.cwd()
    name = Path(doc.origin).name if doc.origin is not None else "the config"
    value = next((v for k in keys if isinstance(v := values.get(k), str) and v in modes()), None)
    mode = PrecisionMode(value, CONFIG if value else None)
    mixlist = _side_file(values.get("modify_mixlist"), base, "modify_mixlist", mode)
    if mixlist is not None:
        mode.block = _block_list(mixlist, "modify_mixlist", mode)
    dtypes = _side_file(values.get("customize_dtypes"), base, "customize_dtypes", mode)
    if dtypes is not None:
        mode.customize = _customized(dtypes)
    keep = _side_file(values.get("keep_dtype"), base, "keep_dtype", mode)
    if keep is not None:
        mode.keep = frozenset(line.strip() for line in keep.splitlines() if line.strip() and not line.startswith("#"))
    for key, short in (("matmul.allow_hf32", "matmul"), ("conv.allow_hf32", "conv"), ("allow_hf32", "matmul")):
        if isinstance(values.get(key), bool):
            mode.hf32[short] = (values[key], msg("{key} in {file}", key=key, file=name))
    return mode


def _side_file(value: Any, base: Path, key: str, mode: PrecisionMode) -> str | None:
    """The text of a file an option names, or None (noted in ``mode.notes`` when it cannot be read)."""
    if not isinstance(value, str) or not value:
        return None
    path = Path(value).expanduser()
    path = path if path.is_absolute() else base / path
    try:
        if path.stat().st_size > MAX_SIDE_FILE:
            mode.notes.append(msg("{key} file {path} is larger than {limit} bytes: not read", key=key, path=str(path),
                                  limit=MAX_SIDE_FILE))
            return None
        return jsontext.read_text(path)
    except (OSError, InputError) as exc:
        mode.notes.append(msg("{key} file {path} cannot be read here: {problem}", key=key, path=str(path),
                              problem=str(exc)))
        return None


def _block_list(text: str, key: str, mode: PrecisionMode) -> frozenset[str]:
    try:
        obj, _ = jsontext.loads(text, key)
    except InputError as exc:
        mode.notes.append(f"{key}: {exc}")
        return frozenset()
    lists = obj.get("black-list") if isinstance(obj, dict) else None
    added = lists.get("to-add") if isinstance(lists, dict) else None
    return frozenset(t for t in added if isinstance(t, str)) if isinstance(added, list) else frozenset()


def _customized(text: str) -> dict[str, list[str]]:
    """customize_dtypes lines: ``OpName::InputDtype:...,OutputDtype:...`` / ``OpType::T:InputDtype:...``."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        rule = parse_customize_line(line)
        if rule is not None:
            out[f"{TYPE_PREFIX}{rule.op_type}" if rule.op_type is not None else str(rule.name)] = list(rule.outputs)
    return out


def resolve_mode(*, option: str | None = None, config: str | os.PathLike | ConfigDoc | None = None,
                 product: str | None = None,
                 graphs: Any = None, pytorch: bool = False, script_args: str | None = None) -> PrecisionMode:
    """The run's mode: ``option`` before ``config`` before the graph dump's before ``product``'s default; the
    config's side files apply whichever gives the value. ``pytorch``: torch_npu's HF32 defaults apply where no
    switch is set (conv.allow_hf32 True, matmul.allow_hf32 False)."""
    from_config = mode_from_config(config, script_args=script_args) if config is not None else PrecisionMode()
    chosen = (mode_from_option(option) if option is not None else None) \
        or (from_config if from_config.value is not None else None) \
        or mode_from_graph(graphs) \
        or (mode_from_product(product) if product is not None else None) \
        or PrecisionMode()
    mode = PrecisionMode(chosen.value, chosen.source, from_config.block, from_config.customize, from_config.keep,
                         dict(from_config.hf32), list(from_config.notes))
    if pytorch:
        mode.hf32.setdefault("conv", (True, "torch_npu's default conv.allow_hf32"))
        mode.hf32.setdefault("matmul", (False, "torch_npu's default matmul.allow_hf32"))
    return mode
