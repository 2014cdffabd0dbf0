#!/usr/bin/env bash
# Builds the C library (SwiftPM product `plumbc`) and lays it out for C
# programs and pkg-config:
#   PREFIX/include/plumb.h
#   PREFIX/lib/libplumbc.so
#   PREFIX/lib/pkgconfig/plumb.pc
# Usage: bash scripts/build-capi.sh [-c debug|release] [--prefix DIR]
# Defaults: debug, PREFIX=.build/capi. Then:
#   PKG_CONFIG_PATH=PREFIX/lib/pkgconfig cc app.c $(pkg-config --cflags --libs plumb)
# The library needs the Swift runtime; its RUNPATH names the toolchain's
# runtime directory, so it loads on the machine that built it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
config=debug
prefix=$PWD/.build/capi
while (($#)); do
    case $1 in
        -c) config=$2; shift 2 ;;
        --prefix) prefix=$2; shift 2 ;;
        *) echo "usage: $0 [-c debug|release] [--prefix DIR]" >&2; exit 2 ;;
    esac
done
swift build -c "$config" --product plumbc
bin=$(swift build -c "$config" --show-bin-path)
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
prefix=$(cd "$prefix" && pwd)
cp Sources/PlumbC/include/plumb.h "$prefix/include/"
cp "$bin/libplumbc.so" "$prefix/lib/"
sed "s|@PREFIX@|$prefix|" Sources/PlumbC/plumb.pc.in > "$prefix/lib/pkgconfig/plumb.pc"
echo "$prefix/lib/libplumbc.so"
