"""Vocabulary shared by the TF1 NpuOptimizer schema modules (seed 002): groups, modes, products, ``option``."""

from __future__ import annotations

from typing import Any

from ascend_dump_gui.core.config.fields import BOTH_MODES, FieldSpec, Kind, Mode
from ascend_dump_gui.core.config.names import PRODUCTS

# Categories in the order seed 002 presents them.
BASIC = "Basic Options"
MEMORY = "Memory Management"
DYNAMIC = "Dynamic Shape"
MIXED = "Mixed Computing"
DEBUGGING = "Debugging"
ACCURACY_TUNING = "Accuracy Tuning"
ACCURACY_COMPARISON = "Accuracy Comparison"
PERFORMANCE = "Performance Tuning"
PROFILING = "Profiling"
AOE = "AOE"
OP_BUILD = "Operator and Graph Build"
DATA_AUGMENTATION = "Data Augmentation"
EXCEPTION_REMEDY = "Exception Remedy"
EXPERIMENT = "Experiment Parameters"
DEPRECATED = "Deprecated"

TF1_GROUPS: tuple[str, ...] = (
    BASIC, MEMORY, DYNAMIC, MIXED, DEBUGGING, ACCURACY_TUNING, ACCURACY_COMPARISON, PERFORMANCE,
    PROFILING, AOE, OP_BUILD, DATA_AUGMENTATION, EXCEPTION_REMEDY, EXPERIMENT, DEPRECATED,
)

TRAINING = frozenset({Mode.TRAINING})
INFERENCE = frozenset({Mode.ONLINE_INFERENCE})
BOTH = BOTH_MODES

ALL_PRODUCTS: tuple[str, ...] = PRODUCTS
A2_A3: tuple[str, ...] = ("atlas_a2", "atlas_a3")
AOE_PRODUCTS: tuple[str, ...] = ("atlas_a2", "atlas_a3", "atlas_training")
INT32_MAX = 2147483647


def option(key: str, kind: Kind, default: Any, label: str, help: str, group: str, serialized: str,
           **extra: Any) -> FieldSpec:
    """One session option; ``source`` always names the seed 002 entry of ``key``."""
    return FieldSpec(key=key, kind=kind, default=default, label=label, help=help, group=group,
                     serialized=serialized, source=f"seed 002: {key}", **extra)
