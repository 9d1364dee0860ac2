"""torchair ``CompilerConfig().dump_config`` options (seed 004, runtime-rules §2.4) and compile-mode facts."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec, Kind, Scenario

SEED = "seed 004: 算子输入输出dump功能(图模式)"
RT = "runtime-rules §2.4"

# config.mode values (torchair CompilerConfig.mode); dump options are GE options in max-autotune.
GE_MODE = "max-autotune"
ACLGRAPH_MODES = ("reduce-overhead", "npugraph_ex")
COMPILE_MODES = (GE_MODE,) + ACLGRAPH_MODES
DEFAULT_MODE = GE_MODE
# Options that only reach GE (max-autotune); aclgraph modes forward enable_dump, dump_path, data_dump_stage.
GE_ONLY_KEYS = ("dump_mode", "quant_dumpable", "dump_step", "dump_layer", "dump_data")
DUMP_LAYER_REGEX = r'^[0-9a-zA-Z_" "/\\.]*$'

FIELDS = (
    FieldSpec("enable_dump", Kind.BOOL, False, "Data dump", group="Data dump",
              help="Dump operator inputs/outputs of the compiled graph (True or False).", source=SEED),
    FieldSpec("dump_path", Kind.PATH, "./", "Dump folder", group="Data dump",
              help="Existing folder for the dumps (absolute or relative to the working directory); it must exist "
                   "when the script assigns it. torchair adds worldsize<W>_global_rank<R>/ below it.", source=SEED),
    FieldSpec("dump_mode", Kind.CHOICE, "all", "Dump mode", group="Data dump", choices=("input", "output", "all"),
              help="Dump operator inputs, outputs or both (torchair's default is all).", source=SEED),
    FieldSpec("quant_dumpable", Kind.BOOL, False, "Dump before quantization", group="Data dump",
              help="For quantized networks: also collect the data before quantization.", source=SEED),
    FieldSpec("dump_step", Kind.STEP, "", "Steps", group="Data dump",
              help='Iterations to dump, e.g. "0|5|10" or "0|3-5|10". Empty: every iteration.', source=SEED),
    FieldSpec("dump_layer", Kind.STR, "", "Operators", group="Data dump",
              help="Space-separated operator names (letters, digits, _, /, \\, . only). Empty: every operator.",
              source=SEED),
    FieldSpec("dump_data", Kind.CHOICE, "tensor", "Dump content", group="Data dump", choices=("tensor", "stats"),
              help="tensor: operator data; stats: statistics in .csv files.", source=SEED),
    FieldSpec("dump_config_path", Kind.PATH, None, "acl.json dump config", group="Dump config file",
              points_to_file=True,
              help="Existing .json file with an acl.json \"dump\" section (model/op dump, overflow, watcher). "
                   "Recommended; do not combine it with the options above.", source=SEED),
    FieldSpec("data_dump_stage", Kind.CHOICE, None, "Dump stage (aclgraph)", group="Data dump",
              choices=("original", "optimized"),
              help="reduce-overhead / npugraph_ex modes only: dump the original or the optimized graph.", source=RT),
)

TORCHAIR = Scenario(
    name="torchair",
    title="PyTorch torchair",
    summary="torchair.CompilerConfig().dump_config.* lines in a PyTorch script (graph mode).",
    version=1,
    fields=FIELDS,
    unknown_keys="error",
)
