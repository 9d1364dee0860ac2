"""The ``tf1_session`` scenario: TensorFlow 1 NpuOptimizer session options (seed 002); ``scenarios`` adds their rules."""

from __future__ import annotations

from ascend_dump_gui.core.config.fields import Scenario
from ascend_dump_gui.core.config.schema.tf1.common import TF1_GROUPS
from ascend_dump_gui.core.config.schema.tf1.fields import TF1_FIELDS
from ascend_dump_gui.core.config.schema.tf1.profiling import PROFILING_OPTIONS_KEYS

TF1_SESSION = Scenario(
    name="tf1_session",
    title="TensorFlow 1 session options",
    summary="NpuOptimizer options set through custom_op.parameter_map in a TF1 session config.",
    version=1,
    fields=TF1_FIELDS,
)

__all__ = ["PROFILING_OPTIONS_KEYS", "TF1_GROUPS", "TF1_SESSION"]
