"""The widgets made ahead for views that need them, as ``module:factory`` specs of :mod:`ui.start.panels` (a
view built in pieces names its own; the mode plans of the main window name them too)."""

from __future__ import annotations

_PLOTS = "ascend_dump_gui.ui.plots."
HEATMAP = (_PLOTS + "heatmap:HeatmapView",)
"""A heatmap (``ui.plots.heatmap``): the view; its plot and colour bar are made when it is first drawn (most
heatmaps are in tabs never shown, and a colour bar is one of the largest pieces)."""
TENSOR_PLOT = (_PLOTS + "values_plot:values_plot", _PLOTS + "histogram_plot:error_histogram", *HEATMAP)
"""What a ``TensorPlot`` takes (``ui.plots.tensor_plot``): its values, histogram and heatmap plots."""
REPLAY = (_PLOTS + "histogram_plot:error_histogram", *HEATMAP)
"""What a replay view takes (``ui.replay.view``)."""
PROFILE = ("ascend_dump_gui.ui.replay.profile_view:profile_plot",)
"""What an error profile view takes (``ui.replay.profile_view``)."""
