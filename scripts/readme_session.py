"""Write README's sample CLI sessions from real runs, or check that README still shows what a run prints.

    python scripts/readme_session.py           # run the sessions in temporary folders, rewrite README's blocks
    python scripts/readme_session.py --check   # exit 1 when a README block differs from a fresh run

Each session sits between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->``: ``session`` (a config checked, a run
emulated and compared) and ``loop`` (the demo's loop: a mixed precision run, its replay, the fix, the fixed run
compared before and after, the next capture). Each command runs as ``python -m ascend_dump_gui.cli`` in a fresh
folder (shown as ``/tmp/readme-run``, holding the session's files and folders); its standard output is shown, lines
wrapped at 110 characters, and a long output cut after a few lines with ``  ...``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
SHOWN_FOLDER = "/tmp/readme-run"
WIDTH = 110
ENV_FILE = "export DUMP_GE_GRAPH=2\nexport DUMP_GRAPH_PATH=graphs\n"


@dataclass(frozen=True)
class Session:
    """Files (name -> JSON object or text), folders made before, and (command, lines shown at most) in order.
    ``{step}`` / ``{after}`` / ``{graph}`` in a command become the run's step folder, the fixed run's and the graph."""

    files: dict
    folders: tuple[str, ...]
    commands: tuple[tuple[str, int], ...]


def _loop_script() -> str:
    sys.path.insert(0, str(README.parent))
    from ascend_dump_gui.core.demo import LOOP_SCRIPT_TEXT  # the demo's own loop script: one text

    return LOOP_SCRIPT_TEXT


SESSIONS = {
    "session": Session(
        {"watcher.json": {"dump": {"dump_path": "dumps", "dump_scene": "watcher", "dump_debug": "on",
                                   "dump_list": [{"model_name": "overflow_fp16", "layer": ["dense/MatMul"],
                                                  "watcher_nodes": ["dense/Relu"]}]}},
         "acl.json": {"dump": {"dump_path": "dumps", "dump_mode": "all",
                               "dump_list": [{"model_name": "overflow_fp16"}]}},
         "run.env": ENV_FILE},
        ("dumps",),
        (("config check watcher.json", 6),
         ("emulate --config acl.json --env run.env --model overflow_fp16 --cwd . --golden golden", 10),
         ("compare {step} golden/0 --graph {graph}", 6))),
    "loop": Session(
        {"train.py": None, "run.env": ENV_FILE},
        ("dump", "fixed", "after/dump", "capture"),
        (("emulate --config train.py --env run.env --model mixed_precision --cwd . --golden golden", 4),
         ("compare {step} golden/0", 4),
         ("replay {step} --first-divergence golden/0 --config train.py", 4),
         ("fix {step} golden/0 --config train.py --out fixed/train.py", 8),
         ("emulate --config fixed/train.py --env run.env --model mixed_precision --cwd after --golden after/golden",
          3),
         ("compare {step} golden/0 --after {after}", 6),
         ("capture {step} golden/0 --first-divergence --around 1 --config train.py --out capture/train.py", 6))),
}


def _run(args: str, folder: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(README.parent), "COLUMNS": "200"}
    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", *args.split()], cwd=folder, env=env,
                         capture_output=True, text=True, timeout=300)
    return out.stdout.replace(str(folder), SHOWN_FOLDER).splitlines()


def _first(folder: Path, pattern: str) -> str:
    found = sorted(p.relative_to(folder) for p in folder.glob(pattern))
    return str(found[0]) if found else "none"


def session_text(name: str = "session") -> str:
    """Session ``name`` as README shows it, from a fresh run."""
    session = SESSIONS[name]
    with tempfile.TemporaryDirectory(prefix="readme-session-") as tmp:
        folder = Path(tmp).resolve()
        for file, content in session.files.items():
            text = _loop_script() if content is None else content if isinstance(content, str) else \
                json.dumps(content, indent=2) + "\n"
            (folder / file).write_text(text, encoding="utf-8")
        for sub in session.folders:   # the runtime needs an existing dump path; --out an existing folder
            (folder / sub).mkdir(parents=True)
        lines = []
        for command, limit in session.commands:
            command = command.format(step=_first(folder, "dump*/*/0/*/1/0"), after=_first(folder, "after/dump/*/0/*/1/0"),
                                     graph=_first(folder, "graphs/**/*Build*.txt"))
            lines.append(f"$ ascend-dump {command}")
            output = _run(command, folder)
            shown = output[:limit] + (["  ..."] if len(output) > limit else [])
            for line in shown:
                lines.extend(textwrap.wrap(line, WIDTH, subsequent_indent="", drop_whitespace=False,
                                           break_on_hyphens=False) or [""])
    return "```\n" + "\n".join(line.rstrip() for line in lines) + "\n```"


def _marks(name: str) -> tuple[str, str]:
    return f"<!-- {name}:begin -->", f"<!-- {name}:end -->"


def readme_block(text: str, name: str = "session") -> str:
    """The block of session ``name`` README holds now."""
    begin, end = _marks(name)
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[start:stop].strip("\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare README with fresh runs")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    stale = []
    for name in SESSIONS:
        fresh = session_text(name)
        if readme_block(text, name) == fresh:
            continue
        stale.append(name)
        begin, end = _marks(name)
        start, stop = text.index(begin) + len(begin), text.index(end)
        text = text[:start] + "\n" + fresh + "\n" + text[stop:]
    if args.check:
        print(f"README's sessions are stale: {', '.join(stale)}; run python scripts/readme_session.py" if stale
              else "README's sessions are up to date")
        return 1 if stale else 0
    README.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
