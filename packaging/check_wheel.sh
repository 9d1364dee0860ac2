#!/usr/bin/env bash
# Build the wheel and sdist, install the wheel in a fresh venv and run the smoke test on it.
#   packaging/check_wheel.sh [OUT_DIR]     (default: build/wheel-check)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/build/wheel-check}"
rm -rf "$OUT" && mkdir -p "$OUT"
python3 -m venv "$OUT/build-venv"
"$OUT/build-venv/bin/pip" install -q build
"$OUT/build-venv/bin/python" -m build --outdir "$OUT/dist" "$ROOT" > "$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }
ls "$OUT/dist"
# The wheel carries the C modules (setup.py: the compare's kernel, the scanner's listing, the graph's kernel)
# whenever this machine can compile them: a C compiler and Python's headers; without them they are optional and
# their Python paths run.
if command -v cc >/dev/null && python3 -c 'import os, sysconfig, sys
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
  python3 - "$OUT"/dist/*.whl <<'PY' || { grep -i -B2 -A8 "error" "$OUT/build.log" | head -40; exit 1; }
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
missing = 0
for label, stem in (("compare kernel", "metrics/_kernel"), ("scan listing", "scan/_walk"),
                    ("graph kernel", "graph/_kernel")):
    built = [n for n in names if n.startswith("ascend_dump_gui/core/" + stem) and n.endswith((".so", ".pyd"))]
    print(label, "in the wheel:", built or "MISSING")
    missing += not built
sys.exit(missing)
PY
fi
python3 -m venv "$OUT/app-venv"
"$OUT/app-venv/bin/pip" install -q "$OUT"/dist/*.whl
bash "$ROOT/packaging/smoke_test.sh" "$OUT/app-venv/bin"
