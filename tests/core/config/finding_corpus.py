"""Many findings of every kind: the seeds' example configs plus configs with odd values for every option."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.fields import Kind
from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from tests.core.config.test_seeds import json_examples, seed

ODD = ("", "5-3|", "1||2", "x" * 3, "/no/such/folder/here", "relative/file.cfg", -1, 0, 1, 7.5, 10 ** 12, True,
       False, ["a", 1], ["zzz"], [{"model_name": 1, "layer": "x", "bogus": 2}, "row"], {"zz": 1, "k": [1]}, None)


def _plausible(kind: Kind, choices: tuple[Any, ...]) -> list[Any]:
    """Values of the right shape, so cross-option rules get to run."""
    if choices:
        return list(choices)
    return {Kind.BOOL: [True, False], Kind.INT: [0, 3, 1 << 40], Kind.FLOAT: [0.5], Kind.STR: ["abc"],
            Kind.PATH: ["/no/such/dir", "/etc/hostname", "rel/x.json"], Kind.STEP: ["0|5-3|", "3-5"],
            Kind.STR_LIST: [["bad"]], Kind.TABLE: [[{"model_name": "m", "layer": ["a"]}]],
            Kind.MAPPING: [{"x": "y"}]}.get(kind, [])


def docs(shared: Path | None, tmp: Path, odd: bool = True) -> list[ConfigDoc]:
    """Config documents that between them make the checker say many different things."""
    out: list[ConfigDoc] = []
    if shared is not None:
        for number in ("001", "004"):
            out.extend(parse_text(example, kind="json") for example in json_examples(seed(shared, number)))
    if not odd:
        return out
    (tmp / "bad.json").write_text('{"dump": {"dump_scene": "lite_exception", "dump_step": "1||"}}', encoding="utf-8")
    (tmp / "broken.json").write_text("{", encoding="utf-8")
    (tmp / "bad.cfg").write_text("[Bogus]\nx=y\nOp::Bad\nname=nomode\n", encoding="utf-8")
    files = [str(tmp / n) for n in ("bad.json", "broken.json", "bad.cfg")] + ["bad.cfg"]
    for name, scenario in SCENARIOS.items():
        for spec in scenario.fields:
            for value in (*ODD, *files, *_plausible(spec.kind, tuple(spec.choices))):
                out.append(ConfigDoc(name, {spec.key: value}))
        for index in range(3):  # every option at once, shaped right: cross-option rules
            values = {}
            for spec in scenario.fields:
                options = _plausible(spec.kind, tuple(spec.choices))
                if options:
                    values[spec.key] = options[index % len(options)]
            out.append(ConfigDoc(name, values))
        out.append(ConfigDoc(name, {"no_such_option": 1, "dump_pat": "/x"}))
    out.append(ConfigDoc("no_such_scenario", {}))
    return out


def findings(shared: Path | None, tmp: Path, odd: bool = True) -> list[Finding]:
    """Every finding over :func:`docs`, checked for several products."""
    found: list[Finding] = []
    for doc in docs(shared, tmp, odd):
        for product in (None, "atlas_inference"):
            found.extend(check(doc, product=product, base_dir=tmp, env={"NPU_COLLECT_PATH": "/no/such"}))
    return found
