"""Check core/msprobe's compare against msprobe 26.2.0's own ``msprobe compare`` on emulator-written pairs.

    python scripts/msprobe_oracle_compare.py MSPROBE_VENV WORKDIR [PAIR ...]
    python scripts/msprobe_oracle_compare.py MSPROBE_VENV WORKDIR --trees NPU_STEP_DIR BENCH_STEP_DIR

MSPROBE_VENV is the venv made by ``../shared/tools/msprobe-oracle/setup.sh`` with ``WITH_TORCH=1``. Each
pair is an NPU tree (noise, an optional fault) and a bench tree written by
``core/emulator/msprobe_writer``; msprobe's CSV and our rows are compared cell by cell (metrics to 1e-9
relative, ``Result`` exactly). Prints one line per pair and exits 1 on any difference.
"""

from __future__ import annotations

import csv
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

from ascend_dump_gui.core.emulator.msprobe_writer import MsprobeDumpSpec, write_msprobe_tree
from ascend_dump_gui.core.msprobe.compare import compare_runs
from ascend_dump_gui.core.msprobe.rows import metric_names
from ascend_dump_gui.core.msprobe.tree import open_tree

PAIRS: list[tuple[str, str, dict, dict]] = [
    # (name, model, common spec keys, npu-only keys)
    ("mlp_stats_fp32", "mlp", {"task": "statistics"}, {"noise": 1e-3}),
    ("mlp_stats_fault", "mlp", {"task": "statistics", "level": "mix"}, {"noise": 1e-4, "fault_op": "dense_1/MatMul"}),
    ("conv_stats_fp16", "convnet", {"task": "statistics", "dtype": "float16"}, {"noise": 1e-3}),
    ("tf_stats_bf16_mix", "transformer", {"task": "statistics", "dtype": "bfloat16", "level": "mix"},
     {"noise": 1e-2}),
    ("mlp_stats_L0", "mlp", {"task": "statistics", "level": "L0"}, {"noise": 1e-3, "fault_op": "dense/MatMul"}),
    ("overflow_stats_fp16", "overflow_fp16", {"task": "statistics", "dtype": "float16"}, {"noise": 1e-3}),
    ("mlp_md5", "mlp", {"task": "statistics", "summary_mode": "md5"}, {"noise": 1e-3}),
    ("mlp_tensor_fp32", "mlp", {"task": "tensor"}, {"noise": 1e-3}),
    ("mlp_tensor_fault_mix", "mlp", {"task": "tensor", "level": "mix"}, {"noise": 1e-4, "fault_op": "dense_2/MatMul"}),
    ("conv_tensor_fp16", "convnet", {"task": "tensor", "dtype": "float16"}, {"noise": 1e-3}),
    ("tf_tensor_bf16", "transformer", {"task": "tensor", "dtype": "bfloat16"}, {"noise": 1e-2}),
    ("tf_tensor_L0", "transformer", {"task": "tensor", "level": "L0"}, {"noise": 1e-3}),
    ("mlp_tensor_exact", "mlp", {"task": "tensor", "level": "mix"}, {}),
    ("mlp_tensor_unmatched", "mlp", {"task": "tensor"}, {"noise": 1e-3}),
    ("mlp_stats_unmatched", "mlp", {"task": "statistics"}, {"noise": 1e-3}),
    ("mlp_stats_nan", "mlp", {"task": "statistics"}, {"noise": 1e-4}),
    ("mlp_tensor_reqgrad", "mlp", {"task": "tensor"}, {"noise": 1e-4}),
    ("mlp_stats_dtype", "mlp", {"task": "statistics", "level": "mix"}, {"noise": 1e-4}),
]


def _write_pair(work: Path, name: str, model: str, common: dict, npu_only: dict) -> tuple[Path, Path]:
    npu, bench = work / name / "npu", work / name / "bench"
    shutil.rmtree(work / name, ignore_errors=True)
    write_msprobe_tree(npu, model, MsprobeDumpSpec(ranks=(0,), **common, **npu_only))
    write_msprobe_tree(bench, model, MsprobeDumpSpec(ranks=(0,), **common))
    if name.endswith("unmatched"):  # the bench misses one forward call
        path = bench / "step0" / "rank0" / "dump.json"
        doc = json.loads(path.read_text())
        del doc["data"]["Torch.add.1.forward"]
        path.write_text(json.dumps(doc))
    edits = {"nan": ("Torch.add.1.forward", "output", "Max", float("nan")),          # InfNanErrChecker
             "reqgrad": ("Torch.matmul.0.forward", "input_args", "requires_grad", True),  # RequiresGradErrChecker
             "dtype": ("Functional.relu.1.forward", "output", "dtype", "torch.float16")}  # DTypeErrChecker
    kind = name.rsplit("_", 1)[1]
    if kind in edits:   # one NPU leaf changed by hand
        entry, key, field, value = edits[kind]
        path = npu / "step0" / "rank0" / "dump.json"
        doc = json.loads(path.read_text())
        doc["data"][entry][key][0][field] = value
        path.write_text(json.dumps(doc))
    return npu, bench


def _msprobe(venv: Path, npu: Path, bench: Path, out: Path) -> list[dict[str, str]]:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    subprocess.run([str(venv / "bin" / "msprobe"), "compare", "-tp", str(npu), "-gp", str(bench), "-o", str(out)],
                   check=True, capture_output=True)
    (csv_path,) = out.glob("*.csv")
    with csv_path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def _same(ours: object, theirs: str) -> bool:
    theirs = theirs.strip()
    if ours is None:
        return theirs in ("", "None", "N/A")
    if isinstance(ours, str):
        return ours == theirs or (ours == "0" and theirs == "0")
    if theirs.endswith("%"):
        theirs = theirs[:-1]
    try:
        value = float(theirs)
    except ValueError:
        return False
    if math.isnan(value) and math.isnan(float(ours)):
        return True
    return math.isclose(float(ours), value, rel_tol=1e-9, abs_tol=1e-12)


def check_pair(venv: Path, work: Path, name: str, model: str, common: dict, npu_only: dict) -> list[str]:
    npu, bench = _write_pair(work, name, model, common, npu_only)
    return check_trees(venv, work, name, npu / "step0", bench / "step0")


def check_trees(venv: Path, work: Path, name: str, npu: Path, bench: Path) -> list[str]:
    """Our compare of two step folders (one rank or proc folder each) against msprobe's CSV, cell by cell."""
    theirs = _msprobe(venv, npu, bench, work / name / "msprobe_out")
    result = compare_runs(open_tree(npu).runs[0], open_tree(bench).runs[0])
    ours = {row.tensor: row for row in result.rows}
    problems = []
    if len(theirs) != len(result.rows):
        problems.append(f"rows: ours {len(result.rows)}, msprobe {len(theirs)}")
    names = metric_names(result.mode)
    for their_row in theirs:
        row = ours.get(their_row["NPU Name"])
        if row is None:
            problems.append(f"{their_row['NPU Name']}: missing in ours")
            continue
        for col in names:
            if col in their_row and not _same(row.metrics.get(col), their_row[col]):
                problems.append(f"{row.tensor} {col}: ours {row.metrics.get(col)!r}, msprobe {their_row[col]!r}")
        if their_row["Result"] != row.result:
            problems.append(f"{row.tensor} Result: ours {row.result}, msprobe {their_row['Result']} "
                            f"({their_row['Err_message']})")
    first = result.first_divergence
    flagged = sum(r.result != "pass" for r in result.rows)
    print(f"{name:24s} mode={result.mode:7s} rows={len(result.rows):4d} msprobe_rows={len(theirs):4d} "
          f"non-pass={flagged:3d} first={first.tensor if first else None} differences={len(problems)}")
    return problems


def main() -> int:
    if sys.argv[3:4] == ["--trees"]:     # two existing dump paths, e.g. steps of a real msprobe run
        problems = check_trees(Path(sys.argv[1]), Path(sys.argv[2]), "trees", Path(sys.argv[4]), Path(sys.argv[5]))
        print("\n".join(problems[:20]))
        return 1 if problems else 0
    venv, work, only = Path(sys.argv[1]), Path(sys.argv[2]), set(sys.argv[3:])
    pairs = [p for p in PAIRS if not only or p[0] in only]
    bad = 0
    for pair in pairs:
        problems = check_pair(venv, work, *pair)
        for p in problems[:10]:
            print("   ", p)
        bad += bool(problems)
    print(f"{len(pairs)} pairs, {bad} with differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
