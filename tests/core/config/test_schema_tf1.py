"""The tf1_session schema against seed 002: every documented option is declared, with its field, mode and values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.fields import Kind, Mode
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.schema.tf1 import PROFILING_OPTIONS_KEYS, TF1_GROUPS, TF1_SESSION
from ascend_dump_gui.core.config.schema.tf1.common import ALL_PRODUCTS

SCENARIO_LINES = {
    "Training": {Mode.TRAINING},
    "Online inference": {Mode.ONLINE_INFERENCE},
    "Training/Online inference": {Mode.TRAINING, Mode.ONLINE_INFERENCE},
    "Online inference/Training": {Mode.TRAINING, Mode.ONLINE_INFERENCE},
}
EXAMPLE = re.compile(
    r"""parameter_map\[["'](\w+)["']\]\.([sib])\s*=\s*"""
    r"""(?:tf\.compat\.as_bytes\(\s*(?:"([^"]*)"|'([^']*)')\s*\)|(-?\d+)\b|(True|False)\b)""")


@pytest.fixture
def seed_text(shared_dir: Path) -> str:
    return next((shared_dir / "seeds").glob("002_*.txt")).read_text(encoding="utf-8")


@pytest.fixture
def seed_options(seed_text: str) -> dict[str, set[Mode]]:
    """Option name -> modes, read from the seed's table layout: a bare option name follows the
    'Application Scenarios' header or the previous option's scenario line; its own scenario line ends it."""
    options: dict[str, set[Mode]] = {}
    previous, current = None, None
    for line in (s.strip() for s in seed_text.splitlines()):
        if not line:
            continue
        if (previous == "Application Scenarios" or previous in SCENARIO_LINES) and re.fullmatch(r"[a-z][a-z0-9_]*", line):
            current = line
            options[current] = set()
        elif line in SCENARIO_LINES and current:
            options[current] = SCENARIO_LINES[line]
        previous = line
    return options


def seed_examples(seed_text: str) -> list[tuple[str, str, object]]:
    """(option, AttrValue field, Python value) of every parameter_map example line with a literal value."""
    out = []
    for m in EXAMPLE.finditer(seed_text):
        key, field, dq, sq, integer, boolean = m.groups()
        value = (dq if dq is not None else sq) if field == "s" else int(integer) if field == "i" else boolean == "True"
        out.append((key, field, value))
    return out


def test_seed_walk_finds_the_option_tables(seed_options):
    assert len(seed_options) >= 75
    assert "enable_dump" in seed_options and "variable_memory_max_size" in seed_options


def test_every_documented_option_is_declared(seed_options, seed_text):
    documented = set(seed_options) | set(re.findall(r"""parameter_map\[["'](\w+)["']\]""", seed_text))
    missing = sorted(k for k in documented if not TF1_SESSION.has(k))
    assert not missing, f"options in seed 002 missing from tf1_session: {missing}"


def test_no_option_is_invented(seed_options):
    extra = sorted(f.key for f in TF1_SESSION.fields if f.key not in seed_options)
    assert not extra


def test_modes_follow_the_application_scenarios_column(seed_options):
    wrong = {k: (sorted(m.value for m in TF1_SESSION.field(k).modes), sorted(m.value for m in modes))
             for k, modes in seed_options.items() if modes and set(TF1_SESSION.field(k).modes) != modes}
    assert not wrong


def test_serialized_field_matches_the_examples(seed_text):
    examples = seed_examples(seed_text)
    assert len(examples) >= 70
    wrong = {(k, f) for k, f, _ in examples if TF1_SESSION.field(k).serialized != f}
    assert not wrong


def test_example_values_fit_the_declared_values(seed_text):
    for key, _field, value in seed_examples(seed_text):
        spec = TF1_SESSION.field(key)
        if spec.kind is Kind.CHOICE:
            assert value in spec.choices, (key, value)
        if spec.kind is Kind.INT:
            assert spec.minimum is None or value >= spec.minimum, (key, value)
            assert spec.maximum is None or value <= spec.maximum, (key, value)


def test_deprecated_section_is_marked(seed_text, seed_options):
    tail = seed_text.split("Parameters That Will Be Deprecated in Later Versions", 1)[1]
    in_section = [k for k in seed_options if re.search(rf"^{k}$", tail, re.M)]
    assert len(in_section) >= 8
    assert all(TF1_SESSION.field(k).deprecated for k in in_section)
    assert {f.key for f in TF1_SESSION.fields if f.deprecated} == set(in_section)


def test_every_profiling_sub_key_is_declared(seed_text):
    section = seed_text.split("\nprofiling_options\n", 1)[1].split("\nAOE\n", 1)[0]
    documented = set()
    for first, second in re.findall(r"^  • (\w+)(?: and (\w+))?:", section, re.M):
        documented |= {first, second} - {""}
    assert len(documented) >= 20
    assert documented <= {f.key for f in PROFILING_OPTIONS_KEYS}


def test_schema_sanity():
    keys = [f.key for f in TF1_SESSION.fields]
    assert len(keys) == len(set(keys)) == 80
    assert TF1_SESSION.name == "tf1_session" and TF1_SESSION.version == 1 and SCENARIOS["tf1_session"].rules
    for spec in TF1_SESSION.fields:
        assert spec.serialized in ("s", "i", "b"), spec.key
        assert spec.group in TF1_GROUPS, spec.key
        assert spec.source == f"seed 002: {spec.key}"
        assert spec.label and spec.help and spec.help.count(". ") <= 3, spec.key
        assert set(spec.products) <= set(ALL_PRODUCTS), spec.key
        if spec.kind is Kind.CHOICE:
            assert spec.default is None or spec.default in spec.choices
            assert all(isinstance(c, {"s": str, "i": int}[spec.serialized]) for c in spec.choices), spec.key
        if spec.kind is Kind.BOOL:
            assert spec.serialized == "b" and spec.default in (True, False, None)
    sub_keys = [f.key for f in PROFILING_OPTIONS_KEYS]
    assert len(sub_keys) == len(set(sub_keys))
    assert TF1_SESSION.field("profiling_options").kind is Kind.MAPPING


def test_file_options_are_marked():
    marked = {f.key for f in TF1_SESSION.fields if f.points_to_file}
    assert marked == {"fusion_switch_file", "op_debug_config", "modify_mixlist", "customize_dtypes",
                      "op_precision_mode", "aoe_config_file"}


@pytest.mark.parametrize("key, value, severity, fix", [
    ("op_debug_level", 0, Severity.INFO, False),            # still read; will be removed
    ("graph_memory_max_size", "1024", Severity.WARNING, True),  # no longer read: silently ignored
])
def test_a_deprecated_option_gives_one_finding(key, value, severity, fix):
    found = [f for f in check(ConfigDoc("tf1_session", {key: value})) if "deprecat" in f.message]
    assert [(f.rule, f.severity, f.options) for f in found] == [("schema.deprecated", severity, (key,))]
    assert (found[0].fix is not None) is fix
