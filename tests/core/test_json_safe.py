"""json_safe: the one place NaN/Inf become null before strict JSON."""

from __future__ import annotations

import json
import math

from ascend_dump_gui.core.json_safe import json_safe


def test_non_finite_floats_become_none_at_any_depth():
    value = {"a": math.nan, "b": [1.5, math.inf, ("x", -math.inf)], "c": {"d": 0.0, "e": None}, "f": 3}
    assert json_safe(value) == {"a": None, "b": [1.5, None, ["x", None]], "c": {"d": 0.0, "e": None}, "f": 3}
    json.dumps(json_safe(value), allow_nan=False)  # strict JSON accepts it
    assert value["a"] is not None  # the input is left alone
