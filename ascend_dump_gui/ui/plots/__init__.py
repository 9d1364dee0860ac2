"""pyqtgraph plots of tensors, shared by the Browse and Compare panels."""
