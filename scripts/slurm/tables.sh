#!/usr/bin/env bash
# Submits the retrograde tables of a family, one job per material, each after the jobs
# of the tables it reads (`mansuba tablebase plan` gives the order and the needs):
#   scripts/slurm/tables.sh RULES DIR MATERIAL...
# DIR must be on the shared file system. A table is written under a temporary name and
# renamed when complete, so a job killed half-way leaves nothing that is read; submit the
# same command again and the tables already there are loaded, not rebuilt.
# Prints one line per material: MATERIAL JOBID.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rules=${1:?usage: tables.sh RULES DIR MATERIAL...}
dir=${2:?usage: tables.sh RULES DIR MATERIAL...}
shift 2
mkdir -p "$dir"
declare -A job
while IFS=: read -r mat needs; do
    deps=()
    for m in $needs; do
        deps+=("${job[$m]}")
    done
    dep=""
    if [ ${#deps[@]} -gt 0 ]; then
        dep="--dependency=afterok:$(IFS=:; echo "${deps[*]}")"
    fi
    # shellcheck disable=SC2086
    job[$mat]=$(sbatch --parsable ${SBATCH_ARGS:-} $dep -J "tb-$mat" -o "$dir/slurm-$mat-%j.out" \
        "$here/table.sbatch" "$rules" "$dir" "$mat")
    echo "$mat ${job[$mat]}"
done < <("${MANSUBA:-mansuba}" tablebase plan --rules "$rules" "$@")
