#!/usr/bin/env bash
# restore-store.sh BASE RUN: makes RUN a fresh copy of the store BASE (for hyperfine --prepare).
set -euo pipefail
rm -rf "$2"
cp -r "$1" "$2"
