"""Issue 33, vacuous budgets: a finite bound for every reduction size, in the kernel's documented summation order;
where it would reach the output's own magnitude the op is unsupported, never judged against it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ascend_dump_gui.core.msprobe.pt_file import torch_dtype_name
from ascend_dump_gui.core.replay.budget import (
    Budget,
    VacuousBudget,
    chain_length,
    cube_block,
    gamma,
    unit_roundoff,
    vector_block,
)
from ascend_dump_gui.core.replay.call import OpCall
from ascend_dump_gui.core.replay.result import replay_call
from ascend_dump_gui.core.replay.runs import open_run, replay_op
from tests.core.replay.msprobe_tree import write_rank

BIG = 1 << 24


def _replay(op_type: str, xs: list[np.ndarray], attrs: dict, outs: list[np.ndarray]):
    call = OpCall(op_type, xs, attrs, [str(o.dtype) for o in outs], [o.shape for o in outs])
    return replay_call(call, outs, [f"y:{i}" for i in range(len(outs))], op="y", index=0, inputs=[], source="")


@pytest.mark.parametrize("k", [1, 2, 15, 16, 17, 4096, BIG, 1 << 40])
@pytest.mark.parametrize("block", [1, 16, 64, 128])
def test_the_rounding_chain_is_finite_and_no_longer_than_the_sum(k, block):
    n = chain_length(k, block)
    assert 0 <= n <= max(k - 1, 0)
    assert n >= np.ceil(np.log2(max(min(block, k), 1)))


def test_gamma_is_finite_below_one_and_the_budget_refuses_it_from_one_half():
    assert gamma(10, 2.0 ** -24) == pytest.approx(10 * 2.0 ** -24, rel=1e-6)
    assert gamma(2048, 2.0 ** -11) == np.inf
    assert Budget("float16", "float16", 1024, block=1).coefficient() < 1.0    # 1023 u = 0.4995: allowed
    with pytest.raises(VacuousBudget, match="own magnitude"):
        Budget("float16", "float16", 1025, block=1).coefficient()        # 1024 u = 1/2: gamma = 1
    assert Budget("float32", "float32", BIG, block=vector_block("float32")).coefficient() < 0.02


def test_documented_blocks():
    assert (cube_block("float16"), cube_block("bfloat16"), cube_block("float32")) == (16, 16, 8)
    assert (vector_block("float32"), vector_block("float16")) == (64, 128)


def test_avgpool_float16_64x32_window_returning_nonsense_is_not_faithful():
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, (1, 1, 64, 32)).astype(np.float16)
    attrs = {"ksize": [1, 1, 64, 32], "strides": [1, 1, 1, 1], "padding": "VALID", "data_format": "NCHW"}
    r = _replay("AvgPool", [x], attrs, [np.full((1, 1, 1, 1), 12345, np.float16)])
    assert r.verdict == "unsupported" and "own magnitude" in r.reason and "not judged" in r.reason
    assert r.main.budget["vacuous"]
    honest = np.full((1, 1, 1, 1), x.astype(np.float64).mean(), np.float16)   # within its own rounding: faithful
    ok = _replay("AvgPool", [x], attrs, [honest])
    assert ok.verdict == "faithful" and "own roundings" in ok.reason
    off = np.full((1, 1, 1, 1), x.astype(np.float64).mean() * 1.01, np.float16)     # the bound cannot tell
    assert _replay("AvgPool", [x], attrs, [off]).verdict == "unsupported"
    small = {"ksize": [1, 1, 4, 4], "strides": [1, 1, 4, 4], "padding": "VALID", "data_format": "NCHW"}
    ok = x.astype(np.float32).reshape(1, 1, 16, 4, 8, 4).mean(axis=(3, 5)).astype(np.float16)
    assert _replay("AvgPool", [x], small, [ok]).verdict == "faithful"
    assert _replay("AvgPool", [x], small, [np.full_like(ok, 12345)]).verdict == "kernel"


def test_reducesum_of_2_24_float16_ones_returning_1000_is_kernel():
    ones = np.broadcast_to(np.float16(1.0), (BIG,))                 # stride 0: 2 bytes of data
    r = _replay("ReduceSumD", [ones], {"axes": [0]}, [np.array(1000, np.float16)])
    assert r.verdict == "kernel", r.reason
    assert r.main.budget["rounding_chain"] == 6 + BIG // 64 - 1
    assert "blocks of 64" in r.main.budget["summation_order"]
    for saturated in (np.float16(np.inf), np.float16(65504)):       # the honest float16 answers
        assert _replay("ReduceSumD", [ones], {"axes": [0]}, [np.array(saturated)]).verdict == "faithful"


def test_reducesum_float32_honest_long_sum_is_faithful_and_off_by_a_percent_is_kernel():
    rng = np.random.default_rng(1)
    x = rng.uniform(0.5, 1.5, (4, 1 << 18)).astype(np.float32)
    y = x.sum(axis=1, dtype=np.float32)
    assert _replay("ReduceSumD", [x], {"axes": [1]}, [y]).verdict == "faithful"
    assert _replay("ReduceSumD", [x], {"axes": [1]}, [(y * 1.01).astype(np.float32)]).verdict == "kernel"


def test_matmul_float16_k_2_24_returning_6_for_1_is_kernel():
    a = np.broadcast_to(np.float16(2.0 ** -12), (1, BIG))
    b = np.broadcast_to(np.float16(2.0 ** -12), (BIG, 1))          # sum of 2^24 products of 2^-24: 1.0
    assert _replay("MatMul", [a, b], {}, [np.array([[6.0]], np.float16)]).verdict == "kernel"
    honest = _replay("MatMul", [a, b], {}, [np.array([[1.0]], np.float16)])
    assert honest.verdict == "faithful"
    budget = honest.main.budget
    assert budget["rounding_chain"] == 4 + BIG // 16 - 1 and np.isfinite(budget["gamma"])
    assert budget["gamma"] < 0.1


def test_zero_mean_products_too_long_to_bound_are_judged_by_their_own_rounding_only():
    """||2 gamma S|| >= ||r||: the bound would allow an error of the output's own magnitude; an exact output is still
    faithful, any other is unsupported."""
    rng = np.random.default_rng(2)
    k = 1 << 21
    a = rng.choice(np.array([-1.0, 1.0], np.float16), (1, k))
    b = rng.choice(np.array([-1.0, 1.0], np.float16), (k, 2))
    exact = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16)
    assert _replay("MatMul", [a, b], {}, [exact]).verdict == "faithful"
    r = _replay("MatMul", [a, b], {}, [(exact + np.float16(64)).astype(np.float16)])
    assert r.verdict == "unsupported" and "own magnitude" in r.reason


def _stride0_pt(path, value: np.ndarray, count: int) -> None:
    """A ``.pt`` holding a (count,) view with stride 0 of a one-element storage (an expanded tensor)."""
    import io
    import zipfile

    from ascend_dump_gui.core.msprobe import pt_file

    storage = pt_file._STORAGE_BY_DTYPE[value.dtype]
    pickle = pt_file._pickle_tensor(storage, (count,), False)
    pickle = pickle.replace(b"J" + count.to_bytes(4, "little") + b"tQ", b"J" + (1).to_bytes(4, "little") + b"tQ")
    pickle = pickle.replace(b"(J" + (1).to_bytes(4, "little") + b"t", b"(J" + (0).to_bytes(4, "little") + b"t")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr(f"{path.stem}/data.pkl", pickle)
        zf.writestr(f"{path.stem}/byteorder", "little")
        zf.writestr(f"{path.stem}/data/0", value.astype(value.dtype.newbyteorder("<")).tobytes())
        zf.writestr(f"{path.stem}/version", "3\n")
    path.write_bytes(buf.getvalue())


def test_msprobe_torch_sum_over_a_stride0_pt_of_2_24_ones(tmp_path):
    folder = write_rank(tmp_path, [("Torch.sum.0.forward", [np.ones(4, np.float32)], {},
                                    [np.array(1000.0, np.float32)])])
    _stride0_pt(folder / "dump_tensor_data" / "Torch.sum.0.forward.input.0.pt", np.ones(1, np.float32), BIG)
    doc = json.loads((folder / "dump.json").read_text())
    leaf = doc["data"]["Torch.sum.0.forward"]["input_args"][0]
    leaf.update(shape=[BIG], Norm=float(2 ** 12), Mean=1.0, dtype=torch_dtype_name(np.dtype(np.float32)))
    (folder / "dump.json").write_text(json.dumps(doc))
    r = replay_op(open_run(folder), "Torch.sum.0.forward")
    assert r.verdict == "kernel", r.reason
    assert r.inputs[0]["shape"] == [BIG]


def test_budget_states_the_order_and_chain_of_every_reduction():
    u = unit_roundoff("float32")
    b = Budget("float16", "float32", 4096, block=cube_block("float16"))
    d = b.describe()
    assert d["rounding_chain"] == 4 + 256 - 1 and d["gamma"] == pytest.approx(259 * u / (1 - 259 * u))
    assert "blocks of 16" in d["summation_order"]
