#!/usr/bin/env bash
# Shell completion and the man page (issue 11): the bash script driven as readline drives it
# (COMP_WORDS, COMP_CWORD), the zsh script in a real interactive zsh (zpty), the fish script
# through `complete -C`, `zsh -n` and `fish -n`; `__complete` on a missing and on a real store
# (it writes nothing); `help --man` through `mandoc -T lint`. zsh, fish and mandoc must be
# installed: a missing one is a failure, not a skip.
source "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
for tool in bash zsh fish mandoc python3; do command -v $tool >/dev/null || { fail "$tool is not installed"; finish; exit 1; }; done
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/config" LC_ALL=C
unset AKKORD_LANG AKKORD_HOME XDG_DATA_HOME
mkdir -p "$HOME" "$WORK/bin"
ln -s "$AKKORD" "$WORK/bin/akkord"
export PATH="$WORK/bin:$PATH"
S="$WORK/store"
A() { "$AKKORD" --store "$S" "$@"; }
# sorted, on one line
line() { sort | tr '\n' ' ' | sed 's/ $//'; }

A project new "Alpha roof" >/dev/null; A project new "Beta garage" >/dev/null
A worker add "Jens Hansen" >/dev/null; A worker add "Ole Berg" >/dev/null
A add 2.01 10 >/dev/null; A add 3.01 5 >/dev/null
POS20=$(python3 -c 'import json,sys; print("\n".join(a["pos"] for a in json.load(open(sys.argv[1]))["activities"] if a["pos"].startswith("2.0")))' \
        "$ROOT/Data/catalogue.json" | line)
IDS=$(ls "$S/projects" | sed 's/\.json$//' | line)
[ -n "$POS20" ] && [ "$IDS" = "alpha-roof beta-garage" ] && ok || fail "set-up: pos '$POS20', ids '$IDS'"

# --- bash
"$AKKORD" completions bash >"$WORK/akkord.bash" && ok || fail "completions bash"
bash -n "$WORK/akkord.bash" && ok || fail "bash -n"
# bash_complete WORD... : what bash offers for the last word
bash_complete() {
  bash --noprofile --norc -c 'source "$0"; COMP_WORDS=(akkord "$@"); COMP_CWORD=$#; COMPREPLY=(); _akkord; printf "%s\n" "${COMPREPLY[@]}"' \
    "$WORK/akkord.bash" "$@" | line
}
expect_completion() { local want=$1; shift; local got; got=$("$@"); [ "$got" = "$want" ] && ok || fail "${*:2}: got '$got', want '$want'"; }
expect_completion "catalogue" bash_complete ca
expect_completion "search show" bash_complete catalogue s
expect_completion "$POS20" bash_complete --store "$S" add 2.0
expect_completion "$IDS" bash_complete --store "$S" -p ""
expect_completion "$IDS" bash_complete --store "$S" project use ""
expect_completion "jens-hansen ole-berg" bash_complete --store "$S" worker remove ""
expect_completion "1 2" bash_complete --store "$S" edit ""
expect_completion "da en" bash_complete report --lang ""
expect_completion "all approved closed disputed finished handed-in open" bash_complete project list --status ""
formats=$(bash_complete report --format "")
for f in text json csv html pdf; do [[ " $formats " == *" $f "* ]] && ok || fail "report --format offers '$formats', lacks $f"; done
AKKORD_HOME="$S" expect_completion "$POS20" bash_complete add 2.0
all=$(bash_complete "")
[[ " $all " == *" completions "* && " $all " != *"__complete"* ]] && ok || fail "bash offers at the top: $all"

# --- zsh
"$AKKORD" completions zsh >"$WORK/_akkord" && ok || fail "completions zsh"
zsh -n "$WORK/_akkord" 2>"$WORK/err" && [ ! -s "$WORK/err" ] && ok || fail "zsh -n: $(head -3 "$WORK/err")"
# zsh_complete LINE PATTERN: types LINE and Tab in an interactive zsh; the screen must match PATTERN.
zsh_complete() {
  timeout 60 zsh -f -c '
    zmodload zsh/zpty || exit 2
    zpty z zsh -f -i
    zpty -w z "PS1=\"\"; autoload -Uz compinit; compinit -u -D; source ${(q)1}; print RE\ADY"
    zpty -r z out "*READY*" || exit 3
    zpty -w -n z "$2"$'"'"'\t'"'"'
    screen=""
    for i in {1..100}; do
      while zpty -r -t z chunk; do screen+=$chunk; done
      [[ $screen == $~3 ]] && { zpty -d z; exit 0; }
      sleep 0.1
    done
    print -r -- "$screen" | tr -d "\r" | tail -5 >&2
    zpty -d z; exit 1' zsh_complete "$WORK/_akkord" "$1" "$2"
}
zsh_complete "akkord ca" "*talogue*" 2>"$WORK/err" && ok || fail "zsh: akkord ca<Tab>: $(cat "$WORK/err")"
zsh_complete "akkord --store $S add 2.0" "*2.01*Under felt, nailed*2.09*" 2>"$WORK/err" && ok || fail "zsh: add 2.0<Tab>: $(cat "$WORK/err")"
zsh_complete "akkord --store $S -p b" "*eta-garage*" 2>"$WORK/err" && ok || fail "zsh: -p b<Tab>: $(cat "$WORK/err")"
zsh_complete "akkord report --format " "*csv*html*json*pdf*text*" 2>"$WORK/err" && ok || fail "zsh: report --format <Tab>: $(cat "$WORK/err")"

# --- fish
"$AKKORD" completions fish >"$WORK/akkord.fish" && ok || fail "completions fish"
fish -n "$WORK/akkord.fish" 2>"$WORK/err" && [ ! -s "$WORK/err" ] && ok || fail "fish -n: $(head -3 "$WORK/err")"
fish_complete() { fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$WORK/akkord.fish" "akkord $1" | cut -f1 | line; }
expect_completion "catalogue" fish_complete "ca"
expect_completion "$POS20" fish_complete "--store $S add 2.0"
expect_completion "$IDS" fish_complete "--store $S -p "
expect_completion "jens-hansen ole-berg" fish_complete "--store $S hours add "
expect_completion "--format=csv" fish_complete "report --format=c"

# --- __complete reads without writing
before=$(cd "$S" && find . -type f -exec sha256sum {} + | sort)
for kind in pos section project worker line; do A __complete $kind >/dev/null 2>"$WORK/err" && [ ! -s "$WORK/err" ] && ok || fail "__complete $kind"; done
after=$(cd "$S" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] && ok || fail "__complete changed the store"
for kind in project worker line; do
  out=$("$AKKORD" --store "$WORK/missing" __complete $kind 2>&1); rc=$?
  [ $rc = 0 ] && [ -z "$out" ] && ok || fail "__complete $kind on a missing store: exit $rc, '$out'"
done
[ ! -e "$WORK/missing" ] && ok || fail "__complete created the missing store"
mkdir -p "$XDG_CONFIG_HOME/akkord"; echo '{ broken' >"$XDG_CONFIG_HOME/akkord/config.json"
out=$("$AKKORD" __complete project 2>&1); rc=$?
[ $rc = 0 ] && [ -z "$out" ] && ok || fail "__complete with a damaged config: exit $rc, '$out'"
rm -r "$XDG_CONFIG_HOME"

# --- the man page
"$AKKORD" help --man >"$WORK/akkord.1" && ok || fail "help --man"
mandoc -T lint "$WORK/akkord.1" >"$WORK/lint" 2>&1
grep -E "ERROR|UNSUPP|BADARG" "$WORK/lint" && fail "mandoc -T lint: $(head -3 "$WORK/lint")" || ok
for section in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS ENVIRONMENT FILES "EXIT STATUS" EXAMPLES; do
  grep -qx ".SH $section" "$WORK/akkord.1" && ok || fail "man page lacks $section"
done
for cmd in "catalogue search" "catalogue import" "project new" "add" "worker add" "hours add" "report" "completions" "config set"; do
  grep -qF ".SS \"akkord $cmd\"" "$WORK/akkord.1" && ok || fail "man page lacks akkord $cmd"
done
grep -q __complete "$WORK/akkord.1" && fail "man page shows __complete" || ok
for var in AKKORD_HOME AKKORD_LANG AKKORD_LOCK_TIMEOUT XDG_DATA_HOME XDG_CONFIG_HOME NO_COLOR LC_ALL; do
  grep -q "$var" "$WORK/akkord.1" && ok || fail "man page lacks $var"
done
mandoc -T ascii "$WORK/akkord.1" | col -b >"$WORK/akkord.txt"
grep -q "akkord catalogue search" "$WORK/akkord.txt" && ok || fail "mandoc renders the page"
finish
