#!/bin/bash
# Cross-builds sbx-winrun.exe (the windows-acl runner) with mingw-w64.
# Needs: apt-get install gcc-mingw-w64-x86-64. Usage: tools/cross/build-windows.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-win}
if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
        echo "build-windows.sh: x86_64-w64-mingw32-gcc not found (apt-get install gcc-mingw-w64-x86-64)" >&2
        exit 1
fi
if [ -d "$build" ]; then
        meson setup --reconfigure --cross-file tools/cross/mingw-w64.ini -Dwindows_runner=true -Dtests=false "$build"
else
        meson setup --cross-file tools/cross/mingw-w64.ini -Dwindows_runner=true -Dtests=false "$build"
fi
ninja -C "$build"
echo "built $build/tools/cross/sbx-winrun.exe"
