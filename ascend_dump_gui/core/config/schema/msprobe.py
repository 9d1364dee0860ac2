"""msprobe's config.json (``PrecisionDebugger(config_path=...)``), one spec per key.

The file nests the options of each task in a section named after it (``"statistics": {"scope": ...}``); the
document holds the top-level keys and the keys of the section of the chosen ``task`` side by side (the
importer and exporter move them in and out of that section). Facts from msprobe 26.2.0
(``core/dump/common_config.py``, ``pytorch/dump/pt_config.py``, ``pytorch/dump/debugger/debugger_config.py``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario

SRC = "msprobe 26.2.0: config.json"
TASKS = ("statistics", "tensor", "acc_check", "structure", "diff_check", "exception_dump", "nan_check")
PYTORCH_TASKS = ("statistics", "tensor", "acc_check", "structure", "diff_check", "nan_check")
REMOVED_TASKS = {
    "overflow_check": "use task nan_check (or statistics and compare)",
    "free_benchmark": "removed from msprobe's task list",
    "run_ut": "the API accuracy check is task acc_check now",
    "grad_probe": "removed from msprobe's task list (use its monitor tool)",
}
LEVELS = ("L0", "L1", "L2", "mix", "debug")
DATA_MODES = ("all", "input", "output", "forward", "backward")
SUMMARY_MODES = ("statistics", "md5", "xor")
MAX_STEP_RANK = 1_000_000
SECTION_KEYS = ("scope", "list", "data_mode", "summary_mode", "tensor_list", "bench_path", "slice", "request_id",
                "white_list", "black_list", "error_data_path", "diff_nums")
SECTIONLESS_TASKS = frozenset({"exception_dump"})
MINDSPORE_TASKS = ("statistics", "tensor", "structure", "exception_dump")   # mindspore/dump/ms_config.py TaskDict
API_LISTS = Path(__file__).with_name("msprobe_apis.json")   # msprobe 26.2.0's support_wrap_ops.yaml names
API_SRC = "msprobe 26.2.0: pytorch/dump/pt_config.py check_filter_list_config, api_dump/utils.py get_ops()"


@cache
def pytorch_api_names() -> frozenset[str]:
    """The API names msprobe accepts in a PyTorch acc_check white_list / black_list: the bare names of the
    functional, tensor, torch and torch_npu sections of its support_wrap_ops.yaml (get_ops())."""
    lists = json.loads(API_LISTS.read_text(encoding="utf-8"))["pytorch"]
    return frozenset(name for section in ("functional", "tensor", "torch", "torch_npu") for name in lists[section])


def framework_shown(values: Mapping[str, Any]) -> tuple[str | None, str]:
    """The framework the config itself shows (pytorch / mindspore) and the key that shows it; (None, "") when it
    fits both. task exception_dump is not evidence: it is the mistake this is asked for."""
    task = values.get("task")
    if task in ("acc_check", "diff_check", "nan_check"):
        return "pytorch", f"task {task}"
    if values.get("custom_op_namespaces"):
        return "pytorch", "custom_op_namespaces (torch.ops)"
    if isinstance(values.get("summary_mode"), list):
        return "mindspore", "summary_mode as a list"
    return None, ""

_SLICE_COLUMNS = (
    FieldSpec("dim", Kind.INT, 0, "Dimension", required=True, source=SRC),
    FieldSpec("size", Kind.INT, 0, "Size", required=True, source=SRC),
    FieldSpec("begin", Kind.INT, 0, "Begin", required=True, source=SRC),
    FieldSpec("end", Kind.INT, 0, "End", required=True, source=SRC),
)

FIELDS = (
    FieldSpec("task", Kind.CHOICE, "statistics", "Task", group="Common", choices=TASKS,
              help="What msprobe collects: statistics (per-tensor max/min/mean/norm), tensor (full tensors), "
                   "structure (call structure only), acc_check, diff_check, nan_check, exception_dump "
                   "(MindSpore only). Its options go in the section named after it.", source=SRC),
    FieldSpec("dump_path", Kind.PATH, None, "Dump folder", group="Common",
              help="Folder msprobe writes step{N}/rank{R}/ (or proc{pid}/) into; created when missing. Required.",
              source=SRC),
    FieldSpec("rank", Kind.STR_LIST, (), "Ranks", group="Common",
              help='Ranks to dump: integers or "first-last" ranges such as "4-7". Empty: every rank.',
              source=SRC),
    FieldSpec("step", Kind.STR_LIST, (), "Steps", group="Common",
              help='Steps to dump: integers or "first-last" ranges such as "0-2". Empty: every step.', source=SRC),
    FieldSpec("level", Kind.CHOICE, "L1", "Level", group="Common", choices=LEVELS,
              help="L0: modules; L1: APIs; mix: both; L2: one API's kernels (acl dump); debug: only what "
                   "debugger.save() saves.", source=SRC),
    FieldSpec("extra_info", Kind.BOOL, True, "Extra info", group="Common",
              help="Also write stack.json and construct.json.", source=SRC),
    FieldSpec("async_dump", Kind.BOOL, False, "Asynchronous dump", group="Common",
              help="Collect without synchronising the device; tensor task needs a list, md5 is not allowed, and "
                   "large tensors may run out of memory.", source=SRC),
    FieldSpec("dump_enable", Kind.BOOL, None, "Dump enabled", group="Common",
              help="Master switch read by integrations (vllm-ascend, verl); unset means enabled.", source=SRC),
    FieldSpec("precision", Kind.CHOICE, "low", "Statistics precision", group="Common", choices=("low", "high"),
              help="high computes statistics in float64 (slower).", source=SRC),
    FieldSpec("risk_level", Kind.CHOICE, "ALL", "Risk level", group="Common", choices=("CORE", "FOCUS", "ALL"),
              help="Which APIs are hooked: CORE, FOCUS or ALL.", source=SRC),
    FieldSpec("custom_op_namespaces", Kind.STR_LIST, (), "Custom operator namespaces", group="Common",
              help="torch.ops namespaces whose operators are dumped too (default _C_ascend).", source=SRC),
    FieldSpec("scope", Kind.STR_LIST, (), "Scope", group="Task section",
              help="Two call names: dump from the first to the second (L0 module names, L1 API names).",
              source=SRC),
    FieldSpec("list", Kind.STR_LIST, (), "List", group="Task section",
              help='Call names (or name parts, or "name-regex(...)") to dump; empty: all. L2 needs exactly one API.',
              source=SRC),
    FieldSpec("data_mode", Kind.STR_LIST, ("all",), "Data mode", group="Task section", choices=DATA_MODES,
              help='all, or some of input, output, forward, backward ("all" alone).', source=SRC),
    FieldSpec("summary_mode", Kind.CHOICE, "statistics", "Summary mode", group="Task section",
              choices=SUMMARY_MODES, help="statistics, md5 (CRC-32 of each tensor) or xor.", source=SRC),
    FieldSpec("tensor_list", Kind.STR_LIST, (), "Tensor list", group="Task section",
              help="statistics / nan_check: calls whose full tensors are saved as well.", source=SRC),
    FieldSpec("bench_path", Kind.PATH, None, "Bench path", group="Task section",
              help="tensor task: a bench dump to dump against.", source=SRC),
    FieldSpec("slice", Kind.TABLE, (), "Slice", group="Task section", columns=_SLICE_COLUMNS,
              help="Dump only a slice of each tensor (tensor / statistics at L0, L1 or mix).", source=SRC),
    FieldSpec("request_id", Kind.STR, None, "Request id", group="Task section",
              help="Inference: dump only the tokens of this request (tensor / statistics at L0, L1 or mix).",
              source=SRC),
    FieldSpec("white_list", Kind.STR_LIST, (), "White list", group="Task section",
              help="acc_check: APIs to check (torch API names).", source=SRC),
    FieldSpec("black_list", Kind.STR_LIST, (), "Black list", group="Task section",
              help="acc_check: APIs not to check.", source=SRC),
    FieldSpec("error_data_path", Kind.PATH, None, "Error data path", group="Task section",
              help="acc_check: folder for the data of failing APIs; must exist.", source=SRC),
    FieldSpec("diff_nums", Kind.INT, None, "Diff count", group="Task section", minimum=-1,
              help="diff_check: how many differences to report (-1: all).", source=SRC),
    FieldSpec("load", Kind.MAPPING, None, "Load inputs", group="Load",
              help='Replay saved module inputs: {"path": dump folder, "modules": ["Module.x.forward.0"], "step": [], '
                   '"rank": [], "dump_after_load": false}.', source=SRC),
)

MSPROBE_CONFIG = Scenario(
    name="msprobe_config",
    title="msprobe config.json",
    summary="The config.json of msprobe's PrecisionDebugger (mindstudio-probe) for PyTorch and MindSpore.",
    version=1,
    fields=FIELDS,
)
