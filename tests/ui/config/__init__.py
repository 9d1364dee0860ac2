"""The Configure mode: forms, findings, fixes, saving and scripts."""
