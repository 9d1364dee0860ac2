"""Environment variables the seeds name that change what is dumped or where files land (seed 000 and others)."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Mode, Scenario

S000 = "seed 000: ASCEND_WORK_PATH"
S002 = "seed 002: session options"
RT = "runtime-rules §1.9"
INT32_MAX = 2_147_483_647

FIELDS = (
    FieldSpec("ASCEND_WORK_PATH", Kind.PATH, None, "Work folder", group="Paths",
              help="One folder for the files the runtime writes (logs, traces, graphs, exception dumps, "
                   "fusion results, profiling, external weights). Letters, digits, _, - and . only; the last "
                   "folder should identify the host.", source=S000),
    FieldSpec("NPU_COLLECT_PATH", Kind.PATH, None, "Collect folder", group="Paths",
              help="Redirects exception dumps (and graph dumps) under this folder and switches exception dump to "
                   "the normal mode, whatever the config says. Data dump is refused while it is set.",
              source=S000),
    FieldSpec("ASCEND_DUMP_PATH", Kind.PATH, None, "Exception dump folder", group="Paths",
              help="Folder for exception dumps; read by the dump library before ASCEND_WORK_PATH.", source=RT),
    FieldSpec("ASCEND_DUMP_SCENE", Kind.STR, None, "Exception dump scene", group="Dump",
              help="aic_err_brief_dump, aic_err_norm_dump or aic_err_detail_dump switches exception dump on "
                   "without a config file; other values are ignored.", source=RT),
    FieldSpec("DUMP_GE_GRAPH", Kind.CHOICE, None, "Graph dump", group="Graphs", choices=("1", "2", "3"),
              help="Dump the graph at every build stage: 1 full, 2 without weights, 3 node relations only.",
              source="seed 003: Configuring Dump Parameters"),
    FieldSpec("DUMP_GRAPH_PATH", Kind.PATH, None, "Graph dump folder", group="Graphs",
              help="Folder for DUMP_GE_GRAPH files (before ASCEND_WORK_PATH).", source=S000),
    FieldSpec("DUMP_GRAPH_LEVEL", Kind.STR, None, "Graph dump level", group="Graphs",
              help="Which graphs DUMP_GE_GRAPH writes: 1 all, 2 all but subgraphs, 3 the last one, 4 the first "
                   "built one, or stage names separated by |.", source=S000),
    FieldSpec("ASCEND_PROCESS_LOG_PATH", Kind.PATH, None, "Log folder", group="Paths",
              help="Folder for the process logs (before ASCEND_WORK_PATH/log).", source=S000),
    FieldSpec("PROFILING_MODE", Kind.CHOICE, None, "Profiling", group="Profiling", choices=("true", "false"),
              help="Switch profiling on from the environment; the session option profiling_mode wins.",
              source=S002),
    FieldSpec("PROFILING_OPTIONS", Kind.MAPPING, None, "Profiling options", group="Profiling",
              help='JSON object of profiling options, e.g. {"output":"/tmp/prof","task_trace":"on"}. Its '
                   "output wins over ASCEND_WORK_PATH.", source=S000),
    FieldSpec("AOE_MODE", Kind.CHOICE, None, "AOE tuning mode", group="Tuning", choices=("1", "2", "4"),
              help="1 subgraph, 2 operator, 4 gradient-split tuning; the script's aoe_mode wins.", source=S002,
              modes=frozenset({Mode.TRAINING})),
    FieldSpec("ASCEND_CACHE_PATH", Kind.PATH, None, "Cache folder", group="Compile cache",
              help="Operator compile cache goes to <this>/kernel_cache unless op_compiler_cache_dir is set.",
              source=S002),
    FieldSpec("ASCEND_MAX_OP_CACHE_SIZE", Kind.INT, 500, "Compile cache size (MB)", group="Compile cache",
              minimum=-1, maximum=INT32_MAX,
              help="Disk space for compile-cache files per processor; -1 switches aging off.", source=S002),
    FieldSpec("ASCEND_REMAIN_CACHE_SIZE_RATIO", Kind.INT, 50, "Cache kept (%)", group="Compile cache",
              minimum=1, maximum=100,
              help="Share of the compile cache kept when the space runs out.", source=S002),
    FieldSpec("HCCL_EXEC_TIMEOUT", Kind.INT, 1836, "HCCL timeout (s)", group="Distributed",
              minimum=0, maximum=INT32_MAX,
              help="Collective communication timeout; the session option hccl_timeout wins.", source=S002),
    FieldSpec("ENABLE_DYNAMIC_SHAPE_MULTI_STREAM", Kind.CHOICE, None, "Dynamic-shape multi-stream",
              group="Performance", choices=("0", "1"),
              help="1 runs dynamic-shape graphs on several streams; not together with "
                   "auto_multistream_parallel_mode=cv.", source=S002),
    FieldSpec("STEP_NOW", Kind.INT, None, "Current step", group="Accelerated training", minimum=0,
              help="experimental_accelerate_train_mode by step: the step being run.", source=S002),
    FieldSpec("TOTAL_STEP", Kind.INT, None, "Total steps", group="Accelerated training", minimum=0,
              help="experimental_accelerate_train_mode by step: the number of steps of the run.", source=S002),
    FieldSpec("LOSS_NOW", Kind.FLOAT, None, "Current loss", group="Accelerated training",
              help="experimental_accelerate_train_mode by loss: the loss of the current step.", source=S002),
    FieldSpec("TARGET_LOSS", Kind.FLOAT, None, "Target loss", group="Accelerated training",
              help="experimental_accelerate_train_mode by loss: the target loss.", source=S002),
)

ENV = Scenario(
    name="env",
    title="Environment variables",
    summary="export K=V lines of a shell or env file.",
    version=1,
    fields=FIELDS,
    unknown_keys="quiet",
)
