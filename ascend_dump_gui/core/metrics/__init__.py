"""The numbers of a compare: msaccucmp's and msprobe's metrics in fused chunked passes, and the overflow rule
(shared by the GE compare, msprobe's compare and the tree compare)."""
