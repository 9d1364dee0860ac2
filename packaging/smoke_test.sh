#!/usr/bin/env bash
# Smoke-test an installed app: `--version` of both programs and the offscreen self-test.
#   packaging/smoke_test.sh DIR   DIR holds ascend-dump-gui and ascend-dump (a PyInstaller folder or a venv's bin)
set -euo pipefail
DIR="$1"
export QT_QPA_PLATFORM=offscreen
"$DIR/ascend-dump" --version
"$DIR/ascend-dump-gui" --version
"$DIR/ascend-dump-gui" --self-test
echo "smoke test passed: $DIR"
