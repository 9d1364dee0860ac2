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
# The C modules (setup.py) are in the folder whenever the build venv could compile them.
for module in metrics/_kernel scan/_walk graph/_kernel; do
  if "$VENV/bin/python" -I -c "import ascend_dump_gui.core.${module//\//.}" 2>/dev/null; then
    ls "$ROOT"/dist/ascend-dump-gui/_internal/ascend_dump_gui/core/$module*.so >/dev/null \
      || { echo "the folder lacks the C module core/$module"; exit 1; }
  else
    echo "the C module core/$module was not built (no C compiler?): the folder runs its Python path"
  fi
done
bash packaging/smoke_test.sh "$ROOT/dist/ascend-dump-gui"
