"""TF1 session options of seed 002: performance tuning, AOE, operator build, data augmentation, timeouts."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.core.config.schema.tf1.common import (
    A2_A3,
    AOE,
    AOE_PRODUCTS,
    BOTH,
    DATA_AUGMENTATION,
    EXCEPTION_REMEDY,
    INFERENCE,
    INT32_MAX,
    OP_BUILD,
    PERFORMANCE,
    TRAINING,
    option,
)

PERFORMANCE_FIELDS: tuple[FieldSpec, ...] = (
    option("iterations_per_loop", Kind.INT, None, "Iterations per loop",
           "Training iterations the device runs per sess.run() call; must equal the value given to "
           "set_iteration_per_loop in the script.", PERFORMANCE, "i", minimum=1, modes=TRAINING),
    option("hcom_parallel", Kind.BOOL, True, "Parallel AllReduce",
           "Overlap gradient AllReduce with forward and backward computation in distributed training. "
           "Small networks may do better with False.", PERFORMANCE, "b", modes=TRAINING),
    option("enable_small_channel", Kind.CHOICE, None, "Small channel optimization",
           "1 speeds up convolutions with at most 4 channels. Off by default in training, where it is "
           "not advised; always on and fixed in online inference.", PERFORMANCE, "i", choices=(0, 1),
           modes=BOTH),
    option("op_precision_mode", Kind.PATH, None, "Operator precision mode file",
           "Path of an .ini file choosing high precision, high performance and similar modes per "
           "operator type or node name. Overrides op_select_implmode and optypelist_for_implmode.",
           PERFORMANCE, "s", points_to_file=True),
    option("enable_scope_fusion_passes", Kind.STR, None, "Extra scope fusion passes",
           "Comma list of registered non-general scope fusion patterns to enable at build time.",
           PERFORMANCE, "s"),
    option("stream_max_parallel_num", Kind.STR, None, "Engine parallelism",
           "Parallel task count per engine as ENGINE:N pairs separated by commas, e.g. "
           "DNN_VM_AICPU:10,AIcoreEngine:1. Meant for NMT networks; default 1.", PERFORMANCE, "s"),
    option("is_tailing_optimization", Kind.BOOL, False, "Communication tail optimization",
           "For BERT in distributed training: overlap the last gradient aggregation with independent "
           "computation. Must match the same setting of NPUOptimizer.", PERFORMANCE, "b", modes=TRAINING),
    option("variable_placement", Kind.CHOICE, "Device", "Variable placement",
           "Put variables on the Device or, to save device memory, on the Host. Host needs mixed "
           "computing.", PERFORMANCE, "s", choices=("Device", "Host")),
    option("frozen_variable", Kind.BOOL, False, "Freeze variables",
           "Turn variables into constants for inference to avoid host/device copies.", PERFORMANCE, "b",
           modes=INFERENCE),
    option("graph_max_parallel_model_num", Kind.INT, 1, "Parallel graph threads",
           "Number of threads that execute graphs in parallel during online inference.", PERFORMANCE, "i",
           minimum=1, maximum=INT32_MAX, modes=INFERENCE),
)

AOE_FIELDS: tuple[FieldSpec, ...] = (
    option("aoe_mode", Kind.CHOICE, None, "AOE tuning mode",
           "\"1\" subgraph tuning (not on Atlas A2/A3), \"2\" operator tuning, \"4\" gradient splitting "
           "tuning. Overrides the AOE_MODE environment variable.", AOE, "s", choices=("1", "2", "4"),
           modes=TRAINING, products=AOE_PRODUCTS),
    option("work_path", Kind.PATH, None, "AOE working folder",
           "Existing, writable folder for AOE configuration and tuning results; default is the current "
           "folder.", AOE, "s", modes=TRAINING, products=AOE_PRODUCTS),
    option("aoe_config_file", Kind.PATH, None, "AOE operator list file",
           "JSON file naming the operators (by name or type) that AOE should tune, plus tuning level and "
           "features.", AOE, "s", modes=TRAINING, products=AOE_PRODUCTS, points_to_file=True),
)

OP_BUILD_FIELDS: tuple[FieldSpec, ...] = (
    option("op_compiler_cache_mode", Kind.CHOICE, "enable", "Operator compile cache",
           "enable reuses cached operator builds; force clears the cache and rebuilds; disable turns the "
           "cache off. Ignored while operator debugging is on.", OP_BUILD, "s",
           choices=("enable", "force", "disable")),
    option("op_compiler_cache_dir", Kind.PATH, None, "Operator compile cache folder",
           "Folder for the operator compile cache (a kernel_cache subfolder is added). Takes priority "
           "over ASCEND_CACHE_PATH and $HOME/atc_data.", OP_BUILD, "s"),
    option("aicore_num", Kind.STR, None, "Core limits",
           "Maximum Cube and Vector cores for operator compilation as cube|vector, e.g. 2|4; both above "
           "0 and within the chip's core counts.", OP_BUILD, "s", products=A2_A3),
    option("oo_constant_folding", Kind.BOOL, True, "Constant folding",
           "Fold constant expressions at graph compile time. Some networks fail to compile without it.",
           OP_BUILD, "b"),
)

DATA_AUGMENTATION_FIELDS: tuple[FieldSpec, ...] = (
    option("local_rank_id", Kind.INT, None, "Local rank ID",
           "Rank of this process on its server; the main process preprocesses data once and sends it to "
           "the devices of the others.", DATA_AUGMENTATION, "i", minimum=0),
    option("local_device_list", Kind.STR, None, "Receiving devices",
           "Comma list of device IDs the main process sends preprocessed data to; used with "
           "local_rank_id.", DATA_AUGMENTATION, "s"),
)

EXCEPTION_REMEDY_FIELDS: tuple[FieldSpec, ...] = (
    option("hccl_timeout", Kind.INT, 1836, "Collective timeout (s)",
           "Timeout for synchronizing tasks between devices. Atlas training: (0, 17340], rounded down to "
           "a multiple of 68; A2/A3: 0..2147483647 with 0 meaning never. Overrides HCCL_EXEC_TIMEOUT.",
           EXCEPTION_REMEDY, "i", minimum=0, maximum=INT32_MAX),
    option("op_wait_timeout", Kind.INT, 120, "Operator wait timeout (s)",
           "How long an operator may wait before timing out.", EXCEPTION_REMEDY, "i", minimum=0),
    option("op_execute_timeout", Kind.INT, None, "Operator execution timeout (s)",
           "How long an operator may execute before timing out.", EXCEPTION_REMEDY, "i", minimum=0),
    option("stream_sync_timeout", Kind.INT, -1, "Stream sync timeout (ms)",
           "Stream synchronization timeout during graph execution; -1 waits without reporting. In a "
           "cluster it must exceed the collective timeout.", EXCEPTION_REMEDY, "i", minimum=-1),
    option("event_sync_timeout", Kind.INT, -1, "Event sync timeout (ms)",
           "Event synchronization timeout during graph execution; -1 waits without reporting.",
           EXCEPTION_REMEDY, "i", minimum=-1),
)
