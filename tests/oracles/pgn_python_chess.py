"""`export --pgn` read by python-chess: every game without a Variant tag (orthodox moves)
is read with chess.pgn, every move of every variation must be legal (python-chess
records an illegal or ambiguous move as an error of the game), every line whose last
move is commented `outcome: mate` must end in checkmate and every line ending in checkmate must say
so, and the main line must end as the Result tag says (1-0: Black mated, 0-1: White).

    python3 pgn_python_chess.py FILE.pgn

Prints one line per game and a tally; exits 1 on any disagreement, 2 if python-chess
is missing, 3 if the file holds no orthodox game.
"""
import io
import logging
import sys

try:
    import chess
    import chess.pgn
except ImportError:
    print("python-chess is not installed (pip install chess)")
    sys.exit(2)


# Games of other rules fail to parse here by design (they are skipped by their Variant
# tag); python-chess would log each of those errors. An orthodox game's errors are kept
# in game.errors and reported below.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def leaves(game):
    out = []

    def walk(n):
        if not n.variations:
            out.append(n)
        for v in n.variations:
            walk(v)

    walk(game)
    return out


def check(game):
    """Problems found in one game (empty: it agrees)."""
    bad = [f"python-chess: {e}" for e in game.errors]
    moves = 0
    for leaf in leaves(game):
        board = leaf.board()
        moves += len(board.move_stack)
        said = " ".join(leaf.comment.split()).find("outcome: mate") >= 0
        if said != board.is_checkmate():
            bad.append(f"line {game.board().variation_san(board.move_stack)}: comment says {'mate' if said else 'no mate'}, python-chess says {'mate' if board.is_checkmate() else 'no mate'}")
    end = game.end().board()
    result = game.headers.get("Result", "*")
    want = {"1-0": chess.BLACK, "0-1": chess.WHITE}.get(result)
    if want is not None and not (end.is_checkmate() and end.turn == want):
        bad.append(f"Result {result} but the main line ends {end.fen()} ({'mate' if end.is_checkmate() else 'no mate'})")
    return bad, moves, len(leaves(game))


def main(path):
    with open(path) as f:
        text = f.read()
    handle = io.StringIO(text)
    checked, failed, skipped = 0, 0, []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        gid = game.headers.get("Id", game.headers.get("Event", "?"))
        if "Variant" in game.headers:
            skipped.append(f"{gid} ({game.headers['Variant']})")
            continue
        bad, moves, nlines = check(game)
        checked += 1
        status = "ok" if not bad else "FAIL"
        print(f"{status} {gid}: {nlines} line(s), {moves} moves replayed, result {game.headers.get('Result')}")
        for b in bad:
            print(f"    {b}")
        failed += bool(bad)
    print(f"python-chess {chess.__version__}: {checked} orthodox game(s) replayed, {failed} disagreement(s); not orthodox, left to other oracles: {', '.join(skipped) or 'none'}")
    if checked == 0:
        sys.exit(3)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1])
