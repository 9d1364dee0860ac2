"""The first-start demo: a config, the emulated dump tree it makes, float32 golden files and a GE graph.

:func:`make_demo` writes it once into a folder and re-uses it while it is complete (a ``demo.json``
manifest lists every file with its size and the app version that wrote it); a missing, damaged or older
demo is written again. It is built in a temporary sibling folder and moved into place, so a crash never
leaves a half-written demo behind. Deterministic; about 50 kB and a few hundredths of a second.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from ascend_dump_gui import __version__
from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress

MANIFEST = "demo.json"
MODEL = "overflow_fp16"
"""The model: its first MatMulV2 overflows float16, so Compare has a first divergence and overflows."""
STEPS = 2
CONFIG_NAME = "acl.json"
CONFIG = {"dump": {"dump_path": "dump", "dump_mode": "all", "dump_list": [{"model_name": MODEL}]}}
ENV = {"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": "graphs"}
"""The environment of the demo run: GE graph dumps, so Compare knows the fused ops and execution order."""
LOOP = "loop"
"""The loop's sub-folder: a TF1 training script under a mixed precision mode and its run of ``LOOP_MODEL``."""
LOOP_MODEL = "mixed_precision"
LOOP_SCRIPT = "train.py"
LOOP_SCRIPT_TEXT = """\
# The demo's loop: a TF1 script whose mixed precision mode computes velocity/MatMul in float16.
import tensorflow as tf

config = tf.compat.v1.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("dump")
custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("all")
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
with tf.compat.v1.Session(config=config) as sess:
    pass
"""


@dataclass(frozen=True)
class LoopDemo:
    """The loop's run: a TF1 script with a mixed precision mode, its step folder, golden and graph."""

    config_path: Path
    dump_step_folder: Path
    golden_folder: Path
    graph: Path


@dataclass(frozen=True)
class Demo:
    """A complete demo folder: what each panel opens."""

    folder: Path
    config_path: Path             # the acl.json the run used (relative dump_path "dump")
    env: dict[str, str]           # the environment variables of the run
    dump_root: Path               # the dump_path folder (Browse)
    dump_step_folder: Path        # step 0 of the model dump (Compare's NPU side)
    golden_folder: Path           # float32 golden .npy files of step 0 (Compare's golden side)
    graph: Path                   # the GE graph the device ran (ge_proto_*_Build.txt)
    loop: LoopDemo | None = None  # the loop's run (Propose a fix, run the fix, before/after)
    files: dict[str, int] = field(default_factory=dict)  # every file (relative path) -> size in bytes
    reused: bool = False          # True when an earlier complete demo was found and kept


def read_demo(folder: str | Path) -> Demo | None:
    """The complete demo in ``folder``, or None when it is missing, damaged or written by another version."""
    folder = Path(folder)
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("version") != __version__:
            return None
        files = {str(k): int(v) for k, v in manifest["files"].items()}
        paths = {key: folder / manifest[key] for key in ("config", "dump_root", "dump_step", "golden", "graph")}
        env = {str(k): str(v) for k, v in manifest["env"].items()}
        loop = LoopDemo(*(folder / manifest[LOOP][key] for key in ("config", "dump_step", "golden", "graph")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    for rel, size in files.items():
        path = folder / rel
        if not path.is_file() or path.stat().st_size != size:
            return None
    if not all(p.exists() for p in (*paths.values(), loop.config_path, loop.dump_step_folder, loop.golden_folder,
                                    loop.graph)):
        return None
    return Demo(folder, paths["config"], env, paths["dump_root"], paths["dump_step"], paths["golden"],
                paths["graph"], loop, files, reused=True)


def config_text() -> str:
    """The text of the demo's config file (shown before the demo is written)."""
    return json.dumps(CONFIG, indent=2) + "\n"


def _generate(work: Path, progress: ProgressFn, cancel: CancelToken | None) -> None:
    """Write the config, run the emulator in ``work`` and write the manifest last (the emulator is imported
    only here)."""
    from ascend_dump_gui.core.emulator import emulate

    work = work.resolve()
    progress(0, STEPS + 1, msg("writing the demo config"))
    write_text_atomic(work / CONFIG_NAME, config_text())
    for sub in ("dump", "graphs"):
        (work / sub).mkdir()

    def step_progress(done: int, total: int, message: str) -> None:
        progress(done, total + 1, msg("emulating {model}: {step}", model=MODEL, step=message))

    result = emulate(work / CONFIG_NAME, env=ENV, model=MODEL, steps=STEPS, cwd=work, golden_dir=work / "golden",
                     progress=step_progress, cancel=cancel)
    dump_root = result.roots["dump_data"]
    dump_files = sorted(p for p in result.written if p.is_relative_to(dump_root))
    step_folder = min(p.parent for p in dump_files)  # .../{model}/1/0 sorts before .../1/1
    graph = next(p for p in result.written if p.name.endswith("_Build.txt"))
    loop, loop_written = _generate_loop(work)
    written = [work / CONFIG_NAME, *result.written, *loop_written]
    manifest = {
        "version": __version__, "model": MODEL, "steps": STEPS, "env": ENV, "config": CONFIG_NAME,
        "dump_root": dump_root.relative_to(work).as_posix(), "dump_step": step_folder.relative_to(work).as_posix(),
        "golden": (result.roots["golden"] / "0").relative_to(work).as_posix(),
        "graph": graph.relative_to(work).as_posix(),
        LOOP: loop,
        "files": {p.relative_to(work).as_posix(): p.stat().st_size for p in sorted(set(written))},
    }
    write_text_atomic(work / MANIFEST, json.dumps(manifest, indent=1) + "\n")
    progress(STEPS + 1, STEPS + 1, msg("demo ready"))


def _generate_loop(work: Path) -> tuple[dict[str, str], list[Path]]:
    """The loop's run in ``work/loop``: the script, its dump, golden and graphs (manifest entries, files)."""
    from ascend_dump_gui.core.emulator import emulate

    folder = work / LOOP
    for sub in ("dump", "graphs"):
        (folder / sub).mkdir(parents=True)
    write_text_atomic(folder / LOOP_SCRIPT, LOOP_SCRIPT_TEXT)
    env = {"DUMP_GE_GRAPH": "2", "DUMP_GRAPH_PATH": "graphs"}
    result = emulate(folder / LOOP_SCRIPT, env=env, model=LOOP_MODEL, cwd=folder, golden_dir=folder / "golden")
    dump_root = result.roots["dump_data"]
    step = min(p.parent for p in result.written if p.is_relative_to(dump_root))
    graph = next(p for p in result.written if p.name.endswith("_Build.txt"))
    entries = {"config": folder / LOOP_SCRIPT, "dump_step": step, "golden": result.roots["golden"] / "0",
               "graph": graph}
    return {k: p.relative_to(work).as_posix() for k, p in entries.items()}, [folder / LOOP_SCRIPT, *result.written]


def _remove_old(folder: Path) -> None:
    """Delete an earlier demo; refuse a folder that holds something else."""
    if not folder.exists():
        return
    if not (folder / MANIFEST).is_file() and any(folder.iterdir()):
        raise InputError(folder, "the folder exists and is not an ascend-dump-gui demo; it is left untouched")
    aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}-old-", dir=folder.parent))
    os.replace(folder, aside / folder.name)  # out of the way first, so the new demo can take the name
    shutil.rmtree(aside, ignore_errors=True)


def make_demo(folder: str | Path, *, rebuild: bool = False, progress: ProgressFn = no_progress,
              cancel: CancelToken | None = None) -> Demo:
    """The demo in ``folder``: re-used when complete (and ``rebuild`` is False), else written afresh.

    Raises :class:`InputError` when ``folder`` exists, is not empty and is not a demo folder.
    """
    folder = Path(folder).expanduser().absolute()
    if not rebuild:
        found = read_demo(folder)
        if found is not None:
            progress(1, 1, msg("demo found"))
            return found
    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{folder.name}-new-", dir=folder.parent))
    try:
        _generate(work, progress, cancel)
        _remove_old(folder)
        os.replace(work, folder)
    except OSError:
        shutil.rmtree(work, ignore_errors=True)
        found = read_demo(folder)  # another instance of the app may have put its demo in place first
        if found is None:
            raise
        return found
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    made = read_demo(folder)
    if made is None:
        raise InputError(folder, "the demo was written but cannot be read back")
    return replace(made, reused=False)
