#!/usr/bin/env bash
# Submits `mansuba repair` as N shards (a job array), as verify.sh does for verify:
#   scripts/slurm/repair.sh N OUT REPAIR_ARGS...
# Each task runs `mansuba repair REPAIR_ARGS --shard K/N --csv OUT/repair-K.csv`; only
# the shards whose manifest is not in OUT are submitted (rerun after a failure).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n=${1:?usage: repair.sh N OUT REPAIR_ARGS...}
out=${2:?usage: repair.sh N OUT REPAIR_ARGS...}
shift 2
mkdir -p "$out"
missing=()
for ((k = 0; k < n; k++)); do
    [ -f "$out/repair-$k.manifest.json" ] || missing+=("$k")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "every shard of $out is there"
    exit 0
fi
list=$(IFS=,; echo "${missing[*]}")
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="$list" -o "$out/slurm-%A_%a.out" \
    "$here/shard.sbatch" "$out" "$n" repair "$@")
echo "shards $list/$n: job $array"
