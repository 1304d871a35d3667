#!/usr/bin/env python3
"""Random positions, the raw material of problems.csv (composed by program, not published).

usage: generate.py RULES COUNT SEED STIPULATION > candidates.toml

Writes COUNT mansuba problems (white to move) under RULES (`english-1650` or
`shatranj`). The rows of problems.csv were picked from these: `mansuba solve
--threads 1 --json` gave each position's shortest mate, a position with its shortest
mate N became a row "#N" (and, at times, a row "#N-1" with no solution), a position
without mate a "no" row; Popeye's time decided which were kept (about 0.3-20 s).
Positions obey what the Popeye conversion needs: kings off e1/e8 (no castling), no
pawn on its first or last rank, and under shatranj no pawn on its own second rank
(Popeye would let it double-step) and at least six black men besides the king (so
that no bare king can arise within five moves).
"""
import random
import sys


def attacks(board, sq, by_white, rules):
    """Is square sq attacked by the side by_white? board: dict (f, r) -> letter."""
    f, r = sq
    for (pf, pr), p in board.items():
        if p.isupper() != by_white:
            continue
        k = p.lower()
        df, dr = f - pf, r - pr
        if k == "k" and max(abs(df), abs(dr)) == 1:
            return True
        if k == "n" and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if k == "p":
            fwd = 1 if by_white else -1
            if dr == fwd and abs(df) == 1:
                return True
        if rules == "shatranj":
            if k == "q" and abs(df) == 1 and abs(dr) == 1:
                return True
            if k == "b" and abs(df) == 2 and abs(dr) == 2:
                return True
        else:
            if k in "qb" and abs(df) == abs(dr) and df != 0 and clear(board, pf, pr, f, r):
                return True
        if k in ("rq" if rules != "shatranj" else "r") and (df == 0) != (dr == 0) and clear(board, pf, pr, f, r):
            return True
    return False


def clear(board, pf, pr, f, r):
    sf = (f > pf) - (f < pf)
    sr = (r > pr) - (r < pr)
    x, y = pf + sf, pr + sr
    while (x, y) != (f, r):
        if (x, y) in board:
            return False
        x, y = x + sf, y + sr
    return True


def fen(board):
    rows = []
    for r in range(7, -1, -1):
        s, e = "", 0
        for f in range(8):
            p = board.get((f, r))
            if p:
                if e:
                    s += str(e)
                    e = 0
                s += p
            else:
                e += 1
        if e:
            s += str(e)
        rows.append(s)
    return "/".join(rows) + " w - - 0 1"


def pick(rng, rules):
    if rules == "shatranj":
        white = rng.choice(["RRN", "RNQ", "RRQ", "RNN", "RQB", "RRB", "RNQB", "RRNQ"]) + "P" * rng.randint(0, 3)
        black = "".join(rng.choice("PPPPQBNR") for _ in range(rng.randint(6, 9)))
    else:
        white = rng.choice(["QR", "QB", "QN", "RRN", "RBN", "QNN", "RRB", "QRN", "RBB", "QBN"]) + "P" * rng.randint(0, 3)
        black = "".join(rng.choice("PPPPPBNRRQ") for _ in range(rng.randint(3, 8)))
    return white, black


def place(rng, rules):
    while True:
        board = {}
        white, black = pick(rng, rules)
        free = [(f, r) for f in range(8) for r in range(8)]
        rng.shuffle(free)
        ok = True
        for p in "K" + white + "k" + black.lower():
            while True:
                if not free:
                    ok = False
                    break
                f, r = free.pop()
                if p == "k" and rules == "shatranj" and r < 5:
                    continue  # near the top edge: mates come sooner
                if p in "Kk" and f == 4 and r in (0, 7):
                    continue  # no castling: kings off their home squares
                if p in "Pp" and r in (0, 7):
                    continue
                if rules == "shatranj" and ((p == "P" and r == 1) or (p == "p" and r == 6)):
                    continue  # Popeye would let such a pawn double-step
                board[(f, r)] = p
                break
        if not ok:
            continue
        bk = next(s for s, p in board.items() if p == "k")
        wk = next(s for s, p in board.items() if p == "K")
        if attacks(board, bk, True, rules) or attacks(board, wk, False, rules):
            continue
        return board


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("english-1650", "shatranj"):
        sys.exit(__doc__)
    rules, count, seed, stip = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    for i in range(count):
        b = place(rng, rules)
        print(f'[[problem]]\nid = "{rules[:3]}-{seed}-{i}"\nrules = "{rules}"\nfen = "{fen(b)}"\nstipulation = "{stip}"\n')


if __name__ == "__main__":
    main()
