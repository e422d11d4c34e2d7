#!/usr/bin/env bash
# One store on many machines through git (SPEC §14): an office repository (a bare repository in
# a folder) and two or three machines' stores, each its own --store. Needs git ≥ 2.38.
source "$(dirname "$0")/lib.sh"
command -v git >/dev/null || { fail "git is not installed"; finish; exit 1; }
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
unset AKKORD_HOME GIT_DIR GIT_WORK_TREE
AKKORD_ABS=$(readlink -f "$AKKORD")

# The store's own files (not git's, not tmp/ or the lock), with their hashes: "unchanged" is
# byte for byte.
snapshot() { (cd "$1" && find . -path ./.git -prune -o -path ./tmp -prune -o -type f ! -name .lock -print | sort | xargs sha256sum); }
q() { jq -r "$2" "$1"; }

# A fresh office: a bare repository, machine A with one project of one line, shared; B cloned.
office() {
  local name=$1
  O="$WORK/$name"; rm -rf "$O"; mkdir -p "$O"
  git init -q --bare "$O/office.git"
  A="$O/a"; B="$O/b"
  "$AKKORD" --store "$A" project new "Vestergade 12" >/dev/null
  "$AKKORD" --store "$A" add 2.01 10 >/dev/null
  "$AKKORD" --store "$A" sync init "$O/office.git" >"$O/init.out" 2>&1 || fail "$name: sync init: $(cat "$O/init.out")"
  "$AKKORD" --store "$B" sync clone "$O/office.git" >"$O/clone.out" 2>&1 || fail "$name: sync clone: $(cat "$O/clone.out")"
  "$AKKORD" --store "$B" project use vestergade-12 >/dev/null || fail "$name: project use in the clone"
}
a() { "$AKKORD" --store "$A" "$@"; }
b() { "$AKKORD" --store "$B" "$@"; }

# --- init and clone
office basic
[ -f "$A/.gitignore" ] && [ -f "$A/.gitattributes" ] && ok || fail "init wrote no .gitignore/.gitattributes"
grep -q 'projects/\*.json merge=akkord' "$A/.gitattributes" && ok || fail ".gitattributes has no driver"
drv=$(git -C "$A" config merge.akkord.driver)
[[ "$drv" == "'$AKKORD_ABS' merge-driver %O %A %B %P" ]] && ok || fail "driver is '$drv', want the absolute path $AKKORD_ABS"
[ "$(git -C "$B" config merge.akkord.driver)" = "$drv" ] && ok || fail "clone registered no driver"
q "$A/local.json" .currentProject | grep -qx vestergade-12 && ok || fail "local.json does not hold the current project"
jq -e 'has("currentProject") | not' "$A/store.json" >/dev/null && ok || fail "store.json still names the current project"
git -C "$A" check-ignore -q local.json && git -C "$A" check-ignore -q .lock && git -C "$A" check-ignore -q undo/x/1.json \
  && git -C "$A" check-ignore -q .project-list && ok || fail "local files are not ignored"
cmp -s "$A/projects/vestergade-12.json" "$B/projects/vestergade-12.json" && ok || fail "clone's project differs"
[ "$(stat -c %a "$B")" = 700 ] && ok || fail "cloned store is not 0700"
b -p vestergade-12 lines --json >"$O/l.json" && [ "$(q "$O/l.json" '.lines | length')" = 1 ] && ok || fail "B cannot read the cloned project"
expect_status 0 -- b check
expect_status 0 -- a sync
expect_contains "$WORK/out" "nothing to sync"

# --- a change on one side reaches the other; status shows it before
a add 2.01 5 >/dev/null
a sync status --json >"$O/st.json"
[ "$(q "$O/st.json" '.unsyncedProjects | join(",")')" = vestergade-12 ] && ok || fail "status does not list the unsynced project: $(cat "$O/st.json")"
expect_status 0 -- a sync
expect_contains "$WORK/out" "out: vestergade-12: lines added 1, changed 0, removed 0; total 385.00 → 577.50"
expect_status 0 -- b sync
expect_contains "$WORK/out" "in: vestergade-12: lines added 1, changed 0, removed 0; total 385.00 → 577.50"
cmp -s "$A/projects/vestergade-12.json" "$B/projects/vestergade-12.json" && ok || fail "B did not get A's line"
a sync status --json >"$O/st.json"
[ "$(q "$O/st.json" '.ahead')/$(q "$O/st.json" '.behind')/$(q "$O/st.json" '.unsyncedProjects | length')" = 0/0/0 ] && ok || fail "status after sync: $(cat "$O/st.json")"
[ "$(q "$O/st.json" '.lastSync')" != null ] && ok || fail "no last sync"

# --- a new project on each side, and the same id made on both
a project new "Nørregade 1" >/dev/null
b project new "Søndergade 4" >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (new project)"
expect_status 0 -- b sync
[ -f "$B/projects/noerregade-1.json" ] && [ -f "$B/projects/soendergade-4.json" ] && ok || fail "B lacks a new project"
a project new "Havnevej 3" >/dev/null; a add 2.01 1 >/dev/null
b project new "Havnevej 3" >/dev/null; b add 2.01 2 >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (havnevej)"
expect_status 0 -- b sync
expect_contains "$WORK/out" "project havnevej-3 (made here) is now havnevej-3-2"
cmp -s "$A/projects/havnevej-3.json" "$B/projects/havnevej-3.json" && ok || fail "the incoming havnevej-3 did not keep its id"
[ "$(q "$B/projects/havnevej-3-2.json" '.lines[0].quantity')" = 2 ] && ok || fail "B's own havnevej-3 is not havnevej-3-2"
expect_status 0 -- b check

# --- a photo reaches the other machine, content-addressed; removed on one side while used, it stays
printf '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x00\x00\x00\x00\x3a\x7e\x9b\x55\x00\x00\x00\x0aIDAT\x78\x9c\x63\x68\x00\x00\x00\x82\x00\x81\x77\xcd\x72\xb6\x00\x00\x00\x00IEND\xae\x42\x60\x82' >"$O/gutter.png"
a -p vestergade-12 photo add "$O/gutter.png" >/dev/null || fail "photo add on A"
a sync >/dev/null 2>&1 || fail "A sync (photo)"
expect_status 0 -- b sync
photo=$(ls "$A/photos")
cmp -s "$A/photos/$photo" "$B/photos/$photo" && ok || fail "the photo did not reach B"
b -p vestergade-12 report --format html -o "$O/r.html" >/dev/null 2>&1 && ok || fail "B cannot report with the photo"
expect_status 0 -- b check

# --- in a shared store every history entry says who made it (git's user.name here), and history shows it
git -C "$B" config user.name "Bente Berg"
b -p havnevej-3-2 add 2.01 3 >/dev/null 2>&1 || fail "B add (by)"
[ "$(q "$B/projects/havnevej-3-2.json" '.history[-1].by')" = "Bente Berg" ] && ok || fail "the entry names no one: $(q "$B/projects/havnevej-3-2.json" '.history[-1]')"
b -p havnevej-3-2 history >"$O/h.txt"; expect_contains "$O/h.txt" "(by Bente Berg)"
b --lang da -p havnevej-3-2 history >"$O/h.txt"; expect_contains "$O/h.txt" "(af Bente Berg)"
b sync >/dev/null 2>&1 || fail "B sync (by)"

# --- two machines add lines to the same project: both kept, the local one renumbered
office lines
a add 2.01 1 >/dev/null
b add 2.01 2 >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (lines)"
expect_status 0 -- b sync
expect_contains "$WORK/out" "line 2 (made here) is now line 3"
b lines --json >"$O/l.json"
[ "$(q "$O/l.json" '[.lines[] | "\(.id):\(.quantity)"] | join(",")')" = "1:10,2:1,3:2" ] && ok || fail "merged lines: $(q "$O/l.json" '[.lines[] | "\(.id):\(.quantity)"] | join(",")')"
expect_status 0 -- a sync
cmp -s "$A/projects/vestergade-12.json" "$B/projects/vestergade-12.json" && ok || fail "A and B differ after both synced"

# --- both edit the same line's quantity: a conflict, the store unchanged; --keep theirs settles it
office quantity
a edit 1 --quantity 11 >/dev/null; a add 2.01 7 >/dev/null
b edit 1 --quantity 12 >/dev/null; b add 2.01 8 >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (quantity)"
before=$(snapshot "$B")
expect_status 1 -- b sync
expect_contains "$WORK/err" "vestergade-12: line 1 quantity"
expect_contains "$WORK/err" "--keep"
[ "$(snapshot "$B")" = "$before" ] && ok || fail "a conflicted sync changed the store's files"
expect_status 0 -- b sync --keep theirs
b lines --json >"$O/l.json"
[ "$(q "$O/l.json" '[.lines[] | "\(.id):\(.quantity)"] | join(",")')" = "1:11,2:7,3:8" ] && ok || fail "keep theirs: $(q "$O/l.json" '[.lines[] | "\(.id):\(.quantity)"] | join(",")')"

# --- closed on one side, changed on the other: a conflict
office close
a project close vestergade-12 >/dev/null
b add 2.01 3 >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (close)"
before=$(snapshot "$B")
expect_status 1 -- b sync
[ "$(snapshot "$B")" = "$before" ] && ok || fail "close vs add changed the store"

# --- deleted on one side, changed on the other: a conflict (not a silent edit in the trash)
office delete
a project delete vestergade-12 >/dev/null 2>&1 || a project delete vestergade-12 --yes >/dev/null 2>&1
[ ! -f "$A/projects/vestergade-12.json" ] && ok || fail "A could not delete the project"
b add 2.01 4 >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (delete)"
before=$(snapshot "$B")
expect_status 1 -- b sync
expect_contains "$WORK/err" "vestergade-12: project file"
[ "$(snapshot "$B")" = "$before" ] && ok || fail "delete vs edit changed the store"
expect_status 0 -- b sync --keep mine
[ -f "$B/projects/vestergade-12.json" ] && ok || fail "keep mine lost B's project"

# --- two different catalogue imports since the last sync: a conflict; one import reaches the other machine
office catalogue
a catalogue export --format json >"$O/h.json"
jq '.edition = "A-1"' "$O/h.json" >"$O/a.json"; jq '.edition = "B-1"' "$O/h.json" >"$O/b.json"
a catalogue import "$O/a.json" --replace >/dev/null || fail "import on A"
b catalogue import "$O/b.json" --replace >/dev/null || fail "import on B"
a sync >/dev/null 2>&1 || fail "A sync (catalogue)"
before=$(snapshot "$B")
expect_status 1 -- b sync
expect_contains "$WORK/err" "catalogue: catalogue.json import"
[ "$(snapshot "$B")" = "$before" ] && ok || fail "the catalogue conflict changed the store"
expect_status 0 -- b sync --keep theirs
[ "$(jq -r .edition "$B/catalogue.json")" = A-1 ] && ok || fail "keep theirs did not take A's catalogue"
b catalogue search underpap >/dev/null && ok || fail "B cannot search the catalogue that came in"

# --- deleted on the other machine, unchanged here: it goes to the trash here too, and is no longer current
office deleted
a project delete vestergade-12 >/dev/null 2>&1 || a project delete vestergade-12 --yes >/dev/null 2>&1
a sync >/dev/null 2>&1 || fail "A sync (deleted)"
expect_status 0 -- b sync
[ ! -f "$B/projects/vestergade-12.json" ] && [ -f "$B/trash/vestergade-12.json" ] && ok || fail "the deletion did not reach B"
[ "$(q "$B/local.json" .currentProject)" = null ] && ok || fail "B's current project still names the deleted one"
expect_status 0 -- b check

# --- a plain git pull in the store merges a project file with akkord's driver
office pull
a add 2.01 1 >/dev/null
b add 2.01 2 >/dev/null
a sync >/dev/null 2>&1 || fail "A sync (pull)"
git -C "$B" add -A && git -C "$B" commit -qm "B's line" || fail "commit in B"
git -C "$B" pull -q --no-rebase --no-edit origin main >"$O/pull.out" 2>&1 && ok || fail "git pull: $(cat "$O/pull.out")"
[ "$(jq '.lines | length' "$B/projects/vestergade-12.json")" = 3 ] && ok || fail "the driver did not merge both lines"
expect_status 0 -- b check

# --- what comes in is untrusted: refused (65), the store unchanged
hostile() {
  local what=$1
  office "hostile-$what"
  C="$O/c"; git clone -q -b main "$O/office.git" "$C"
  git -C "$C" config user.name x; git -C "$C" config user.email x@x
  case $what in
    attributes) printf '* -text\n' >"$C/.gitattributes" ;;
    noattributes) git -C "$C" rm -q .gitattributes ;;
    symlink) ln -s /etc/passwd "$C/projects/evil.json" ;;
    outside) mkdir -p "$C/hooks"; echo 'echo owned' >"$C/hooks/post-merge" ;;
  esac
  git -C "$C" add -A -f && git -C "$C" commit -qm evil && git -C "$C" push -q origin HEAD:main || fail "push of the hostile commit"
  b add 2.01 2 >/dev/null
  before=$(snapshot "$B")
  expect_status 65 -- b sync
  expect_contains "$WORK/err" "refused"
  [ "$(snapshot "$B")" = "$before" ] && ok || fail "$what: the refused sync changed the store"
}
hostile attributes
hostile noattributes
hostile symlink
hostile outside

# --- a project file that does not read is never sent to the office
office damaged
printf '{"format": "akkord-project", "garbage' >"$A/projects/vestergade-12.json"
expect_status 65 -- a sync
expect_contains "$WORK/err" "projects/vestergade-12.json"
[ "$(git -C "$O/office.git" rev-parse main)" = "$(git -C "$B" rev-parse HEAD)" ] && ok || fail "a damaged file was pushed"

# --- dry run: shows, changes nothing
office dry
a add 2.01 3 >/dev/null; a sync >/dev/null 2>&1
b add 2.01 4 >/dev/null
before=$(snapshot "$B"); head_before=$(git -C "$B" rev-parse HEAD)
(cd "$O" && "$AKKORD_ABS" --store b sync --dry-run) >"$WORK/out" 2>"$WORK/err" && ok || fail "dry run (a relative --store): $(cat "$WORK/err")"
expect_contains "$WORK/out" "in: vestergade-12"
[ "$(snapshot "$B")" = "$before" ] && [ "$(git -C "$B" rev-parse HEAD)" = "$head_before" ] && ok || fail "dry run changed the store"

# --- a store newer than this akkord
office newer
jq '.requires = 99' "$B/store.json" >"$O/s.json" && cp "$O/s.json" "$B/store.json"
expect_status 65 -- b lines
expect_contains "$WORK/err" "this store needs a newer akkord"
expect_status 65 -- b sync

# --- config name: who the entries and the commits name; git has no user.name of its own here
O="$WORK/named"; rm -rf "$O"; mkdir -p "$O"; git init -q --bare "$O/office.git"
n() { XDG_CONFIG_HOME="$O/cfg" "$AKKORD" --store "$O/n" "$@"; }
expect_status 0 -- n config set name "Jens Hansen"
n project new "Vestergade 12" >/dev/null; n add 2.01 1 >/dev/null
n sync init "$O/office.git" >"$O/init.out" 2>&1 || fail "sync init (name): $(cat "$O/init.out")"
[ "$(git -C "$O/n" config user.name)" = "Jens Hansen" ] && ok || fail "the repository's user.name is not the config name: $(git -C "$O/n" config user.name)"
n add 2.01 2 >/dev/null
[ "$(q "$O/n/projects/vestergade-12.json" '.history[-1].by')" = "Jens Hansen" ] && ok || fail "the entry does not name the config name: $(q "$O/n/projects/vestergade-12.json" '.history[-1]')"
expect_status 0 -- n sync
[ "$(git -C "$O/office.git" log -1 --format=%an main)" = "Jens Hansen" ] && ok || fail "the pushed commit's author: $(git -C "$O/office.git" log -1 --format=%an main)"
git -C "$O/n" config user.name "Someone Else"
n add 2.01 3 >/dev/null
[ "$(q "$O/n/projects/vestergade-12.json" '.history[-1].by')" = "Jens Hansen" ] && ok || fail "git's user.name won over the config name"
expect_status 64 -- n config set name ""
expect_status 64 -- n config set name "$(printf 'Jens\033[31m')"
expect_status 64 -- n config set name "$(printf 'x%.0s' {1..101})"
expect_contains "$WORK/err" "name: is 101 characters long; at most 100 are taken"
[ "$(n config get name)" = "Jens Hansen" ] && ok || fail "a refused name changed the config"

# --- a sync that brings in changes to a project ends the undo of its earlier steps, and undo says so
office undo
a add 2.01 1 >/dev/null; a sync >/dev/null 2>&1 || fail "A sync (undo)"
b add 2.01 2 >/dev/null
expect_status 0 -- b sync
expect_status 1 -- b undo
expect_contains "$WORK/err" "nothing to undo in vestergade-12: the sync on "
expect_contains "$WORK/err" " brought in changes from the office; earlier steps can no longer be undone"
expect_status 1 -- b --lang da undo
expect_contains "$WORK/err" "intet at fortryde i vestergade-12: synkroniseringen "
git -C "$B" check-ignore -q undo/vestergade-12/sync.json && ok || fail "the undo's sync mark is not ignored by git"
b add 2.01 3 >/dev/null
expect_status 0 -- b undo
[ "$(jq '.lines | length' "$B/projects/vestergade-12.json")" = 3 ] && ok || fail "the undo after the sync did not take back the new line"
expect_status 1 -- b undo
expect_contains "$WORK/err" "nothing to undo in vestergade-12: the sync on "
expect_status 0 -- b check

# --- a refused or failed clone leaves nothing behind; a folder with files in it is refused first
office cloning
expect_status 1 -- "$AKKORD" --store "$O/c1" sync clone "$O/not-a-repository"
[ ! -e "$O/c1" ] && ok || fail "a failed clone left $O/c1"
mkdir "$O/c2"
expect_status 1 -- "$AKKORD" --store "$O/c2" sync clone "$O/not-a-repository"
[ -d "$O/c2" ] && [ -z "$(ls -A "$O/c2")" ] && ok || fail "a failed clone into an empty folder left: $(ls -A "$O/c2")"
git clone -q --bare "$O/office.git" "$O/newer.git"
C="$O/c"; git clone -q -b main "$O/newer.git" "$C"
git -C "$C" config user.name x; git -C "$C" config user.email x@x
jq '.requires = 99' "$C/store.json" >"$O/s.json" && cp "$O/s.json" "$C/store.json"
git -C "$C" commit -qam newer && git -C "$C" push -q origin HEAD:main || fail "push of the newer store"
expect_status 65 -- "$AKKORD" --store "$O/c3" sync clone "$O/newer.git"
expect_contains "$WORK/err" "this store needs a newer akkord"
[ ! -e "$O/c3" ] && ok || fail "a clone of a newer store left $O/c3"
C="$O/h"; git clone -q -b main "$O/office.git" "$C"
git -C "$C" config user.name x; git -C "$C" config user.email x@x
ln -s /etc/passwd "$C/projects/evil.json"
git -C "$C" add -A -f && git -C "$C" commit -qm evil && git -C "$C" push -q origin HEAD:main || fail "push of the hostile commit (clone)"
expect_status 65 -- "$AKKORD" --store "$O/c4" sync clone "$O/office.git"
expect_contains "$WORK/err" "refused"
[ ! -e "$O/c4" ] && ok || fail "a refused clone left $O/c4"
mkdir "$O/c5"
expect_status 65 -- "$AKKORD" --store "$O/c5" sync clone "$O/office.git"
[ -d "$O/c5" ] && [ -z "$(ls -A "$O/c5")" ] && ok || fail "a refused clone into an empty folder left: $(ls -A "$O/c5")"
mkdir "$O/c6"; echo "my notes" >"$O/c6/notes.txt"
expect_status 1 -- "$AKKORD" --store "$O/c6" sync clone "$O/newer.git"
expect_contains "$WORK/err" "is not empty"
[ "$(ls -A "$O/c6")" = notes.txt ] && [ "$(cat "$O/c6/notes.txt")" = "my notes" ] && ok || fail "a refused clone changed the folder: $(ls -A "$O/c6")"

# --- the network runs without the store's lock: a change made while sync fetches is not blocked,
# a second sync waits for the first (exit 75, said), and the change is synced
office slow
REAL_GIT=$(command -v git)
mkdir -p "$O/bin"
cat >"$O/bin/git" <<EOF
#!/bin/bash
case " \$* " in *" fetch "*) touch "$O/fetching"; sleep 4 ;; esac
exec "$REAL_GIT" "\$@"
EOF
chmod +x "$O/bin/git"
b add 2.01 7 >/dev/null; b sync >/dev/null 2>&1 || fail "B sync (slow)"
a add 2.01 5 >/dev/null
PATH="$O/bin:$PATH" "$AKKORD" --store "$A" sync >"$O/slow.out" 2>&1 & slow=$!
for _ in $(seq 100); do [ -e "$O/fetching" ] && break; sleep 0.1; done
[ -e "$O/fetching" ] && ok || fail "the slow fetch did not start"
expect_status 0 -- env AKKORD_LOCK_TIMEOUT=2 "$AKKORD" --store "$A" add 2.01 6
expect_status 75 -- env AKKORD_LOCK_TIMEOUT=0.5 PATH="$O/bin:$PATH" "$AKKORD_ABS" --store "$A" sync
expect_contains "$WORK/err" "another akkord sync of this store is running"
wait "$slow" && ok || fail "the slow sync: $(cat "$O/slow.out")"
expect_status 0 -- b sync
[ "$(jq -c '[.lines[].quantity | tostring]' "$B/projects/vestergade-12.json")" = '["10","7","5","6"]' ] && ok || fail "the line added during the fetch did not reach B: $(jq -c '[.lines[].quantity]' "$B/projects/vestergade-12.json")"
cmp -s "$A/projects/vestergade-12.json" "$B/projects/vestergade-12.json" && ok || fail "A and B differ after the slow sync"

# --- a push refused because the office moved meanwhile: said for a person, the store clean, and
# the next sync completes
office race
mkdir -p "$O/bin"
cat >"$O/bin/git" <<EOF
#!/bin/bash
case " \$* " in *" push "*) if [ ! -e "$O/b-synced" ]; then touch "$O/b-synced"; PATH="$PATH" "$AKKORD_ABS" --store "$B" sync >"$O/b.out" 2>&1; fi ;; esac
exec "$REAL_GIT" "\$@"
EOF
chmod +x "$O/bin/git"
b add 2.01 8 >/dev/null
a add 2.01 9 >/dev/null
expect_status 1 -- env PATH="$O/bin:$PATH" "$AKKORD_ABS" --store "$A" sync
expect_contains "$WORK/err" "the office store has changes you do not have"
[ -z "$(git -C "$A" status --porcelain)" ] && ok || fail "the store is not clean after the refused push: $(git -C "$A" status --porcelain)"
expect_status 0 -- a check
expect_status 0 -- a sync
expect_status 0 -- b sync
cmp -s "$A/projects/vestergade-12.json" "$B/projects/vestergade-12.json" && ok || fail "A and B differ after the race"
[ "$(jq '.lines | length' "$A/projects/vestergade-12.json")" = 3 ] && ok || fail "lines after the race: $(jq -c '[.lines[].quantity]' "$A/projects/vestergade-12.json")"

# --- no git on PATH
expect_status 1 -- env PATH=/nonexistent "$AKKORD_ABS" --store "$A" sync status
expect_contains "$WORK/err" "install git"
finish
