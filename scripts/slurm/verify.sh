#!/usr/bin/env bash
# Submits `mansuba verify` as N shards (a job array) and the merge job after them.
#   scripts/slurm/verify.sh N OUT PATH... [verify options]
# Only the shards whose manifest is not yet in OUT are submitted, so running the same
# command again after a failed task reruns just the missing shards (and the merge).
# MERGE_ARGS (e.g. "--html OUT/edition") go to the merge; SBATCH_ARGS to every sbatch.
# Prints the array job's id and the merge job's id.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n=${1:?usage: verify.sh N OUT PATH... [verify options]}
out=${2:?usage: verify.sh N OUT PATH... [verify options]}
shift 2
mkdir -p "$out"
missing=()
for ((k = 0; k < n; k++)); do
    [ -f "$out/verify-$k.manifest.json" ] || missing+=("$k")
done
deps=""
if [ ${#missing[@]} -gt 0 ]; then
    list=$(IFS=,; echo "${missing[*]}")
    # shellcheck disable=SC2086
    array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="$list" -o "$out/slurm-%A_%a.out" \
        "$here/shard.sbatch" "$out" "$n" verify "$@")
    echo "shards $list/$n: job $array"
    deps="--dependency=afterok:${array%%;*}"
fi
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} $deps -o "$out/slurm-merge-%j.out" \
    "$here/merge.sbatch" "$out" ${MERGE_ARGS:-})
echo "merge: job $merge"
