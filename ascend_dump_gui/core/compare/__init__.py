"""Compare NPU dumps with golden dumps: matching, msaccucmp metrics, findings."""
