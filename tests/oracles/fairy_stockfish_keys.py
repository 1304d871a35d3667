"""Keys of a mate-in-N position according to Fairy-Stockfish (an independent oracle for
tests/solver.rs): every root move that MultiPV scores as a mate in at most N.

    python3 fairy_stockfish_keys.py VARIANT FEN N

Fairy-Stockfish's search is not a proof, so a test uses these keys only where they agree
with mansuba's proven answer; a disagreement is investigated, not averaged.
"""
import re
import subprocess
import sys


def keys(variant, fen, n, engine="/usr/games/fairy-stockfish"):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(
        f"uci\nsetoption name UCI_Variant value {variant}\n"
        f"setoption name MultiPV value 250\nposition fen {fen}\ngo depth {2 * n + 8}\n"
    )
    p.stdin.flush()
    last = {}
    for line in p.stdout:
        if line.startswith("bestmove"):
            break
        m = re.search(r" multipv \d+ score (mate|cp) (-?\d+).* pv (\S+)", line)
        if m:
            last[m.group(3)] = (m.group(1), int(m.group(2)))
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return sorted(mv for mv, (kind, v) in last.items() if kind == "mate" and 0 < v <= n)


if __name__ == "__main__":
    print(" ".join(keys(sys.argv[1], sys.argv[2], int(sys.argv[3]))))
