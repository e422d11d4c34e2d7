#!/usr/bin/env bash
# Seeded property test of sync (issue 30, SPEC §14): one bare repository, three machines' stores,
# 300 random steps each syncing at random moments, conflicts settled by a random --keep; then
# everyone syncs twice and the stores, check, the lines ever added and every report are compared
# (checks/acceptance/sync_property.py). Runs a fixed seed and a random one; prints both.
source "$(dirname "$0")/lib.sh"
command -v git >/dev/null || { fail "git is not installed"; finish; exit 1; }
command -v python3 >/dev/null || { fail "python3 is not installed"; finish; exit 1; }
DRIVER="$(dirname "$0")/sync_property.py"
STEPS=${SYNC_PROPERTY_STEPS:-300}
random_seed=${SYNC_PROPERTY_SEED:-$(( (RANDOM << 15 | RANDOM) ))}
# The fixed seed 12 reached a Swift trap in the merge (ProjectMerge.swift renumber) when this was
# written: a project deleted on one machine, brought back older by another's --keep mine.
for seed in 12 "$random_seed"; do
  echo "  sync property: seed $seed, $STEPS steps"
  if python3 "$DRIVER" "$AKKORD" "$seed" "$STEPS" >"$WORK/prop.out" 2>&1; then
    ok; sed 's/^/    /' "$WORK/prop.out"
  else
    fail "sync property with seed $seed (rerun: python3 $DRIVER $AKKORD $seed $STEPS):"
    sed 's/^/    /' "$WORK/prop.out"
  fi
done
finish
