"""From a finding to the next run (cli.md, last section): ``fix`` proposes the framework's own precision fix for ops
that ran below their dtype or overflowed (``fix.py``, forms per framework in ``fix_forms.py``); ``capture`` writes the
next capture config that dumps full tensors only where the last run diverged (``capture.py``, forms in
``capture_forms.py``). Both check every name against the run (``run_ops.py``), judge their output with the config
checker and write beside ``--out`` without replacing anything (``output.py``). The replay's verdicts reach the fix
through one function, :func:`evidence.judge_ops`.
"""
