#!/usr/bin/env python3
"""Peer comparisons, legible vs. other tools: SRT -> WebVTT conversion, or (--vtt) WebVTT parsing,
(--scc) SCC decoding, (--ttml) IMSC/TTML reading, (--ass) ASS reading.

Usage:
  python3 Benchmarks/peers.py [--cues 100000] [--repeat 5] [--legible PATH] [--json]
  python3 Benchmarks/peers.py --vtt [...]
  python3 Benchmarks/peers.py --scc [...]
  python3 Benchmarks/peers.py --ttml [...]
  python3 Benchmarks/peers.py --ass [...]

Each tool converts the same generated SRT file to WebVTT as a whole process; with --vtt each
reads the same generated WebVTT file (see WEBVTT_TOOLS for the exact commands), after one
untimed run per tool that checks it really read every cue.
We measure wall time of the subprocess (including interpreter / process
start-up) and its peak resident memory (ru_maxrss from os.wait4). One warm-up
run each, then --repeat rounds in which every tool runs once (interleaved, so a shared machine's
slow spells hit all tools alike); the median time is reported.

Standard library only. Python peers (pysubs2, srt, pycaption, webvtt-py) are installed
into a cached venv at Benchmarks/.venv on first use.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
VENV_DIR = os.path.join(BENCH_DIR, ".venv")
WORK_DIR = os.path.join(BENCH_DIR, ".work")
GEN_SCRIPT = os.path.join(BENCH_DIR, "gen_srt.py")
GEN_VTT_SCRIPT = os.path.join(BENCH_DIR, "gen_vtt.py")
GEN_SCC_SCRIPT = os.path.join(BENCH_DIR, "gen_scc.py")
GEN_TTML_SCRIPT = os.path.join(BENCH_DIR, "gen_ttml.py")
GEN_ASS_SCRIPT = os.path.join(BENCH_DIR, "gen_ass.py")
DEFAULT_LEGIBLE = os.path.join(".build", "release", "legible")
PY_PACKAGES = ["pysubs2", "srt", "pycaption", "webvtt-py", "ttconv"]
VENV_MARKER = ".legible-peers-installed"

# --- Python peer snippets (run with the venv's interpreter) ------------------
# Each gets argv[1] = input .srt, argv[2] = output .vtt.

PYSUBS2_SNIPPET = r"""
import sys, pysubs2
subs = pysubs2.load(sys.argv[1], encoding="utf-8")
subs.save(sys.argv[2], encoding="utf-8", format_="vtt")
"""

# The srt package has no WebVTT writer: parse, then compose minimal WebVTT.
SRT_SNIPPET = r"""
import sys, srt
def ts(td):
    ms = (td.days * 86400 + td.seconds) * 1000 + td.microseconds // 1000
    h, ms = divmod(ms, 3600000)
    m, ms = divmod(ms, 60000)
    s, ms = divmod(ms, 1000)
    return "%02d:%02d:%02d.%03d" % (h, m, s, ms)
with open(sys.argv[1], encoding="utf-8-sig") as f:
    text = f.read()
out = ["WEBVTT\n\n"]
for sub in srt.parse(text):
    out.append("%s --> %s\n%s\n\n" % (ts(sub.start), ts(sub.end), sub.content))
with open(sys.argv[2], "w", encoding="utf-8", newline="\n") as f:
    f.write("".join(out))
"""

PYCAPTION_SNIPPET = r"""
import sys
from pycaption import SRTReader, WebVTTWriter
with open(sys.argv[1], encoding="utf-8-sig") as f:
    text = f.read()
captions = SRTReader().read(text)
with open(sys.argv[2], "w", encoding="utf-8", newline="\n") as f:
    f.write(WebVTTWriter().write(captions))
"""


# WebVTT parsing (--vtt). Each gets argv[1] = input .vtt and writes to standard output, which the
# timed runs send to /dev/null and the check run counts.

# Parse only: webvtt-py keeps cue text raw, so `.text` (tags stripped) is what touches it.
WEBVTT_PY_READ_SNIPPET = r"""
import sys, webvtt
captions = webvtt.read(sys.argv[1]).captions
chars = 0
for caption in captions:
    chars += len(caption.text)
print(len(captions))
"""

# Read and write back, the same work as `legible convert --to webvtt`.
WEBVTT_PY_CONVERT_SNIPPET = r"""
import sys, webvtt
webvtt.read(sys.argv[1]).write(sys.stdout)
"""


# SCC decoding (--scc). Each gets argv[1] = input .scc and prints the number of captions decoded.

# ttconv: the SCC reader to its TTML model; a caption is a <p>.
TTCONV_SCC_SNIPPET = r"""
import sys, logging
logging.disable(logging.WARNING)
import ttconv.scc.reader as scc
doc = scc.to_model(open(sys.argv[1], encoding="utf-8").read())
print(sum(len(list(div)) for div in doc.get_body()))
"""

# pycaption: the SCC reader to its caption set.
PYCAPTION_SCC_SNIPPET = r"""
import sys
from pycaption import SCCReader
captions = SCCReader().read(open(sys.argv[1], encoding="utf-8").read())
print(sum(len(captions.get_captions(lang)) for lang in captions.get_languages()))
"""


# TTML reading (--ttml). Each gets argv[1] = input .ttml and prints the number of paragraphs read.

# ttconv: the IMSC reader to its model, from the ElementTree its own tools parse with (ttconv
# reports the generator's rgba() background, which IMSC does not allow, on the log: silenced).
TTCONV_TTML_SNIPPET = r"""
import sys, logging
logging.disable(logging.WARNING)
import xml.etree.ElementTree as et
import ttconv.imsc.reader as imsc
doc = imsc.to_model(et.parse(sys.argv[1]))
print(sum(len(list(div)) for div in doc.get_body()))
"""


# ASS reading (--ass). Each gets argv[1] = input .ass and prints the number of Dialogue events read.

# pysubs2: its SSA reader to SSAEvent objects (times, style, fields; the text is kept as written).
PYSUBS2_ASS_SNIPPET = r"""
import sys, pysubs2
subs = pysubs2.load(sys.argv[1], encoding="utf-8")
print(sum(1 for e in subs.events if not e.is_comment))
"""


# Calls timed in each in-process round (--ass): legible-bench's take 20 ms, whose median over 3
# moved with every hiccup of the shared machine; pysubs2's take a second each.
IN_PROCESS_CALLS = {"legible": 15, "pysubs2": 3}

# In one process (--ass): pysubs2.load timed around the call, as legible-bench times its own
# library calls (Benchmarks/Harness/SubStationAlphaBenchmarks.swift); argv[2] = timed runs after
# one warm-up. Prints {"median_s": ..., "events": ...}. Each run includes freeing the one before
# (the name is rebound), as each of legible-bench's runs frees its result.
PYSUBS2_ASS_IN_PROCESS_SNIPPET = r"""
import json, statistics, sys, time, pysubs2
path, repeat = sys.argv[1], int(sys.argv[2])
times = []
for i in range(repeat + 1):
    start = time.perf_counter()
    subs = pysubs2.load(path, encoding="utf-8")
    if i:
        times.append(time.perf_counter() - start)
print(json.dumps({"median_s": statistics.median(times), "events": sum(1 for e in subs.events if not e.is_comment)}))
"""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --- Setup ------------------------------------------------------------------

def venv_python():
    if os.name == "nt":
        return os.path.join(VENV_DIR, "Scripts", "python.exe")
    return os.path.join(VENV_DIR, "bin", "python")


def ensure_venv():
    """Create the venv and install the Python peers once.

    Returns (python_path or None, error message or None)."""
    py = venv_python()
    marker = os.path.join(VENV_DIR, VENV_MARKER)
    want = " ".join(PY_PACKAGES)
    if os.path.exists(py) and os.path.exists(marker):
        with open(marker) as f:
            if f.read().strip() == want:
                return py, None
    try:
        if not os.path.exists(py):
            log("peers: creating venv at %s" % os.path.relpath(VENV_DIR, REPO_ROOT))
            subprocess.run([sys.executable, "-m", "venv", VENV_DIR],
                           check=True, capture_output=True, text=True)
        log("peers: installing %s into the venv" % ", ".join(PY_PACKAGES))
        subprocess.run([py, "-m", "pip", "install", "-q",
                        "--disable-pip-version-check"] + PY_PACKAGES,
                       check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as e:
        return None, "venv setup failed: %s" % last_line(e.stderr or e.stdout)
    with open(marker, "w") as f:
        f.write(want + "\n")
    return py, None


def py_versions(py):
    code = ("import importlib.metadata as m, json, sys\n"
            "out = {}\n"
            "for p in sys.argv[1:]:\n"
            "    try: out[p] = m.version(p)\n"
            "    except Exception: out[p] = None\n"
            "print(json.dumps(out))\n")
    try:
        r = subprocess.run([py, "-c", code] + PY_PACKAGES,
                           capture_output=True, text=True, check=True)
        return json.loads(r.stdout)
    except (subprocess.CalledProcessError, ValueError, OSError):
        return {}


def generated(paths, script, params, args, what):
    """Run the generator `script` (it writes paths[0], and any other path beside it) with `args`,
    unless the paths exist from a run with the same `params` and the same script (size and
    modification time, kept in paths[0] + ".meta.json"). Returns `paths`."""
    os.makedirs(WORK_DIR, exist_ok=True)
    meta_path = paths[0] + ".meta.json"
    gen_stat = os.stat(script)
    meta = dict(params, generator=[gen_stat.st_size, int(gen_stat.st_mtime)])
    if all(os.path.exists(p) for p in list(paths) + [meta_path]):
        try:
            with open(meta_path) as f:
                if json.load(f) == meta:
                    return paths
        except ValueError:
            pass
    log("peers: generating %s into %s" % (what, ", ".join(os.path.relpath(p, REPO_ROOT) for p in paths)))
    subprocess.run([sys.executable, script, paths[0]] + args, check=True)
    with open(meta_path, "w") as f:
        json.dump(meta, f)
    return paths


def ensure_input(cues, seed):
    """Generate .work/big.srt unless it exists with the same parameters."""
    return generated([os.path.join(WORK_DIR, "big.srt")], GEN_SCRIPT, {"cues": cues, "seed": seed},
                     ["--cues", str(cues), "--seed", str(seed)], "%d cues" % cues)[0]


def ensure_vtt_inputs(cues, seed):
    """Generate .work/big.vtt and .work/big-nostyle.vtt unless they exist with the same parameters."""
    return tuple(generated([os.path.join(WORK_DIR, "big.vtt"), os.path.join(WORK_DIR, "big-nostyle.vtt")],
                           GEN_VTT_SCRIPT, {"cues": cues, "seed": seed}, ["--cues", str(cues), "--seed", str(seed)],
                           "%d cues" % cues))


def ensure_scc_input(captions, seed):
    """Generate .work/big.scc (pop-on captions, so that every tool's caption count is the
    generator's) unless it exists with the same parameters."""
    return generated([os.path.join(WORK_DIR, "big.scc")], GEN_SCC_SCRIPT, {"captions": captions, "seed": seed},
                     ["--captions", str(captions), "--seed", str(seed), "--modes", "pop"],
                     "%d pop-on captions" % captions)[0]


def ensure_ass_input(events, seed):
    """Generate .work/big.ass (see gen_ass.py) unless it exists with the same parameters."""
    return generated([os.path.join(WORK_DIR, "big.ass")], GEN_ASS_SCRIPT, {"events": events, "seed": seed},
                     ["--events", str(events), "--seed", str(seed)], "%d events" % events)[0]


def ensure_ttml_input(paragraphs, seed):
    """Generate .work/big.ttml (IMSC 1.1 text profile, see gen_ttml.py) unless it exists with the
    same parameters."""
    return generated([os.path.join(WORK_DIR, "big.ttml")], GEN_TTML_SCRIPT, {"paragraphs": paragraphs, "seed": seed},
                     ["--paragraphs", str(paragraphs), "--seed", str(seed)], "%d paragraphs" % paragraphs)[0]


# --- Measurement ------------------------------------------------------------

def last_line(text):
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    return lines[-1] if lines else "(no output)"


def maxrss_bytes(ru):
    # Linux reports KiB, macOS reports bytes.
    return ru.ru_maxrss if sys.platform == "darwin" else ru.ru_maxrss * 1024


# Why not simply Popen + os.wait4 on the tool?  On Linux, execve() folds the
# *old* address space's high-water RSS into the process's ru_maxrss, and
# CPython spawns children with vfork(), whose old address space is this Python
# process.  So every directly spawned child reports at least our own peak RSS
# (~15 MiB, more after reading outputs).  Instead we become a child subreaper
# and let a tiny /bin/sh fork the tool in the background and exit: the tool is
# re-parented to us, forked from a ~1 MiB shell, and os.wait4 on it gives its
# own clean ru_maxrss.  Elsewhere we fall back to plain Popen + os.wait4.
PR_SET_CHILD_SUBREAPER = 36
_SUBREAPER = None


def subreaper_enabled():
    global _SUBREAPER
    if _SUBREAPER is None:
        _SUBREAPER = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                libc = ctypes.CDLL(None, use_errno=True)
                _SUBREAPER = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            except (OSError, AttributeError):
                pass
    return _SUBREAPER


def spawn_and_wait(argv, err, timeout):
    """Start argv, wait for it; return (elapsed_s, exit_status, rusage)."""
    timer = None
    t0 = time.perf_counter()
    if subreaper_enabled():
        # sh prints the background job's pid and exits right away.
        launcher = subprocess.Popen(
            ["/bin/sh", "-c", '"$@" </dev/null >/dev/null & echo $!', "sh"] + argv,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err, cwd=WORK_DIR)
        out, _ = launcher.communicate()
        pid = int(out.split()[0])
        timer = threading.Timer(timeout, os.kill, (pid, 9))
    else:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err, cwd=WORK_DIR)
        pid = proc.pid
        proc.returncode = 0  # we reap it ourselves below; keep Popen quiet
        timer = threading.Timer(timeout, os.kill, (pid, 9))
    timer.start()
    try:
        _, status, ru = os.wait4(pid, 0)
    finally:
        timer.cancel()
    return time.perf_counter() - t0, status, ru


def run_once(argv, out_path, timeout):
    """Run argv; return (seconds, peak_rss_bytes, returncode, stderr_text)."""
    if out_path and os.path.exists(out_path):
        os.remove(out_path)
    with tempfile.TemporaryFile() as err:
        elapsed, status, ru = spawn_and_wait(argv, err, timeout)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    rc = os.waitstatus_to_exitcode(status)
    if rc < 0:
        stderr += "\nkilled by signal %d%s" % (-rc, " (timeout)" if elapsed >= timeout else "")
    return elapsed, maxrss_bytes(ru), rc, stderr


def check_output(out_path, expected_cues):
    """Return a list of problems with the produced WebVTT file (empty = OK)."""
    if not os.path.exists(out_path):
        return ["no output file"]
    if os.path.getsize(out_path) == 0:
        return ["output file is empty"]
    problems = []
    cues = 0
    with open(out_path, "rb") as f:
        head = f.read(16)
        if head.startswith(b"\xef\xbb\xbf"):
            problems.append("output starts with a UTF-8 BOM")
            head = head[3:]
        if not head.startswith(b"WEBVTT"):
            problems.append("output does not start with WEBVTT (starts %r)" % head)
        f.seek(0)
        for ln in f:
            if b"-->" in ln:
                cues += 1
    if cues != expected_cues:
        problems.append("%d cues in output, expected %d" % (cues, expected_cues))
    return problems


def count_cues(stdout, kind):
    """The cues a tool reports: `-->` lines of the WebVTT it wrote, `Dialogue:` lines of the ASS
    it wrote, the cue counts of `legible info --json`, or the count it printed."""
    if kind == "arrows":
        return sum(1 for ln in stdout.splitlines() if b"-->" in ln)
    if kind == "dialogues":
        return sum(1 for ln in stdout.splitlines() if ln.startswith(b"Dialogue:"))
    if kind == "info":
        try:
            return sum(t["cues"] for t in json.loads(stdout)["tracks"])
        except (ValueError, KeyError, TypeError):
            return None
    try:
        return int(stdout.split()[-1])
    except (IndexError, ValueError):
        return None


def check_cue_counts(specs, expected_cues, timeout):
    """Runs each tool once, untimed, with its standard output captured, and keeps the tools that
    report every cue (ffmpeg, for one, silently stops at a STYLE block). Returns (specs that
    passed, results of those that did not)."""
    passed, failed = [], []
    for name, argv, kind in specs:
        log("peers: checking that %s reads all %d cues ..." % (name, expected_cues))
        try:
            r = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                               cwd=WORK_DIR, timeout=timeout)
        except subprocess.TimeoutExpired:
            failed.append({"tool": name, "command": argv, "status": "failed", "error": "timeout"})
            continue
        if r.returncode != 0:
            failed.append({"tool": name, "command": argv, "status": "failed",
                           "error": "exit %d: %s" % (r.returncode, last_line(r.stderr.decode("utf-8", "replace")))})
            continue
        n = count_cues(r.stdout, kind)
        if n != expected_cues:
            failed.append({"tool": name, "command": argv, "status": "bad output",
                           "problems": ["%s cues read, expected %d" % (n, expected_cues)]})
            continue
        log("peers:   %s: %d cues" % (name, n))
        passed.append((name, argv, None))
    return passed, failed


def bench_tools(specs, repeat, timeout, expected_cues):
    """Times every tool round-robin: one warm-up each, then `repeat` rounds in which each tool
    runs once. Interleaving spreads slow drifts of a shared machine over all tools alike, so the
    ratios (what the comparison is about) are steadier than with each tool's runs back to back."""
    results = {}
    for name, argv, out_path in specs:
        results[name] = {"tool": name, "command": argv, "status": "ok", "times": [], "rss": []}
    active = list(specs)
    for i in range(repeat + 1):  # round 0 is the warm-up
        log("peers: round %d of %d ..." % (i, repeat) if i else "peers: warm-up ...")
        for name, argv, out_path in list(active):
            elapsed, peak, rc, stderr = run_once(argv, out_path, timeout)
            res = results[name]
            if rc != 0:
                res.update(status="failed", error="exit %d: %s" % (rc, last_line(stderr)))
                active.remove((name, argv, out_path))
                continue
            if i > 0:
                res["times"].append(elapsed)
                res["rss"].append(peak)
    ordered = []
    for name, argv, out_path in specs:
        res = results[name]
        times, rss = res.pop("times"), res.pop("rss")
        if res["status"] == "ok":
            res["times_s"] = [round(t, 4) for t in times]
            res["median_s"] = statistics.median(times)
            res["peak_rss_mib"] = max(rss) / (1024 * 1024)
            problems = check_output(out_path, expected_cues) if out_path else []
            if problems:
                res["status"] = "bad output"
                res["problems"] = problems
        ordered.append(res)
    return ordered


# With --vtt, two jobs are compared, each against legible doing the same job: parsing only
# (`legible info`), and converting (read and write back WebVTT, `legible convert`).
PARSE_GROUP = {"legible info": "legible info", "ffmpeg demux": "legible info",
               "ffmpeg decode": "legible info", "webvtt-py read": "legible info",
               "ttconv": "legible info", "pycaption": "legible info"}


def add_ratios(results, input_bytes, default_bytes=None):
    """Adds MB/s (of each tool's own input) and the ratio to legible (to `legible info` for the
    parse-only tools); returns legible's result."""
    for r in results:
        if "median_s" in r:
            size = input_bytes.get(r["tool"], default_bytes)
            if size is not None:
                r["mb_per_s"] = size / 1e6 / r["median_s"]
    refs = {r["tool"]: r for r in results if r["tool"] in ("legible", "legible info") and "median_s" in r}
    for r in results:
        # A mode with only `legible info` (--ttml, --scc, --ass) compares every peer with it.
        ref = refs.get(PARSE_GROUP.get(r["tool"], "legible")) or refs.get("legible info")
        if ref is not None and r is not ref and "median_s" in r:
            r["legible_speedup"] = r["median_s"] / ref["median_s"]
            r["compared_with"] = ref["tool"]
    return refs.get("legible")


def webvtt_comparison(a, wanted, legible):
    """--vtt: every tool reads the generated WebVTT file and writes (or prints) to standard
    output, which goes to /dev/null; the file sizes differ only by the STYLE block."""
    src, nostyle = ensure_vtt_inputs(a.cues, a.seed)
    results, specs, versions, inputs = [], [], {}, {}

    if wanted("legible"):
        # Parsing: `legible info` reads every cue (timings, settings, cue text into the inline
        # tree, the STYLE rules cascaded onto it) and prints a summary.
        specs.append(("legible info", [legible, "info", src, "--json"], "info"))
        inputs["legible info"] = src
        # Converting: read and write WebVTT back, as ffmpeg's and webvtt-py's read+write do.
        specs.append(("legible", [legible, "convert", src, "--to", "webvtt", "-o", "-"], "arrows"))
        inputs["legible"] = src

    if wanted("ffmpeg"):
        ffmpeg = shutil.which("ffmpeg")
        if ffmpeg is None:
            results.append({"tool": "ffmpeg", "status": "missing", "error": "ffmpeg not found on PATH"})
        else:
            try:
                v = subprocess.run([ffmpeg, "-version"], capture_output=True,
                                   text=True).stdout.split("\n")[0].split()
                versions["ffmpeg"] = v[2] if len(v) > 2 else None
            except OSError:
                pass
            # FFmpeg 5.1 stops at a STYLE block without a word, so it reads the file without one.
            # Decoding and encoding the subtitles (not -c copy) parses the cue text, as legible does.
            specs.append(("ffmpeg", [ffmpeg, "-v", "error", "-i", nostyle, "-f", "webvtt", "-y", "pipe:1"],
                          "arrows"))
            inputs["ffmpeg"] = nostyle
            # Parsing, two ways: decoding to FFmpeg's own subtitle form (cue text parsed, written
            # out as ASS), and demuxing alone (blocks, timings and settings; the cue text is not
            # parsed, only copied), which does less than legible info does.
            specs.append(("ffmpeg decode", [ffmpeg, "-v", "error", "-i", nostyle, "-c:s", "ass", "-f", "ass", "-y", "pipe:1"],
                          "dialogues"))
            inputs["ffmpeg decode"] = nostyle
            specs.append(("ffmpeg demux", [ffmpeg, "-v", "error", "-i", nostyle, "-c", "copy", "-f", "webvtt", "-y", "pipe:1"],
                          "arrows"))
            inputs["ffmpeg demux"] = nostyle

    py_tools = [("webvtt-py read", "webvtt-py", WEBVTT_PY_READ_SNIPPET, "count"),
                ("webvtt-py read+write", "webvtt-py-convert", WEBVTT_PY_CONVERT_SNIPPET, "arrows")]
    py_tools = [t for t in py_tools if wanted(t[1])]
    if py_tools:
        py, err = ensure_venv()
        if py:
            versions.update(py_versions(py))
        for label, key, snippet, kind in py_tools:
            if py is None:
                results.append({"tool": label, "status": "missing", "error": err})
            elif versions.get("webvtt-py") is None:
                results.append({"tool": label, "status": "missing",
                                "error": "package webvtt-py not installed in %s" % VENV_DIR})
            else:
                specs.append((label, [py, "-c", snippet, src], kind))
                inputs[label] = src
    versions = {k: v for k, v in versions.items() if k in ("ffmpeg", "webvtt-py")}

    checked, failed = check_cue_counts(specs, a.cues, a.timeout)
    results = bench_tools(checked, a.repeat, a.timeout, a.cues) + failed + results
    ref = add_ratios(results, {k: os.path.getsize(v) for k, v in inputs.items()})
    report = {
        "comparison": "webvtt-parse",
        "input": {"path": os.path.relpath(src, REPO_ROOT), "cues": a.cues,
                  "bytes": os.path.getsize(src), "seed": a.seed,
                  "ffmpeg_path": os.path.relpath(nostyle, REPO_ROOT),
                  "ffmpeg_bytes": os.path.getsize(nostyle)},
        "repeat": a.repeat,
        "metric": "median wall time of whole process incl. start-up; "
                  "peak RSS = max ru_maxrss over timed runs; every tool checked once to read all cues",
        "rss_method": ("os.wait4 via subreaper (clean)" if subreaper_enabled()
                       else "os.wait4 on direct child (may include parent's RSS floor)"),
        "versions": versions,
        "results": results,
    }
    if a.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    if wanted("legible") and (ref is None or ref["status"] != "ok"):
        return 1
    return 0


def read_comparison(a, wanted, legible, comparison, src, count, noun, py_tools, in_process=None):
    """One file read by `legible info` and by Python peers (name, snippet printing its count),
    each checked once to find all `count` items (`noun`); only reading is timed. `in_process`,
    when given, adds a section of library calls timed inside one process each."""
    results, specs, versions = [], [], {}
    if wanted("legible"):
        specs.append(("legible info", [legible, "info", src, "--json"], "info"))
    py_tools = [t for t in py_tools if wanted(t[0])]
    if py_tools:
        py, err = ensure_venv()
        if py:
            versions.update(py_versions(py))
        for name, snippet in py_tools:
            if py is None or versions.get(name) is None:
                results.append({"tool": name, "status": "missing", "error": err or "%s not installed" % name})
            else:
                specs.append((name, [py, "-c", snippet, src], "count"))
    versions = {k: v for k, v in versions.items() if k in [name for name, _ in py_tools]}
    checked, failed = check_cue_counts(specs, count, a.timeout)
    results = bench_tools(checked, a.repeat, a.timeout, count) + failed + results
    ref = add_ratios(results, {}, os.path.getsize(src))
    report = {
        "comparison": comparison,
        "input": {"path": os.path.relpath(src, REPO_ROOT), "cues": count, "bytes": os.path.getsize(src), "seed": a.seed},
        "repeat": a.repeat,
        "metric": "median wall time of whole process incl. start-up; every tool checked once to read all %s" % noun,
        "rss_method": ("os.wait4 via subreaper (clean)" if subreaper_enabled()
                       else "os.wait4 on direct child (may include parent's RSS floor)"),
        "versions": versions,
        "results": results,
    }
    if in_process is not None:
        report["in_process"] = in_process()
    if a.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    if wanted("legible") and (ref is None or ref["status"] != "ok"):
        return 1
    return 0


def scc_comparison(a, wanted, legible):
    """--scc: every tool decodes the same generated SCC file (channel CC1, pop-on) and reports how
    many captions it found."""
    captions = a.cues if a.cues != 100_000 else 10_000
    return read_comparison(a, wanted, legible, "scc-decode", ensure_scc_input(captions, a.seed), captions, "captions",
                           [("ttconv", TTCONV_SCC_SNIPPET), ("pycaption", PYCAPTION_SCC_SNIPPET)])


def ttml_comparison(a, wanted, legible):
    """--ttml: legible and ttconv read the same generated IMSC document (one `p` per cue, none
    overlapping in its region, so both count the paragraphs)."""
    paragraphs = a.cues if a.cues != 100_000 else 10_000
    return read_comparison(a, wanted, legible, "ttml-read", ensure_ttml_input(paragraphs, a.seed), paragraphs,
                           "paragraphs", [("ttconv", TTCONV_TTML_SNIPPET)])


def ass_comparison(a, wanted, legible):
    """--ass: legible and pysubs2 read the same generated ASS script (100,000 Dialogue events by
    default), as whole processes (`legible info`: every event's override tags read into the model;
    pysubs2 keeps the text as written) and, when legible-bench is built beside legible, as library
    calls in one process each: `pysubs2.load` against legible's script read (the same job:
    sections, styles, events with times and raw text) and its whole read into cues."""
    src = ensure_ass_input(a.cues, a.seed)
    in_process = (lambda: ass_in_process(a, legible, src)) if wanted("legible") and wanted("pysubs2") else None
    return read_comparison(a, wanted, legible, "ass-read", src, a.cues, "events",
                           [("pysubs2", PYSUBS2_ASS_SNIPPET)], in_process=in_process)


def ass_in_process(a, legible, src):
    """Library calls timed inside one process each: legible-bench's ass-file.load-script and
    ass-file.load (from the path: open, decode, read), and pysubs2.load. The two alternate in
    `a.repeat` rounds (of IN_PROCESS_CALLS calls each), so a slow spell of a shared machine falls on
    both; each ratio is the median of the rounds' own ratios (legible's and pysubs2's medians
    within one round), and the times are the medians over all rounds."""
    bench = os.path.join(os.path.dirname(legible), "legible-bench")
    section = {"metric": "%d interleaved rounds of library calls in one process each (after warm-up; legible %d calls a "
                         "round, pysubs2 %d), each from the path and including freeing the one before; ratios are the "
                         "median of the rounds' ratios" % (a.repeat, IN_PROCESS_CALLS["legible"], IN_PROCESS_CALLS["pysubs2"]),
               "results": []}
    if not (os.path.isfile(bench) and os.access(bench, os.X_OK)):
        section["error"] = "legible-bench not found at %s: swift build -c release --product legible-bench" % bench
        return section
    py, err = ensure_venv()
    if py is None:
        section["error"] = err or "no Python venv for pysubs2"
        return section
    names = ["ass-file.load-script", "ass-file.load"]
    ours = {name: [] for name in names}
    theirs = []
    for round_number in range(a.repeat):
        log("peers: in one process: round %d of %d ..." % (round_number + 1, a.repeat))
        proc = subprocess.run([bench, "--ass", src, "--repeat", str(IN_PROCESS_CALLS["legible"]), "--filter", "ass-file.load"],
                              capture_output=True, text=True, timeout=a.timeout)
        if proc.returncode != 0:
            section["error"] = "legible-bench: exit %d: %s" % (proc.returncode, last_line(proc.stderr))
            return section
        medians = {b["name"]: b["median_seconds"] for b in json.loads(proc.stdout)}
        for name in names:
            ours[name].append(medians.get(name))
        proc = subprocess.run([py, "-c", PYSUBS2_ASS_IN_PROCESS_SNIPPET, src, str(IN_PROCESS_CALLS["pysubs2"])],
                              capture_output=True, text=True, timeout=a.timeout)
        if proc.returncode != 0:
            section["error"] = "pysubs2: exit %d: %s" % (proc.returncode, last_line(proc.stderr))
            return section
        peer = json.loads(proc.stdout)
        if peer["events"] != a.cues:
            section["error"] = "pysubs2 read %d events, not %d" % (peer["events"], a.cues)
            return section
        theirs.append(peer["median_s"])
    labels = {"ass-file.load-script": "legible script read (readScript)", "ass-file.load": "legible whole read (CaptionFile)"}
    for name in names:
        times = ours[name]
        if any(t is None for t in times):
            continue
        ratios = [p / t for p, t in zip(theirs, times)]
        section["results"].append({"call": labels[name], "median_s": statistics.median(times),
                                   "pysubs2_over_legible": statistics.median(ratios),
                                   "ratio_range": [min(ratios), max(ratios)]})
    section["results"].append({"call": "pysubs2.load", "median_s": statistics.median(theirs)})
    return section


# --- Main -------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(
        description="Compare SRT -> WebVTT conversion (or, with --vtt, WebVTT parsing): legible vs. peers.")
    ap.add_argument("--vtt", action="store_true",
                    help="compare WebVTT parsing instead (legible, ffmpeg, webvtt-py)")
    ap.add_argument("--scc", action="store_true",
                    help="compare SCC (CEA-608) decoding instead (legible, ttconv, pycaption); "
                         "10,000 pop-on captions unless --cues says otherwise")
    ap.add_argument("--ttml", action="store_true",
                    help="compare TTML (IMSC 1.1) reading instead (legible, ttconv); "
                         "10,000 paragraphs unless --cues says otherwise")
    ap.add_argument("--ass", action="store_true",
                    help="compare ASS (SubStation Alpha) reading instead (legible, pysubs2)")
    ap.add_argument("--cues", type=int, default=100_000,
                    help="cues in the generated input (default 100000)")
    ap.add_argument("--repeat", type=int, default=5,
                    help="timed runs per tool after one warm-up (default 5)")
    ap.add_argument("--legible", default=None,
                    help="legible executable (default: .build/release/legible "
                         "relative to the repo root)")
    ap.add_argument("--json", action="store_true", help="print a JSON object")
    ap.add_argument("--seed", type=int, default=1234, help="generator seed")
    ap.add_argument("--timeout", type=float, default=900,
                    help="seconds before a single run is killed (default 900)")
    ap.add_argument("--only", default=None,
                    help="comma-separated subset of: legible,ffmpeg,pysubs2,srt,pycaption "
                         "(with --vtt: legible,ffmpeg,webvtt-py,webvtt-py-convert; "
                         "with --scc: legible,ttconv,pycaption; with --ttml: legible,ttconv; with --ass: legible,pysubs2)")
    a = ap.parse_args()
    if a.repeat < 1 or a.cues < 1:
        ap.error("--repeat and --cues must be >= 1")
    only = set(a.only.split(",")) if a.only else None

    def wanted(key):
        return only is None or key in only

    # legible must exist: it is the reference for the ratios.
    legible = a.legible or os.path.join(REPO_ROOT, DEFAULT_LEGIBLE)
    legible = os.path.abspath(legible)
    if wanted("legible") and not (os.path.isfile(legible) and os.access(legible, os.X_OK)):
        print("peers: legible executable not found at %s\n"
              "       build it first:  swift build -c release --product legible\n"
              "       (or pass --legible PATH)" % legible, file=sys.stderr)
        return 2

    if a.vtt:
        return webvtt_comparison(a, wanted, legible)
    if a.scc:
        return scc_comparison(a, wanted, legible)
    if a.ttml:
        return ttml_comparison(a, wanted, legible)
    if a.ass:
        return ass_comparison(a, wanted, legible)

    src = ensure_input(a.cues, a.seed)
    size = os.path.getsize(src)
    out = lambda tag: os.path.join(WORK_DIR, "out-%s.vtt" % tag)

    results = []   # tools that could not run
    specs = []     # (label, argv, output) of the tools to time
    versions = {}

    if wanted("legible"):
        specs.append(("legible", [legible, "convert", src, "-o", out("legible"), "--to", "webvtt"],
                      out("legible")))

    if wanted("ffmpeg"):
        ffmpeg = shutil.which("ffmpeg")
        if ffmpeg is None:
            results.append({"tool": "ffmpeg", "status": "missing",
                            "error": "ffmpeg not found on PATH"})
        else:
            try:
                v = subprocess.run([ffmpeg, "-version"], capture_output=True,
                                   text=True).stdout.split("\n")[0].split()
                versions["ffmpeg"] = v[2] if len(v) > 2 else None
            except OSError:
                pass
            specs.append(("ffmpeg", [ffmpeg, "-v", "error", "-y", "-i", src, "-f", "webvtt", out("ffmpeg")],
                          out("ffmpeg")))

    py_tools = [("pysubs2", "pysubs2", PYSUBS2_SNIPPET),
                ("srt (parse+compose)", "srt", SRT_SNIPPET),
                ("pycaption", "pycaption", PYCAPTION_SNIPPET)]
    py_tools = [t for t in py_tools if wanted(t[1])]
    if py_tools:
        py, err = ensure_venv()
        if py:
            versions.update(py_versions(py))
        for label, key, snippet in py_tools:
            if py is None:
                results.append({"tool": label, "status": "missing", "error": err})
            elif versions.get(key) is None:
                results.append({"tool": label, "status": "missing",
                                "error": "package %s not installed in %s" % (key, VENV_DIR)})
            else:
                specs.append((label, [py, "-c", snippet, src, out(key)], out(key)))

    results = bench_tools(specs, a.repeat, a.timeout, a.cues) + results
    ref = add_ratios(results, {}, size)

    report = {
        "input": {"path": os.path.relpath(src, REPO_ROOT), "cues": a.cues,
                  "bytes": size, "seed": a.seed},
        "repeat": a.repeat,
        "metric": "median wall time of whole process incl. start-up; "
                  "peak RSS = max ru_maxrss over timed runs",
        "rss_method": ("os.wait4 via subreaper (clean)" if subreaper_enabled()
                       else "os.wait4 on direct child (may include parent's RSS floor)"),
        "versions": versions,
        "results": results,
    }
    if a.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    # Peers' problems are reported above; only a broken legible run is an error.
    if wanted("legible") and (ref is None or ref["status"] != "ok"):
        return 1
    return 0


def print_table(report):
    inp = report["input"]
    print("Input: %s  (%d cues, %.2f MB)   runs: 1 warm-up + %d interleaved rounds, median"
          % (inp["path"], inp["cues"], inp["bytes"] / 1e6, report["repeat"]))
    if "ffmpeg_path" in inp:
        print("ffmpeg reads %s (%.2f MB, no STYLE block); every tool was checked to read all %d cues"
              % (inp["ffmpeg_path"], inp["ffmpeg_bytes"] / 1e6, inp["cues"]))
    rows = [("tool", "median s", "MB/s", "peak RSS MiB", "vs legible")]
    notes = []
    for r in report["results"]:
        if "median_s" in r:
            if r["tool"] in ("legible", "legible info"):
                ratio = "-"
            elif "legible_speedup" in r:
                sp = r["legible_speedup"]
                who = r.get("compared_with", "legible")
                ratio = ("%s %.1f× faster" % (who, sp) if sp >= 1
                         else "%s %.1f× slower" % (who, 1 / sp))
            else:
                ratio = "n/a"
            rows.append((r["tool"], "%.3f" % r["median_s"], "%.1f" % r["mb_per_s"],
                         "%.1f" % r["peak_rss_mib"], ratio))
        else:
            rows.append((r["tool"], r["status"].upper(), "-", "-", "-"))
        if r["status"] != "ok":
            detail = r.get("error") or "; ".join(r.get("problems", []))
            notes.append("  %s: %s: %s" % (r["tool"], r["status"], detail))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        print("  ".join(cells).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    in_process = report.get("in_process")
    if in_process is not None:
        print("In one process (%s):" % in_process["metric"])
        if "error" in in_process:
            print("  " + in_process["error"])
        for r in in_process["results"]:
            ratio = ("  pysubs2.load takes %.1f× as long (rounds: %.1f–%.1f×)" % ((r["pysubs2_over_legible"],) + tuple(r["ratio_range"]))
                     if "pysubs2_over_legible" in r else "")
            print("  %-34s %8.4f s%s" % (r["call"], r["median_s"], ratio))
    if report["versions"]:
        print("Versions: " + ", ".join("%s %s" % kv for kv in sorted(report["versions"].items())))
    if notes:
        print("Problems:")
        print("\n".join(notes))


if __name__ == "__main__":
    sys.exit(main())
