"""The window as a whole: start, demo, slices, workers, layout, theme, continuity and views that agree."""
