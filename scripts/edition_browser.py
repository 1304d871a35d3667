#!/usr/bin/env python3
"""The edition checked in a real browser (Chromium through selenium and chromedriver).

It writes an edition with mansuba, opens it from file:// and:
  * plays Dilaram's Legacy's main line move by move (clicking each move) and one
    variation of its tree (clicking the first move, then the right-arrow key), and after
    each move compares the men the page shows, square by square, with the FEN mansuba
    gives for the same moves (`mansuba diagram --after MOVES --as-fen`);
  * does the same on a 12x8 (courier) and a 12x12 (Grant Acedrex) problem, and on the
    short assize's stacked square;
  * checks the Home, End and left-arrow keys, the index's search and filters;
  * plays the refutation of the unsound `dilaram` and two of its other tries, and two
    tries of the sound `dilaram-6`;
  * sets up a position in the editor by clicks (a stack included) and checks that the
    block it writes solves to the same verdict, from the same FEN, as the problem typed
    by hand in examples/composed-problems.toml; sets up a 12x8 position from its FEN
    typed into the editor and checks the board and the block's verdict, and that bad
    FENs are refused with the reason.

Needs: Debian's chromium and chromium-driver, and `pip install selenium`.
Usage: scripts/edition_browser.py [--mansuba target/release/mansuba] [--screenshots docs]
(--screenshots also prints the edition with `verify --pdf` and rasterises the page of
Dilaram's Legacy from that PDF with poppler-utils' pdftoppm.)
Exit 0 when every check passes; the time taken is printed at the end.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKS = 0


def check(ok, what):
    global CHECKS
    CHECKS += 1
    if not ok:
        raise AssertionError(what)


def run(mansuba, *args, cwd=ROOT):
    r = subprocess.run([mansuba, *args], capture_output=True, text=True, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def toml_problem(p):
    lines = ["[[problem]]"]
    for k, v in p.items():
        lines.append(f"{k} = {json.dumps(v, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def placement(fen, width):
    """The men of a FEN: {square: sorted [(side, letter)]}, square = rank * width + file."""
    ranks = fen.split()[0].split("/")
    height = len(ranks)
    out = {}
    for i, rank in enumerate(ranks):
        r = height - 1 - i
        f = 0
        for tok in re.findall(r"\d+|\[[^\]]*\]|[A-Za-z]", rank):
            if tok.isdigit():
                f += int(tok)
                continue
            men = tok.strip("[]")
            out[r * width + f] = sorted(("w" if c.isupper() else "b", c) for c in men)
            f += 1
        check(f == width, f"rank {rank} of {fen} is {f} squares, not {width}")
    return out


def shown(driver, section):
    """The men the page's diagram of `section` shows: {square: sorted [(side, letter)]}."""
    got = driver.execute_script(
        """
        var s = document.getElementById(arguments[0]);
        return Array.prototype.map.call(s.querySelectorAll('.board svg g.men g.at'), function (g) {
          return [+g.getAttribute('data-sq'), g.getAttribute('data-side'), g.getAttribute('data-letter')];
        });""",
        section,
    )
    out = {}
    for sq, side, letter in got:
        out.setdefault(sq, []).append((side, letter))
    return {k: sorted(v) for k, v in out.items()}


def section_of(driver, pid):
    return driver.execute_script(
        "var id = arguments[0];"
        " var s = Array.prototype.filter.call(document.querySelectorAll('section.problem'),"
        " function (x) { return x.id.replace(/^p[0-9]+-/, '') === id; })[0];"
        " return s ? s.id : null;",
        pid,
    )


def data_of(driver, section):
    return json.loads(
        driver.execute_script(
            "return document.getElementById(arguments[0]).querySelector('script.play-data').textContent;",
            section,
        )
    )


def compare(driver, mansuba, file, pid, section, moves, width, what):
    """The page's board against mansuba's FEN after `moves`."""
    code, out, err = run(mansuba, "diagram", file, "--id", pid, "--after", " ".join(moves), "--as-fen")
    check(code == 0, f"{what}: mansuba diagram failed: {err}")
    fen = out.strip()
    want = placement(fen, width)
    got = shown(driver, section)
    check(got == want, f"{what} after {' '.join(moves)}: the page shows {got}, mansuba's FEN {fen} has {want}")
    page_fen = driver.execute_script(
        "return document.getElementById(arguments[0]).querySelector('.board svg').getAttribute('data-fen');",
        section,
    )
    check(page_fen == fen, f"{what}: the page says {page_fen}, mansuba {fen}")
    now = driver.execute_script("return document.getElementById(arguments[0]).querySelector('p.now').textContent;", section)
    check(fen in now and ("White to move" in now or "Black to move" in now), f"{what}: the text alternative {now!r}")


def play_line_by_clicks(driver, mansuba, file, pid, line, width, what):
    section = section_of(driver, pid)
    check(section is not None, f"{pid} has a section")
    data = data_of(driver, section)
    ids = data["lines"][line]
    moves = []
    for k, mid in enumerate(ids):
        link = driver.find_element(By.CSS_SELECTOR, f'#{section} a.mv[data-l="{line}"][data-k="{k}"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
        link.click()
        moves.append(data["moves"][mid][3])
        compare(driver, mansuba, file, pid, section, moves, width, what)
        here = driver.find_elements(By.CSS_SELECTOR, f"#{section} a.mv.here")
        check(any(h == link for h in here), f"{what}: the move clicked is highlighted")
    return section, data, moves


def play_line_by_keys(driver, mansuba, file, pid, section, data, line, width, what):
    """Clicks the first move shown for `line` (a tree's variation shares its first moves
    with the one before it), goes Home, then steps with the right-arrow key."""
    ids = data["lines"][line]
    links = driver.find_elements(By.CSS_SELECTOR, f'#{section} a.mv[data-l="{line}"]')
    first = min(links, key=lambda x: int(x.get_attribute("data-k")))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", first)
    first.click()
    driver.switch_to.active_element.send_keys(Keys.HOME)
    compare(driver, mansuba, file, pid, section, [], width, what + " (Home)")
    moves = []
    for mid in ids:
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        moves.append(data["moves"][mid][3])
        compare(driver, mansuba, file, pid, section, moves, width, what)
    # At the end the right arrow stays; left goes back one, End to the end again.
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    compare(driver, mansuba, file, pid, section, moves, width, what + " (past the end)")
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    compare(driver, mansuba, file, pid, section, moves[:-1], width, what + " (left arrow)")
    driver.switch_to.active_element.send_keys(Keys.END)
    compare(driver, mansuba, file, pid, section, moves, width, what + " (End)")
    return len(moves)


def editor_check(driver, mansuba, editor, work):
    """Sets up the stacked short-assize problem by clicks; its block against the same
    problem typed by hand."""
    # Addresses percent-encoded (a `#` in a folder name is no fragment).
    driver.get(pathlib.Path(editor).resolve().as_uri())
    Select(driver.find_element(By.ID, "rules")).select_by_value("short-assize")
    placed = [("k", 63), ("p", 48), ("N", 52), ("K", 45), ("Q", 46), ("P", 46)]
    for letter, sq in placed:
        if letter == "P":
            box = driver.find_element(By.ID, "stack")
            if not box.is_selected():
                box.click()
        driver.find_element(
            By.XPATH, f"//div[@id='tray']/button[contains(@aria-label, '({letter})')]"
        ).click()
        driver.find_element(By.CSS_SELECTOR, f'#board rect[data-sq="{sq}"]').click()
    stip = driver.find_element(By.ID, "stip")
    stip.clear()
    stip.send_keys("#1")
    pid = driver.find_element(By.ID, "pid")
    pid.clear()
    pid.send_keys("clicked")
    block = driver.find_element(By.ID, "block").get_attribute("value")
    fen = driver.find_element(By.ID, "fen").get_attribute("value")
    hand = tomllib.load(open(os.path.join(ROOT, "examples/composed-problems.toml"), "rb"))
    typed = [p for p in hand["problem"] if p["id"] == "composed-stacked-short-assize"][0]
    check(fen == typed["fen"], f"the editor's FEN {fen} is the one typed by hand, {typed['fen']}")
    path = os.path.join(work, "clicked.toml")
    with open(path, "w") as f:
        f.write(block)
    verdict = lambda out: [l for l in out.splitlines() if l.startswith("verdict")]
    code, out, err = run(mansuba, "solve", path)
    check(code == 0, f"the editor's block solves: {err}\n{block}")
    code2, out2, _ = run(mansuba, "solve", "examples/composed-problems.toml", "--id", "composed-stacked-short-assize")
    check(verdict(out) and verdict(out) == verdict(out2), f"same verdict: {verdict(out)} and {verdict(out2)}")
    fen_check(driver, mansuba, work)
    # A 12x12 board in the editor: the starting array of Grant Acedrex, as mansuba has it.
    Select(driver.find_element(By.ID, "rules")).select_by_value("grant-acedrex")
    check(driver.find_element(By.ID, "fenmsg").text == "", "a new rules choice clears the FEN message")
    driver.find_element(By.ID, "fenin").clear()
    driver.find_element(By.ID, "start").click()
    fen12 = driver.find_element(By.ID, "fen").get_attribute("value")
    code, out, err = run(mansuba, "rules", "grant-acedrex", "--json")
    check(code == 0, err)
    start = json.loads(out)["start"]
    check(fen12.split()[0] == start.split()[0], f"12x12 starting array {fen12} against {start}")
    return verdict(out2)


def fen_check(driver, mansuba, work):
    """Sets up courier-3a (12x8, runs of 10 and 12 empty squares) from its FEN typed into
    the editor; its block against the problem as typed by hand. Then bad FENs: refused
    with the reason, the board kept."""
    boards = os.path.join(ROOT, "tests/data/edition/boards.toml")
    typed = [p for p in tomllib.load(open(boards, "rb"))["problem"] if p["id"] == "courier-3a"][0]
    Select(driver.find_element(By.ID, "rules")).select_by_value("courier")

    def load(text):
        box = driver.find_element(By.ID, "fenin")
        box.clear()
        box.send_keys(text)
        driver.find_element(By.ID, "load").click()
        msg = driver.find_element(By.ID, "fenmsg")
        return msg.text, msg.get_attribute("class")

    said, cls = load(typed["fen"])
    check(cls != "bad" and "set up from the FEN" in said, f"the FEN loads: {said!r}")
    fen = driver.find_element(By.ID, "fen").get_attribute("value")
    check(fen == typed["fen"], f"the editor's FEN {fen} after loading {typed['fen']}")
    check(placement(fen, 12) == placement(typed["fen"], 12), "the board set up square by square")
    shown = len(driver.find_elements(By.CSS_SELECTOR, "#board g[transform]"))
    check(shown == len(placement(typed["fen"], 12)), f"{shown} men drawn")
    stip = driver.find_element(By.ID, "stip")
    stip.clear()
    stip.send_keys(typed["stipulation"])
    block = driver.find_element(By.ID, "block").get_attribute("value")
    path = os.path.join(work, "from-fen.toml")
    with open(path, "w") as f:
        f.write(block)
    verdict = lambda out: [l for l in out.splitlines() if l.startswith(("verdict", "keys"))]
    code, out, err = run(mansuba, "solve", path)
    check(code == 0, f"the block from the FEN solves: {err}\n{block}")
    code2, out2, _ = run(mansuba, "solve", boards, "--id", "courier-3a")
    check(verdict(out) and verdict(out) == verdict(out2), f"same verdict and keys: {verdict(out)} and {verdict(out2)}")
    bad = [
        ("8KW1k/9m2/8p1p1/10p1/12/12/12/4R1B4 w - - 0 1", "rank 1 (4R1B4) has 11 squares, not 12"),
        ("8KW1k/9m2/8p1p1/10p1/12/12/12/4R1Q5 w - - 0 1", "has no man written Q"),
        ("12/12/12 w - - 0 1", "the FEN has 3 ranks, but courier has 8 (choose the rules first)"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "rank 8 (8) has 8 squares, not 12"),
        ("8KW1k/9m2/8p1p1/10p1/12/12/12/4R1B5 x - - 0 1", "the side to move is x"),
    ]
    for text, why in bad:
        said, cls = load(text)
        check(cls == "bad" and why in said, f"{text}: refused with the reason: {said!r}")
        now = driver.find_element(By.ID, "fen").get_attribute("value")
        check(now == typed["fen"], f"{text}: the board kept ({now})")


def index_check(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, "table.index tbody tr")
    heads = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "table.index thead th")]
    for col in range(len(heads)):
        cells = [r.find_elements(By.TAG_NAME, "td")[col].text for r in rows]
        if heads[col] != "diagram":
            check(any(c.strip() for c in cells), f"column {heads[col]} is empty in every row")
    minis = driver.find_elements(By.CSS_SELECTOR, "table.index td.mini svg")
    check(len(minis) == len(rows), f"a small diagram on every row: {len(minis)} of {len(rows)}")
    Select(driver.find_element(By.CSS_SELECTOR, 'select.filter[data-by="rules"]')).select_by_value("courier")
    visible = [r for r in rows if r.is_displayed()]
    check(len(visible) == 1 and "courier" in visible[0].text, "the rules filter")
    Select(driver.find_element(By.CSS_SELECTOR, 'select.filter[data-by="rules"]')).select_by_value("")
    box = driver.find_element(By.ID, "search")
    box.send_keys("dilaram")
    visible = [r for r in rows if r.is_displayed()]
    check(1 <= len(visible) < len(rows) and all("dilaram" in r.text.lower() for r in visible), "the search box")
    box.clear()
    box.send_keys(" ")
    box.send_keys(Keys.BACKSPACE)


def print_page(book, pid, png):
    """The page of the book (`verify --pdf`) that starts problem `pid`, rasterised with
    poppler's pdftotext and pdftoppm (Debian: apt-get install poppler-utils)."""
    for tool in ("pdftotext", "pdftoppm"):
        check(shutil.which(tool), f"--screenshots needs {tool} (apt-get install poppler-utils)")
    page = 1
    while True:
        r = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), book, "-"], capture_output=True, text=True)
        check(r.returncode == 0, f"no page of {book} starts {pid}: {r.stderr}")
        if re.search(r"^\s*\d+\s+" + re.escape(pid) + r"\s*$", r.stdout, re.M):
            break
        page += 1
    stem = png[: -len(".png")]
    subprocess.run(["pdftoppm", "-png", "-r", "72", "-singlefile", "-f", str(page), "-l", str(page), book, stem], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mansuba", default=os.path.join(ROOT, "target/release/mansuba"))
    ap.add_argument("--screenshots", help="folder to write edition.png, edition-print.png, editor.png into")
    a = ap.parse_args()
    mansuba = os.path.abspath(a.mansuba)
    started = time.time()
    work = tempfile.mkdtemp(prefix="mansuba-browser-")
    try:
        wanted = ["dilarams-legacy", "dilaram", "dilaram-6"]
        chosen = [p for p in tomllib.load(open(os.path.join(ROOT, "problems/mansubat.toml"), "rb"))["problem"]
                  if p["id"] in wanted]
        src = os.path.join(work, "mansubat.toml")
        with open(src, "w") as f:
            f.write("\n".join(map(toml_problem, chosen)))
        boards = os.path.join(ROOT, "tests/data/edition/boards.toml")
        ed = os.path.join(work, "edition")
        book = os.path.join(work, "book.pdf")
        printed = ["--pdf", book] if a.screenshots else []
        # Run from the work folder, so that the page (and the screenshots) name the
        # problems' file as mansubat.toml, not by a path of this machine.
        code, out, err = run(mansuba, "verify", "mansubat.toml", boards, "--timeout", "300", "--html", ed, *printed, cwd=work)
        check(code == 0 or "dilaram " in out and code == 1, f"verify failed ({code}): {out}{err}")
        check("sound        dilarams-legacy" in out, f"Dilaram's Legacy proven sound: {out}")
        opts = Options()
        for o in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1000"]:
            opts.add_argument(o)
        service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
        driver = webdriver.Chrome(options=opts, service=service)
        try:
            driver.get(pathlib.Path(ed, "index.html").resolve().as_uri())
            index_check(driver)
            section, data, moves = play_line_by_clicks(driver, mansuba, src, "dilarams-legacy", 1, 8, "Dilaram's Legacy, main line")
            labels = driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('#' + arguments[0] + ' .play .line .label'), function (x) { return x.textContent; });",
                section)
            check(labels[:2] == ["manuscript, as checked", "main line"], f"lines {labels}")
            check(len(moves) == 15, f"the main line of #8 has 15 moves: {moves}")
            # The tree's variation (every Black reply of Dilaram's Legacy is forced: its
            # tree is one line), stepped with the keys.
            tree = len(labels)
            check(len(data["lines"]) == tree + 1, "Dilaram's Legacy's tree is one line")
            n = play_line_by_keys(driver, mansuba, src, "dilarams-legacy", section, data, tree, 8, "Dilaram's Legacy, the tree's variation")
            # A tree that branches: the second variation of dilaram-6 (2...Rh2), and the
            # refutation of the unsound dilaram.
            sec6 = section_of(driver, "dilaram-6")
            d6 = data_of(driver, sec6)
            branch = len(d6["lines"]) - 1
            check(d6["lines"][branch][:3] == d6["lines"][branch - 1][:3], "dilaram-6's variations share 1.Rh8+ Kxh8 2.Bf5+")
            play_line_by_keys(driver, mansuba, src, "dilaram-6", sec6, d6, branch, 8, "dilaram-6, the 2...Rh2 variation")
            # A sound problem's tries (its first moves that fail) are played through as
            # an unsound one's: the first and the last of dilaram-6's.
            labels6 = driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('#' + arguments[0] + ' .play .line .label'), function (x) { return x.textContent; });",
                sec6)
            tries6 = [i for i, l in enumerate(labels6) if l == "try"]
            check(len(tries6) >= 10, f"dilaram-6's tries are played through: {labels6}")
            for t in (tries6[0], tries6[-1]):
                play_line_by_clicks(driver, mansuba, src, "dilaram-6", t, 8, f"dilaram-6 (sound), try {t}")
            secd = section_of(driver, "dilaram")
            labels_d = driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('#' + arguments[0] + ' .play .line .label'), function (x) { return x.textContent; });",
                secd)
            play_line_by_clicks(driver, mansuba, src, "dilaram", labels_d.index("refutation"), 8, "dilaram, the refutation")
            # Every other try has its refutation to play: the first and the last of them.
            tries = [i for i, l in enumerate(labels_d) if l == "try"]
            check(len(tries) >= 10, f"dilaram's tries are played through: {labels_d}")
            for t in (tries[0], tries[-1]):
                play_line_by_clicks(driver, mansuba, src, "dilaram", t, 8, f"dilaram, try {t}")
            if a.screenshots:
                link = driver.find_element(By.CSS_SELECTOR, f'#{section} a.mv[data-l="1"][data-k="4"]')
                link.click()
                driver.execute_script("document.getElementById(arguments[0]).scrollIntoView();", section)
                driver.save_screenshot(os.path.join(a.screenshots, "edition.png"))
            for pid, width in [("courier-3a", 12), ("acedrex-3", 12), ("stacked", 8)]:
                sec, d, _ = play_line_by_clicks(driver, mansuba, boards, pid, 0, width, pid)
                tree = len(d["lines"]) - 1
                play_line_by_keys(driver, mansuba, boards, pid, sec, d, tree, width, pid + " (tree)")
            if a.screenshots:
                print_page(book, "dilarams-legacy", os.path.join(a.screenshots, "edition-print.png"))
            verdict = editor_check(driver, mansuba, os.path.join(ed, "editor.html"), work)
            if a.screenshots:
                driver.save_screenshot(os.path.join(a.screenshots, "editor.png"))
        finally:
            driver.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"edition in the browser: {CHECKS} checks passed (main line {len(moves)} moves, variation {n}, "
          f"12x8, 12x12, a stack; editor: {verdict[0]}) in {time.time() - started:.1f} s")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"edition in the browser: FAILED: {e}", file=sys.stderr)
        sys.exit(1)
