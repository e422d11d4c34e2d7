#!/usr/bin/env bash
# Issue 16 / SPEC §13: the performance table for akkord, side by side in one run; issue 25: the
# same against a baseline binary, both measured in one interleaved run.
#
#   bench/perf16.sh [BIN] [--baseline BIN0] [--tolerance 10] [--recheck 2] [--million] [--million-rounds 1]
#                   [--part3-memory] [--rounds N] [--fast-rounds 15] [--budget S] [--only GROUP,...]
#                   [--tmp DIR] [--keep]
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
#  - prints the tables (markdown) on stdout, progress on stderr, and the total time.
# --baseline BIN0: every akkord program is run for BIN (new) and BIN0 (base) in the same rounds,
# next to each other (which first alternates by round), reads on hard-linked copies of the same
# stores, writes on the same store restored before every run; each row adds base and new minimum,
# new/base, the median of the per-round ratios, the ratio of CPU times, the difference in ms and
# PASS/FAIL for new/base <= 1 + --tolerance/100 (10 %); the memory table has a row per binary.
# A program over the tolerance runs again (both binaries) for the group's rounds, up to
# --recheck times (2; 0: never), and its row is then over all its runs: marked ² +N.
# --rounds N: rounds per group (5); a group slower than --budget S seconds (60, per binary) for N
# rounds gets fewer (never under 3), a group of runs under 0.1 s more (--fast-rounds, 15).
# --million adds the reads and the writes at 1,000,000 lines (--million-rounds, 1, no warm-up:
# memory against the 64 MiB cap; several minutes more). --part3-memory adds memory-only rows for
# `report --format xlsx`, `project export` and `project import` (SPEC §17/§19) at 100k (and 1M).
# --only GROUP,...: run only some groups (10k, 100k, writes, list, normal, 1M, part3), e.g. to
# rerun a borderline one. Exit status: 0 when every verdict is PASS, 1 when one is FAIL or a
# program failed, 2 when the set-up failed, 64 on a bad option.
# Needs cc, swiftc, python3 3.9+, cat. --keep leaves the temporary directory for inspection.
set -euo pipefail
trap 'echo "perf16: set-up failed (line $LINENO)" >&2; exit 2' ERR
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN= BASE= TOL=10 RECHECK=2 MILLION= MROUNDS=1 PART3= ROUNDS=5 FAST=15 TMPBASE=${TMPDIR:-/tmp} KEEP= BUDGET=60 ONLY=
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) BASE=$2; shift ;;
    --tolerance) TOL=$2; shift ;;
    --recheck) RECHECK=$2; shift ;;
    --million) MILLION=--million ;;
    --million-rounds) MROUNDS=$2; shift ;;
    --part3-memory) PART3=--part3-memory ;;
    --rounds) ROUNDS=$2; shift ;;
    --fast-rounds) FAST=$2; shift ;;
    --tmp) TMPBASE=$2; shift ;;
    --keep) KEEP=1 ;;
    --budget) BUDGET=$2; shift ;;
    --only) ONLY=$2; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "perf16.sh: unknown option $1" >&2; exit 64 ;;
    *) BIN=$1 ;;
  esac
  shift
done
BIN=${BIN:-$ROOT/.build/release/akkord}
case "$BIN" in /*) ;; *) BIN=$PWD/$BIN ;; esac
[ -x "$BIN" ] || { echo "perf16.sh: no akkord at $BIN (swift build -c release first)" >&2; exit 2; }
if [ -n "$BASE" ]; then
  case "$BASE" in /*) ;; *) BASE=$PWD/$BASE ;; esac
  [ -x "$BASE" ] || { echo "perf16.sh: no baseline akkord at $BASE" >&2; exit 2; }
fi
case "$ONLY" in *1M*) [ -n "$MILLION" ] || { echo "perf16.sh: --only 1M needs --million" >&2; exit 64; } ;; esac
case "$ONLY" in *part3*) [ -n "$PART3" ] || { echo "perf16.sh: --only part3 needs --part3-memory" >&2; exit 64; } ;; esac

START=$(date +%s)
W=$(mktemp -d "$TMPBASE/perf16.XXXXXX")
if [ -z "$KEEP" ]; then trap 'rm -rf "$W"' EXIT; else echo "perf16: keeping $W" >&2; fi
note() { echo "perf16: $* ($(( $(date +%s) - START )) s)" >&2; }

note "building floor, safecopy, timeit (cc -O2) and hello (swiftc -O) in $W"
for c in floor safecopy timeit; do cc -O2 -o "$W/$c" "$ROOT/bench/$c.c"; done
swiftc -O -module-cache-path "$W/module-cache" "$ROOT/bench/hello/main.swift" -o "$W/hello" 2>"$W/hello.log" \
  || { cat "$W/hello.log" >&2; exit 2; }

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

[ -n "$MILLION" ] && cp -a "$W/s1m" "$W/s1m-w"
READ_STORES="s10k s100k normal many ${MILLION:+s1m}"
# the baseline reads the same files (hard links) from its own directories: derived files such as
# .project-list stay each binary's own
if [ -n "$BASE" ]; then for s in $READ_STORES; do cp -al "$W/$s" "$W/$s.base"; done; fi
if [ -n "$PART3" ]; then
  "$BIN" --store "$W/s100k" project export -o "$W/b100k.akkord" >/dev/null
  [ -n "$MILLION" ] && "$BIN" --store "$W/s1m" project export -o "$W/b1m.akkord" >/dev/null
fi

note "akkord check on every generated store${BASE:+, by both binaries}"
for s in $READ_STORES; do
  "$BIN" --store "$W/$s" check >&2 || { echo "perf16: akkord check fails on the generated store $s" >&2; exit 2; }
  [ -z "$BASE" ] || "$BASE" --store "$W/$s.base" check >&2 \
    || { echo "perf16: the baseline's akkord check fails on the generated store $s" >&2; exit 2; }
done

note "timing (rounds: $ROUNDS)"
about() { echo "$("$1" --version 2>/dev/null || echo '?') at $1, built $(date -u -r "$1" +%Y-%m-%dT%H:%MZ)"; }
{
  if [ -n "$BASE" ]; then
    echo "akkord performance (issue 16, SPEC §13) against a baseline (issue 25, within $TOL %):"
    echo "new: $(about "$BIN")"
    echo "base: $(about "$BASE")"
  else
    echo "akkord performance (issue 16, SPEC §13): $(about "$BIN")"
  fi
  echo "bench/ at commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'); run $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start"
  if awk -v n="$(nproc)" '{ exit !($1 > 0.75 * n) }' /proc/loadavg; then
    echo
    echo "**Warning: other processes keep the cores busy (load $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores): the times wait for a core and are noisy; compare ratios only from a quiet machine (bench/README.md, reading a borderline row).**"
  fi
  echo
}
rc=0
python3 "$ROOT/bench/perf16_run.py" --bin "$BIN" ${BASE:+--base "$BASE" --tolerance "$TOL" --recheck "$RECHECK"} --work "$W" --rounds "$ROUNDS" \
  --fast-rounds "$FAST" --budget "$BUDGET" ${ONLY:+--only "$ONLY"} $MILLION --million-rounds "$MROUNDS" $PART3 || rc=$?
echo "Load at the end: $(cut -d' ' -f1-3 /proc/loadavg). Whole script: $(( $(date +%s) - START )) s."
exit $rc
