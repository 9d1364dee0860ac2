"""The ``"dump"`` object of acl.json (aclInit / aclmdlSetDump / torchair dump_config_path), one spec per key."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario

SEED = "seed 001: aclmdlSetDump"
RT = "runtime-rules §1.2"

ON_OFF = ("on", "off")
EXCEPTION_SCENES = ("aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump", "lite_exception")
DUMP_SCENES = EXCEPTION_SCENES + ("watcher",)
DUMP_STATS_ITEMS = ("Max", "Min", "Avg", "Nan", "Negative Inf", "Positive Inf", "L2norm")
KERNEL_DATA_ITEMS = ("all", "printf", "tensor", "assert", "timestamp")
MAX_PATH_LEN = 512
MAX_BLACKLIST = 100

_BLACKLIST_COLUMNS = (
    FieldSpec("name", Kind.STR, "", "Name", help="Operator type (optype_blacklist) or name (opname_blacklist).",
              required=True, source=RT),
    FieldSpec("pos", Kind.STR_LIST, (), "Positions",
              help='Which tensors to skip, each "input<N>" or "output<N>", e.g. ["input0", "output1"].',
              source=RT),
)

DUMP_LIST_COLUMNS = (
    FieldSpec("model_name", Kind.STR, "", "Model name",
              help="Model (om file or graph) whose layers are dumped. Not allowed under the watcher scene.",
              source=SEED),
    FieldSpec("layer", Kind.STR_LIST, (), "Layers",
              help="Operator names (after graph fusion) to dump. Under the watcher scene: operators that may "
                   "overwrite the watched operators' memory.", source=SEED,
              same_as=("tf1_session.dump_layer", "tf2_npu_device.dump_layer", "torchair.dump_layer")),
    FieldSpec("watcher_nodes", Kind.STR_LIST, (), "Watched operators",
              help="Watcher scene only: operators whose outputs are dumped after each operator in `layer` runs.",
              source=SEED),
    FieldSpec("optype_blacklist", Kind.TABLE, (), "Operator types to skip", columns=_BLACKLIST_COLUMNS,
              help="Operator types not dumped (at most 100 entries; needs dump_level \"op\").", source=RT),
    FieldSpec("opname_blacklist", Kind.TABLE, (), "Operator names to skip", columns=_BLACKLIST_COLUMNS,
              help="Operator names not dumped (at most 100 entries; needs dump_level \"op\").", source=RT),
    FieldSpec("opname_range", Kind.TABLE, (), "Operator ranges",
              columns=(FieldSpec("begin", Kind.STR, "", "First operator", required=True, source=RT),
                       FieldSpec("end", Kind.STR, "", "Last operator", required=True, source=RT)),
              help="Dump only operators between begin and end (needs dump_level \"op\" and a model_name).",
              source="runtime-rules §1.6"),
)

FIELDS = (
    FieldSpec("dump_path", Kind.PATH, None, "Dump folder", group="Output",
              help="Folder the dump files are written to: an existing local folder (absolute, or relative to the "
                   "process working directory) or a remote 'IPv4:path'. At most 512 characters. Required unless "
                   "dump_scene is an exception scene.", source=SEED),
    FieldSpec("dump_list", Kind.TABLE, (), "Models and layers", group="What to dump", columns=DUMP_LIST_COLUMNS,
              help="One row per model (model dump) or per watcher group. Empty with dump_op_switch off dumps "
                   "nothing.", source=SEED,
              same_as=("tf1_session.enable_dump", "tf2_npu_device.enable_dump", "torchair.enable_dump")),
    FieldSpec("dump_mode", Kind.CHOICE, "output", "Dump mode", group="What to dump",
              choices=("input", "output", "all"),
              help="Dump operator inputs, outputs or both. Must be output under the watcher scene.", source=SEED),
    FieldSpec("dump_op_switch", Kind.BOOL, False, "Single-operator dump", group="What to dump", bool_words=ON_OFF,
              help="Also dump single-operator calls (aclop/aclnn). With an empty dump_list this is the "
                   "single-operator dump.", source=SEED),
    FieldSpec("dump_step", Kind.STEP, "", "Steps", group="What to dump",
              help='Iterations to dump, e.g. "0|3-5|10" (at most 100 groups). Empty: every step. Must be a '
                   "string.", source="runtime-rules §1.5"),
    FieldSpec("dump_data", Kind.CHOICE, "tensor", "Dump content", group="What to dump",
              choices=("tensor", "stats"),
              help="tensor: full operator data; stats: per-tensor statistics written as .csv.", source=SEED),
    FieldSpec("dump_level", Kind.CHOICE, "all", "Dump level", group="What to dump",
              choices=("op", "kernel", "all"),
              help="op: operator-level dump, kernel: kernel-level dump, all: both. Blacklists and opname_range "
                   "need op.", source=RT),
    FieldSpec("dump_stats", Kind.STR_LIST, (), "Statistics", group="What to dump", choices=DUMP_STATS_ITEMS,
              help="Which statistics the .csv files carry (exact spelling). Needs dump_data \"stats\".",
              source=RT),
    FieldSpec("dump_debug", Kind.BOOL, False, "Overflow dump", group="Scenes", bool_words=ON_OFF,
              help="Dump the operators that overflow or underflow (AI Core only). Needs dump_path; cannot be "
                   "combined with model or single-operator dump.", source=SEED,
              same_as=("tf1_session.enable_dump_debug", "tf2_npu_device.enable_dump_debug")),
    FieldSpec("dump_scene", Kind.CHOICE, None, "Dump scene", group="Scenes", choices=DUMP_SCENES,
              help="aic_err_brief_dump / aic_err_norm_dump / aic_err_detail_dump: dump the operators that fail "
                   "(exception dump); lite_exception: old name of aic_err_brief_dump; watcher: watch operators "
                   "whose memory may be overwritten.", source=SEED,
              # GE's enable_exception_dump: 1 is the norm (L1) dump, 2 the brief (L0) one (runtime-rules §2.2)
              same_as=("tf1_session.enable_exception_dump", "tf2_npu_device.enable_exception_dump"),
              same_values=((None, 0), ("aic_err_norm_dump", 1), ("aic_err_brief_dump", 2), ("lite_exception", 2))),
    FieldSpec("dump_kernel_data", Kind.STR, "all", "Kernel data", group="Scenes",
              help="Ascend C kernel dump: comma list of all, printf, tensor, assert, timestamp.", source=RT),
)

ACL_JSON = Scenario(
    name="acl_json",
    title="acl.json dump section",
    summary="The \"dump\" object read by aclInit / aclmdlSetDump and by torchair's dump_config_path.",
    version=1,
    fields=FIELDS,
    retired_keys=(("dump_status", "an old on/off switch: adump ignores it and GE overwrites it from the other "
                                  "options"),),  # runtime-rules §1.1
)
