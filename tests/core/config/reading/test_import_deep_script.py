"""A script too deep for Python's parser is refused with a reason, never an empty one."""

from __future__ import annotations

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.errors import InputError


@pytest.mark.parametrize("text", ["x = " + "-" * 100_000 + "1\n", "x = " + "(" * 5000 + "1" + ")" * 5000 + "\n",
                                  "x = 1" + " + 1" * 100_000 + "\n"])
def test_too_deep_scripts_give_a_clear_reason(text):
    with pytest.raises(InputError) as info:
        parse_text(text, kind="python", origin="train.py")
    message = str(info.value)
    assert message.startswith("train.py") and not message.rstrip().endswith(":")
    assert "nested too deeply" in message or "too many nested parentheses" in message


def test_the_cli_reports_it_with_exit_2(tmp_path, capsys):
    script = tmp_path / "train.py"
    script.write_text("x = " + "-" * 100_000 + "1\n")
    assert main(["config", "check", str(script)]) == 2
    out = capsys.readouterr()
    assert "nested too deeply" in out.out + out.err and "Traceback" not in out.err
