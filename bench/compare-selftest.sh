#!/usr/bin/env bash
# Checks bench/compare-outputs.sh itself, on a small store (--projects 12, seed 1):
#
#   bash bench/compare-selftest.sh BIN        (about 30 s on 2 cores)
#
# 1. BIN against itself: no difference (exit 0, `compare: N passed, 0 failed`).
# 2. BIN against a wrapper of BIN that changes four small things, each for one project (ids end in
#    the project's number: `…-3` is the third project generated):
#      -p …-3  report …          stdout: its first "1" becomes "2" (sed), every format and language
#      -p …-4  report … -o F.pdf the file: one byte overwritten at offset 200
#      -p …-5  lines --json      stderr: one more line
#      check of project 6's store  exit code 1 instead of 0
#    The comparison must fail exactly there (every failure names one of those projects and
#    commands, and each change is caught: report-text-en, report-pdf-en, lines-json-en, check-en).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${1:?usage: compare-selftest.sh BIN}
case "$BIN" in /*) ;; *) BIN=$PWD/$BIN ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/compare-selftest.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "selftest: ok: $*"; }
bad() { echo "selftest: FAILED: $*"; fail=1; }

echo "selftest: 1. $BIN against itself" >&2
bash "$ROOT/bench/compare-outputs.sh" "$BIN" "$BIN" --projects 12 >"$T/same.txt" 2>"$T/same.err"
rc=$?
last=$(tail -n 1 "$T/same.txt")
if [ $rc -eq 0 ] && [[ $last =~ ^compare:\ [0-9]+\ passed,\ 0\ failed$ ]]; then ok "same binary: $last"
else bad "same binary: exit $rc, $last"; cat "$T/same.txt"; fi

cat >"$T/tampered" <<EOF
#!/usr/bin/env bash
real='$BIN'
args=" \$* " out= prev=
for a in "\$@"; do [ "\$prev" = -o ] && out=\$a; prev=\$a; done
case "\$args" in
  *" -p "*"-3 "*" report "*) "\$real" "\$@" | sed '0,/1/s/1/2/'; exit "\${PIPESTATUS[0]}" ;;
  *" -p "*"-4 "*" report "*) "\$real" "\$@"; rc=\$?
                          case "\$out" in *.pdf) printf X | dd of="\$out" bs=1 seek=200 conv=notrunc status=none ;; esac
                          exit \$rc ;;
  *" -p "*"-5 "*" lines --json "*) "\$real" "\$@"; rc=\$?; echo "warning: one more line" >&2; exit \$rc ;;
  *" --store check/"*"-6 "*" check "*) "\$real" "\$@"; rc=\$?; [ \$rc -eq 0 ] && exit 1; exit \$rc ;;
esac
exec "\$real" "\$@"
EOF
chmod +x "$T/tampered"

echo "selftest: 2. $BIN against a tampered wrapper" >&2
bash "$ROOT/bench/compare-outputs.sh" "$BIN" "$T/tampered" --projects 12 >"$T/diff.txt" 2>"$T/diff.err"
rc=$?
last=$(tail -n 1 "$T/diff.txt")
[ $rc -eq 1 ] && [[ $last =~ ^compare:\ [0-9]+\ passed,\ [1-9][0-9]*\ failed$ ]] && ok "tampered: exit 1, $last" || bad "tampered: exit $rc, $last"
for want in "-3 report-text-en: stdout differ" "-3 report-json-da: stdout differ" "-4 report-pdf-en: file report-pdf-en.pdf differ" \
            "-5 lines-json-en: stderr differ" "-5 lines-json-da: stderr differ" "-6 check-en: exit differ"; do
  grep -q -- "^DIFF [a-z0-9-]*$want$" "$T/diff.txt" && ok "caught: …$want" || bad "not caught: …$want"
done
others=$(grep '^DIFF ' "$T/diff.txt" | grep -v -E '^DIFF [a-z0-9-]*-3 report-|^DIFF [a-z0-9-]*-4 report-pdf-|^DIFF [a-z0-9-]*-5 lines-json-|^DIFF [a-z0-9-]*-6 check-')
[ -z "$others" ] && ok "no other differences reported" || { bad "differences where nothing was changed:"; echo "$others"; }
grep -q '^  command: akkord ' "$T/diff.txt" && grep -q '^  < ' "$T/diff.txt" && grep -q '^  > ' "$T/diff.txt" \
  && ok "differences show the command and the first differing lines" || bad "no command or diff excerpt in the report"
[ $fail -eq 0 ] || { echo "--- report of the tampered run:"; cat "$T/diff.txt"; }
exit $fail
