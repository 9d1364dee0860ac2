"""Qt presentation layer: shows core objects, runs core work in worker threads."""
