"""The compare command's early pass (core/metrics/early.py): pass A of a big .npy pair begun before numpy is
imported, taken by the compare only for the very memory it walked, and a compare that is the same with it or without.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from array import array

import numpy as np
import pytest

from ascend_dump_gui import cli
from ascend_dump_gui.core import threaded
from ascend_dump_gui.core.metrics import early, fused, leaf_tree
from ascend_dump_gui.core.npy_file import map_npy
from tests.core.compare.test_metrics_kernel import BUILT, ISAS, _adversarial, needs_kernel

ALL = fused.Needs(ad=True, d2=True, xx=True, yy=True, rel=True, minmax=True, sums=True, cos=True, kl=True)
LEAF = 1024
N = early.MIN_LEAVES * LEAF * 3 + 517          # 48 leaves of at most 1024 elements, the last ones shorter


@pytest.fixture(autouse=True)
def no_pass_left():
    """Every test ends with no early pass running or remembered."""
    yield
    early.end()
    assert early._RUN is None


@pytest.fixture(params=ISAS or ["none"])
def isa(request):
    if request.param == "none":
        pytest.skip("the C kernel is not built here (or the CPU lacks AVX2)")
    previous = BUILT.set_isa(request.param)
    yield request.param
    BUILT.set_isa(previous)


def _pair(tmp_path, x: np.ndarray, y: np.ndarray) -> tuple[str, str]:
    npu, golden = tmp_path / "npu.npy", tmp_path / "golden.npy"
    np.save(npu, x)
    np.save(golden, y)
    return str(npu), str(golden)


def _fields(a: fused.PassA) -> dict:
    """PassA's values as bytes, NaN-safe, for an exact comparison."""
    out = {}
    for key, value in vars(a).items():
        out[key] = repr(value) if isinstance(value, dict | tuple | type(None)) else np.float64(value).tobytes()
    return out


def _began(npu: str, golden: str, monkeypatch) -> early._Run:
    monkeypatch.setattr(threaded, "cpus", lambda: 2)      # a one-CPU runner still tests the pass
    assert early.begin(npu, golden, LEAF)
    return early._RUN


@needs_kernel
@pytest.mark.parametrize("kind", range(10))
def test_leaves_ap_answers_as_pass_ap_leaf_by_leaf(kind, isa):
    rng = np.random.default_rng(kind)
    x, y = _adversarial(20_000, kind, rng)
    ranges = leaf_tree.leaves(x.shape[0], 700)
    out = array("d", bytes(8 * BUILT.LEAF_AP_WIDTH * len(ranges)))
    state = array("q", [0, 0])
    BUILT.leaves_ap(x, y, array("q", [v for r in ranges for v in r]), out, state)
    assert state[1] == len(ranges)
    w = BUILT.LEAF_AP_WIDTH
    for i, (a, b) in enumerate(ranges):
        values, totals = BUILT.pass_ap(x[a:b], y[a:b])
        row = out[i * w:(i + 1) * w]
        assert np.array(row[:16]).tobytes() == np.array(values).tobytes(), (kind, i)
        assert (totals is None) == (row[24] == 0.0)
        if totals is not None:
            assert np.array(row[16:22]).tobytes() == np.array(totals[:6]).tobytes()
            assert (int(row[22]), int(row[23])) == totals[6:]


@needs_kernel
def test_leaves_ap_stops_where_it_is_told_and_refuses_bad_bounds():
    x = np.ones(4096, np.float32)
    out = array("d", bytes(8 * BUILT.LEAF_AP_WIDTH * 4))
    state = array("q", [1, 0])                        # told to stop before it began
    BUILT.leaves_ap(x, x, array("q", [0, 1024, 1024, 2048, 2048, 3072, 3072, 4096]), out, state)
    assert state[1] == 0
    for bounds in ([0, 5000], [-1, 10], [10, 10], [0, 10, 5]):
        with pytest.raises(ValueError):
            BUILT.leaves_ap(x, x, array("q", bounds), out, array("q", [0, 0]))
    with pytest.raises(ValueError):                   # out too short for the leaves
        BUILT.leaves_ap(x, x, array("q", [0, 1024] * 5), out, array("q", [0, 0]))


@needs_kernel
@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("done", [0, 1, 17, "all"])
def test_pass_a_with_leaves_done_early_equals_pass_a_without(tmp_path, monkeypatch, dtype, done, isa):
    rng = np.random.default_rng(3)
    x, y = _adversarial(N, 1, rng)                    # zeros in golden: some leaves have no msprobe totals
    x[5] = np.nan
    npu, golden = _pair(tmp_path, x.astype(dtype), y.astype(dtype))
    want = fused.pass_a(map_npy(npu), map_npy(golden), ALL, LEAF, msprobe=True)
    run = _began(npu, golden, monkeypatch)
    run.thread.join()                                  # every leaf done; the take below sees `done` of them
    assert run.state[1] == len(leaf_tree.leaves(N, LEAF))
    if done != "all":
        run.state[1] = done
    taken = []
    take = early.take
    monkeypatch.setattr(early, "take", lambda *a: taken.append(take(*a)) or taken[-1])
    xs, ys = map_npy(npu), map_npy(golden)
    got = fused.pass_a(xs, ys, ALL, LEAF, msprobe=True)
    assert len(taken[0]) == (run.state[1] if done == "all" else done)
    assert _fields(got) == _fields(want)
    assert early._RUN is None                          # taken once, then forgotten


@needs_kernel
def test_the_compare_maps_the_early_pass_memory_only_for_the_same_unchanged_file(tmp_path, monkeypatch):
    x = np.arange(N, dtype=np.float32)
    npu, golden = _pair(tmp_path, x, x + 1)
    _began(npu, golden, monkeypatch)
    mapped = map_npy(npu)
    assert not isinstance(mapped, np.memmap) and not mapped.flags.writeable
    np.testing.assert_array_equal(mapped, x)
    os.utime(golden, ns=(1, 1))                        # changed since the pass mapped it
    assert isinstance(map_npy(golden), np.memmap)
    other = tmp_path / "copy.npy"
    np.save(other, x)
    assert isinstance(map_npy(other), np.memmap)
    # the golden's own memory is not the early pass's: nothing is taken, and the compare does it all
    assert early.take(mapped, map_npy(golden), (0, 0), LEAF, False, BUILT.isa()) == []
    assert early._RUN is not None
    early.end()
    assert early._RUN is None


@needs_kernel
def test_begin_refuses_what_it_cannot_walk(tmp_path, monkeypatch):
    monkeypatch.setattr(threaded, "cpus", lambda: 2)
    x = np.zeros(N, np.float32)
    cases = {
        "small": (x[: early.MIN_LEAVES * LEAF - 1], x[: early.MIN_LEAVES * LEAF - 1]),
        "unequal": (x, x[:-1]),
        "int": (x.astype(np.int32), x.astype(np.int32)),
        "big-endian": (x.astype(">f4"), x.astype(">f4")),
        "fortran": (np.zeros((LEAF, 40), np.float32, order="F"), np.zeros((LEAF, 40), np.float32, order="F")),
        "float64": (x.astype(np.float64), x.astype(np.float64)),
    }
    for name, (a, b) in cases.items():
        folder = tmp_path / name
        folder.mkdir()
        assert not early.begin(*_pair(folder, a, b), LEAF), name
    npu, golden = _pair(tmp_path, x, x)
    assert not early.begin(npu, str(tmp_path / "missing.npy"), LEAF)
    (tmp_path / "cut.npy").write_bytes((tmp_path / "npu.npy").read_bytes()[:1000])
    assert not early.begin(npu, str(tmp_path / "cut.npy"), LEAF)
    assert not early.begin(npu, str(tmp_path), LEAF)
    os.mkfifo(tmp_path / "fifo.npy")                  # no writer: an open that waited would never return
    assert not early.begin(npu, str(tmp_path / "fifo.npy"), LEAF)
    monkeypatch.setattr(threaded, "cpus", lambda: 1)
    assert not early.begin(npu, golden, LEAF)
    assert early._RUN is None


def test_the_early_pass_imports_no_numpy():
    code = "import sys; import ascend_dump_gui.core.metrics.early; assert 'numpy' not in sys.modules, 'numpy'"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _compare_json(npu: str, golden: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["compare", npu, golden, "--json"]) == 0
    doc = json.loads(out.getvalue())
    doc["summary"].pop("seconds")
    return doc


@needs_kernel
def test_compare_command_gives_the_same_document_with_the_early_pass(tmp_path, monkeypatch):
    rng = np.random.default_rng(8)
    n = early.MIN_LEAVES * leaf_tree.DEFAULT_LEAF + 3333
    x = rng.standard_normal(n).astype(np.float32)
    npu, golden = _pair(tmp_path, x, (x + rng.standard_normal(n).astype(np.float32) * np.float32(1e-3)))
    monkeypatch.setattr(threaded, "cpus", lambda: 2)
    begin, take, taken = early.begin, early.take, []

    def begin_and_wait(*args):                        # every leaf done before the compare asks
        assert begin(*args)
        early._RUN.thread.join()
        return True

    monkeypatch.setattr(early, "begin", begin_and_wait)
    monkeypatch.setattr(early, "take", lambda *a: taken.append(take(*a)) or taken[-1])
    with_early = _compare_json(npu, golden)
    assert [len(t) for t in taken] == [len(leaf_tree.leaves(n))] and early._RUN is None
    monkeypatch.setattr(early, "begin", lambda *a, **k: False)
    assert with_early == _compare_json(npu, golden)
