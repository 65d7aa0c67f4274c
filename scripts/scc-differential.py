#!/usr/bin/env python3
"""Differential check of SCC (CEA-608) decoding: legible against ttconv and pycaption.

Usage: python3 scripts/scc-differential.py [FILE.scc ...] [--legible PATH] [--show N]

Without files it generates a set with Benchmarks/gen_scc.py: pop-on, roll-up and paint-on files
(300 captions each) and one mixing all three. Every file is decoded by the three tools (channel
CC1); captions are paired in order and compared on text (rows joined with line breaks, trailing
spaces removed) and on begin and end times (equal within one frame at 29.97 fps). The report
gives, per file and per pair of tools, how many captions agree, and the first differences.

Runs the peers from Benchmarks/.venv (created by `python3 Benchmarks/peers.py --scc`).
Standard library only here; the peers run as subprocesses.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PY = os.path.join(ROOT, "Benchmarks", ".venv", "bin", "python")
FRAME = 1001 / 30000

# Each prints a JSON list of [begin seconds, end seconds or null, text] for the file in argv[1].
TTCONV = r"""
import sys, json, logging
logging.disable(logging.WARNING)
import ttconv.scc.reader as scc
import ttconv.model as model
doc = scc.to_model(open(sys.argv[1], encoding="utf-8").read())
def text(element):
    out = ""
    for child in element:
        if isinstance(child, model.Br):
            out += "\n"
        elif isinstance(child, model.Text):
            out += child.get_text()
        else:
            out += text(child)
    return out
caps = []
for div in doc.get_body():
    for p in div:
        b, e = p.get_begin(), p.get_end()
        caps.append([float(b) if b is not None else None, float(e) if e is not None else None, text(p)])
print(json.dumps(caps))
"""

PYCAPTION = r"""
import sys, json
from pycaption import SCCReader
cs = SCCReader().read(open(sys.argv[1], encoding="utf-8").read())
caps = []
for lang in cs.get_languages():
    for c in cs.get_captions(lang):
        t = "".join("\n" if n.type_ == 2 else (n.content if n.type_ == 1 else "") for n in c.nodes)
        caps.append([c.start / 1e6, c.end / 1e6 if c.end else None, t])
print(json.dumps(caps))
"""


def normalise(text):
    """Rows joined by line breaks, each without its leading and trailing spaces: pycaption writes
    a row's indent as no-break spaces, which says where the row starts, not what it says."""
    text = text.replace("\u00a0", " ")
    return "\n".join(line.strip() for line in text.strip("\n").split("\n"))


def run_peer(snippet, path):
    r = subprocess.run([VENV_PY, "-c", snippet, path], capture_output=True, text=True)
    if r.returncode != 0:
        return None, (r.stderr.strip().splitlines() or ["failed"])[-1]
    return [(b, e, normalise(t)) for b, e, t in json.loads(r.stdout)], None


def run_legible(legible, path):
    r = subprocess.run([legible, "dump", path, "--json", "--from", "scc"], capture_output=True, text=True)
    try:
        doc = json.loads(r.stdout)
    except ValueError:
        return None, (r.stderr.strip().splitlines() or ["no JSON"])[-1]
    tracks = [t for t in doc.get("tracks", []) if t.get("id") in (None, "CC1")]
    if not tracks:
        codes = [d.get("code") for d in doc.get("diagnostics", [])]
        return None, "no CC1 track (%s)" % ", ".join(c for c in codes if c)
    return [(c["start"], c["end"], normalise(c["text"])) for c in tracks[0]["cues"]], None


def compare(a, b):
    """Pairs captions in order: (agreeing, differences as strings)."""
    agree, diffs = 0, []
    for k in range(max(len(a), len(b))):
        if k >= len(a) or k >= len(b):
            diffs.append("#%d: only one side has it: %r" % (k, (a[k] if k < len(a) else b[k])))
            continue
        (b1, e1, t1), (b2, e2, t2) = a[k], b[k]
        problems = []
        if t1 != t2:
            problems.append("text %r vs %r" % (t1, t2))
        if b1 is None or b2 is None or abs(b1 - b2) > FRAME * 1.01:
            problems.append("begin %s vs %s" % (b1, b2))
        if (e1 is None) != (e2 is None) or (e1 is not None and abs(e1 - e2) > FRAME * 1.01):
            problems.append("end %s vs %s" % (e1, e2))
        if problems:
            diffs.append("#%d: %s" % (k, "; ".join(problems)))
        else:
            agree += 1
    return agree, diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--legible", default=os.path.join(ROOT, ".build", "release", "legible"))
    ap.add_argument("--show", type=int, default=5, help="differences shown per pair (default 5)")
    a = ap.parse_args()
    if not os.path.exists(VENV_PY):
        print("scc-differential: no Benchmarks/.venv; run `python3 Benchmarks/peers.py --scc` once", file=sys.stderr)
        return 2
    files = a.files
    if not files:
        work = tempfile.mkdtemp(prefix="legible-scc-")
        gen = os.path.join(ROOT, "Benchmarks", "gen_scc.py")
        for modes in ("pop", "roll", "paint", "pop,roll,paint"):
            path = os.path.join(work, "gen-%s.scc" % modes.replace(",", "-"))
            subprocess.run([sys.executable, gen, path, "--captions", "300", "--modes", modes],
                           check=True, stdout=subprocess.DEVNULL)
            files.append(path)
    for path in files:
        print("== %s" % os.path.basename(path))
        decoded = {}
        for name, result in (("legible", run_legible(a.legible, path)),
                             ("ttconv", run_peer(TTCONV, path)),
                             ("pycaption", run_peer(PYCAPTION, path))):
            caps, error = result
            if caps is None:
                print("  %-9s cannot decode it: %s" % (name, error))
            else:
                decoded[name] = caps
                print("  %-9s %d captions" % (name, len(caps)))
        names = list(decoded)
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                x, y = names[i], names[j]
                agree, diffs = compare(decoded[x], decoded[y])
                total = max(len(decoded[x]), len(decoded[y]))
                print("  %s vs %s: %d/%d agree" % (x, y, agree, total))
                for d in diffs[:a.show]:
                    print("    " + d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
