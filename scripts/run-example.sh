#!/usr/bin/env bash
# Builds Plumb (release) and lays out the bundled example, 5,000 cards views:
#   out/frames.json   every view's frame, in its parent's coordinates
#   out/layout.svg    a picture of the layout (open it in a browser)
# then prints one line: the system's size and the time of each phase.
#
#   bash scripts/run-example.sh [DOC.json]     (default Examples/cards-5000.json)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
DOC=${1:-Examples/cards-5000.json}
OUT=out

bash scripts/setup.sh
echo "building plumb: swift build -c release (the first build takes a few minutes) ..."
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! swift build -c release --product plumb >"$build_log" 2>&1; then
    tail -n 40 "$build_log" >&2
    echo "run-example.sh: swift build -c release failed" >&2
    exit 1
fi
BIN=$(swift build -c release --show-bin-path)/plumb
if [[ ! -x $BIN ]]; then
    echo "run-example.sh: the release build did not produce $BIN" >&2
    exit 1
fi

mkdir -p "$OUT"
args=(solve "$DOC" -o "$OUT/frames.json" --stats)
picture="$OUT/layout.svg"
if "$BIN" solve --help 2>/dev/null | grep -q -- "--svg"; then
    args+=(--svg "$picture")
else
    picture="(none: this plumb has no --svg)"
fi
"$BIN" "${args[@]}" 2>"$OUT/stats.json"

python3 - "$DOC" "$OUT/stats.json" "$OUT/frames.json" "$picture" <<'PY'
import json, sys
doc, stats_path, frames, picture = sys.argv[1:]
lines = [l for l in open(stats_path).read().splitlines() if l.strip()]
s = json.loads(lines[-1])
ms = s.get("ms", {})
phases = ", ".join(f"{k} {v:.1f} ms" for k, v in ms.items())
print(f"{doc}: {s.get('views')} views, {s.get('variables')} variables, {s.get('rows')} rows, "
      f"{s.get('nonzeros')} nonzeros | {phases} | {frames}, {picture}")
PY
