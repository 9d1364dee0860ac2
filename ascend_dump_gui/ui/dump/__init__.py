"""Browse: the lazy dump-folder tree, the op table and the tensor view."""
