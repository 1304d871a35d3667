#!/usr/bin/env python3
"""Long wins from Fairy-Stockfish shatranj self-play: the benchmark set of issue 29.

usage: generate.py [--engine PATH] [--seeds FIRST LAST] [--count N] [--jobs J] > SET.toml

Plays one game per seed (default seeds 11..200 in order, stopping once COUNT positions
are kept, default 32) with Fairy-Stockfish (UCI, `UCI_Variant shatranj`, Threads 1, Hash
64, a fresh engine process and `ucinewgame` per game). Each game begins with a few
random legal plies (random.Random(seed): 4, 6 or 8 of them), then the engine plays both
sides with NODE limits, not times, so a game is the same on any machine and under any
load: the stronger side searches STRONG_NODES a move, the weaker WEAK_NODES and, at a
WEAK_RANDOM share of its moves (drawn from the same seeded generator), plays a random
legal move instead: White is the stronger side in odd-seeded games, Black in even ones.
(Without the random moves most games between node-limited engines are drawn or still
undecided after MAX_PLIES: shatranj endings with ferz and alfil are slow to win.)

At every engine move whose final `info` reports `score mate N` for the side to move with
MIN_N <= N <= MAX_N, the position is a candidate. A game gives at most two problems: the
first candidate, and the first later one whose N is at least GAP less (a different stage
of the same win). The position is the engine's own `d` output (its "Fen:" line).

Goal: the engine's "mate" counts a win by bare king too. The PV is replayed with pyffish;
where it stops before the game is over, the line is continued by the engine (PV_NODES a
move) until the game ends or 2N+2 plies are played. If the line's last position is
checkmate the stipulation is `#N`, otherwise (bare king, stalemate, or no end reached)
`win N`; it is always for the side to move. The engine's claim proves nothing: mansuba
settles each problem (see measure.py).

The output is a mansuba problem file (format of examples/selfplay-mates.toml); a log of
every game goes to stderr.
"""
import argparse
import functools
import multiprocessing
import os
import random
import shutil
import subprocess
import sys

import pyffish

VARIANT = "shatranj"
STRONG_NODES = 50000
WEAK_NODES = 1000
WEAK_RANDOM = 0.25
PV_NODES = 200000
MIN_N, MAX_N, GAP = 7, 18, 4
MAX_PLIES = 240
ENGINE_VERSION = "Fairy-Stockfish 11.1"


class Engine:
    """One Fairy-Stockfish process spoken to by UCI."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        for name, value in (("UCI_Variant", VARIANT), ("Threads", "1"), ("Hash", "64")):
            self.send(f"setoption name {name} value {value}")
        self.new_game()

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish ended unexpectedly")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, moves, nodes):
        """(bestmove, mate N or None, pv) of a node-limited search after `moves`."""
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go nodes {nodes}")
        lines = self.wait_for("bestmove")
        best = lines[-1].split()[1]
        mate, pv = None, []
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "score" in words and "pv" in words:
                i = words.index("score")
                mate = int(words[i + 2]) if words[i + 1] == "mate" else None
                pv = words[words.index("pv") + 1 :]
        return best, mate, pv

    def fen(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("d")
        for line in self.wait_for("Checkers:"):
            if line.startswith("Fen: "):
                return line[5:].strip()
        raise RuntimeError("no Fen: line in the engine's `d` output")

    def close(self):
        self.send("quit")
        self.proc.wait()


def finished(start, moves):
    """Is the game over after `moves`: (over, how) with how 'mate', 'stalemate', 'bare', 'draw'."""
    if not pyffish.legal_moves(VARIANT, start, moves):
        return True, "mate" if pyffish.gives_check(VARIANT, start, moves) else "stalemate"
    over, result = pyffish.is_immediate_game_end(VARIANT, start, moves)
    if over:
        return True, "bare" if result != 0 else "draw"
    over, result = pyffish.is_optional_game_end(VARIANT, start, moves)
    if over:
        return True, "draw"
    return False, None


def line_end(engine_path, start, moves, pv, n):
    """How the engine's winning line ends: replay the PV, continue it by engine play."""
    line = list(moves)
    for move in pv:
        if move not in pyffish.legal_moves(VARIANT, start, line):
            break
        line.append(move)
        over, how = finished(start, line)
        if over:
            return how, len(line) - len(moves)
    engine = Engine(engine_path)
    try:
        while len(line) - len(moves) < 2 * n + 2:
            best, _, _ = engine.search(line, PV_NODES)
            if best in ("(none)", "0000"):
                break
            line.append(best)
            over, how = finished(start, line)
            if over:
                return how, len(line) - len(moves)
    finally:
        engine.close()
    return "open", len(line) - len(moves)


def move_label(start, moves):
    """'185.Kd4' or '95...Qf5': the last move of `moves`, numbered."""
    ply = len(moves)
    san = pyffish.get_san(VARIANT, pyffish.get_fen(VARIANT, start, moves[:-1]), moves[-1])
    number = (ply + 1) // 2
    return f"{number}.{san}" if ply % 2 == 1 else f"{number}...{san}"


def play(engine_path, seed, log):
    """One game: the list of kept candidates (dicts)."""
    rng = random.Random(seed)
    start = pyffish.start_fen(VARIANT)
    random_plies = rng.choice([4, 6, 8])
    white_strong = seed % 2 == 1
    moves, kept = [], []
    for _ in range(random_plies):
        moves.append(rng.choice(pyffish.legal_moves(VARIANT, start, moves)))
    engine = Engine(engine_path)
    try:
        while len(moves) < MAX_PLIES and not finished(start, moves)[0]:
            white_to_move = len(moves) % 2 == 0
            strong = white_to_move == white_strong
            if not strong and rng.random() < WEAK_RANDOM:
                moves.append(rng.choice(pyffish.legal_moves(VARIANT, start, moves)))
                continue
            best, mate, pv = engine.search(moves, STRONG_NODES if strong else WEAK_NODES)
            if mate is not None and MIN_N <= mate <= MAX_N:
                if not kept or (len(kept) == 1 and mate <= kept[0]["n"] - GAP):
                    kept.append(candidate(engine, engine_path, start, moves, mate, pv))
                    log(f"  seed {seed} ply {len(moves)}: mate {mate} -> {kept[-1]['stip']}")
                    if len(kept) == 2:
                        break
            moves.append(best)
    finally:
        engine.close()
    over, how = finished(start, moves)
    log(f"seed {seed}: {len(moves)} plies, {how if over else 'stopped'}, {len(kept)} kept")
    for c in kept:
        c.update(seed=seed, random_plies=random_plies, white_strong=white_strong)
    return kept


def candidate(engine, engine_path, start, moves, n, pv):
    how, plies = line_end(engine_path, start, moves, pv, n)
    stip = f"#{n}" if how == "mate" else f"win {n}"
    return dict(
        moves=list(moves),
        fen=engine.fen(moves),
        n=n,
        pv=pv,
        stip=stip,
        end=how,
        end_plies=plies,
        label=move_label(start, moves) if moves else "the start",
    )


def wrap(words, width=88):
    lines, cur = [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def to_toml(c):
    ply = len(c["moves"])
    side = "White" if ply % 2 == 0 else "Black"
    strong, weak = ("White", "Black") if c["white_strong"] else ("Black", "White")
    ends = {
        "mate": "ends in checkmate",
        "bare": "bares the king",
        "stalemate": "ends in stalemate",
        "draw": "ends in a draw by the engine's rules",
        "open": "does not reach the end",
    }[c["end"]]
    return f'''# the engine's line {ends} ({c["end_plies"]} plies, PV then engine play): {c["stip"]}.
[[problem]]
id = "sp-s{c["seed"]}-{ply}{"w" if side == "White" else "b"}"
title = "Self-play game seed {c["seed"]}, after {c["label"]}: {side} to move"
source = "{ENGINE_VERSION} self-play (shatranj), seed {c["seed"]} ({c["random_plies"]} random plies, then {strong} {STRONG_NODES} nodes and {weak} {WEAK_NODES} nodes per move or a random move at {WEAK_RANDOM:.0%} of them), after {c["label"]} (ply {ply}); the engine reported mate {c["n"]}, pv {" ".join(c["pv"])}"
rules = "shatranj"
fen = "{c["fen"]}"
stipulation = "{c["stip"]}"
notes = """
{wrap(c["moves"])}"""
'''


HEADER = """# Long wins from shatranj games played by Fairy-Stockfish against itself, made by
# benches/selfplay/generate.py (NOT historical problems: those live in problems/). The
# benchmark set of issue 29, fresh seeds (examples/selfplay-mates.toml used 2, 4, 9).
# Each game began with 4, 6 or 8 random legal plies (random.Random(seed)), then the
# engine (Threads 1, Hash 64) played both sides with node limits: the stronger side
# {strong} nodes a move, the weaker {weak}, and a random legal move at {rand:.0%} of the
# weaker side's moves (White stronger in odd seeds, Black in even). A position is kept
# where the engine's search reported `mate N` for the side to move, {lo} <= N <= {hi} (at
# most two a game: the first, and a later one with N at least {gap} less). Its "mate"
# counts a bare king too: the stipulation is `#N` where the engine's line (its PV,
# continued by engine play) ends in checkmate, `win N` otherwise. The engine's score
# proves nothing; `expect` is not set: mansuba's verdicts are measured by
# benches/selfplay/measure.py into CSV files beside this one.
#
# `notes` holds the game's moves from the start position (rnbkqbnr/pppppppp/8/8/8/8/
# PPPPPPPP/RNBKQBNR w), in coordinates; to see the engine's claim:
#   fairy-stockfish: setoption name UCI_Variant value shatranj
#                    position startpos moves <notes>   then  go mate N

"""


def log(text):
    print(text, file=sys.stderr, flush=True)


def find_engine():
    """$FAIRY_STOCKFISH, else fairy-stockfish on PATH (Debian's package puts it in /usr/games)."""
    path = os.environ.get("FAIRY_STOCKFISH") or shutil.which(
        "fairy-stockfish", path=os.environ.get("PATH", "") + os.pathsep + "/usr/games"
    )
    if not path:
        sys.exit("generate.py: fairy-stockfish not found (set FAIRY_STOCKFISH or --engine)")
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default=None, help="default: $FAIRY_STOCKFISH, else PATH")
    ap.add_argument("--seeds", nargs=2, type=int, default=[11, 200], metavar=("FIRST", "LAST"))
    ap.add_argument("--count", type=int, default=32)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (same output)")
    args = ap.parse_args()
    args.engine = args.engine or find_engine()
    sys.stdout.write(
        HEADER.format(
            strong=STRONG_NODES, weak=WEAK_NODES, rand=WEAK_RANDOM, lo=MIN_N, hi=MAX_N, gap=GAP
        )
    )
    seeds = [s for s in range(args.seeds[0], args.seeds[1] + 1) if s not in (2, 4, 9)]
    count = 0
    with multiprocessing.Pool(args.jobs) as pool:
        # imap keeps seed order, so the set does not depend on --jobs
        for kept in pool.imap(functools.partial(play, args.engine, log=log), seeds):
            for c in kept[: args.count - count]:
                sys.stdout.write(to_toml(c) + "\n")
                sys.stdout.flush()
                count += 1
            if count >= args.count:
                pool.terminate()
                break
    log(f"{count} positions")


if __name__ == "__main__":
    main()
