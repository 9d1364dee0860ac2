"""Write the msprobe test trees of the Graph view with msprobe itself (needs torch and msprobe, e.g. the
msprobe venv), under tests/core/graph/data/msprobe/: a small model dumped at levels mix and L0 (statistics),
once as the bench and once with the first GELU's output scaled by 1 + 1e-2 (the "NPU" run); and a two-stage
pipeline (world size 2, gloo on this machine): rank 0 runs the embedding and the first layer and sends its
activation to rank 1, which runs the second layer and the head and sends the gradient back.

    /path/to/msprobe-venv/bin/python scripts/make_msprobe_graph_trees.py NAME LEVEL bench|npu
    /path/to/msprobe-venv/bin/python scripts/make_msprobe_graph_trees.py pipeline
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn

OUT = Path(__file__).resolve().parent.parent / "tests" / "core" / "graph" / "data" / "msprobe"


class Layer(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.proj = nn.Linear(width, width)
        self.norm = nn.LayerNorm(width)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.norm(self.proj(x))) + x


class Tiny(nn.Module):
    def __init__(self, width: int = 6) -> None:
        super().__init__()
        self.embed = nn.Linear(4, width)
        self.layers = nn.Sequential(Layer(width), Layer(width))
        self.head = nn.Linear(width, 3)

    def forward(self, x):
        return F.log_softmax(self.head(self.layers(self.embed(x))), dim=-1)


def _perturb_first_gelu() -> None:
    original, calls = F.gelu, [0]

    def gelu(x, approximate="none"):
        calls[0] += 1
        out = original(x, approximate=approximate)
        return out * (1 + 1e-2) if calls[0] == 1 else out

    F.gelu = gelu


def run(name: str, level: str, perturbed: bool) -> None:
    out = OUT / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    config = out.parent / f"config_{name}.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": str(out), "rank": [], "step": [],
                                  "level": level, "async_dump": False,
                                  "statistics": {"scope": [], "list": [], "data_mode": ["all"],
                                                 "summary_mode": "statistics"}}))
    if perturbed:
        _perturb_first_gelu()
    from msprobe.pytorch import PrecisionDebugger

    torch.manual_seed(0)
    model, x, target = Tiny(), torch.randn(2, 4), torch.tensor([0, 2])
    debugger = PrecisionDebugger(config_path=str(config))
    debugger.start(model)
    loss = F.nll_loss(model(x), target)
    loss.backward()
    debugger.stop()
    debugger.step()
    config.unlink()
    for path in out.rglob("*.json"):   # absolute paths of this machine are not test data
        if path.name == "dump.json":
            doc = json.loads(path.read_text())
            doc["dump_data_dir"] = None
            path.write_text(json.dumps(doc, indent=1))


class Stage0(nn.Module):
    def __init__(self, width: int = 6) -> None:
        super().__init__()
        self.embed = nn.Linear(4, width)
        self.layer = Layer(width)

    def forward(self, x):
        return self.layer(self.embed(x))


class Stage1(nn.Module):
    def __init__(self, width: int = 6) -> None:
        super().__init__()
        self.layer = Layer(width)
        self.head = nn.Linear(width, 3)

    def forward(self, h):
        return F.log_softmax(self.head(self.layer(h)), dim=-1)


def _stage(rank: int, out: str) -> None:
    import os

    import torch.distributed as dist

    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT="29583")
    dist.init_process_group("gloo", rank=rank, world_size=2)
    config = Path(out).parent / f"config_pipeline_{rank}.json"
    config.write_text(json.dumps({"task": "statistics", "dump_path": out, "rank": [], "step": [], "level": "mix",
                                  "async_dump": False, "statistics": {"scope": [], "list": [], "data_mode": ["all"],
                                                                       "summary_mode": "statistics"}}))
    from msprobe.pytorch import PrecisionDebugger

    torch.manual_seed(0)
    stage0, stage1 = Stage0(), Stage1()
    x, target = torch.randn(2, 4), torch.tensor([0, 2])
    debugger = PrecisionDebugger(config_path=str(config))
    if rank == 0:
        debugger.start(stage0)
        h = stage0(x)
        dist.send(h.detach(), dst=1)
        grad = torch.empty_like(h)
        dist.recv(grad, src=1)
        h.backward(grad)
    else:
        debugger.start(stage1)
        h = torch.empty(2, 6)
        dist.recv(h, src=0)
        h.requires_grad_(True)
        loss = F.nll_loss(stage1(h), target)
        loss.backward()
        dist.send(h.grad, dst=0)
    debugger.stop()
    debugger.step()
    dist.barrier()
    config.unlink()
    dist.destroy_process_group()


def pipeline() -> None:
    import torch.multiprocessing as mp

    out = OUT / "pipeline"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    mp.spawn(_stage, args=(str(out),), nprocs=2, join=True)


if __name__ == "__main__":
    if sys.argv[1] == "pipeline":
        pipeline()
    else:
        run(sys.argv[1], sys.argv[2], sys.argv[3] == "npu")
