"""Compiled Qt translation catalogues (.qm) and their sources (.ts)."""
