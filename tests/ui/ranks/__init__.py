"""The Ranks view."""
