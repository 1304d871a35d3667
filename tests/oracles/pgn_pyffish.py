"""`export --pgn` replayed by pyffish (Fairy-Stockfish's move generator): every game whose
Variant tag is one Fairy-Stockfish knows (shatranj, courier) is replayed move by move
from its FEN; each SAN must be the SAN pyffish gives one of its legal moves (check signs
aside), and each line's last move must end as its comment says:

- `mate`: pyffish has no legal move for the side to move, which is in check, and scores
  the position lost for it;
- `stalemate win` / `stalemate loss`: no legal move, not in check, and pyffish's result
  for the stalemated side is a loss / a win;
- `bare king`: pyffish ends the game at once, or the side to move is bare and after each
  of its replies pyffish ends the game in the other side's favour (it cannot bare back);
- `open`: the line was cut by a limit: legality only.

The main line must end as the Result tag says.

    python3 pgn_pyffish.py FILE.pgn

One line per game and a tally; exits 1 on any disagreement, 2 if pyffish is missing,
3 if the file holds no game of those variants.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_tree import lines, outcome, read_games  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    print("pyffish is not installed (pip install pyffish)")
    sys.exit(2)

KNOWN = {"shatranj", "courier"}


def strip(san):
    return san.rstrip("+#!?")


def san_square(san):
    """The square a SAN moves to (its last square), None when it names none."""
    squares = re.findall(r"[a-l][0-9]+", strip(san))
    return squares[-1] if squares else None


def to_square(uci):
    """The square a UCI move of pyffish's goes to."""
    squares = re.findall(r"[a-l][0-9]+", uci)
    return squares[1] if len(squares) > 1 else None


def replay(variant, fen, sans, cache):
    """The FEN after each SAN of a line, or (None, why) at the first move pyffish does
    not have. Positions are reached from the FEN before them (pyffish re-reads a FEN
    and its moves on every call); `cache` keeps the lines' shared beginnings."""
    fens = [fen]
    for i, san in enumerate(sans):
        key = (fen, tuple(sans[: i + 1]))
        if key not in cache:
            cur = fens[-1]
            legal = sf.legal_moves(variant, cur, [])
            # Every pyffish call costs milliseconds: only the moves to the SAN's square
            # are written out and compared (a SAN whose square is not read compares all).
            near = [m for m in legal if to_square(m) == san_square(san)] or legal
            found = [m for m in near if strip(sf.get_san(variant, cur, m)) == strip(san)]
            if len(found) != 1:
                theirs = sorted(sf.get_san(variant, cur, m) for m in legal)
                return None, f"ply {i + 1} '{san}' in {cur}: {len(found)} legal moves match (pyffish's: {' '.join(theirs)})"
            cache[key] = sf.get_fen(variant, cur, found[:1])
        fens.append(cache[key])
    return fens, None


def bared_without_reply(variant, fen, moves):
    """The side to move is bare and every reply leaves the game over, lost for it (it
    cannot bare back): Fairy-Stockfish gives a bare side its reply first."""
    cur = sf.get_fen(variant, fen, moves) if moves else fen
    side = cur.split()[1]
    men = [c for c in cur.split()[0] if c.isalpha() and c.lower() != "k"]
    own = [c for c in men if c.islower() == (side == "b")]
    if own:
        return False
    replies = sf.legal_moves(variant, fen, moves)
    if not replies:
        return False
    for r in replies:
        end, value = sf.is_immediate_game_end(variant, fen, moves + [r])
        if not (end and value > 0):
            return False
    return True


def ending(variant, fen, moves, said):
    """How pyffish sees the end of a line; None when it agrees with `said`."""
    if said == "open":
        return None
    legal = sf.legal_moves(variant, fen, moves)
    check = sf.gives_check(variant, fen, moves)
    end, value = sf.is_immediate_game_end(variant, fen, moves)
    if not legal:
        value = sf.game_result(variant, fen, moves)
    over = end or not legal
    seen = "open"
    if over and not legal and check:
        seen = "mate"
    elif over and not legal and not check:
        seen = "stalemate win" if value < 0 else "stalemate loss"
    elif over or bared_without_reply(variant, fen, moves):
        seen = "bare king"
    if said == seen and (seen != "mate" or value < 0):
        return None
    return f"comment says '{said}', pyffish: {seen} (result {value} for the side to move)"


def check_game(tags, root):
    variant, fen = tags["Variant"], tags["FEN"]
    bad, nmoves, cache = [], 0, {}
    all_lines = lines(root)
    for line in all_lines:
        sans = [n["san"] for n in line]
        fens, why = replay(variant, fen, sans, cache)
        if fens is None:
            bad.append(why)
            continue
        nmoves += len(sans)
        said = outcome(line[-1]["comment"]) or "?"
        e = ending(variant, fens[-1], [], said)
        if e:
            bad.append(f"{' '.join(sans)}: {e}")
    main = []
    n = root
    while n["children"]:
        n = n["children"][0]
        main.append(n["san"])
    fens, _ = replay(variant, fen, main, cache)
    result = tags.get("Result", "*")
    if fens is not None and result in ("1-0", "0-1"):
        end_fen = fens[-1]
        loser = "b" if result == "1-0" else "w"
        legal = sf.legal_moves(variant, end_fen, [])
        finished = not legal or sf.is_immediate_game_end(variant, end_fen, [])[0] or bared_without_reply(variant, end_fen, [])
        if not finished or end_fen.split()[1] != loser:
            bad.append(f"Result {result} but the main line ends in {end_fen} with the game {'over' if finished else 'going on'}")
    return bad, nmoves, len(all_lines)


def main(path):
    with open(path) as f:
        games = read_games(f.read())
    checked, failed, skipped = 0, 0, []
    for tags, root in games:
        gid = tags.get("Id", tags.get("Event", "?"))
        if tags.get("Variant") not in KNOWN:
            skipped.append(f"{gid} ({tags.get('Variant', 'orthodox')})")
            continue
        bad, nmoves, nlines = check_game(tags, root)
        checked += 1
        print(f"{'ok' if not bad else 'FAIL'} {gid} [{tags['Variant']}]: {nlines} line(s), {nmoves} moves replayed, result {tags.get('Result')}")
        for b in bad[:10]:
            print(f"    {b}")
        if len(bad) > 10:
            print(f"    ... and {len(bad) - 10} more")
        failed += bool(bad)
    print(f"pyffish {'.'.join(map(str, sf.version()))}: {checked} shatranj/courier game(s) replayed, {failed} disagreement(s); left to other oracles: {', '.join(skipped) or 'none'}")
    if checked == 0:
        sys.exit(3)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1])
