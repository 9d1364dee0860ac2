"""Rules for what makes a precision fix void inside its side files: per-op lines of customize_dtypes and
op_precision_mode ``[ByNodeName]`` that name no op of the run the config is for (a fused or renamed op, another
model), modify_mixlist types that no op of the run has, and dtypes a product does not have. The run's ops come from
``CheckContext.dump_ops`` (not judged without them); ``file_checks`` calls :func:`side_file_findings` per file."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import Text, msg

NOT_IN_RUN = "file.name_not_in_run"
DTYPE_ON_PRODUCT = "file.dtype_on_product"
NAMES_SOURCE = ("CANN ATC/GE options customize_dtypes, op_precision_mode [ByNodeName]: op names of the graph before "
                "fusion; a name the compiler does not find (fused, renamed, another model) is not applied")
MIXLIST_SOURCE = "CANN ATC/GE option modify_mixlist: lists of op types"
DTYPE_SOURCE = "seed 002: customize_dtypes; precision_mode (bfloat16 is not supported on Atlas training/inference)"
NO_BF16 = ("atlas_training", "atlas_inference")
TYPE_PREFIX = "OpType::"


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith(("#", ";")):
            yield number, line


def _name_problem(name: str, number: int, ctx: CheckContext) -> Text | None:
    """Why a per-op line for ``name`` is not applied to the run of ``ctx`` (None: it is, or no run is known)."""
    if ctx.dump_ops is None:
        return None
    kind = ctx.dump_ops.get(name)
    if kind is None:
        return msg("line {number}: {name} is no op of the run this config is for; the line names nothing the "
                   "runtime finds and has no effect (check the name against the dump or the GE graph)",
                   number=number, name=name)
    if kind.startswith("fused into "):
        return msg("line {number}: {name} was {kind}; a line for a fused op's original name has no effect: name its "
                   "op type instead", number=number, name=name, kind=kind)
    if "; fused from " in kind:
        return msg("line {number}: {name} is the name fusion gave to ops {kind}; the line names no op of the graph "
                   "before fusion and has no effect: name the op type instead", number=number, name=name,
                   kind=kind.split("; fused from ", 1)[1])
    return None


def _customize_dtypes(text: str, ctx: CheckContext) -> Iterator[tuple[str, Severity, Text, str]]:
    for number, line in _lines(text):
        if "::" not in line:
            continue                      # the file check reports the line's form
        if ctx.product in NO_BF16 and "bfloat16" in line.split("InputDtype:", 1)[-1]:
            yield DTYPE_ON_PRODUCT, Severity.ERROR, msg(
                "line {number}: bfloat16 is not supported on {product} (no bfloat16 kernels); compilation fails",
                number=number, product=ctx.product), DTYPE_SOURCE
        if not line.startswith(TYPE_PREFIX):
            problem = _name_problem(line.split("::", 1)[0], number, ctx)
            if problem is not None:
                yield NOT_IN_RUN, Severity.WARNING, problem, NAMES_SOURCE


def _op_precision_mode(text: str, ctx: CheckContext) -> Iterator[tuple[str, Severity, Text, str]]:
    section = None
    for number, line in _lines(text):
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == "ByNodeName" and "=" in line:
            problem = _name_problem(line.partition("=")[0].strip(), number, ctx)
            if problem is not None:
                yield NOT_IN_RUN, Severity.WARNING, problem, NAMES_SOURCE


def _modify_mixlist(text: str, ctx: CheckContext) -> Iterator[tuple[str, Severity, Text, str]]:
    if ctx.dump_ops is None:
        return
    try:
        doc = jsontext.loads(text, "modify_mixlist")[0]
    except InputError:
        return                           # the file check reports it
    types = {v.split(";")[0] for v in ctx.dump_ops.values() if not v.startswith("fused into ")}
    for name, lists in (doc.items() if isinstance(doc, dict) else ()):
        for action, ops in (lists.items() if isinstance(lists, dict) else ()):
            for op_type in ops if isinstance(ops, list) else ():
                if isinstance(op_type, str) and op_type not in types:
                    yield NOT_IN_RUN, Severity.INFO, msg(
                        "{name}.{action}: no op of type {op_type} is in the run this config is for (modify_mixlist "
                        "names op types, not op names)", name=name, action=action, op_type=op_type), MIXLIST_SOURCE


SIDE_FILE_RULES: dict[str, Callable[[str, CheckContext], Iterator[tuple[str, Severity, Text, str]]]] = {
    "customize_dtypes": _customize_dtypes, "op_precision_mode": _op_precision_mode, "modify_mixlist": _modify_mixlist,
}


def side_file_findings(key: str, name: str, text: str, ctx: CheckContext) -> list[Finding]:
    """The findings of these rules for the file ``name`` (its ``text``) that option ``key`` names."""
    rules = SIDE_FILE_RULES.get(key)
    if rules is None:
        return []
    return [Finding(rule, severity, (key,), msg("{key} ({name}): {message}", key=key, name=name, message=message),
                    source) for rule, severity, message, source in rules(text, ctx)]
