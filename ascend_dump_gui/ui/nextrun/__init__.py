"""From a finding to the next run, in the app: *Propose a fix* and *Capture these next* (core/nextrun)."""
