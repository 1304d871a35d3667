#!/usr/bin/env bash
# Submits `mansuba verify` as N shards (a job array) and the merge job after them:
#   scripts/slurm/verify.sh N OUT PATH... [verify options]
# Running the same command again after a failed task submits only the missing shards
# (and the merge). See shards.sh (MERGE_ARGS, SBATCH_ARGS) and docs/cluster.md.
set -euo pipefail
exec "$(dirname "$0")/shards.sh" verify "$@"
