"""Run msprobe 26.2.0's own config start-up checks on tests/core/config/data/msprobe_configs.json.

    MSPROBE_VENV/bin/python scripts/msprobe_oracle_config.py

For each case: does msprobe's CommonConfig + task config + PyTorch DebuggerConfig refuse it? Prints one line per
case and whether that agrees with the case's ``msprobe_refuses``; exits 1 on a disagreement.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

CASES = Path(__file__).resolve().parents[1] / "tests" / "core" / "config" / "data" / "msprobe_configs.json"


def refused(config: dict) -> str | None:
    from msprobe.core.dump.common_config import CommonConfig
    from msprobe.pytorch.dump.debugger.debugger_config import DebuggerConfig
    from msprobe.pytorch.dump.pt_config import parse_task_config

    try:
        common = CommonConfig(config)
        task_config = parse_task_config(common.task or "statistics", config)
        DebuggerConfig(common, task_config, None, None, None)
    except Exception as exc:  # noqa: BLE001 - msprobe raises plain Exception for some checks
        return f"{type(exc).__name__}: {exc}"[:110]
    return None


def main() -> int:
    data = json.loads(CASES.read_text())
    bad = 0
    with tempfile.TemporaryDirectory():
        for case in [{"rule": "good", "msprobe_refuses": False, "config": data["good"]}, *data["cases"]]:
            why = refused(case["config"])
            agree = (why is not None) == case["msprobe_refuses"]
            bad += not agree
            print(f"{'ok ' if agree else 'BAD'} {case['rule']:40s} refused={why is not None} {why or ''}")
    print(f"{len(data['cases']) + 1} configs, {bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
