#!/usr/bin/env python3
"""Run a mansuba binary over every problem of the self-play set, one at a time: a CSV.

usage: measure.py MANSUBA [--file SET] [--threads T] [--timeout S] [--max-nodes N]
                  [--ids ID ...] -o OUT.csv
       measure.py --summary OUT.csv

Each problem is run as `MANSUBA solve SET --id ID --timeout S --json --threads T` under
`/usr/bin/time -f %M` (peak resident set, KiB); `--max-nodes N` adds a node limit (runs
compared at equal work do not depend on the machine's load; give a timeout of 0 then). A row is written (and flushed) as soon as
its run ends, so a cut run keeps what it measured. Columns:

  id, stipulation, verdict (solvable/sound/cooked/unsound/unknown, or error), solvable
  (yes/no/unknown: proven solvable at all), keys (coordinates, space separated),
  keys_complete (yes/no: the key list is proven complete), shortest (least N, empty if
  not found), others_fail_within (from the JSON: no other first move wins within k),
  nodes, wall_s (wall clock of the whole process), peak_rss_kib, limit_hit, error.

The summary (printed at the end, or by --summary) counts complete key lists, proven
solvable, unknown, and the wall time and nodes in all.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = [
    "id",
    "stipulation",
    "verdict",
    "solvable",
    "keys",
    "keys_complete",
    "shortest",
    "others_fail_within",
    "nodes",
    "wall_s",
    "peak_rss_kib",
    "limit_hit",
    "error",
]


def problem_ids(path):
    with open(path, "rb") as f:
        return [p["id"] for p in tomllib.load(f)["problem"]]


def run_one(binary, path, pid, timeout, threads, max_nodes=None, extra=()):
    """One row (dict of COLUMNS) for problem `pid`; `extra`: more arguments for solve."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        cmd = ["/usr/bin/time", "-f", "%M", "-o", rss.name, binary, "solve", path]
        cmd += ["--id", pid, "--timeout", str(timeout), "--json", "--threads", str(threads)]
        if max_nodes:
            cmd += ["--max-nodes", str(max_nodes)]
        cmd += list(extra)
        t0 = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - t0
        peak = rss.read().strip().splitlines()
    row = dict.fromkeys(COLUMNS, "")
    row.update(id=pid, wall_s=f"{wall:.2f}", peak_rss_kib=peak[-1] if peak else "")
    lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
    if not lines:
        err = (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}, no JSON"])[-1]
        row.update(verdict="error", error=err)
        return row
    j = json.loads(lines[-1])
    row.update(
        stipulation=j.get("stipulation", ""),
        verdict=j.get("verdict", ""),
        solvable=j.get("solvable", ""),
        keys=" ".join(j.get("keys") or []),
        keys_complete="yes" if j.get("keys_complete") else "no",
        shortest="" if j.get("shortest") is None else j["shortest"],
        others_fail_within=j.get("others_fail_within", ""),
        nodes=j.get("nodes", ""),
        limit_hit=j.get("limit_hit") or "",
        error=j.get("error") or "",
    )
    return row


def summary(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    n = len(rows)
    count = lambda pred: sum(1 for r in rows if pred(r))  # noqa: E731
    complete = count(lambda r: r["keys_complete"] == "yes")
    solvable = count(lambda r: r["solvable"] == "yes")
    unknown = count(lambda r: r["verdict"] == "unknown")
    verdicts = {}
    for r in rows:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
    wall = sum(float(r["wall_s"] or 0) for r in rows)
    nodes = sum(int(r["nodes"] or 0) for r in rows)
    print(f"{path}: {n} problems")
    print(f"  complete key list: {complete}/{n}")
    print(f"  proven solvable:   {solvable}/{n}")
    print(f"  verdict unknown:   {unknown}/{n}")
    print("  verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    print(f"  wall {wall:.0f} s in all, {nodes / 1e6:.1f} M nodes")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", nargs="?")
    ap.add_argument("--file", default=os.path.join(HERE, "selfplay-set.toml"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--max-nodes", type=int)
    ap.add_argument("--ids", nargs="*")
    ap.add_argument(
        "--no-auto-tables", action="store_true", help="pass --no-auto-tables to the solver"
    )
    ap.add_argument("-o", "--out")
    ap.add_argument("--summary", metavar="CSV")
    args = ap.parse_args()
    if args.summary:
        return summary(args.summary)
    if not args.binary or not args.out:
        ap.error("MANSUBA and -o OUT.csv are needed (or --summary CSV)")
    ids = args.ids or problem_ids(args.file)
    with open(args.out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for pid in ids:
            extra = ["--no-auto-tables"] if args.no_auto_tables else []
            row = run_one(
                args.binary, args.file, pid, args.timeout, args.threads, args.max_nodes, extra
            )
            w.writerow(row)
            f.flush()
            print(f"{pid}: {row['verdict']} keys [{row['keys']}] complete {row['keys_complete']}"
                  f" {row['wall_s']} s", file=sys.stderr, flush=True)
    summary(args.out)


if __name__ == "__main__":
    main()
