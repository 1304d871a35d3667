#!/usr/bin/env python3
"""mansuba against Popeye, side by side, on the direct mates of problems.csv.

Each problem is converted to a Popeye input file and to a one-problem mansuba file;
`py` runs RUNS times and `mansuba solve --threads 1` MANSUBA_RUNS times (wall-clock time
of the whole process), the medians are compared, and so are the key sets (every
first move that forces mate within N, as each program reports it). Prints a markdown
table; exits 1 if any key set differs between the programs or from the one recorded
in the CSV.

usage: compare.py --popeye PATH_TO_py [--mansuba PATH] [--runs 3] [--mansuba-runs 11] [--only ID,...]
                  [--timeout SECONDS] [--csv FILE] [--popeye-try]

mansuba runs as shipped, with its defaults (its extras after the verdict, the strongest
try, the tries' lines and the least win, within their share of the verdict's cost), and
once more with `--extras 0`, the verdict alone, in the same turn: the table gives both,
labelled, and what the defaults cost beside the verdict (`shipped ÷ verdict`, by the wall
clock and by CPU time: the wall clock of a process of a few milliseconds moves by a fifth
from run to run, its CPU time much less). Popeye
only proves, on a problem without a solution, that nothing works; with --popeye-try it
is given `Option Try` on those rows (it then works out, for every first move, whether
exactly one defence refutes it).
The Popeye binary may also be named by the environment variable POPEYE. Standard
library only (Python 3.8+).
"""
import argparse
import csv
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# mansuba's FEN letter -> Popeye's piece name, per rule set. Shatranj's ferz and alfil
# are written `q`/`b` in mansuba's FEN and are Popeye's fairy pieces `fe` (fers) and
# `al` (alfil); the orthodox knight is Popeye's `S`.
POPEYE_PIECES = {
    "english-1650": {"k": "K", "q": "Q", "r": "R", "b": "B", "n": "S", "p": "P"},
    "shatranj": {"k": "K", "q": "FE", "r": "R", "b": "AL", "n": "S", "p": "P"},
}
# Popeye's promotion suffix -> mansuba's letter for the same man.
PROMOTED = {"Q": "q", "R": "r", "B": "b", "S": "n", "FE": "q", "AL": "b"}
CASTLING = {"K": ("e1", "h1"), "Q": ("e1", "a1"), "k": ("e8", "h8"), "q": ("e8", "a8")}


class ProblemError(Exception):
    """A row that this script cannot put to Popeye faithfully."""


def parse_fen(fen):
    """Board as {square: letter}, plus the FEN's side, castling and en-passant fields."""
    fields = fen.split()
    if len(fields) < 4:
        raise ProblemError(f"FEN needs at least 4 fields: {fen!r}")
    board = {}
    for i, row in enumerate(fields[0].split("/")):
        rank = 8 - i
        f = 0
        for m in re.finditer(r"\d+|[A-Za-z]", row):
            tok = m.group(0)
            if tok.isdigit():
                f += int(tok)
            else:
                board["abcdefgh"[f] + str(rank)] = tok
                f += 1
        if f != 8 or rank < 1:
            raise ProblemError(f"only plain 8x8 FENs are converted: {fen!r}")
    return board, fields[1], fields[2], fields[3]


def popeye_input(rules, fen, stipulation, timeout, tries=False):
    """The Popeye problem text for one row (white to move, direct mate); with `tries`,
    Popeye also looks for tries (first moves refuted by a single defence)."""
    names = POPEYE_PIECES.get(rules)
    if names is None:
        raise ProblemError(f"rules {rules!r}: only english-1650 and shatranj are converted")
    board, side, castling, ep = parse_fen(fen)
    if side != "w":
        raise ProblemError("only white-to-move positions are converted")
    if ep != "-":
        raise ProblemError("an en-passant square in the FEN is not converted")
    if not re.fullmatch(r"#\d+", stipulation):
        raise ProblemError(f"only #N stipulations are converted: {stipulation!r}")
    if rules == "shatranj":
        if castling != "-":
            raise ProblemError("shatranj has no castling")
        # Popeye lets every pawn on its second rank double-step; shatranj does not.
        for sq, p in board.items():
            if (p == "P" and sq[1] == "2") or (p == "p" and sq[1] == "7"):
                raise ProblemError(f"pawn on {sq} could double-step in Popeye")
    white = " ".join(names[p.lower()].lower() + sq for sq, p in sorted(board.items()) if p.isupper())
    black = " ".join(names[p.lower()].lower() + sq for sq, p in sorted(board.items()) if p.islower())
    # Popeye allows castling whenever king and rook stand at home: forbid every one the
    # FEN does not grant.
    granted = {sq for right in castling if right in CASTLING for sq in CASTLING[right]}
    home = {"e1": "K", "a1": "R", "h1": "R", "e8": "k", "a8": "r", "h8": "r"}
    barred = [sq for sq, p in home.items() if board.get(sq) == p and sq not in granted]
    options = (["Try"] if tries else []) + ["NoBoard", f"MaxTime {timeout}"]
    if barred:
        # One word: Popeye reads `NoCastling a1 h1` as a1 and an offending item h1.
        options.append("NoCastling " + "".join(barred))
    lines = [
        "BeginProblem",
        f"Pieces White {white} Black {black}",
        f"Stipulation {stipulation}",
    ]
    if rules == "shatranj":
        lines.append("Condition PromOnly fe")
    lines += ["Option " + " ".join(options), "EndProblem", ""]
    return "\n".join(lines)


def popeye_keys(output):
    """Key moves from Popeye's output (`1.Sb1-c3 !`), as coordinates like mansuba's."""
    keys = set()
    for line in output.splitlines():
        # `1.X !` is a key; a try's refutation `1...Y !` is not.
        m = re.match(r"\s*1\.(?!\.)(\S+)(?:\s+[#+])?\s+!\s*$", line)
        if not m:
            continue
        move = m.group(1)
        if move in ("0-0", "0-0-0"):
            keys.add("e1g1" if move == "0-0" else "e1c1")
            continue
        sq = re.findall(r"[a-h][1-8]", move)
        promo = re.search(r"=([A-Z]+)", move)
        key = sq[0] + sq[1]
        if promo:
            key += PROMOTED.get(promo.group(1), promo.group(1).lower())
        keys.add(key)
    return keys


def normalise(rules, keys):
    """Shatranj promotes to the ferz only, so its promotion letter carries nothing."""
    if rules == "shatranj":
        return {k[:4] for k in keys}
    return set(keys)


def mansuba_problem(pid, rules, fen, stipulation):
    """The same row as a one-problem mansuba file."""
    return f'[[problem]]\nid = "{pid}"\nrules = "{rules}"\nfen = "{fen}"\nstipulation = "{stipulation}"\n'


def run_popeye(py, inp, timeout):
    start = time.perf_counter()
    out = subprocess.run([py, inp], capture_output=True, text=True, timeout=timeout + 30)
    secs = time.perf_counter() - start
    # A complete run ends with "solution finished."; MaxTime ends it with "Partial
    # solution" or "solving interrupted." instead.
    if "solution finished." not in out.stdout:
        raise ProblemError(f"Popeye did not finish: {out.stdout[-300:]} {out.stderr[-300:]}")
    if "input-error" in out.stderr or "input-error" in out.stdout:
        raise ProblemError(f"Popeye refused the input: {out.stderr.strip()[:300]}")
    return secs, popeye_keys(out.stdout)


def children_cpu():
    """The CPU seconds (user and system) of every child process that has ended so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_mansuba(exe, toml, timeout, verdict_alone=False):
    """mansuba as shipped (one thread, as Popeye has), or with `--extras 0`: the verdict
    alone. Its wall-clock seconds, its CPU seconds and its keys."""
    start, cpu = time.perf_counter(), children_cpu()
    cmd = [exe, "solve", toml, "--threads", "1", "--json", "--timeout", str(timeout)]
    if verdict_alone:
        cmd += ["--extras", "0"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    secs, cpu = time.perf_counter() - start, children_cpu() - cpu
    if out.returncode not in (0, 1):
        raise ProblemError(f"mansuba failed: {out.stderr.strip()[:300]}")
    report = json.loads(out.stdout.splitlines()[0])
    if report.get("error") or report.get("limit_hit") or not report.get("keys_complete"):
        raise ProblemError(f"mansuba did not settle it: {report.get('error') or report.get('limit_hit')}")
    return secs, cpu, set(report["keys"])


def show(keys):
    return " ".join(sorted(keys)) if keys else "none"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye", default=os.environ.get("POPEYE"), help="the py binary (or $POPEYE)")
    ap.add_argument("--mansuba", default=os.path.join(REPO, "target", "release", "mansuba"))
    ap.add_argument("--csv", default=os.path.join(HERE, "problems.csv"))
    ap.add_argument("--runs", type=int, default=3, help="Popeye's runs per row")
    ap.add_argument(
        "--mansuba-runs",
        type=int,
        default=11,
        help="mansuba's runs per row, as shipped and the verdict alone in turn (its rows take "
        "tens of milliseconds, where one run in three differs by a quarter)",
    )
    ap.add_argument("--only", help="comma-separated ids")
    ap.add_argument("--timeout", type=int, default=120, help="per run, both programs")
    ap.add_argument(
        "--popeye-try",
        action="store_true",
        help="give Popeye `Option Try` on rows without a solution (mansuba's defaults "
        "count two holding defences per try to find the strongest one)",
    )
    args = ap.parse_args()
    if not args.popeye:
        ap.error("name the Popeye binary with --popeye or $POPEYE")
    for exe, hint in ((args.popeye, "Popeye's py"), (args.mansuba, "mansuba: cargo build --release")):
        if not os.access(exe, os.X_OK):
            ap.error(f"{exe}: no such executable ({hint})")
    with open(args.csv, newline="") as f:
        rows = [r for r in csv.DictReader(f) if not r["id"].startswith("#")]
    if args.only:
        wanted = set(args.only.split(","))
        rows = [r for r in rows if r["id"] in wanted]

    print("| id | rules | stip | keys | Popeye s | mansuba s (shipped) | ratio | verdict alone s | shipped ÷ verdict | the same in CPU time |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    ratios, failures, totals, extras, extras_cpu = [], 0, [0.0, 0.0], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in rows:
            rid, rules, fen, stip = r["id"], r["rules"], r["fen"], r["stipulation"]
            inp = os.path.join(tmp, rid + ".inp")
            toml = os.path.join(tmp, rid + ".toml")
            try:
                with open(inp, "w") as f:
                    tries = args.popeye_try and not r["keys"].split()
                    f.write(popeye_input(rules, fen, stip, args.timeout, tries))
                with open(toml, "w") as f:
                    f.write(mansuba_problem(rid, rules, fen, stip))
                py_times, ms_times, alone_times, ms_cpu, alone_cpu = [], [], [], [], []
                for _ in range(args.runs):
                    t, py_keys = run_popeye(args.popeye, inp, args.timeout)
                    py_times.append(t)
                for _ in range(args.mansuba_runs):
                    t, c, ms_keys = run_mansuba(args.mansuba, toml, args.timeout)
                    ms_times.append(t)
                    ms_cpu.append(c)
                    t, c, alone_keys = run_mansuba(args.mansuba, toml, args.timeout, True)
                    alone_times.append(t)
                    alone_cpu.append(c)
                if alone_keys != ms_keys:
                    raise ProblemError(f"the verdict alone found other keys: {show(alone_keys)}")
            except (ProblemError, subprocess.TimeoutExpired) as e:
                failures += 1
                print(f"| {rid} | {rules} | {stip} | error: {e} | | | | | | |")
                continue
            py_keys, ms_keys = normalise(rules, py_keys), normalise(rules, ms_keys)
            recorded = normalise(rules, r["keys"].split())
            if py_keys != ms_keys or ms_keys != recorded:
                failures += 1
                keys = f"DIFFER: Popeye {show(py_keys)}, mansuba {show(ms_keys)}, recorded {show(recorded)}"
            else:
                keys = show(ms_keys)
            py_s, ms_s = statistics.median(py_times), statistics.median(ms_times)
            alone_s = statistics.median(alone_times)
            ratio = py_s / ms_s
            ratios.append((ratio, rid, bool(ms_keys), py_s))
            totals[0] += py_s
            totals[1] += ms_s
            extras.append((ms_s / alone_s, rid))
            # The CPU time of one thread, which the machine's other work moves less than
            # the wall clock of a process of a few milliseconds.
            by_cpu = statistics.median(ms_cpu) / max(statistics.median(alone_cpu), 1e-6)
            extras_cpu.append((by_cpu, rid))
            print(f"| {rid} | {rules} | {stip} | {keys} | {py_s:.2f} | {ms_s:.3f} | {ratio:.1f}× "
                  f"| {alone_s:.3f} | {ms_s / alone_s:.2f}× | {by_cpu:.2f}× |", flush=True)
    if ratios:
        med = statistics.median(r for r, _, _, _ in ratios)
        worst = min(ratios)
        print(f"\nmansuba as shipped: median ratio {med:.1f}×; whole set {totals[0] / totals[1]:.1f}× "
              f"(Popeye {totals[0]:.2f} s, mansuba {totals[1]:.2f} s); worst {worst[0]:.1f}× ({worst[1]}); "
              f"{len(ratios)} problems, {args.runs} runs of Popeye and {args.mansuba_runs} of mansuba each")
        slow = [f"{rid} {r:.1f}×" for r, rid, _, py_s in ratios if py_s >= 0.1 and r < 10]
        print(f"rows where Popeye takes 0.1 s or more and mansuba is under 10×: {', '.join(slow) or 'none'}")
        top = max(extras)
        print(f"shipped ÷ verdict alone: median {statistics.median(x for x, _ in extras):.2f}×, "
              f"most {top[0]:.2f}× ({top[1]})")
        top = max(extras_cpu)
        print(f"the same in CPU time: median {statistics.median(x for x, _ in extras_cpu):.2f}×, "
              f"most {top[0]:.2f}× ({top[1]})")
        for solvable, label in ((True, "with a solution"), (False, "without")):
            part = [r for r, _, s, _ in ratios if s == solvable]
            if part:
                print(f"{label}: {len(part)} problems, median {statistics.median(part):.1f}×, {min(part):.1f}–{max(part):.1f}×")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
