"""Which runtime release accepts what: the CANN versions the checker knows and the TF Adapter facts that changed
between them, declared once for the checker, the form and the CLI (``--cann-version``, ``--framework``).

Facts from the TF Adapter sources (Ascend/tensorflow tags ``tfa_v0.0.N_<CANN version>`` up to 7.0.0.alpha003,
2023-12; hicann/tensorflow 9.0.0, 2026): ``tf_adapter/util/npu_attrs.cc`` ``SetNpuOptimizerAttr``. The adapter's
version is the matching CANN version (TF Adapter release notes). No public history covers 8.x: an option present in
9.0.0 but not in 7.0.0 is said to come "after 7.0.0, by 9.0.0".
"""

from __future__ import annotations

import re

SOURCE = "runtime-rules: TF Adapter npu_attrs.cc across releases (Ascend/tensorflow tfa_v0.0.x tags, hicann/tensorflow 9.0.0)"
CANN_VERSIONS = ("6.3.RC1", "6.3.RC2", "7.0.RC1", "7.0.0", "8.0.RC1", "8.0.RC2", "8.0.RC3", "8.0.0", "8.1.RC1",
                 "8.2.RC1", "8.3.RC1", "8.5.0", "9.0.0")
LATEST = CANN_VERSIONS[-1]   # the default: the latest release whose adapter source the facts come from
FRAMEWORKS = ("pytorch", "mindspore")
FRAMEWORK_TITLES = {"pytorch": "PyTorch", "mindspore": "MindSpore"}

# jit_compile (TF1 parameter_map): how each release reads it.
JIT_NOT_READ = ("6.3.RC1",)            # tfa_v0.0.3_6.3.RC1.alpha002: key not read (any value ignored)
JIT_BOOL = ("6.3.RC2",)                # tfa_v0.0.4..0.0.9_6.3.RC2: .b, a .s value is read as false
JIT_STRING_SINCE = "7.0.RC1"           # tfa_v0.0.13_7.0.RC1.alpha001 on: .s "true"/"false"/"auto", .b refused

# TF1 session options by the first release that reads them (earlier ones never look the key up: ignored).
OPTION_SINCE = {
    "precision_mode_v2": "6.3.RC2",                    # 2ab9986f, first tag tfa_v0.0.9_6.3.RC2.alpha003
    "experimental_accelerate_train_mode": "7.0.RC1",   # first tag tfa_v0.0.16_7.0.RC1.alpha003
    **dict.fromkeys(("aicore_num", "all_tensor_not_empty", "auto_multistream_parallel_mode", "compile_dynamic_mode",
                     "compile_hybrid_mode", "export_compile_stat", "graph_max_parallel_model_num",
                     "input_batch_cpy", "input_fusion_size", "oo_constant_folding", "oo_level",
                     "optimization_switch", "quant_dumpable", "shape_generalization_mode",
                     "variable_use_1g_huge_page"), "9.0.0"),   # after 7.0.0 (2023-12), present in 9.0.0
}
SINCE_UNKNOWN_AFTER = "7.0.0"   # options dated 9.0.0 above may have come in any 8.x release
OPTION_REMOVED = {"es_cluster_config": "9.0.0"}   # read from 6.3.RC2 (r1.13.0), gone in 9.0.0


def parse(version: str) -> tuple[int, ...]:
    """Sort key of a CANN version (``8.0.RC2`` < ``8.0.0`` < ``8.1.RC1``; alpha/beta suffixes ignored);
    ValueError for text that is not one."""
    match = re.fullmatch(r"(\d+)\.(\d+)\.(?:RC(\d+)|(\d+))(?:[.-]?(?:alpha|beta)\d*)?", version.strip(), re.I)
    if match is None:
        raise ValueError(f"{version!r} is not a CANN version such as {LATEST} or 8.0.RC2")
    major, minor, rc, patch = match.groups()
    return (int(major), int(minor), 0, int(rc)) if rc is not None else (int(major), int(minor), 1, int(patch))


def at_least(version: str, reference: str) -> bool:
    return parse(version) >= parse(reference)


def jit_compile_reading(version: str) -> str:
    """How the adapter of ``version`` reads jit_compile: "ignored", "bool" or "string"."""
    if at_least(version, JIT_STRING_SINCE):
        return "string"
    if parse(version) >= parse(JIT_BOOL[0]):
        return "bool"
    return "ignored"
