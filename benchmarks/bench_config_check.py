"""Config check speed: ``check()`` on typical configs of every scenario, against ``json.loads`` of the same
acl.json text repeated in the same run (a parse the GUI does anyway on every edit).

Target (issue 2): ``check()`` well under 50 ms for a typical config (the GUI re-runs it on every edit).

    python benchmarks/bench_config_check.py [--runs 200]
"""

from __future__ import annotations

import argparse
import json
import time

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.importers import parse_text

ACL = json.dumps({"dump": {
    "dump_path": "/tmp", "dump_mode": "all", "dump_step": "0|5-10|20", "dump_level": "op", "dump_data": "stats",
    "dump_stats": ["Max", "Min", "Avg"],
    "dump_list": [{"model_name": f"model_{i}", "layer": [f"layer_{j}" for j in range(50)],
                   "optype_blacklist": [{"name": "Conv2D", "pos": ["input0"]}]} for i in range(10)]}})
TF1 = "\n".join(['custom_op.parameter_map["enable_dump"].b = True',
                 'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("/tmp")',
                 'custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes("0|5|10")',
                 'custom_op.parameter_map["precision_mode_v2"].s = tf.compat.as_bytes("mixed_float16")',
                 'custom_op.parameter_map["profiling_mode"].b = True',
                 'custom_op.parameter_map["profiling_options"].s = tf.compat.as_bytes(\'{"output":"/tmp/p"}\')',
                 'custom_op.parameter_map["input_shape"].s = tf.compat.as_bytes("data:1,-1")',
                 'custom_op.parameter_map["dynamic_dims"].s = tf.compat.as_bytes("1;2")'])
TORCHAIR = ("c = torchair.CompilerConfig()\nc.mode = 'reduce-overhead'\nc.dump_config.enable_dump = True\n"
            "c.dump_config.dump_path = '/tmp'\nc.dump_config.dump_step = '0|1'\n")
ENV = "export ASCEND_WORK_PATH=/w\nexport NPU_COLLECT_PATH=/c\nexport DUMP_GE_GRAPH=2\n"


def per_call(runs: int, fn) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(runs):
            fn()
        best = min(best, (time.perf_counter() - start) / runs)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    baseline = per_call(args.runs, lambda: json.loads(ACL))
    print(f"baseline json.loads(acl.json, {len(ACL)} bytes): {baseline * 1e3:.3f} ms")
    env = {"ASCEND_WORK_PATH": "/w", "NPU_COLLECT_PATH": "/c"}
    for name, text, kind in (("acl_json", ACL, "json"), ("tf1_session", TF1, "python"),
                             ("torchair", TORCHAIR, "python"), ("env", ENV, "shell")):
        doc = parse_text(text, kind=kind)
        seconds = per_call(args.runs, lambda d=doc: check(d, env=env))
        parse = per_call(args.runs, lambda t=text, k=kind: parse_text(t, kind=k))
        verdict = "OK" if seconds < 0.05 else "SLOW"
        print(f"{name:<12} check {seconds * 1e3:7.3f} ms ({seconds / baseline:6.1f}x baseline)  "
              f"parse {parse * 1e3:7.3f} ms  [{verdict}: target < 50 ms]")
        print(f"RATIO config_check_{name}_ms {seconds * 1e3:.3f} <= 50")


if __name__ == "__main__":
    main()
