"""Before and after: two runs of one model compared with the same golden, row by row (cli.md ``--after``).

Works on the ``compare --json`` documents of either engine (GE/acl rows carry ``reached``, msprobe rows also
``result``), so the CLI and the Compare view judge a change with the same words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

CHANGES = ("fixed", "improved", "unchanged", "worse", "new", "gone", "not_compared", "unmatched")
"""cli.md's six changes, plus ``not_compared`` (a row with a counterpart but without a verdict on one side: no
change can be told) and ``unmatched`` (a row with no counterpart in the golden on either side)."""
FACTOR = 2.0
"""An error that moved by at least this factor either way is ``improved`` or ``worse``."""
ERROR_METRICS = ("MaxAbsoluteError", "MaxAbsErr", "Max diff")
"""The row's error, first found: msaccucmp's, msprobe's tensor mode, msprobe's statistics mode."""
Key = tuple[Any, Any, str]


def row_key(row: dict[str, Any]) -> Key:
    """A row's identity across runs of one model: (rank, step, tensor)."""
    return row.get("rank"), row.get("step"), str(row.get("tensor"))


def row_result(row: dict[str, Any]) -> str | None:
    """``pass`` / ``fail`` (GE) or msprobe's ``pass`` / ``warning`` / ``error``; None without a verdict."""
    if "result" in row:
        return row["result"]
    reached = row.get("reached")
    return None if reached is None else ("pass" if reached else "fail")


def paired(row: dict[str, Any]) -> bool:
    """Whether the row has a golden (bench) counterpart."""
    return row.get("golden_file") is not None or row.get("bench") is not None


def row_error(row: dict[str, Any]) -> float | None:
    """The row's error magnitude (see :data:`ERROR_METRICS`), or None when the row has none."""
    metrics = row.get("metrics") or {}
    for name in ERROR_METRICS:
        value = metrics.get(name)
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                continue
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value):
            return abs(float(value))
    return None


def change(before: dict[str, Any], after: dict[str, Any]) -> str:
    """How one row present in both runs changed (see :data:`CHANGES`)."""
    if not paired(before) and not paired(after):
        return "unmatched"
    was, now = row_result(before), row_result(after)
    if was is None or now is None:
        return "not_compared"
    if was != "pass" and now == "pass":
        return "fixed"
    if was == "pass" and now != "pass":
        return "worse"
    old, new = row_error(before), row_error(after)
    if old is None or new is None or old == new:
        return "unchanged"
    if new * FACTOR <= old:
        return "improved"
    if new >= old * FACTOR:
        return "worse"
    return "unchanged"


def _after_part(row: dict[str, Any]) -> dict[str, Any]:
    return {"result": row_result(row), "metrics": row.get("metrics") or {}}


def merge(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``before``'s document with cli.md's ``after`` part: each row gains ``after`` and ``change``, rows of the
    after run alone are appended (``change: new``, their own fields), ``summary.changes`` counts every change."""
    after_rows: dict[Key, dict[str, Any]] = {}
    for row in after.get("rows", []):
        after_rows.setdefault(row_key(row), row)
    rows: list[dict[str, Any]] = []
    seen: set[Key] = set()
    for row in before.get("rows", []):
        key = row_key(row)
        other = after_rows.get(key) if key not in seen else None
        seen.add(key)
        if other is None:
            rows.append({**row, "after": None, "change": "gone"})
        else:
            rows.append({**row, "after": _after_part(other), "change": change(row, other)})
    for key, row in after_rows.items():
        if key not in seen:
            rows.append({**row, "after": _after_part(row), "change": "new"})
    doc = dict(before)
    doc["rows"] = rows
    doc["summary"] = {**before.get("summary", {}), "changes": count(r["change"] for r in rows)}
    doc["after"] = {"summary": after.get("summary", {}), "first_divergence": after.get("first_divergence")}
    return doc


def count(changes: Iterable[str]) -> dict[str, int]:
    """Every change word with how many rows have it (zeros included, so readers need no defaults)."""
    counts = dict.fromkeys(CHANGES, 0)
    for word in changes:
        counts[word] += 1
    return counts


def compare_document(npu: str | Path, golden: str | Path, *, msprobe_mode: str | None = None,
                     graph: str | Path | None = None, follow_links: bool = False) -> dict[str, Any]:
    """The ``compare --json`` document of one run against the golden (GE/acl or msprobe, as ``compare`` picks)."""
    from ascend_dump_gui.core.msprobe.layout import is_msprobe_dir

    if is_msprobe_dir(npu) and is_msprobe_dir(golden):
        from ascend_dump_gui.core.msprobe.report import to_json
        from ascend_dump_gui.core.msprobe.tree_compare import compare_trees

        return to_json(compare_trees(npu, golden, msprobe_mode, follow_links=follow_links))
    from ascend_dump_gui.core.compare.engine import compare
    from ascend_dump_gui.core.compare.report import result_to_json

    return result_to_json(compare(npu, golden, graph=graph, follow_links=follow_links))


def before_and_after(before: str | Path, golden: str | Path, after: str | Path, **options: Any) -> dict[str, Any]:
    """Both runs compared with ``golden`` by the same engine and merged (:func:`merge`); ``options`` as
    :func:`compare_document` takes them (the graph is found beside each run when not given)."""
    return merge(compare_document(before, golden, **options), compare_document(after, golden, **options))
