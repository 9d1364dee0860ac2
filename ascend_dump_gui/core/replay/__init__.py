"""Op replay: recompute one dumped op on the CPU (float64) from its own dumped inputs and judge the NPU's
output against that replay with an error budget for its dtype and reduction size (``budget.py``).

``ge_run.py`` / ``msprobe_run.py`` find an op's inputs and attributes, ``registry.py`` maps op types to the
reference implementations (``ge_*.py``, ``msprobe_calls.py``), ``judge.py`` gives the verdict, ``precision.py``
and ``precision_mode.py`` the lower precisions an op may have run at and whether the run's mode let it,
``golden.py`` the op's own dtype from the golden, ``runs.py`` the entry points (``replay_ops``), ``profile.py``
the run-level error profile and ``report.py`` the ``replay --json`` document.
"""
