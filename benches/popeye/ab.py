#!/usr/bin/env python3
"""Two mansuba builds side by side on the rows of problems.csv (no Popeye).

Each row is written as a one-problem file and solved by build A and build B in turn
(`solve --threads 1 --json`, as shipped: the defaults, extras and all), RUNS times each,
alternating, so that both see the same load. Prints a markdown table of the median
whole-process times, the node counts, and the median ratio A/B; exits 1 if the two
builds' key sets differ on a row. `--verdict-alone` passes `--extras 0` to both (the
verdict alone, labelled so in the table): for a change to the search itself.

usage: ab.py A_BINARY B_BINARY [--runs 3] [--only ID,...] [--timeout SECONDS]
       ab.py --loop REPS A_LOOP_SOLVE B_LOOP_SOLVE [--runs 5] [--only ID,...]

With --loop the two binaries are builds of `examples/loop_solve` (`cargo build --release
--features tools --example loop_solve`, each into its own target directory): each run
solves the row REPS times in one process, on one thread, and the time per solve is
compared. That leaves out the process's start and the milliseconds `search_millis` is
rounded to, which on rows of a few milliseconds hide a change of a few per cent. Nodes
and keys are not reported in that mode.
Standard library only (Python 3.8+).
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from compare import HERE, mansuba_problem


def solve(exe, toml, timeout, verdict_alone):
    """(whole-process seconds, nodes, keys or None when not settled) of one run."""
    cmd = [exe, "solve", toml, "--threads", "1", "--json", "--timeout", str(timeout)]
    if verdict_alone:
        cmd += ["--extras", "0"]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    secs = time.perf_counter() - start
    report = json.loads(out.stdout.splitlines()[0])
    keys = set(report["keys"]) if report.get("keys_complete") else None
    return secs, report.get("nodes", 0), keys


def per_solve(exe, r, reps):
    """Seconds per solve of row `r` by a loop_solve build, on one thread."""
    cmd = [exe, r["rules"], r["fen"], r["stipulation"], str(reps), "bare"]
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    t = out.stdout.split()[0]
    for unit, scale in (("ns", 1e-9), ("µs", 1e-6), ("ms", 1e-3), ("s", 1.0)):
        if t.endswith(unit):
            return float(t[: -len(unit)]) * scale
    raise ValueError(f"{exe}: cannot read a time from {out.stdout!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--csv", default=os.path.join(HERE, "problems.csv"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", help="comma-separated ids")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--verdict-alone", action="store_true",
                    help="both with --extras 0: the verdict alone, not what users run")
    ap.add_argument("--loop", type=int, metavar="REPS",
                    help="A and B are loop_solve builds; solve each row REPS times a run")
    args = ap.parse_args()
    with open(args.csv, newline="") as f:
        rows = [r for r in csv.DictReader(f) if not r["id"].startswith("#")]
    if args.only:
        rows = [r for r in rows if r["id"] in set(args.only.split(","))]
    unit = "ms a solve" if args.loop else ("s, verdict alone" if args.verdict_alone else "s")
    print(f"| id | stip | A {unit} | B {unit} | A/B | A nodes | B nodes |")
    print("|---|---|---|---|---|---|---|")
    ratios, differ = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for r in rows:
            toml = os.path.join(tmp, r["id"] + ".toml")
            with open(toml, "w") as f:
                f.write(mansuba_problem(r["id"], r["rules"], r["fen"], r["stipulation"]))
            got = {"a": ([], 0, None), "b": ([], 0, None)}
            for _ in range(args.runs):
                for side in ("a", "b"):
                    if args.loop:
                        secs = per_solve(getattr(args, side), r, args.loop)
                        nodes, keys = "-", None
                    else:
                        secs, nodes, keys = solve(getattr(args, side), toml, args.timeout,
                                                  args.verdict_alone)
                    times, _, _ = got[side]
                    times.append(secs)
                    got[side] = (times, nodes, keys)
            (ta, na, ka), (tb, nb, kb) = got["a"], got["b"]
            if ka != kb:
                differ += 1
            sa, sb = statistics.median(ta), statistics.median(tb)
            ratios.append(sa / sb)
            flag = "" if ka == kb else " (keys differ)"
            if args.loop:
                sa, sb = sa * 1000, sb * 1000
            print(f"| {r['id']}{flag} | {r['stipulation']} | {sa:.3f} | {sb:.3f} | "
                  f"{sa / sb:.2f} | {na} | {nb} |", flush=True)
    if ratios:
        print(f"\nmedian A/B {statistics.median(ratios):.2f}; "
              f"{min(ratios):.2f}–{max(ratios):.2f}; {len(ratios)} rows, {args.runs} runs each")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
