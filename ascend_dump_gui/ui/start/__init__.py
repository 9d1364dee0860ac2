"""The start: work that waits for the first paint, imports off the GUI thread, panels built ahead of need."""
