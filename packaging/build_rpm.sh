#!/usr/bin/env bash
# RPM from the one-folder build (rpmbuild; on Debian from the 'rpm' package):
#   packaging/build_rpm.sh [BUNDLE]    -> dist/ascend-dump-gui-VERSION-1.ARCH.rpm
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUNDLE="${1:-$ROOT/dist/ascend-dump-gui}"
PY="${PYTHON:-python3}"
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
VERSION=$("$PY" -c 'from ascend_dump_gui import __version__; print(__version__)')
ARCH=$(uname -m)
TOP="$ROOT/build/rpm"
STAGE="$TOP/stage"
rm -rf "$TOP"
bash "$ROOT/packaging/linux/stage.sh" "$BUNDLE" "$STAGE"
REQUIRES=$("$PY" "$ROOT/packaging/linux_deps.py" "$BUNDLE" --rpm | sed 's/^/Requires:       /')
mkdir -p "$TOP/SPECS"
awk -v version="$VERSION" -v stage="$STAGE" -v requires="$REQUIRES" \
  '{gsub(/@VERSION@/, version); gsub(/@STAGE@/, stage); if ($0 == "@REQUIRES@") print requires; else print}' \
  "$ROOT/packaging/linux/ascend-dump-gui.spec.in" > "$TOP/SPECS/ascend-dump-gui.spec"
rpmbuild --quiet -bb --target "$ARCH" --define "_topdir $TOP" "$TOP/SPECS/ascend-dump-gui.spec" >/dev/null
mkdir -p "$ROOT/dist"
OUT="$ROOT/dist/ascend-dump-gui-$VERSION-1.$ARCH.rpm"
mv "$TOP/RPMS/$ARCH/ascend-dump-gui-$VERSION-1.$ARCH.rpm" "$OUT"
echo "$OUT"
