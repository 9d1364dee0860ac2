"""Config files in and out: a reader per file format, the exporters and their plan, and the round-trip keeping of
what a save does not edit."""
