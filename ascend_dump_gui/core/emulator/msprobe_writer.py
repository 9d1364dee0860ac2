"""Write msprobe dump trees for the built-in models (PyTorch ``.pt`` or MindSpore ``.npy`` flavour).

Each graph op becomes an API call (``Functional.relu.0.forward``), each top-level scope a module
(``Module.dense.Linear.forward.0`` / ``Cell.dense.Dense.forward.0``); levels L0 (modules), L1 (APIs) and
mix (both) select what is written. Backward calls carry synthetic gradients (deterministic per step and
rank, the same on every side up to the injected noise). ``noise`` perturbs every op output by that
relative amount and ``fault_op`` multiplies one op's output by 1.5: two trees written with different
settings form an NPU / bench pair with a known first divergence. For rank and step compares,
``data_parallel`` gives every rank and step the same inputs and gradients (their dumps agree bit for bit)
and ``drift`` multiplies one op's output by 1.5 on one rank from one step on; on ``overflow_rank`` the
model's fault op writes ``+inf`` into every fifth element of its output at the last step.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.dump.filewrite import atomic_output
from ascend_dump_gui.core.emulator.drift import Drift
from ascend_dump_gui.core.emulator.graph import INPUT_TYPES, Graph, Op, execute
from ascend_dump_gui.core.emulator.limits import MAX_RANKS
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.msprobe.pt_file import torch_dtype_name, write_pt

FRAMEWORKS = ("pytorch", "mindspore")
TASKS = ("statistics", "tensor")
LEVELS = ("L0", "L1", "mix")
SUMMARY_MODES = ("statistics", "md5")
DTYPES: dict[str, np.dtype] = {"float32": np.dtype(np.float32), "float16": np.dtype(np.float16),
                               "bfloat16": np.dtype(ml_dtypes.bfloat16)}
_MS_DTYPES = {"float32": "Float32", "float16": "Float16", "bfloat16": "BFloat16"}
_APIS: dict[str, tuple[str, str]] = {
    "MatMulV2": ("Torch", "matmul"), "Add": ("Torch", "add"), "Mul": ("Torch", "mul"),
    "Relu": ("Functional", "relu"), "SoftmaxV2": ("Functional", "softmax"), "Conv2D": ("Functional", "conv2d"),
    "BNInferenceD": ("Functional", "batch_norm"), "MaxPool": ("Functional", "max_pool2d"),
    "Flatten": ("Torch", "flatten"), "LayerNorm": ("Functional", "layer_norm"), "Gelu": ("Functional", "gelu"),
    "FastGelu": ("Functional", "gelu"),
}
_MODULE_CLASSES = {"MatMulV2": "Linear", "Conv2D": "Conv2d", "LayerNorm": "LayerNorm", "Relu": "ReLU",
                   "SoftmaxV2": "Softmax", "BNInferenceD": "BatchNorm2d", "MaxPool": "MaxPool2d"}
_MS_CLASSES = {"Linear": "Dense", "BatchNorm2d": "BatchNorm2d", "ReLU": "ReLU"}


@dataclass(frozen=True)
class MsprobeDumpSpec:
    """What one emulated msprobe run writes (the config.json keys that shape the tree)."""

    framework: str = "pytorch"
    task: str = "statistics"
    level: str = "L1"
    summary_mode: str = "statistics"
    dtype: str = "float32"
    steps: tuple[int, ...] = (0,)
    ranks: tuple[int, ...] | None = None
    backward: bool = True
    noise: float = 0.0
    fault_op: str | None = None
    seed: int = 0
    pid: int = 4242
    data_parallel: bool = False
    drift: Drift | None = None
    overflow_rank: int | None = None

    def check(self) -> None:
        for value, allowed, what in ((self.framework, FRAMEWORKS, "framework"), (self.task, TASKS, "task"),
                                     (self.level, LEVELS, "level"), (self.summary_mode, SUMMARY_MODES,
                                                                     "summary_mode"),
                                     (self.dtype, tuple(DTYPES), "dtype")):
            if value not in allowed:
                raise ValueError(f"{what} {value!r}: expected one of {', '.join(allowed)}")


@dataclass
class _Call:
    name: str
    inputs: list[np.ndarray]
    outputs: list[np.ndarray]
    params: dict[str, np.ndarray]
    module: str | None = None


def _seed(*parts: object) -> int:
    return zlib.crc32("/".join(str(p) for p in parts).encode())


class _Writer:
    def __init__(self, spec: MsprobeDumpSpec, run_dir: Path) -> None:
        self.spec, self.run_dir = spec, run_dir
        self.tensor_dir = run_dir / "dump_tensor_data"
        self.data: dict[str, Any] = {}
        self.stack: dict[str, list] = {}
        self.construct: dict[str, str | None] = {}
        self.files: list[Path] = []

    @property
    def dtype(self) -> np.dtype:
        return DTYPES[self.spec.dtype]

    def leaf(self, array: np.ndarray, name: str, requires_grad: bool) -> dict[str, Any]:
        array = np.asarray(array).astype(self.dtype)
        stats = array.astype(np.float32)
        pytorch = self.spec.framework == "pytorch"
        out: dict[str, Any] = {
            "type": "torch.Tensor" if pytorch else "mindspore.Tensor",
            "dtype": torch_dtype_name(self.dtype) if pytorch else _MS_DTYPES[self.spec.dtype],
            "shape": list(array.shape),
            "Max": float(stats.max()) if stats.size else None,
            "Min": float(stats.min()) if stats.size else None,
            "Mean": float(stats.mean()) if stats.size else None,
            "Norm": float(np.linalg.norm(stats.reshape(-1))) if stats.size else None,
        }
        if pytorch:
            out["requires_grad"] = requires_grad
        if self.spec.summary_mode == "md5" and self.spec.task == "statistics":
            out["md5"] = f"{zlib.crc32(np.ascontiguousarray(array).tobytes()):08x}"
        if self.spec.task == "tensor":
            suffix = ".pt" if pytorch else ".npy"
            out["data_name"] = name + suffix
            path = self.tensor_dir / (name + suffix)
            if pytorch:
                write_pt(path, array, requires_grad=requires_grad)
            else:
                saved = array.astype(np.float32) if self.spec.dtype == "bfloat16" else array
                with atomic_output(path) as fh:
                    np.save(fh, saved, allow_pickle=False)
            self.files.append(path)
        return out

    def add(self, name: str, body: dict[str, Any], parent: str | None, where: str) -> None:
        self.data[name] = body
        self.construct[name] = parent
        self.stack[str(len(self.stack))] = [[name], [
            f"File /workspace/train.py, line {40 + len(self.stack)}, in {where}, \n y = model(x)"]]

    def forward(self, call: _Call, params_as_input: bool) -> None:
        body: dict[str, Any] = {
            "input_args": [self.leaf(a, f"{call.name}.input.{i}", i > 0 and params_as_input)
                           for i, a in enumerate(call.inputs)],
            "input_kwargs": {},
            "output": [self.leaf(a, f"{call.name}.output.{i}", True) for i, a in enumerate(call.outputs)],
        }
        if not params_as_input:
            body["parameters"] = {k: self.leaf(v, f"{call.name}.parameters.{k}", True)
                                  for k, v in call.params.items()}
        self.add(call.name, body, call.module, "forward")

    def backward(self, call: _Call, grads_in: list[np.ndarray], grads_out: list[np.ndarray]) -> None:
        body = {"input": [self.leaf(g, f"{call.name}.input.{i}", False) for i, g in enumerate(grads_in)],
                "output": [self.leaf(g, f"{call.name}.output.{i}", False) for i, g in enumerate(grads_out)]}
        self.add(call.name, body, call.module, "backward")

    def param_grads(self, name: str, grads: dict[str, np.ndarray]) -> None:
        body = {k: [self.leaf(v, f"{name}.{k}", False)] for k, v in grads.items()}
        self.add(name, body, None, "backward")

    def finish(self) -> None:
        head = {"task": self.spec.task, "level": self.spec.level, "framework": self.spec.framework,
                "dump_data_dir": str(self.tensor_dir) if self.spec.task == "tensor" else None,
                "data": self.data}
        for name, doc in (("dump.json", head), ("stack.json", self.stack), ("construct.json", self.construct)):
            path = self.run_dir / name
            write_text_atomic(path, json.dumps(doc, indent=1))
            self.files.append(path)


def _scope(op: Op) -> str:
    return op.name.split("/", 1)[0].replace(".", "_")


def _param_name(const: str) -> str:
    last = const.rsplit("/", 1)[-1]
    return {"kernel": "weight", "weights": "weight", "scale": "weight", "offset": "bias"}.get(last, last)


def _run_forward(graph: Graph, spec: MsprobeDumpSpec, step: int, rank: int, rng_inputs: dict[str, np.ndarray],
                 overflow_op: str | None = None) -> list[tuple[Op, list[np.ndarray], list[np.ndarray]]]:
    dtype = DTYPES[spec.dtype]
    seen: list[tuple[Op, list[np.ndarray], list[np.ndarray]]] = []

    def hook(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory: dict) -> list[np.ndarray]:
        if op.type in INPUT_TYPES or op.type == "Const":
            return [np.asarray(y, np.float32).astype(dtype).astype(np.float32) for y in outputs]
        result = []
        for i, y in enumerate(outputs):
            y = np.asarray(y, dtype=np.float32)
            if spec.noise:
                noise_rng = np.random.default_rng(_seed("noise", spec.seed, op.name, i, step, rank))
                y = y * (1.0 + spec.noise * noise_rng.standard_normal(y.shape)).astype(np.float32)
            drift = spec.drift
            if spec.fault_op == op.name or (drift is not None and (drift.rank, drift.op) == (rank, op.name)
                                            and step >= drift.step):
                y = y * np.float32(1.5)
            if op.name == overflow_op:
                y = y.copy()
                y.reshape(-1)[::5] = np.inf
            with np.errstate(over="ignore"):
                result.append(y.astype(dtype).astype(np.float32))
        return result

    def observer(op: Op, inputs: list[np.ndarray], outputs: list[np.ndarray], memory: dict) -> None:
        if op.type not in INPUT_TYPES and op.type != "Const":
            seen.append((op, inputs, outputs))

    execute(graph, rng_inputs, observer=observer, hook=hook)
    return seen


def _grad(shape: tuple[int, ...], spec: MsprobeDumpSpec, *key: object) -> np.ndarray:
    base = np.random.default_rng(_seed("grad", *key)).standard_normal(shape).astype(np.float32) * 0.01
    if spec.noise:
        base = base * (1.0 + spec.noise * np.random.default_rng(_seed("gnoise", spec.seed, *key))
                       .standard_normal(shape)).astype(np.float32)
    return base


def write_msprobe_tree(out_dir: str | Path, model: str = "mlp",
                       spec: MsprobeDumpSpec | None = None) -> list[Path]:
    """Write ``{out_dir}/step{N}/rank{R}|proc{pid}/`` for ``model``; returns every file written."""
    spec = spec or MsprobeDumpSpec()
    spec.check()
    if model not in MODELS:
        raise ValueError(f"unknown model {model!r}: {', '.join(MODELS)}")
    model_def = MODELS[model]
    graph = model_def.build()
    consts = {op.name: op for op in graph.ops if op.type == "Const"}
    written: list[Path] = []
    pytorch = spec.framework == "pytorch"
    for step in spec.steps:
        for rank in (spec.ranks if spec.ranks is not None else (None,)):
            folder = f"rank{rank}" if rank is not None else f"proc{spec.pid}"
            writer = _Writer(spec, Path(out_dir) / f"step{step}" / folder)
            r = rank or 0
            feeds = model_def.make_inputs(np.random.default_rng(_seed("inputs", *_data_key(spec, step, r))))
            overflow = r == spec.overflow_rank and step == max(spec.steps)
            seen = _run_forward(graph, spec, step, r, feeds, model_def.fault_op if overflow else None)
            _write_calls(writer, seen, consts, spec, *_data_key(spec, step, r), pytorch)
            writer.finish()
            written.extend(writer.files)
    return written


def _data_key(spec: MsprobeDumpSpec, step: int, rank: int) -> tuple[int, int]:
    """(step, rank) that seed inputs and gradients: (0, 0) everywhere for data-parallel runs."""
    return (0, 0) if spec.data_parallel else (step, rank)


def _write_calls(writer: _Writer, seen: list, consts: dict[str, Op], spec: MsprobeDumpSpec, step: int, rank: int,
                 pytorch: bool) -> None:
    api_count: dict[str, int] = {}
    module_prefix = "Module" if pytorch else "Cell"
    apis: list[_Call] = []
    scopes: dict[str, list[int]] = {}
    for i, (op, inputs, outputs) in enumerate(seen):
        prefix, api = _APIS.get(op.type, ("Functional", op.type.lower()))
        if not pytorch:
            prefix = "Mint" if prefix == "Torch" else prefix
        n = api_count.get(f"{prefix}.{api}", 0)
        api_count[f"{prefix}.{api}"] = n + 1
        params = {_param_name(t.split(":")[0]): x for t, x in zip(op.inputs, inputs, strict=False) if t.split(":")[0] in consts}
        apis.append(_Call(f"{prefix}.{api}.{n}.forward", list(inputs), list(outputs), params))
        scopes.setdefault(_scope(op), []).append(i)
    modules: list[tuple[int, _Call]] = []
    for scope, members in scopes.items():
        first, last = seen[members[0]], seen[members[-1]]
        main = next((seen[m][0].type for m in members if seen[m][0].type in _MODULE_CLASSES), "")
        cls = _MODULE_CLASSES.get(main, "Block")
        cls = cls if pytorch else _MS_CLASSES.get(cls, cls)
        params = {k: v for m in members for k, v in apis[m].params.items()}
        act = [x for t, x in zip(first[0].inputs, first[1], strict=False) if t.split(":")[0] not in consts][:1]
        name = f"{module_prefix}.{scope}.{cls}.forward.0"
        modules.append((members[0], _Call(name, act, list(last[2]), params)))
        for m in members:
            apis[m].module = name
    with_apis = spec.level in ("L1", "mix")
    with_modules = spec.level in ("L0", "mix")
    module_at = {first: call for first, call in modules}
    module_end = {scopes_last: call for scopes_last, call in zip((m[-1] for m in scopes.values()),
                                                                  (c for _, c in modules), strict=False)}
    for i, call in enumerate(apis):
        if with_apis:
            if not with_modules:
                call.module = None
            writer.forward(call, params_as_input=True)
        if with_modules and i in module_end:
            writer.forward(module_end[i], params_as_input=False)
    if not spec.backward:
        return
    for i in reversed(range(len(apis))):
        call = apis[i]
        if with_apis:
            parent = call.module.replace(".forward.", ".backward.") if with_modules and call.module else None
            bw = _Call(call.name.replace(".forward", ".backward"), [], [], {}, parent)
            writer.backward(bw, [_grad(y.shape, spec, step, rank, call.name, "out", k)
                                 for k, y in enumerate(call.outputs)],
                            [_grad(x.shape, spec, step, rank, call.name, "in", k) for k, x in enumerate(call.inputs)])
        if with_modules and i in module_at:
            mod = module_at[i]
            bw_name = mod.name.replace(".forward.", ".backward.")
            writer.backward(_Call(bw_name, [], [], {}),
                            [_grad(y.shape, spec, step, rank, mod.name, "out", k) for k, y in enumerate(mod.outputs)],
                            [_grad(x.shape, spec, step, rank, mod.name, "in", k) for k, x in enumerate(mod.inputs)])
            if mod.params:
                owner = mod.name.rsplit(".forward.", 1)[0]
                writer.param_grads(f"{owner}.parameters_grad.0",
                                   {k: _grad(v.shape, spec, step, rank, mod.name, "p", k)
                                    for k, v in mod.params.items()})


def selected_steps(items: object, available: range) -> tuple[int, ...]:
    """The ids of a config's rank/step list ("3", "4-7") within ``available`` (a range of step 1); all of them
    when empty. Work and memory are bounded by ``available``, whatever the list says ("0-1000000000")."""
    if not isinstance(items, list | tuple) or not items:
        return tuple(available)
    chosen: set[int] = set()
    for item in items:
        lo, _, hi = str(item).partition("-")
        lo, hi = lo.strip(), (hi or lo).strip()
        if not (lo.isascii() and lo.isdigit() and hi.isascii() and hi.isdigit()):
            continue
        beyond = available.stop       # an id too long to read is past every available one
        first = max(int(lo) if len(lo) <= 18 else beyond, available.start)
        last = min(int(hi) if len(hi) <= 18 else beyond, available.stop - 1)
        chosen.update(range(first, last + 1))
    return tuple(sorted(chosen))


def emulate_msprobe(values: dict[str, Any], *, cwd: Path, model: str = "mlp", steps: int = 1, seed: int = 0,
                    framework: str = "pytorch") -> tuple[Path, list[Path]]:
    """Write the tree PrecisionDebugger would write for an msprobe config.json (``dump_path`` against ``cwd``):
    the listed steps among the ``steps`` run, for one process (``proc{pid}``) or for each listed rank.
    Returns (the dump path, the files written)."""
    task = values.get("task", "statistics")
    level = values.get("level", "L1")
    if task not in TASKS and level != "L2":
        raise InputError(None, f"the emulator writes msprobe's statistics and tensor tasks, not {task!r}")
    if level not in LEVELS:
        raise InputError(None, f"the emulator writes msprobe levels {', '.join(LEVELS)} and L2, not {level!r}")
    summary = values.get("summary_mode", "statistics")
    root = Path(cwd) / str(values.get("dump_path") or "dump_path")
    ranks = values.get("rank")
    spec = MsprobeDumpSpec(framework=framework, task=task, level=level,
                           summary_mode=summary if summary in SUMMARY_MODES else "statistics",
                           steps=selected_steps(values.get("step"), range(steps)),
                           ranks=selected_steps(ranks, range(MAX_RANKS))
                           if isinstance(ranks, list | tuple) and ranks else None, seed=seed)
    return root, write_msprobe_tree(root, model, spec)
