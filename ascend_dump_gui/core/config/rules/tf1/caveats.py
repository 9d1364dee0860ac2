"""Seed 002's "only takes effect when ...", caveat and "not for commercial products" sentences, one rule each.

Each entry quotes the sentence it comes from in its ``source``. A condition that makes the option do nothing is a
warning (the runtime ignores it); a trade-off or scope remark is a note. Rules that need more than a condition on
the values (files, grammars) live with their topic (rules/tf1/dump.py, rules/tf1/runtime.py ...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.tf1.base import flag, is_set, number, text
from ascend_dump_gui.core.config.rules.tf1.dump import op_debug_config_file
from ascend_dump_gui.core.config.schema.tf1.common import EXPERIMENT
from ascend_dump_gui.core.config.schema.tf1.fields import TF1_FIELDS
from ascend_dump_gui.core.messages import Text, msg

W, N = Severity.WARNING, Severity.INFO
EXPERIMENT_KEYS = tuple(f.key for f in TF1_FIELDS if f.group == EXPERIMENT)


def _dynamic(v: Mapping[str, Any]) -> bool:
    """The graphs are dynamic-shape: compile_dynamic_mode generalizes every input, dynamic_input compiles ranges."""
    return flag(v, "compile_dynamic_mode") or flag(v, "dynamic_input")


def _dynamic_keys(v: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(k for k in ("compile_dynamic_mode", "dynamic_input") if flag(v, k))


def _static_only(key: str, applies: Callable[[Mapping[str, Any]], bool], message: Text):
    """A static-shape-only option (``applies(values)``) set while the graphs are dynamic-shape."""
    def find(v: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
        if applies(v) and _dynamic(v):
            yield Hit(msg("{what}; {keys} makes the graphs dynamic-shape.", what=message, keys=", ".join(_dynamic_keys(v))),
                      (key, *_dynamic_keys(v)))
    return find


def _experimental(v: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    for key in EXPERIMENT_KEYS:
        if is_set(v, key):
            yield Hit(msg("{key} is an experiment parameter: it is meant for debugging, may change in later versions "
                          "and cannot be used in commercial products.", key=key), (key,))


def _debug_list_with_cache(v: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    entries = op_debug_config_file(v, ctx)
    mode = text(v, "op_compiler_cache_mode", default=True)
    if not entries or not entries.get("op_debug_config") or not entries.get("op_debug_list") \
            or mode not in ("enable", "force") or number(v, "op_debug_level"):
        return
    yield Hit(msg("The op_debug_config file has an op_debug_list and the compile cache is on "
                  "(op_compiler_cache_mode={mode}): only the listed operators are rebuilt with the debug options; the "
                  "others come from the cache and are not rebuilt, so they carry no debug instrumentation.", mode=mode),
              ("op_debug_config", "op_compiler_cache_mode"))


def _ccec_dynamic(v: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    switches = set((op_debug_config_file(v, ctx) or {}).get("op_debug_config", ()))
    used = sorted(switches & {"ccec_O0", "ccec_g"})
    if used and _dynamic(v):
        yield Hit(msg("The op_debug_config file turns on {used} and the graphs are dynamic-shape ({keys}): the "
                      "larger kernels can make the operator build fail (\"InputSection too large for range "
                      "extension thunk\").", used=", ".join(used), keys=", ".join(_dynamic_keys(v))),
                  ("op_debug_config", *_dynamic_keys(v)))


CAVEAT_RULES = (
    When("tf1.in_out_pair_flag_without_pair", W, ("in_out_pair_flag", "in_out_pair"),
         lambda v, c: "in_out_pair_flag" in v and not is_set(v, "in_out_pair"),
         "in_out_pair_flag only says whether the operators named by in_out_pair are offloaded; without in_out_pair "
         "it has no effect.",
         "seed 002: in_out_pair_flag \"Whether to offload operators specified by in_out_pair\""),
    Scan("tf1.input_fusion_size_dynamic", W, ("input_fusion_size", "compile_dynamic_mode", "dynamic_input"),
         _static_only("input_fusion_size", lambda v: "input_fusion_size" in v,
                      msg("input_fusion_size takes effect only for static-shape graphs, so it has no effect here")),
         "seed 002: input_fusion_size \"takes effect only for static shape graphs\""),
    Scan("tf1.multistream_dynamic", W, ("auto_multistream_parallel_mode", "compile_dynamic_mode", "dynamic_input"),
         _static_only("auto_multistream_parallel_mode", lambda v: text(v, "auto_multistream_parallel_mode") == "cv",
                      msg("auto_multistream_parallel_mode applies only to graphs with a static shape, so it has no "
                          "effect here")),
         "seed 002: auto_multistream_parallel_mode \"applies only to graphs with a static shape\""),
    Scan("tf1.static_memory_policy_dynamic", W, ("static_memory_policy", "compile_dynamic_mode", "dynamic_input"),
         _static_only("static_memory_policy", lambda v: number(v, "static_memory_policy") in (1, 2),
                      msg("static_memory_policy 2 expands memory for static shapes only (use 3 or 4 for dynamic "
                          "shapes)")),
         "seed 002: static_memory_policy \"2: dynamic memory expansion supported by only static shape\""),
    When("tf1.static_memory_policy_tradeoff", N, ("static_memory_policy",),
         lambda v, c: number(v, "static_memory_policy") in (3, 4),
         "static_memory_policy 3 or 4 saves memory, but performance may deteriorate.",
         "seed 002: static_memory_policy \"If this option is set to 3 or 4, memory gains are generated, but "
         "performance may deteriorate\""),
    When("tf1.input_batch_cpy_inputs", N, ("input_batch_cpy",),
         lambda v, c: flag(v, "input_batch_cpy"),
         "input_batch_cpy only takes effect when the network has more than one input.",
         "seed 002: input_batch_cpy \"takes effect only when the number of user inputs is greater than 1\""),
    Scan("tf1.experiment_parameter", N, EXPERIMENT_KEYS, _experimental,
         "seed 002: Experiment Parameters \"cannot be used in commercial products\""),
    When("tf1.graph_compiler_cache_limits", N, ("graph_compiler_cache_dir",),
         lambda v, c: is_set(v, "graph_compiler_cache_dir"),
         "The graph compile cache does not support models with resource operators, is not kept across CANN versions "
         "and goes stale when the graph changes: clear the folder after a graph change or an upgrade.",
         "seed 002: graph_compiler_cache_dir notes"),
    When("tf1.jit_compile_scope", N, ("jit_compile",),
         lambda v, c: "jit_compile" in v,
         "jit_compile is meant for networks of large recommendation models only.",
         "seed 002: jit_compile \"This option is used only for networks of large recommendation models\""),
    When("tf1.multistream_scope", N, ("auto_multistream_parallel_mode",),
         lambda v, c: text(v, "auto_multistream_parallel_mode") == "cv",
         "auto_multistream_parallel_mode is meant for recommendation networks only.",
         "seed 002: auto_multistream_parallel_mode \"This option is used only for recommendation networks\""),
    When("tf1.stream_max_parallel_scope", N, ("stream_max_parallel_num",),
         lambda v, c: is_set(v, "stream_max_parallel_num"),
         "stream_max_parallel_num applies only to neural machine translation (NMT) networks.",
         "seed 002: stream_max_parallel_num \"This parameter applies only to neural machine translation (NMT) "
         "networks\""),
    When("tf1.tailing_optimization_scope", N, ("is_tailing_optimization",),
         lambda v, c: flag(v, "is_tailing_optimization"),
         "is_tailing_optimization applies only to BERT networks, and NPUOptimizer's is_tailing_optimization must be "
         "set to the same value.",
         "seed 002: is_tailing_optimization \"applies only to ... BERT networks\", \"must be the same as that of "
         "is_tailing_optimization in NPUOptimizer\""),
    When("tf1.variable_placement_control_flow", N, ("variable_placement",),
         lambda v, c: text(v, "variable_placement") == "Host",
         "With variable_placement=Host, TensorFlow V1 control flow (tf.case, tf.cond, tf.while_loop) may make the "
         "network fail; call tf.enable_control_flow_v2() and tf.enable_resource_variables() in the script.",
         "seed 002: variable_placement constraint 2"),
    Scan("tf1.ccec_dynamic_shape", W, ("op_debug_config", "compile_dynamic_mode", "dynamic_input"), _ccec_dynamic,
         "seed 002: op_debug_config \"In dynamic shape scenarios ... may cause operator build failures due to large "
         "operator kernel files\""),
    Scan("tf1.op_debug_list_cache", N, ("op_debug_config", "op_compiler_cache_mode"), _debug_list_with_cache,
         "seed 002: op_compiler_cache_mode \"operators that are not in the list will not be recompiled\""),
)
