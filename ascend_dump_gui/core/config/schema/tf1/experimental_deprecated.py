"""TF1 session options of seed 002: experiment parameters and options marked for deprecation."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.core.config.schema.tf1.common import DEPRECATED, EXPERIMENT, TRAINING, option

EXPERIMENT_FIELDS: tuple[FieldSpec, ...] = (
    option("graph_compiler_cache_dir", Kind.PATH, None, "Graph compile cache folder",
           "Existing folder where compiled graphs are cached and reloaded. Clear it after changing the "
           "graph or upgrading; not for models with resource operators.", EXPERIMENT, "s"),
    option("jit_compile", Kind.CHOICE, "auto", "Online operator compilation",
           "auto compiles online for static shapes and prefers prebuilt binaries for dynamic shapes; true "
           "always compiles; false prefers prebuilt binaries.", EXPERIMENT, "s",
           choices=("auto", "true", "false")),
    option("shape_generalization_mode", Kind.CHOICE, "STRICT", "Shape generalization",
           "With jit_compile true: STRICT keeps shapes, FULL turns every axis into -1 when shapes change, "
           "ADAPTIVE only the axes that changed.", EXPERIMENT, "s", choices=("STRICT", "FULL", "ADAPTIVE")),
    option("experimental_accelerate_train_mode", Kind.STR, None, "Training acceleration",
           "type|trigger|ratio such as fast|step|0.9: run part of training at lower precision (fast = "
           "float16, fast1 = bf16), split by step (0.2-0.9) or loss (1.01-1.5).", EXPERIMENT, "s",
           modes=TRAINING),
    option("auto_multistream_parallel_mode", Kind.CHOICE, None, "Cube/Vector parallelism",
           "cv runs Cube and Vector operators of static-shape graphs in parallel (recommendation "
           "networks). Not with ENABLE_DYNAMIC_SHAPE_MULTI_STREAM.", EXPERIMENT, "s", choices=("cv",),
           modes=TRAINING),
)

DEPRECATED_FIELDS: tuple[FieldSpec, ...] = (
    option("op_debug_level", Kind.CHOICE, None, "Operator debug level",
           "0 off; 1 keep .cce/_loc.json/.o/.json in kernel_meta; 2 as 1 plus -O0 -g compilation; 3 keep "
           ".o/.json; 4 also .cce and UB fusion description.", DEPRECATED, "i", choices=(0, 1, 2, 3, 4),
           deprecated="Will be removed; use op_debug_config (dump_cce, dump_loc, ccec_O0, ccec_g, ...)."),
    option("enable_data_pre_proc", Kind.BOOL, False, "Offload GetNext",
           "Run the GetNext operator on the device; needed for iteration offload and needs the "
           "tf.data Dataset API.", DEPRECATED, "b", modes=TRAINING,
           deprecated="Will be removed in a later version; no replacement is documented."),
    option("variable_format_optimize", Kind.BOOL, None, "Variable format optimization",
           "Reformat variables at initialization (e.g. NCHW to NC1HWC0) for the device.", DEPRECATED, "b",
           modes=TRAINING, deprecated="Will be removed in a later version; no replacement is documented."),
    option("op_select_implmode", Kind.CHOICE, None, "Operator implementation mode",
           "high_precision or high_performance implementation for operators that offer both.",
           DEPRECATED, "s",   # the *_for_all values: TF Adapter npu_attrs.cc CheckOpImplMode
           choices=("high_precision", "high_performance", "high_precision_for_all", "high_performance_for_all"),
           deprecated="Will be removed; use op_precision_mode."),
    option("optypelist_for_implmode", Kind.STR, None, "Operator types for implementation mode",
           "Comma list of operator types (Pooling, SoftmaxV2, LRN, ROIAlign) that use op_select_implmode.",
           DEPRECATED, "s", deprecated="Will be removed; use op_precision_mode."),
    option("dynamic_input", Kind.BOOL, False, "Dynamic input",
           "Mark the graph inputs as dynamic; works with dynamic_graph_execute_mode and "
           "dynamic_inputs_shape_range.", DEPRECATED, "b",
           deprecated="Will be removed; use set_graph_exec_config or input_shape with dynamic_dims."),
    # lazy_recompile: TF Adapter tf_adapter/util/npu_attrs.cc (any other value is fatal) and GeOp::IsLazyCompile.
    option("dynamic_graph_execute_mode", Kind.CHOICE, None, "Dynamic execution mode",
           "dynamic_execute compiles with the ranges of dynamic_inputs_shape_range; lazy_recompile compiles "
           "again for each new input shape (the document lists only dynamic_execute; the TF Adapter accepts "
           "both). Only read when dynamic_input is True.", DEPRECATED, "s",
           choices=("dynamic_execute", "lazy_recompile"),
           deprecated="Will be removed; use set_graph_exec_config or input_shape with dynamic_dims."),
    option("dynamic_inputs_shape_range", Kind.STR, None, "Dynamic input shape ranges",
           "Shape range per input, e.g. getnext:[128,3~5,-1];data:[64,-1]; ~ gives a range, -1 any size.",
           DEPRECATED, "s",
           deprecated="Will be removed; use set_graph_exec_config or input_shape with dynamic_dims."),
    option("graph_memory_max_size", Kind.STR, None, "Graph memory size (obsolete)",
           "Static plus maximum dynamic network memory, from earlier versions.", DEPRECATED, "s",
           deprecated="Has no effect in the current version; memory is allocated as needed. Remove it.",
           no_effect=True),
    option("variable_memory_max_size", Kind.STR, None, "Variable memory size (obsolete)",
           "Variable memory size, from earlier versions.", DEPRECATED, "s",
           deprecated="Has no effect in the current version; memory is allocated as needed. Remove it.",
           no_effect=True),
)
