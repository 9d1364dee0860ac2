"""The Graph mode."""
