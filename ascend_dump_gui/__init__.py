"""ascend-dump-gui: Ascend NPU dump configuration, browsing and accuracy comparison."""

__version__ = "0.1.0"
