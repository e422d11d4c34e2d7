#!/usr/bin/env bash
# Every figure of SPEC §13 and §19 in one interleaved run, an old binary against a new one, with
# hyperfine: one markdown table, a row per program, its target and PASS/FAIL (of the new binary).
#
#   bench/all.sh OLD NEW [--rounds 3] [--runs 5] [--million] [--only REGEX] [--tmp DIR] [--keep]
#
# OLD, NEW: two akkord binaries (release builds). The old one is usually main's before a change:
#   git worktree add /tmp/akkord-old <commit> && (cd /tmp/akkord-old && swift build -c release)
#   bench/all.sh /tmp/akkord-old/.build/release/akkord .build/release/akkord
# (or keep a copy before changing anything: cp .build/release/akkord /tmp/akkord-main).
# Give the same binary twice to see the noise of the machine.
#
# The stores are generated with the existing generators into a temporary directory (--tmp DIR,
# else $TMPDIR, else /tmp; a real disk: the writes fsync): gen_large.py (§13 layout, every stored
# field) for 100,000 lines, a normal project of 500 lines and 20,000 projects of 10 lines (`project
# list`, as perf16.sh); gen_store.py for 20,000 projects of 3–30 lines (`summary` and `check`, §19),
# and with gen_catalogue.py for the completion values (2,000 projects, 50,000 activities); gen_bundle_store.py for the export with 5
# photos of about 200 KB; --million adds 1,000,000 lines (memory only, one run each).
# Each binary reads its own hard-linked copy of every store (the same bytes; derived files such as
# .project-list and .project-summary stay its own); writes run on a store restored before every
# run (hyperfine --prepare).
#
# Rounds: in each round every row runs hyperfine once (--runs runs, a warm-up in the first round)
# with the old and the new command (which first alternates by round), and every reference (the
# floor `cat FILE | floor` of §13, the safe copy, the Foundation hello world, `gzip -6` of the
# stored workbook) once. A time is the minimum over all rounds. Peak memory (max RSS, /usr/bin/time)
# is one more run of each program at the end. Targets: a ratio to the row's reference, or a time
# in seconds, and a memory cap; PASS when the new binary meets both.
# The sync rows of §19 call bench/sync.sh (another helper's) when it exists.
# Needs hyperfine, cc, swiftc, python3, gzip, /usr/bin/time. Exit status 0 when every row passes, 1
# otherwise, 2 when the set-up failed.
set -euo pipefail
trap 'echo "all.sh: set-up failed (line $LINENO)" >&2; exit 2' ERR
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=3 RUNS=5 MILLION= ONLY=. TMPBASE=${TMPDIR:-/tmp} KEEP= OLD= NEW=
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    --million) MILLION=1 ;;
    --only) ONLY=$2; shift ;;
    --tmp) TMPBASE=$2; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "all.sh: unknown option $1" >&2; exit 64 ;;
    *) if [ -z "$OLD" ]; then OLD=$1; elif [ -z "$NEW" ]; then NEW=$1; else echo "all.sh: one OLD and one NEW" >&2; exit 64; fi ;;
  esac
  shift
done
[ -n "$NEW" ] || { echo "usage: bench/all.sh OLD NEW [--rounds N] [--runs N] [--million] [--only REGEX] [--tmp DIR] [--keep]" >&2; exit 64; }
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
OLD=$(abs "$OLD") NEW=$(abs "$NEW")
for b in "$OLD" "$NEW"; do [ -x "$b" ] || { echo "all.sh: no akkord at $b" >&2; exit 2; }; done

START=$(date +%s)
W=$(mktemp -d "$TMPBASE/akkord-all.XXXXXX")
if [ -z "$KEEP" ]; then trap 'rm -rf "$W"' EXIT; else echo "all.sh: keeping $W" >&2; fi
note() { echo "all.sh: $* ($(( $(date +%s) - START )) s)" >&2; }
export LC_ALL=C.UTF-8 NO_COLOR=1 AKKORD_CONFIG=$W/no-config.json

note "building floor, safecopy (cc -O2) and hello (swiftc -O)"
for c in floor safecopy; do cc -O2 -o "$W/$c" "$ROOT/bench/$c.c"; done
swiftc -O -module-cache-path "$W/module-cache" "$ROOT/bench/hello/main.swift" -o "$W/hello" 2>"$W/hello.log" || { cat "$W/hello.log" >&2; exit 2; }

note "generating stores"
G="python3 $ROOT/bench/gen_large.py"
S=$W/stores; mkdir -p "$S"
$G "$S/s100k" --lines 100000 >/dev/null
$G "$S/normal" --lines 500 >/dev/null
$G "$S/many" --projects 20000 --lines 10 --workers 2 --hours-per-worker 2 >/dev/null
python3 "$ROOT/bench/gen_store.py" "$S/small" --projects 20000 --lines 30 --lines-min 3 --workers 2 >/dev/null
[ -z "$MILLION" ] || $G "$S/s1m" --lines 1000000 >/dev/null
python3 "$ROOT/bench/gen_store.py" "$S/complete" --projects 2000 --lines 20 --workers 4 >/dev/null
python3 "$ROOT/bench/gen_catalogue.py" 50000 "$S/complete/catalogue.json" >/dev/null
python3 "$ROOT/bench/gen_bundle_store.py" "$S/gen-bundle" --lines 100000 --photos 5 --photo-kb 200 >/dev/null
# The bundle store as akkord keeps it (bundle.sh): exported and imported once.
"$NEW" --store "$S/gen-bundle" project export -o "$W/gen.akkord" >/dev/null
"$NEW" --store "$S/bundle" project import "$W/gen.akkord" >/dev/null
"$NEW" --store "$S/bundle" project export -o "$W/bundle.akkord" >/dev/null
cp "$S/normal/photos/"*.jpg "$W/photo.jpg"
python3 -c 'import sys; p=sys.argv[1]; b=open(p,"rb").read(); open(p,"wb").write(b.replace(b"bench photo 1", b"bench photo 9", 1))' "$W/photo.jpg"
# The workbook with its entries stored: what `gzip -6` compresses once (§19).
"$NEW" --store "$S/s100k" report --format xlsx -o "$W/report.xlsx" >/dev/null
python3 - "$W/report.xlsx" "$W/stored.xlsx" <<'PY'
import sys, zipfile
src = zipfile.ZipFile(sys.argv[1])
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_STORED) as out:
    for info in src.infolist(): out.writestr(info.filename, src.read(info.filename))
PY
cp "$S/s100k/projects/big.json" "$W/safecopy-big.json"
"$NEW" --store "$S/complete" catalogue info >/dev/null   # the search index, as any catalogue command leaves it
rm -f "$S/complete/.lock"
sleep 3   # a file is cached (.project-list, .project-summary) once unchanged for 2 s
for who in old new; do
  mkdir -p "$W/$who"
  for s in s100k normal many small complete bundle ${MILLION:+s1m}; do cp -al "$S/$s" "$W/$who/$s"; done
  for s in s100k normal ${MILLION:+s1m}; do cp -a "$S/$s" "$W/$who/$s-w"; done
done
mkdir -p "$W/out-old" "$W/out-new"

# The rows: id, label, arguments (@S: the binary's store folder, @O: its output folder), target
# (`xN` × the reference, or `<T` seconds, or `-`), reference, memory cap in MiB (or -), write
# store to restore (or -). Memory-only rows (one run, no time target) have target `mem`.
R=$W/rows.tsv; : >"$R"
row() { local label=${2//@O\//}; label=${label//$W\//…/}; printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$label" "${@:3}" >>"$R"; }
for x in "report --format json|x3" "report|x4" "report --format csv|x4" "report --format html|x4" "lines|x4" "lines --json|x4" "check|x4"; do
  args=${x%|*}; row "100k $args" "\`$args\` (100,000 lines)" "--store @S/s100k $args" "${x#*|}" floor 40 -
done
row "100k add" '`add 1.01 12` (100,000 lines)' "--store @S/s100k-w add 1.01 12" x2 safecopy 40 s100k
row "100k edit" '`edit 1 --quantity 13`' "--store @S/s100k-w edit 1 --quantity 13" x2 safecopy 40 s100k
row "100k remove" '`remove 50000`' "--store @S/s100k-w remove 50000" x2 safecopy 40 s100k
row "list" '`project list` (20,000 projects)' "--store @S/many project list" "<0.5" - - -
row "summary" '`summary` (20,000 projects)' "--store @S/small summary" "<0.5" - - -
row "summary json" '`summary --format json`' "--store @S/small summary --format json" "<0.5" - - -
row "summary worker" '`summary --by worker`' "--store @S/small summary --by worker" "<0.5" - - -
row "check many" '`check` (20,000 projects)' "--store @S/small check" "<1" - - -
for c in "pos 2.0" "pos 2.0 --describe" "pos" "section" "project" "worker --describe" "line"; do
  row "complete $c" "\`__complete $c\` (2,000 projects, 50,000 activities)" "--store @S/complete __complete $c" "<0.03" - - -
done
row "xlsx" '`report --format xlsx -o` (100,000 lines)' "--store @S/s100k report --format xlsx -o @O/r.xlsx" x1.5 gzip 40 -
row "export" '`project export -o` (100,000 lines, 5 photos of 200 KB)' "--store @S/bundle project export -o @O/b.akkord" x4 floor-bundle 40 -
row "import again" '`project import` of the same bundle (unchanged)' "--store @S/bundle project import $W/bundle.akkord" mem - 40 -
normal_reads=("report" "report --format json" "report --format csv" "report --format html" "report --format pdf -o @O/r.pdf"
  "report --format xlsx -o @O/r.xlsx" "lines" "lines --json" "history" "check" "summary" "project list" "project show"
  "project export -o @O/b.akkord" "project reprice --dry-run" "worker list" "hours list" "advance list" "supplement list"
  "extra list" "photo list" "catalogue info" "catalogue list" "catalogue search tagrende" "catalogue show 1.01"
  "catalogue export -o @O/catalogue.json" "catalogue regulate 2 --dry-run" "config list" "help report" "--version")
normal_writes=("add 1.01 12" "edit 1 --quantity 13" "remove 250" "worker add 'Per Nielsen'" "hours add jens-hansen 7:30"
  "advance add jens-hansen 1000" "supplement add Weekendtillæg 3" "extra add Stillads --amount 100" "photo add $W/photo.jpg"
  "project new 'Ny opgave'" "project edit --note 'ny note'" "project close" "project delete big --yes")
for a in "${normal_reads[@]}"; do row "normal $a" "\`$a\` (500 lines)" "--store @S/normal $a" x1.5 hello - -; done
for a in "${normal_writes[@]}"; do row "normal $a" "\`$a\` (500 lines) ¹" "--store @S/normal-w $a" x1.5 hello - normal; done
if [ -n "$MILLION" ]; then
  for a in "report --format json" "report" "lines" "check" "report --format xlsx -o @O/r1m.xlsx"; do
    row "1M $a" "\`$a\` (1,000,000 lines)" "--store @S/s1m $a" mem - 64 -
  done
  row "1M add" '`add 1.01 12` (1,000,000 lines)' "--store @S/s1m-w add 1.01 12" mem - 64 s1m
fi
grep -E -- "$ONLY" "$R" >"$R.only" || true; mv "$R.only" "$R"

declare -A REF=(
  [floor]="cat $S/s100k/projects/big.json | $W/floor"
  [floor-bundle]="cat $S/bundle/projects/big.json | $W/floor"
  [safecopy]="$W/safecopy $W/safecopy-big.json"
  [hello]="$W/hello"
  [gzip]="gzip -6 -c $W/stored.xlsx > /dev/null"
)
# cmd WHO ARGS: the shell command of a row for one binary.
cmd() { local who=$1 args=$2 bin; bin=$([ "$who" = old ] && echo "$OLD" || echo "$NEW")
  args=${args//@S/$W/$who}; args=${args//@O/$W/out-$who}; echo "$bin $args"; }
# restore WHO STORE: the write store of one binary as generated (undo steps, caches and new projects gone).
restore() { echo "rm -rf $W/$1/$2-w && cp -a $S/$2 $W/$1/$2-w"; }

J=$W/json; mkdir -p "$J"
note "timing: $ROUNDS rounds of $RUNS runs (load $(cut -d' ' -f1-3 /proc/loadavg))"
for ((r = 1; r <= ROUNDS; r++)); do
  warm=$([ "$r" = 1 ] && echo 1 || echo 0)
  for ref in "${!REF[@]}"; do
    cut -f5 "$R" | grep -qx -- "$ref" || continue
    hyperfine --style none --warmup "$warm" --runs "$RUNS" --export-json "$J/ref.$ref.$r.json" -n "ref $ref" "${REF[$ref]}" >/dev/null 2>&1 \
      || echo "all.sh: reference $ref failed" >&2
  done
  n=0
  while IFS=$'\t' read -r id label args target ref cap store; do
    n=$((n + 1))
    [ "$target" = mem ] && continue
    order=(old new); [ $((r % 2)) = 0 ] && order=(new old)
    hf=(hyperfine --style none --warmup "$warm" --runs "$RUNS" --export-json "$J/row.$n.$r.json" -i)
    for who in "${order[@]}"; do
      [ "$store" = - ] || hf+=(--prepare "$(restore "$who" "$store")")
    done
    # one --prepare per command when there are several (hyperfine ≥ 1.13)
    for who in "${order[@]}"; do hf+=(-n "$who" "$(cmd "$who" "$args") >/dev/null"); done
    "${hf[@]}" >/dev/null 2>"$J/row.$n.$r.err" || echo "all.sh: $id failed in round $r (see $J/row.$n.$r.err)" >&2
  done <"$R"
  note "round $r done"
done

note "peak memory (one run each, /usr/bin/time)"
n=0
while IFS=$'\t' read -r id label args target ref cap store; do
  n=$((n + 1))
  for who in old new; do
    [ "$store" = - ] || sh -c "$(restore "$who" "$store")"
    rc=0; /usr/bin/time -f %M -o "$J/mem.$n.$who" sh -c "$(cmd "$who" "$args") >/dev/null 2>&1" || rc=$?
    echo "$rc" >"$J/rc.$n.$who"
  done
done <"$R"
# The sync rows: the new binary only (an old one may have no `sync`), bench/sync.sh's own runs.
SYNC_OK=
if command -v git >/dev/null; then
  note "sync rows: bench/sync.sh (the new binary)"
  if bash "$ROOT/bench/sync.sh" "$NEW" >"$J/sync.log" 2>&1; then SYNC_OK=1; else echo "all.sh: bench/sync.sh failed (see $J/sync.log)" >&2; fi
fi

{
  echo "akkord, SPEC §13 and §19: old $OLD (built $(date -u -r "$OLD" +%Y-%m-%dT%H:%MZ)) against new $NEW (built $(date -u -r "$NEW" +%Y-%m-%dT%H:%MZ))"
  echo "bench/ at commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'); $(nproc) cores; load at the end $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS rounds of $RUNS runs; $(( $(date +%s) - START )) s"
  echo
  python3 "$ROOT/bench/all_table.py" "$R" "$J" "$ROUNDS" || true
  echo
  if [ -n "$SYNC_OK" ]; then
    python3 - "$ROOT/bench/out/sync" <<'PY'
import json, sys
print("| sync (§19, new binary, 2,000 projects, local bare remote) | target | new min | new mean | result |")
print("|---|---|---:|---:|---|")
for name, label, target in [("nothing", "`sync` with nothing to do", 0.5), ("incoming", "`sync` bringing in 20 changed projects", 2.0)]:
    times = json.load(open(f"{sys.argv[1]}/{name}.json"))["results"][0]["times"]
    best, mean = min(times), sum(times) / len(times)
    print(f"| {label} | < {target} s | {best * 1000:.1f} ms | {mean * 1000:.1f} ms | {'PASS' if best < target else '**FAIL**'} |")
PY
  else
    echo "| sync (§19) | not measured: git missing or bench/sync.sh failed |"
  fi
}
trap - ERR
python3 "$ROOT/bench/all_table.py" "$R" "$J" "$ROUNDS" --verdict
