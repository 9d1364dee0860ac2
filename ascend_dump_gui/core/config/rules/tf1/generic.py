"""TF1 rules drawn from the schema: options that do not fit the graph_run_mode set.

Types, choices, ranges, products and the caller's known mode are checked for every scenario by
``schema.check.check_values``; these rules add what only the TF1 session knows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan
from ascend_dump_gui.core.config.rules.tf1.base import MODE_NAME, number
from ascend_dump_gui.core.config.schema.tf1.fields import TF1_FIELD_INDEX, TF1_FIELDS
from ascend_dump_gui.core.messages import msg

_RUN_MODE = {0: "online_inference", 1: "training"}


def _wrong_run_mode(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    """Options of the other mode: graph_run_mode as set, or its default 1 (training) when it is not set."""
    if ctx.mode is not None:
        return
    explicit = "graph_run_mode" in values
    mode = _RUN_MODE.get(number(values, "graph_run_mode")) if explicit else "training"
    if mode is None:
        return
    for key in values:
        spec = TF1_FIELD_INDEX.get(key)
        if not spec or mode in {m.value for m in spec.modes}:
            continue
        fix = Fix(msg("Remove {key}", key=key), ((key, None),))
        if explicit:
            yield Hit(msg("{key} does not apply to {mode}, which graph_run_mode={graph_run_mode} "
                          "selects; it is ignored.",
                          key=key, mode=MODE_NAME[mode], graph_run_mode=values["graph_run_mode"]),
                      (key, "graph_run_mode"), fix)
        else:
            yield Hit(msg("{key} only applies to online inference, but graph_run_mode is not set and defaults to 1 "
                          "(training); it is ignored. Set graph_run_mode to 0 for online inference.", key=key),
                      (key, "graph_run_mode"), fix)


def _run_mode_mismatch(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    declared = _RUN_MODE.get(number(values, "graph_run_mode"))
    if ctx.mode and declared and ctx.mode != declared:
        yield Hit(msg("graph_run_mode {graph_run_mode} means {declared}, but the script runs {mode}.",
                      graph_run_mode=values["graph_run_mode"], declared=MODE_NAME[declared],
                      mode=MODE_NAME.get(ctx.mode, ctx.mode)))


GENERIC_RULES = (
    Scan("tf1.wrong_run_mode", Severity.WARNING, tuple(f.key for f in TF1_FIELDS), _wrong_run_mode,
             "seed 002: graph_run_mode and the Application Scenarios of each option"),
    Scan("tf1.graph_run_mode_mismatch", Severity.WARNING, ("graph_run_mode",), _run_mode_mismatch,
             "seed 002: graph_run_mode"),
)
