"""TF1 session options of seed 002: basic, memory management, dynamic shape and mixed computing."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.core.config.schema.tf1.common import (
    A2_A3,
    BASIC,
    BOTH,
    DYNAMIC,
    INFERENCE,
    MEMORY,
    MIXED,
    option,
)

BASIC_FIELDS: tuple[FieldSpec, ...] = (
    option("graph_run_mode", Kind.CHOICE, 1, "Graph run mode",
           "0 runs the graph for online inference, 1 for training. Several options only apply to one of "
           "the two modes.", BASIC, "i", choices=(0, 1)),
    option("session_device_id", Kind.INT, None, "Session device ID",
           "Logical device this session runs on, so one script can drive several devices with one "
           "session per device.", BASIC, "i", minimum=0),
    option("deterministic", Kind.CHOICE, 0, "Deterministic computing",
           "1 makes repeated runs of an operator on the same hardware and input give identical results, "
           "at some speed cost. Useful when chasing run-to-run accuracy differences.", BASIC, "i",
           choices=(0, 1)),
)

MEMORY_FIELDS: tuple[FieldSpec, ...] = (
    option("atomic_clean_policy", Kind.CHOICE, 0, "Memset clean-up policy",
           "0 cleans the memory of all memset operators together; 1 cleans each operator's memory "
           "separately, which saves memory but can cost performance.", MEMORY, "i", choices=(0, 1)),
    option("static_memory_policy", Kind.CHOICE, 0, "Memory allocation policy",
           "0 allocates memory dynamically by actual size; 2 grows memory for static shapes and reuses it "
           "across graphs; 3 grows memory for dynamic shapes; 4 does both. 1 is kept for compatibility "
           "and behaves as 2.", MEMORY, "i", choices=(0, 1, 2, 3, 4)),
    option("variable_use_1g_huge_page", Kind.CHOICE, 0, "1 GB huge pages for variables",
           "Allocate variables and constants on 1 GB huge pages to speed up scattered access. 1 stops the "
           "service if that fails; 2 falls back to 2 MB pages.", MEMORY, "i", choices=(0, 1, 2),
           products=A2_A3),
    option("external_weight", Kind.BOOL, False, "Externalize weights",
           "Write the weights of Const/Constant nodes to files (tmp_weight_<pid>_<sessionid>) so several "
           "models in a session can share them and use less memory.", MEMORY, "b"),
    option("input_fusion_size", Kind.INT, 131072, "Input fusion threshold (bytes)",
           "Inputs no larger than this many bytes are fused into one host-to-device copy; 0 turns fusion "
           "off. Only static-shape graphs use it.", MEMORY, "i", minimum=0, maximum=33554432,
           clamped=True),   # tf_adapter npu_attrs.cc: out of range -> a log warning and the nearest bound
    option("input_batch_cpy", Kind.BOOL, False, "Batch input copy",
           "Copy several inputs from host to device in one batch. Needs more than one input; inputs "
           "already fused by input_fusion_size are not batch-copied.", MEMORY, "b", products=A2_A3),
)

DYNAMIC_FIELDS: tuple[FieldSpec, ...] = (
    option("input_shape", Kind.STR, None, "Input shapes",
           "Shapes of the graph inputs as name:d0,d1;name:d0 in the alphabetical order of the input "
           "names; -1 marks a dynamic dimension whose sizes come from dynamic_dims.", DYNAMIC, "s",
           modes=INFERENCE),
    option("dynamic_dims", Kind.STR, None, "Dynamic dimension profiles",
           "Profiles separated by ';', each a comma list with one size per -1 in input_shape. Between 2 "
           "and 100 profiles.", DYNAMIC, "s", modes=INFERENCE),
    option("dynamic_node_type", Kind.CHOICE, None, "Dynamic input node type",
           "Which inputs are dynamic: 0 dataset inputs, 1 placeholder inputs. Only one kind is allowed.",
           DYNAMIC, "i", choices=(0, 1), modes=INFERENCE),
    option("compile_hybrid_mode", Kind.CHOICE, 0, "Hybrid profile/dynamic compilation",
           "1 builds both a profile graph and a dynamic-shape graph and picks one per input shape. Needs "
           "the dynamic profile options with placeholder inputs.", DYNAMIC, "i", choices=(0, 1),
           modes=INFERENCE),
    option("ac_parallel_enable", Kind.CHOICE, "0", "AI CPU / AI Core parallelism",
           "\"1\" lets AI CPU operators run in parallel with AI Core operators in dynamic-shape graphs.",
           DYNAMIC, "s", choices=("0", "1"), modes=BOTH),
    option("compile_dynamic_mode", Kind.BOOL, False, "Generalize all input shapes",
           "Treat every input dimension as -1, turning static-shape graphs into dynamic ones. Cannot be "
           "combined with the dynamic profile options.", DYNAMIC, "b"),
    option("all_tensor_not_empty", Kind.BOOL, False, "Assume no empty tensors",
           "Drop the empty-tensor checks from dynamic-shape graphs for speed. Only safe when the graph "
           "never produces empty tensors.", DYNAMIC, "b"),
)

MIXED_FIELDS: tuple[FieldSpec, ...] = (
    option("mix_compile_mode", Kind.BOOL, False, "Mixed computing",
           "Let some operators run in TensorFlow on the host instead of offloading the whole graph to "
           "the device.", MIXED, "b"),
    option("in_out_pair_flag", Kind.BOOL, True, "Offload the in/out pair range",
           "True offloads the operators between the in_out_pair boundaries to the device; False keeps "
           "them on the host and offloads the rest.", MIXED, "b", modes=INFERENCE),
    option("in_out_pair", Kind.STR, None, "In/out operator pairs",
           "Text form of a list of [in_nodes, out_nodes] pairs bounding the operators that "
           "in_out_pair_flag places. Used with mixed computing.", MIXED, "s", modes=INFERENCE),
)
