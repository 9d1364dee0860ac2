"""The Compare mode: the panel, its table, before/after, the next run and replay."""
