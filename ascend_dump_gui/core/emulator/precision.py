"""Emulated precision selection: per-op compute dtype from precision_mode / precision_mode_v2, modify_mixlist,
customize_dtypes and keep_dtype, then the Cast ops the runtime inserts where dtypes change (seed 002)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.dtype_files import canonical, parse_customize_line, parse_keep_line
from ascend_dump_gui.core.emulator.graph import INPUT_TYPES, Graph, Op, ref, split_ref
from ascend_dump_gui.core.emulator.ops import BF16, FP16, FP32, spec_of
from ascend_dump_gui.core.errors import ConfigRefused, InputError, os_problem
from ascend_dump_gui.core.messages import msg

# precision_mode values -> the emulator's policy names
_MODE_V1 = {
    "force_fp16": "force_fp16",
    "allow_fp32_to_fp16": "allow_fp32_to_fp16",
    "force_fp32": "cube_fp16in_fp32out",
    "cube_fp16in_fp32out": "cube_fp16in_fp32out",
    "must_keep_origin_dtype": "must_keep_origin_dtype",
    "allow_mix_precision": "mix_fp16",
    "allow_mix_precision_fp16": "mix_fp16",
    "allow_mix_precision_bf16": "mix_bf16",
    "allow_fp32_to_bf16": "allow_fp32_to_bf16",
}
# precision_mode_v2 values
_MODE_V2 = {
    "fp16": "force_fp16",
    "origin": "must_keep_origin_dtype",
    "cube_fp16in_fp32out": "cube_fp16in_fp32out",
    "mixed_float16": "mix_fp16",
    "mixed_bfloat16": "mix_bf16",
}
MIXED = frozenset({"mix_fp16", "mix_bf16"})
ORIGIN = "must_keep_origin_dtype"
AICPU = "AICPUEngine"


@dataclass(frozen=True)
class PrecisionPolicy:
    """The precision the emulated runtime applies: ``mode`` is one of the policy names above."""

    mode: str
    described_as: str                    # e.g. "precision_mode=allow_mix_precision"
    white: frozenset[str] = frozenset()  # op types whose precision may be reduced (mixed modes)
    black: frozenset[str] = frozenset()  # op types whose precision is never reduced (mixed modes)
    custom: Mapping[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    """customize_dtypes: ("name", op name) or ("type", op type) -> (input dtype, output dtype)."""
    keep: frozenset[tuple[str, str]] = frozenset()
    """keep_dtype: ("name", op name) or ("type", op type) of ops that keep their original dtype."""

    def list_of(self, op_type: str) -> str:
        if op_type in self.black:
            return "black"
        return "white" if op_type in self.white else "gray"

    def customized(self, op: Op) -> tuple[str, str] | None:
        """The (input, output) dtype customize_dtypes sets for ``op``: its name first, then its type."""
        return self.custom.get(("name", op.name)) or self.custom.get(("type", op.type))

    def kept(self, op: Op) -> bool:
        return ("name", op.name) in self.keep or ("type", op.type) in self.keep


def _builtin_lists() -> tuple[set[str], set[str]]:
    from ascend_dump_gui.core.emulator.ops import OP_SPECS

    white = {t for t, s in OP_SPECS.items() if s.mix_list == "white"}
    black = {t for t, s in OP_SPECS.items() if s.mix_list == "black"}
    return white, black


def load_mixlist(path: Path) -> dict[str, dict[str, list[str]]]:
    """Read a modify_mixlist JSON file (strict JSON, as the runtime parses it)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(path, msg("cannot read the modify_mixlist file: {problem}", problem=os_problem(exc))) from exc
    except json.JSONDecodeError as exc:
        raise InputError(path, f"not valid JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from exc
    if not isinstance(doc, dict):
        raise InputError(path, msg("a modify_mixlist file must hold a JSON object"))
    out: dict[str, dict[str, list[str]]] = {}
    for key in ("black-list", "white-list"):
        section = doc.get(key, {})
        if not isinstance(section, dict):
            raise InputError(path, f'"{key}" must be an object with "to-add"/"to-remove" lists')
        lists = {}
        for verb in ("to-add", "to-remove"):
            items = section.get(verb, [])
            if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
                raise InputError(path, f'"{key}"."{verb}" must be a list of op type names')
            lists[verb] = [i.strip() for i in items]
        out[key] = lists
    return out


def _read(path: Path, option: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problem = os_problem(exc) if isinstance(exc, OSError) else "not UTF-8 text"
        raise InputError(path, msg("cannot read the {option} file: {problem}", option=option, problem=problem)) from exc


def load_customize_dtypes(path: Path) -> dict[tuple[str, str], tuple[str, str]]:
    """Read a customize_dtypes file: ("name"|"type", who) -> (first input dtype, first output dtype); a line the
    compiler would refuse is an :class:`InputError` naming the line."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for number, line in enumerate(_read(path, "customize_dtypes").splitlines(), 1):
        if not line.strip() or line.strip().startswith("#"):
            continue
        rule = parse_customize_line(line)
        if rule is None or not rule.inputs or not rule.outputs:
            raise InputError(path, msg("line {number} is not 'OpName::InputDtype:...,OutputDtype:...' or "
                                       "'OpType::TypeName:InputDtype:...,OutputDtype:...': {line}",
                                       number=number, line=line.strip()[:80]), line=number)
        key = ("type", rule.op_type) if rule.op_type is not None else ("name", rule.name or "")
        out[key] = (canonical(rule.inputs[0]), canonical(rule.outputs[0]))
    return out


def load_keep_dtype(path: Path) -> frozenset[tuple[str, str]]:
    """Read a keep_dtype file: ("name", op name) / ("type", op type) per line."""
    keep = set()
    for line in _read(path, "keep_dtype").splitlines():
        parsed = parse_keep_line(line)
        if parsed is not None:
            name, op_type = parsed
            keep.add(("type", op_type) if op_type is not None else ("name", name or ""))
    return frozenset(keep)


def _side_file(values: Mapping[str, Any], option: str, cwd: Path) -> Path | None:
    value = values.get(option)
    if not value:
        return None
    path = Path(str(value))
    return path if path.is_absolute() else cwd / path


def policy_from_values(values: Mapping[str, Any], *, default: str, cwd: Path) -> tuple[PrecisionPolicy, list[str]]:
    """The policy the config's precision options select, and warnings about options that do nothing."""
    warnings: list[str] = []
    v1, v2 = values.get("precision_mode"), values.get("precision_mode_v2")
    if v1 is not None and v2 is not None:
        raise ConfigRefused("precision_mode and precision_mode_v2 cannot be used together; the runtime refuses "
                            "the session options")
    if v2 is not None:
        if v2 not in _MODE_V2:
            raise ConfigRefused(f"precision_mode_v2={v2!r} is not a value the runtime accepts "
                                f"({', '.join(_MODE_V2)})")
        mode, described = _MODE_V2[v2], f"precision_mode_v2={v2}"
    elif v1 is not None:
        if v1 not in _MODE_V1:
            raise ConfigRefused(f"precision_mode={v1!r} is not a value the runtime accepts ({', '.join(_MODE_V1)})")
        mode, described = _MODE_V1[v1], f"precision_mode={v1}"
    else:
        mode, described = _MODE_V1[default], f"precision_mode={default} (default)"
    white, black = _builtin_lists()
    mixlist = values.get("modify_mixlist")
    if mixlist:
        path = Path(mixlist)
        changes = load_mixlist(path if path.is_absolute() else cwd / path)
        if mode not in MIXED:
            warnings.append(msg("modify_mixlist has no effect with {described}: the lists only apply in mixed "
                                "precision modes", described=described))
        for op_type in changes["black-list"]["to-remove"]:
            black.discard(op_type)
        for op_type in changes["white-list"]["to-remove"]:
            white.discard(op_type)
        for op_type in changes["white-list"]["to-add"]:
            black.discard(op_type)
            white.add(op_type)
        for op_type in changes["black-list"]["to-add"]:
            white.discard(op_type)
            black.add(op_type)
    custom: dict[tuple[str, str], tuple[str, str]] = {}
    keep: frozenset[tuple[str, str]] = frozenset()
    for option in ("customize_dtypes", "keep_dtype"):
        path = _side_file(values, option, cwd)
        if path is None:
            continue
        if mode == ORIGIN:
            warnings.append(msg("{option} has no effect with {described}: every op keeps its original dtype",
                                option=option, described=described))
        elif option == "customize_dtypes":
            custom = load_customize_dtypes(path)
        else:
            keep = load_keep_dtype(path)
    return PrecisionPolicy(mode, described, frozenset(white), frozenset(black), custom, keep), warnings


def _preferences(policy: PrecisionPolicy, op: Op, upstream: str) -> list[str]:
    spec = spec_of(op.type)
    cube = spec.category == "cube"
    mode = policy.mode
    if mode == "force_fp16":
        return [FP16, FP32]
    if mode == "allow_fp32_to_fp16":
        return [FP16, FP32] if cube else [FP32, FP16]
    if mode == "must_keep_origin_dtype":
        return [FP32]
    if mode == "cube_fp16in_fp32out":
        return [FP32, FP16]
    if mode == "allow_fp32_to_bf16":
        return [FP32, BF16]
    low = FP16 if mode == "mix_fp16" else BF16
    kind = policy.list_of(op.type)
    if kind == "white":
        return [low, FP32]
    if kind == "black":
        return [FP32]
    return [upstream, FP32, low]


def choose_dtypes(policy: PrecisionPolicy, op: Op, upstream: str) -> tuple[str, str, str]:
    """(input dtype, output dtype, engine) for one compute op whose original dtype is float32; customize_dtypes
    wins over keep_dtype, which wins over the mode (a dtype the AI Core kernel lacks fails compilation)."""
    spec = spec_of(op.type)
    custom = policy.customized(op)
    if custom is not None:
        unsupported = [d for d in custom if d not in spec.aicore_dtypes]
        if unsupported:
            raise ConfigRefused(f"customize_dtypes sets {unsupported[0]} for {op.name} ({op.type}), which its AI Core "
                                f"kernel does not support ({', '.join(sorted(spec.aicore_dtypes))}): compilation fails")
        return custom[0], custom[1], op.engine
    if policy.kept(op):
        return (FP32, FP32, op.engine) if FP32 in spec.aicore_dtypes else (FP32, FP32, AICPU)
    if policy.mode == "cube_fp16in_fp32out" and spec.category == "cube" and FP16 in spec.aicore_dtypes:
        return FP16, FP32, op.engine
    for dtype in _preferences(policy, op, upstream):
        if dtype in spec.aicore_dtypes:
            return dtype, dtype, op.engine
    return FP32, FP32, AICPU


def apply_precision(graph: Graph, policy: PrecisionPolicy) -> Graph:
    """Set every op's compute dtypes, fold dtypes into Consts and insert ``Cast`` ops where they differ."""
    out_dtype: dict[str, str] = {}
    chosen: dict[str, Op] = {}
    for op in graph.ops:
        if op.type in INPUT_TYPES or op.type == "Const":
            chosen[op.name] = op
            out_dtype[op.name] = FP32
            continue
        upstream = out_dtype.get(split_ref(op.inputs[0])[0], FP32) if op.inputs else FP32
        in_dt, out_dt, engine = choose_dtypes(policy, op, upstream)
        chosen[op.name] = replace(op, in_dtype=in_dt, out_dtype=out_dt, engine=engine)
        out_dtype[op.name] = out_dt

    const_users: dict[str, set[str]] = {}
    for op in chosen.values():
        for t in op.inputs:
            name = split_ref(t)[0]
            if chosen[name].type == "Const":
                const_users.setdefault(name, set()).add(op.in_dtype)

    ops: list[Op] = []
    casts: dict[tuple[str, str], str] = {}
    counter = 0

    def cast(tensor: str, src: str, dst: str) -> str:
        nonlocal counter
        key = (tensor, dst)
        if key not in casts:
            name = f"trans_Cast_{counter}"
            counter += 1
            ops.append(Op(name, "Cast", (tensor,), {"dst_type": dst}, in_dtype=src, out_dtype=dst))
            casts[key] = ref(name)
        return casts[key]

    for op in graph.ops:
        op = chosen[op.name]
        if op.type == "Const":
            for dtype in sorted(const_users.get(op.name, {FP32})):
                name = op.name if len(const_users.get(op.name, ())) <= 1 else f"{op.name}_{dtype}"
                ops.append(replace(op, name=name, in_dtype=dtype, out_dtype=dtype))
            continue
        if op.type not in INPUT_TYPES:
            new_inputs = []
            for t in op.inputs:
                producer = chosen[split_ref(t)[0]]
                if producer.type == "Const":
                    users = const_users[producer.name]
                    new_inputs.append(t if len(users) <= 1 else ref(f"{producer.name}_{op.in_dtype}"))
                elif producer.out_dtype != op.in_dtype:
                    new_inputs.append(cast(t, producer.out_dtype, op.in_dtype))
                else:
                    new_inputs.append(t)
            op = replace(op, inputs=tuple(new_inputs))
        ops.append(op)
    outputs = []
    for t in graph.outputs:
        dtype = chosen[split_ref(t)[0]].out_dtype
        outputs.append(t if dtype == FP32 else cast(t, dtype, FP32))
    return Graph(graph.name, tuple(ops), tuple(outputs))
