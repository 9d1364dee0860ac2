"""TF1 profiling options of seed 002, including the sub-keys of the ``profiling_options`` JSON string."""

from __future__ import annotations

from typing import Any

from ascend_dump_gui.core.config.fields import FieldSpec, Kind
from ascend_dump_gui.core.config.schema.tf1.common import PROFILING, TRAINING, option

SWITCH = ("on", "off")
LEVELS = ("on", "off", "l0", "l1")
AIC_METRICS = ("ArithmeticUtilization", "PipeUtilization", "Memory", "MemoryL0", "MemoryUB",
               "ResourceConflictRatio", "L2Cache", "MemoryAccess")


def _sub(key: str, kind: Kind, default: Any, label: str, help: str, **extra: Any) -> FieldSpec:
    return FieldSpec(key=key, kind=kind, default=default, label=label, help=help, group=PROFILING,
                     source=f"seed 002: profiling_options.{key}", **extra)


PROFILING_OPTIONS_KEYS: tuple[FieldSpec, ...] = (
    _sub("output", Kind.PATH, None, "Result folder",
         "Where profiling results go; created if missing, takes priority over ASCEND_WORK_PATH. No "
         "control characters allowed."),
    _sub("storage_limit", Kind.STR, None, "Storage limit",
         "Disk budget for profile files with its unit, e.g. 200MB; 200 to 4294967295 MB. Oldest files are "
         "deleted when it fills up. Default: 90% of the free space."),
    _sub("training_trace", Kind.CHOICE, None, "Iteration trace",
         "Collect forward/backward and gradient update timing of a training job. Must be on for "
         "training profiling; online inference does not support it.", choices=SWITCH, modes=TRAINING),
    _sub("task_trace", Kind.CHOICE, "on", "Task trace",
         "Collect operator dispatch and execution durations: l0 durations only, l1 (same as on) also "
         "basic operator information.", choices=LEVELS),
    _sub("task_time", Kind.CHOICE, "on", "Task time",
         "Same switch as task_trace, under the newer name.", choices=LEVELS),
    _sub("ge_api", Kind.CHOICE, "off", "Host scheduling timing",
         "Collect host-side scheduling time of dynamic-shape operators: l0 main phases, l1 finer "
         "detail.", choices=("off", "l0", "l1")),
    _sub("hccl", Kind.CHOICE, "off", "Communication data",
         "Collect collective communication data.", choices=SWITCH,
         deprecated="hccl will be removed; task_time controls communication data collection."),
    _sub("aicpu", Kind.CHOICE, "off", "AI CPU details",
         "Collect AI CPU operator execution and data copy times.", choices=SWITCH),
    _sub("fp_point", Kind.STR, None, "Forward start operator",
         "Name of the first forward operator for iteration traces; empty lets the system find it. "
         "Must be set by hand for dynamic-shape graphs."),
    _sub("bp_point", Kind.STR, None, "Backward end operator",
         "Name of the last backward operator for iteration traces; empty lets the system find it. "
         "Must be set by hand for dynamic-shape graphs."),
    _sub("aic_metrics", Kind.STR, "PipeUtilization", "AI Core metrics",
         "Which AI Core metric group to sample (" + ", ".join(AIC_METRICS) + "), or Custom: followed by up "
         "to 8 registers in 0x1..0x6E. L2Cache and MemoryAccess need Atlas A2/A3."),
    _sub("l2", Kind.CHOICE, "off", "L2 cache hit ratio",
         "Collect L2 cache (and on A2/A3 also TLB) hit ratios.", choices=SWITCH),
    _sub("msproftx", Kind.CHOICE, "off", "msproftx/mstx data",
         "Let mstx or msproftx calls in the script emit profile data.", choices=SWITCH),
    _sub("runtime_api", Kind.CHOICE, "off", "Runtime API data",
         "Collect runtime API calls, including host/device memory copy latencies.", choices=SWITCH),
    _sub("sys_hardware_mem_freq", Kind.INT, None, "Memory/bandwidth sampling (Hz)",
         "Sampling rate for on-chip memory, QoS, LLC, accelerator and SoC bandwidth data.",
         minimum=1, maximum=100),
    _sub("llc_profiling", Kind.CHOICE, "read", "LLC events",
         "Which L3 cache events to sample: read or write rate.", choices=("read", "write")),
    _sub("sys_io_sampling_freq", Kind.INT, None, "NIC/RoCE sampling (Hz)",
         "Sampling rate for NIC and RoCE data.", minimum=1, maximum=100,
         products=("atlas_a2", "atlas_a3", "atlas_training")),
    _sub("sys_interconnection_freq", Kind.INT, None, "Interconnect sampling (Hz)",
         "Sampling rate for HCCS, PCIe, SIO and inter-chip bandwidth data.", minimum=1, maximum=50),
    _sub("dvpp_freq", Kind.INT, None, "DVPP sampling (Hz)", "Sampling rate for DVPP data.",
         minimum=1, maximum=100),
    _sub("instr_profiling", Kind.CHOICE, "off", "AI Core/Vector bandwidth switch",
         "Collect AI Core and AI Vector bandwidth and latency. A2/A3 use instr_profiling_freq instead.",
         choices=SWITCH, products=("atlas_inference",)),
    _sub("instr_profiling_freq", Kind.INT, None, "AI Core/Vector bandwidth sampling (Hz)",
         "Setting a rate turns AI Core/Vector bandwidth and latency collection on. Excludes most other "
         "collection switches.", minimum=300, maximum=30000,
         products=("atlas_a2", "atlas_a3", "atlas_inference")),
    _sub("host_sys", Kind.STR, None, "Host process data",
         "Comma list from cpu, mem: process CPU and memory utilization on the host."),
    _sub("host_sys_usage", Kind.STR, None, "Host system usage",
         "Comma list from cpu, mem: system and process CPU and memory data on the host."),
    _sub("host_sys_usage_freq", Kind.INT, 50, "Host usage sampling (Hz)",
         "Sampling rate for host_sys_usage.", minimum=1, maximum=50),
)

PROFILING_FIELDS: tuple[FieldSpec, ...] = (
    option("profiling_mode", Kind.BOOL, False, "Profiling",
           "Turn profiling on with the settings in profiling_options. Takes priority over the "
           "PROFILING_MODE environment variable.", PROFILING, "b"),
    option("profiling_options", Kind.MAPPING, None, "Profiling settings",
           "JSON object (passed as a string) with the collection settings: output, task_trace, "
           "aic_metrics and so on.", PROFILING, "s", columns=PROFILING_OPTIONS_KEYS),
)
