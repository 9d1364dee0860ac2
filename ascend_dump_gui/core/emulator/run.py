"""``emulate()``: run a built-in model under a config's emulated precision and write the runtime's dump tree."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.config.check import check, effective_env
from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.config.formats.msprobe_json import kernel_config
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator.compiler import compile_graph
from ascend_dump_gui.core.emulator.confine import confine, emulator_folders
from ascend_dump_gui.core.emulator.explain import this_run, why_nothing_dumped
from ascend_dump_gui.core.emulator.faults import make_fault
from ascend_dump_gui.core.emulator.ge_graph import graph_text, write_graph_dumps
from ascend_dump_gui.core.emulator.graph import AICoreError, Graph, OutputHook, execute
from ascend_dump_gui.core.emulator.layout import infer_shapes
from ascend_dump_gui.core.emulator.limits import check_run_numbers
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, emulate_msprobe, selected_steps
from ascend_dump_gui.core.emulator.plan import DEFAULT_PRECISION, MODEL_NAMING, DumpPlan, make_plan
from ascend_dump_gui.core.emulator.precision import policy_from_values
from ascend_dump_gui.core.emulator.timing import RunIds, run_ids, tensor_sizes
from ascend_dump_gui.core.emulator.writer import DumpTreeWriter, golden_writer
from ascend_dump_gui.core.errors import ConfigRefused, InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress


@dataclass
class EmulationResult:
    """What a run wrote: every file, the root folder per artifact, warnings and the checker's findings."""

    written: list[Path] = field(default_factory=list)
    roots: dict[str, Path] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def _load(path: Path, scenario: str | None = None) -> ConfigDoc:
    return load_config(path, scenario=scenario)


def _refuse_errors(findings: list[Finding]) -> None:
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        listed = "; ".join(f.message for f in errors[:3]) + (f" (+{len(errors) - 3} more)" if len(errors) > 3 else "")
        raise ConfigRefused(f"the runtime refuses this config: {listed}", findings)


_WRITTEN_ARTIFACTS = ("dump_data", "overflow_dump", "exception_dump", "graph_dump")


def _roots(doc: ConfigDoc, env: Mapping[str, str], cwd: Path) -> tuple[dict[str, tuple[Path, str]], list[str],
                                                                       dict[str, Path]]:
    """(artifact -> (folder, layout)) as ``config where`` resolves them, kept under ``cwd`` (:func:`confine`); notes
    for re-rooted and remote folders; the runtime's own folder of each re-rooted one. A re-rooted folder is made when
    the runtime's own folder exists (the runtime needs an existing dump path: the emulator asks what the real one
    would)."""
    roots: dict[str, tuple[Path, str]] = {}
    notes = []
    originals: dict[str, Path] = {}
    for a, where in emulator_folders(doc, env, cwd, _WRITTEN_ARTIFACTS):
        if where is None:
            notes.append(msg("{artifact} goes to the remote host {path} ({decided_by}); nothing is written "
                             "locally for it", artifact=a.artifact, path=a.path, decided_by=a.decided_by))
            continue
        if where.rerooted:
            notes.append(where.note(f"{a.artifact} ({a.decided_by})", cwd))
            originals[a.artifact] = where.original
            if where.original.is_dir():
                where.path.mkdir(parents=True, exist_ok=True)
        roots[a.artifact] = (where.path, a.layout)
    return roots, notes, originals


MAX_LATER_S = 86_400
"""A run looks this many seconds past its seed's start for a ``{time}`` folder no earlier run wrote."""


def _time_folders(ids: RunIds, roots: Mapping[str, tuple[Path, str]]) -> list[Path]:
    """The ``{time}`` folder each dump root's layout puts this run's files under."""
    values = {"time": ids.time_dir, "world_size": ids.world_size, "rank": ids.rank}
    folders = []
    for root, layout in roots.values():
        parts = layout.split("/")
        timed = next((k for k, part in enumerate(parts) if "{time}" in part), None)
        if timed is not None:
            folders.append(root / "/".join(parts[:timed + 1]).format(**values))
    return folders


def own_time(ids: RunIds, roots: Mapping[str, tuple[Path, str]]) -> RunIds:
    """``ids`` moved to the first second whose ``{time}`` folders no earlier run wrote: two runs in one working
    folder never share a time folder (nor, the file times following, golden file names)."""
    for later in range(MAX_LATER_S):
        moved = replace(ids, later_s=later)
        if not any(os.path.lexists(folder) for folder in _time_folders(moved, roots)):
            return moved
    return ids


def earlier_golden(golden_dir: Path, steps: int) -> int:
    """How many files the step folders of ``golden_dir`` hold before this run writes (another run's)."""
    count = 0
    for step in range(steps):
        folder = Path(golden_dir) / str(step)
        if folder.is_dir():
            count += sum(1 for p in folder.iterdir() if p.suffix == ".npy")
    return count


def fresh_folder(path: Path) -> Path:
    """``path`` when it is absent or empty, else the first absent or empty ``path-2``, ``path-3`` …: a run's own
    folder for files a later compare takes whole (the golden .npy files)."""
    for k in range(1, 10_000):
        candidate = path if k == 1 else path.with_name(f"{path.name}-{k}")
        if not candidate.exists() or (candidate.is_dir() and not any(candidate.iterdir())):
            return candidate
    raise InputError(path, "no free folder name beside it")


def _env_int(env: Mapping[str, str], name: str, default: int) -> int:
    """A device id, rank or world size from the environment; :class:`InputError` for one beyond 2**31 - 1."""
    text = env.get(name, "").strip()
    if not (text.isascii() and text.isdigit()):
        return default
    if len(text) > 10 or int(text) >= 2**31:
        raise InputError(None, f"{name}={text[:20]}{'...' if len(text) > 20 else ''}: too large for the runtime")
    return int(text)


def _needs_existing(plan: DumpPlan) -> list[str]:
    artifacts = []
    if plan.data_dump or plan.single_op:
        artifacts.append("dump_data")
    if plan.overflow:
        artifacts.append("overflow_dump")
    return artifacts


def _write_graphs(writer: DumpTreeWriter, original: Graph, feeds: Mapping[str, np.ndarray], level: int,
                  env: Mapping[str, str]) -> list[Path]:
    """DUMP_GE_GRAPH files: the original graph (PreRunBegin) and the graph the device runs (Build)."""
    device = writer.graph
    stages = [("PreRunBegin", graph_text(Graph(device.name, original.ops, original.outputs),
                                         infer_shapes(original, feeds), level=level)),
              ("Build", graph_text(device, infer_shapes(device, feeds), level=level, task_ids=writer.ids.task_ids))]
    return write_graph_dumps(writer.folder("graph_dump"), stages, env=env, replaced=writer.replaced)


def _chain(first: OutputHook | None, second: OutputHook | None) -> OutputHook | None:
    """One hook running ``first`` then ``second`` (either may be None)."""
    if first is None or second is None:
        return first or second
    return lambda op, ins, outs, memory: second(op, ins, first(op, ins, outs, memory), memory)


def emulate(config: ConfigDoc | Path, *, env: Mapping[str, str] | None = None, model: str = "mlp", steps: int = 1,
            cwd: Path, golden_dir: Path | None = None, fault: str | None = None, seed: int = 0,
            progress: ProgressFn = no_progress, cancel: CancelToken | None = None,
            step_hook: Callable[[int], OutputHook | None] | None = None, own_folder: bool = True) -> EmulationResult:
    """Run ``model`` for ``steps`` steps as the Ascend runtime would under ``config`` and ``env``.

    Writes exactly the files the runtime writes (paths as ``resolve_paths`` decides, relative ones against
    ``cwd``) plus float32 golden ``{op_name}.{output_index}.{timestamp}.npy`` files of the original graph to
    ``golden_dir/{step}/``. A config with error findings is refused with :class:`ConfigRefused`; options the
    runtime ignores give warnings. ``fault`` is one of :data:`FAULT_KINDS`. Deterministic given ``seed``.
    ``step_hook(step)`` may give an extra executor hook for that step (the multi-rank emulator's drift and
    overflow); it runs after the fault's. A run whose ``{time}`` folder an earlier run wrote takes the next free
    second (:func:`own_time`) unless ``own_folder`` is False (the multi-rank emulator writes one rank's tensors and
    statistics as two runs into one folder).
    """
    if model not in MODELS:
        raise InputError(None, f"unknown model {model!r}; built-in models: {', '.join(MODELS)}")
    check_run_numbers(steps=steps, seed=seed)
    cwd = Path(cwd).resolve()
    doc = config if isinstance(config, ConfigDoc) else _load(Path(config))
    env = effective_env(doc, env)
    findings = check(doc, env=env, base_dir=cwd)
    _refuse_errors(findings)
    result = EmulationResult(findings=findings)
    result.warnings += [f.text for f in this_run(findings) if f.severity is Severity.WARNING]
    if doc.scenario == "msprobe_config":  # PrecisionDebugger's tree, not the ACL runtime's
        write = _emulate_msprobe_l2 if doc.values.get("level") == "L2" else emulate_msprobe
        where = confine(str(doc.values.get("dump_path") or "dump_path"), cwd)
        if where.rerooted:
            result.warnings.append(where.note("msprobe dump_path", cwd))
        values = {**doc.values, "dump_path": str(where.path)}
        root, result.written = write(values, cwd=cwd, model=model, steps=steps, seed=seed)
        result.roots["msprobe_dump"] = root
        return result

    model_def = MODELS[model]

    def feed(step: int) -> dict[str, np.ndarray]:
        """Step ``step``'s inputs, made when that step runs (one step's tensors at a time)."""
        return model_def.make_inputs(np.random.default_rng([seed, step]))

    first = feed(0)
    original = model_def.build()
    if doc.scenario in ("tf1_session", "tf2_npu_device"):
        original = original.with_ops([replace(op, type="GetNext") if op.type == "Data" else op for op in original.ops])
    policy, notes = policy_from_values(doc.values, default=DEFAULT_PRECISION.get(doc.scenario, "force_fp16"),
                                       cwd=cwd)
    result.warnings += notes
    device = compile_graph(original, policy, first)
    injected = make_fault(fault, model_def, device) if fault else None
    roots, root_notes, originals = _roots(doc, env, cwd)
    ids = run_ids(device, tensor_sizes(execute(device, first)), seed=seed,
                  device_id=_env_int(env, "ASCEND_DEVICE_ID", 0), world_size=_env_int(env, "WORLD_SIZE", 1),
                  rank=_env_int(env, "RANK", 0))
    if own_folder:
        ids = own_time(ids, roots)
    name_pattern, model_id = MODEL_NAMING.get(doc.scenario, ("{model}", 1))
    model_name = name_pattern.format(model=model, time=ids.graph_time)
    device = Graph(model_name, device.ops, device.outputs)

    plan = make_plan(doc, env, model_name=model_name, load=lambda p: _load(p, "acl_json"), cwd=cwd)
    warned = {o for f in this_run(findings) if f.severity is Severity.WARNING for o in f.options}
    result.warnings += [message for option, message in plan.warnings if option not in warned]
    result.warnings += root_notes
    for artifact in _needs_existing(plan):
        if artifact in roots and not roots[artifact][0].is_dir():
            raise ConfigRefused(f"{artifact}: the folder {originals.get(artifact, roots[artifact][0])} does not "
                                "exist; the runtime needs an existing, writable dump path", findings)
    if golden_dir is not None and (earlier := earlier_golden(golden_dir, steps)):
        result.warnings.append(msg("the golden folder {folder} already holds {count} .npy file(s) of an earlier run: "
                                   "a compare against it lists them as unmatched (give each run its own golden "
                                   "folder)", folder=str(golden_dir), count=earlier))
    writer = DumpTreeWriter(plan, device, ids, roots, model_name=model_name, model_id=model_id, cancel=cancel)
    result.warnings += writer.warnings

    level = env.get("DUMP_GE_GRAPH", "").strip()
    if level in ("1", "2", "3") and "graph_dump" in roots:
        result.written += _write_graphs(writer, original, first, int(level), env)
        result.roots["graph_dump"] = roots["graph_dump"][0]

    for step in range(steps):
        if cancel is not None:
            cancel.raise_if_cancelled()
        progress(step, steps, msg("step {step} of {steps}", step=step + 1, steps=steps))
        hook = _chain(injected.hook(last_step=step == steps - 1) if injected else None,
                      step_hook(step) if step_hook is not None else None)
        inputs = first if step == 0 else feed(step)
        try:
            execute(device, inputs, observer=writer.observer(step), hook=hook)
        except AICoreError as error:
            result.warnings.append(msg("step {step}: {error}; the process exits", step=step, error=str(error)))
            if plan.exception and "exception_dump" in roots:
                writer.write_exception(error, step)
            else:
                result.warnings.append(msg("exception dump is off: nothing is written for the failing op"))
        if golden_dir is not None:
            observe, files = golden_writer(Path(golden_dir) / str(step), original, ids, step, writer.replaced)
            execute(original, inputs, observer=observe)
            result.written += files()
    progress(steps, steps, msg("done"))
    result.written += writer.finish()
    for artifact in ("dump_data", "overflow_dump", "exception_dump"):
        if artifact in roots and any(p.is_relative_to(roots[artifact][0]) for p in writer.written):
            result.roots[artifact] = roots[artifact][0]
    if golden_dir is not None:
        result.roots["golden"] = Path(golden_dir)
    if not writer.written:
        result.warnings.append(why_nothing_dumped(plan, steps, roots))
    if writer.replaced:
        result.warnings.append(msg("replaced {count} file(s) already there (the first: {first})",
                                   count=len(writer.replaced), first=str(writer.replaced[0])))
    return result


def _emulate_msprobe_l2(values: dict[str, Any], *, cwd: Path, model: str, steps: int, seed: int) -> tuple[Path, list[Path]]:
    """Level L2: per dumped step, msprobe's ``kernel_config_{pid}.json`` and the ACL runtime's kernel dump it
    asks for (the ACL emulator run on exactly that config), under ``{dump_path}/step{N}/``."""
    root = Path(cwd) / str(values.get("dump_path") or "dump_path")
    written: list[Path] = []
    for step in selected_steps(values.get("step"), range(steps)):
        step_dir = root / f"step{step}"
        config = step_dir / f"kernel_config_{MsprobeDumpSpec.pid}.json"
        write_text_atomic(config, json.dumps(kernel_config(str(step_dir)), indent=4))
        written.append(config)
        written += emulate(load_config(config), model=model, steps=1, cwd=Path(cwd), seed=seed + step).written
    return root, written
