"""Re-create tests/core/compare/data/oracle_metrics.json from Huawei's msprobe (run with the oracle venv).

    /work/oracle-venv/bin/python tests/core/compare/make_oracle_fixture.py [--oracle DIR] [--work DIR]

For every pair of ``oracle_cases`` it records msaccucmp's ten algorithm strings (``AlgorithmManager``
called the way msaccucmp's compare calls it) and msprobe's six columns plus ``check_accuracy``. It also
runs ``make_compare_cases.py`` and the unmodified ``msaccucmp compare`` CLI on its output, checks that
``oracle_cases.shared_cases()`` re-creates the arrays msaccucmp compared, and records the CSV strings.
The tests read only the JSON, so they do not need msprobe.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import glob
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import oracle_cases  # noqa: E402

ALGS = ["CosineSimilarity", "MaxAbsoluteError", "AccumulatedRelativeError", "RelativeEuclideanDistance",
        "KullbackLeiblerDivergence", "StandardDeviation", "MeanAbsoluteError", "RootMeanSquareError",
        "MaxRelativeError", "MeanRelativeError"]


def _jsonable(value):
    if isinstance(value, (np.floating, float)):
        return float(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


def record_pair(npu: np.ndarray, golden: np.ndarray) -> dict:
    from algorithm_manager.algorithm_manager import AlgorithmManager
    from cmp_utils import utils
    from cmp_utils.constant.compare_error import CompareError
    from msprobe.core.common.const import CompareConst
    from msprobe.core.compare.multiprocessing_compute import check_accuracy
    from msprobe.core.compare.npy_compare import CompareResult, ValidateTensor, compare_ops_apply

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        manager = AlgorithmManager("", "all", "")
        args = {"my_output_dump_file": "npu.bin", "ground_truth_dump_file": "golden.npy",
                "shape_type": utils.get_shape_type(list(npu.shape))}
        entry: dict = {}
        try:
            texts, messages = manager.compare(npu.reshape(-1).copy(), golden.reshape(-1).copy(), args)
            entry["msaccucmp"] = dict(zip(manager.get_result_title(), texts, strict=True))
            entry["msaccucmp_messages"] = messages
        except CompareError as exc:
            entry["msaccucmp_error"] = exc.code
        checked = ValidateTensor().check_tensor(CompareResult(npu.copy(), golden.copy()))
        cols = CompareConst.BUILTIN_COMPARE_COLUMNS
        values, message = compare_ops_apply(checked.n_value, checked.b_value, checked.error_flag,
                                            checked.err_msg, column_names=cols)
    entry["msprobe"] = {c: _jsonable(v) for c, v in zip(cols, values, strict=True)}
    entry["msprobe_message"] = message
    entry["accuracy"] = check_accuracy(values[0], values[2])
    return entry


def run_cli(argv: list[str]) -> None:
    import msaccucmp as cli
    old = sys.argv
    sys.argv = ["msaccucmp.py", *argv]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            cli._do_cmd()
    except SystemExit:
        pass
    finally:
        sys.argv = old


def cli_rows(oracle: Path, work: Path) -> dict[str, dict[str, str]]:
    """Run make_compare_cases.py + the msaccucmp CLI; TensorIndex (prefixed) -> algorithm strings."""
    cases = work / "cmp_cases"
    subprocess.run([sys.executable, str(oracle / "make_compare_cases.py"), str(cases)], check=True,
                   cwd=str(oracle), stdout=subprocess.DEVNULL)
    expected = json.loads((cases / "expected.json").read_text())
    regenerated = oracle_cases.shared_cases()
    for op, info in expected.items():
        if op.startswith("__") or "left" not in info:
            continue
        npu, golden = regenerated[f"npu:{op}:output:0"]
        want = np.array(info["left"], dtype=object).ravel()
        got = npu.astype(np.float32).ravel()
        same = all((w is None and np.isnan(g)) or (w is not None and np.float32(w) == g)
                   for w, g in zip(want, got, strict=False))
        assert same and len(want) == len(got), f"shared_cases() differs from make_compare_cases for {op}"
    rows: dict[str, dict[str, str]] = {}
    runs = (("npu", ["-m", str(cases / "npu_left"), "-g", str(cases / "npu_right")]),
            ("offline", ["-m", str(cases / "npu_offline"), "-g", str(cases / "golden"),
                         "-f", str(cases / "fusion_rule.json")]))
    for prefix, argv in runs:
        out = work / prefix
        out.mkdir(parents=True, exist_ok=True)
        run_cli(["compare", *argv, "-out", str(out)])
        path = sorted(glob.glob(str(out / "result_*.csv")))[-1]
        with open(path, newline="") as fh:
            table = list(csv.reader(fh))
        header = table[0]
        for row in table[1:]:
            cells = dict(zip(header, row, strict=True))
            rows[f"{prefix}:{cells['TensorIndex']}"] = {a: cells[a] for a in ALGS}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default=str(HERE.parents[2].parent / "shared/tools/msprobe-oracle"))
    parser.add_argument("--work", default=None, help="scratch folder (default: a temporary one)")
    parser.add_argument("--out", default=str(HERE / "data" / "oracle_metrics.json"))
    args = parser.parse_args()
    oracle = Path(args.oracle).resolve()
    sys.path.insert(0, str(oracle))
    import msprobe_harness  # noqa: F401  (puts msaccucmp on sys.path, installs the parser stand-in)

    work = Path(args.work or tempfile.mkdtemp(prefix="oracle-fixture-"))
    document = {"generator": "tests/core/compare/make_oracle_fixture.py", "cases": {}, "shared": {}}
    for name, (npu, golden) in oracle_cases.edge_cases().items():
        document["cases"][name] = record_pair(npu, golden)
    for name, (npu, golden) in oracle_cases.shared_cases().items():
        document["shared"][name] = record_pair(npu, golden)
    document["cli"] = cli_rows(oracle, work)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as fh:
        json.dump(document, fh, indent=1, sort_keys=True)
    print(f"wrote {args.out}: {len(document['cases'])} edge cases, {len(document['shared'])} shared, "
          f"{len(document['cli'])} CLI rows")


if __name__ == "__main__":
    main()
