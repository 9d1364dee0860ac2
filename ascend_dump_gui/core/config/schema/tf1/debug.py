"""TF1 session options of seed 002: debugging, accuracy tuning and accuracy comparison (data dump)."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.core.config.schema.tf1.common import (
    ACCURACY_COMPARISON,
    ACCURACY_TUNING,
    DEBUGGING,
    INFERENCE,
    TRAINING,
    option,
)

PRECISION_MODES: tuple[str, ...] = (
    "allow_fp32_to_fp16", "force_fp16", "force_fp32", "cube_fp16in_fp32out", "must_keep_origin_dtype",
    "allow_mix_precision_fp16", "allow_mix_precision", "allow_mix_precision_bf16", "allow_fp32_to_bf16",
)
# The TF Adapter also accepts cube_hif8 and mixed_hif8 (tf_adapter/util/npu_attrs.cc, kPrecisionModeV2List).
PRECISION_MODES_V2: tuple[str, ...] = ("fp16", "origin", "cube_fp16in_fp32out", "mixed_float16", "mixed_bfloat16",
                                       "cube_hif8", "mixed_hif8")

DEBUGGING_FIELDS: tuple[FieldSpec, ...] = (
    option("enable_exception_dump", Kind.CHOICE, 2, "Exception operator dump",
           "0 off; 1 full exception dump (inputs, outputs, tensor descriptions, workspace); 2 lite "
           "exception dump for AI Core error analysis. NPU_COLLECT_PATH forces mode 1.", DEBUGGING, "i",
           choices=(0, 1, 2)),
    option("op_debug_config", Kind.PATH, None, "Operator debug config file",
           "Path of a .cfg file whose op_debug_config line lists compile-time debug switches (oom, "
           "dump_cce, dump_loc, ccec_O0, ccec_g, check_flag) and whose optional op_debug_list limits "
           "them to some operators.", DEBUGGING, "s", points_to_file=True),
    option("debug_dir", Kind.PATH, None, "Operator debug file folder",
           "Where operator compilation keeps its debug files (.o, .json, .cce). Takes priority over "
           "ASCEND_WORK_PATH and the working directory.", DEBUGGING, "s"),
    option("export_compile_stat", Kind.CHOICE, 1, "Write fusion_result.json",
           "0 never writes the fusion result file; 1 writes it when the program exits normally; 2 "
           "writes it as soon as graph compilation ends.", DEBUGGING, "i", choices=(0, 1, 2)),
)

ACCURACY_TUNING_FIELDS: tuple[FieldSpec, ...] = (
    option("precision_mode_v2", Kind.CHOICE, None, "Precision mode (v2)",
           "Network-wide operator precision policy; the recommended form. Default depends on product "
           "and mode (origin for A2/A3 training, fp16 for online inference).", ACCURACY_TUNING, "s",
           choices=PRECISION_MODES_V2),
    option("precision_mode", Kind.CHOICE, None, "Precision mode (legacy)",
           "Older network-wide operator precision policy; cannot be combined with precision_mode_v2. "
           "Default depends on product and mode.", ACCURACY_TUNING, "s", choices=PRECISION_MODES),
    option("modify_mixlist", Kind.PATH, None, "Mixed precision list file",
           "JSON file that moves operators between the block, trust and gray lists of mixed precision. "
           "Only read when a mixed precision mode is selected.", ACCURACY_TUNING, "s", points_to_file=True),
    option("customize_dtypes", Kind.PATH, None, "Per-operator dtype file",
           "Config file forcing input/output dtypes of named operators or operator types, overriding "
           "the global precision mode for them.", ACCURACY_TUNING, "s", points_to_file=True),
)

ACCURACY_COMPARISON_FIELDS: tuple[FieldSpec, ...] = (
    option("enable_dump", Kind.BOOL, False, "Data dump",
           "Dump operator data to dump_path. Cannot be on together with enable_dump_debug.",
           ACCURACY_COMPARISON, "b"),
    option("dump_mode", Kind.CHOICE, "output", "Dump inputs/outputs",
           "Dump operator inputs, outputs or both. Only read when enable_dump is on.",
           ACCURACY_COMPARISON, "s", choices=("input", "output", "all")),
    option("enable_dump_debug", Kind.BOOL, False, "Overflow dump",
           "Collect data of operators that overflow or underflow into dump_path. Cannot be on together "
           "with enable_dump.", ACCURACY_COMPARISON, "b", modes=TRAINING),
    option("dump_debug_mode", Kind.CHOICE, "all", "Overflow detection mode",
           "Which overflows to detect: AI Core, Atomic Add, or both. Atlas A2 accepts only all.",
           ACCURACY_COMPARISON, "s", choices=("aicore_overflow", "atomic_overflow", "all"), modes=TRAINING),
    option("dump_path", Kind.PATH, None, "Dump folder",
           "Existing, writable folder for data and overflow dumps; absolute or relative to the folder the "
           "script runs in. Required when either dump switch is on.", ACCURACY_COMPARISON, "s"),
    option("dump_step", Kind.STEP, None, "Dump iterations",
           "Iterations to dump, such as 0|5|10 or 0|3-5|10. Empty means every iteration.",
           ACCURACY_COMPARISON, "s", modes=TRAINING),
    option("dump_data", Kind.CHOICE, "tensor", "Dump content",
           "tensor dumps operator data; stats writes per-operator statistics to .csv files, which is much "
           "smaller for large jobs.", ACCURACY_COMPARISON, "s", choices=("tensor", "stats")),
    option("dump_layer", Kind.STR, None, "Operators to dump",
           "Operator names separated by spaces; empty dumps every operator.", ACCURACY_COMPARISON, "s"),
    option("quant_dumpable", Kind.CHOICE, "0", "Dump before quantization",
           "\"1\" keeps the pre-quantization inputs and outputs of an AMCT-quantized network dumpable.",
           ACCURACY_COMPARISON, "s", choices=("0", "1"), modes=INFERENCE),
    option("fusion_switch_file", Kind.PATH, None, "Fusion switch file",
           "JSON file turning individual graph and UB fusion patterns on or off, e.g. to dump operators "
           "before fusion hides them.", ACCURACY_COMPARISON, "s", points_to_file=True),
    option("buffer_optimize", Kind.CHOICE, "l2_optimize", "Buffer optimization",
           "Advanced switch: l2_optimize turns buffer optimization on, off_optimize turns it off.",
           ACCURACY_COMPARISON, "s", choices=("l2_optimize", "off_optimize"), modes=INFERENCE),
    option("use_off_line", Kind.BOOL, True, "Run on the Ascend device",
           "True runs the graph on the Ascend AI Processor; False runs it on the host CPU.",
           ACCURACY_COMPARISON, "b"),
)
