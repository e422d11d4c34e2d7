#!/usr/bin/env bash
# A change whose file was renamed into place is done, even when the folder sync after the rename
# fails (EIO, EACCES, ENOSPC injected by strace into the opening of the folder to sync it): the
# command exits 0 with a warning that says the change is saved and must not be made again, and
# the store holds it exactly once. Before, it exited 1 "cannot write" and a user who ran it again
# had the line twice (issue 26, point 4).
source "$(dirname "$0")/lib.sh"
[[ $AKKORD == */* && $AKKORD != /* ]] && AKKORD=$PWD/$AKKORD
if ! command -v strace >/dev/null 2>&1; then fail "strace is not installed (apt-get install -y strace)"; finish; exit; fi

S=$WORK/store
a() { "$AKKORD" --store "$S" "$@"; }
a project new "Tagvej 3" >/dev/null && a add 1.01 10 >/dev/null || { fail "set-up"; finish; exit; }

for err in EIO EACCES ENOSPC; do
  # Every opening of projects/ as a directory fails: the only one `add` makes is the sync after the rename.
  strace -f -qq -o /dev/null -P "$S/projects" -e trace=openat -e inject=openat:error=$err \
    "$AKKORD" --store "$S" add 1.01 5 >"$WORK/out" 2>"$WORK/err"
  status=$?
  if [ "$status" = 0 ]; then ok; else fail "$err: add exited $status: $(cat "$WORK/err")"; fi
  expect_contains "$WORK/err" "warning: the change is saved in $S/projects/tagvej-3.json, but its folder could not be synced to disk"
  expect_contains "$WORK/err" "do not make it again"
  # The confirmation of the line, as for any add; and the line is there once.
  expect_contains "$WORK/out" "× 24.80 = 124.00"
  n=$(a lines --json | jq '.lines | length')
  case $err in EIO) want=2;; EACCES) want=3;; ENOSPC) want=4;; esac
  [ "$n" = "$want" ] && ok || fail "$err: $n lines, want $want"
  expect_status 0 -- "$AKKORD" --store "$S" check
done
# store.json's folder (the store itself) failing its sync after `project new` is likewise done.
strace -f -qq -o /dev/null -P "$S" -e trace=openat -e inject=openat:error=EIO \
  "$AKKORD" --store "$S" project new "Vej 2" >"$WORK/out" 2>"$WORK/err"
status=$?
if [ "$status" = 0 ]; then ok; else fail "project new exited $status: $(cat "$WORK/err")"; fi
[ "$(a project list --json | jq -r '.projects | map(.id) | join(",")')" = "tagvej-3,vej-2" ] && ok || fail "project new: $(a project list)"
[ "$(a project show --json | jq -r .id 2>/dev/null)" = "vej-2" ] && ok || fail "vej-2 is not current"
expect_status 0 -- "$AKKORD" --store "$S" check

# A change whose write fails (the rename of the new project file refused) keeps no undo step for
# it: the step is taken back, so the store is as it was (issue 26, point 10).
a project use tagvej-3 >/dev/null
before=$(ls "$S/undo/tagvej-3" | sort | tr '\n' ' ')
strace -f -qq -o /dev/null -e trace=rename,renameat,renameat2 -e inject=rename,renameat,renameat2:error=ENOSPC:when=2 \
  "$AKKORD" --store "$S" add 1.01 7 >"$WORK/out" 2>"$WORK/err"
status=$?
[ "$status" = 1 ] && ok || fail "add with its rename refused exited $status"
expect_contains "$WORK/err" "error: cannot write $S/projects/tagvej-3.json: cannot rename: No space left on device"
after=$(ls "$S/undo/tagvej-3" | sort | tr '\n' ' ')
[ "$before" = "$after" ] && ok || fail "undo steps before: $before, after: $after"
[ "$(a lines --json | jq '.lines | length')" = 4 ] && ok || fail "the failed add changed the lines"
expect_status 0 -- "$AKKORD" --store "$S" check

# A report written to -o and killed before its rename leaves its temporary beside the output;
# the next write to the same output removes it (issue 26, point 9).
OUT=$WORK/outputs; mkdir -p "$OUT"
{ strace -f -qq -o /dev/null -e trace=rename,renameat,renameat2 -e inject=rename,renameat,renameat2:signal=SIGKILL:when=1 \
    "$AKKORD" --store "$S" report --format csv -o "$OUT/r.csv" >/dev/null 2>&1; } 2>/dev/null
left=$(ls -A "$OUT" | grep -c '^\.r\.csv\.tmp-' || true)
[ "$left" = 1 ] && ok || fail "the killed report left $left temporaries beside its output, want 1: $(ls -A "$OUT")"
expect_status 0 -- "$AKKORD" --store "$S" report --format csv -o "$OUT/r.csv"
[ "$(ls -A "$OUT")" = "r.csv" ] && ok || fail "after the next write, beside the output: $(ls -A "$OUT" | tr '\n' ' ')"
finish
