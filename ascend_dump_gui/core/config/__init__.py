"""Dump configurations: the option schema, conflict rules, paths, importers and exporters."""
