"""Flow- and flag-aware reading of training scripts (never executed): flags and their defaults, conditions,
which objects reach the session, and other runs of the same script."""
