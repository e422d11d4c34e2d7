#!/usr/bin/env bash
# Proves two akkord binaries give byte-identical output on the same stores: for a refactor that
# must change no output (e.g. one project-file reader instead of four).
#
#   bash bench/compare-outputs.sh BASE_BIN NEW_BIN [--projects 200] [--seed 1] [--large] [--keep]
#                                 [--jobs 2] [--tmp DIR]
#
# 1. bench/gen_random_projects.py writes a §6 store of N seeded random projects (every kind of
#    thing a project file holds; ~75 % in akkord's own bytes, ~15 % in other layouts the readers
#    accept, ~10 % that they refuse), the same store without the refused ones, and one small store
#    per project (for `check`, which reads the whole store).
# 2. Each binary gets its own copy of every store and runs from its own directory with the same
#    relative paths (`--store store`, `-o res/...`), so paths printed in messages are the same.
#    Per project, in --lang en and da: `report` as text, json, csv, html (stdout), pdf and xlsx
#    (-o FILE), `lines`, `lines --json`, `project show`, `history`, `check` (in the project's own
#    store); and once: `report --holiday-pay`, `history --json`, `project show --json`, `lines` at
#    COLUMNS=48 (wrapping), `project list` (text, --json) and `summary --json` in the project's own
#    store. Per store (all projects, and accepted ones only): `check`, `summary` (text, json, csv,
#    xlsx, --by worker/employer, a period), `project list --status all|open|closed` (text and --json,
#    then again once .project-list, the list cache, exists).
#    The two binaries run one after the other on each project (two projects at a time, --jobs), so
#    the clock-dependent text (due dates, `!` past due, `today`) is the same.
# 3. --large: the same on bench/gen_large.py stores of 10,000 and 100,000 lines: `report` text, json,
#    csv, html, `lines`, `lines --json`, `check`.
# 4. A comparison is one command on one project (or store): stdout, stderr, exit code and the file
#    it writes, byte for byte. Each difference is printed (command, project, what differs, the
#    first differing lines: diff | head, or cmp for pdf/xlsx); the last line is exactly
#    `compare: N passed, M failed`; exit 0 only when M = 0 (2 on a usage or set-up error).
#
# Nothing is masked. Every command sees the same environment and nothing else (TZ=UTC,
# LC_ALL=C.UTF-8, NO_COLOR=1, COLUMNS=100, PATH, an empty HOME and XDG folders, so no config file;
# the job's own variables are unset before the first command): history times are stored in the
# files (UTC) and printed in local time, which TZ=UTC makes the same for both; the PDF has no creation date and the xlsx's ZIP entries carry a fixed
# 1980-01-01 time (two runs of one binary give the same bytes: checked). The only clock akkord
# reads is `today` (due dates, `!` past due): a release build has no way to pin it (AKKORD_TODAY
# is read by debug builds only, Sources/akkord/CLI/CommandContext.swift), so both binaries run
# within the same second or so, and the script warns when the UTC date changed during the run.
#
# Time: `time bash bench/compare-outputs.sh B B` (200 projects, 5,847 comparisons, about 12,400
# runs of akkord) on 2 cores shared with Swift builds: 1 min 21 s at a load of about 2.8, 2 min 21 s
# at about 3.5 (2 min of CPU in all); --large adds about 10 s. Most of it is akkord itself (~10 ms
# a run, much of it the start of a 13 MB binary).
# The work directory is under /dev/shm when it exists (`-o` files are fsynced), else $TMPDIR or
# /tmp, or --tmp DIR. --keep leaves it (stores, manifest.tsv, verdicts.tsv, the outputs of failed
# comparisons); without it, it is removed. Needs bash 4, python3 (standard library), diff, cmp.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BASE= NEW= PROJECTS=200 SEED=1 LARGE= KEEP= JOBS=2 TMPBASE=

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --projects) PROJECTS=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --large) LARGE=1 ;;
    --keep) KEEP=1 ;;
    --jobs) JOBS=$2; shift ;;
    --tmp) TMPBASE=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "compare-outputs.sh: unknown option $1" >&2; exit 2 ;;
    *) if [ -z "$BASE" ]; then BASE=$1; elif [ -z "$NEW" ]; then NEW=$1; else echo "compare-outputs.sh: too many arguments" >&2; exit 2; fi ;;
  esac
  shift
done
[ -n "$BASE" ] && [ -n "$NEW" ] || { usage >&2; exit 2; }
# A tmpfs by default: `report -o` and `summary -o` fsync their files, a disk makes them wait.
if [ -z "$TMPBASE" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then TMPBASE=/dev/shm; else TMPBASE=${TMPDIR:-/tmp}; fi
fi
for v in BASE NEW; do
  b=${!v}; case "$b" in /*) ;; */*) b=$PWD/$b ;; *) b=$(command -v "$b" || echo "$b") ;; esac
  [ -x "$b" ] || { echo "compare-outputs.sh: $b is not an executable" >&2; exit 2; }
  printf -v "$v" %s "$b"
done

START=$(date +%s) DAY0=$(date -u +%F)
W=$(mktemp -d "$TMPBASE/akkord-compare.XXXXXX")
if [ -z "$KEEP" ]; then trap 'rm -rf "$W"' EXIT; fi
note() { echo "compare: $* ($(( $(date +%s) - START )) s)" >&2; }

# --- stores ---
note "generating $PROJECTS projects (seed $SEED) in $W"
python3 "$ROOT/bench/gen_random_projects.py" "$W/gen" --projects "$PROJECTS" --seed "$SEED" || exit 2
if [ -n "$LARGE" ]; then
  note "generating the 10,000- and 100,000-line stores (bench/gen_large.py)"
  python3 "$ROOT/bench/gen_large.py" "$W/gen/large-10k" --lines 10000 >/dev/null || exit 2
  python3 "$ROOT/bench/gen_large.py" "$W/gen/large-100k" --lines 100000 >/dev/null || exit 2
fi
mkdir -p "$W/home/config" "$W/home/data" "$W/verdicts"
for side in base new; do
  mkdir -p "$W/$side/res"
  for s in "$W"/gen/*/; do cp -a "$s" "$W/$side/"; done
done
COPIED=$(date +%s)
export W BASE NEW

# The environment every command runs in: nothing else (a job empties its own at the start, once,
# rather than `env -i` for each command: that exec is a third of the time of a short command).
fixed_environment() {
  local v
  export -n W BASE NEW
  export -nf c fixed_environment project_commands large_commands store_commands run_unit
  for v in $(compgen -e); do unset "$v" 2>/dev/null; done
  export PATH=/usr/bin:/bin HOME=$W/home XDG_CONFIG_HOME=$W/home/config XDG_DATA_HOME=$W/home/data TZ=UTC \
         LC_ALL=C.UTF-8 LANG=C.UTF-8 NO_COLOR=1 COLUMNS=100 AKKORD_LOCK_TIMEOUT=60
  ulimit -t 300   # a command caught in a loop is killed (SIGXCPU, exit 152) rather than hang the run
}

# One command: `c TAG ARGS...` runs $BIN ARGS in the side's directory, stdout/stderr/exit code to
# res/$UNIT/TAG.{out,err,rc} (and the command line to TAG.cmd, for the report). A TAG of the form
# NAME=VALUE;TAG sets one more variable (COLUMNS) for that command.
c() {
  local tag=$1 extra= line; shift
  case "$tag" in *\;*) extra=${tag%%;*}; tag=${tag#*;} ;; esac
  printf -v line ' %q' "$@"
  printf 'akkord%s\n' "$line" >"res/$UNIT/$tag.cmd"
  if [ -n "$extra" ]; then
    (export "${extra?}"; exec "$BIN" "$@") >"res/$UNIT/$tag.out" 2>"res/$UNIT/$tag.err" </dev/null
  else
    "$BIN" "$@" >"res/$UNIT/$tag.out" 2>"res/$UNIT/$tag.err" </dev/null
  fi
  echo $? >"res/$UNIT/$tag.rc"
}
export -f c fixed_environment

# The commands on one project, in the side's directory.
project_commands() {
  local id=$1 o="res/$UNIT" L
  for L in en da; do
    c "report-text-$L" --store store -p "$id" --lang $L report
    c "report-json-$L" --store store -p "$id" --lang $L report --format json
    c "report-csv-$L" --store store -p "$id" --lang $L report --format csv
    c "report-html-$L" --store store -p "$id" --lang $L report --format html
    c "report-pdf-$L" --store store -p "$id" --lang $L report --format pdf -o "$o/report-pdf-$L.pdf"
    c "report-xlsx-$L" --store store -p "$id" --lang $L report -o "$o/report-xlsx-$L.xlsx"
    c "lines-$L" --store store -p "$id" --lang $L lines
    c "lines-json-$L" --store store -p "$id" --lang $L lines --json
    c "project-show-$L" --store store -p "$id" --lang $L project show
    c "history-$L" --store store -p "$id" --lang $L history
    c "check-$L" --store "check/$id" --lang $L check
  done
  c "report-holiday-pay-da" --store store -p "$id" --lang da report --holiday-pay
  c "history-json" --store store -p "$id" history --json
  c "project-show-json" --store store -p "$id" project show --json
  c "COLUMNS=48;lines-narrow-en" --store store -p "$id" --lang en lines
  c "own-store-list-en" --store "check/$id" --lang en project list --status all
  c "own-store-list-json" --store "check/$id" project list --status all --json
  c "own-store-summary-json" --store "check/$id" summary --json
}
export -f project_commands

# The commands on a large store (one project, `big`).
large_commands() {
  local s=$1 L
  for L in en da; do
    c "report-text-$L" --store "$s" --lang $L report
    c "report-csv-$L" --store "$s" --lang $L report --format csv
    c "report-html-$L" --store "$s" --lang $L report --format html
    c "lines-$L" --store "$s" --lang $L lines
  done
  c "report-json" --store "$s" report --format json
  c "lines-json" --store "$s" lines --json
  c "check" --store "$s" check
}
export -f large_commands

# The commands on a whole store: check, summary, then the project list twice (cold, then with the
# cache its first run wrote: the files are over 2 s old by then, see .project-list in the README).
store_commands() {
  local s=$1 o="res/$UNIT" L
  for L in en da; do
    c "check-$L" --store "$s" --lang $L check
    c "summary-$L" --store "$s" --lang $L summary
    c "summary-csv-$L" --store "$s" --lang $L summary --format csv
    c "summary-xlsx-$L" --store "$s" --lang $L summary -o "$o/summary-xlsx-$L.xlsx"
  done
  c "summary-json" --store "$s" summary --json
  c "summary-by-worker-en" --store "$s" --lang en summary --by worker
  c "summary-by-employer-da" --store "$s" --lang da summary --by employer
  c "summary-period-json" --store "$s" summary --from 2025-01-01 --to 2025-12-31 --status closed --json
  for round in cold warm; do
    for L in en da; do c "list-all-$L-$round" --store "$s" --lang $L project list --status all; done
    c "list-all-json-$round" --store "$s" project list --status all --json
    c "list-open-en-$round" --store "$s" --lang en project list --status open
    c "list-closed-json-$round" --store "$s" project list --status closed --json
  done
}
export -f store_commands

# One unit (a project, a large store, a whole store): both binaries, one after the other, each in
# its own directory on its own copy; then the verdicts (tag, ok|FAIL, what differs) to
# verdicts/UNIT.tsv. A unit whose outputs all agree has them removed (large outputs add up).
run_unit() {
  local kind=$1 arg=$2 side f tag part rc line
  UNIT="$kind/$arg"
  fixed_environment
  for side in base new; do
    cd "$W/$side" || return 1
    mkdir -p "res/$UNIT"
    if [ "$side" = base ]; then BIN=$BASE; else BIN=$NEW; fi
    case "$kind" in
      p) project_commands "$arg" ;;
      large) large_commands "$arg" ;;
      store) store_commands "$arg" ;;
    esac
  done
  cd "$W" || return 1
  local -A bad=()
  while IFS= read -r line; do
    case "$line" in
      "Files base/res/$UNIT/"*) f=${line#Files base/res/$UNIT/}; f=${f%% and *} ;;
      "Only in base/res/$UNIT: "*) f=${line#Only in base/res/$UNIT: } ;;
      "Only in new/res/$UNIT: "*) f=${line#Only in new/res/$UNIT: } ;;
      *) f=$line ;;
    esac
    tag=${f%.*} part=${f##*.}
    case "$part" in out) part=stdout ;; err) part=stderr ;; rc) part=exit ;; *) part="file $f" ;; esac
    bad[$tag]="${bad[$tag]:+${bad[$tag]}, }$part"
  done < <(diff -rq "base/res/$UNIT" "new/res/$UNIT")
  {
    for f in base/res/"$UNIT"/*.rc; do
      tag=${f##*/}; tag=${tag%.rc}
      if [ -n "${bad[$tag]:-}" ]; then printf '%s\t%s\tFAIL\t%s differ\n' "$UNIT" "$tag" "${bad[$tag]}"; unset "bad[$tag]"
      else read -r rc <"$f"; printf '%s\t%s\tok\t%s\n' "$UNIT" "$tag" "$rc"; fi
    done
    for tag in "${!bad[@]}"; do printf '%s\t%s\tFAIL\t%s differ\n' "$UNIT" "$tag" "${bad[$tag]}"; done
  } >"verdicts/${UNIT//\//_}.tsv"
  if ! grep -q $'\tFAIL\t' "verdicts/${UNIT//\//_}.tsv"; then rm -rf "base/res/$UNIT" "new/res/$UNIT"; fi
}
export -f run_unit

# --- runs ---
note "running both binaries on each project ($JOBS at a time)"
tail -n +2 "$W/gen/manifest.tsv" | cut -f1 | xargs -P "$JOBS" -n 1 bash -c 'run_unit p "$1"' _
if [ -n "$LARGE" ]; then
  note "running both binaries on the 10,000- and 100,000-line stores"
  printf '%s\n' large-10k large-100k | xargs -P "$JOBS" -n 1 bash -c 'run_unit large "$1"' _
fi
# The list cache keeps a file only once it is 2 s old: wait until every copy is.
left=$(( COPIED + 3 - $(date +%s) )); [ "$left" -gt 0 ] && sleep "$left"
note "running both binaries on the whole stores"
printf '%s\n' store store-ok | xargs -P "$JOBS" -n 1 bash -c 'run_unit store "$1"' _

# --- report ---
cd "$W" || exit 2
export LC_ALL=C   # sort and join below
# No command writes into a store (reads only; the list cache and the lock file aside): the
# stores must still be the same afterwards.
for s in gen/*/; do
  s=${s#gen/}; s=${s%/}
  if d=$(diff -rq -x .project-list -x .lock "base/$s" "new/$s" 2>&1); then printf 'files/%s\tstore-files\tok\t0\n' "$s"
  else printf 'files/%s\tstore-files\tFAIL\tthe store differs after the run (%s)\n' "$s" "$(echo "$d" | head -n 3 | tr '\n' ';')"; fi
done >verdicts/files.tsv
# A unit whose job did not finish has no verdicts: each is one failed comparison.
{ tail -n +2 gen/manifest.tsv | cut -f1 | sed 's|^|p_|'; echo store_store; echo store_store-ok
  [ -n "$LARGE" ] && printf '%s\n' large_large-10k large_large-100k; } | while read -r u; do
  [ -s "verdicts/$u.tsv" ] || printf '%s\t-\tFAIL\tno verdicts: the job stopped (see the messages above)\n' "${u/_//}"
done >verdicts/missing.tsv
cat verdicts/*.tsv | sort >verdicts.tsv
PASSED=$(awk -F'\t' '$3 == "ok"' verdicts.tsv | wc -l)
FAILED=$(awk -F'\t' '$3 == "FAIL"' verdicts.tsv | wc -l)
shown=0
while IFS=$'\t' read -r unit tag verdict what; do
  [ "$verdict" = FAIL ] || continue
  echo "DIFF ${unit#*/} ${tag}: $what"
  [ -e "base/res/$unit/$tag.cmd" ] && echo "  command: $(cat "base/res/$unit/$tag.cmd")"
  shown=$((shown + 1))
  [ "$shown" -le 200 ] || continue    # every difference is named; excerpts for the first 200
  for part in out err rc; do
    b="base/res/$unit/$tag.$part" n="new/res/$unit/$tag.$part"
    name=${part/out/stdout}; name=${name/err/stderr}; name=${name/rc/exit code}
    if [ -e "$b" ] && [ -e "$n" ]; then
      cmp -s "$b" "$n" || { echo "  --- $name (< base, > new)"; diff -a "$b" "$n" | head -n 8 | cut -c1-300 | sed 's/^/  /'; }
    elif [ -e "$b" ] || [ -e "$n" ]; then echo "  --- $name only in $([ -e "$b" ] && echo base || echo new)"; fi
  done
  for b in base/res/"$unit"/"$tag".*; do
    case "$b" in *.out|*.err|*.rc|*.cmd) continue ;; esac
    [ -e "$b" ] || continue
    n="new/${b#base/}"
    if [ -e "$n" ]; then cmp "$b" "$n" 2>&1 | sed 's/^/  /'; else echo "  --- ${b##*/} only in base"; fi
  done
  for n in new/res/"$unit"/"$tag".*; do
    case "$n" in *.out|*.err|*.rc|*.cmd) continue ;; esac
    [ -e "$n" ] && [ ! -e "base/${n#new/}" ] && echo "  --- ${n##*/} only in new"
  done
done <verdicts.tsv

# What `check` said of each project in its own store (when both binaries agree), against what the
# generator meant (manifest.tsv: layout and expected verdict).
awk -F'\t' '$1 ~ /^p\// && $2 == "check-en" { split($1, a, "/"); print a[2] "\t" $3 "\t" $4 }' verdicts.tsv | sort >checks.tsv
tail -n +2 gen/manifest.tsv | sort | join -t $'\t' - checks.tsv | awk -F'\t' '
  { n++; layout[$2]++
    if ($6 == "ok") { if ($7 == "0") { acc++; acc_l[$2]++ } else ref++ } else unknown++
    if ($6 == "ok" && (($7 == "0") != ($3 == "accept"))) { odd++; list = list " " $1 } }
  END { printf "projects: %d (%d in akkord'"'"'s layout, %d in other layouts, %d refused by design)\n", n, layout["akkord"], layout["other"], layout["refused"]
        printf "check, each project in its own store: %d accepted, %d refused%s; other layouts accepted: %d of %d\n", acc, ref,
               unknown ? ", " unknown " where the binaries differ" : "", acc_l["other"], layout["other"]
        if (odd) printf "note: check did not say what the generator meant for%s\n", list }'
[ "$(date -u +%F)" = "$DAY0" ] || echo "warning: the UTC date changed during the run; due dates and '!' may differ for that reason alone: run again"
[ -n "$KEEP" ] && echo "work directory kept: $W"
note "done"
echo "compare: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
