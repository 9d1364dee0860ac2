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
python3 -m venv "$OUT/app-venv"
"$OUT/app-venv/bin/pip" install -q "$OUT"/dist/*.whl
bash "$ROOT/packaging/smoke_test.sh" "$OUT/app-venv/bin"
