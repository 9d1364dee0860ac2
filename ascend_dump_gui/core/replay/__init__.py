"""Op replay: recompute one dumped op on the CPU (float64) from its own dumped inputs and judge the NPU's
output against that replay with an error budget for its dtype and reduction size (``budget.py``).

``ge_run.py`` / ``msprobe_run.py`` find an op's inputs and attributes, ``registry.py`` maps op types to the
reference implementations (``ge_*.py``, ``msprobe_calls.py``), ``judge.py`` gives the verdict, ``profile.py``
the run-level error profile and ``report.py`` the ``replay --json`` document.
"""
