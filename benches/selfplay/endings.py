#!/usr/bin/env python3
"""Small shatranj endings that Fairy-Stockfish announces as won: the set of method 5.

usage: endings.py [--engine PATH] [--seed S] [--count N] > endings-set.toml

Issue 29's method 5 builds the tables of the four-man endings a problem's captures lead
to. The self-play set has nine men or more, where the search seldom gets down to four,
and self-play games end in mate before they reach six men, so this set is made
differently: random placements (random.Random(seed)) of five- and six-man materials,
kept where they are legal (kings apart, the side not to move not in check, no pawn on
its first or last rank), White to move, and Fairy-Stockfish (Threads 1, Hash 64,
NODES nodes) reports `score mate N` for White with MIN_N <= N <= MAX_N. The stipulation
is `win N` (the engine's "mate" counts a bare king too). The engine's score proves
nothing: mansuba settles each problem (see measure.py, which reads this file with
--file). These positions are composed by a program, not historical.
"""
import argparse
import os
import random
import sys

import pyffish

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import VARIANT, ENGINE_VERSION, Engine, find_engine  # noqa: E402

NODES = 400000
MIN_N, MAX_N = 6, 14
# White's men (besides the king) against Black's, in shatranj letters: R rook, N knight,
# Q ferz, B alfil, P pawn.
MATERIALS = [
    ("RQ", "Q"),
    ("RN", "Q"),
    ("RQ", "B"),
    ("RP", "Q"),
    ("RN", "N"),
    ("RQ", "QB"),
    ("RN", "QP"),
    ("RQP", "Q"),
]


def place(rng, white, black):
    """A random FEN with these men and White to move, or None if illegal."""
    board = {}
    for letter in ["K", *white, "k", *(m.lower() for m in black)]:
        free = [s for s in range(64) if s not in board]
        if letter in "Pp":
            free = [s for s in free if 8 <= s < 56]
        board[rng.choice(free)] = letter
    rows = []
    for r in range(7, -1, -1):
        row, gap = "", 0
        for f in range(8):
            c = board.get(8 * r + f)
            if c is None:
                gap += 1
            else:
                row += (str(gap) if gap else "") + c
                gap = 0
        rows.append(row + (str(gap) if gap else ""))
    placement = "/".join(rows)
    fen = f"{placement} w - - 0 1"
    kings = [s for s, c in board.items() if c in "Kk"]
    if abs(kings[0] // 8 - kings[1] // 8) <= 1 and abs(kings[0] % 8 - kings[1] % 8) <= 1:
        return None
    if pyffish.validate_fen(fen, VARIANT) != 1:
        return None
    if pyffish.gives_check(VARIANT, f"{placement} b - - 0 1", []):
        return None
    return fen


def mate_score(engine, fen):
    """The engine's `mate N` for the side to move, or None; with its PV."""
    engine.send(f"position fen {fen}")
    engine.send(f"go nodes {NODES}")
    mate, pv = None, []
    for line in engine.wait_for("bestmove"):
        words = line.split()
        if words[:1] == ["info"] and "score" in words and "pv" in words:
            i = words.index("score")
            mate = int(words[i + 2]) if words[i + 1] == "mate" else None
            pv = words[words.index("pv") + 1 :]
    return mate, pv


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default=None, help="default: $FAIRY_STOCKFISH, else PATH")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=12)
    args = ap.parse_args()
    engine = Engine(args.engine or find_engine())
    rng = random.Random(args.seed)
    print(f"# Small shatranj endings won for White, made by benches/selfplay/endings.py "
          f"--seed {args.seed}\n# (composed by a program, NOT historical; see its docstring).\n")
    kept, tried = 0, 0
    while kept < args.count:
        white, black = MATERIALS[kept % len(MATERIALS)]
        fen = place(rng, white, black)
        if fen is None:
            continue
        tried += 1
        engine.new_game()
        mate, pv = mate_score(engine, fen)
        if mate is None or not MIN_N <= mate <= MAX_N:
            continue
        kept += 1
        men = 2 + len(white) + len(black)
        print(f'''[[problem]]
id = "end-{kept}-k{white.lower()}k{black.lower()}"
title = "K+{'+'.join(white)} against K+{'+'.join(black)}, White to move ({men} men)"
source = "{ENGINE_VERSION}: random placement (endings.py --seed {args.seed}, position {tried}); the engine reported mate {mate} ({NODES} nodes), pv {' '.join(pv)}"
rules = "shatranj"
fen = "{fen}"
stipulation = "win {mate}"
''', flush=True)
        print(f"kept {kept}: {fen} mate {mate} (tried {tried})", file=sys.stderr)
    engine.close()


if __name__ == "__main__":
    main()
