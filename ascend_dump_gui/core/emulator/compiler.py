"""From the original graph to the graph the device runs: fusion, precision, device formats."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ascend_dump_gui.core.emulator.fusion import fuse
from ascend_dump_gui.core.emulator.graph import Graph
from ascend_dump_gui.core.emulator.layout import assign_formats, infer_shapes
from ascend_dump_gui.core.emulator.precision import PrecisionPolicy, apply_precision


def compile_graph(graph: Graph, policy: PrecisionPolicy, sample_feeds: Mapping[str, np.ndarray]) -> Graph:
    """Fuse, choose per-op dtypes (inserting Casts) and device formats (inserting TransData)."""
    device = apply_precision(fuse(graph), policy)
    return assign_formats(device, infer_shapes(device, sample_feeds))
