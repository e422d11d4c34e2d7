#!/usr/bin/env bash
# Crash consistency of `akkord sync` (SPEC §14; issue 30): machine A's sync, with incoming and
# outgoing changes and a renumbering, is killed (SIGKILL, injected by strace on entry to a
# syscall) at write-related syscalls of akkord itself and of every git it runs, each time on a
# fresh copy of A's store, the office repository and B's store. After each kill:
#   - `check` on A exits 0 (temporaries it reports as warnings are fine, as in crash.sh);
#   - `sync` on A completes (exit 0) and `check` stays 0;
#   - A's shared files (projects/, trash/, photos/, catalogue.json, catalogue-history/) equal those
#     of the un-killed reference run, history entry times left out (they come from the clock,
#     which a release build does not let a test fix);
#   - B's sync then completes, and A's and B's shared files are identical byte for byte;
#   - a completing sync leaves no temporary file behind.
#
# Kill points. strace counts `when=N` per traced process (each process gets its own copy of the
# counter), so the two kinds of process are killed separately:
#   - akkord itself: `strace -e inject=S:signal=SIGKILL:when=N akkord sync` (not -f: git is not
#     counted there), S in crash.sh's set; the loader's start-up calls before the store is first
#     named are sampled as in crash.sh (the first and the last);
#   - the k-th git akkord runs: a `git` first on PATH (a wrapper) runs the real git under
#     `strace -e inject=S:signal=SIGKILL:when=N` for invocation k only, S in the write set below
#     (git's openat/close are reads or come with a write), and when git dies so does akkord
#     (the wrapper kills its parent at once: the machine stops, not just git). Processes git
#     starts itself (pack-objects, receive-pack on the office side) are not kill points.
# Each run is in its own process group, killed whole after the kill, so nothing keeps running.
# The candidate points are counted on an un-killed reference run; when there are more than
# SYNC_CRASH_MAX (100), they are sampled evenly (the output says how many). Two workers, each
# with its own office, share the points.
source "$(dirname "$0")/lib.sh"
command -v git >/dev/null || { fail "git is not installed"; finish; exit 1; }
command -v strace >/dev/null || { fail "strace is not installed (apt-get install -y strace)"; finish; exit 1; }
[[ $AKKORD == */* && $AKKORD != /* ]] && AKKORD=$PWD/$AKKORD
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
unset AKKORD_HOME GIT_DIR GIT_WORK_TREE SC_MODE
REAL_GIT=$(command -v git)
SET=openat,close,write,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,flock,ftruncate,link,linkat
GSET=write,pwrite64,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,ftruncate,link,linkat,symlink
MAX=${SYNC_CRASH_MAX:-100}
JOBS=${CRASH_JOBS:-2}
START=$SECONDS

# The git wrapper: counts its invocations in $SC_DIR/git.count; SC_MODE=count traces each one
# into git.K.log, SC_MODE=kill kills invocation $SC_K at its $SC_S number $SC_N (and akkord).
mkdir -p "$WORK/bin"
cat >"$WORK/bin/git" <<EOF
#!/bin/bash
[ -n "\${SC_MODE:-}" ] || exec "$REAL_GIT" "\$@"
k=\$(( \$(cat "\$SC_DIR/git.count" 2>/dev/null || echo 0) + 1 )); echo \$k >"\$SC_DIR/git.count"
if [ "\$SC_MODE" = count ]; then
  echo "\$*" >"\$SC_DIR/git.\$k.args"
  exec strace -y -o "\$SC_DIR/git.\$k.log" -e trace=$GSET "$REAL_GIT" "\$@"
fi
[ "\$SC_MODE" = kill ] && [ "\$k" = "\$SC_K" ] || exec "$REAL_GIT" "\$@"
strace -o /dev/null -e trace=$GSET -e inject="\$SC_S":signal=SIGKILL:when="\$SC_N" "$REAL_GIT" "\$@"
rc=\$?
if [ \$rc -eq 137 ]; then echo killed >"\$SC_DIR/git.killed"; kill -KILL \$PPID; fi
exit \$rc
EOF
chmod +x "$WORK/bin/git"
export PATH="$WORK/bin:$PATH"

# office DIR: a bare office repository, A and B; B's changes pushed, A's own made, not synced.
office() {
  local d=$1
  rm -rf "$d"; mkdir -p "$d"
  git init -q --bare "$d/office.git"
  local A="$d/a" B="$d/b"
  {
    a() { "$AKKORD" --store "$A" "$@"; }; b() { "$AKKORD" --store "$B" "$@"; }
    a project new "Vestergade 12" && a add 2.01 10 && a add 2.04 3 && a sync init "$d/office.git" \
      && b sync clone "$d/office.git" && b project use vestergade-12 \
      && b add 2.01 2 && b edit 1 --quantity 12 && b project new "Nørregade 1" && b add 2.01 1 && b sync \
      && a add 2.01 5 && a add 2.04 1 && a worker add "Jens Hansen" && a hours add jens 7.5 && a edit 2 --note "north side"
  } >"$d/prep.out" 2>&1 || return 1
  mkdir -p "$d/base"; cp -a "$d/a" "$d/office.git" "$d/b" "$d/base/"
}
fresh() { local d=$1; rm -rf "$d/a" "$d/office.git" "$d/b" "$d/git.count" "$d/git.killed"; cp -a "$d/base/a" "$d/base/office.git" "$d/base/b" "$d/"; }
# The shared files, history times left out; for A-B identity, the files as they are.
shared() { (cd "$1" && find projects trash photos catalogue.json catalogue-history -type f ! -name '.*' 2>/dev/null | sort | while read -r f; do echo "== $f"; sed 's/"time": *"[^"]*"/"time": T/g' "$f"; done); }
shared_exact() { (cd "$1" && find projects trash photos catalogue.json catalogue-history -type f ! -name '.*' 2>/dev/null | sort | xargs -r sha256sum); }
temporaries() { find "$1" -path "$1/.git" -prune -o -name '.*.tmp-*' -print | wc -l; }

# --- the reference run, counted -------------------------------------------------------------
R="$WORK/ref"
office "$R" || { fail "could not prepare the office: $(tail -3 "$R/prep.out")"; finish; exit 1; }
fresh "$R"
SC_MODE=count SC_DIR="$R" strace -y -o "$R/main.log" -e trace=$SET "$AKKORD" --store "$R/a" sync >"$R/sync.out" 2>&1 \
  || { fail "the un-killed reference sync failed: $(head -3 "$R/sync.out")"; finish; exit 1; }
grep -q "is now line" "$R/sync.out" && ok || fail "the reference sync renumbered no line: $(cat "$R/sync.out")"
"$AKKORD" --store "$R/b" sync >/dev/null 2>&1 && [ "$(shared_exact "$R/a")" = "$(shared_exact "$R/b")" ] && ok || fail "reference: B differs from A after both synced"
REF=$(shared "$R/a")
GITS=$(cat "$R/git.count")

# Candidate points "main S N" and "git K S N", with what the reference trace did there.
POINTS="$WORK/points"; : >"$POINTS"
awk -v set="$SET" -v s1="\"$R/a" -v s2="<$R/a" '
  BEGIN { n = split(set, a, ","); for (i = 1; i <= n; i++) want[a[i]] = 1 }
  { name = $1; sub(/\(.*/, "", name) }
  !(name in want) { next }
  !seen && (index($0, s1) || index($0, s2)) { seen = 1; for (s in pre) if (pre[s] > 1) print "main", s, pre[s], "(start-up)" }
  { t[name]++ }
  !seen { if (t[name] == 1) print "main", name, 1, "(start-up)"; pre[name] = t[name]; next }
  { line = $0; gsub(/\.tmp-[0-9]+-[0-9]+/, ".tmp-PID-RAND", line); print "main", name, t[name], substr(line, 1, 100) }
' "$R/main.log" >>"$POINTS"
for ((k = 1; k <= GITS; k++)); do
  args=$(cut -c1-40 "$R/git.$k.args")
  awk -v k="$k" -v args="$args" '{ name = $1; sub(/\(.*/, "", name); if (name ~ /^[a-z0-9_]+$/ && $0 !~ /^\+\+\+|^---/) { t[name]++; line = $0; print "git", k, name, t[name], "(git " args ") " substr(line, 1, 80) } }' "$R/git.$k.log" >>"$POINTS"
done
sed -i "s#$R/a#A#g; s#$R/#R/#g" "$POINTS"
TOTAL=$(wc -l <"$POINTS")
SAMPLED="$WORK/sampled"
awk -v max="$MAX" -v total="$TOTAL" 'BEGIN { step = total > max ? total / max : 1 } { i = NR - 1; if (total <= max || int(i / step) != int((i - 1) / step) || i == 0) print }' "$POINTS" >"$SAMPLED"
# SYNC_CRASH_POINT="main close 193" (or "git 14 write 14") kills there only; SYNC_CRASH_KEEP=1
# keeps the scratch directory (its path is printed) to look at afterwards.
[ -n "${SYNC_CRASH_POINT:-}" ] && { echo "$SYNC_CRASH_POINT" >"$SAMPLED"; JOBS=1; }
[ -n "${SYNC_CRASH_KEEP:-}" ] && { trap - EXIT; echo "  scratch kept: $WORK"; }
NS=$(wc -l <"$SAMPLED")
echo "  reference sync: $(grep -c . "$R/main.log") traced calls of akkord, $GITS git runs; $TOTAL kill points, $NS killed$([ "$NS" -lt "$TOTAL" ] && echo " (sampled evenly, at most $MAX)")"

# --- one kill ---------------------------------------------------------------------------------
# kill_at DIR where... : runs A's sync killed at the point, then the checks; echoes findings
# as "KIND<TAB>where<TAB>what" into DIR/findings, and counters into DIR/counts.
kill_at() {
  local d=$1; shift
  local kind=$1 where
  fresh "$d"
  local -a cmd=(strace -o /dev/null -e trace=$SET)
  if [ "$kind" = main ]; then
    local S=$2 N=$3; where="akkord $S#$N ${*:4}"
    cmd+=(-e inject="$S":signal=SIGKILL:when="$N")
    export SC_MODE=
  else
    local K=$2 S=$3 N=$4; where="git#$K $S#$N ${*:5}"
    export SC_MODE=kill SC_K=$K SC_S=$S SC_N=$N
  fi
  export SC_DIR=$d
  where=${where//"$d"/D}
  # Its own process group, killed whole afterwards: no git carries on after akkord died.
  { setsid -w bash -c 'echo $$ >"$0/pgid"; exec "$@"' "$d" "${cmd[@]}" "$AKKORD" --store "$d/a" sync >/dev/null 2>&1; } 2>/dev/null
  local rc=$?
  kill -KILL -- -"$(cat "$d/pgid")" 2>/dev/null
  for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 -- -"$(cat "$d/pgid")" 2>/dev/null || break; sleep 0.05; done
  unset SC_MODE SC_K SC_S SC_N
  if [ $rc -ne 137 ] && [ ! -f "$d/git.killed" ]; then
    echo "notreached" >>"$d/counts"; [ $rc -eq 0 ] || printf 'unkilled\t%s\texit %s without a kill\n' "$where" "$rc" >>"$d/findings"; return
  fi
  echo kill >>"$d/counts"
  local tmp; tmp=$(temporaries "$d/a"); [ "$tmp" -gt 0 ] && echo "temporaries $tmp" >>"$d/counts"
  local A=(env -u SC_MODE "$AKKORD" --store "$d/a")
  "${A[@]}" check >"$d/check.out" 2>&1 || printf 'check\t%s\tcheck exits %s: %s\n' "$where" "$?" "$(grep -v '^store ' "$d/check.out" | head -2 | tr '\n' ' ' | sed "s#$d#D#g")" >>"$d/findings"
  "${A[@]}" sync >"$d/sync.out" 2>&1 || { printf 'sync\t%s\tthe next sync exits %s: %s\n' "$where" "$?" "$(head -2 "$d/sync.out" | tr '\n' ' ' | sed "s#$d#D#g")" >>"$d/findings"; return; }
  "${A[@]}" check >"$d/check.out" 2>&1 || printf 'recheck\t%s\tcheck after the next sync exits %s: %s\n' "$where" "$?" "$(grep -v '^store ' "$d/check.out" | head -2 | tr '\n' ' ' | sed "s#$d#D#g")" >>"$d/findings"
  [ "$(temporaries "$d/a")" -eq 0 ] || printf 'stale\t%s\t%s temporary file(s) left after the completing sync\n' "$where" "$(temporaries "$d/a")" >>"$d/findings"
  [ "$(shared "$d/a")" = "$REF" ] || printf 'content\t%s\tA differs from the reference run: %s\n' "$where" "$(diff <(echo "$REF") <(shared "$d/a") | grep '^[<>]' | head -2 | cut -c1-100 | tr '\n' ' ')" >>"$d/findings"
  env -u SC_MODE "$AKKORD" --store "$d/b" sync >"$d/bsync.out" 2>&1 || { printf 'bsync\t%s\tB'"'"'s sync exits %s: %s\n' "$where" "$?" "$(head -2 "$d/bsync.out" | tr '\n' ' ' | sed "s#$d#D#g")" >>"$d/findings"; return; }
  [ "$(shared_exact "$d/a")" = "$(shared_exact "$d/b")" ] || printf 'ab\t%s\tA and B differ after both synced: %s\n' "$where" "$(diff <(shared_exact "$d/a") <(shared_exact "$d/b")| grep '^[<>]' | head -2 | cut -c1-100 | tr '\n' ' ')" >>"$d/findings"
}

worker() {
  set -f
  local w=$1 d="$WORK/w$1"
  office "$d" || { printf 'prep\tworker %s\tcould not prepare the office\n' "$w" >"$d/findings"; return; }
  : >"$d/findings"; : >"$d/counts"
  local i=0 line
  while IFS= read -r line; do
    i=$((i + 1)); [ $(( i % JOBS )) -eq $(( w % JOBS )) ] || continue
    # shellcheck disable=SC2086
    kill_at "$d" $line </dev/null
  done <"$SAMPLED"
}
for ((w = 1; w <= JOBS; w++)); do worker "$w" & done
wait

# --- the summary ------------------------------------------------------------------------------
cat "$WORK"/w*/findings >"$WORK/findings"
KILLS=$(cat "$WORK"/w*/counts | grep -cx kill)
NOTREACHED=$(cat "$WORK"/w*/counts | grep -cx notreached)
TEMPK=$(cat "$WORK"/w*/counts | grep -c '^temporaries')
KINDS="prep unkilled check sync recheck stale content bsync ab"
line=""
for k in $KINDS; do
  n=$(awk -F'\t' -v k="$k" '$1 == k' "$WORK/findings" | wc -l)
  [ "$n" -gt 0 ] && line+=" $k=$n"
  awk -F'\t' -v k="$k" '$1 == k' "$WORK/findings" | head -3 | while IFS=$'\t' read -r _ where what; do echo "  FAIL: [$k] $where: $what"; done
  [ "$n" -gt 3 ] && echo "    [$k] all $n point(s): $(awk -F'\t' -v k="$k" '$1 == k { split($2, w, " "); printf "%s%s %s", sep, w[1], w[2] ~ /#/ ? w[2] : w[2] " " w[3]; sep = ", " }' "$WORK/findings")"
  FAILED=$((FAILED + n))
done
PASSED=$((PASSED + KILLS * 7 - $(wc -l <"$WORK/findings")))
echo "  summary: $KILLS kills of sync in $((SECONDS - START)) s ($JOBS at a time); $NOTREACHED point(s) not reached (the run took another turn, finished un-killed); temporaries left by a kill: after $TEMPK"
echo "    findings:${line:- none}"
finish
