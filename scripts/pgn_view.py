#!/usr/bin/env python3
"""Opens the first game of a PGN file (as `mansuba export --pgn` writes it) in
python-chess and draws what a viewer shows: the start position from the FEN tag, the
position at the end of the main line (last move marked), the movetext with its
variations and comments as python-chess writes it back, and python-chess's own verdict
(errors while reading, checkmate at the end). Writes an HTML page; with --png, Chromium
(headless) takes a screenshot of it.

    python3 scripts/pgn_view.py GAMES.pgn OUT.html [--png OUT.png] [--chromium PATH]

Needs python-chess (pip install chess); orthodox games only (python-chess's board).
"""
import argparse
import html
import pathlib
import subprocess

import chess
import chess.pgn
import chess.svg


def page(game):
    h = game.headers
    end = game.end()
    start_svg = chess.svg.board(game.board(), size=300)
    end_svg = chess.svg.board(end.board(), size=300, lastmove=end.move)
    moves = game.accept(chess.pgn.StringExporter(headers=False, variations=True, comments=True))
    title = f"{h.get('Event')} — {h.get('Stipulation')} ({h.get('Rules')}, verdict {h.get('Verdict')})"
    return f"""<html><body style='font-family:sans-serif'>
<h3>{html.escape(title)}</h3>
<div style='display:flex;gap:20px'><div>start (FEN tag)<br>{start_svg}</div>
<div>end of the main line<br>{end_svg}</div></div>
<p style='width:640px'>{html.escape(moves)}</p>
<p>python-chess: errors {html.escape(str(game.errors))}; final position checkmate: {end.board().is_checkmate()}</p>
</body></html>"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn")
    ap.add_argument("out")
    ap.add_argument("--png")
    ap.add_argument("--chromium", default="chromium")
    a = ap.parse_args()
    with open(a.pgn) as f:
        game = chess.pgn.read_game(f)
    with open(a.out, "w") as f:
        f.write(page(game))
    if a.png:
        url = pathlib.Path(a.out).resolve().as_uri()
        subprocess.run([a.chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        f"--screenshot={a.png}", "--window-size=700,560", url], check=True,
                       capture_output=True)


if __name__ == "__main__":
    main()
