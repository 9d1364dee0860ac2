"""TF1 rules for dynamic shapes (profiles, generalization, shape ranges) and mixed computing (seed 002)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Fix, Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, Hit, Scan, When
from ascend_dump_gui.core.config.rules.tf1.base import (
    flag,
    is_set,
    number,
    parse_input_shape,
    parse_int_lists,
    src,
    text,
)
from ascend_dump_gui.core.messages import msg

PROFILE_OPTIONS = ("input_shape", "dynamic_dims", "dynamic_node_type")
MIN_PROFILES, MAX_PROFILES = 2, 100
_RANGE_DIM = r"\s*(?:-1|\d+|\d+~\d+)\s*"
_RANGE_SHAPE = re.compile(rf"\[(?:{_RANGE_DIM}(?:,{_RANGE_DIM})*)?\]")


def _profiles_partial(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    present = [k for k in PROFILE_OPTIONS if is_set(values, k)]
    if present and len(present) < len(PROFILE_OPTIONS):
        missing = [k for k in PROFILE_OPTIONS if k not in present]
        yield Hit(msg("Dynamic dimension profiles need input_shape, dynamic_dims and dynamic_node_type "
                      "together; {missing} is missing.", missing=missing[0]) if len(missing) == 1 else
                  msg("Dynamic dimension profiles need input_shape, dynamic_dims and dynamic_node_type "
                      "together; {missing} are missing.", missing=", ".join(missing)))


def _input_shape_format(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    shape = text(values, "input_shape")
    if shape:
        try:
            parse_input_shape(shape)
        except ValueError as exc:
            yield Hit(msg("input_shape {shape!r} cannot be read: {exc}. Expected name:d0,d1;name:d0 with "
                          "-1 for dynamic dimensions.", shape=shape, exc=str(exc)))


def _input_shape_order(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    try:
        names = [name for name, _ in parse_input_shape(text(values, "input_shape") or "")]
    except ValueError:
        return
    if names != sorted(names):
        yield Hit(msg("input_shape lists {names}; inputs must be given in the alphabetical order of "
                      "their names ({sorted_names}), or shapes land on the wrong inputs.", names=", ".join(names),
                      sorted_names=", ".join(sorted(names))))


def _dims(values: Mapping[str, Any]) -> list[list[int]] | None:
    dims = text(values, "dynamic_dims")
    try:
        return parse_int_lists(dims, ";", ",") if dims else None
    except ValueError:
        return None


def _dims_format(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    dims = text(values, "dynamic_dims")
    if not dims:
        return
    try:
        profiles = parse_int_lists(dims, ";", ",")
    except ValueError as exc:
        yield Hit(msg("dynamic_dims {dims!r} cannot be read: {exc}. Expected profiles like 20,20;40,40.",
                      dims=dims, exc=str(exc)))
        return
    if not MIN_PROFILES <= len(profiles) <= MAX_PROFILES:
        yield Hit(msg("dynamic_dims has {count} profile(s); between {min_profiles} and {max_profiles} "
                      "are required.", count=len(profiles), min_profiles=MIN_PROFILES, max_profiles=MAX_PROFILES))


def _dims_match_shape(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    profiles, shape = _dims(values), text(values, "input_shape")
    if profiles is None or not shape:
        return
    try:
        inputs = parse_input_shape(shape)
    except ValueError:
        return
    wildcards = sum(dims.count(-1) for _, dims in inputs)
    if wildcards == 0:
        yield Hit(msg("input_shape has no -1, so dynamic_dims has no dimension to fill in."))
        return
    for index, profile in enumerate(profiles):
        if len(profile) != wildcards:
            yield Hit(msg("dynamic_dims profile {index} has {count} value(s) but input_shape has "
                          "{wildcards} dynamic dimension(s) (-1); each profile needs one value per -1.",
                          index=index, count=len(profile), wildcards=wildcards))


def _hybrid_requirements(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    if number(values, "compile_hybrid_mode") != 1:
        return
    if not all(is_set(values, k) for k in PROFILE_OPTIONS):
        yield Hit(msg("compile_hybrid_mode=1 needs the dynamic profile options input_shape, dynamic_dims and "
                      "dynamic_node_type."))
    elif number(values, "dynamic_node_type") != 1:
        yield Hit(msg("compile_hybrid_mode=1 only supports placeholder inputs (dynamic_node_type=1)."),
                  fix=Fix("Use placeholder inputs", (("dynamic_node_type", 1),)))


def _shape_range_format(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    value = text(values, "dynamic_inputs_shape_range")
    if not value:
        return
    for part in value.split(";"):
        kind, sep, shapes = part.partition(":")
        if not sep or kind.strip() not in ("getnext", "data"):
            yield Hit(msg("{part!r} must start with getnext: (dataset inputs) or data: (placeholders).", part=part))
            continue
        pieces = re.split(r"(?<=\]),", shapes)
        bad = [p for p in pieces if not _RANGE_SHAPE.fullmatch(p)]
        if bad:
            yield Hit(msg("{bad!r} in dynamic_inputs_shape_range is not a bracketed list of sizes, a~b "
                          "ranges or -1 (no space before the bracket).", bad=bad[0]))


def _in_out_pair_format(values: Mapping[str, Any], ctx: CheckContext) -> Iterator[Hit]:
    value = text(values, "in_out_pair")
    if not value:
        return
    try:
        pairs = ast.literal_eval(value)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        pairs = None
    shape_ok = isinstance(pairs, list) and all(
        isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(side, list) for side in p) for p in pairs)
    if not shape_ok:
        yield Hit(msg("in_out_pair must be the text of a list of [in_nodes, out_nodes] pairs, as produced by "
                      "str(all_graph_iop)."))


SHAPE_RULES = (
    Scan("tf1.dynamic_profiles_partial", Severity.ERROR, PROFILE_OPTIONS, _profiles_partial,
             "seed 002: Dynamic Shape"),
    Scan("tf1.input_shape_format", Severity.ERROR, ("input_shape",), _input_shape_format, src("input_shape")),
    Scan("tf1.input_shape_order", Severity.WARNING, ("input_shape",), _input_shape_order, src("input_shape")),
    Scan("tf1.dynamic_dims_format", Severity.ERROR, ("dynamic_dims",), _dims_format, src("dynamic_dims")),
    Scan("tf1.dynamic_dims_mismatch", Severity.ERROR, ("dynamic_dims", "input_shape"), _dims_match_shape,
             src("dynamic_dims")),
    Scan("tf1.compile_hybrid_requirements", Severity.ERROR,
             ("compile_hybrid_mode",) + PROFILE_OPTIONS, _hybrid_requirements, src("compile_hybrid_mode")),
    When("tf1.compile_hybrid_external_weight", Severity.INFO, ("compile_hybrid_mode", "external_weight"),
         lambda v, c: number(v, "compile_hybrid_mode") == 1 and not flag(v, "external_weight"),
         "compile_hybrid_mode=1 turns external_weight on by itself so both graphs share weight files.",
         src("compile_hybrid_mode")),
    When("tf1.compile_dynamic_with_profiles", Severity.ERROR, ("compile_dynamic_mode",) + PROFILE_OPTIONS,
         lambda v, c: flag(v, "compile_dynamic_mode") and any(is_set(v, k) for k in PROFILE_OPTIONS),
         "compile_dynamic_mode cannot be combined with the dynamic profile options (input_shape, "
         "dynamic_dims, dynamic_node_type).", src("compile_dynamic_mode")),
    When("tf1.shape_generalization_without_jit", Severity.WARNING, ("shape_generalization_mode", "jit_compile"),
         lambda v, c: "shape_generalization_mode" in v and text(v, "jit_compile", default=True) != "true",
         "shape_generalization_mode only applies when jit_compile is \"true\".", src("shape_generalization_mode"),
         Fix("Set jit_compile to true", (("jit_compile", "true"),))),
    When("tf1.shape_generalization_compile_dynamic", Severity.WARNING,
         ("shape_generalization_mode", "compile_dynamic_mode"),
         lambda v, c: "shape_generalization_mode" in v and flag(v, "compile_dynamic_mode"),
         "With compile_dynamic_mode=True every input dimension is already -1, so shape_generalization_mode "
         "has no effect.", src("shape_generalization_mode")),
    When("tf1.shape_range_with_dims", Severity.WARNING, ("dynamic_inputs_shape_range", "dynamic_dims"),
         lambda v, c: is_set(v, "dynamic_inputs_shape_range") and is_set(v, "dynamic_dims"),
         "dynamic_dims takes precedence; dynamic_inputs_shape_range is ignored.", src("dynamic_inputs_shape_range"),
         Fix("Remove dynamic_inputs_shape_range", (("dynamic_inputs_shape_range", None),))),
    When("tf1.dynamic_execute_without_input", Severity.WARNING,
         ("dynamic_graph_execute_mode", "dynamic_inputs_shape_range", "dynamic_input"),
         lambda v, c: ("dynamic_graph_execute_mode" in v or is_set(v, "dynamic_inputs_shape_range"))
         and not flag(v, "dynamic_input"),
         "dynamic_graph_execute_mode and dynamic_inputs_shape_range only take effect with dynamic_input=True.",
         src("dynamic_graph_execute_mode"), Fix("Turn dynamic_input on", (("dynamic_input", True),))),
    When("tf1.dynamic_input_incomplete", Severity.WARNING,
         ("dynamic_input", "dynamic_graph_execute_mode", "dynamic_inputs_shape_range"),
         lambda v, c: flag(v, "dynamic_input") and text(v, "dynamic_graph_execute_mode") != "lazy_recompile"
         and not ("dynamic_graph_execute_mode" in v and is_set(v, "dynamic_inputs_shape_range")),
         "dynamic_input=True compiles with dynamic_graph_execute_mode=dynamic_execute and the ranges in "
         "dynamic_inputs_shape_range; set both.", src("dynamic_input")),
    When("tf1.lazy_recompile_loops", Severity.ERROR,
         ("dynamic_graph_execute_mode", "dynamic_input", "iterations_per_loop"),
         lambda v, c: flag(v, "dynamic_input") and text(v, "dynamic_graph_execute_mode") == "lazy_recompile"
         and (number(v, "iterations_per_loop") or 1) > 1,
         "dynamic_graph_execute_mode lazy_recompile only supports iterations_per_loop 1; the graph partition "
         "fails with InvalidArgument.",
         src("dynamic_graph_execute_mode") + "; tensorflow tf_adapter/optimizers/om_partition_subgraphs_pass.cc "
         "(\"iterations_per_loop only support 1 in lazy_recompile mode\")", Fix("Set iterations_per_loop to 1", (("iterations_per_loop", 1),))),
    Scan("tf1.shape_range_format", Severity.ERROR, ("dynamic_inputs_shape_range",), _shape_range_format,
             src("dynamic_inputs_shape_range")),
    When("tf1.in_out_pair_without_mix", Severity.ERROR, ("in_out_pair", "in_out_pair_flag", "mix_compile_mode"),
         lambda v, c: is_set(v, "in_out_pair") and not flag(v, "mix_compile_mode"),
         "in_out_pair needs mixed computing (mix_compile_mode=True); without it the graph partition stops with an "
         "internal error.",
         src("in_out_pair") + "; tensorflow tf_adapter/optimizers/om_partition_subgraphs_pass.cc (\"mix_compile_mode "
         "must be True when use in_out_pair\")", Fix("Turn mixed computing on", (("mix_compile_mode", True),))),
    Scan("tf1.in_out_pair_format", Severity.ERROR, ("in_out_pair",), _in_out_pair_format, src("in_out_pair")),
    When("tf1.variable_placement_host", Severity.ERROR, ("variable_placement", "mix_compile_mode"),
         lambda v, c: text(v, "variable_placement") == "Host" and not flag(v, "mix_compile_mode"),
         "variable_placement=Host requires mixed computing (mix_compile_mode=True).", src("variable_placement"),
         Fix("Turn mixed computing on", (("mix_compile_mode", True),))),
)
