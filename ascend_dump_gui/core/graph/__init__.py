"""The model graph behind the Graph view: a GE graph dump grouped by name scope (or another hierarchy), fused ops
linked to their original ops, a layered layout per expanded group, and the compare status of every node."""
