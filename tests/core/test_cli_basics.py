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


def test_each_command_module_registers_the_verbs_the_table_gives_it():
    from ascend_dump_gui.cli import VERB_MODULES, command_module
    for name in set(VERB_MODULES.values()):
        assert set(_registered(command_module(name))) == {v for v, m in VERB_MODULES.items() if m == name}, name


def test_a_command_line_builds_and_imports_only_its_verbs_parser():
    from ascend_dump_gui.cli import VERB_MODULES, build_parser
    for verb, name in VERB_MODULES.items():
        assert set(build_parser(verb)._subparsers._group_actions[0].choices) == \
            {v for v, m in VERB_MODULES.items() if m == name}
    for word in (None, "frobnicate", "--help"):
        assert set(build_parser(word)._subparsers._group_actions[0].choices) == set(VERB_MODULES)
    code = ("import sys; from ascend_dump_gui.cli import build_parser; build_parser('compare'); "
            "print(sorted(m for m in sys.modules if m.startswith('ascend_dump_gui.cli.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert eval(loaded) == ["ascend_dump_gui.cli.compare_cmd", "ascend_dump_gui.cli.compare_tree_cmd",
                            "ascend_dump_gui.cli.output", "ascend_dump_gui.cli.replay_cmd"]


def test_top_level_help_lists_every_verb(capsys):
    try:
        main(["-h"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    assert "compare" in out and "capture" in out and "show" in out
