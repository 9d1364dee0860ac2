"""Rules for torch_npu's precision options (``set_option`` and the HF32 switches)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.schema.torch_npu import HF32_KEYS, REGISTERED, REGISTERED_SRC, SRC
from ascend_dump_gui.core.messages import msg


def _unregistered(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    for key in values:
        if key not in REGISTERED and key not in HF32_KEYS:
            yield Hit(msg("{key} is not an option torch_npu registers: set_option raises on it and the script stops",
                          key=key), (key,), Fix(msg("Remove {key}", key=key), ((key, None),)))


RULES = (
    Scan("torch_npu.unregistered_option", Severity.ERROR, (), _unregistered, REGISTERED_SRC),
    When("torch_npu.hf32_under_origin", Severity.WARNING, ("ACL_PRECISION_MODE", "conv.allow_hf32"),
         lambda v, c: v.get("ACL_PRECISION_MODE") == "must_keep_origin_dtype" and v.get("conv.allow_hf32", True)
         is not False,
         "ACL_PRECISION_MODE keeps every operator in its own dtype, but conv.allow_hf32 is on (its default): "
         "float32 convolutions still compute in HF32, 11 mantissa bits.",
         SRC, Fix("Set torch_npu.npu.conv.allow_hf32 = False", (("conv.allow_hf32", False),))),
)
