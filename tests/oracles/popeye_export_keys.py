"""`export --popeye` read by Popeye: each problem of the exported file is run through
Popeye's `py` on its own (with a MaxTime), and its keys (every first move Popeye marks
`!`) are compared with mansuba's keys for the same problem (`verify --json` lines).

    python3 popeye_export_keys.py PY EXPORTED.inp VERIFY.jsonl [MAXTIME]

Popeye's output is read as benches/popeye/compare.py reads it (its `popeye_keys` and
`normalise` are imported from there). Prints one line per problem and a tally; exits 1
on any difference or a problem Popeye refuses or leaves unfinished, 2 if `py` is absent.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "benches", "popeye"))
from compare import normalise, popeye_keys  # noqa: E402


def problems(text):
    """The exported file cut into one-problem Popeye inputs: (the problem's id, as the
    export's `Remark mansuba-id` gives it, text)."""
    body = text.strip()
    if not body.startswith("BeginProblem") or not body.endswith("EndProblem"):
        raise SystemExit("not an exported Popeye file (BeginProblem ... EndProblem)")
    body = body[len("BeginProblem"):-len("EndProblem")]
    out = []
    for part in body.split("\nNext\n"):
        part = part.strip("\n") + "\n"
        pid = next(l.split(None, 2)[2] for l in part.splitlines() if l.startswith("Remark mansuba-id "))
        out.append((pid.strip(), part))
    return out


def run(py, part, maxtime):
    part = part.replace("Option NoBoard", f"Option NoBoard MaxTime {maxtime}")
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write("BeginProblem\n" + part + "EndProblem\n")
        name = f.name
    try:
        out = subprocess.run([py, name], capture_output=True, text=True, timeout=maxtime + 30)
    finally:
        os.unlink(name)
    if "solution finished." not in out.stdout:
        return None, (out.stdout + out.stderr).strip()[-300:]
    return popeye_keys(out.stdout), None


def main(py, inp, jsonl, maxtime=60):
    if not os.access(py, os.X_OK):
        print(f"Popeye is not there: {py}")
        sys.exit(2)
    with open(jsonl) as f:
        rows = {r["id"]: r for r in map(json.loads, filter(str.strip, f))}
    with open(inp) as f:
        parts = problems(f.read())
    same, failed = 0, 0
    for pid, part in parts:
        keys, why = run(py, part, int(maxtime))
        row = rows.get(pid)
        if row is None:
            print(f"FAIL {pid}: no mansuba row for it")
            failed += 1
            continue
        if keys is None:
            print(f"FAIL {pid}: Popeye did not finish: {why}")
            failed += 1
            continue
        ours = normalise(row["rules"], set(row["keys"]))
        theirs = normalise(row["rules"], keys)
        ok = ours == theirs and row.get("keys_complete")
        print(f"{'ok' if ok else 'FAIL'} {pid} [{row['rules']}] {row['stipulation']}: Popeye {' '.join(sorted(theirs)) or 'no key'}; mansuba {' '.join(sorted(ours)) or 'no key'}")
        same += ok
        failed += not ok
    print(f"Popeye: {len(parts)} exported problem(s) solved, {same} with mansuba's keys, {failed} different")
    sys.exit(1 if failed or not parts else 0)


if __name__ == "__main__":
    main(*sys.argv[1:])
