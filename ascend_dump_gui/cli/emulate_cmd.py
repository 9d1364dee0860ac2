"""`ascend-dump emulate`: run a built-in model as the Ascend runtime would and write its dump tree."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ascend_dump_gui.cli import multirank_cmd
from ascend_dump_gui.cli.output import print_json, warn
from ascend_dump_gui.core.errors import ConfigRefused, InputError
from ascend_dump_gui.core.inert import terminal_text

# core.emulator.FAULT_KINDS, written out so that building the parser does not load the emulator (numpy); a test
# keeps the two in step.
FAULT_CHOICES = ("overwrite", "aicore_error", "nan", "perturb")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `emulate` verb."""
    parser = sub.add_parser(
        "emulate", help="Run a built-in model under a config's emulated precision and write the runtime's dumps.",
        description="Runs a built-in model under the config's emulated precision mode and writes exactly the "
                    "files the Ascend runtime would write for that config and environment, plus float32 golden "
                    ".npy dumps to --golden.")
    parser.add_argument("--config", type=Path, help="acl.json, training script, env file or project file")
    parser.add_argument("--env", type=Path, metavar="ENVFILE", help="environment variables (export K=V lines)")
    parser.add_argument("--model", default="mlp", help="built-in model (see --list-models; default mlp)")
    parser.add_argument("--steps", type=int, default=1, help="steps to run, 1 to 100000 (default 1)")
    parser.add_argument("--cwd", type=Path, default=None, help="working directory of the emulated process")
    parser.add_argument("--golden", type=Path, metavar="DIR", help="write float32 golden .npy dumps here")
    parser.add_argument("--fault", choices=FAULT_CHOICES, help="inject a fault")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed for inputs and timestamps, 0 to 4294967295 (default 0)")
    parser.add_argument("--list-models", action="store_true", help="list the built-in models and exit")
    parser.add_argument("--plan", action="store_true", help="say which steps and folders the run would dump, its "
                                                            "warnings and what stops it, without running")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    multirank_cmd.add_options(parser)
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.config.formats.importers import load_env_file
    from ascend_dump_gui.core.emulator import emulate, list_models
    from ascend_dump_gui.core.emulator.limits import check_run_numbers

    if not args.list_models:        # every number checked before anything is read, built or written
        check_run_numbers(steps=args.steps, seed=args.seed, ranks=args.ranks)
    if args.ranks is not None:
        return multirank_cmd.run(args)
    if args.list_models:
        models = list_models()
        if args.json:
            print_json({"models": [{"name": m.name, "description": m.description} for m in models]})
        else:
            for m in models:
                print(f"{m.name:15} {m.description}")
        return 0
    if args.config is None:
        raise InputError(None, "--config PATH is required (or --list-models)")
    env = load_env_file(args.env) if args.env else None
    cwd = args.cwd if args.cwd is not None else Path.cwd()
    if args.plan:
        return _plan(args, env, cwd)
    try:
        result = emulate(args.config, env=env, model=args.model, steps=args.steps, cwd=cwd, golden_dir=args.golden,
                         fault=args.fault, seed=args.seed,
                         progress=lambda done, total, msg: print(f"  {msg}", file=sys.stderr))
    except ConfigRefused as exc:
        if args.json:
            print_json({"refused": str(exc), "findings": [f.to_json() for f in exc.findings]})
        else:
            warn(str(exc))
            for f in exc.findings:
                print(f"  {f.severity.value}: {terminal_text(f.message)}", file=sys.stderr)
        return 1
    for message in result.warnings:
        warn(message)
    if args.json:
        print_json({"written": [str(p) for p in result.written],
                    "roots": {k: str(v) for k, v in result.roots.items()},
                    "warnings": result.warnings,
                    "findings": [f.to_json() for f in result.findings]})
    else:
        counts = dict.fromkeys(result.roots, 0)
        for path in result.written:
            owners = [a for a, root in result.roots.items() if path.is_relative_to(root)]
            if owners:
                counts[max(owners, key=lambda a: len(result.roots[a].parts))] += 1
        for artifact, root in result.roots.items():
            print(f"{artifact}: {counts[artifact]} files under {terminal_text(root)}")
        if not result.written:
            print("nothing written")
    return 0


def _plan(args: argparse.Namespace, env: dict[str, str] | None, cwd: Path) -> int:
    """``--plan``: the run explained before it runs; exit 1 when something would stop it."""
    from ascend_dump_gui.core.config.formats.importers import load_config
    from ascend_dump_gui.core.emulator.explain import preview_run, steps_text

    preview = preview_run(load_config(args.config), env=env, model=args.model, steps=args.steps, cwd=cwd.resolve())
    if args.json:
        print_json({"steps": preview.steps, "dump_step": preview.step_text, "dumps_data": preview.dumps_data,
                    "dumped_steps": list(preview.dumped_steps), "fix_steps": preview.fix_steps,
                    "lands": [{"artifact": a, "path": p} for a, p in preview.lands],
                    "warnings": list(preview.warnings), "blockers": list(preview.blockers)})
    else:
        print(steps_text(preview))
        if preview.fix_steps is not None:
            print(f"run --steps {preview.fix_steps} to dump a step")
        for artifact, path in preview.lands:
            print(f"{artifact}: {terminal_text(path)}")
        for message in preview.warnings:
            print(f"warning: {terminal_text(message)}")
        for message in preview.blockers:
            print(f"stops the run: {terminal_text(message)}")
    return 1 if preview.blockers else 0
