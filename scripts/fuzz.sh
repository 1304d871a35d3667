#!/bin/sh
# Runs every cargo-fuzz target for RUNS inputs (default 1,000,000) from a seed corpus of
# the repository's own good input (and fuzz/seeds/TARGET/), one at a time on one job, and
# prints the count each one reached.
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
#   scripts/fuzz.sh [RUNS] [TARGET...]
set -eu
cd "$(dirname "$0")/../fuzz"
runs=${1:-1000000}
[ $# -gt 0 ] && shift
targets=${*:-"fen move problem rules stipulation import_popeye import_pieces import_epd merge_manifest"}
mkdir -p corpus/problem corpus/rules corpus/fen corpus/move
for d in seeds/*/; do
    t=$(basename "$d")
    mkdir -p "corpus/$t"
    cp "$d"* "corpus/$t/"
done
for f in ../problems/*.toml ../tests/data/good/*.toml; do cp "$f" corpus/problem/ 2>/dev/null || true; done
for f in $(grep -rl '^preset' ../tests/data); do cp "$f" "corpus/rules/$(basename "$f")"; done
printf 'preset = "shatranj"\n' > corpus/rules/plain.toml
printf 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1' > corpus/fen/start
printf '8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1' > corpus/fen/dice
printf 'Nxf7+' > corpus/move/san
printf 'P-K4' > corpus/move/descriptive
for t in $targets; do
    # One job (one core): libFuzzer runs it as a child process that logs to fuzz-0.log.
    log=$(mktemp)
    rm -f fuzz-0.log
    status=0
    cargo +nightly fuzz run "$t" "corpus/$t" -- -runs="$runs" -max_len=4096 -jobs=1 >"$log" 2>&1 || status=$?
    [ -f fuzz-0.log ] && cat fuzz-0.log >>"$log"
    [ "$status" -eq 0 ] || {
        tail -40 "$log"
        echo "$t: FAILED (see the crash input under fuzz/artifacts/$t)"
        exit 1
    }
    done_line=$(grep -E '^#[0-9]+.*DONE' "$log" | tail -1)
    echo "$t: ${done_line:-$(tail -1 "$log")}"
    rm -f "$log"
done
