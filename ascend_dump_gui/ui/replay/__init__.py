"""Replay views: one op's replay verdict with its NPU-minus-replay error, and the run's error profile."""
