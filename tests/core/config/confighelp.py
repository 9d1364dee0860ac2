"""Small helpers shared by the config tests (no fixtures, no Qt)."""

from __future__ import annotations

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.model import ConfigDoc


def findings(scenario: str, values: dict, **kwargs):
    return check(ConfigDoc(scenario, values), **kwargs)


def rules(scenario: str, values: dict, **kwargs) -> set[str]:
    """Ids of every finding ``check`` reports for these values."""
    return {f.rule for f in findings(scenario, values, **kwargs)}


def errors(scenario: str, values: dict, **kwargs) -> set[str]:
    return {f.rule for f in findings(scenario, values, **kwargs) if f.severity is Severity.ERROR}


def acl(values: dict, **kwargs) -> set[str]:
    return rules("acl_json", values, **kwargs)
