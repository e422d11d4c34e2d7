#!/usr/bin/env bash
# The executable changes nothing itself: every change goes through the library's Workspace.
# (The grep the Workspace issue named; the layering of the library is a Swift test.)
source "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
if grep -rnE 'modifyProject|nextIds|catalogueName *=' Sources/akkord >"$WORK/hits"; then
  fail "Sources/akkord edits projects itself: $(head -3 "$WORK/hits")"
else ok; fi
# (Comments may name commands: they explain, they are not printed.)
if grep -rnE 'exitStatus|ExitStatus|hint:|akkord (add|worker|hours|project|lines|check|catalogue|report|config) ' Sources/AkkordKit \
     | grep -vE '^[^:]+:[0-9]+: *//' >"$WORK/hits"; then
  fail "AkkordKit names exit codes, hints or commands: $(head -3 "$WORK/hits")"
else ok; fi
finish
