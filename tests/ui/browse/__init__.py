"""The Browse mode: the tree, its op table, problems, links and the tensor plots."""
