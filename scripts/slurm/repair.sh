#!/usr/bin/env bash
# Submits `mansuba repair` as N shards (a job array: each task a slice of every problem's
# ranked candidates) and the merge job after them:
#   scripts/slurm/repair.sh N OUT FILE [repair options]
# The merge writes OUT/all.csv and OUT/all.txt, what one `repair FILE` would have
# written (MERGE_ARGS=--json: JSON lines in OUT/all.txt). Running the same command again
# after a failed task submits only the missing shards (and the merge). See shards.sh.
set -euo pipefail
exec "$(dirname "$0")/shards.sh" repair "$@"
