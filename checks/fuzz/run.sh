#!/usr/bin/env bash
# The seeded mutation fuzzer over every reader of akkord (checks/fuzz/README.md).
#   bash checks/fuzz/run.sh /path/to/akkord [CASES] [SEED]       a run (default: 2000 cases, seed 1)
#   bash checks/fuzz/run.sh /path/to/akkord --case TARGET:SEED     rerun one case, verbosely
#   bash checks/fuzz/run.sh /path/to/akkord CASES SEED --only photo --jobs 2   more fuzz.py options
# Ends with "  fuzz.sh: N passed, M failed" and exits non-zero on any failure.
set -uo pipefail
AKKORD=${1:?usage: run.sh /path/to/akkord [CASES] [SEED] [fuzz.py options]}
shift
CASES=2000
SEED=1
if [ $# -gt 0 ] && [[ $1 != -* ]]; then CASES=$1; shift; fi
if [ $# -gt 0 ] && [[ $1 != -* ]]; then SEED=$1; shift; fi
command -v python3 >/dev/null || { echo "  fuzz.sh: 0 passed, 1 failed (python3 is missing)"; exit 1; }
python3 "$(dirname "$0")/fuzz.py" --bin "$AKKORD" --cases "$CASES" --seed "$SEED" "$@"
status=$?
[ $status -eq 2 ] && echo "  fuzz.sh: 0 passed, 1 failed (fuzz.py could not run)"
exit $status
