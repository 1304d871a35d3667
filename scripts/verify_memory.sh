#!/bin/sh
# Peak memory of `mansuba verify` over N trivial problems (a shatranj mate in 1), written
# in a temporary directory as files of 1,000 problems each.
#   scripts/verify_memory.sh [MANSUBA] [N...]     (default: target/release/mansuba 5000 20000 100000)
set -eu
bin=${1:-target/release/mansuba}
[ $# -gt 0 ] && shift
sizes=${*:-"5000 20000 100000"}
for n in $sizes; do
    dir=$(mktemp -d)
    i=0
    while [ "$i" -lt "$n" ]; do
        f="$dir/p$(printf %06d "$i").toml"
        awk -v start="$i" -v n="$n" 'BEGIN {
            for (k = start; k < start + 1000 && k < n; k++)
                printf "[[problem]]\nid = \"t%d\"\nrules = \"shatranj\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nstipulation = \"#1\"\nexpect = \"sound\"\n\n", k
        }' > "$f"
        i=$((i + 1000))
    done
    /usr/bin/time -f "%M %e" -o "$dir/time" "$bin" verify "$dir" --csv "$dir/out.csv" >/dev/null 2>&1 || true
    rows=$(($(wc -l < "$dir/out.csv") - 1))
    set -- $(cat "$dir/time")
    echo "$n problems: $rows CSV rows, peak RSS $(($1 / 1024)) MiB, $2 s"
    rm -rf "$dir"
done
