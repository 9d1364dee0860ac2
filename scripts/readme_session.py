"""Write README's sample CLI session from a real run, or check that README still shows what a run prints.

    python scripts/readme_session.py           # run the session in a temporary folder, rewrite README's block
    python scripts/readme_session.py --check   # exit 1 when README's block differs from a fresh run

The block sits between ``<!-- session:begin -->`` and ``<!-- session:end -->``. Each command runs as
``python -m ascend_dump_gui.cli`` in a fresh folder (shown as ``/tmp/readme-run``, holding the two configs and
an empty ``dumps`` folder); its standard output is shown,
lines wrapped at 110 characters, and a long output cut after a few lines with ``  ...``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- session:begin -->", "<!-- session:end -->"
SHOWN_FOLDER = "/tmp/readme-run"
WIDTH = 110
FILES = {
    "watcher.json": {"dump": {"dump_path": "dumps", "dump_scene": "watcher", "dump_debug": "on",
                              "dump_list": [{"model_name": "overflow_fp16", "layer": ["dense/MatMul"],
                                             "watcher_nodes": ["dense/Relu"]}]}},
    "acl.json": {"dump": {"dump_path": "dumps", "dump_mode": "all", "dump_list": [{"model_name": "overflow_fp16"}]}},
    "run.env": "export DUMP_GE_GRAPH=2\nexport DUMP_GRAPH_PATH=graphs\n",
}
COMMANDS = (  # (arguments after `ascend-dump`, lines of output shown at most)
    ("config check watcher.json", 6),
    ("emulate --config acl.json --env run.env --model overflow_fp16 --cwd . --golden golden", 10),
    ("compare {step_folder} golden/0 --graph {graph}", 6),
)


def _run(args: str, folder: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(README.parent), "COLUMNS": "200"}
    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", *args.split()], cwd=folder, env=env,
                         capture_output=True, text=True, timeout=300)
    return out.stdout.replace(str(folder), SHOWN_FOLDER).splitlines()


def session_text() -> str:
    """The session as README shows it, from a fresh run."""
    with tempfile.TemporaryDirectory(prefix="readme-session-") as tmp:
        folder = Path(tmp).resolve()
        for name, content in FILES.items():
            text = content if isinstance(content, str) else json.dumps(content, indent=2) + "\n"
            (folder / name).write_text(text, encoding="utf-8")
        (folder / "dumps").mkdir()  # the runtime needs an existing dump path
        lines = []
        for command, limit in COMMANDS:
            if "{step_folder}" in command:
                steps = sorted(p.relative_to(folder) for p in folder.glob("dumps/*/0/overflow_fp16/1/0"))
                graphs = sorted(p.relative_to(folder) for p in folder.glob("graphs/**/*Build*.txt"))
                command = command.format(step_folder=steps[0] if steps else "dumps",
                                         graph=graphs[0] if graphs else "none")
            lines.append(f"$ ascend-dump {command}")
            output = _run(command, folder)
            shown = output[:limit] + (["  ..."] if len(output) > limit else [])
            for line in shown:
                lines.extend(textwrap.wrap(line, WIDTH, subsequent_indent="", drop_whitespace=False,
                                           break_on_hyphens=False) or [""])
    return "```\n" + "\n".join(line.rstrip() for line in lines) + "\n```"


def readme_block(text: str) -> str:
    """The session block README holds now."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[start:end].strip("\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare README with a fresh run")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    fresh = session_text()
    if args.check:
        same = readme_block(text) == fresh
        print("README's session is up to date" if same else "README's session is stale: run "
              "python scripts/readme_session.py")
        return 0 if same else 1
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    README.write_text(text[:start] + "\n" + fresh + "\n" + text[end:], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
