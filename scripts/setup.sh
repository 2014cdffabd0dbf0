#!/usr/bin/env bash
# Installs the system packages Plumb needs, only those that are missing.
#
#   bash scripts/setup.sh           pkg-config, libopenblas-dev, liblapacke-dev,
#                                   coinor-libclp-dev (large coupled parts),
#                                   libpango1.0-dev, fonts-dejavu-core (text),
#                                   and the runtime libraries plumb loads on
#                                   first use (liblapacke, libopenblas0,
#                                   libpangoft2-1.0-0; the -dev packages
#                                   bring them too, but nothing links them)
#   bash scripts/setup.sh --cmake   the same plus cmake and ninja-build
#   bash scripts/setup.sh --svg     the same plus librsvg2-bin (rsvg-convert, SVG to PNG)
#
# Idempotent and silent when everything is present. Uses apt-get directly as
# root (CI runs as root) and through sudo otherwise. A missing pkg-config
# file is only a warning in SwiftPM until the link fails, hence this step.
set -euo pipefail

packages=(pkg-config libopenblas-dev liblapacke-dev coinor-libclp-dev libpango1.0-dev fonts-dejavu-core
          liblapacke libopenblas0 libpangoft2-1.0-0)
for arg in "$@"; do
    case "$arg" in
        --cmake) packages+=(cmake ninja-build) ;;
        --svg) packages+=(librsvg2-bin) ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

if ! command -v dpkg-query >/dev/null 2>&1; then
    # Not Debian or Ubuntu: say what is needed rather than guess a package manager.
    if pkg-config --exists lapacke openblas pangoft2 2>/dev/null; then exit 0; fi
    echo "setup.sh: no dpkg here; install pkg-config, OpenBLAS, LAPACKE and Pango with FreeType (pangoft2), with their pkg-config files, and the DejaVu fonts yourself" >&2
    exit 1
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if ((${#missing[@]} == 0)); then
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "setup.sh: need root or sudo to install: ${missing[*]}" >&2
    exit 1
fi

echo "setup.sh: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
