"""Our metrics against the strings Huawei's msprobe produced (fixture made by make_oracle_fixture.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from ascend_dump_gui.core.metrics.metrics import FAILED, METRIC_NAMES, evaluate
from ascend_dump_gui.core.metrics.msprobe_metrics import MSPROBE_NAMES, accuracy_reached, msprobe_metrics
from tests.core.compare import oracle_cases

FIXTURE = json.loads((Path(__file__).parent / "data" / "oracle_metrics.json").read_text())
EDGE = oracle_cases.edge_cases()
SHARED = oracle_cases.shared_cases()


def test_fixture_covers_every_case():
    assert set(FIXTURE["cases"]) == set(EDGE)
    assert set(FIXTURE["shared"]) == set(SHARED)


@pytest.mark.parametrize("name", sorted(EDGE))
def test_msaccucmp_strings_equal_oracle(name):
    npu, golden = EDGE[name]
    want = FIXTURE["cases"][name]
    got = evaluate(npu, golden, npu_name="npu.bin", golden_name="golden.npy")
    if "msaccucmp_error" in want:
        assert set(got.texts.values()) == {FAILED}
        assert all(v is None for v in got.values.values())
        assert "does not match" in got.messages[0]
    else:
        assert got.texts == want["msaccucmp"]
        assert got.messages == want["msaccucmp_messages"]


@pytest.mark.parametrize("name", ["multi_leaf_f32_200003", "multi_leaf_offset_300000", "noise_f16_4096",
                                  "kl_floor_leaves", "golden_near_eps_multi_leaf", "std_near_rounding_tie",
                                  "nan_npu", "bool_different", "fp16_extremes"])
@pytest.mark.parametrize("leaf", [128, 1000, 40000])
def test_leaf_size_does_not_change_a_bit(name, leaf):
    npu, golden = EDGE[name]
    assert evaluate(npu, golden, leaf=leaf).texts == FIXTURE["cases"][name]["msaccucmp"]


@pytest.mark.parametrize("name", ["noise_f32_1000", "golden_with_zeros", "constant_npu", "empty"])
def test_each_metric_alone_gives_the_same_string(name):
    npu, golden = EDGE[name]
    want = FIXTURE["cases"][name]["msaccucmp"]
    for metric in METRIC_NAMES:
        assert evaluate(npu, golden, [metric]).texts == {metric: want[metric]}


def test_metric_selection_keeps_selection_order_and_accepts_indices():
    npu, golden = EDGE["noise_f32_1000"]
    got = evaluate(npu, golden, ["9", "CosineSimilarity", "4"])
    assert list(got.texts) == ["MeanRelativeError", "CosineSimilarity", "KullbackLeiblerDivergence"]
    with pytest.raises(ValueError, match="unknown metric"):
        evaluate(npu, golden, ["Cosine"])


@pytest.mark.parametrize("key", sorted(k for k in FIXTURE["cli"] if k.count(":") == 3 and "no_golden" not in k))
def test_cli_result_csv_strings_equal_ours(key):
    """The rows of the unmodified ``msaccucmp compare`` CLI on make_compare_cases.py's dumps.

    NPU-vs-NPU compare casts both sides to float32 first, so bool data gets all ten metrics there.
    """
    npu, golden = SHARED[key]
    if key.startswith("npu:"):
        npu, golden = npu.astype(np.float32), golden.astype(np.float32)
    assert evaluate(npu, golden).texts == FIXTURE["cli"][key]


@pytest.mark.parametrize("key", sorted(SHARED))
def test_shared_cases_direct(key):
    npu, golden = SHARED[key]
    assert evaluate(npu, golden).texts == FIXTURE["shared"][key]["msaccucmp"]


def _same(got, want, name: str) -> bool:
    if isinstance(want, str) or isinstance(got, str):
        return got == want
    if name == "EucDist":      # msprobe leaves it unformatted: allow last-bit summation-order noise
        return math.isclose(got, want, rel_tol=1e-12) or (math.isinf(got) and got == want)
    return got == want


@pytest.mark.parametrize("name", sorted(EDGE) + [f"shared:{k}" for k in sorted(SHARED)])
def test_msprobe_columns_and_accuracy_equal_oracle(name):
    if name.startswith("shared:"):
        npu, golden = SHARED[name[7:]]
        want = FIXTURE["shared"][name[7:]]
    else:
        npu, golden = EDGE[name]
        want = FIXTURE["cases"][name]
    got = msprobe_metrics(npu, golden)
    assert list(got.values) == list(MSPROBE_NAMES)
    bad = {k: (got.values[k], want["msprobe"][k]) for k in MSPROBE_NAMES
           if not _same(got.values[k], want["msprobe"][k], k)}
    assert not bad
    assert accuracy_reached(got.values["Cosine"], got.values["MaxAbsErr"]) == want["accuracy"]


def test_msprobe_metrics_do_not_modify_the_inputs():
    npu, golden = (a.copy() for a in EDGE["nan_same_positions"])
    msprobe_metrics(npu, golden)
    assert np.isnan(npu).sum() == 2 and np.isnan(golden).sum() == 2


def test_memmap_input_gives_the_same_strings(tmp_path):
    npu, golden = EDGE["multi_leaf_f32_200003"]
    np.save(tmp_path / "n.npy", npu)
    np.save(tmp_path / "g.npy", golden)
    got = evaluate(np.load(tmp_path / "n.npy", mmap_mode="r"), np.load(tmp_path / "g.npy", mmap_mode="r"))
    assert got.texts == FIXTURE["cases"]["multi_leaf_f32_200003"]["msaccucmp"]

