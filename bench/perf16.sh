#!/usr/bin/env bash
# Issue 16 / SPEC §13: the performance table for akkord, side by side in one run.
#
#   bench/perf16.sh [BIN] [--million] [--rounds N] [--tmp DIR] [--keep] [--budget S]
#
# BIN defaults to .build/release/akkord (build it first: swift build -c release). The script
#  - builds bench/floor.c, bench/safecopy.c and bench/timeit.c (the process timer) with `cc -O2`
#    and bench/hello (Foundation hello world) with `swiftc -O`, into a temporary directory (under
#    --tmp DIR, else $TMPDIR, else /tmp; keep it on a real disk: the write rows fsync);
#  - generates the stores there with bench/gen_large.py (§6 layout, every stored field filled in,
#    akkord's own bytes): 10,000 and 100,000 lines (1,000,000 with --million), 20,000 small
#    projects, a 500-line project;
#  - runs bench/perf16_run.py: interleaved rounds (warm-up, then N rounds, default 5, every
#    program once per round), minimum time per program, ratio to the reference of its group
#    (floor, safe copy, hello world), target, PASS/FAIL, peak memory (max RSS, max over runs);
#  - prints the table (markdown) on stdout, progress on stderr, and the total time.
# --rounds N: rounds per group (5); a group slower than --budget S seconds (60) for N rounds gets
# fewer (never under 3), a group of runs under 0.1 s more (up to 15). --million adds a group at
# 1,000,000 lines (one run each, for peak memory; several minutes more).
# Needs cc, swiftc, python3 3.9+, cat. --keep leaves the temporary directory for inspection.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN= MILLION= ROUNDS=5 TMPBASE=${TMPDIR:-/tmp} KEEP= BUDGET=60
while [ $# -gt 0 ]; do
  case "$1" in
    --million) MILLION=--million ;;
    --rounds) ROUNDS=$2; shift ;;
    --tmp) TMPBASE=$2; shift ;;
    --keep) KEEP=1 ;;
    --budget) BUDGET=$2; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "perf16.sh: unknown option $1" >&2; exit 64 ;;
    *) BIN=$1 ;;
  esac
  shift
done
BIN=${BIN:-$ROOT/.build/release/akkord}
case "$BIN" in /*) ;; *) BIN=$PWD/$BIN ;; esac
[ -x "$BIN" ] || { echo "perf16.sh: no akkord at $BIN (swift build -c release first)" >&2; exit 1; }

START=$(date +%s)
W=$(mktemp -d "$TMPBASE/perf16.XXXXXX")
if [ -z "$KEEP" ]; then trap 'rm -rf "$W"' EXIT; else echo "perf16: keeping $W" >&2; fi
note() { echo "perf16: $* ($(( $(date +%s) - START )) s)" >&2; }

note "building floor, safecopy, timeit (cc -O2) and hello (swiftc -O) in $W"
for c in floor safecopy timeit; do cc -O2 -o "$W/$c" "$ROOT/bench/$c.c"; done
swiftc -O -module-cache-path "$W/module-cache" "$ROOT/bench/hello/main.swift" -o "$W/hello" 2>"$W/hello.log" \
  || { cat "$W/hello.log" >&2; exit 1; }

G="python3 $ROOT/bench/gen_large.py"
note "generating stores"
$G "$W/s10k" --lines 10000
$G "$W/s100k" --lines 100000
[ -n "$MILLION" ] && $G "$W/s1m" --lines 1000000
$G "$W/normal" --lines 500
$G "$W/many" --projects 20000 --lines 10 --workers 2 --hours-per-worker 2
cp -a "$W/s100k" "$W/s100k-w"
cp -a "$W/normal" "$W/normal-w"
cp "$W/normal/photos/"*.jpg "$W/photo.jpg"
# a second photo for `photo add`: the same JPEG with another comment (bench photo 1 -> 9)
python3 -c 'import sys; p=sys.argv[1]; b=open(p,"rb").read(); open(p,"wb").write(b.replace(b"bench photo 1", b"bench photo 9", 1))' "$W/photo.jpg"
# one change on the normal write store, so `undo` has something to take back
"$BIN" --store "$W/normal-w" edit 1 --quantity 12 >/dev/null

note "akkord check on every generated store"
for s in s10k s100k normal many ${MILLION:+s1m}; do
  "$BIN" --store "$W/$s" check >&2 || { echo "perf16: akkord check fails on the generated store $s" >&2; exit 1; }
done

note "timing (rounds: $ROUNDS)"
{
  echo "akkord performance (issue 16, SPEC §13): $("$BIN" --version 2>/dev/null || echo '?') at $BIN"
  echo "binary built $(date -u -r "$BIN" +%Y-%m-%dT%H:%MZ); bench/ at commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'); run $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start"
  echo
} 
python3 "$ROOT/bench/perf16_run.py" --bin "$BIN" --work "$W" --rounds "$ROUNDS" --budget "$BUDGET" $MILLION
echo "Load at the end: $(cut -d' ' -f1-3 /proc/loadavg). Whole script: $(( $(date +%s) - START )) s."
