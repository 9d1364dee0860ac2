"""Dump files and folders: binary layouts, reader, writer, device formats, folder scanner, graphs."""
