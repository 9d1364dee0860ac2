#!/usr/bin/env bash
# Build the .rpm, check its metadata, install it into a scratch root with rpm and smoke-test it.
#   packaging/check_rpm.sh [BUNDLE]      (skipped when rpmbuild is not installed)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v rpmbuild >/dev/null; then echo "rpmbuild not installed: rpm check skipped"; exit 0; fi
RPM=$(bash "$ROOT/packaging/build_rpm.sh" "${1:-$ROOT/dist/ascend-dump-gui}")
echo "built $RPM"
requires=$(rpm -qp --requires "$RPM" 2>/dev/null)
grep -q '^libxcb-icccm.so.4()' <<<"$requires" || { echo "Requires lacks the xcb plugin's libraries"; exit 1; }
files=$(rpm -qlp "$RPM" 2>/dev/null)
for path in /opt/ascend-dump-gui/ascend-dump-gui /usr/bin/ascend-dump \
    /usr/share/applications/io.github.ascenddumpgui.AscendDumpGui.desktop; do
  grep -qx "$path" <<<"$files" || { echo "missing from the rpm: $path"; exit 1; }
done
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
rpm --root "$SCRATCH" --initdb
rpm --root "$SCRATCH" --nodeps --noscripts -i "$RPM" 2>/dev/null
bash "$ROOT/packaging/smoke_test.sh" "$SCRATCH/opt/ascend-dump-gui"
echo "rpm check passed: $RPM"
