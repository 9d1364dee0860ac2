"""The precision knobs of each framework and the text of the side files a fix writes (precision-knobs.md §B).

Option names per framework: TF1 session options and TF2 ``global_options()`` (TF Adapter ``npu_attrs.cc`` /
``npu_config.py``), the GE API's ``ge.exec.*`` options (``ge_api_types.h``: ``ge.exec.precision_mode(_v2)``,
``ge.exec.modify_mixlist``, ``ge.customizeDtypes``, ``ge.exec.op_precision_mode``), ATC's command line, torch_npu's
``set_option`` keys and HF32 switches. torchair has no precision mode option: its fix is the torch_npu HF32
switches and code.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

FRAMEWORKS = ("tf1", "tf2", "ge", "atc", "torch_npu", "torchair")
GRAPH_FRAMEWORKS = ("tf1", "tf2", "ge", "atc")
OPTION_NAMES = {
    "ge": {"precision_mode": "ge.exec.precision_mode", "precision_mode_v2": "ge.exec.precision_mode_v2",
           "modify_mixlist": "ge.exec.modify_mixlist", "customize_dtypes": "ge.customizeDtypes",
           "op_precision_mode": "ge.exec.op_precision_mode"},
    "atc": {k: f"--{k}" for k in ("precision_mode", "precision_mode_v2", "modify_mixlist", "customize_dtypes",
                                   "op_precision_mode")},
}
"""How a framework spells the TF session option names (tf1/tf2 use them as they are)."""
SIDE_NAMES = {"modify_mixlist": "modify_mixlist.json", "customize_dtypes": "customize_dtypes.cfg",
              "op_precision_mode": "op_precision_mode.ini"}
FLOATS = ("float16", "bfloat16", "float32", "hf32")
HF32_TYPES = {"matmul.allow_hf32": ("MatMul", "BatchMatMul", "GroupedMatmul", "FullyConnection"),
              "conv.allow_hf32": ("Conv",)}


def option_name(framework: str, key: str) -> str:
    """``key`` (a TF session option name) as ``framework`` spells it."""
    return OPTION_NAMES.get(framework, {}).get(key, key)


@dataclass(frozen=True)
class Line:
    """One per-op or per-type entry of a side file."""

    who: str            # op type or op name
    by_type: bool
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()


def restored(dtypes: Sequence[str], own: str) -> tuple[str, ...]:
    """The dumped dtypes with every reduced float dtype put back to the op's own dtype (integers stay)."""
    return tuple(own if d in ("float16", "bfloat16") and d != own else d for d in dtypes)


def customize_dtypes_text(existing: str, lines: Sequence[Line]) -> str:
    """``existing`` customize_dtypes lines plus one line per op name (``name::InputDtype:...,OutputDtype:...``) or
    type (``OpType::T:InputDtype:...``); a line for the same name or type is replaced."""
    heads = {(f"OpType::{line.who}:" if line.by_type else f"{line.who}::") for line in lines}
    kept = [t for t in existing.splitlines() if t.strip() and not any(t.strip().startswith(h) for h in heads)]
    new = [(f"OpType::{line.who}:" if line.by_type else f"{line.who}::")
           + f"InputDtype:{','.join(line.inputs)},OutputDtype:{','.join(line.outputs)}" for line in lines]
    return "\n".join(kept + new) + "\n"


def modify_mixlist_text(existing: dict, types: Sequence[str]) -> str:
    """A modify_mixlist JSON that adds ``types`` to the black-list (and takes them off the white-list's to-add)."""
    doc = {k: v for k, v in existing.items()} if isinstance(existing, dict) else {}
    black = dict(doc.get("black-list") or {})
    to_add = [t for t in black.get("to-add") or [] if isinstance(t, str)]
    black["to-add"] = to_add + [t for t in types if t not in to_add]
    black.setdefault("to-remove", [])
    black["to-remove"] = [t for t in black["to-remove"] if t not in types]
    doc["black-list"] = black
    white = doc.get("white-list")
    if isinstance(white, dict) and isinstance(white.get("to-add"), list):
        doc["white-list"] = {**white, "to-add": [t for t in white["to-add"] if t not in types]}
    return json.dumps(doc, indent=2) + "\n"


def op_precision_mode_text(existing: str, entries: Sequence[tuple[Line, str]]) -> str:
    """An op_precision_mode ini with ``[ByOpType]`` / ``[ByNodeName]`` lines ``name=mode`` added (or replaced)."""
    sections: dict[str, dict[str, str]] = {"ByOpType": {}, "ByNodeName": {}}
    order: list[str] = []
    current = None
    for raw in existing.splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            sections.setdefault(current, {})
            order.append(current)
        elif current is not None and "=" in line and not line.startswith(("#", ";")):
            name, _, mode = line.partition("=")
            sections[current][name.strip()] = mode.strip()
    for line, mode in entries:
        sections["ByOpType" if line.by_type else "ByNodeName"][line.who] = mode
    out = []
    for name in dict.fromkeys(order + ["ByOpType", "ByNodeName"]):
        if sections.get(name):
            out.append(f"[{name}]")
            out += [f"{k}={v}" for k, v in sections[name].items()]
    return "\n".join(out) + "\n"


def hf32_switch(op_type: str) -> str:
    """The torch_npu HF32 switch that governs ``op_type`` (conv.allow_hf32 for convolutions, else matmul)."""
    return "conv.allow_hf32" if op_type.startswith("Conv") or "Conv" in op_type else "matmul.allow_hf32"


def torch_snippet(framework: str, settings: dict[str, object], ops: Sequence[str], precision: str) -> str:
    """The code a torch_npu or torchair script runs to keep ``ops`` at their own precision."""
    lines = ["# ascend-dump fix: keep these ops at their own precision", "import torch", "import torch_npu", ""]
    if "ACL_PRECISION_MODE" in settings:
        lines.append(f"torch.npu.set_option({{\"ACL_PRECISION_MODE\": {json.dumps(settings['ACL_PRECISION_MODE'])}}})")
    for key in ("matmul.allow_hf32", "conv.allow_hf32"):
        if key in settings:
            lines.append(f"torch.npu.{key} = {settings[key]!r}")
    if framework == "torchair":
        lines.append("# set these before torch.compile(model, backend=torchair.get_npu_backend(...))")
    if precision in ("float16", "bfloat16"):
        lines += ["", f"# {', '.join(ops)} ran in {precision}: run them outside autocast, on float32 inputs",
                  "with torch.autocast(device_type=\"npu\", enabled=False):",
                  "    out = module(*(t.float() for t in inputs))   # the module that calls these ops"]
    return "\n".join(lines) + "\n"
