"""`export --pgn` of hostile titles, sources and ids read by python-chess: how many games
it finds, and each game's FEN and Id tags and error count, one JSON object a line, so
that tests/hostile_text.rs can compare them with the problem file.

    python3 pgn_tags_python_chess.py FILE.pgn

Exits 2 if python-chess is missing.
"""
import json
import logging
import sys

try:
    import chess.pgn
except ImportError:
    print("python-chess is not installed (pip install chess)")
    sys.exit(2)

# A game python-chess cannot replay is logged; it is counted in "errors" instead.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def unescaped(v):
    # python-chess keeps a tag value as written; PGN escapes only `\"` and `\\`.
    out, i = [], 0
    while i < len(v):
        if v[i] == "\\" and i + 1 < len(v) and v[i + 1] in "\\\"":
            out.append(v[i + 1])
            i += 2
        else:
            out.append(v[i])
            i += 1
    return "".join(out)


with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        h = game.headers
        print(json.dumps({
            "id": unescaped(h.get("Id", "")),
            "event": unescaped(h.get("Event", "")),
            "fen": h.get("FEN"),
            "errors": len(game.errors),
            "moves": len(list(game.mainline_moves())),
        }, ensure_ascii=False))
