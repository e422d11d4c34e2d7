# Shared helpers for the acceptance scripts: each script sources this with the binary as $1.
set -uo pipefail
AKKORD=${1:?usage: script.sh /path/to/akkord}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PASSED=0; FAILED=0
ok()   { PASSED=$((PASSED + 1)); }
fail() { FAILED=$((FAILED + 1)); echo "  FAIL: $*"; }
# expect_status CODE -- command...   (runs the command, compares its exit status)
expect_status() {
  local want=$1; shift; [ "$1" = "--" ] && shift
  "$@" >"$WORK/out" 2>"$WORK/err"; local got=$?
  if [ "$got" = "$want" ]; then ok; else fail "exit $got, want $want: $* :: $(head -c 300 "$WORK/err")"; fi
}
expect_contains() { if grep -qF -- "$2" "$1"; then ok; else fail "$1 lacks: $2"; fi; }
finish() { echo "  $(basename "$0"): $PASSED passed, $FAILED failed"; [ "$FAILED" -eq 0 ]; }
