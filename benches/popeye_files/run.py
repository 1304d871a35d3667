#!/usr/bin/env python3
"""`mansuba import` on the problem files that ship with Popeye, as shipped.

usage: run.py POPEYE_DIR [--mansuba PATH] [--py PATH] [--timeout SECONDS]
              [--max-moves 5] [--json FILE] [--only SUBSTRING] [--runs 1]
              [--family direct|battle|line]

POPEYE_DIR is a checkout of Popeye (github.com/thomas-maeder/popeye), built as its
README says (`make -f makefile.unx`), so that POPEYE_DIR/py runs. Every `.inp` file of its
TESTS, REGRESSIONS, EXAMPLES and BEISPIEL folders is

1. imported whole (`mansuba import FILE`): a file is "refused whole" when nothing of it
   comes in for a reason that is not its problems' own (an error naming no problem);
2. cut into its problems (at Popeye's `NextProblem`/`EndProblem` words, in the file's
   language, found as Popeye finds them: the words are read from
   src/problem/import/popeye_words.rs), and each problem imported by itself, to count the
   problems and twins the files hold, how many came in, and the refusals by reason;
3. for every problem of at most --max-moves moves that came in, `mansuba verify` and
   `py -maxtime T` are run on it as shipped (twins and all), each --runs times,
   alternating: the key sets of each twin must be equal for #N, s#, s=, r#, semi-r#, =N
   and every solution line for h#, ser-... (problems with an option that changes the
   lines Popeye prints, such as SetPlay or MaxSolutions, are skipped); the whole
   processes' times give, per family, the median of Popeye's time over mansuba's.

Prints a summary (markdown); exits 1 if a file is refused whole or a key set differs.
Standard library only (Python 3.8+).
"""
import argparse
import collections
import csv
import io
import json
import os
import re
import statistics
import subprocess
import time
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FOLDERS = ["TESTS", "REGRESSIONS", "EXAMPLES", "BEISPIEL"]


def word_tables():
    """BEGIN, PROBLEM_END, COMMANDS and COLOURS of popeye_words.rs: lists of [en, de, fr]."""
    src = open(os.path.join(REPO, "src/problem/import/popeye_words.rs"), encoding="utf-8").read()
    out = {}
    for name in ["BEGIN", "PROBLEM_END", "COMMANDS", "COLOURS", "OPTIONS"]:
        body = re.search(r"pub const %s: [^=]*= &\[(.*?)\];" % name, src, re.S).group(1)
        out[name] = [re.findall(r'"([^"]*)"', row) for row in re.findall(r"\[([^\]]*)\]", body)]
    return out


WORDS = word_tables()


def fairy_tables():
    """Popeye's men (MEN of popeye_words.rs): per language, shortcut -> English shortcut;
    and the leapers and riders `import` adds (WALKS of popeye_fairy.rs): name -> shortcut."""
    src = open(os.path.join(REPO, "src/problem/import/popeye_words.rs"), encoding="utf-8").read()
    body = re.search(r"pub const MEN: [^=]*= &\[(.*?)\];", src, re.S).group(1)
    rows = re.findall(r'\(\["([^"]*)", "([^"]*)", "([^"]*)"\]', body)
    men = [{r[lang].upper(): r[0] for r in rows} for lang in range(3)]
    src = open(os.path.join(REPO, "src/problem/import/popeye_fairy.rs"), encoding="utf-8").read()
    walks = {name: sc for sc, name in re.findall(r'w\("([^"]+)", "([^"]+)"', src)}
    return men, walks


MEN, WALKS = fairy_tables()
TEXT_COMMANDS = {"remark", "author", "origin", "title", "award", "protocol", "LaTeX"}


def find(table, lang, word):
    """Row of the word (whole, or a prefix only one row has), None, or 'ambiguous'."""
    w = word.lower()
    hits = [i for i, row in enumerate(table) if row[lang].lower().startswith(w)]
    exact = [i for i in hits if table[i][lang].lower() == w]
    if exact:
        return exact[0]
    if len(hits) == 1:
        return hits[0]
    return "ambiguous" if hits else None


def split_problems(text):
    """The file's language and its problems' texts (from after BeginProblem/NextProblem to
    the word that ends them), or (None, []) when the first word is no BeginProblem."""
    lines = text.split("\n")
    toks = []
    for ln, line in enumerate(lines):
        for m in re.finditer(r"[^\s;,\ufeff]+", line):
            toks.append((m.group(0), ln, m.start(), m.end()))
    if not toks:
        return None, []
    lang = next((l for l in range(3) if find(WORDS["BEGIN"], l, toks[0][0]) == 0), None)
    if lang is None:
        return None, []
    problems, start, skip_line = [], (toks[0][1], toks[0][3]), -1
    for w, ln, s, e in toks[1:]:
        if ln == skip_line:
            continue
        c = find(WORDS["COMMANDS"], lang, w)
        if isinstance(c, int) and WORDS["COMMANDS"][c][0] in TEXT_COMMANDS:
            skip_line = ln
            continue
        # A word that begins a colour (`wei` for Weiss) is one in a Pieces command.
        if c is not None or any(r[lang].lower().startswith(w.lower()) for r in WORDS["COLOURS"]):
            continue
        k = find(WORDS["PROBLEM_END"], lang, w)
        if isinstance(k, int):
            problems.append(cut(lines, start, (ln, s)))
            start = (ln, e)
            if k == 0:
                break
    else:
        problems.append(cut(lines, start, (len(lines) - 1, len(lines[-1]))))
    return lang, problems


def cut(lines, a, b):
    (la, ca), (lb, cb) = a, b
    if la == lb:
        return lines[la][ca:cb]
    return "\n".join([lines[la][ca:]] + lines[la + 1:lb] + [lines[lb][:cb]])


def run(cmd, timeout, cwd=None):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=cwd)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "", "timed out"


def reasons_of(message):
    """Every reason of a refusal: (category, 'category name'), e.g. ('condition',
    'condition Circe'); a message that is no refusal is ('error', its text)."""
    m = re.search(r"not imported: (.*)", message)
    if not m:
        text = re.sub(r"^.*?: problem [^:]*: ", "", message)
        return [("read error", "read error: " + re.sub(r"'[^']*'", "'…'", text)[:70])]
    out = []
    # "...; and then: ERROR": the reasons read before a read error, which is left aside.
    for part in m.group(1).split("; and then: ")[0].split("; "):
        for cat in ["fairy piece", "piece attribute", "condition", "stipulation", "option",
                    "neutral men", "total invisible men", "no Stipulation", "man"]:
            if part.startswith(cat):
                name = part[len(cat):].strip().split(" (")[0]
                out.append((cat, f"{cat} {name}".strip()))
                break
        else:
            if "not a legal problem position" in part:
                out.append(("position", "position not legal"))
            else:
                out.append(("other", part[:70]))
    return out


def import_text(mansuba, text, name, tmp):
    """Imports one text written to TMP/NAME: (exit code, entries, errors, input path)."""
    inp = os.path.join(tmp, name)
    with open(inp, "w", encoding="utf-8") as f:
        f.write(text)
    return import_path(mansuba, inp, inp + ".toml")


def import_path(mansuba, inp, out):
    """Imports one file: (exit code, entries as dicts, error messages, input path)."""
    if os.path.exists(out):
        os.remove(out)
    code, _, err = run([mansuba, "import", inp, "--format", "popeye", "-o", out], 60)
    errors = [l[len("error: "):] for l in err.splitlines() if l.startswith("error: ")]
    entries = []
    if os.path.exists(out):
        entries = parse_entries(open(out, encoding="utf-8").read())
    return code, entries, errors, inp


def parse_entries(toml):
    """The few keys of the written entries this script needs (one `key = "value"` a line)."""
    entries, cur = [], None
    for line in toml.splitlines():
        if line.strip() == "[[problem]]":
            cur = {}
            entries.append(cur)
        elif cur is not None:
            m = re.match(r'(\w+) = "(.*)"$', line)
            if m:
                cur[m.group(1)] = m.group(2)
            # A kind of the entry's `rules_set`, one to a line: its letter and name.
            k = re.search(r'letter = "(.)", name = "([^"]*)"', line)
            if k:
                cur.setdefault("kinds", {})[k.group(1)] = k.group(2)
    return entries


# Popeye's letters of the men a pawn promotes to, per language (en, de, fr), as mansuba's.
PROMOTED = [{"Q": "q", "R": "r", "B": "b", "S": "n"},
            {"D": "q", "T": "r", "L": "b", "S": "n"},
            {"D": "q", "T": "r", "F": "b", "C": "n"}]
SECTION = re.compile(r"^\+?([a-z])\)\s")


def twin_lines(output, twins):
    """Popeye's output lines with the label of the twin each belongs to ('a' for a problem
    without twins); each label gets an empty set in `twins` when it begins."""
    cur = "a"
    twins[cur] = set()
    board_seen = False
    for line in output.splitlines():
        # A title such as `b) after the key of a)` is printed above the board: twins'
        # labels come after it.
        board_seen = board_seen or line.startswith("+---a")
        m = SECTION.match(line) if board_seen else None
        if m:
            cur = m.group(1)
            twins[cur] = set()
            continue
        yield cur, line


def popeye_keys(output, lang):
    """Keys per twin ('a' for a problem without twins) from Popeye's output."""
    twins = collections.OrderedDict()
    for cur, line in twin_lines(output, twins):
        # `1.X !`, maybe with `threat:` or `zugzwang.` after it, is a key; a try's `1.X ?`
        # and a defence `1...Y` are not.
        m = re.match(r"\s*1\.(?!\.)(\S+)(?:\s+(?:ep\.|[#+=]+))*\s+!(?:\s|$)", line)
        if not m:
            continue
        move = m.group(1)
        if move.startswith("0-0"):
            twins[cur].add("castle" + ("-long" if move.startswith("0-0-0") else ""))
            continue
        sq = re.findall(r"[a-h][1-8]", move)
        if len(sq) < 2:
            continue
        key = sq[0] + sq[1]
        key += promoted(move, lang)
        twins[cur].add(key)
    return twins


# A move as Popeye writes it in a line: `Sa8-b6`, `b3*a2`, `e7-e8=Q`, `a2-a1=CR`, `0-0`.
MOVE = re.compile(r"(?:\d+\.+)?([A-Z]?[a-h][1-8][-*][a-h][1-8](?:=[A-Z0-9]{1,2})?|0-0(?:-0)?)")


def popeye_move(word, lang):
    """One of Popeye's moves in mansuba's coordinates ('castle' for castling)."""
    if word.startswith("0-0"):
        return "castle" + ("-long" if word.startswith("0-0-0") else "")
    sq = re.findall(r"[a-h][1-8]", word)
    return sq[0] + sq[1] + promoted(word, lang)


def promoted(move, lang):
    """The man a Popeye move promotes to: mansuba's letter of an orthodox man, else
    `:` and Popeye's English shortcut (`=N`, the nightrider, is `:n`); '' for none."""
    promo = re.search(r"=([A-Z0-9]{1,2})", move)
    if not promo:
        return ""
    p = promo.group(1)
    if p in PROMOTED[lang]:
        return PROMOTED[lang][p]
    if p in MEN[lang]:
        return ":" + MEN[lang][p]
    return PROMOTED[lang].get(p[0], p[0].lower())


def fairy_promotions(moves, entry):
    """mansuba's moves with a promotion to a kind `import` added written as `promoted`
    writes Popeye's: `:` and Popeye's English shortcut."""
    kinds = entry.get("kinds", {})
    out = []
    for m in moves:
        name = kinds.get(m[4:]) if len(m) == 5 else None
        out.append(m[:4] + ":" + WALKS[name] if name in WALKS else m)
    return out


def popeye_solutions(output, lang, drop_last):
    """Solution lines per twin of a help or series problem: each a tuple of moves in
    coordinates (`drop_last`: the forced last move of ser-s#/ser-r#, hs# and hr#, which
    mansuba's line leaves out)."""
    twins = collections.OrderedDict()
    for cur, line in twin_lines(output, twins):
        if not re.match(r"\s*1\.", line):
            continue
        moves = [popeye_move(w.group(1), lang) for w in MOVE.finditer(line)]
        if drop_last and moves:
            moves = moves[:-1]
        if moves:
            twins[cur].add(tuple(moves))
    return twins


def castles(moves, fen):
    """mansuba's king moves of two files written as Popeye's castling."""
    rights = fen.split()[2]
    out = []
    for k in moves:
        if k in ("e1g1", "e8g8") and rights != "-":
            out.append("castle")
        elif k in ("e1c1", "e8c8") and rights != "-":
            out.append("castle-long")
        else:
            out.append(k)
    return out


# Popeye options that change which lines it prints (a prefix of three letters or more).
# (`Intelligent` prints every solution; only `Intelligent N` caps them per target.)
# The count of the Duplex entries whose keys are not compared (see `compare`).
DUPLEX_KEYS = "skipped: the keys of a Duplex problem's two tasks"

OUTPUT_OPTIONS = ["maxsolutions", "setplay", "stoponshortsolutions", "startmovenumber",
                  "uptomovenumber", "nontrivial", "quodlibet", "keepmatingpiece"]


def prints_all_lines(chunk):
    """False when the problem has an option that changes the lines Popeye prints, in
    any of its languages (the names are read from popeye_words.rs)."""
    names = [n.lower() for row in WORDS["OPTIONS"] if row[0].lower() in OUTPUT_OPTIONS for n in row]
    option = [n.lower() for row in WORDS["COMMANDS"] if row[0] == "option" for n in row]
    words = set()
    for line in chunk.lower().splitlines():
        ws = re.findall(r"[a-z]+", line)
        # The words of an `Option` line (`opti vari satz`).
        if ws and len(ws[0]) >= 3 and any(o.startswith(ws[0]) for o in option):
            words.update(ws[1:])
            if re.search(r"\bint\w*\s+\d", line):
                return False
    return not any(n.startswith(w) for w in words if len(w) >= 3 for n in names)


FAMILY = re.compile(r"(exact-)?(hs|hr|h|ser-h|ser-s|ser-r|ser-|s|r|semi-r|)(#=|#|=)(\d+)(\.5)?( half-duplex)?")


def family_of(stipulation):
    """'direct', 'battle' (keys) or 'line' (solutions) for a stipulation mansuba wrote."""
    m = FAMILY.fullmatch(stipulation)
    if not m:
        return None
    fam, goal = m.group(2), m.group(3)
    if fam in ("h", "hs", "hr", "ser-h", "ser-s", "ser-r", "ser-"):
        return "line"
    return "direct" if fam == "" and goal == "#" else "battle"


def mansuba_keys(keys, fen):
    """mansuba's keys with castling written as Popeye's output gives it."""
    out = set()
    for k in keys.split():
        if k in ("e1g1", "e8g8") and "K" in fen.split()[2] + fen.split()[2].upper():
            out.add("castle")
        elif k in ("e1c1", "e8c8") and "Q" in fen.split()[2].upper():
            out.add("castle-long")
        else:
            out.add(k)
    return out


def twin_label(entry):
    m = re.search(r"twin (\w+)\) of the problem", entry.get("notes", ""))
    return m.group(1) if m else "a"


# The entries mansuba left unsettled within the timeout, named in the summary.
UNSETTLED = []
# Per family ('direct', 'battle', 'line'): (Popeye's time / mansuba's, problem, mansuba's
# median seconds, Popeye's) for each problem both settled, whole process each.
RATIOS = {}


def compare(args, tmp, name, chunk_inp, entries, lang, stats, mismatches):
    """Keys of every #1..#N, s#, r#, =N entry of one problem and the solutions of every
    help and series entry, mansuba's against Popeye's, per family."""
    wanted = []
    for e in entries:
        st = e.get("stipulation", "")
        fam = family_of(st)
        n = int(re.search(r"(\d+)", st).group(1)) if fam else 0
        if fam and n <= args.max_moves and args.family in (None, fam):
            wanted.append((e, fam))
    if not wanted:
        return
    chunk_text = open(chunk_inp, encoding="utf-8", errors="replace").read()
    if any(f != "direct" for _, f in wanted) and not prints_all_lines(chunk_text):
        stats["skipped: an option changes Popeye's lines"] += len(wanted)
        return
    toml = chunk_inp + ".toml"
    mine_cmd = [args.mansuba, "verify", toml, "--csv", "-", "--timeout", str(args.timeout), "--threads", "1"]
    # In the scratch folder: a `Protocol FILE` command of the problem writes FILE there.
    theirs_cmd = [args.py, "-maxtime", str(args.timeout), chunk_inp]
    times = {"mansuba": [], "popeye": []}
    for _ in range(args.runs):
        t0 = time.perf_counter()
        code, out, err = run(mine_cmd, args.timeout * (len(entries) + 1) + 60)
        times["mansuba"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        pcode, pout, perr = run(theirs_cmd, args.timeout * 3 + 30, cwd=tmp)
        times["popeye"].append(time.perf_counter() - t0)
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(out))} if out else {}
    finished = re.search(r"solution finished\.|Loesung beendet\.|solution terminee\.", pout)
    kinds = {f for _, f in wanted}
    settled = all(rows.get(e["id"], {}).get("keys_complete") == "yes" for e, _ in wanted)
    if finished and settled and len(kinds) == 1:
        ratio = statistics.median(times["popeye"]) / max(statistics.median(times["mansuba"]), 1e-6)
        RATIOS.setdefault(kinds.pop(), []).append((ratio, name, statistics.median(times["mansuba"]),
                                                   statistics.median(times["popeye"])))
    # A Duplex problem comes in as two entries (`ID` and `ID-duplex`), whose solutions
    # Popeye prints together under one twin: their lines are compared as one set, their
    # keys not at all (Popeye writes the other side's keys as `1...X !`).
    ids = {e["id"] for e, _ in wanted}
    partner = {}
    for e, _ in wanted:
        if e["id"].endswith("-duplex") and e["id"][: -len("-duplex")] in ids:
            partner[e["id"]] = e["id"][: -len("-duplex")]
            partner[e["id"][: -len("-duplex")]] = e["id"]
    for e, fam in wanted:
        st = e["stipulation"]
        if e["id"] in partner and fam != "line":
            stats[DUPLEX_KEYS] += 1
            continue
        kind = {"direct": "direct mates", "battle": "self, reflex and stalemate (keys)",
                "line": "help and series (solutions)"}[fam]
        stats[f"{kind}: compared"] += 1
        stats["compared"] += fam == "direct"
        row = rows.get(e["id"])
        if not row or row.get("verdict") == "unknown" or row.get("keys_complete") != "yes":
            stats[f"{kind}: mansuba unsettled"] += 1
            UNSETTLED.append(f"{name} {e['id']} ({st}): {row.get('limit_hit') if row else 'no row'}")
            stats["mansuba unsettled"] += fam == "direct"
            continue
        if not finished:
            stats[f"{kind}: Popeye unfinished"] += 1
            stats["Popeye unfinished"] += fam == "direct"
            continue
        label = twin_label(e)
        if fam == "line":
            drop = st.startswith(("ser-s", "ser-r", "exact-ser-s", "exact-ser-r", "hs", "hr", "exact-hs", "exact-hr"))
            theirs = popeye_solutions(pout, lang, drop).get(label, set())
            mine, count = set(), True
            for x in [e] + [o for o, _ in wanted if o["id"] == partner.get(e["id"])]:
                r = rows.get(x["id"], {})
                if r.get("keys_complete") != "yes":
                    count = False
                cell = r.get("solutions", "")
                lines = [s for s in cell.split("; ") if s]
                got = {tuple(fairy_promotions(castles(s.split(), x["fen"]), x)) for s in lines}
                count = count and len(got) == len(lines) and not (mine & got)
                mine |= got
        else:
            theirs = popeye_keys(pout, lang).get(label, set())
            mine = set(fairy_promotions(mansuba_keys(row.get("keys", ""), e["fen"]), e))
            count = True
        if theirs == mine and count:
            stats[f"{kind}: same"] += 1
            stats["same keys"] += fam == "direct"
        else:
            stats[f"{kind}: different"] += 1
            stats["different keys"] += fam == "direct"
            mismatches.append(f"{name} {e['id']} ({label}, {st}): mansuba {sorted(mine)[:6]} Popeye {sorted(theirs)[:6]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("popeye_dir")
    ap.add_argument("--mansuba", default=os.path.join(REPO, "target/release/mansuba"))
    ap.add_argument("--py", default=None)
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--max-moves", type=int, default=5)
    ap.add_argument("--json", default=None)
    ap.add_argument("--only", default=None)
    ap.add_argument("--family", default=None, choices=["direct", "battle", "line"],
                    help="compare only this family: direct mates, self/reflex/stalemate keys, help/series lines")
    ap.add_argument("--runs", type=int, default=1,
                    help="runs of each program per compared problem, alternating (the times' median)")
    args = ap.parse_args()
    args.py = os.path.abspath(args.py or os.path.join(args.popeye_dir, "py"))
    args.mansuba = os.path.abspath(args.mansuba)
    files = []
    for d in FOLDERS:
        folder = os.path.join(args.popeye_dir, d)
        files += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".inp"))
    if args.only:
        files = [f for f in files if args.only in f]
    stats = collections.Counter()
    reasons, categories, dm_reasons = collections.Counter(), collections.Counter(), collections.Counter()
    whole_refused, mismatches, split_mismatch = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            name = os.path.relpath(path, args.popeye_dir)
            data = open(path, "rb").read()
            try:
                raw = data.decode("utf-8")
            except UnicodeDecodeError:
                raw = data.decode("latin-1")
            stats["files"] += 1
            code, entries, errors, _ = import_path(args.mansuba, path, os.path.join(tmp, "whole.toml"))
            if not entries and any(" problem " not in e and "problem '" not in e for e in errors):
                whole_refused.append(f"{name}: {errors[:1]}")
            stats["whole: came in"] += len(entries)
            stats["whole: not"] += len(errors)
            lang, problems = split_problems(raw)
            if lang is None:
                stats["files without BeginProblem"] += 1
                continue
            begin, end = WORDS["BEGIN"][0][lang], WORDS["PROBLEM_END"][0][lang]
            n_in = n_out = 0
            for i, body in enumerate(problems):
                stats["problems"] += 1
                chunk = f"{begin}\n{body}\n{end}\n"
                code, ents, errs, inp = import_text(args.mansuba, chunk, f"p{i}.inp", tmp)
                n_in += len(ents)
                n_out += len(errs)
                stats["positions (problems and twins)"] += len(ents) + len(errs)
                stats["came in"] += len(ents)
                for e in errs:
                    rs = reasons_of(e)
                    for cat in sorted({c for c, _ in rs}):
                        categories[cat] += 1
                    for _, why in rs:
                        reasons[why] += 1
                    # The refusals of direct mates (their stipulation is not the reason).
                    if not any(c in ("stipulation", "no Stipulation", "read error") for c, _ in rs):
                        stats["direct mates refused"] += 1
                        for why in sorted({w for _, w in rs}):
                            dm_reasons[why] += 1
                compare(args, tmp, f"{name}#{i + 1}", inp, ents, lang, stats, mismatches)
            if (n_in, n_out) != (len(entries), len(errors)):
                split_mismatch.append(f"{name}: whole {len(entries)}+{len(errors)}, by problem {n_in}+{n_out}")
    print(f"files: {stats['files']}, refused whole: {len(whole_refused)}")
    print(f"problems: {stats['problems']}; positions (each twin a problem): "
          f"{stats['positions (problems and twins)']}; came in: {stats['came in']}")
    print("\n| refused for (a position may have several) | positions |\n|---|---|")
    for cat, n in categories.most_common():
        print(f"| {cat} | {n} |")
    print("\n| most frequent reasons | positions |\n|---|---|")
    for why, n in reasons.most_common(25):
        print(f"| {why} | {n} |")
    print(f"\ndirect mates (#N) refused: {stats['direct mates refused']}, for\n\n| reason | direct mates |\n|---|---|")
    for why, n in dm_reasons.most_common(30):
        print(f"| {why} | {n} |")
    print(f"\ndirect mates #1..#{args.max_moves} compared: {stats['compared']}; same keys: {stats['same keys']}; "
          f"different: {stats['different keys']}; mansuba unsettled in {args.timeout} s: {stats['mansuba unsettled']}; "
          f"Popeye unfinished in {args.timeout} s: {stats['Popeye unfinished']}")
    print("\n| family | compared | same | different | mansuba unsettled | Popeye unfinished |\n|---|---|---|---|---|---|")
    for kind in ["direct mates", "self, reflex and stalemate (keys)", "help and series (solutions)"]:
        print(f"| {kind} | " + " | ".join(str(stats[f'{kind}: {c}']) for c in
              ["compared", "same", "different", "mansuba unsettled", "Popeye unfinished"]) + " |")
    skipped = stats["skipped: an option changes Popeye's lines"]
    print(f"skipped (an option changes the lines Popeye prints): {skipped}; "
          f"the keys of a Duplex problem's two tasks: {stats[DUPLEX_KEYS]}")
    print(f"\nspeed, whole process, 1 thread, both as shipped, median of {args.runs} run(s) each "
          "(Popeye's time / mansuba's, problems both settled):\n\n| family | problems | median | least | mansuba total s | Popeye total s |\n|---|---|---|---|---|---|")
    for fam, rs in sorted(RATIOS.items()):
        least = min(rs)
        print(f"| {fam} | {len(rs)} | {statistics.median(r[0] for r in rs):.1f}x | {least[0]:.1f}x ({least[1]}) | "
              f"{sum(r[2] for r in rs):.2f} | {sum(r[3] for r in rs):.2f} |")
    for m in mismatches:
        print("DIFFERENT:", m)
    for u in UNSETTLED:
        print("UNSETTLED:", u)
    for w in whole_refused:
        print("REFUSED WHOLE:", w)
    for s in split_mismatch:
        print("SPLIT DIFFERS:", s)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"stats": stats, "categories": categories, "reasons": reasons, "direct_mate_reasons": dm_reasons,
                       "mismatches": mismatches, "refused_whole": whole_refused,
                       "unsettled": UNSETTLED, "ratios": RATIOS}, f, indent=1)
    return 1 if whole_refused or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
