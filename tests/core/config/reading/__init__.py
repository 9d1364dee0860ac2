"""Importers: files and training scripts read without running them, hostile ones refused."""
