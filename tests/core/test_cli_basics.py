"""CLI plumbing: version, usage errors give exit code 2."""

import subprocess
import sys

from ascend_dump_gui import __version__
from ascend_dump_gui.cli import main


def test_version_flag_prints_version(capsys):
    try:
        main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_verb_is_usage_error():
    result = subprocess.run([sys.executable, "-m", "ascend_dump_gui.cli", "frobnicate"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "compare" in result.stderr and "capture" in result.stderr       # the usage error lists every verb


def _registered(module) -> list[str]:
    import argparse
    sub = argparse.ArgumentParser(prog="x").add_subparsers()
    module.register(sub)
    return list(sub.choices)


def test_each_command_module_names_the_verbs_it_registers():
    from ascend_dump_gui.cli import COMMANDS
    for module in COMMANDS:
        assert tuple(_registered(module)) == module.VERBS, module.__name__
    every = [verb for module in COMMANDS for verb in module.VERBS]
    assert len(every) == len(set(every))


def test_a_command_line_builds_only_its_verbs_parser():
    from ascend_dump_gui.cli import COMMANDS, build_parser
    every = {verb for module in COMMANDS for verb in module.VERBS}
    for verb in every:
        assert set(build_parser(verb)._subparsers._group_actions[0].choices) == \
            set(next(m.VERBS for m in COMMANDS if verb in m.VERBS))
    for word in (None, "frobnicate", "--help"):
        assert set(build_parser(word)._subparsers._group_actions[0].choices) == every


def test_top_level_help_lists_every_verb(capsys):
    try:
        main(["-h"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    assert "compare" in out and "capture" in out and "show" in out
