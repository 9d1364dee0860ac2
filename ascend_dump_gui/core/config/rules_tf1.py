"""All TF1 NpuOptimizer session rules (seed 002 and runtime-rules §2.1-2.2) as one tuple, ``TF1_RULES``.

Rules read ``values``, which holds only the options that are set, typed as the importer delivers them
(bool for ``.b``, int for ``.i``, str for ``.s``; profiling_options as its JSON string or a dict). Options
named in upper case in a rule's ``options`` are environment variables read from ``ctx.env``.
"""

from __future__ import annotations

from ascend_dump_gui.core.config.rules import Rule
from ascend_dump_gui.core.config.rules_tf1_cache import CACHE_RULES
from ascend_dump_gui.core.config.rules_tf1_caveats import CAVEAT_RULES
from ascend_dump_gui.core.config.rules_tf1_dump import DUMP_RULES
from ascend_dump_gui.core.config.rules_tf1_generic import GENERIC_RULES
from ascend_dump_gui.core.config.rules_tf1_precision import PRECISION_RULES
from ascend_dump_gui.core.config.rules_tf1_profiling import PROFILING_RULES
from ascend_dump_gui.core.config.rules_tf1_runtime import RUNTIME_RULES
from ascend_dump_gui.core.config.rules_tf1_shape import SHAPE_RULES

TF1_RULES: tuple[Rule, ...] = (
    GENERIC_RULES + DUMP_RULES + PRECISION_RULES + SHAPE_RULES + RUNTIME_RULES + PROFILING_RULES + CAVEAT_RULES + CACHE_RULES
)

TF1_ENV_VARS: tuple[str, ...] = tuple(sorted({
    option for rule in TF1_RULES for option in rule.options if option.isupper()
}))

__all__ = ["TF1_ENV_VARS", "TF1_RULES"]
