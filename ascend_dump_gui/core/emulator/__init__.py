"""The embedded emulator: small numpy models under emulated Ascend precision, writing real dump trees.

Public API: :func:`list_models`, :func:`emulate` (returns :class:`EmulationResult`), :data:`FAULT_KINDS`.
"""

from ascend_dump_gui.core.emulator.faults import FAULT_KINDS
from ascend_dump_gui.core.emulator.models import ModelInfo, list_models
from ascend_dump_gui.core.emulator.run import EmulationResult, emulate

__all__ = ["FAULT_KINDS", "EmulationResult", "ModelInfo", "emulate", "list_models"]
