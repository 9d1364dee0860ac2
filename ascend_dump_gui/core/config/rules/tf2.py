"""Rules for TF2 ``npu_device.global_options()`` dump options (seed 003, runtime-rules §2.1, §2.3).

The dump options reach GE as session options exactly as TF1's do, so the shared rules of ``rules.ge_dump`` apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, folder_hits
from ascend_dump_gui.core.config.rules.ge_dump import any_dump, ge_dump_rules
from ascend_dump_gui.core.messages import msg


def _path_absent(v: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
    if not any_dump(v):
        return []
    return folder_hits("dump_path", v.get("dump_path"), msg("GE needs an existing, writable folder on the machine that "
                                                        "trains."))


RULES = ge_dump_rules("tf2", "tf2") + (
    Scan("tf2.dump_path_not_found", Severity.WARNING, ("dump_path",), _path_absent,
         "seed 003: dump_config.dump_path; runtime-rules §2.1"),
)
