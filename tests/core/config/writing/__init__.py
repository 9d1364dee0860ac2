"""Exports and saves: values round-trip, what the app does not edit is kept, scripts patched in place."""
