"""Hostile training scripts: every value the evaluator would build is bounded before it is built.

Each case ends in a clear message (an import finding naming the line and what was refused) or a bounded value; the
peak memory of reading the script is measured with tracemalloc and must stay far below what Python would allocate
evaluating the expression for real (gigabytes).
"""

import json
import subprocess
import sys
import tracemalloc

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.exporters import export as export_text
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.script.bounds import MAX_INT_BITS, MAX_TEXT

PEAK = 64 * 1024 * 1024   # bytes: generous for the importer, 50x below the smallest bomb below
HEAD = "import tensorflow as tf\ncustom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"


def _read(body: str):
    tracemalloc.start()
    try:
        doc = parse_text(HEAD + body, kind="python")
        findings = check(doc)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < PEAK, f"peak {peak:,} bytes"
    return doc, findings


def _said(doc, key: str, words: str) -> None:
    text = [p.message for p in doc.problems if key in p.options]
    assert text and words in text[0], text


BOMBS = {
    # name: (script body setting dump_path, the words of the refusal)
    "format width": ('p = "{:>4000000000}".format("x")\n', "longer than"),
    "format precision": ('p = "{:.900000000f}".format(1.5)\n', "longer than"),
    "percent width": ('p = "%01000000000d" % 0\n', "longer than"),
    "percent star": ('p = "%*d" % (1000000000, 0)\n', "* width"),
    "attribute walk": ('p = "{0.__class__.__mro__}".format("x")\n', "attribute, index or nested"),
    "index walk": ('p = "{0[0]}".format("xy")\n', "attribute, index or nested"),
    "nested spec": ('p = "{:{}}".format("x", 10)\n', "attribute, index or nested"),
    "concatenation": ('a = "x" * 1\n' + "".join(f"a{i} = {'a' if i == 0 else f'a{i - 1}'} + "
                                                 f"{'a' if i == 0 else f'a{i - 1}'}\n" for i in range(40))
                      + "p = a39\n", ""),
    "f-string parts": ("s = '" + "y" * 50_000 + "'\np = f\"" + "{s}" * 9_000 + '"\n', "longer than"),
    "squaring": ("y = 99999999999999999999\n" + "y = y * y\n" * 40 + "p = str(y)\n", f"{MAX_INT_BITS} bits"),
    "power": ("p = str(10 ** 100000)\n", ""),
    "int of text": ('p = str(int("9" * 4000) * int("9" * 4000))\n', ""),
    "join": ('s = "' + "z" * 60_000 + '"\np = os.path.join(s, s, s)\n', "longer than"),
}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_bombs_are_refused_before_they_are_built(name):
    body, words = BOMBS[name]
    doc, findings = _read(body + 'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(p)\n')
    assert "dump_path" not in doc.values            # never a half-built or huge value
    _said(doc, "dump_path", words)
    assert isinstance(findings, list)


def test_a_big_integer_literal_is_a_finding_not_a_traceback():
    doc, _ = _read("x = 0x" + "f" * 20_000 + '\ncustom_op.parameter_map["iterations_per_loop"].i = x\n')
    big = [p for p in doc.problems if p.rule == "import.big_integer"]
    assert big and "80000 bits" in big[0].message
    assert "iterations_per_loop" not in doc.values
    text = export_text(doc, "project")             # json.dumps of the values never meets the big number
    assert "iterations_per_loop" not in json.loads(text)["values"]


def test_values_within_bounds_are_still_evaluated():
    doc, _ = _read('w = "{:>8}|{:.3f}|{}".format("a", 1.5, 7)\n'
                   'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("/d/%05d/%s" % (42, w))\n'
                   'custom_op.parameter_map["iterations_per_loop"].i = 2 ** 10 * 1024\n')
    assert doc.values["dump_path"] == "/d/00042/       a|1.500|7"
    assert doc.values["iterations_per_loop"] == 1 << 20


def test_text_at_the_bound_passes_and_one_more_character_is_refused():
    ok = f's = "{"a" * (MAX_TEXT // 2)}"\np = s + s\n'
    doc, _ = _read(ok + 'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(p)\n')
    assert len(doc.values["dump_path"]) == MAX_TEXT
    doc, _ = _read(ok + 'p = p + "b"\ncustom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(p)\n')
    assert "dump_path" not in doc.values


def test_cli_big_integer_exits_cleanly(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(HEAD + "y = 99999999999999999999\n" + "y = y * y\n" * 30
                      + 'custom_op.parameter_map["iterations_per_loop"].i = y\n')
    for verb in (["check", str(script)], ["export", str(script), "--to", "project"]):
        done = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "config", *verb],
                              capture_output=True, text=True, timeout=120)
        assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
    assert "iterations_per_loop" not in json.loads(done.stdout)["values"]
