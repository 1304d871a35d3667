#!/usr/bin/env bash
# A real Slurm on this one machine: munged, slurmctld and slurmd started here with a
# minimal slurm.conf in a temporary directory (no systemd; works as root in a container).
# Submitted together: a SHARDS-shard verify of the bundled collection plus the merge job
# (verify.sh), whose last shard fails for real (its CSV's name is taken by a directory);
# a 3-shard repair of problems/early-modern.toml plus its merge (repair.sh); a small
# table family (tables.sh). Checked: the failed task cancelled the verify merge and left
# no manifest; the repair merged equals a one-machine repair (CSV byte for byte, report
# times aside); the tables read. Then the resume: verify.sh run again must submit the
# failed shard only, and the merged CSV must equal a one-machine run (times and node
# counts aside). The daemons are stopped. Installs Debian's slurm-wlm and munge when
# missing.
#   scripts/slurm/smoke.sh            (SHARDS=4 by default; MANSUBA: the binary)
# Prints the wall times of the cluster runs and of the one-machine run.
set -euo pipefail
cd "$(dirname "$0")/../.."
shards=${SHARDS:-4}
bin=$(realpath "${MANSUBA:-target/release/mansuba}")
[ -x "$bin" ] || { echo "smoke: no mansuba binary at $bin (cargo build --release)" >&2; exit 1; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    echo "smoke: installing slurm-wlm and munge" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
tmp=$(mktemp -d)
pids=()
stop() {
    # Only the daemons this script started, by their ids.
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    [ -f "$tmp/munge/pid" ] && kill "$(cat "$tmp/munge/pid")" 2>/dev/null || true
    sleep 1
    rm -rf "$tmp"
}
trap stop EXIT
trap "exit 1" INT TERM
mkdir -p "$tmp"/{state,spool,log,munge,out}
head -c 1024 /dev/urandom >"$tmp/munge/munge.key"
chmod 600 "$tmp/munge/munge.key"
# -f: run although the key or directories are not owned as munged would like (root in a
# container); munged puts itself in the background and writes its pid.
munged -f --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/sock" \
    --pid-file="$tmp/munge/pid" --log-file="$tmp/munge/log" --seed-file="$tmp/munge/seed"
host=$(hostname)
port=$((20000 + RANDOM % 20000))
cat >"$tmp/slurm.conf" <<CONF
ClusterName=smoke
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
ReturnToService=2
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=smoke Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 30); do
    sinfo -h -o %T 2>/dev/null | grep idle >/dev/null && break
    sleep 1
done
sinfo -h -o %T | grep idle >/dev/null || { echo "smoke: the node did not come up" >&2; cat "$tmp"/log/*; exit 1; }

export MANSUBA=$bin
out=$tmp/out
fail() { echo "smoke: $*" >&2; exit 1; }
# Waits until the queue is empty (at most $1 seconds).
drain() {
    for _ in $(seq $(($1 * 2))); do
        [ -z "$(squeue -h)" ] && return 0
        sleep 0.5
    done
    squeue
    fail "jobs still queued after $1 s"
}
last=$((shards - 1))
# The last verify shard fails for real: its CSV cannot be written over a directory.
mkdir -p "$out/verify-$last.csv"
t0=$(date +%s.%N)
scripts/slurm/verify.sh "$shards" "$out" problems/
scripts/slurm/repair.sh 3 "$tmp/repair" problems/early-modern.toml
# A small table family, one job per material after the jobs of the tables it reads.
scripts/slurm/tables.sh shatranj "$tmp/tables" KRK KKN >"$tmp/tables.jobs"
drain 200
t1=$(date +%s.%N)
# A merge job that ran would have left its log (and exit 2, naming the missing shard).
! compgen -G "$out/slurm-merge-*.out" >/dev/null || fail "the verify merge ran although shard $last failed"
[ ! -f "$out/all.csv" ] || fail "a merged CSV although shard $last failed"
[ ! -f "$out/verify-$last.manifest.json" ] || fail "the failed shard $last left a manifest"
grep "is a directory" "$out"/slurm-*_"$last".out >/dev/null \
    || fail "shard $last did not fail as arranged: $(cat "$out"/slurm-*_"$last".out)"
echo "smoke: shard $last/$shards failed, its merge job was cancelled, no manifest"

# The repair: 3 shards merged = one machine.
[ -f "$tmp/repair/all.csv" ] || { tail -n 20 "$tmp"/repair/slurm-*.out; fail "no merged repair CSV"; }
"$bin" repair problems/early-modern.toml --csv "$tmp/one-repair.csv" >"$tmp/one-repair.txt"
cmp "$tmp/one-repair.csv" "$tmp/repair/all.csv" || fail "the merged repair CSV differs from one run"
untimed() { sed 's/, time [0-9.]* s$//' "$1"; }
diff <(untimed "$tmp/one-repair.txt") <(untimed "$tmp/repair/all.txt") \
    || fail "the merged repair report differs from one run"
echo "smoke: 3 repair shards merged = one-machine repair ($(($(wc -l <"$tmp/one-repair.csv") - 1)) repairs)"

built=$(find "$tmp/tables" -name '*.mtb' | wc -l)
planned=$(wc -l <"$tmp/tables.jobs")
[ "$built" -eq "$planned" ] || { cat "$tmp"/tables/slurm-*.out; fail "$built of $planned tables built"; }
# grep reads the whole listing: with pipefail, grep -q could stop early and the listing die of SIGPIPE.
"$bin" tablebase stats --rules shatranj --dir "$tmp/tables" KRK | grep "longest win" >/dev/null \
    || fail "the KRK table built under Slurm does not read"
echo "smoke: $planned tables built as Slurm jobs in dependency order"

# The resume: the same command submits the missing shard only, then the merge.
rmdir "$out/verify-$last.csv"
scripts/slurm/verify.sh "$shards" "$out" problems/ | tee "$tmp/resume.jobs"
grep -Ex "shards $last/$shards: job [0-9]+" "$tmp/resume.jobs" >/dev/null \
    || fail "the resume did not submit shard $last alone"
drain 200
t2=$(date +%s.%N)
[ -f "$out/all.csv" ] || { tail -n 20 "$out"/slurm-*.out; fail "no merged CSV after the resume"; }
"$bin" verify problems/ --threads 1 --csv "$tmp/one.csv" >/dev/null || [ $? -eq 1 ]
t3=$(date +%s.%N)
python3 - "$tmp/one.csv" "$out/all.csv" <<'PY'
import csv, sys
def rows(f):
    r = list(csv.reader(open(f, encoding="utf-8")))
    drop = {r[0].index("nodes"), r[0].index("millis")}
    return [[c for i, c in enumerate(x) if i not in drop] for x in r]
one, merged = rows(sys.argv[1]), rows(sys.argv[2])
if one != merged:
    for a, b in zip(one, merged):
        if a != b:
            print("differs:", a[:6], b[:6], file=sys.stderr)
    sys.exit("smoke: the merged CSV differs from the one-machine run")
print(f"smoke: merged CSV of {len(one) - 1} problems = one-machine run (times and nodes aside)")
PY
awk -v s="$shards" -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" 'BEGIN {
    printf "smoke: under Slurm (2 CPUs): %d verify shards (one failing) + 3 repair shards + tables %.1f s wall; resume of 1 shard + merge %.1f s; one machine, one thread, verify %.1f s\n", s, b - a, c - b, d - c }'
