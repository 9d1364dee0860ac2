"""Explicit locations that win over an environment variable: one note per pair that is set (seed 000, seed 002).

``config where`` resolves these priorities (``paths.py``); the checker says so, as it does for aoe_mode vs AOE_MODE.
Each :class:`Shadow` is one documented priority sentence: the winner (an option or a variable), the variable it
overrides and what it decides. Only pairs where both sides are set are reported.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan
from ascend_dump_gui.core.config.values import json_object
from ascend_dump_gui.core.messages import Text, msg

N = Severity.INFO
Reader = Callable[[Mapping[str, Any], CheckContext], str | None]


def _env(name: str) -> Reader:
    def read(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
        value = ctx.env.get(name, "").strip()
        return value or None
    return read


def _option(key: str) -> Reader:
    def read(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
        value = values.get(key)
        return value if isinstance(value, str) and value.strip() else None
    return read


def _settings(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
    """profiling_options as text, whether it arrived as the JSON string or already parsed."""
    value = values.get("profiling_options")
    if isinstance(value, dict) and value:
        return json.dumps(value, separators=(",", ":"))
    return value if isinstance(value, str) and value.strip() else None


def _output(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
    output = (json_object(values.get("profiling_options")) or {}).get("output")
    return output if isinstance(output, str) and output else None


def _env_output(values: Mapping[str, Any], ctx: CheckContext) -> str | None:
    output = (json_object(ctx.env.get("PROFILING_OPTIONS")) or {}).get("output")
    return output if isinstance(output, str) and output else None


@dataclass(frozen=True)
class Shadow:
    """``winner`` (an option key or variable name, read by ``read``) decides ``what`` instead of ``loser``."""

    id: str
    winner: str
    read: Reader
    loser: str
    what: Text           # what the winner decides, e.g. msg("the log folder")
    source: str
    needs: str = ""      # a variable that must be set for the artifact to exist at all (e.g. DUMP_GE_GRAPH)
    when: Callable[[Mapping[str, Any]], bool] | None = None   # a condition on the values for the priority to hold

    def hits(self, values: Mapping[str, Any], ctx: CheckContext) -> list[Hit]:
        won = self.read(values, ctx)
        lost = ctx.env.get(self.loser, "").strip()
        if won is None or not lost or (self.needs and not ctx.env.get(self.needs, "").strip()):
            return []
        if self.when is not None and not self.when(values):
            return []
        return [Hit(msg("{winner} ({won}) decides {what}; it takes priority over {loser} ({lost}), which is not used "
                        "for it.", winner=self.winner, won=won, what=self.what, loser=self.loser, lost=lost),
                    (self.winner, self.loser) + ((self.needs,) if self.needs else ()))]


S000 = "seed 000: ASCEND_WORK_PATH (priority table)"
SHADOWS = (
    Shadow("env.log_path_over_work_path", "ASCEND_PROCESS_LOG_PATH", _env("ASCEND_PROCESS_LOG_PATH"),
           "ASCEND_WORK_PATH", msg("the log folder"), S000 + ", log"),
    Shadow("env.graph_path_over_work_path", "DUMP_GRAPH_PATH", _env("DUMP_GRAPH_PATH"), "ASCEND_WORK_PATH",
           msg("where DUMP_GE_GRAPH writes graphs"), S000 + ", dump graph files; runtime-rules §3.4",
           needs="DUMP_GE_GRAPH"),
    Shadow("env.collect_path_over_graph_path", "NPU_COLLECT_PATH", _env("NPU_COLLECT_PATH"), "DUMP_GRAPH_PATH",
           msg("where DUMP_GE_GRAPH writes graphs"), "runtime-rules §3.4", needs="DUMP_GE_GRAPH"),
    Shadow("env.dump_path_over_work_path", "ASCEND_DUMP_PATH", _env("ASCEND_DUMP_PATH"), "ASCEND_WORK_PATH",
           msg("the exception dump folder"), "runtime-rules §1.4"),
    Shadow("tf1.debug_dir_over_work_path", "debug_dir", _option("debug_dir"), "ASCEND_WORK_PATH",
           msg("the kernel_meta folder (operator debug files)"), "seed 002: debug_dir; " + S000 + ", kernel_meta"),
    Shadow("tf1.compile_cache_dir_over_work_path", "op_compiler_cache_dir", _option("op_compiler_cache_dir"),
           "ASCEND_WORK_PATH", msg("the operator compile cache folder"), "seed 002: op_compiler_cache_dir"),
    Shadow("tf1.compile_cache_dir_over_cache_path", "op_compiler_cache_dir", _option("op_compiler_cache_dir"),
           "ASCEND_CACHE_PATH", msg("the operator compile cache folder (op_compiler_cache_dir > "
                                     "${ASCEND_CACHE_PATH}/kernel_cache > $HOME/atc_data)"), "seed 002: op_compiler_cache_dir"),
    Shadow("tf1.work_path_over_work_path", "work_path", _option("work_path"), "ASCEND_WORK_PATH",
           msg("the AOE working folder"), "seed 002: work_path; " + S000 + ", aoe_data"),
    Shadow("tf1.profiling_output_over_work_path", "profiling_options.output", _output, "ASCEND_WORK_PATH",
           msg("the profiling output folder"), "seed 002: profiling_options (output); " + S000 + ", profiling_data"),
    Shadow("tf1.profiling_options_over_env", "profiling_options", _settings, "PROFILING_OPTIONS",
           msg("the profiling settings"), "seed 002: profiling_mode (priority over PROFILING_MODE); tensorflow "
           "tf_adapter/util/npu_attrs.cc (profiling_options read with profiling_mode)",
           when=lambda v: v.get("profiling_mode") is True),
    Shadow("env.profiling_env_output_over_work_path", "PROFILING_OPTIONS", _env_output, "ASCEND_WORK_PATH",
           msg("the profiling output folder"), S000 + ", profiling_data"),
)


def _scan(shadow: Shadow) -> Scan:
    options = (shadow.winner.split(".")[0], shadow.loser) + ((shadow.needs,) if shadow.needs else ())
    return Scan(shadow.id, N, options, shadow.hits, shadow.source)


LOCATION_RULES = tuple(_scan(s) for s in SHADOWS)
