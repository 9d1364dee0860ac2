"""Compare: run the compare engine on NPU and golden dumps and explore its rows and findings."""
