#!/usr/bin/env python3
"""Measures every goal of the chance tables (issue 48) in one run and prints a table.

    python3 scripts/dice_goals.py [--no-build] [--markdown]

It builds the shipped binary (`cargo build --release`) and the `dice_methods` example
(`--features tools`), then times each goal as its own process: wall seconds from a
monotonic clock, the peak resident memory of that one process from the kernel
(`os.wait4`), the certified error from the tool's own report. The exit status is 1 if
a goal is missed, 0 if all are met. Figures depend on the machine: quote them with the
date, the load and the number of cores (the goals are for 2).
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

GIB = 1 << 30
README_FEN = "7k/8/8/3p4/8/8/8/K2R4 w - - 0 1"
FIVE_MEN_FEN = "k7/8/8/3p4/8/8/PP6/K2R4 w - - 0 1"
EIGHT_BY_EIGHT = ["KQK", "KRK", "KNK", "KBK", "KPK"]
# Grant Acedrex's men in its dice letters (a pawn's table needs every other one).
GRANT_ACEDREX = "KPK"
# Builds of each three-man table, of which the median counts.
RUNS = 3

# One line of `dice_methods` per table: material, positions, ..., error, ..., seconds.
TABLE_LINE = re.compile(
    r"^(K\w*)\s+(\d+) positions .* error ([0-9.e+-]+) .*?([0-9.]+) s\s+mean"
)


def run(cmd, stdin=None):
    """Runs `cmd`; its output, wall seconds, peak memory in bytes, exit status, and the
    seconds after which its first line of output arrived."""
    start = time.monotonic()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
    )
    first_line_at = None
    chunks = []
    for line in proc.stdout:
        if first_line_at is None:
            first_line_at = time.monotonic() - start
        chunks.append(line)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    text = b"".join(chunks).decode("utf-8", "replace")
    return text, wall, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status), first_line_at


def tables(text):
    """Per table of a `dice_methods` report: (seconds, certified error)."""
    found = {}
    for line in text.splitlines():
        m = TABLE_LINE.match(line)
        if m:
            found[m.group(1)] = (float(m.group(4)), float(m.group(3)))
    return found


def no_bare_king(folder, preset):
    """A rules file: `preset` without the bare-king win (the king must be taken)."""
    path = os.path.join(folder, f"{preset}-no-bare-king.toml")
    with open(path, "w") as f:
        f.write(f'preset = "{preset}"\nname = "{preset}-no-bare-king"\nbare_king = "off"\n')
    return path


class Goals:
    def __init__(self, release):
        self.mansuba = os.path.join(release, "mansuba")
        self.methods = os.path.join(release, "examples", "dice_methods")
        self.rows = []

    def note(self, goal, measured, met):
        self.rows.append((goal, measured, met))
        print(f"{'met ' if met else 'MISS'}  {goal}: {measured}", flush=True)

    def four_men(self, material):
        text, wall, peak, code, _ = run([self.methods, "shatranj-dice", material])
        error = tables(text).get(material, (0, float("inf")))[1]
        met = code == 0 and wall <= 60 and peak <= 2 * GIB and error <= 1e-10
        self.note(
            f"{material} (shatranj-dice) <= 60 s, <= 2 GiB, certified to 1e-10",
            f"{wall:.1f} s, peak {peak / GIB:.2f} GiB, error {error:.1e}",
            met,
        )

    def readme(self):
        text, wall, peak, code, first = run([self.mansuba, "dice", README_FEN])
        estimate_first = text.splitlines()[0].endswith("(estimate):") if text else False
        met = code == 0 and wall <= 60 and estimate_first and first is not None and first < 1
        self.note(
            "the README's `dice` example <= 60 s, its estimate first",
            f"{wall:.1f} s, peak {peak / GIB:.2f} GiB, estimate after {first or 0:.2f} s",
            met,
        )

    def krk_without_bare_king(self, rules):
        text, wall, _, code, _ = run([self.methods, rules, "KRK"])
        seconds = tables(text).get("KRK", (float("inf"), 0))[0]
        self.note(
            "KRK without the bare-king win <= 1 s",
            f"{seconds:.2f} s the table, {wall:.2f} s the process",
            code == 0 and seconds <= 1,
        )

    def three_men(self, rules_list, folder):
        """The slowest three-man table, each table's time the median of `RUNS` builds (one
        run of a two-core machine now and then takes twice its time)."""
        times = {}
        for rules in rules_list:
            name = os.path.basename(rules).removesuffix(".toml")
            for material in EIGHT_BY_EIGHT:
                for _ in range(RUNS):
                    text, _, _, code, _ = run([self.methods, rules, material])
                    if code != 0:
                        times.setdefault(f"{name} {material} failed", []).append(float("inf"))
                    for table, (seconds, _) in tables(text).items():
                        if len(table) == 3:
                            times.setdefault(f"{name} {table}", []).append(seconds)
        for _ in range(RUNS):
            text, _, _, code, _ = run(
                [self.mansuba, "tablebase", "build", "--rules", "grant-acedrex-dice", "--force",
                 "--dir", os.path.join(folder, "grant-acedrex"), "--json", GRANT_ACEDREX]
            )
            if code != 0:
                times.setdefault("grant-acedrex-dice failed", []).append(float("inf"))
                continue
            for t in json.loads(text[text.index("{"):])["tables"]:
                if len(t["material"]) == 3:
                    key = f"grant-acedrex-dice {t['material']}"
                    times.setdefault(key, []).append(t["seconds"])
        medians = {k: statistics.median(v) for k, v in times.items()}
        slowest = max(medians, key=medians.get)
        self.note(
            "every three-man table <= 0.5 s (shatranj-dice, alfonso-dice with and without "
            f"the bare-king win, grant-acedrex-dice; the median of {RUNS} builds each)",
            f"{len(medians)} tables, the slowest {slowest} {medians[slowest]:.2f} s",
            medians[slowest] <= 0.5,
        )

    def five_men(self):
        text, _, _, code, first = run([self.mansuba, "dice", FIVE_MEN_FEN])
        lines = text.splitlines()
        met = bool(lines) and lines[0].endswith("(estimate):") and "error:" in text
        self.note(
            "five men: the estimate printed, refused with the numbers",
            f"exit {code}, {len(lines)} lines, the last: {lines[-1][:90] if lines else ''}",
            met,
        )


def build():
    for extra in ([], ["--features", "tools", "--example", "dice_methods"]):
        subprocess.run(["cargo", "build", "--release", *extra], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-build", action="store_true", help="use the binaries already built")
    ap.add_argument("--release", default="target/release", help="where the binaries are")
    ap.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    args = ap.parse_args()
    if not args.no_build:
        build()
    goals = Goals(args.release)
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        rules = [
            "shatranj-dice",
            "alfonso-dice",
            no_bare_king(folder, "shatranj-dice"),
            no_bare_king(folder, "alfonso-dice"),
        ]
        goals.four_men("KQKQ")
        goals.four_men("KRKP")
        goals.readme()
        goals.krk_without_bare_king(rules[2])
        goals.three_men(rules, folder)
        goals.five_men()
    if args.markdown:
        print("\n| goal | measured | met |\n|---|---|---|")
        for goal, measured, met in goals.rows:
            print(f"| {goal} | {measured} | {'yes' if met else 'no'} |")
    sys.exit(0 if all(met for _, _, met in goals.rows) else 1)


if __name__ == "__main__":
    main()
