"""TF2 ``npu_device.global_options()`` options: the dump options (seed 003, runtime-rules §2.3), DUMP_GE_GRAPH, and
every global option that TF1 also has (derived from the TF1 schema: they reach GE as the same session options)."""

from __future__ import annotations

from dataclasses import replace

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Mode, Scenario
from ascend_dump_gui.core.config.schema.tf1.fields import TF1_FIELDS

SEED = "seed 003: Configuring Dump Parameters"
RT = "runtime-rules §2.3"

# The attributes of npu_device's NpuConfig (global_options()) that are TF1 session options of the same name and
# kind (TF Adapter tf_adapter_2.x/python/npu_device/configs/npu_config.py). jit_compile and enable_small_channel
# are booleans there but not in TF1, so they are not derived. precision_mode_v2 is an NpuConfig attribute too
# (hicann/tensorflow tf_adapter_2.x npu_config.py, same values as TF1's).
TF1_GLOBAL_OPTIONS = (
    "graph_run_mode", "graph_memory_max_size", "variable_memory_max_size", "variable_format_optimize",
    "enable_scope_fusion_passes", "fusion_switch_file", "precision_mode", "op_select_implmode",
    "optypelist_for_implmode", "op_compiler_cache_mode", "op_compiler_cache_dir", "stream_max_parallel_num",
    "hcom_parallel", "is_tailing_optimization", "op_debug_level", "op_debug_config", "debug_dir", "modify_mixlist",
    "deterministic", "op_precision_mode", "customize_dtypes", "stream_sync_timeout", "event_sync_timeout",
    "external_weight", "graph_compiler_cache_dir", "precision_mode_v2",
)
ENV_KEYS = ("DUMP_GE_GRAPH",)              # set through os.environ in the script

FIELDS = (
    FieldSpec("enable_dump", Kind.BOOL, False, "Data dump", group="Data dump",
              help="Dump operator data. Needs dump_path. Cannot be on together with enable_dump_debug.",
              source=SEED),
    FieldSpec("dump_path", Kind.PATH, None, "Dump folder", group="Data dump",
              help="Existing folder (absolute, or relative to the working directory) the dumps are written to. "
                   "Required when enable_dump or enable_dump_debug is on.", source=SEED),
    FieldSpec("dump_step", Kind.STEP, None, "Steps", group="Data dump",
              help='Iterations to dump, e.g. "0|5|10" or "0|3-5|10". Unset: every iteration.', source=SEED),
    FieldSpec("dump_mode", Kind.CHOICE, "output", "Dump mode", group="Data dump", choices=("input", "output", "all"),
              help="Dump operator inputs, outputs or both.", source=SEED),
    FieldSpec("dump_data", Kind.CHOICE, "tensor", "Dump content", group="Data dump", choices=("tensor", "stats"),
              help="tensor: operator data; stats: statistics in .csv files (quicker for large runs).", source=SEED),
    FieldSpec("dump_layer", Kind.STR, None, "Operators", group="Data dump",
              help="Space-separated operator names to dump. Unset: every operator.", source=SEED),
    FieldSpec("enable_dump_debug", Kind.BOOL, False, "Overflow dump", group="Overflow dump",
              help="Dump operators that overflow. Needs dump_path. Cannot be on together with enable_dump.",
              source=RT, modes=frozenset({Mode.TRAINING})),
    FieldSpec("dump_debug_mode", Kind.CHOICE, "all", "Overflow detection", group="Overflow dump",
              choices=("aicore_overflow", "atomic_overflow", "all"),
              help="aicore_overflow: AI Core results; atomic_overflow: Atomic Add results; all: both.", source=RT),
    FieldSpec("enable_exception_dump", Kind.CHOICE, 2, "Exception dump", group="Exception dump",
              choices=(0, 1, 2),
              help="0: off; 1: normal exception dump; 2 (default): lite exception dump. Set on "
                   "global_options(), not on dump_config.", source=RT),
    FieldSpec("DUMP_GE_GRAPH", Kind.CHOICE, None, "Graph dump (env)", group="Graphs",
              choices=("1", "2", "3"),
              help="Environment variable set in the script: 1 full graphs, 2 graphs without weights, "
                   "3 node relations only. Graph files land in the working directory.", source=SEED),
)

_TF1 = {f.key: f for f in TF1_FIELDS}
DERIVED = tuple(replace(_TF1[key], serialized="") for key in TF1_GLOBAL_OPTIONS if key in _TF1)
GLOBAL_KEYS = ("enable_exception_dump",) + tuple(f.key for f in DERIVED)   # on global_options(), not dump_config

TF2_NPU_DEVICE = Scenario(
    name="tf2_npu_device",
    title="TensorFlow 2 npu_device",
    summary="npu_device.global_options().dump_config.* lines in a TF2 training script.",
    version=1,
    fields=FIELDS + DERIVED,
    unknown_keys="error",
)
