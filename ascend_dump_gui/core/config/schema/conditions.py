"""Where the runtime's value checks differ from what the schema alone says; ``check`` passes the schema findings
through each adjustment here:

- ``soften_unchecked``: values the runtime validates only while a switch is on. TF1's adapter checks dump_mode and
  dump_step only with enable_dump, dump_debug_mode only with enable_dump_debug (runtime-rules §2.2; tensorflow
  tf_adapter/util/npu_attrs.cc SetNpuOptimizerAttr), and GE reads them only with the same switches (§2.1); with the
  switch off a bad value is ignored (a warning). TF2's setters check on assignment, so TF2 is not listed.
- ``explain_documented_none``: a None the document calls the default but the runtime's setter refuses.
- ``accept_stringified``: options whose setter takes any value and passes str(value) on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.messages import msg

CHECKED_ONLY_WITH: dict[str, dict[str, str]] = {
    "tf1_session": {"dump_mode": "enable_dump", "dump_step": "enable_dump", "dump_debug_mode": "enable_dump_debug"},
}
"""scenario -> option -> the switch that must be True for the runtime to validate the option."""


def soften_unchecked(scenario: str, values: Mapping[str, Any], found: list[Finding]) -> list[Finding]:
    """Value errors about options whose switch is off, as warnings that say the runtime does not check them."""
    switches = CHECKED_ONLY_WITH.get(scenario, {})
    out = []
    for finding in found:
        switch = switches.get(finding.options[0]) if len(finding.options) == 1 else None
        if switch and finding.severity is Severity.ERROR and values.get(switch) is not True:
            finding = replace(finding, severity=Severity.WARNING, options=(*finding.options, switch),
                              message=msg("{message}; with {switch} off the runtime does not check or use it",
                                          message=finding.text, switch=switch))
        out.append(finding)
    return out


DOCUMENTED_NONE: dict[str, dict[str, str]] = {
    "torchair": {"dump_step": "seed 004: dump_step"},
}
"""scenario -> option whose document calls None the default although the runtime's setter refuses None
(torchair configs/dump_config.py: dump_step is a RegexValue with default "", and re.match raises TypeError on None)."""


def explain_documented_none(scenario: str, values: Mapping[str, Any], found: list[Finding]) -> list[Finding]:
    """The type error about such a None, saying what the document says (the runtime's error stands)."""
    documented = DOCUMENTED_NONE.get(scenario, {})
    out = []
    for finding in found:
        key = finding.options[0] if len(finding.options) == 1 else None
        if key in documented and values.get(key, "") is None and finding.rule == "schema.type":
            finding = replace(finding, source=f"{finding.source}; {documented[key]}",
                              message=msg("{message}. The document calls None the default (every step), but "
                                          "torchair's setter raises TypeError on None: leave {key} unset or "
                                          "use \"\".", message=finding.text, key=key))
        out.append(finding)
    return out


STRINGIFIED: dict[str, tuple[str, ...]] = {
    "tf2_npu_device": ("dump_path", "dump_step", "dump_layer"),
}
"""scenario -> options whose setter takes any value and hands str(value) on (tensorflow tf_adapter_2.x npu_device
configs/dump_config.py: OptionValue(None, None) has no allowed list, option_base.py's value is str(v))."""


def accept_stringified(scenario: str, values: Mapping[str, Any], found: list[Finding]) -> list[Finding]:
    """A whole number given to such an option is used as its text (a note instead of a type error); a float or a
    negative number keeps the error, as GE refuses "5.0" or "-1" as a step."""
    keys = STRINGIFIED.get(scenario, ())
    out = []
    for finding in found:
        key = finding.options[0] if len(finding.options) == 1 else None
        value = values.get(key) if key in keys else None
        if finding.rule == "schema.type" and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            finding = replace(finding, severity=Severity.INFO,
                              message=msg("{key} is the number {value}; npu_device passes str(value) on, so it is "
                                          "used as \"{text}\". Write the string to make that plain.",
                                          key=key, value=value, text=str(value)))
        out.append(finding)
    return out
