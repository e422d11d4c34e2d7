#!/usr/bin/env bash
# `project list` over 20,000 projects (gen_large.py, 10 lines each, 235 MB) with its cache
# (`.project-list`): the first list, which reads every file and makes the cache, then warm lists
# of text and --json. Needs hyperfine, python3 and /usr/bin/time.
# Usage: bench/project-list.sh [path/to/akkord]   (default: builds and uses .build/release/akkord)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then A=$1; else swift build -c release >/dev/null; A=.build/release/akkord; fi
OUT=bench/out; S="$OUT/list-many"; rm -rf "$S"; mkdir -p "$OUT"
/usr/bin/python3 bench/gen_large.py "$S" --projects 20000 --lines 10 --workers 2 --hours-per-worker 2 >/dev/null
sleep 3   # a file is cached once it has been unchanged for 2 s
echo "first list (no cache yet; makes it):"
/usr/bin/time -f '  %e s %M KiB' "$A" --store "$S" project list >/dev/null
hyperfine -N -w 2 -r 10 --export-markdown "$OUT/project-list.md" \
  "$A --store $S project list" \
  "$A --store $S project list --json"
