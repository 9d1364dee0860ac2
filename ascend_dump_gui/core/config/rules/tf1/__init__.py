"""All TF1 NpuOptimizer session rules (seed 002 and runtime-rules §2.1-2.2) as one tuple, ``TF1_RULES``.

Rules read ``values``, which holds only the options that are set, typed as the importer delivers them
(bool for ``.b``, int for ``.i``, str for ``.s``; profiling_options as its JSON string or a dict). Options
named in upper case in a rule's ``options`` are environment variables read from ``ctx.env``.
"""

from __future__ import annotations

from ascend_dump_gui.core.config.rules.engine import Rule
from ascend_dump_gui.core.config.rules.tf1.cache import CACHE_RULES
from ascend_dump_gui.core.config.rules.tf1.caveats import CAVEAT_RULES
from ascend_dump_gui.core.config.rules.tf1.dump import DUMP_RULES
from ascend_dump_gui.core.config.rules.tf1.generic import GENERIC_RULES
from ascend_dump_gui.core.config.rules.tf1.precision import PRECISION_RULES
from ascend_dump_gui.core.config.rules.tf1.profiling import PROFILING_RULES
from ascend_dump_gui.core.config.rules.tf1.runtime import RUNTIME_RULES
from ascend_dump_gui.core.config.rules.tf1.shape import SHAPE_RULES
from ascend_dump_gui.core.config.rules.tf1.versions import VERSION_RULES

TF1_RULES: tuple[Rule, ...] = (
    GENERIC_RULES + DUMP_RULES + PRECISION_RULES + SHAPE_RULES + RUNTIME_RULES + PROFILING_RULES + CAVEAT_RULES + CACHE_RULES
    + VERSION_RULES
)

TF1_ENV_VARS: tuple[str, ...] = tuple(sorted({
    option for rule in TF1_RULES for option in rule.options if option.isupper()
}))

__all__ = ["TF1_ENV_VARS", "TF1_RULES"]
