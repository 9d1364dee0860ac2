#!/usr/bin/env bash
# Build the .deb from the one-folder build, check it (lintian, contents, metadata), install it into a scratch
# root with dpkg and smoke-test the installed programs.   packaging/check_deb.sh [BUNDLE]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEB=$(bash "$ROOT/packaging/build_deb.sh" "${1:-$ROOT/dist/ascend-dump-gui}")
echo "built $DEB"
if command -v lintian >/dev/null; then
  lintian --fail-on error,warning --tag-display-limit 0 "$DEB"
  echo "lintian: clean"
else
  echo "lintian: not installed, skipped"
fi
field() { dpkg-deb --field "$DEB" "$1"; }
[ "$(field Package)" = ascend-dump-gui ]
contents=$(dpkg-deb --contents "$DEB")
for path in ./opt/ascend-dump-gui/ascend-dump-gui ./opt/ascend-dump-gui/ascend-dump ./usr/bin/ascend-dump \
    ./usr/bin/ascend-dump-gui ./usr/share/applications/io.github.ascenddumpgui.AscendDumpGui.desktop \
    ./usr/share/metainfo/io.github.ascenddumpgui.AscendDumpGui.metainfo.xml \
    ./usr/share/icons/hicolor/256x256/apps/ascend-dump-gui.png ./usr/share/doc/ascend-dump-gui/copyright; do
  grep -q " $path" <<<"$contents" || { echo "missing from the package: $path"; exit 1; }
done
grep -q "libxcb-icccm4" <<<"$(field Depends)" || { echo "Depends lacks the xcb plugin's libraries"; exit 1; }
# Every Depends/Recommends name is a real package of this distribution (needs apt's package lists).
if command -v apt-cache >/dev/null && [ -n "$(apt-cache pkgnames libc6 2>/dev/null)" ]; then
  for pkg in $(field Depends | tr ',|' '\n\n') $(field Recommends | tr ',|' '\n\n'); do
    apt-cache show "$pkg" >/dev/null 2>&1 || { echo "not a package here: $pkg"; exit 1; }
  done
  echo "Depends/Recommends: every name is a package of $(. /etc/os-release; echo "$PRETTY_NAME")"
fi
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/var/lib/dpkg/info" "$SCRATCH/var/lib/dpkg/updates"
touch "$SCRATCH/var/lib/dpkg/status"
# The scratch root has no other packages: dpkg lists every Depends as missing; shown only if it fails.
out=$(dpkg --root="$SCRATCH" --force-depends --force-not-root --force-script-chrootless --log=/dev/null \
  -i "$DEB" 2>&1) || { echo "$out"; exit 1; }
[ "$(readlink "$SCRATCH/usr/bin/ascend-dump-gui")" = /opt/ascend-dump-gui/ascend-dump-gui ]
bash "$ROOT/packaging/smoke_test.sh" "$SCRATCH/opt/ascend-dump-gui"
echo "deb check passed: $DEB"
