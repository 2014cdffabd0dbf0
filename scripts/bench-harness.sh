#!/usr/bin/env bash
# Generates the benchmark documents and runs the in-process harness
# (Benchmarks/, ordo-one/benchmark): every strategy on every family, and the
# CSR matrix-vector floor, with warm-up, many iterations and percentiles.
#
#   scripts/bench-harness.sh                     # sizes 1000,10000,100000
#   SIZES=1000,10000 scripts/bench-harness.sh --filter 'list.*'
#   scripts/bench-harness.sh --format markdown   # any option of `swift package benchmark`
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
generator=${GENERATOR:-$root/scripts/generate.py}
docs=${PLUMB_BENCH_DOCS:-$root/.build/bench-docs}
families=${FAMILIES:-list,grid,form,cards,list-rules,cards-rules}
sizes=${SIZES:-1000,10000,100000}

mkdir -p "$docs"
IFS=, read -ra fam <<<"$families"
IFS=, read -ra siz <<<"$sizes"
for f in "${fam[@]}"; do
    for n in "${siz[@]}"; do
        out="$docs/$f-$n.json"
        [ -s "$out" ] || python3 "$generator" "$f" "$n" >"$out"
    done
done
export PLUMB_BENCH_DOCS=$docs
# Swift's own allocator statistics need the malloc interposer the package enables.
exec swift package --package-path Benchmarks --allow-writing-to-package-directory benchmark "$@"
