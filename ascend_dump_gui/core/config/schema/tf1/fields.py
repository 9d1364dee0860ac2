"""Every TF1 NpuOptimizer session option of seed 002, in the seed's category order."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import FieldSpec
from ascend_dump_gui.core.config.schema.tf1.basic import (
    BASIC_FIELDS,
    DYNAMIC_FIELDS,
    MEMORY_FIELDS,
    MIXED_FIELDS,
)
from ascend_dump_gui.core.config.schema.tf1.debug import (
    ACCURACY_COMPARISON_FIELDS,
    ACCURACY_TUNING_FIELDS,
    DEBUGGING_FIELDS,
)
from ascend_dump_gui.core.config.schema.tf1.experimental_deprecated import (
    DEPRECATED_FIELDS,
    EXPERIMENT_FIELDS,
)
from ascend_dump_gui.core.config.schema.tf1.perf import (
    AOE_FIELDS,
    DATA_AUGMENTATION_FIELDS,
    EXCEPTION_REMEDY_FIELDS,
    OP_BUILD_FIELDS,
    PERFORMANCE_FIELDS,
)
from ascend_dump_gui.core.config.schema.tf1.profiling import PROFILING_FIELDS

TF1_FIELDS: tuple[FieldSpec, ...] = (
    BASIC_FIELDS + MEMORY_FIELDS + DYNAMIC_FIELDS + MIXED_FIELDS + DEBUGGING_FIELDS + ACCURACY_TUNING_FIELDS
    + ACCURACY_COMPARISON_FIELDS + PERFORMANCE_FIELDS + PROFILING_FIELDS + AOE_FIELDS + OP_BUILD_FIELDS
    + DATA_AUGMENTATION_FIELDS + EXCEPTION_REMEDY_FIELDS + EXPERIMENT_FIELDS + DEPRECATED_FIELDS
)
TF1_FIELD_INDEX: dict[str, FieldSpec] = {f.key: f for f in TF1_FIELDS}
