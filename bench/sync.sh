#!/usr/bin/env bash
# `akkord sync` on a store of 2,000 projects (gen_store.py, 20 lines each) with a local remote (a
# bare repository in a folder), SPEC §14: with nothing to do (target < 0.5 s), and with 20 changed
# projects coming in (target < 2 s; each run starts from the same commit: --prepare puts the
# store and its record of the remote back). Needs git, hyperfine and python3.
# Usage: bench/sync.sh [path/to/akkord]   (default: builds and uses .build/release/akkord)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then A=$(readlink -f "$1"); else swift build -c release >/dev/null; A=$PWD/.build/release/akkord; fi
OUT=$PWD/bench/out/sync; rm -rf "$OUT"; mkdir -p "$OUT"
export HOME="$OUT/home" XDG_CONFIG_HOME="$OUT/home/.config"; mkdir -p "$HOME"
SA="$OUT/a"; SB="$OUT/b"; R="$OUT/office.git"
python3 bench/gen_store.py "$SA" --projects 2000 --lines 20 >/dev/null
git init -q --bare "$R"
"$A" --store "$SA" sync init "$R" >/dev/null
"$A" --store "$SB" sync clone "$R" >/dev/null
echo "store: $(ls "$SA/projects" | wc -l) projects, $(du -sh "$SA/projects" | cut -f1)"

echo "nothing to do:"
hyperfine -N -w 2 -r 10 --export-markdown "$OUT/nothing.md" --export-json "$OUT/nothing.json" "$A --store $SA sync"

# 20 projects changed on A and pushed; B merges them in from the same starting point each run.
start=$(git -C "$SB" rev-parse HEAD)
for id in $(ls "$SA/projects" | head -20 | sed 's/\.json$//'); do "$A" --store "$SA" -p "$id" add 2.01 1 >/dev/null; done
"$A" --store "$SA" sync >/dev/null
echo "20 changed projects incoming:"
hyperfine -N -w 1 -r 10 --export-markdown "$OUT/incoming.md" --export-json "$OUT/incoming.json" \
  --prepare "git -C $SB reset -q --hard $start" \
  "$A --store $SB sync"
"$A" --store "$SB" check >/dev/null && echo "B checks clean after the runs"
