"""Numbers an attacker or a slip of the finger gives `emulate`: every one is checked before anything is built
(exit 2 with a message, no traceback), and a long run makes one step's inputs at a time, writing as it goes."""

from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator.drift import Drift
from ascend_dump_gui.core.emulator.limits import MAX_RUN_STEPS
from ascend_dump_gui.core.emulator.msprobe_writer import selected_steps
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.progress import Cancelled
from tests.core.emulator.helpers import run
from tests.core.msprobe.hostile import REPO, assert_clean, run_cli


def _acl_config(tmp_path):
    (tmp_path / "out").mkdir(exist_ok=True)
    config = tmp_path / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": "out", "dump_list": [{}]}}))
    return config


@pytest.mark.parametrize(("args", "said"), [
    (["--fault", "perturb", "--seed", "-1"], "--seed must be from 0 to 4294967295, not -1"),
    (["--seed", "9" * 30], "--seed must be from 0 to 4294967295, not a 30-digit number"),
    (["--seed", "9" * 5000], "invalid int value"),
    (["--steps", "1000000000"], f"--steps must be from 1 to {MAX_RUN_STEPS}, not 1000000000"),
    (["--steps", "0"], "--steps must be from 1 to"),
    (["--steps", "-3", "--plan"], "--steps must be from 1 to"),
    (["--ranks", "0"], "--ranks must be from 1 to 4096"),
    (["--ranks", "1000000"], "--ranks must be from 1 to 4096"),
    (["--ranks", "2", "--drift", f"1:{'9' * 5000}:dense/MatMul"], "expected RANK:STEP:OP"),
])
def test_bad_numbers_exit_2_before_anything_is_written(tmp_path, args, said):
    config = _acl_config(tmp_path)
    proc = run_cli("emulate", "--config", config, "--cwd", tmp_path, "--golden", tmp_path / "golden", *args,
                   timeout=60)
    assert_clean(proc, codes=(2,))
    assert said in proc.stderr
    assert not (tmp_path / "golden").exists() and not any((tmp_path / "out").iterdir())
    assert not (tmp_path / "npu").exists()


def test_huge_device_id_in_the_environment_is_a_message(tmp_path):
    with pytest.raises(InputError, match="ASCEND_DEVICE_ID=9999999999999"):
        run(tmp_path, ConfigDoc("acl_json", {"dump_path": "out", "dump_list": [{}]}),
            env={"ASCEND_DEVICE_ID": "9" * 400})


def test_drift_refuses_numbers_it_cannot_hold():
    with pytest.raises(InputError):
        Drift.parse("1:" + "9" * 5000 + ":op")
    with pytest.raises(InputError):
        Drift.parse("\u0663:1:op")      # an Arabic-Indic digit is no rank number
    assert Drift.parse("3:1:dense_1/MatMul") == Drift(3, 1, "dense_1/MatMul")


def test_step_and_rank_lists_are_bounded_by_what_runs():
    assert selected_steps(["0-1000000000"], range(3)) == (0, 1, 2)
    assert selected_steps(["1-" + "9" * 5000, "7"], range(4)) == (1, 2, 3)
    assert selected_steps(["9" * 5000, "x", "2-1"], range(4)) == ()
    assert selected_steps([], range(2)) == (0, 1)


def test_a_long_run_writes_each_step_before_making_the_next(tmp_path):
    """Steps are made and written one at a time: when step k starts, step k-1's golden files are on disk and
    step k's are not; a run of the most steps allowed can be cancelled after a few."""
    golden = tmp_path / "golden"
    seen = []

    def progress(done, total, message):
        if done < total:
            seen.append((done, (golden / str(done - 1)).is_dir() if done else True, (golden / str(done)).exists()))
        if done == 3:
            raise Cancelled("enough")

    with pytest.raises(Cancelled):
        run(tmp_path, ConfigDoc("acl_json", {"dump_path": "out", "dump_list": [{}]}), model="convnet",
            steps=MAX_RUN_STEPS, golden_dir=golden, progress=progress)
    assert seen == [(0, True, False), (1, True, False), (2, True, False), (3, True, False)]


_LAZY_CHILD = """
import sys
from pathlib import Path
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.emulator import emulate
from ascend_dump_gui.core.emulator.limits import MAX_RUN_STEPS
from ascend_dump_gui.core.progress import Cancelled

def stop(done, total, message):
    if done == 2:
        raise Cancelled("enough")

cwd = Path(sys.argv[1])
(cwd / "out").mkdir()
try:
    emulate(ConfigDoc("acl_json", {"dump_path": "out", "dump_list": [{}]}), model="convnet", steps=MAX_RUN_STEPS,
            cwd=cwd, progress=stop)
except Cancelled:
    print("cancelled at step 2")
"""


LAZY_LIMIT = 1 << 30
"""Address space of the child below: numpy and the emulator fit; every step's inputs made first (1.2 GB of
convnet inputs for MAX_RUN_STEPS steps) do not."""


def _limit_lazy() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LAZY_LIMIT, LAZY_LIMIT))


def test_the_most_steps_allowed_start_within_a_small_address_space(tmp_path):
    """Under a 1 GiB address-space limit, MAX_RUN_STEPS steps of the model with the largest inputs start at
    once: building every step's inputs first would take MAX_RUN_STEPS x their size before step 0 (and, before
    the bound, --steps 1000000000 grew past 3 GB)."""
    env = {"PYTHONPATH": str(REPO), "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
    proc = subprocess.run([sys.executable, "-c", _LAZY_CHILD, str(tmp_path)], capture_output=True, text=True,
                          env=env, timeout=300, preexec_fn=_limit_lazy, check=False)
    assert proc.returncode == 0 and "cancelled at step 2" in proc.stdout, proc.stderr[-2000:]
