"""The registry of dump scenarios: one :class:`Scenario` (fields + rules) per way of configuring dump."""

from __future__ import annotations

from dataclasses import replace

from ascend_dump_gui.core.config.fields import Scenario
from ascend_dump_gui.core.config.rules.acl import RULES as ACL_RULES
from ascend_dump_gui.core.config.rules.msprobe import RULES as MSPROBE_RULES
from ascend_dump_gui.core.config.rules.tf1 import TF1_RULES
from ascend_dump_gui.core.config.rules.tf2 import RULES as TF2_RULES
from ascend_dump_gui.core.config.rules.torch_npu import RULES as TORCH_NPU_RULES
from ascend_dump_gui.core.config.rules.torchair import RULES as TORCHAIR_RULES
from ascend_dump_gui.core.config.schema.acl import ACL_JSON
from ascend_dump_gui.core.config.schema.env import ENV
from ascend_dump_gui.core.config.schema.msprobe import MSPROBE_CONFIG
from ascend_dump_gui.core.config.schema.tf1 import TF1_SESSION
from ascend_dump_gui.core.config.schema.tf2 import DERIVED, TF2_NPU_DEVICE
from ascend_dump_gui.core.config.schema.torch_npu import TORCH_NPU
from ascend_dump_gui.core.config.schema.torchair import TORCHAIR

_DERIVED = {f.key for f in DERIVED}
# TF1 rules about global options TF2 shares (not the dump rules: TF2 has its own through rules/ge_dump.py).
TF1_RULES_FOR_TF2 = tuple(rule for rule in TF1_RULES
                          if {o for o in rule.options if not o.isupper()} <= _DERIVED
                          and any(not o.isupper() for o in rule.options))

SCENARIOS: dict[str, Scenario] = {
    "acl_json": replace(ACL_JSON, rules=ACL_RULES),
    "tf1_session": replace(TF1_SESSION, rules=TF1_RULES),
    "tf2_npu_device": replace(TF2_NPU_DEVICE, rules=TF2_RULES + TF1_RULES_FOR_TF2),
    "torchair": replace(TORCHAIR, rules=TORCHAIR_RULES),
    "env": ENV,
    "msprobe_config": replace(MSPROBE_CONFIG, rules=MSPROBE_RULES),
    "torch_npu": replace(TORCH_NPU, rules=TORCH_NPU_RULES),
}
