#!/usr/bin/env bash
# Submits `mansuba COMMAND` (verify or repair) as N shards (a job array) and the merge
# job after them; verify.sh and repair.sh call it.
#   scripts/slurm/shards.sh COMMAND N OUT ARGS...
# Task K runs `mansuba COMMAND ARGS --shard K/N --csv OUT/COMMAND-K.csv` (shard.sbatch).
# A shard is done when OUT holds its manifest for K/N (written last, atomically: a task
# killed or failed leaves none), so running the same command again after a failure
# submits only the missing shards, then the merge. The merge job runs after the array
# (--dependency=afterok) and is cancelled if a task fails (--kill-on-invalid-dep=yes),
# rather than waiting forever. MERGE_ARGS go to the merge, SBATCH_ARGS to every sbatch.
# Prints "shards LIST/N: job ID" (when some are missing) and "merge: job ID".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cmd=${1:?usage: shards.sh COMMAND N OUT ARGS...}
usage="usage: $cmd.sh N OUT ARGS..."
n=${2:?$usage}
out=${3:?$usage}
shift 3
mkdir -p "$out"
missing=()
for ((k = 0; k < n; k++)); do
    m=$out/$cmd-$k.manifest.json
    # The manifest of shard K of N (mansuba writes one key a line).
    if ! { [ -f "$m" ] && grep -Eq "^ *\"k\": $k,?\$" "$m" && grep -Eq "^ *\"n\": $n,?\$" "$m"; }; then
        missing+=("$k")
    fi
done
deps=""
if [ ${#missing[@]} -gt 0 ]; then
    list=$(IFS=,; echo "${missing[*]}")
    # shellcheck disable=SC2086
    array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="$list" -o "$out/slurm-%A_%a.out" \
        "$here/shard.sbatch" "$out" "$n" "$cmd" "$@")
    echo "shards $list/$n: job $array"
    deps="--dependency=afterok:${array%%;*} --kill-on-invalid-dep=yes"
else
    echo "every shard of $n is in $out"
fi
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} $deps -o "$out/slurm-merge-%j.out" \
    "$here/merge.sbatch" "$out" ${MERGE_ARGS:-})
echo "merge: job $merge"
