#!/usr/bin/env bash
# Crash consistency: every write path of the binary is killed (SIGKILL, injected by strace on
# entry to a syscall) at every write-related syscall it makes, each time on a fresh copy of a
# prepared store, and the store is checked after each kill:
#   - every *.json under the store parses (exactly one JSON value);
#   - `check` exits 0; `project list` exits 0; `lines` exits 0 (1 "no current project" when
#     store.json names none);
#   - the current project (as akkord reads store.json: `currentIfMissing`) is the one before the
#     command or the one after it: a change that makes or deletes the current project writes
#     store.json first with what is current while the file is not there (or once it is gone);
#   - the store holds the old state, the new one, or (recorded, not failed) an intermediate one
#     that `check` accepts (the files of a change that writes several, between their renames);
#   - the same command run again un-killed succeeds (from the old state: exit 0 and the new
#     state; from the new state: the exit status a second un-killed run has, e.g. 1 for
#     `project close`; from a third state: exit 0), `check` stays 0, and a rerun that exits 0
#     leaves no temporary file behind (a writer removes those of dead processes).
# Recorded, not failed: temporary files (.NAME.tmp-PID-RAND) left by the kill and their size,
# photo files no project uses, catalogue archives of an import that did not happen.
#
# Kill points. strace counts `when=N` per syscall, so `-e inject=a,b:when=N` kills at the Nth a
# or the Nth b, whichever comes first, and never reaches most points. So each syscall S of the
# set gets its own loop: `-e inject=S:signal=SIGKILL:when=N`, N = 1, 2, ... until the command
# finishes un-killed; the union over S is every invocation of every syscall in the set.
# The set, measured with `strace -f -c` over every path below: openat, close, write, fsync,
# rename, unlink, flock (the others listed are there in case the binary starts using them; a
# syscall it never makes costs nothing: the reference trace shows it is never made).
# Sampling: about 110 of the ~130 points per path are the dynamic loader and runtime start-up
# (openat/close of shared libraries, /proc, /sys), before the first syscall that names the
# store. Those are all the same crash (the store untouched), so they are sampled: N = 1, every
# 40th, and the last one before the store is touched. Every point from the first syscall that
# names the store on is killed, on every path. Each kill is named after the reference trace's
# Nth call (strace -y), e.g. "add, rename#1 rename("S/projects/.alpha.json.tmp-PID-RAND", ...)".
# Cost: two paths run at a time (CRASH_JOBS), each with its own store copy. Measured on the 2-core
# build machine while other builds ran (load 3-5): 438 kills, 55 s of CPU, 63 s wall; a binary
# with a read lock and a trash (more syscalls a run) 589 kills, 77 s of CPU, 88 s wall.
source "$(dirname "$0")/lib.sh"

[[ $AKKORD == */* && $AKKORD != /* ]] && AKKORD=$PWD/$AKKORD   # the script works in $WORK
SET=openat,close,write,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,flock,ftruncate,link,linkat
PREFIX_STEP=40
ORIGINAL=$PWD

command -v "$AKKORD" >/dev/null || { fail "no akkord binary at $AKKORD"; finish; exit; }

# --- strace present and allowed to inject a kill ---------------------------------------------
if ! command -v strace >/dev/null 2>&1; then
  fail "strace is not installed: no crash points can be injected (apt-get install -y strace)"
  finish; exit
fi
# (Not --seccomp-bpf: it would cost less CPU, but strace 6.1 then injects no signal at all.)
TRACE=(strace -f)
# (bash reports a child killed by a signal on stderr after the command; a group's redirection hides it)
{ "${TRACE[@]}" -o /dev/null -e trace=openat -e inject=openat:signal=SIGKILL:when=1 "$AKKORD" --version >/dev/null; } 2>/dev/null
if [ $? -ne 137 ]; then
  fail "strace cannot kill a traced akkord here (is ptrace permitted? try: strace -f -o /dev/null -e inject=fsync:signal=SIGKILL:when=1 true)"
  finish; exit
fi

# --- the prepared store ----------------------------------------------------------------------
BASE="$WORK/base"
S="$WORK/s"; PW="$WORK"   # each worker below gets its own: every run there works on a fresh copy at $S
cd "$WORK" || exit 1
python3 - <<'EOF'
import struct, zlib
def png(name, rgb):
    raw = b''.join(b'\x00' + bytes(rgb) * 4 for _ in range(4))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    open(name, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 4, 4, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
png('old.png', (200, 30, 30)); png('new.png', (30, 200, 30))
EOF
printf 'pos,name,unit,price\n2.01,Under felt nailed,m2,40\n9.99,Ridge vent,stk,12\n' >"$WORK/cat1.csv"
printf 'pos,name,unit,price\n2.01,Under felt nailed,m2,41\n9.98,Snow guard,stk,7\n' >"$WORK/merge.csv"
printf 'pos,name,unit,price\n1.01,Strip roof,m2,10\n2.01,Felt,m2,30\n' >"$WORK/replace.csv"
{
  B() { "$AKKORD" --store "$BASE" "$@" >/dev/null; }
  B catalogue import "$WORK/cat1.csv" && B project new "Alpha" && B add 2.01 2 && B add 2.04 3 \
    && B worker add "Jens Hansen" && B hours add jens 7.5 && B advance add jens 100 && B photo add "$WORK/old.png" \
    && B project new "Beta" && B add 2.01 1 && B project new "Gamma" && B project delete gamma --yes \
    && B project use alpha && "$AKKORD" --store "$BASE" check >/dev/null \
    && "$AKKORD" --store "$WORK/other" project new "Delta" >/dev/null && "$AKKORD" --store "$WORK/other" add 2.01 1 >/dev/null \
    && "$AKKORD" --store "$WORK/other" photo add "$WORK/new.png" >/dev/null \
    && "$AKKORD" --store "$WORK/other" project export -o "$WORK/delta.akkord" >/dev/null
} 2>"$WORK/prep.err"
if [ $? -ne 0 ]; then fail "could not prepare the store: $(head -c 300 "$WORK/prep.err")"; finish; exit; fi
fresh() { rm -rf "$S"; cp -a "$BASE" "$S"; }
A() { "$AKKORD" --store "$S" "$@"; }

# --- looking at a store ----------------------------------------------------------------------
# A python3 per worker, asked over a pipe (coproc) for each look: a python start costs ~30 ms of
# CPU, a jq start ~35 ms, and there are two looks per kill.
PY=python3; [ -x /usr/bin/python3 ] && PY=/usr/bin/python3   # a pyenv shim costs ~120 ms more
LOOK_PY='
import hashlib, json, os, sys
def look(s):
    out, bad, tmps, docs = [], "", [], {}
    for root, dirs, files in os.walk(s):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f); rel = os.path.relpath(p, s)
            if f.startswith(".") and ".tmp-" in f:
                tmps.append((rel, os.path.getsize(p)))
            elif f.endswith(".json"):
                try:
                    with open(p, "rb") as h: docs[rel] = json.loads(h.read().decode("utf-8"))
                except Exception as e:
                    bad = bad or "%s (%s)" % (rel, str(e)[:80])
    def g(d, k, default=None): return d.get(k, default) if isinstance(d, dict) else default
    state = docs.get("store.json")
    cur = "-" if not os.path.exists(s + "/store.json") else g(state, "currentProject", "?") or "-"
    # The current project as akkord reads it: a change stopped between store.json and the
    # project file it makes or deletes names, in "currentIfMissing", the current project for as
    # long as the file named is not there.
    if isinstance(state, dict) and "currentIfMissing" in state and cur != "-" and not os.path.exists(s + "/projects/" + cur + ".json"):
        alt = state.get("currentIfMissing")
        cur = alt if alt and os.path.exists(s + "/projects/" + alt + ".json") else "-"
    out.append("current=%s" % cur)
    trash = sorted(f for f in os.listdir(s + "/trash") if not f.startswith(".")) if os.path.isdir(s + "/trash") else []
    out.append("trash=%s" % ",".join(trash))
    used = set()
    for rel in sorted(os.listdir(s + "/projects")) if os.path.isdir(s + "/projects") else []:
        if rel.startswith(".") or not rel.endswith(".json"): continue
        p = docs.get("projects/" + rel)
        if p is None: out.append("unreadable " + rel); continue
        L = lambda k: [x for x in g(p, k, []) if isinstance(x, dict)]
        used.update(g(x, "file") for x in L("photos"))
        out.append(json.dumps({"id": g(p, "id"), "name": g(p, "name"), "status": g(p, "status"),
            "lineCount": g(p, "lineCount"), "subtotal": g(p, "subtotal"), "nextIds": g(p, "nextIds"),
            "lines": [[g(x, "id"), g(x, "pos"), g(x, "quantity"), g(x, "price"), g(x, "note")] for x in L("lines")],
            "workers": [[g(x, "id"), g(x, "weight")] for x in L("workers")],
            "daywork": [[g(x, "id"), g(x, "worker"), g(x, "hours"), g(x, "amount")] for x in L("daywork")],
            "hours": [[g(x, "id"), g(x, "worker"), g(x, "hours")] for x in L("hours")],
            "advances": [[g(x, "id"), g(x, "worker"), g(x, "amount")] for x in L("advances")],
            "photos": [[g(x, "id"), g(x, "file")] for x in L("photos")], "history": len(g(p, "history", []))}))
    # The settings the store keeps for the office (config set --store-wide).
    out.append("settings=" + json.dumps(docs.get("settings.json"), sort_keys=True))
    try:
        with open(s + "/catalogue.json", "rb") as h: out.append("catalogue=" + hashlib.sha256(h.read()).hexdigest()[:16])
    except FileNotFoundError: out.append("catalogue=-")
    photos = sorted(f for f in os.listdir(s + "/photos") if not f.startswith(".")) if os.path.isdir(s + "/photos") else []
    hist = [f for f in os.listdir(s + "/catalogue-history") if not f.startswith(".")] if os.path.isdir(s + "/catalogue-history") else []
    out += ["#bad " + bad, "#tmpn %d" % len(tmps), "#tmpb %d" % sum(n for _, n in tmps), "#tmp1 " + (tmps[0][0] if tmps else ""),
            "#orphans " + " ".join("photos/" + f for f in photos if f not in used), "#archives %d" % len(hist), "#current " + cur]
    return out
for request in sys.stdin:
    try: lines = look(request.rstrip("\n"))
    except Exception as e: lines = ["#bad (the look itself failed: %r)" % e]
    sys.stdout.write("\n".join(lines) + "\n#end\n"); sys.stdout.flush()
'
# look: reads $S once; sets L_STATE (its logical content, one line per piece, times and dates
# left out), L_BAD (a *.json that does not parse), L_TMPN/L_TMPB/L_TMP1 (temporary files:
# count, bytes, first), L_ORPHANS (photo files no project names), L_ARCHIVES, L_CURRENT.
# Call it in the worker's own shell (not in $(...)): it talks to the worker's coproc LOOKER.
look() {
  local line
  L_STATE=""; L_BAD=""; L_TMPN=0; L_TMPB=0; L_TMP1=""; L_ORPHANS=""; L_ARCHIVES=0; L_CURRENT=""
  echo "$S" >&"${LOOKER[1]}"
  while IFS= read -r -t 60 line <&"${LOOKER[0]}" || { L_BAD="(no answer from the python look)"; false; }; do
    case $line in
      '#end') break ;;
      '#bad '*) L_BAD=${line#'#bad '} ;;
      '#tmpn '*) L_TMPN=${line#'#tmpn '} ;;
      '#tmpb '*) L_TMPB=${line#'#tmpb '} ;;
      '#tmp1 '*) L_TMP1=${line#'#tmp1 '} ;;
      '#orphans '*) L_ORPHANS=${line#'#orphans '} ;;
      '#archives '*) L_ARCHIVES=${line#'#archives '} ;;
      '#current '*) L_CURRENT=${line#'#current '} ;;
      *) L_STATE+="$line"$'\n' ;;
    esac
  done
}
# lines must exit 0, or 1 saying "no current project" when store.json names none.
lines_ok() {
  A lines >/dev/null 2>"$PW/lines.err"; local rc=$?
  if [ "$L_CURRENT" = - ]; then [ $rc -eq 1 ] && grep -q "no current project" "$PW/lines.err"; else [ $rc -eq 0 ]; fi
}

# --- counting (per write path; each path runs in its own worker) ------------------------------
KINDS="json check list lines current rerun recheck stale"
declare -A KIND_N=() KIND_EX=()
KILLS=0; TEMP_KILLS=0; TEMP_FILES=0; TEMP_BYTES=0; TEMP_MAX=0; TEMP_EX=""
ORPHAN_KILLS=0; ORPHAN_EX=""; ARCHIVE_KILLS=0; ARCHIVE_EX=""; CHECK_SILENT=0; INTER_KILLS=0; INTER_EX=""
# finding KIND "where" "what": counted once per kill point and kind; the first two per path and
# kind are printed, the rest only counted.
finding() {
  local kind=$1
  KIND_N[$kind]=$(( ${KIND_N[$kind]:-0} + 1 ))
  [ -n "${KIND_EX[$kind]:-}" ] || KIND_EX[$kind]="$2: $3"
  if [ "${KIND_N[$kind]}" -le 2 ]; then fail "[$kind] $2: $3"; else FAILED=$((FAILED + 1)); fi
}

# --- one write path --------------------------------------------------------------------------
# crash_path NAME -- ARGS...   (ARGS are akkord's, after --store). Uses $S (its store) and $PW
# (its scratch directory); prints its FAILs and one summary line; leaves its counters in $PW/counters.
crash_path() {
  PATHNAME=$1; shift 2
  CMD=("$@")
  local old new new2 r2 sc
  fresh; look; old=$L_STATE
  A "${CMD[@]}" >/dev/null 2>"$PW/err" || { fail "$PATHNAME: un-killed run failed: $(head -c 300 "$PW/err")"; return; }
  look; new=$L_STATE; REF_ORPHANS=$L_ORPHANS
  [ "$new" != "$old" ] && ok || fail "$PATHNAME: the command changed nothing"
  A "${CMD[@]}" >/dev/null 2>&1; r2=$?; look; new2=$L_STATE
  # Reference trace: which invocations of each syscall come before the store is first named.
  fresh
  "${TRACE[@]}" -y -o "$PW/ref.log" -e trace="$SET" "$AKKORD" --store "$S" "${CMD[@]}" >/dev/null 2>&1
  for sc in ${SET//,/ }; do
    local total prefix n points=() at=()
    read -r total prefix < <(awk -v sc="$sc" -v s1="\"$S" -v s2="<$S" '
      { name = $2; sub(/\(.*/, "", name) }
      !seen && (index($0, s1) || index($0, s2)) { seen = 1 }
      name == sc { t++; if (!seen) p++ }
      END { print t + 0, p + 0 }' "$PW/ref.log")
    [ "$total" -eq 0 ] && continue   # never made: the reference run above finished un-killed
    mapfile -t at < <(awk -v sc="$sc" '{ name = $2; sub(/\(.*/, "", name) } name == sc { $1 = ""; gsub(/AT_FDCWD<[^>]*>/, "AT_FDCWD"); sub(/<[^>]*>$/, ""); gsub(/\.tmp-[0-9]+-[0-9]+/, ".tmp-PID-RAND"); print substr($0, 2, 200) }' "$PW/ref.log")
    for ((n = 1; n <= prefix; n++)); do
      if [ $n -eq 1 ] || [ $n -eq "$prefix" ] || [ $((n % PREFIX_STEP)) -eq 0 ]; then points+=("$n"); fi
    done
    for ((n = prefix + 1; n <= total + 1; n++)); do points+=("$n"); done
    for n in "${points[@]}"; do
      fresh
      { "${TRACE[@]}" -o /dev/null -e trace="$SET" -e inject="$sc":signal=SIGKILL:when="$n" "$AKKORD" --store "$S" "${CMD[@]}" >/dev/null; } 2>/dev/null
      local rc=$?
      if [ $rc -ne 137 ]; then
        # Past the last invocation the command finishes un-killed; it must not before.
        if [ "$n" -le "$total" ]; then fail "$PATHNAME: $sc#$n was not reached (exit $rc; the trace had $total)"
        elif [ $rc -ne 0 ]; then fail "$PATHNAME: un-killed under strace exits $rc"; else ok; fi
        break
      fi
      [ "$n" -gt "$total" ] && { fail "$PATHNAME: killed at $sc#$n, but the trace had only $total"; continue; }
      KILLS=$((KILLS + 1))
      local where="${at[n-1]//"$S"/S}"
      check_after_kill "$PATHNAME, $sc#$n ${where:0:90}" "$old" "$new" "$new2" "$r2"
    done
  done
  local k line=""
  for k in $KINDS; do [ -n "${KIND_N[$k]:-}" ] && line+=" $k=${KIND_N[$k]}"; done
  local left=""
  [ "$TEMP_KILLS" -gt 0 ] && left+=" temporaries=$TEMP_KILLS ($TEMP_BYTES bytes)"
  [ "$ORPHAN_KILLS" -gt 0 ] && left+=" unused-photo=$ORPHAN_KILLS"
  [ "$ARCHIVE_KILLS" -gt 0 ] && left+=" extra-archive=$ARCHIVE_KILLS"
  [ "$INTER_KILLS" -gt 0 ] && left+=" intermediate-state=$INTER_KILLS"
  printf '  %-28s %3d kills%s%s\n' "$PATHNAME" "$KILLS" "${line:+  findings:$line}" "${left:+  left behind:$left}"
  declare -p PASSED FAILED KILLS KIND_N KIND_EX TEMP_KILLS TEMP_FILES TEMP_BYTES TEMP_MAX TEMP_EX \
    ORPHAN_KILLS ORPHAN_EX ARCHIVE_KILLS ARCHIVE_EX CHECK_SILENT INTER_KILLS INTER_EX >"$PW/counters"
}

check_after_kill() {
  local where=$1 old=$2 new=$3 new2=$4 r2=$5 which=third
  look
  local tmpn=$L_TMPN tmp1=$L_TMP1
  # Recorded: temporaries, photo files no project uses (beyond the un-killed run's), archives of
  # an import that did not happen.
  if [ "$tmpn" -gt 0 ]; then
    TEMP_KILLS=$((TEMP_KILLS + 1)); TEMP_FILES=$((TEMP_FILES + tmpn)); TEMP_BYTES=$((TEMP_BYTES + L_TMPB))
    [ "$L_TMPB" -gt "$TEMP_MAX" ] && TEMP_MAX=$L_TMPB
    [ -n "$TEMP_EX" ] || TEMP_EX="$where: $tmp1, $L_TMPB bytes"
  fi
  if [ -n "$L_ORPHANS" ] && [ "$L_ORPHANS" != "$REF_ORPHANS" ]; then
    ORPHAN_KILLS=$((ORPHAN_KILLS + 1)); [ -n "$ORPHAN_EX" ] || ORPHAN_EX="$where: $L_ORPHANS"
  fi
  [ -z "$L_BAD" ] && ok || finding json "$where" "$L_BAD does not parse"
  # The current project goes with the files: the one before the command when the rest of the
  # store is as before, the one after it when the rest is as after, and never a third.
  local c_old=${old%%$'\n'*} c_new=${new%%$'\n'*} c_now=${L_STATE%%$'\n'*}
  local r_old=${old#*$'\n'} r_new=${new#*$'\n'} r_now=${L_STATE#*$'\n'}
  # (A command that changes only the current project, `project use`, may leave either.)
  if { [ "$c_now" != "$c_old" ] && [ "$c_now" != "$c_new" ]; } || { [ "$r_old" != "$r_new" ] && {
       { [ "$r_now" = "$r_new" ] && [ "$c_now" != "$c_new" ]; } || { [ "$r_now" = "$r_old" ] && [ "$c_now" != "$c_old" ]; }; }; }; then
    finding current "$where" "${c_now#current=} is current (before: ${c_old#current=}, after: ${c_new#current=}; the other files as $([ "$r_now" = "$r_new" ] && echo after || echo before))"
  else ok; fi
  [ "$L_STATE" = "$old" ] && which=old
  [ "$L_STATE" = "$new" ] && which=new
  if [ $which = third ]; then
    INTER_KILLS=$((INTER_KILLS + 1))
    [ -n "$INTER_EX" ] || INTER_EX="$where: $(diff <(echo "$old") <(echo "$L_STATE") | grep '^[<>]' | head -2 | cut -c1-120 | tr '\n' ' ')"
  fi
  ok
  if [ $which = old ] && [ "$L_ARCHIVES" -ne "$BASE_ARCHIVES" ]; then
    ARCHIVE_KILLS=$((ARCHIVE_KILLS + 1)); [ -n "$ARCHIVE_EX" ] || ARCHIVE_EX="$where"
  fi
  A check >"$PW/check.out" 2>&1 && ok || finding check "$where" "check exits $?: $(grep -v '^store ' "$PW/check.out" | head -1 | sed "s#$S#S#g")"
  if [ "$tmpn" -gt 0 ] && ! grep -qF "${tmp1##*/}" "$PW/check.out"; then CHECK_SILENT=$((CHECK_SILENT + 1)); fi
  A project list >/dev/null 2>"$PW/err" && ok || finding list "$where" "project list exits $?: $(head -1 "$PW/err" | sed "s#$S#S#g")"
  lines_ok && ok || finding lines "$where" "lines: $(head -1 "$PW/lines.err" | sed "s#$S#S#g")"
  # The same command again, un-killed.
  A "${CMD[@]}" >/dev/null 2>"$PW/err"; local rc=$?
  look
  case $which in
    old)  { [ $rc -eq 0 ] && [ "$L_STATE" = "$new" ]; } && ok || finding rerun "$where" "from the old state the rerun exits $rc$([ "$L_STATE" = "$new" ] || echo ', not the new state'): $(head -1 "$PW/err" | sed "s#$S#S#g")" ;;
    new)  { [ $rc -eq "$r2" ] && [ "$L_STATE" = "$new2" ]; } && ok || finding rerun "$where" "from the new state the rerun exits $rc (a second un-killed run exits $r2)$([ "$L_STATE" = "$new2" ] || echo ', other state'): $(head -1 "$PW/err" | sed "s#$S#S#g")" ;;
    third) [ $rc -eq 0 ] && ok || finding rerun "$where" "the rerun exits $rc: $(head -1 "$PW/err" | sed "s#$S#S#g")" ;;
  esac
  A check >"$PW/check.out" 2>&1 && ok || finding recheck "$where" "check after the rerun exits $?: $(grep -v '^store ' "$PW/check.out" | head -1 | sed "s#$S#S#g")"
  if [ $rc -eq 0 ] && [ "$tmpn" -gt 0 ]; then
    [ "$L_TMPN" -eq 0 ] && ok || finding stale "$where" "$L_TMPN temporary file(s) still there after a successful rerun, e.g. $L_TMP1"
  fi
}

# --- the paths, two at a time (2 cores); output and counters are merged in this order ----------
BASE_ARCHIVES=$(find "$BASE/catalogue-history" -type f -name '*.json' | wc -l)
JOBS=${CRASH_JOBS:-2}
START=$SECONDS
NPATHS=0
run() {
  NPATHS=$((NPATHS + 1))
  local i=$NPATHS
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  mkdir -p "$WORK/p$i"
  (
    S="$WORK/p$i/s"; PW="$WORK/p$i"; PASSED=0; FAILED=0
    coproc LOOKER { "$PY" -c "$LOOK_PY"; }
    crash_path "$@"
  ) >"$WORK/p$i/out" 2>&1 &
}
run "project new"                -- project new "Epsilon"
run "project use"                -- project use beta
run "project edit --name"        -- project edit --name "Alpha Roof"
run "project close"              -- project close
run "project delete (current)"   -- project delete alpha --yes
run "add"                        -- add 1.01 2
run "add --custom"               -- add --custom X --unit m2 --price 10 1
run "edit --quantity"            -- edit 1 --quantity 3
run "remove"                     -- remove 1
run "worker add"                 -- worker add "Ole Berg"
run "hours add"                  -- hours add jens 7.5
run "advance add"                -- advance add jens 100
run "daywork add"                -- daywork add jens 4 --rate 187,25 --kind syg
run "worker edit --weight"       -- worker edit jens --weight 0,8
run "config set --store-wide"    -- config set --store-wide settlementDeadline "20 workdays"
run "photo add (new file)"       -- photo add "$WORK/new.png"
run "photo remove (last user)"   -- photo remove 1
run "catalogue import (merge)"   -- catalogue import "$WORK/merge.csv"
run "catalogue import --replace" -- catalogue import "$WORK/replace.csv" --replace
run "undo"                       -- undo
run "project restore"            -- project restore gamma
run "project import (bundle)"    -- project import "$WORK/delta.akkord"
wait

P0=$PASSED; F0=$FAILED   # sourcing a worker's counters below overwrites PASSED and FAILED
declare -A T_N=() T_EX=()
T_PASSED=0 T_FAILED=0 T_KILLS=0 T_TEMP_KILLS=0 T_TEMP_FILES=0 T_TEMP_BYTES=0 T_TEMP_MAX=0 T_TEMP_EX=""
T_ORPHAN_KILLS=0 T_ORPHAN_EX="" T_ARCHIVE_KILLS=0 T_ARCHIVE_EX="" T_CHECK_SILENT=0 T_INTER_KILLS=0 T_INTER_EX=""
echo "  (per write path: kills; kill points with findings of each kind; kill points that left files behind)"
for ((i = 1; i <= NPATHS; i++)); do
  cat "$WORK/p$i/out"
  if [ ! -s "$WORK/p$i/counters" ]; then T_FAILED=$((T_FAILED + 1)); echo "  FAIL: path $i left no counters"; continue; fi
  source "$WORK/p$i/counters"
  T_PASSED=$((T_PASSED + PASSED)); T_FAILED=$((T_FAILED + FAILED)); T_KILLS=$((T_KILLS + KILLS))
  for k in "${!KIND_N[@]}"; do T_N[$k]=$(( ${T_N[$k]:-0} + KIND_N[$k] )); [ -n "${T_EX[$k]:-}" ] || T_EX[$k]=${KIND_EX[$k]}; done
  T_TEMP_KILLS=$((T_TEMP_KILLS + TEMP_KILLS)); T_TEMP_FILES=$((T_TEMP_FILES + TEMP_FILES)); T_TEMP_BYTES=$((T_TEMP_BYTES + TEMP_BYTES))
  [ "$TEMP_MAX" -gt "$T_TEMP_MAX" ] && T_TEMP_MAX=$TEMP_MAX
  [ -n "$T_TEMP_EX" ] || T_TEMP_EX=$TEMP_EX
  T_ORPHAN_KILLS=$((T_ORPHAN_KILLS + ORPHAN_KILLS)); [ -n "$T_ORPHAN_EX" ] || T_ORPHAN_EX=$ORPHAN_EX
  T_ARCHIVE_KILLS=$((T_ARCHIVE_KILLS + ARCHIVE_KILLS)); [ -n "$T_ARCHIVE_EX" ] || T_ARCHIVE_EX=$ARCHIVE_EX
  T_INTER_KILLS=$((T_INTER_KILLS + INTER_KILLS)); [ -n "$T_INTER_EX" ] || T_INTER_EX=$INTER_EX
  T_CHECK_SILENT=$((T_CHECK_SILENT + CHECK_SILENT))
done
PASSED=$((P0 + T_PASSED)); FAILED=$((F0 + T_FAILED))
echo "  summary: $T_KILLS kills on $NPATHS write paths in $((SECONDS - START)) s ($JOBS at a time)"
for k in $KINDS; do
  [ -n "${T_N[$k]:-}" ] && echo "    $k: ${T_N[$k]} kill point(s), e.g. ${T_EX[$k]}"
done
echo "    temporaries left by a kill: after $T_TEMP_KILLS kill(s), $T_TEMP_FILES file(s), $T_TEMP_BYTES bytes in all, at most $T_TEMP_MAX after one${T_TEMP_EX:+; e.g. $T_TEMP_EX}"
echo "    check named none of them after $T_CHECK_SILENT of those kills"
echo "    photo files no project uses (beyond what the un-killed run leaves): after $T_ORPHAN_KILLS kill(s)${T_ORPHAN_EX:+; e.g. $T_ORPHAN_EX}"
echo "    catalogue archives of an import that did not happen: after $T_ARCHIVE_KILLS kill(s)${T_ARCHIVE_EX:+; e.g. $T_ARCHIVE_EX}"
echo "    intermediate states (check clean): after $T_INTER_KILLS kill(s)${T_INTER_EX:+; e.g. $T_INTER_EX}"
cd "$ORIGINAL" || true
finish
