#!/usr/bin/env bash
# Lay out the installed file tree shared by the .deb and the .rpm:
#   packaging/linux/stage.sh BUNDLE STAGE     BUNDLE = the one-folder build (dist/ascend-dump-gui)
# /opt/ascend-dump-gui (the folder), /usr/bin links, .desktop, icons, AppStream metainfo, man pages.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUNDLE="$(cd "$1" && pwd)"
STAGE="$2"
ID=io.github.ascenddumpgui.AscendDumpGui
rm -rf "$STAGE"
mkdir -p "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" "$STAGE/usr/share/metainfo" \
  "$STAGE/usr/share/man/man1" "$STAGE/usr/share/icons/hicolor/scalable/apps"
cp -a "$BUNDLE" "$STAGE/opt/ascend-dump-gui"
ln -s /opt/ascend-dump-gui/ascend-dump "$STAGE/usr/bin/ascend-dump"
ln -s /opt/ascend-dump-gui/ascend-dump-gui "$STAGE/usr/bin/ascend-dump-gui"
install -m 644 "$ROOT/resources/$ID.desktop" "$STAGE/usr/share/applications/$ID.desktop"
install -m 644 "$ROOT/resources/$ID.metainfo.xml" "$STAGE/usr/share/metainfo/$ID.metainfo.xml"
install -m 644 "$ROOT/resources/icons/ascend-dump-gui.svg" "$STAGE/usr/share/icons/hicolor/scalable/apps/"
for png in "$ROOT"/resources/icons/hicolor/*/apps/ascend-dump-gui.png; do
  size=$(basename "$(dirname "$(dirname "$png")")")
  install -D -m 644 "$png" "$STAGE/usr/share/icons/hicolor/$size/apps/ascend-dump-gui.png"
done
for page in "$ROOT"/packaging/linux/*.1; do
  gzip -9n -c "$page" > "$STAGE/usr/share/man/man1/$(basename "$page").gz"
done
# Plain modes: folders and executables 755, everything else 644 (shared objects are not executables).
find "$STAGE" -type d -exec chmod 755 {} +
find "$STAGE" -type f -exec chmod 644 {} +
chmod 755 "$STAGE/opt/ascend-dump-gui/ascend-dump" "$STAGE/opt/ascend-dump-gui/ascend-dump-gui"
