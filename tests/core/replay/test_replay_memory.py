"""Issue 33, memory: the replay checks the output shape, its inputs' sizes and its work before it builds anything
large. Each case runs in a child process under an address-space limit (a bomb ends there, not in the test run)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import numpy as np

from tests.core.msprobe.hostile import MEMORY_LIMIT, REPO, assert_clean, run_cli
from tests.core.replay.ge_folder import GeOp, Tensor, write_folder

F32 = np.float32

_CHILD = r'''
import json, sys
import numpy as np
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.result import replay_call

def replay(op_type, xs, attrs, out):
    call = OpCall(op_type, xs, attrs, [str(out.dtype)], [out.shape], ["NCHW", "NCHW"])
    r = replay_call(call, [out], ["y:0"], op="y", index=0, inputs=[], source="")
    return {"verdict": r.verdict, "reason": r.reason}

f16 = np.float16
x = np.ones((1, 1, 8, 8), f16)
w = np.ones((1, 1, 3, 3), f16)
out = {
    "broadcast": replay("Add", [np.broadcast_to(f16(1), (1 << 16, 1)), np.broadcast_to(f16(1), (1, 1 << 16))], {},
                        np.zeros(4, f16)),
    "huge_input": replay("Relu", [np.broadcast_to(f16(1), (1 << 30,))], {}, np.zeros(4, f16)),
    "huge_output": replay("Relu", [np.ones(4, f16)], {}, np.broadcast_to(f16(0), (1 << 30,))),
    "matmul": replay("MatMul", [np.broadcast_to(f16(1), (1 << 12, 1 << 12)), np.broadcast_to(f16(1), (1 << 12, 1 << 12))],
                     {}, np.zeros(4, f16)),
    "pool_window": replay("MaxPool", [x], {"ksize": [1, 1, 1 << 30, 1 << 30], "strides": [1, 1, 1, 1],
                                           "padding": "SAME", "data_format": "NCHW"}, np.zeros((1, 1, 8, 8), f16)),
    "conv_pads": replay("Conv2D", [x, w], {"strides": [1, 1, 1 << 30, 1 << 30], "pads": [1 << 30] * 4,
                                           "data_format": "NCHW"}, np.zeros((1, 1, 3, 3), f16)),
    "conv_shape": replay("Conv2D", [x, w], {"strides": [1, 1, 1, 1], "pads": [1 << 20] * 4,
                                            "data_format": "NCHW"}, np.zeros((1, 1, 6, 6), f16)),
}
print(json.dumps(out))
'''


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_bombs_are_unsupported_before_anything_large_is_built():
    env = {**os.environ, "PYTHONPATH": str(REPO), "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
    proc = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env, timeout=300,
                          preexec_fn=_limit, check=False)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert all(r["verdict"] == "unsupported" for r in out.values()), out
    assert "would have shape [65536, 65536]" in out["broadcast"]["reason"]
    assert "input 0 holds 1073741824 elements" in out["huge_input"]["reason"]
    assert "output 0 holds 1073741824 elements" in out["huge_output"]["reason"]
    assert "would have shape [4096, 4096]" in out["matmul"]["reason"]
    assert "padded input elements" in out["pool_window"]["reason"]
    assert "padded input elements" in out["conv_pads"]["reason"]
    assert "would have shape" in out["conv_shape"]["reason"]
    assert not any("memory" in r["reason"] for r in out.values()), out


def test_cli_replay_of_a_broadcast_bomb_from_a_ge_dump(tmp_path):
    a = np.ones((1 << 15, 1), F32)
    b = np.ones((1, 1 << 15), F32)
    step, _ = write_folder(tmp_path, [GeOp("add", "Add", [Tensor(a), Tensor(b)], [Tensor(np.zeros(4, F32))])])
    proc = run_cli("replay", step, "--op", "add", "--json")
    assert_clean(proc, codes=(0,))
    (result,) = json.loads(proc.stdout)["results"]
    assert result["verdict"] == "unsupported" and "would have shape [32768, 32768]" in result["reason"]
