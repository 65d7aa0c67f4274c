#!/usr/bin/env python3
"""IMSC conformance: Legible's TTML timeline against ttconv's significant times.

Runs `legible timeline --json` on every test of imsc-tests/manifest.json that has
`significant_times` (ttconv's list of (time, has_content)), and compares:

1. content: at every expected time t, Legible shows something (some cue is active) exactly when
   ttconv's flag says some region has content;
2. changes: every time at which Legible's shown cues change is one of ttconv's significant
   times (for the 9 tests where ttconv and imscJS disagree, SOURCE.md, imscJS's png_times count
   too).

ttconv lists every time at which the ISD *may* change, including times where only a style
changes or where nothing visible changes; Legible's timeline lists only the times at which the
cues shown change. So an expected time at which Legible's content does not change is not a
failure: the check is that the flags agree everywhere and that Legible invents no change.

usage: scripts/imsc-conformance.py [--legible PATH] [--conformance DIR] [-v]
Exit status 0 when the pass rate reaches --target (default 97%), 1 otherwise, 2 when the suite
is absent (the run is skipped, never counted as passed).
"""
import argparse, json, os, subprocess, sys

SPECIAL = {"Animation012", "BasicTimeContainment003", "BasicTimeContainment004", "BasicTiming008",
           "MediaParTiming002", "MediaSeqTiming004", "MediaSeqTiming005", "MediaSeqTiming006",
           "MediaSeqTiming007"}

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser()
    ap.add_argument("--legible", default=os.path.join(root, ".build/release/legible"))
    ap.add_argument("--conformance", default=os.path.join(root, "../shared/conformance"))
    ap.add_argument("--target", type=float, default=97.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    suite = os.path.join(args.conformance, "imsc-tests")
    manifest_path = os.path.join(suite, "manifest.json")
    if not os.path.exists(manifest_path):
        print(f"SKIPPED: {manifest_path} is absent", file=sys.stderr)
        return 2
    if not os.path.exists(args.legible):
        print(f"no legible binary at {args.legible} (swift build -c release --product legible)", file=sys.stderr)
        return 2
    all_tests = [t for t in json.load(open(manifest_path))["tests"] if t.get("significant_times") is not None]
    tests = [t for t in all_tests if t["ttml_present"]]
    skipped = [t["name"] for t in all_tests if not t["ttml_present"]]
    for name in skipped:
        print(f"SKIP {name}: the document is absent upstream (ttml_present: false); not counted as passed")
    passed, failures = 0, []
    for test in tests:
        path = os.path.join(suite, test["ttml"])
        run = subprocess.run([args.legible, "timeline", path, "--json", "--from", "ttml"], capture_output=True, text=True)
        # Exit 1 with the timeline printed: a document that shows nothing (ttml.nothing-shown).
        if run.returncode not in (0, 1) or not run.stdout:
            failures.append((test["name"], f"legible exited {run.returncode}: {run.stderr.strip()[:200]}"))
            continue
        ours = [(e["time"], len(e["cues"]) > 0) for e in json.loads(run.stdout)["times"]]
        reason = compare(ours, test)
        if reason is None:
            passed += 1
        else:
            failures.append((test["name"], reason))
    for name, reason in failures:
        print(f"FAIL {name}: {reason}")
    rate = 100.0 * passed / len(all_tests)
    print(f"imsc-tests: {passed}/{len(all_tests)} passed ({rate:.1f}%), {len(failures)} failed, {len(skipped)} skipped")
    return 0 if rate >= args.target else 1

def shown_at(ours, t):
    flag = False
    for time, has in ours:
        if time <= t + 5e-7:  # Legible writes times rounded to the microsecond
            flag = has
        else:
            break
    return flag

def compare(ours, test):
    expected = test["significant_times"]
    mismatches = [f"{t:g}s expected {'content' if flag else 'nothing'}" for t, flag in expected if shown_at(ours, t) != flag]
    if mismatches:
        return "content differs at " + ", ".join(mismatches[:4]) + f"; ours {fmt(ours)}, ttconv {fmt(expected)}"
    allowed = [t for t, _ in expected]
    if test["name"] in SPECIAL:
        allowed += test.get("png_times", [])
    previous = None
    for time, has in ours:
        if previous is not None and time > 0 and not any(abs(time - a) < 1e-6 for a in allowed):
            return f"Legible changes what is shown at {time:g}s, which ttconv does not list; ours {fmt(ours)}, ttconv {fmt(expected)}"
        previous = has
    return None

def fmt(times):
    return " ".join(f"{t:g}{'+' if f else '-'}" for t, f in times[:12]) + (" …" if len(times) > 12 else "")

if __name__ == "__main__":
    sys.exit(main())
