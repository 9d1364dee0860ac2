"""Training scripts, read and never executed: the Python importer, flags and conditions, which objects reach the
session, other runs of the script, and "Apply to script"."""
