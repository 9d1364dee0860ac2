"""A real dask.distributed LocalCluster (2 worker processes): the same result as in-process, and worker
deaths that end in retries or reported losses, never a hang or dropped rows. One cluster for the module:
starting it costs seconds."""

from __future__ import annotations

import os
import signal

import pytest

from ascend_dump_gui.core.progress import Cancelled, CancelToken
from ascend_dump_gui.core.runs.executor import DaskExecutor
from ascend_dump_gui.core.runs.tree_compare import compare_tree
from tests.core.runs import cluster_tasks

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")


@pytest.fixture(scope="module")
def client():
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=50)
    c = distributed.Client(cluster, set_as_default=False)
    yield c
    c.close()
    cluster.close()


def _without_timing(doc: dict) -> dict:
    doc = dict(doc)
    doc["summary"] = {k: v for k, v in doc["summary"].items() if k not in ("seconds", "executor")}
    return doc


@pytest.mark.parametrize("stats_first", [True, False])
def test_cluster_gives_the_in_process_result(client, ranks_tree, stats_first):
    local = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=stats_first)
    seen = []
    remote = compare_tree(ranks_tree.npu_root, mode="ranks", stats_first=stats_first,
                          executor=DaskExecutor(client=client), progress=lambda d, t, m: seen.append((d, t)))
    assert remote.summary["executor"] == "dask"
    assert _without_timing(remote.to_json()) == _without_timing(local.to_json())
    assert remote.summary["first_divergence"] == {"rank": 5, "step": 1, "tensor": "dense_1/MatMul:output:0"}
    assert seen[-1] == (24, 24) and [d for d, t in seen if t] == list(range(1, 25))


def test_a_worker_killed_mid_run_is_retried_or_reported(client, ranks_tree):
    local = compare_tree(ranks_tree.npu_root, mode="ranks")
    victim = sorted(client.run(os.getpid).values())[0]
    killed = []

    def kill_once(done, total, message):
        if not killed:
            killed.append(victim)
            os.kill(victim, signal.SIGKILL)

    remote = compare_tree(ranks_tree.npu_root, mode="ranks", executor=DaskExecutor(client=client),
                          progress=kill_once)
    assert killed
    lost = {(x["rank"], x["step"]) for x in remote.lost}
    assert all(x["reason"] for x in remote.lost), remote.lost
    by_run = {(r["rank"], r["step"]): r for r in local.runs}
    for run in remote.runs:                      # every run is either complete or reported lost
        key = (run["rank"], run["step"])
        if key in lost:
            assert run["status"] == "lost"
        else:
            assert run["rows"] == by_run[key]["rows"] and run["failed"] == by_run[key]["failed"]
    kept = [r for r in remote.rows if (r["rank"], r["step"]) not in lost]
    assert kept == [r for r in local.rows if (r["rank"], r["step"]) not in lost]
    client.wait_for_workers(2, timeout=60)


def test_a_task_that_keeps_killing_workers_is_reported_lost(client):
    outcomes = DaskExecutor(client=client).map(cluster_tasks.die, [0], ["poison"])
    assert outcomes[0].lost and "died" in outcomes[0].error
    assert [o.value for o in DaskExecutor(client=client).map(cluster_tasks.square, [3, 4], ["a", "b"])] == [9, 16]
    client.wait_for_workers(2, timeout=60)


def test_cancel_stops_a_cluster_run(client, ranks_tree):
    token = CancelToken()
    with pytest.raises(Cancelled):
        compare_tree(ranks_tree.npu_root, mode="ranks", executor=DaskExecutor(client=client), cancel=token,
                     progress=lambda d, t, m: token.cancel())
    assert [o.value for o in DaskExecutor(client=client).map(cluster_tasks.square, [5], ["c"])] == [25]


def test_cluster_gives_the_in_process_result_on_msprobe_trees(client, msprobe_trees):
    npu, bench = msprobe_trees
    local = compare_tree(npu, bench, mode="golden", stats_first=True)
    remote = compare_tree(npu, bench, mode="golden", stats_first=True, executor=DaskExecutor(client=client))
    assert _without_timing(remote.to_json()) == _without_timing(local.to_json())
    assert remote.summary["first_divergence"]["rank"] == 2 and remote.summary["full_compared_runs"] == 3  # drift, overflow
