"""The capture config of each framework (precision-knobs.md §A): acl.json ``dump_list`` layers, the GE dump options
of TF1 / TF2 / torchair (``dump_layer``, ``dump_step``, ``dump_mode``, ``dump_data``) and msprobe's config.json
(``list`` / ``step`` / ``rank`` / ``level``); the step text and the name rules the runtimes apply."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ascend_dump_gui.core.config.schema.torchair import DUMP_LAYER_REGEX

FRAMEWORKS = ("acl", "tf1", "tf2", "torchair", "msprobe")
SCENARIO = {"acl": "acl_json", "tf1": "tf1_session", "tf2": "tf2_npu_device", "torchair": "torchair",
            "msprobe": "msprobe_config"}
FRAMEWORK_OF = {v: k for k, v in SCENARIO.items()}
EXPORT_TO = {"acl": "acl_json", "tf1": "tf1_python", "tf2": "tf2_python", "torchair": "torchair_python",
             "msprobe": "msprobe_json"}
SUFFIX = {"acl": ".json", "tf1": ".py", "tf2": ".py", "torchair": ".py", "msprobe": ".json"}
MAX_STEP_GROUPS = 100
"""dump_step holds at most 100 groups (adump, GE, TF Adapter: runtime-rules §1.5)."""
_LAYER_NAME = re.compile(DUMP_LAYER_REGEX)


def step_text(steps: Sequence[int]) -> str:
    """``0|3-5|9`` for the steps: runs of consecutive steps as ranges with start < end (the strictest validator,
    GE's session option), single steps alone."""
    ordered = sorted(set(steps))
    groups: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        groups.append(str(ordered[i]) if i == j else f"{ordered[i]}-{ordered[j]}")
        i = j + 1
    return "|".join(groups)


def torchair_refused(names: Sequence[str]) -> list[str]:
    """The names torchair's dump_layer check refuses (characters outside ``[0-9a-zA-Z_" "/\\.]``, e.g. ``-`` or
    ``:``), runtime-rules §2.4."""
    return [n for n in names if not _LAYER_NAME.fullmatch(n)]


def values_for(framework: str, names: Sequence[str], *, steps: Sequence[int], ranks: Sequence[int], data: str,
               dump_path: str, model_name: str | None, level: str = "L1") -> dict[str, Any]:
    """The options of a capture config dumping full tensors (or statistics) of ``names`` only."""
    step = step_text(steps) if steps else ""
    if framework == "acl":
        item: dict[str, Any] = {"layer": list(names)}
        if model_name:
            item = {"model_name": model_name, **item}
        values: dict[str, Any] = {"dump_path": dump_path, "dump_list": [item], "dump_mode": "all", "dump_data": data}
        if step:
            values["dump_step"] = step
        return values
    if framework == "msprobe":
        values = {"task": "tensor" if data == "tensor" else "statistics", "dump_path": dump_path, "level": level,
                  "list": list(names), "data_mode": ["all"]}
        if steps:   # the document holds them as text (msprobe_json writes numbers back)
            values["step"] = [str(s) for s in sorted(set(steps))]
        if ranks:
            values["rank"] = [str(r) for r in sorted(set(ranks))]
        return values
    values = {"enable_dump": True, "dump_path": dump_path, "dump_mode": "all", "dump_layer": " ".join(names),
              "dump_data": data}
    if step:
        values["dump_step"] = step
    return values


def substring_matches(name: str, known: Sequence[str]) -> list[str]:
    """What msprobe's ``list`` entry ``name`` also captures: every other known name that contains it."""
    return [k for k in known if name in k and k != name]
