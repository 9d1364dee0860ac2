"""The Ranks view: many ranks and steps as one matrix."""
