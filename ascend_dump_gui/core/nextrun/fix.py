"""``propose_fix``: the framework's own precision fix for ops that ran below their dtype or overflowed (cli.md:
``ascend-dump fix``). It changes as little as it can: per op name or type before any global mode, and it leaves the
run clean of what it fixes (other ops of the same type that diverge or overflow: the fix is per type)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.config import jsontext
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.names import format_name
from ascend_dump_gui.core.errors import DumpError, InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.nextrun import fix_forms as forms
from ascend_dump_gui.core.nextrun.evidence import KERNEL, REDUCED, UNSUPPORTED, OpEvidence, judge_ops
from ascend_dump_gui.core.nextrun.precision import (
    FRAMEWORK_DEFAULT,
    PRODUCT_DEFAULT,
    is_mixed,
    keeps_origin,
    lower,
    mode_of,
)
from ascend_dump_gui.core.nextrun.run_ops import RunOps, open_run_ops
from ascend_dump_gui.core.nextrun.sources import FIX_SCENARIO, fix_document

SCENARIO_FRAMEWORK = {scenario: fw for fw, scenario in FIX_SCENARIO.items()}
CHECKED_AS = {"tf1": "tf1_session", "tf2": "tf2_npu_device", "ge": "tf1_session", "atc": "tf1_session"}
"""The scenario whose checker judges a framework's changed options (GE and ATC take the same GE options)."""


@dataclass
class SideFile:
    option: str          # the option that names it (modify_mixlist, customize_dtypes, op_precision_mode)
    name: str            # file name (written beside --out)
    content: str


@dataclass
class FixProposal:
    """What ``fix --json`` prints, plus what ``--out`` writes (``doc``: the changed config; ``snippet``: code)."""

    framework: str
    ops: list[dict[str, Any]] = field(default_factory=list)
    changes: list[dict[str, Any]] = field(default_factory=list)
    side_files: list[SideFile] = field(default_factory=list)
    snippet: str | None = None
    before: ConfigDoc | None = None
    values: dict[str, Any] = field(default_factory=dict)     # the changed options (canonical names)
    findings: list[Any] = field(default_factory=list)
    verify: str = ""
    precision_mode: dict[str, Any] = field(default_factory=dict)
    dump_ops: dict[str, str] = field(default_factory=dict)   # the run's ops, for the checker (RunOps.dump_ops)
    code: tuple[list[str], str] | None = None   # torch: (ops, precision) when the fix includes code (autocast off)

    @property
    def proposed(self) -> bool:
        return bool(self.changes)


def framework_of(framework: str | None, config: ConfigDoc | None, run: RunOps) -> str:
    """``--framework``, else the config's scenario, else the run's format (msprobe: torch_npu; GE: ge)."""
    from_config = SCENARIO_FRAMEWORK.get(config.scenario) if config is not None else None
    if framework is not None:
        if framework not in forms.FRAMEWORKS:
            raise InputError(None, msg("unknown framework '{framework}'; choose one of {choices}", framework=framework,
                                     choices=", ".join(forms.FRAMEWORKS)))
        if from_config is not None and from_config != framework:
            raise InputError(config.origin if config else None,
                             msg("the config given is {kind}, not {framework}",
                                 kind=format_name(config.scenario), framework=framework))  # type: ignore[union-attr]
        return framework
    if from_config is not None:
        return from_config
    return "torch_npu" if run.format == "msprobe" else "ge"


def run_mode(values: dict[str, Any], product: str | None, framework: str) -> tuple[str | None, str | None, str]:
    """(value, source, assumed): the run's precision mode as known, and the mode the fix assumes when unknown."""
    _, value = mode_of(values)
    if value is not None:
        return value, "config", value
    if product in PRODUCT_DEFAULT:
        return PRODUCT_DEFAULT[product], "product default", PRODUCT_DEFAULT[product]
    return None, None, FRAMEWORK_DEFAULT[framework]


@dataclass
class Targets:
    """What the compare of the run says about the ops a fix is for."""

    chosen: list[str]                                  # the ops to fix, in execution order
    golden_dtypes: dict[str, str] = field(default_factory=dict)   # op -> its golden's dtype (its own dtype)
    bad: set[str] = field(default_factory=set)          # ops whose output diverges or overflows
    upstream: dict[str, list[str]] = field(default_factory=dict)  # op -> the producers of its diverged inputs
    carried: dict[str, bool] = field(default_factory=dict)
    """Overflowing ops whose inputs already held Inf/NaN -> whether they overflow on their own once the inputs are
    fixed (their golden leaves the range of the dtype they ran in; without a golden: an Inf, not a NaN)."""


def _chosen(run_path: Path, run: RunOps, ops: Sequence[str]) -> list[str]:
    chosen = []
    for name in ops:
        found = run.find(name)
        if found is None:
            raise InputError(run_path, msg("no op named '{name}' in this run", name=name))
        chosen.append(found)
    return chosen


def _targets(run_path: Path, golden: Path | None, run: RunOps, ops: Sequence[str], graph) -> Targets:
    """The ops to fix (``ops``, else the first divergence and every overflowing op) and what compare says of them."""
    from ascend_dump_gui.core.compare.engine import compare

    if run.format == "msprobe":
        return _msprobe_targets(run_path, golden, run, ops)
    result = compare(run_path, golden if golden is not None else run_path, graph=graph)
    found = Targets([])
    outputs = {}
    fed_nonfinite: set[str] = set()
    for row in result.rows:
        if row.role != "output":
            if row.overflow_kind is not None:
                fed_nonfinite.add(row.op_name)
            continue
        outputs.setdefault(row.op_name, row)
        if golden is not None and row.golden_dtype and row.op_name not in found.golden_dtypes:
            found.golden_dtypes[row.op_name] = row.golden_dtype
        if row.overflow or (golden is not None and row.reached is False):
            found.bad.add(row.op_name)
    overflowing = [o.op_name for o in result.overflows if o.op_name in run.types]
    for name in overflowing:
        if name in fed_nonfinite and name in outputs:
            found.carried[name] = _overflows_alone(outputs[name], golden is not None)
    first = result.first_divergence if golden is not None else None
    if first is not None:
        found.upstream[first.op_name] = [t.split(":")[0] for t in first.diverged_inputs]
    chosen = _chosen(run_path, run, ops) if ops else ([first.op_name] if first is not None else []) + overflowing
    found.chosen = list(dict.fromkeys(chosen))
    return found


def _overflows_alone(row, has_golden: bool) -> bool:
    """Whether an op that got Inf/NaN inputs would overflow by itself once they are fixed: its golden output leaves
    the range of the dtype it ran in (without a golden: it holds an Inf, which a range explains, not a NaN)."""
    if not has_golden or row.golden_file is None:
        return row.overflow_kind == "inf"
    from ascend_dump_gui.core.dump.sidefiles import load_golden
    from ascend_dump_gui.core.replay.budget import largest

    try:
        values = np.abs(np.asarray(load_golden(Path(row.golden_file)), dtype=np.float64))
    except (DumpError, OSError, ValueError):
        return row.overflow_kind == "inf"
    return bool(values.size) and float(np.nanmax(values)) >= largest(row.dtype)


def _msprobe_targets(run_path: Path, golden: Path | None, run: RunOps, ops: Sequence[str]) -> Targets:
    """An msprobe run: the calls ``--op`` names, else the first diverging call against the bench ``golden``."""
    from ascend_dump_gui.core.replay.runs import first_divergence_op

    unknown = [n for n in ops if n not in run.types]
    if unknown:
        raise InputError(run_path, msg("no call named '{name}' in this run", name=unknown[0]))
    if ops:
        return Targets(list(dict.fromkeys(ops)), bad=set(ops))
    if golden is None:
        raise InputError(run_path, msg("name the calls to fix with --op, or give the bench dump (GOLDEN)"))
    first = first_divergence_op(run_path, golden)
    return Targets([first] if first else [], bad={first} if first else set())


def _upstream_why(ev: OpEvidence, run: RunOps, bad: set[str], upstream: dict[str, list[str]]) -> str:
    from ascend_dump_gui.core.replay.judge import VERDICT_WORDS

    names = [n for n in upstream.get(ev.op, []) if n] or [p for p in run.producers.get(ev.op, []) if p in bad] \
        or run.producers.get(ev.op, [])
    where = ", ".join(names) if names else msg("its producers")
    return msg("{op} is {verdict} at its own dtype {dtype}: its error came in through its inputs; look at {where} "
               "upstream (no precision setting of {op} changes that)", op=ev.op,
               verdict=VERDICT_WORDS.get(ev.verdict, ev.verdict), dtype=ev.dtype,
               where=where)


def _kernel_why(ev: OpEvidence) -> str:
    return msg("{op} ({op_type}) is judged kernel: its output misses the error budget of its own inputs even at "
               "{precision}, so no precision setting fixes it. Report it to the op's maintainers (Huawei support) "
               "with the op type, the CANN version, this replay's result and the dump file of this op (inputs and "
               "outputs)", op=ev.op, op_type=ev.op_type, precision=ev.precision)


def propose_fix(run_path: str | os.PathLike, golden: str | os.PathLike | None = None, *, ops: Sequence[str] = (),
                framework: str | None = None, config: str | os.PathLike | ConfigDoc | None = None,
                product: str | None = None,
                graph: str | os.PathLike | None = None) -> FixProposal:
    """The proposal for the run at ``run_path`` (see the module doc); raises InputError for bad input."""
    run_dir = Path(run_path)
    run = open_run_ops(run_dir, graph)
    doc = config if isinstance(config, ConfigDoc) else load_config(Path(config)) if config is not None else None
    if doc is not None:
        doc = fix_document(doc, framework, run.format)
    if doc is not None and doc.scenario not in SCENARIO_FRAMEWORK:
        raise InputError(doc.origin, msg("a precision fix is written into a TF1 / TF2 session config or a PyTorch "
                                         "(torch_npu, torchair) script, not into {kind}; give "
                                         "--framework without --config for GE or ATC",
                                         kind=format_name(doc.scenario)))
    fw = framework_of(framework, doc, run)
    values = dict(doc.values) if doc is not None else {}
    mode_value, mode_source, assumed = run_mode(values, product, fw)
    golden_dir = Path(golden) if golden is not None else None
    targets = _targets(run_dir, golden_dir, run, ops, graph)
    chosen, golden_dtypes, bad, upstream = targets.chosen, targets.golden_dtypes, targets.bad, targets.upstream
    if golden_dir is None:   # the op's own dtype: the original graph's (before the precision mode chose)
        golden_dtypes = dict(run.original_dtypes)
    evidence = judge_ops(run_dir, chosen, golden_dtypes=golden_dtypes, mode=(mode_value, mode_source), graph=graph)
    proposal = FixProposal(fw, before=doc, precision_mode={"value": mode_value, "source": mode_source},
                           dump_ops=run.dump_ops())
    fixable: list[OpEvidence] = []
    for ev in evidence:
        entry = {"op": ev.op, "op_type": ev.op_type, "verdict": ev.verdict, "precision": ev.precision,
                 "dtype": ev.dtype, "reason": ev.reason, "precision_mode": ev.precision_mode}
        if ev.verdict == KERNEL:
            entry["why"] = _kernel_why(ev)
        elif targets.carried.get(ev.op) is False:
            entry["why"] = msg("{op} got Inf/NaN inputs and its own golden stays in range: its overflow is carried "
                               "from upstream ({where}); no precision setting of {op} changes that", op=ev.op,
                               where=", ".join(run.producers.get(ev.op, [])) or "its producers")
        elif ev.verdict == UNSUPPORTED and not ev.lowered:
            entry["why"] = msg("{op} is not judged ({reason}): no precision fix without a verdict", op=ev.op,
                               reason=ev.reason)
        elif not ev.lowered:
            entry["why"] = _upstream_why(ev, run, bad, upstream)
        else:
            fixable.append(ev)
        proposal.ops.append(entry)
    if not chosen:
        proposal.verify = msg("nothing diverges or overflows in this run: no fix to propose")
        return proposal
    for ev in list(fixable):
        for producer, dumped in _rounding_producers(ev.op, run, golden_dtypes or run.original_dtypes):
            if all(f.op != producer for f in fixable):
                own = (golden_dtypes or run.original_dtypes)[producer]
                feeder = OpEvidence(producer, run.types[producer], REDUCED, dumped, own, msg(
                    "{producer} computes in {dumped} (its own dtype is {own}) and feeds {op}: its rounding stays in "
                    "{op}'s inputs unless it is fixed too", producer=producer, dumped=dumped, own=own, op=ev.op),
                                    ev.precision_mode)
                fixable.append(feeder)
                proposal.ops.append({"op": producer, "op_type": feeder.op_type, "verdict": REDUCED,
                                     "precision": dumped, "dtype": own, "reason": feeder.reason,
                                     "precision_mode": feeder.precision_mode})
    if fixable:
        _plan(proposal, fixable, run, values, assumed, bad, base=doc.origin.parent if doc is not None and doc.origin is not None else None)
    return proposal


PASS_THROUGH = frozenset({"Cast", "TransData", "Reshape", "Squeeze", "Unsqueeze", "ExpandDims", "Identity"})
"""Ops that only carry a tensor (runtime-inserted format and dtype changes): looked through for producers."""


def _rounding_producers(op: str, run: RunOps, own: dict[str, str]) -> list[tuple[str, str]]:
    """(producer, dumped dtype) of the compute ops feeding ``op`` (through pass-through ops) whose output was dumped
    below their own dtype: fixing ``op`` alone leaves their rounding in its inputs."""
    found: list[tuple[str, str]] = []
    stack, seen = list(run.producers.get(op, [])), set()
    while stack:
        name = stack.pop()
        if name in seen or name not in run.types:
            continue
        seen.add(name)
        if run.types[name] in PASS_THROUGH:
            stack += run.producers.get(name, [])
            continue
        outs = run.io_dtypes.get(name, ([], []))[1]
        if outs and name in own and lower(outs[0], own[name]):
            found.append((name, outs[0]))
    return found


def _by_type(ev: OpEvidence, run: RunOps, bad: set[str]) -> bool:
    """Per type when another op of the same type diverges or overflows too, or the op's name is no name of the
    original graph (a fused, renamed op: a name line would not apply)."""
    others = [n for n in bad if n != ev.op and run.types.get(n) == ev.op_type]
    return bool(others) or ev.op in run.renamed


def _plan(proposal: FixProposal, fixable: list[OpEvidence], run: RunOps, values: dict[str, Any], assumed: str,
          bad: set[str], base: Path | None) -> None:
    fw = proposal.framework
    entries = {e["op"]: e for e in proposal.ops}
    lines: list[tuple[forms.Line, OpEvidence]] = []
    for ev in fixable:
        by_type = _by_type(ev, run, bad)
        ins, outs = run.io_dtypes.get(ev.op, ([], []))
        line = forms.Line(ev.op_type if by_type else ev.op, by_type, forms.restored(ins, ev.dtype) or (ev.dtype,),
                          forms.restored(outs, ev.dtype) or (ev.dtype,))
        if all(known.who != line.who for known, _ in lines):
            lines.append((line, ev))
        entries[ev.op]["fix_by"] = "type" if by_type else "name"
    if fw in forms.GRAPH_FRAMEWORKS:
        _graph_fix(proposal, lines, values, assumed, base)
    else:
        _torch_fix(proposal, lines, assumed)
    proposal.verify = msg("run the job again with the changed config, dump the same ops and compare: `ascend-dump "
                          "compare BEFORE GOLDEN --after AFTER`; {ops} must no longer diverge or overflow",
                          ops=", ".join(ev.op for ev in fixable))


def _read_side(values: dict[str, Any], key: str, base: Path | None) -> str:
    """The text of the side file an option names (empty when unset or not readable here)."""
    value = values.get(key)
    if not isinstance(value, str) or not value:
        return ""
    path = Path(value)
    if not path.is_absolute() and base is not None:
        path = base / path
    try:
        return jsontext.read_text(path)
    except (InputError, OSError):
        return ""


def _graph_fix(proposal: FixProposal, lines: list[tuple[forms.Line, OpEvidence]], values: dict[str, Any],
               assumed: str, base: Path | None) -> None:
    new = dict(values)
    hf32 = [(line, ev) for line, ev in lines if ev.precision in ("hf32", "float16 accumulation")]
    low = [(line, ev) for line, ev in lines if (line, ev) not in hf32]
    if hf32:
        text = forms.op_precision_mode_text(_read_side(values, "op_precision_mode", base), [
            (line, "enable_float_32_execution" if ev.precision == "hf32" else "high_precision") for line, ev in hf32])
        _side(proposal, new, "op_precision_mode", text, msg(
            "op_precision_mode per {what}: {names} keep float32 (no HF32 / float16 accumulation) while the rest of "
            "the model keeps its precision", what=_what(hf32), names=", ".join(line.who for line, _ in hf32)))
    if low and keeps_origin(assumed):
        for _, ev in low:
            next(e for e in proposal.ops if e["op"] == ev.op)["why"] = msg(
                "{op} ran in {precision} although the precision mode {mode} keeps original dtypes: the model "
                "itself gives it {precision} (a cast or keep_dtype_scope in the script); no precision option "
                "changes that", op=ev.op, precision=ev.precision, mode=assumed)
        low = []
    mixed = is_mixed(assumed)
    typed = [(line, ev) for line, ev in low if line.by_type]
    named = [(line, ev) for line, ev in low if not line.by_type]
    if mixed and typed:
        raw = _read_side(values, "modify_mixlist", base)
        try:
            existing = jsontext.loads(raw, "modify_mixlist")[0] if raw.strip() else {}
        except InputError:
            existing = {}
        types = list(dict.fromkeys(line.who for line, _ in typed))
        _side(proposal, new, "modify_mixlist", forms.modify_mixlist_text(existing, types), msg(
            "mixed precision mode {mode}: put {types} on the black-list, so every op of these types keeps "
            "float32 (other ops of these types diverge or overflow too)", mode=assumed, types=", ".join(types)))
        typed = []
    custom = typed + named
    if custom:
        text = forms.customize_dtypes_text(_read_side(values, "customize_dtypes", base), [line for line, _ in custom])
        _side(proposal, new, "customize_dtypes", text, msg(
            "customize_dtypes per {what}: {names} compute in {dtype} whatever the precision mode {mode} chooses",
            what=_what(custom), names=", ".join(line.who for line, _ in custom),
            dtype=custom[0][1].dtype, mode=assumed))
    proposal.values = {k: v for k, v in new.items() if values.get(k) != v}


def _what(lines: list) -> str:
    kinds = {line.by_type for line, _ in lines}
    return "op type" if kinds == {True} else "op name" if kinds == {False} else "op type and name"


def _side(proposal: FixProposal, values: dict[str, Any], key: str, content: str, why: str) -> None:
    name = forms.SIDE_NAMES[key]
    proposal.side_files.append(SideFile(key, name, content))
    values[key] = name
    proposal.changes.append({"option": forms.option_name(proposal.framework, key), "value": name, "why": why})


def _torch_fix(proposal: FixProposal, lines: list[tuple[forms.Line, OpEvidence]], assumed: str) -> None:
    fw = proposal.framework
    settings: dict[str, object] = {}
    for _, ev in lines:
        if ev.precision == "hf32":
            switch = forms.hf32_switch(ev.op_type)
            if switch not in settings:
                settings[switch] = False
                proposal.changes.append({"option": switch, "value": False, "why": msg(
                    "{op_type} ran its float32 inputs as HF32: turn HF32 off for these ops", op_type=ev.op_type)})
    low = [(line, ev) for line, ev in lines if ev.precision in ("float16", "bfloat16")]
    if low and fw == "torch_npu" and assumed == "allow_fp32_to_fp16":
        settings["ACL_PRECISION_MODE"] = "must_keep_origin_dtype"
        proposal.changes.append({"option": "ACL_PRECISION_MODE", "value": "must_keep_origin_dtype", "why": msg(
            "torch_npu has no per-op precision option: ACL_PRECISION_MODE must_keep_origin_dtype keeps float32 ops "
            "in float32 (allow_fp32_to_fp16 lowered {ops})", ops=", ".join(ev.op for _, ev in low))})
    elif low:
        proposal.code = ([ev.op for _, ev in low], low[0][1].precision)
        proposal.changes.append({"option": "code", "value": "autocast disabled around the ops", "why": msg(
            "{ops} ran in {precision} under the precision mode {mode}, which keeps original dtypes: autocast or a "
            "cast in the script lowered them; run them outside autocast on float32 inputs (snippet)",
            ops=", ".join(ev.op for _, ev in low), precision=low[0][1].precision, mode=assumed)})
    if proposal.changes:
        precision = low[0][1].precision if low else lines[0][1].precision
        proposal.snippet = forms.torch_snippet(fw, settings, [ev.op for _, ev in lines], precision)
        proposal.values = dict(settings)
