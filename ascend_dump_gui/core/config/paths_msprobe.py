"""Where msprobe's files land for a config.json (``config where``), including L2's kernel dump.

msprobe writes ``{dump_path}/step{N}/rank{R}/`` (``proc{pid}`` without torch.distributed) holding dump.json,
stack.json and construct.json (extra_info), plus ``dump_tensor_data/`` for tensors. Level L2 instead writes an
acl.json-style ``kernel_config_{pid}.json`` into ``{dump_path}/step{N}/`` (dump_path = that folder, dump_mode all,
dump_op_switch on) and the ACL runtime dumps the API's kernels there in its single-operator layout, which
Browse reads like any raw dump.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

RUN_LAYOUT = "step{step}/rank{rank} (proc{pid} without torch.distributed)"


def msprobe_artifacts(values: Mapping[str, Any], absolute: Callable[[str], str],
                      kernel_layout: str) -> list[tuple[str, str, str, str]]:
    """(artifact, folder, decided_by, layout below it) for every kind of file the run writes."""
    path = values.get("dump_path")
    if not isinstance(path, str) or not path:
        return []
    root = absolute(path)
    task = values.get("task") if isinstance(values.get("task"), str) else "statistics"
    level = values.get("level") if isinstance(values.get("level"), str) else "L1"
    if level == "L2":
        return [("msprobe_kernel_config", root, "dump_path", "step{step}/kernel_config_{pid}.json"),
                ("dump_data", root, "dump_path (level L2: acl kernel dump)", "step{step}/" + kernel_layout)]
    out = [("msprobe_dump", root, "dump_path", RUN_LAYOUT + "/dump.json")]
    if values.get("extra_info", True) is not False:
        out.append(("msprobe_stack", root, "extra_info", RUN_LAYOUT + "/stack.json, construct.json"))
    if task == "tensor" or (task in ("statistics", "nan_check") and values.get("tensor_list")):
        out.append(("msprobe_tensors", root, "task" if task == "tensor" else "tensor_list",
                    RUN_LAYOUT + "/dump_tensor_data/{call}.{input|output}.{i}.pt (.npy for MindSpore)"))
    if task == "acc_check":
        error_path = values.get("error_data_path")
        out.append(("msprobe_acc_check", absolute(error_path if isinstance(error_path, str) else "./"),
                    "error_data_path", ""))
    return out
