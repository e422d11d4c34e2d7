#!/usr/bin/env bash
# Issue 27's costs, measured with hyperfine on the release build:
#  1. a project whose history is described (each change stored with "details", SPEC §15) against
#     the same project with the details taken out (text only, as akkord wrote before): `lines`,
#     `history`, `report` and `add` on a normal project (N lines, one history entry per line);
#  2. an error in Danish (the phrasebook read at first use) against the same error in English.
# Usage: bench/history-language.sh [path/to/akkord] [lines, default 500]
set -euo pipefail
AKKORD=${1:-.build/release/akkord}
N=${2:-500}
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DESCRIBED=$WORK/described TEXT=$WORK/text

# One project of N catalogue lines, each added by its own command (so each has its history entry).
"$AKKORD" --store "$DESCRIBED" project new "Tagvej 3" >/dev/null
for i in $(seq 1 "$N"); do "$AKKORD" --store "$DESCRIBED" add 2.01 "$i,5" >/dev/null; done
"$AKKORD" --store "$DESCRIBED" worker add "Jens Hansen" >/dev/null
"$AKKORD" --store "$DESCRIBED" hours add jens 37:30 >/dev/null
cp -r "$DESCRIBED" "$TEXT"
rm -rf "$TEXT/undo" "$TEXT/.project-list" "$TEXT"/.catalogue-index 2>/dev/null || true
python3 - "$TEXT/projects/tagvej-3.json" <<'EOF'
import json, sys
path = sys.argv[1]
project = json.load(open(path, encoding="utf-8"))
for entry in project["history"]:
    entry.pop("details", None)
# akkord's own layout is not needed to read it back: the reader takes any valid JSON form.
json.dump(project, open(path, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
EOF
"$AKKORD" --store "$TEXT" check >/dev/null
# Written again by akkord in its own layout (the reader's fast path), with one described entry more.
"$AKKORD" --store "$TEXT" project edit --note "text only" >/dev/null
"$AKKORD" --store "$DESCRIBED" project edit --note "described" >/dev/null
echo "project: $N lines, $((N + 3)) history entries; file $(wc -c <"$DESCRIBED/projects/tagvej-3.json") bytes described, $(wc -c <"$TEXT/projects/tagvej-3.json") bytes text only" >&2

echo "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |"
echo "|:---|---:|---:|---:|---:|"
row() { hyperfine -N --style none --export-markdown "$WORK/t.md" "$@" >/dev/null 2>&1; tail -n +3 "$WORK/t.md"; }
for cmd in "lines" "history" "report" "--lang da history"; do
  row --warmup 3 --runs 30 \
    -n "described: $cmd" "$AKKORD --store $DESCRIBED $cmd" \
    -n "text only: $cmd" "$AKKORD --store $TEXT $cmd"
done
# A change: the undo step is written, so each run adds a line (the project grows by 30-40 lines).
row --warmup 2 --runs 20 \
  -n "described: add" "$AKKORD --store $DESCRIBED add 2.01 1" \
  -n "text only: add" "$AKKORD --store $TEXT add 2.01 1"
# An error: the Danish phrasebook is read when the first Danish message is shown.
row -i --warmup 3 --runs 50 \
  -n "error en" "$AKKORD --store $DESCRIBED --lang en add 9.99 1" \
  -n "error da" "$AKKORD --store $DESCRIBED --lang da add 9.99 1"
