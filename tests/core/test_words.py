"""Words a user sees: no internal document names ("seed 004"), no Python reprs ("rank None", "<object at ...>"),
no doubled prefixes ("error: error:"), in the message catalogue (GUI and core messages) and in what the CLI
prints; and every catalogue entry has a real zh_CN translation (not the English again, except the few terms that
stay as they are)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_dump_gui.ui.translations.catalog import CONTEXT_FILES, TS_DIR, read_ts, wanted

CLI_DIR = Path(__file__).resolve().parents[2] / "ascend_dump_gui" / "cli"
BAD = {
    "internal document name": re.compile(r"\b[Ss]eeds? 00\d\b|runtime-rules §"),
    "Python repr": re.compile(r"\b(?:rank|step|path|file|value) None\b|<[A-Za-z_.]+ object at|\bNoneType\b"),
    "doubled prefix": re.compile(r"\b(error|warning|note): \1:", re.IGNORECASE),
}
KEPT = {
    # file filters, product names, code and format-only templates stay as they are (see GLOSSARY.md)
    "CSV (*.csv)", "JSON (*.json)", "NPU", "AOE", "Dump", "Profiling", "PyTorch torchair", "TensorFlow 2 npu_device",
    "msprobe config.json", "rank", "rank {n}", "rank {rank}", "{name} {unknown}", "{reason} {consequence}",
    "acl.json", "{problem}", "x / (1 + exp(-1.702 x))",
}


def _problems(texts):
    return sorted(f"{what}: {text[:100]!r}" for text in texts for what, pattern in BAD.items() if pattern.search(text))


def test_catalogue_messages_use_words_a_user_knows():
    assert not _problems(source for _context, source in wanted())


def _cli_literals():
    """The string parts of every literal and f-string in the CLI's code (messages, help, warnings)."""
    for path in sorted(CLI_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                yield "{}".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield node.value


def test_cli_messages_use_words_a_user_knows():
    assert not _problems(_cli_literals())


@pytest.mark.parametrize("argv", [
    ["compare", "/nonexistent/npu", "/nonexistent/golden"],
    ["scan", "/nonexistent"],
    ["config", "check", "/nonexistent/acl.json"],
])
def test_cli_failures_are_said_once_in_plain_words(argv):
    out = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", *argv], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode != 0 and (out.stdout + out.stderr).strip()
    assert not _problems([out.stdout + out.stderr]), out.stderr
    assert "Traceback" not in out.stderr


def test_every_catalogue_entry_is_really_translated():
    """Fails on an entry whose translation is missing, empty or the English again (apart from :data:`KEPT`)."""
    translations = {}
    for part in CONTEXT_FILES.values():
        translations.update(read_ts(TS_DIR / f"zh_CN.{part}.ts"))
    untranslated = sorted(f"[{context}] {source[:90]}" for context, source in wanted()
                          if not translations.get((context, source), "").strip()
                          or (translations[(context, source)] == source and source not in KEPT))
    assert not untranslated, "\n".join(untranslated[:50])
