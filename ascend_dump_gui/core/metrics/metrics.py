"""msaccucmp's ten compare algorithms, with its exact numbers, edge cases and 6-decimal strings.

x is the NPU tensor ("my output"), y the golden one; both are flattened. Unless both are bool, both are
cast to float32 and every algorithm works in float32, as msaccucmp does (reference: dump-format.md §6.1).
The work is done in at most three fused, chunked passes (:mod:`.fused`), so a tensor larger than memory
(a ``np.memmap``) works and big tensors use every core.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.metrics import fused, leaf_tree, pairwise, stdev
from ascend_dump_gui.core.metrics.fused import EPS64, KLRange, Needs
from ascend_dump_gui.core.metrics.names import METRIC_NAMES, resolve_names  # noqa: F401 - part of this API
from ascend_dump_gui.core.metrics.stdev import format_std

FAILED = "NaN"
"""What msaccucmp writes when an algorithm cannot run (a computed NaN is written ``nan``)."""

_NEEDS = {
    "CosineSimilarity": {"xx", "yy", "cos"},
    "MaxAbsoluteError": {"ad"},
    "AccumulatedRelativeError": {"rel"},
    "RelativeEuclideanDistance": {"d2", "yy"},
    "KullbackLeiblerDivergence": {"minmax", "kl"},
    "StandardDeviation": {"sums", "xx", "yy"},
    "MeanAbsoluteError": {"ad"},
    "RootMeanSquareError": {"d2"},
    "MaxRelativeError": {"rel"},
    "MeanRelativeError": {"rel"},
}


@dataclass
class PairMetrics:
    """The result of comparing one tensor pair.

    ``values``: metric -> float (may be nan/inf), the StandardDeviation string, or None where msaccucmp
    cannot compute (its ``NaN``). ``texts``: metric -> exactly what msaccucmp writes in its CSV.
    ``messages``: msaccucmp's CompareFailReason messages, in algorithm order. ``msprobe_leaves``: msprobe's
    leaf totals taken in the same pass when asked (``evaluate(with_msprobe=True)``), for ``msprobe_metrics``.
    ``npu_nonfinite``: (has Inf, has NaN) of the NPU tensor when the C kernel saw every value as it is (float32,
    or float16/bfloat16 widened), else None; ``npu_abs_max``: then its max |x| (NaN when it holds a NaN).
    """

    values: dict[str, float | str | None] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    msprobe_leaves: dict[tuple[int, int], tuple | None] | None = None
    npu_nonfinite: tuple[bool, bool] | None = None
    npu_abs_max: float | None = None

    def set(self, name: str, value: float | str | None, text: str, message: str = "") -> None:
        self.values[name] = value
        self.texts[name] = text
        if message:
            self.messages.append(message)


def fmt6(value: float) -> str:
    """msaccucmp's number format: ``'{:.6f}'`` (so ``nan``, ``inf`` and ``-0.000000`` can appear)."""
    return f"{float(value):.6f}"


def is_scalar_shape(shape: Sequence[int]) -> bool:
    """msaccucmp's "scalar" test: ``sum(shape) == len(shape)`` (all dims 1, or no dims)."""
    return sum(int(d) for d in shape) == len(shape)


def evaluate(npu_array: np.ndarray, golden_array: np.ndarray, names: Sequence[str] | None = None, *,
             scalar: bool | None = None, npu_name: str = "", golden_name: str = "",
             leaf: int = leaf_tree.DEFAULT_LEAF, with_msprobe: bool = False) -> PairMetrics:
    """Compare one tensor pair with msaccucmp's algorithms: values, CSV texts and messages.

    ``scalar`` overrides msaccucmp's scalar test on the NPU shape (cosine is then 1 by definition);
    ``npu_name``/``golden_name`` appear in messages the way msaccucmp names the files. ``with_msprobe``:
    also take msprobe's leaf totals in the first pass where the C kernel can (``result.msprobe_leaves``).
    """
    selected = resolve_names(names)
    x, y = np.ravel(np.asarray(npu_array)), np.ravel(np.asarray(golden_array))
    if scalar is None:
        scalar = is_scalar_shape(np.shape(npu_array))
    result = PairMetrics()
    if x.shape[0] != y.shape[0]:
        message = msg("The my output dump data size ({size}) in {npu} does not match the ground truth dump data size "
                      "({other}) in {golden}.", size=x.shape[0], npu=repr(npu_name), other=y.shape[0],
                      golden=repr(golden_name))
        for name in selected:
            result.set(name, None, FAILED)
        result.messages.append(message)
        return result
    if x.dtype == np.bool_ and y.dtype == np.bool_:
        _evaluate_bool(x, y, selected, scalar, (npu_name, golden_name), result, leaf)
    elif x.shape[0] == 0:
        _evaluate_empty(selected, scalar, result)
    else:
        _evaluate_float(x, y, selected, scalar, npu_name, golden_name, result, leaf, with_msprobe)
    return result


def _cosine(nx: np.ndarray, ny: np.ndarray, dot: np.floating | None, npu_name: str,
            golden_name: str) -> tuple[float | None, str, str]:
    """msaccucmp's cosine decision on the (1,)-shaped norms and the normalised dot product."""
    if nx <= EPS64 and ny < EPS64:
        return 1.0, "1.0", ""
    if nx ** 0.5 <= EPS64:
        return None, FAILED, msg("Cannot compare by Cosine Similarity. All the data is zero in {file}.", file=npu_name)
    if ny ** 0.5 <= EPS64:
        return None, FAILED, msg("Cannot compare by Cosine Similarity. All the data is zero in {file}.",
                                 file=golden_name)
    value = min(dot, 1.0)
    return float(value), fmt6(value), ""


def _mean32(total: np.floating, n: int) -> np.float32:
    """``ndarray.mean`` of a float32 array from its float32 sum: float32(float64(sum) / n)."""
    return np.float32(np.float64(total) / n)


def _evaluate_float(x: np.ndarray, y: np.ndarray, selected: list[str], scalar: bool, npu_name: str,
                    golden_name: str, result: PairMetrics, leaf: int, with_msprobe: bool) -> None:
    wanted = set().union(*(_NEEDS[n] for n in selected if not (scalar and n == "CosineSimilarity")))
    need = Needs(**{k: True for k in wanted})
    n = x.shape[0]
    with np.errstate(all="ignore"):
        a = fused.pass_a(x, y, need, leaf, msprobe=with_msprobe)
        result.msprobe_leaves, result.npu_nonfinite, result.npu_abs_max = a.msprobe, a.x_nonfinite, a.x_abs_max
        norms = kl = None
        if need.cos:
            norms = (np.sqrt(a.xx), np.sqrt(a.yy))
            nx, ny = np.reshape(norms[0], (1,)), np.reshape(norms[1], (1,))
            if (nx <= EPS64 and ny < EPS64) or nx ** 0.5 <= EPS64 or ny ** 0.5 <= EPS64:
                norms = None          # decided without the normalised dot product
        if need.kl:
            kl = KLRange.from_pass_a(a)
        std_text = None
        if need.sums:
            xside = stdev.side_from_float32(n, a.xsum, float(a.xx))
            yside = stdev.side_from_float32(n, a.ysum, float(a.yy))
            if xside is not None and yside is not None:
                std_text = "({};{}),({};{})".format(*xside, *yside)
        stats = need.sums and std_text is None      # undecided from float32 sums: exact float64 moments
        b = {}
        if norms is not None or kl is not None or stats:
            b = fused.pass_b(x, y, norms=norms, kl=kl, stats=stats, leaf=leaf, nonzero=a.leaf_nonzero)
        if stats:
            std_text = format_std((*b["xstat"], *b["ystat"]))
        kl_value = fused.pass_c(x, y, kl, b["px"], b["py"], leaf, a.leaf_nonzero) if kl is not None else None
        for name in selected:
            if name == "CosineSimilarity":
                if scalar:
                    result.set(name, 1.0, fmt6(1), "This tensor is scalar.")
                else:
                    nx, ny = np.reshape(np.sqrt(a.xx), (1,)), np.reshape(np.sqrt(a.yy), (1,))
                    result.set(name, *_cosine(nx, ny, b.get("cos"), npu_name, golden_name))
            elif name == "MaxAbsoluteError":
                result.set(name, float(a.ad_max), fmt6(a.ad_max))
            elif name == "AccumulatedRelativeError":
                result.set(name, float(a.rel_sum), fmt6(a.rel_sum))
            elif name == "RelativeEuclideanDistance":
                red = 0.0 if a.yy ** 0.5 <= EPS64 else a.d2 / a.yy
                result.set(name, float(red ** 0.5), fmt6(red ** 0.5))
            elif name == "KullbackLeiblerDivergence":
                value = 0.0 if abs(kl_value) < EPS64 else kl_value
                message = ""
                if str(value) == "inf":
                    message = msg("Cannot compare by KL Divergence. The data contains 0 in {file}.",
                                  file=repr(golden_name))
                result.set(name, float(value), fmt6(value), message)
            elif name == "StandardDeviation":
                result.set(name, std_text, std_text)
            elif name == "MeanAbsoluteError":
                value = _mean32(a.ad_sum, n)
                result.set(name, float(value), fmt6(value))
            elif name == "RootMeanSquareError":
                value = np.sqrt(_mean32(a.d2, n))
                result.set(name, float(value), fmt6(value))
            elif name == "MaxRelativeError":
                result.set(name, float(a.rel_max), fmt6(a.rel_max))
            elif name == "MeanRelativeError":
                value = _mean32(a.rel_sum, n)
                result.set(name, float(value), fmt6(value))


_EMPTY_MAX = ("Failed to execute 'compare' in '{}'. zero-size array to reduction operation maximum "
              "which has no identity")


def _evaluate_empty(selected: list[str], scalar: bool, result: PairMetrics) -> None:
    """Both sides empty: what msaccucmp's algorithms give on zero-length arrays."""
    for name in selected:
        if name == "CosineSimilarity" and scalar:
            result.set(name, 1.0, fmt6(1), "This tensor is scalar.")
        elif name == "CosineSimilarity":
            result.set(name, 1.0, "1.0")
        elif name in ("AccumulatedRelativeError", "RelativeEuclideanDistance"):
            result.set(name, 0.0, fmt6(0.0))
        elif name in ("MaxAbsoluteError", "MaxRelativeError", "KullbackLeiblerDivergence"):
            result.set(name, None, FAILED, _EMPTY_MAX.format(name))
        elif name == "StandardDeviation":
            text = "(nan;nan),(nan;nan)"
            result.set(name, text, text)
        else:
            result.set(name, float("nan"), "nan")


_BOOL_SUBTRACT = ("Failed to execute 'compare' in 'RelativeEuclideanDistance'. numpy boolean subtract, "
                  "the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the "
                  "logical_xor function instead.")


def _evaluate_bool(x: np.ndarray, y: np.ndarray, selected: list[str], scalar: bool,
                   files: tuple[str, str], result: PairMetrics, leaf: int) -> None:
    """Both sides bool: only cosine (in float64) and, when the golden side has no True, RED = 0."""
    for name in selected:
        if name == "CosineSimilarity":
            if scalar:
                result.set(name, 1.0, fmt6(1), "This tensor is scalar.")
            else:
                result.set(name, *_bool_cosine(x, y, files, leaf))
        elif name == "RelativeEuclideanDistance":
            if np.count_nonzero(y) == 0:
                result.set(name, 0.0, fmt6(0.0))
            else:
                result.set(name, None, FAILED, _BOOL_SUBTRACT)
        else:
            result.set(name, None, FAILED, f"Algorithm {name} does not support Boolean types.")


def _bool_cosine(x: np.ndarray, y: np.ndarray, files: tuple[str, str],
                 leaf: int) -> tuple[float | None, str, str]:
    n = x.shape[0]
    ranges = leaf_tree.leaves(n, leaf)

    def f64(v: np.ndarray, a: int, b: int) -> np.ndarray:
        return v[a:b].astype(np.float64)

    with np.errstate(all="ignore"):
        sq = pairwise.map_leaves(lambda a, b: (np.count_nonzero(x[a:b]), np.count_nonzero(y[a:b])), ranges)
        nx = np.sqrt(np.array([float(sum(s[0] for s in sq))]))
        ny = np.sqrt(np.array([float(sum(s[1] for s in sq))]))
        dot = None
        if nx > EPS64 and ny > EPS64:
            parts = pairwise.map_leaves(lambda a, b: ((f64(x, a, b) / nx) * (f64(y, a, b) / ny)).sum(), ranges)
            dot = leaf_tree.combine(n, parts, pairwise.add64, leaf)
        return _cosine(nx, ny, dot, *files)
