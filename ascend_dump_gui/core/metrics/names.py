"""msaccucmp's metric names: a light module (no numpy) for argument parsing and menus."""

from __future__ import annotations

from collections.abc import Sequence

METRIC_NAMES: tuple[str, ...] = (
    "CosineSimilarity",
    "MaxAbsoluteError",
    "AccumulatedRelativeError",
    "RelativeEuclideanDistance",
    "KullbackLeiblerDivergence",
    "StandardDeviation",
    "MeanAbsoluteError",
    "RootMeanSquareError",
    "MaxRelativeError",
    "MeanRelativeError",
)
"""msaccucmp's algorithm names, in the column order of its result CSV (its ``-alg`` indices 0-9)."""


def resolve_names(names: Sequence[str] | None) -> list[str]:
    """Validate metric names (msaccucmp names or indices 0-9) and return them in selection order."""
    if names is None:
        return list(METRIC_NAMES)
    out: list[str] = []
    for raw in names:
        name = str(raw).strip()
        if name.isdigit() and int(name) < len(METRIC_NAMES):
            name = METRIC_NAMES[int(name)]
        if name not in METRIC_NAMES:
            raise ValueError(f"unknown metric {raw!r}; known: {', '.join(METRIC_NAMES)}")
        if name not in out:
            out.append(name)
    return out
