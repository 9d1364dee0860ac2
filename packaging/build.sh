#!/usr/bin/env bash
# Build the one-folder installer tree in dist/ascend-dump-gui/ and smoke-test it.
#   packaging/build.sh            uses a build venv in build/pyinstaller-venv
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${BUILD_VENV:-$ROOT/build/pyinstaller-venv}"
cd "$ROOT"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install -q "$ROOT" "pyinstaller>=6.10"
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" packaging/ascend_dump_gui.spec
# The compare's C kernel (setup.py) is in the folder whenever the build venv could compile it.
if "$VENV/bin/python" -I -c "import ascend_dump_gui.core.metrics._kernel" 2>/dev/null; then
  ls "$ROOT"/dist/ascend-dump-gui/_internal/ascend_dump_gui/core/metrics/_kernel*.so >/dev/null \
    || { echo "the folder lacks the compare's C kernel"; exit 1; }
else
  echo "the compare's C kernel was not built (no C compiler?): the folder runs the numpy path"
fi
bash packaging/smoke_test.sh "$ROOT/dist/ascend-dump-gui"
