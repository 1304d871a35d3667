#!/usr/bin/env python3
"""Differential test: mansuba's key sets against Popeye's on random shatranj direct mates.

usage: difftest.py [--popeye PATH] [--seed S] [--minutes M] [--jobs J] [--only I,J,...]

White has its king, leapers (knights, ferzes `Q`, alfils `B`) and at most two pawns:
the men for which mansuba's reach bound and quiet defences prune, so this is the test of
those against a solver that has neither. Black has N+2 to N+5 men besides the king for
a #N (no bare king can arise, which Popeye would not see), no pawn on its second rank
(Popeye would let it double-step); White keeps at least N men besides the king.

Most positions are built backwards: a random leaper checkmate, then N White and N-1
Black quiet moves taken back, so a mate in N is near (purely random placements have a
key in one case of fifty). The rest are men scattered around the black king. Neither
solver's answer chooses a position. Position I depends only on the seed and I, so
`--only I` rebuilds it. Every row goes to --out (JSON lines); the script prints a tally
per stipulation and exits with 1 if any key set differs.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

import compare
import generate

LEAPS = {"k": [(1, 0), (1, 1)], "q": [(1, 1)], "b": [(2, 2)], "n": [(2, 1)]}
STEPS = {
    k: {(sx * x, sy * y) for a, b in v for x, y in ((a, b), (b, a)) for sx in (1, -1) for sy in (1, -1)}
    for k, v in LEAPS.items()
}
ROOK = ((1, 0), (-1, 0), (0, 1), (0, -1))
SQUARES = [(f, r) for f in range(8) for r in range(8)]
STIPS = {"#2": 30, "#3": 37, "#4": 25, "#5": 8}


def cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def in_check(board, white):
    king = next(s for s, p in board.items() if p == ("K" if white else "k"))
    return generate.attacks(board, king, not white, "shatranj")


def moves(board, white):
    """Pseudo-legal shatranj moves of one side (leapers, rooks, pawns)."""
    out = []
    for frm, p in list(board.items()):
        if p.isupper() != white:
            continue
        k, (f0, r0) = p.lower(), frm
        if k == "p":
            r = r0 + (1 if white else -1)
            if on_board(f0, r) and (f0, r) not in board:
                out.append((frm, (f0, r)))
            for df in (1, -1):
                t = (f0 + df, r)
                if t in board and board[t].isupper() != white:
                    out.append((frm, t))
            continue
        targets = []
        if k == "r":
            for df, dr in ROOK:
                f, r = f0 + df, r0 + dr
                while on_board(f, r):
                    targets.append((f, r))
                    if (f, r) in board:
                        break
                    f, r = f + df, r + dr
        else:
            targets = [(f0 + df, r0 + dr) for df, dr in STEPS[k] if on_board(f0 + df, r0 + dr)]
        out += [(frm, t) for t in targets if t not in board or board[t].isupper() != white]
    return out


def play(board, move):
    frm, to = move
    b = dict(board)
    p = b.pop(frm)
    if p in "Pp" and to[1] in (0, 7):
        p = "Q" if p == "P" else "q"
    b[to] = p
    return b


def mated(board, white):
    return in_check(board, white) and all(in_check(play(board, m), white) for m in moves(board, white))


def take_back(rng, board, white):
    """The board before a quiet move of one side, chosen at random; None if none."""
    men = [s for s, p in board.items() if p.isupper() == white]
    rng.shuffle(men)
    for (f0, r0) in men:
        k = board[(f0, r0)].lower()
        if k == "p":
            r = r0 - (1 if white else -1)
            lowest = 2 if white else 1
            cands = [(f0, r)] if lowest <= r <= 5 and (f0, r) not in board else []
        elif k == "r":
            cands = []
            for df, dr in ROOK:
                f, r = f0 + df, r0 + dr
                while on_board(f, r) and (f, r) not in board:
                    cands.append((f, r))
                    f, r = f + df, r + dr
        else:
            cands = [(f0 + df, r0 + dr) for df, dr in STEPS[k]]
            cands = [s for s in cands if on_board(*s) and s not in board]
        if cands:
            b = dict(board)
            b[rng.choice(cands)] = b.pop((f0, r0))
            return b
    return None


def scatter(rng, n, king_squares, radius, white_kinds):
    """Black's king on one of king_squares, Black's men (some next to it), White's
    king and men within radius of it."""
    board = {}
    bk = rng.choice(king_squares)
    board[bk] = "k"
    free = lambda: [s for s in SQUARES if s not in board]  # noqa: E731
    board[rng.choice([s for s in free() if 2 <= cheb(s, bk) <= max(3, radius + 1)])] = "K"
    count = rng.randint(n + 2, n + 5)
    adjacent = rng.randint(0, min(4, count))
    for j in range(count):
        k = rng.choice("rrnnqqbbpp")
        ok = [s for s in free() if k != "p" or 1 <= s[1] <= 5]
        near = [s for s in ok if cheb(s, bk) == 1] if j < adjacent else ok
        board[rng.choice(near or ok)] = k
    whites = rng.randint(max(n, 3), 6)
    pawns = rng.choices([0, 1, 2], [65, 25, 10])[0]
    for k in ["P"] * pawns + [rng.choice(white_kinds) for _ in range(whites - pawns)]:
        ok = [s for s in free() if k != "P" or 2 <= s[1] <= 5]
        near = [s for s in ok if cheb(s, bk) <= radius]
        board[rng.choice(near or ok)] = k
    return board


def position(rng):
    """(FEN, stipulation, how it was made)."""
    stip = rng.choices(list(STIPS), list(STIPS.values()))[0]
    n = int(stip[1:])
    edge = [s for s in SQUARES if min(s[0], 7 - s[0], s[1], 7 - s[1]) == 0]
    corner = [s for s in SQUARES if min(s[0], 7 - s[0]) <= 1 and min(s[1], 7 - s[1]) <= 1]
    if rng.random() < 0.85:
        for _ in range(200):
            mate = None
            for _ in range(20000):
                where = rng.choices([corner, edge, SQUARES], [45, 45, 10])[0]
                b = scatter(rng, n, where, 2, "NNNQQBB")
                if not in_check(b, True) and mated(b, False):
                    mate = b
                    break
            if mate is None:
                continue
            # Take back White's mating move, then Black's and White's in turn.
            b, ok = mate, True
            for step in range(2 * rng.choice([n, n, n, max(1, n - 1)]) - 1):
                white = step % 2 == 0
                b = take_back(rng, b, white)
                kings = [s for s, p in (b or {}).items() if p in "Kk"]
                if b is None or cheb(*kings) < 2 or in_check(b, not white):
                    ok = False
                    break
            if ok and not in_check(b, False):
                return generate.fen(b), stip, "backwards"
    while True:
        where = rng.choices([corner, edge, SQUARES], [50, 40, 10])[0]
        b = scatter(rng, n, where, rng.choice([2, 3, 8]), "NNQQBB")
        if not in_check(b, False):
            return generate.fen(b), stip, "scattered"


def one(args, i, tmp):
    fen, stip, how = position(random.Random(f"{args.seed}:{i}"))
    row = {"i": i, "seed": args.seed, "fen": fen, "stip": stip, "made": how}
    toml = os.path.join(tmp, f"p{i}.toml")
    inp = os.path.join(tmp, f"p{i}.inp")
    with open(toml, "w") as f:
        f.write(compare.mansuba_problem(f"p{i}", "shatranj", fen, stip))
    with open(inp, "w") as f:
        f.write(compare.popeye_input("shatranj", fen, stip, args.timeout))
    try:
        _, mk = compare.run_mansuba(args.mansuba, toml, args.timeout)
        _, pk = compare.run_popeye(args.popeye, inp, args.timeout)
        mk, pk = compare.normalise("shatranj", mk), compare.normalise("shatranj", pk)
        row.update(mansuba=sorted(mk), popeye=sorted(pk), result="agree" if mk == pk else "DIFFER")
    except (compare.ProblemError, subprocess.TimeoutExpired) as e:
        row.update(result="skipped", why=str(e)[:300])
    for p in (toml, inp):
        os.unlink(p)
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye", default=os.environ.get("POPEYE"), help="the py binary (or $POPEYE)")
    ap.add_argument("--mansuba", default=os.path.join(compare.REPO, "target", "release", "mansuba"))
    ap.add_argument("--seed", type=int, default=20240917)
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60, help="per position, each program")
    ap.add_argument("--only", help="comma-separated position numbers")
    ap.add_argument("--out", default="difftest.jsonl")
    args = ap.parse_args()
    if not args.popeye:
        sys.exit("give Popeye's binary with --popeye PATH or $POPEYE")
    todo = [int(x) for x in args.only.split(",")] if args.only else None
    deadline = time.time() + args.minutes * 60
    lock, counter = threading.Lock(), [0]
    tally = defaultdict(Counter)
    tmp = tempfile.mkdtemp(prefix="difftest")

    def next_one():
        with lock:
            if todo is not None:
                return todo.pop(0) if todo else None
            counter[0] += 1
            return counter[0] - 1

    def worker(out):
        while time.time() < deadline and (i := next_one()) is not None:
            row = one(args, i, tmp)
            with lock:
                out.write(json.dumps(row) + "\n")
                out.flush()
                t = tally[row["stip"]]
                t[row["result"]] += 1
                t["with a key"] += bool(row.get("mansuba"))
                if row["result"] != "agree":
                    print(f"{i} {row['stip']} {row['result']} {fen_and_keys(row)}", flush=True)

    with open(args.out, "a") as out, ThreadPoolExecutor(args.jobs) as ex:
        for f in [ex.submit(worker, out) for _ in range(args.jobs)]:
            f.result()
    for stip in sorted(tally):
        print(stip, dict(tally[stip]))
    sys.exit(1 if any(t["DIFFER"] for t in tally.values()) else 0)


def fen_and_keys(row):
    return f"{row['fen']} mansuba {row.get('mansuba')} popeye {row.get('popeye')} {row.get('why', '')}"


if __name__ == "__main__":
    main()
