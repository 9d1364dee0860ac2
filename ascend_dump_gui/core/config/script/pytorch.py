"""The PyTorch knobs of a training script, read with ``ast``: msprobe's ``PrecisionDebugger(...)`` (scenario
msprobe_config, its config.json read from the script's folder with the keyword arguments over it, as msprobe does)
and torch_npu's ``set_option({...})`` and HF32 switches (scenario torch_npu)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.formats.msprobe_json import msprobe_doc
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg

DEBUGGER_ARGS = ("config_path", "task", "dump_path", "level", "model", "step")
"""PrecisionDebugger's parameters in order (msprobe 26.2.0, pytorch/debugger/precision_debugger.py)."""
OVERRIDES = ("task", "dump_path", "level", "step")
"""The parameters that override config.json (``model`` is the module to hook, ``config_path`` the file)."""
DEBUGGER_CALLS = ("start", "stop", "step", "forward_backward_dump_end")
SRC = "msprobe 26.2.0: PrecisionDebugger(config_path=None, task=None, dump_path=None, level=None, model=None, step=None)"
_HF32 = re.compile(r"(?:torch_npu|torch)\.npu\.(?P<which>matmul|conv)\.allow_hf32")


def is_set_option(name: str) -> bool:
    """``torch_npu.npu.set_option`` / ``torch.npu.set_option`` (by its dotted call name)."""
    parts = name.split(".")
    return len(parts) >= 3 and parts[-1] == "set_option" and parts[-2] == "npu" and parts[0] in ("torch", "torch_npu")


def hf32_key(target: ast.expr) -> str | None:
    """``matmul.allow_hf32`` / ``conv.allow_hf32`` for an assignment target ``torch_npu.npu.matmul.allow_hf32``."""
    match = _HF32.fullmatch(ast.unparse(target))
    return f"{match['which']}.allow_hf32" if match else None


def debugger_arguments(call: ast.Call) -> dict[str, ast.expr]:
    """PrecisionDebugger's arguments by name (positional ones too)."""
    named = {DEBUGGER_ARGS[i]: arg for i, arg in enumerate(call.args[:len(DEBUGGER_ARGS)])}
    named.update({kw.arg: kw.value for kw in call.keywords if kw.arg in DEBUGGER_ARGS})
    return named


@dataclass
class Debugger:
    """The ``PrecisionDebugger(...)`` of a script: where its config.json is and the calls made on it."""

    line: int
    config_path: Any = None           # the evaluated config_path (None: msprobe's own default config)
    config_expression: str = ""
    calls: list[dict[str, Any]] = field(default_factory=list)


def msprobe_base(debugger: Debugger, origin: Path | None, task: Any) -> tuple[dict[str, Any], list[Finding]]:
    """The values of the config.json the debugger names (resolved against the script's folder), read for ``task``
    when the script overrides it; findings when it cannot be read."""
    if debugger.config_path is None:
        return {}, [] if not debugger.config_expression else [Finding(
            "import.msprobe_config_path", Severity.WARNING, (), msg(
                "line {line}: config_path `{expression}` cannot be evaluated without running the script; only the "
                "keyword arguments are checked", line=debugger.line, expression=debugger.config_expression), SRC,
            extra={"line": debugger.line})]
    if not isinstance(debugger.config_path, str):
        return {}, [Finding("import.msprobe_config_path", Severity.ERROR, (), msg(
            "line {line}: config_path is not a string; msprobe refuses it", line=debugger.line), SRC,
            extra={"line": debugger.line})]
    path = Path(debugger.config_path)
    if not path.is_absolute() and origin is not None:
        path = origin.parent / path
    try:
        obj, _duplicates = jsontext.loads(jsontext.read_text(path), path, max_depth=jsontext.PROJECT_MAX_DEPTH)
    except InputError as exc:
        return {}, [Finding("import.msprobe_config_path", Severity.ERROR, (), msg(
            "line {line}: PrecisionDebugger's config file cannot be read ({problem}); msprobe stops there",
            line=debugger.line, problem=str(exc)), SRC, extra={"line": debugger.line})]
    if not isinstance(obj, dict):
        return {}, [Finding("import.msprobe_config_path", Severity.ERROR, (), msg(
            "line {line}: {path} is not a JSON object; msprobe's config.json is one", line=debugger.line,
            path=str(path)), SRC, extra={"line": debugger.line})]
    if isinstance(task, str):   # the section of the task the script asks for is the one msprobe reads
        obj = {**obj, "task": task}
    doc = msprobe_doc(obj, path)
    return dict(doc.values), doc.problems
