"""Headless core: never imports Qt. Usable from plain Python, the CLI and the GUI alike."""
