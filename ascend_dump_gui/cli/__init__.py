"""`ascend-dump`: the command line over the same core as the GUI (contract: docs/cli.md in shared notes)."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from types import ModuleType
from typing import NoReturn

from ascend_dump_gui import __version__
from ascend_dump_gui.core.blas_threads import quiet_blas_threads
from ascend_dump_gui.core.errors import DumpError
from ascend_dump_gui.core.inert import terminal_text
from ascend_dump_gui.core.progress import Cancelled

VERB_MODULES = {"config": "config_cmd", "show": "dump_cmd", "convert": "dump_cmd", "scan": "scan_cmd",
                "emulate": "emulate_cmd", "compare": "compare_cmd", "runs": "runs_cmd", "replay": "replay_cmd",
                "graph": "graph_cmd", "fix": "fix_cmd", "capture": "capture_cmd"}
"""Each verb and the module of this package whose ``register`` adds it, in the order help lists them: a command line
imports only its verb's module (a compare of two .npy files begins its early pass before the others would load)."""


def command_module(name: str) -> ModuleType:
    """The verb module ``name`` (a value of :data:`VERB_MODULES`), imported on first use."""
    return importlib.import_module(f"{__name__}.{name}")


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; each verb module registers its own sub-commands. With the ``verb`` a command line runs,
    only that verb's module is imported and registers (the others' imports and parsers cost tens of ms of every
    start); with None or a word that is no verb, every module does (top-level help and usage errors list them all)."""
    parser = argparse.ArgumentParser(
        prog="ascend-dump",
        description="Check Ascend dump configs, read dump files and folders, emulate and compare.",
    )
    parser.add_argument("--version", action="version", version=f"ascend-dump {__version__}")
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    sub.required = True
    for name in [VERB_MODULES[verb]] if verb in VERB_MODULES else dict.fromkeys(VERB_MODULES.values()):
        command_module(name).register(sub)
    return parser


def _verb(argv: list[str]) -> str | None:
    """The verb of a command line: its first word that is not an option (the top level's options take no value)."""
    return next((word for word in argv if not word.startswith("-")), None)


GC_THRESHOLDS = (50_000, 20, 20)
"""The command's garbage collector runs once per 50,000 new container objects instead of 700: its imports alone
made 60 collections (12-15 ms of a compare of two .npy files); a run makes few reference cycles."""


def run() -> NoReturn:
    """The ``ascend-dump`` command: :func:`main`, then the exit. The run's objects are frozen first, so the
    interpreter's last collection does not walk every one of them again (about 20 ms after a compare)."""
    quiet_blas_threads()
    gc.set_threshold(*GC_THRESHOLDS)
    code = main()
    gc.freeze()
    sys.exit(code)


def main(argv: list[str] | None = None) -> int:
    """Run one verb. Exit codes: 0 ok, 1 findings/mismatch, 2 bad usage or unreadable input."""
    argv = sys.argv[1:] if argv is None else argv
    verb = _verb(argv)
    if verb == "config":
        argv = command_module(VERB_MODULES[verb]).glue_script_args(argv)
    args = build_parser(verb).parse_args(argv)
    try:
        return int(args.func(args))
    except DumpError as exc:
        print(f"ascend-dump: error: {terminal_text(str(exc))}", file=sys.stderr)
        return 2
    except Cancelled:
        print("ascend-dump: cancelled", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("ascend-dump: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a write the system refused (no space, no permission, not a file): a message
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"ascend-dump: error: {terminal_text(where + (exc.strerror or str(exc)))}", file=sys.stderr)
        return 2
