"""Writing torch_npu settings and PrecisionDebugger arguments into a PyTorch script: only the literal that sets an
option changes (a new option goes next to its kind), and the importer reads the new value back."""

from __future__ import annotations

import difflib

import pytest

from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.script.importer import parse_python
from ascend_dump_gui.core.config.script.patch import inactive_lines, patch_script


def _patched(text: str, scenario: str, changes: dict, args: str | None = None) -> tuple[str, dict]:
    read = parse_python(text, None, SCENARIOS, scenario, args)
    patch = patch_script(text, scenario, read.values, {**read.values, **changes}, inactive_lines(read))
    return patch.text, parse_python(patch.text, None, SCENARIOS, scenario, args).values


def _diff(before: str, after: str) -> list[str]:
    return [line for line in difflib.ndiff(before.splitlines(True), after.splitlines(True))
            if line.startswith(("+ ", "- "))]


def test_dict_literal_key_is_replaced_and_a_new_key_added_to_it():
    text = "import torch_npu\ntorch_npu.npu.set_option({\n    'ACL_OP_SELECT_IMPL_MODE': 'high_performance',\n})\n"
    after, values = _patched(text, "torch_npu", {"ACL_OP_SELECT_IMPL_MODE": "high_precision",
                                                 "ACL_PRECISION_MODE": "must_keep_origin_dtype"})
    assert values == {"ACL_OP_SELECT_IMPL_MODE": "high_precision", "ACL_PRECISION_MODE": "must_keep_origin_dtype"}
    assert after == ("import torch_npu\ntorch_npu.npu.set_option({\n    'ACL_OP_SELECT_IMPL_MODE': 'high_precision', "
                     "\"ACL_PRECISION_MODE\": \"must_keep_origin_dtype\",\n})\n")


def test_an_empty_dict_passed_by_name_gets_the_entry():
    text = "import torch\noptions = {}\ntorch.npu.set_option(options)\n"
    after, values = _patched(text, "torch_npu", {"ACL_PRECISION_MODE": "must_keep_origin_dtype"})
    assert after == 'import torch\noptions = {"ACL_PRECISION_MODE": "must_keep_origin_dtype"}\n' \
                    "torch.npu.set_option(options)\n"
    assert values == {"ACL_PRECISION_MODE": "must_keep_origin_dtype"}


def test_hf32_switch_goes_after_set_option_and_a_branch_not_taken_stays():
    text = ("import argparse\nimport torch_npu\nparser = argparse.ArgumentParser()\n"
            "parser.add_argument('--fast', action='store_true')\nargs = parser.parse_args()\n"
            "option = {}\noption['ACL_PRECISION_MODE'] = 'must_keep_origin_dtype'\n"
            "if args.fast:\n    option['ACL_PRECISION_MODE'] = 'allow_fp32_to_fp16'\n"
            "torch_npu.npu.set_option(option)\n")
    after, values = _patched(text, "torch_npu", {"conv.allow_hf32": False, "ACL_OP_SELECT_IMPL_MODE": "high_precision"})
    assert _diff(text, after) == ["+ option[\"ACL_OP_SELECT_IMPL_MODE\"] = \"high_precision\"\n",
                                  "+ torch_npu.npu.conv.allow_hf32 = False\n"]
    assert after.index("ACL_OP_SELECT_IMPL_MODE") < after.index("if args.fast")   # before set_option, outside the if
    assert values == {"ACL_PRECISION_MODE": "must_keep_origin_dtype", "ACL_OP_SELECT_IMPL_MODE": "high_precision",
                      "conv.allow_hf32": False}
    fast, values = _patched(text, "torch_npu", {"ACL_PRECISION_MODE": "must_keep_origin_dtype"}, "--fast")
    assert _diff(text, fast) == ["-     option['ACL_PRECISION_MODE'] = 'allow_fp32_to_fp16'\n",
                                 "+     option['ACL_PRECISION_MODE'] = 'must_keep_origin_dtype'\n"]


def test_precision_debugger_arguments_are_changed_where_given():
    text = ('from msprobe.pytorch import PrecisionDebugger\n'
            'debugger = PrecisionDebugger("./config.json", "statistics", level="L0")  # first run\n')
    read = parse_python(text, None, SCENARIOS, "msprobe_config")
    patch = patch_script(text, "msprobe_config", {"task": "statistics", "level": "L0", "step": None},
                         {"task": "tensor", "level": "L1", "step": [0]}, inactive_lines(read))
    assert patch.text == ('from msprobe.pytorch import PrecisionDebugger\n'
                          'debugger = PrecisionDebugger("./config.json", "tensor", level="L1")  # first run\n')
    assert [key for key, _why in patch.skipped] == ["step"]   # never added: the config file holds it


def test_real_world_script_keeps_every_other_byte(shared_dir):
    path = shared_dir / "real-world" / "pytorch" / "0039_train.py"
    if not path.is_file():
        pytest.skip("0039_train.py is not in ../shared")
    text = path.read_text()
    after, values = _patched(text, "torch_npu", {"ACL_OP_SELECT_IMPL_MODE": "high_precision",
                                                 "ACL_PRECISION_MODE": "must_keep_origin_dtype"})
    assert _diff(text, after) == ["-     option['ACL_OP_SELECT_IMPL_MODE'] = 'high_performance'\n",
                                  "+     option['ACL_OP_SELECT_IMPL_MODE'] = 'high_precision'\n",
                                  "+     option[\"ACL_PRECISION_MODE\"] = \"must_keep_origin_dtype\"\n"]
    assert values["ACL_OP_SELECT_IMPL_MODE"] == "high_precision"
    assert values["ACL_PRECISION_MODE"] == "must_keep_origin_dtype"
