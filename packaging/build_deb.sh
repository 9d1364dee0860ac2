#!/usr/bin/env bash
# Debian package from the one-folder build, with Debian's own tools:
#   packaging/build_deb.sh [BUNDLE]    -> dist/ascend-dump-gui_VERSION_ARCH.deb   (BUNDLE: dist/ascend-dump-gui)
# Depends: the system libraries the pre-flight check knows (packaging/linux_deps.py).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUNDLE="${1:-$ROOT/dist/ascend-dump-gui}"
PY="${PYTHON:-python3}"
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
VERSION=$("$PY" -c 'from ascend_dump_gui import __version__; print(__version__)')
ARCH=$(dpkg --print-architecture)
STAGE="$ROOT/build/deb/ascend-dump-gui"
bash "$ROOT/packaging/linux/stage.sh" "$BUNDLE" "$STAGE"
DEPENDS=$("$PY" "$ROOT/packaging/linux_deps.py" "$BUNDLE" --deb)
DOC="$STAGE/usr/share/doc/ascend-dump-gui"
mkdir -p "$DOC" "$STAGE/DEBIAN" "$STAGE/usr/share/lintian/overrides"
install -m 644 "$ROOT/packaging/linux/copyright" "$DOC/copyright"
sed "s/@VERSION@/$VERSION/; s/@DATE@/$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)}")/" \
  "$ROOT/packaging/linux/changelog.in" | gzip -9n > "$DOC/changelog.gz"
chmod 644 "$DOC/changelog.gz"
install -m 644 "$ROOT/packaging/linux/lintian-overrides" "$STAGE/usr/share/lintian/overrides/ascend-dump-gui"
cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: ascend-dump-gui
Version: $VERSION
Architecture: $ARCH
Maintainer: ascend-dump-gui developers <ascend-dump-gui@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: $DEPENDS
Recommends: fonts-wqy-microhei | fonts-noto-cjk
Section: science
Priority: optional
Homepage: https://github.com/ascenddumpgui/ascend-dump-gui
Description: Ascend NPU dump configs, dump browser and accuracy compare
 A desktop application (and the ascend-dump command line) for engineers who
 debug model accuracy on Huawei Ascend NPUs: it checks dump configurations
 (acl.json, TensorFlow session options, torchair, environment variables) for
 conflicts, browses dump folders of every layout, plots tensors and compares
 NPU dumps with golden dumps to find the first diverging operator, overflows
 and memory overwrites.
CONTROL
mkdir -p "$ROOT/dist"
OUT="$ROOT/dist/ascend-dump-gui_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zgzip -z6 --build "$STAGE" "$OUT" >/dev/null
echo "$OUT"
