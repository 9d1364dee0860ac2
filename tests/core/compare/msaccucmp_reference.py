"""msaccucmp's ten float algorithms written out as whole-array numpy expressions (its own formulas, one
numpy call chain per algorithm, no chunking), to check the chunked engine bit for bit on random tensors.

Only the plain float path (non-bool, non-empty, equal sizes, non-scalar) is covered; the edge cases are
checked against msprobe itself through the oracle fixture.
"""

from __future__ import annotations

import numpy as np

EPS64 = float(np.finfo(float).eps)
EPS32 = np.finfo(np.float32).eps


def _normalized(v: np.ndarray) -> np.ndarray:
    span = v.max() - v.min()
    return np.maximum((v - v.min()) / span if span != 0 else v, EPS32)


def reference_values(npu: np.ndarray, golden: np.ndarray) -> dict[str, object]:
    """Metric name -> msaccucmp's value (numpy scalar; the StandardDeviation 4-tuple of float64)."""
    x = np.ravel(npu).astype(np.float32)
    y = np.ravel(golden).astype(np.float32)
    out: dict[str, object] = {}
    with np.errstate(all="ignore"):
        nx = np.linalg.norm(x, axis=-1, keepdims=True)
        ny = np.linalg.norm(y, axis=-1, keepdims=True)
        if nx <= EPS64 and ny < EPS64:
            out["CosineSimilarity"] = 1.0
        elif nx ** 0.5 <= EPS64 or ny ** 0.5 <= EPS64:
            out["CosineSimilarity"] = None
        else:
            out["CosineSimilarity"] = min(((x / nx) * (y / ny)).sum(), 1.0)
        out["MaxAbsoluteError"] = np.abs(x - y).max()
        rel = np.where(np.abs(y) > EPS64, np.abs(x / y - 1), 0)
        out["AccumulatedRelativeError"] = rel.sum()
        yy = (y ** 2).sum()
        out["RelativeEuclideanDistance"] = (0.0 if yy ** 0.5 <= EPS64 else ((x - y) ** 2).sum() / yy) ** 0.5
        px, py = _normalized(x), _normalized(y)
        px, py = px / px.sum(), py / py.sum()
        kl = (px * np.log(px / py)).sum()
        out["KullbackLeiblerDivergence"] = 0.0 if abs(kl) < EPS64 else kl
        out["StandardDeviation"] = (np.mean(x, dtype=np.float64), np.std(x, dtype=np.float64),
                                    np.mean(y, dtype=np.float64), np.std(y, dtype=np.float64))
        out["MeanAbsoluteError"] = np.abs(x - y).mean()
        out["RootMeanSquareError"] = np.sqrt(np.average((x - y) ** 2))
        out["MaxRelativeError"] = rel.max()
        out["MeanRelativeError"] = rel.mean()
    return out
