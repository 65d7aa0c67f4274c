#!/usr/bin/env python3
"""Differential check of ASS/SSA reading: legible against pysubs2.

Usage: python3 scripts/ass-differential.py [FILE.ass ...] [--legible PATH] [--show N]

Without files it reads the 100,000-event benchmark script (Benchmarks/gen_ass.py, made when
missing) and every script in Fixtures/ass. Each file is read by both tools; the Dialogue events
(pysubs2) and cues (legible dump --json) are sorted by start, end and text and compared on start
and end (to the centisecond) and plain text (override blocks removed, \\N a line break, a
no-break space \\h counted as a space, since pysubs2 gives a plain one). pysubs2 keeps a
drawing's commands (`{\\p1}m 0 0 l 100 0`) as its text, where libass draws a shape and legible
shows no text: such a text counts as empty. A file pysubs2 cannot read is listed as such. Exit
status 1 when any file differs.

pysubs2 runs from Benchmarks/.venv (created by `python3 Benchmarks/peers.py --ass`). Standard
library only here; pysubs2 runs as a subprocess.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PY = os.path.join(ROOT, "Benchmarks", ".venv", "bin", "python")

# Prints a JSON list of [start seconds, end seconds, plain text] for the script in argv[1].
PYSUBS2 = r"""
import sys, json, pysubs2
subs = pysubs2.load(sys.argv[1])
print(json.dumps([[e.start / 1000, e.end / 1000, e.plaintext] for e in subs.events if not e.is_comment]))
"""


def legible_events(binary, path):
    run = subprocess.run([binary, "dump", path, "--json"], capture_output=True, text=True)
    if not run.stdout.strip():
        return None
    tracks = json.loads(run.stdout).get("tracks") or [{"cues": []}]
    return [[c["start"], c["end"], c["text"]] for c in tracks[0]["cues"]]


def pysubs2_events(path):
    run = subprocess.run([VENV_PY, "-c", PYSUBS2, path], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "failed"
    return json.loads(run.stdout), None


# ASS drawing commands: m, n, l, b, s, p, c with coordinates.
DRAWING = re.compile(r"^\s*m\s+-?\d[\d\s.mnlbspc-]*$")


def key(event):
    text = event[2].replace("\u00a0", " ")
    if DRAWING.match(text):
        text = ""
    return (round(event[0], 2), round(event[1], 2), text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--legible", default=os.path.join(ROOT, ".build", "release", "legible"))
    ap.add_argument("--show", type=int, default=5, help="differences shown per file")
    a = ap.parse_args()
    if not os.path.exists(VENV_PY):
        sys.exit("ass-differential: Benchmarks/.venv is missing: run `python3 Benchmarks/peers.py --ass` once")
    if not os.path.exists(a.legible):
        subprocess.run(["swift", "build", "-c", "release", "--product", "legible"], cwd=ROOT, check=True)
    files = a.files
    if not files:
        big = os.path.join(ROOT, "Benchmarks", ".work", "big.ass")
        if not os.path.exists(big):
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "gen_ass.py"), big], check=True)
        files = [big] + sorted(glob.glob(os.path.join(ROOT, "Fixtures", "ass", "*.ass")) +
                               glob.glob(os.path.join(ROOT, "Fixtures", "ass", "*.ssa")))
    differing = 0
    for path in files:
        theirs, problem = pysubs2_events(path)
        ours = legible_events(a.legible, path)
        name = os.path.relpath(path, ROOT)
        if theirs is None:
            print(f"{name}: pysubs2 cannot read it ({problem}); legible: {len(ours or [])} cues")
            continue
        if ours is None:
            print(f"{name}: legible cannot read it; pysubs2: {len(theirs)} events")
            differing += 1
            continue
        p, l = sorted(map(key, theirs)), sorted(map(key, ours))
        diffs = [(x, y) for x, y in zip(p, l) if x != y]
        same = len(p) == len(l) and not diffs
        print(f"{name}: {len(p)} events (pysubs2), {len(l)} cues (legible): "
              + ("all equal" if same else f"{len(diffs)} differ"))
        for x, y in diffs[: a.show]:
            print(f"    pysubs2 {x}\n    legible {y}")
        if not same:
            differing += 1
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
