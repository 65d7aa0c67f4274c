#!/usr/bin/env python3
"""Lists the public declarations of the library's modules that have no doc comment.

A player reads the API by its doc comments; every `public` declaration (type, function, property,
case, initialiser) needs one. Enum cases listed on one line, and the names one `let` declares
(`public static let a = …, b = …`), share the comment above them; members of a public extension
need their own. Exit status 1 when any is missing (with --strict).
usage: scripts/check-public-docs.py [--strict] [--summary]
"""
import os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
LIBRARY = ["TimedText", "TextScanning", "SubRip", "WebVTT", "ClosedCaptionData", "CEA608", "CEA708", "TTML", "Timeline", "TrackSelection",
           "CaptionStyling", "Rendering", "VideoIO", "Validation", "Segmenting", "Legible"]
DECL = re.compile(r"^\s*(?:@[\w()., ]+\s+)*(?:public|open)\s+(?:(?:private\(set\)|internal\(set\)|static|final|mutating|nonmutating|override|convenience|required|indirect|consuming|borrowing|prefix|postfix|infix)\s+)*"
                  r"(func|var|let|init|struct|enum|class|protocol|typealias|subscript|case|actor)\b")
# Conformance plumbing that documents itself: ==, hash(into:), description, rawValue inits.
SELF_EVIDENT = re.compile(r"public (static func (==|<|\+|-|\*)|func hash\(into|var description: String|init\(rawValue|init\(stringLiteral|let rawValue|var rawValue)")

def missing(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        if not DECL.match(line) or SELF_EVIDENT.search(line):
            continue
        j = i - 1
        while j >= 0 and (lines[j].strip().startswith("@") or lines[j].strip() == "" and False):
            j -= 1
        previous = lines[j].strip() if j >= 0 else ""
        if previous.startswith("///") or previous.endswith("*/"):
            continue
        out.append((i + 1, line.strip()))
    return out

def main():
    strict = "--strict" in sys.argv
    total = 0
    per_module = {}
    for module in LIBRARY:
        base = os.path.join(ROOT, module)
        for dirpath, _, files in os.walk(base):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(dirpath, name)
                found = missing(path)
                per_module[module] = per_module.get(module, 0) + len(found)
                total += len(found)
                if "--summary" not in sys.argv:
                    for number, text in found:
                        print(f"{os.path.relpath(path, os.path.join(ROOT, '..'))}:{number}: {text[:110]}")
    print(f"public declarations without a doc comment: {total} ({', '.join(f'{m} {n}' for m, n in per_module.items() if n)})",
          file=sys.stderr)
    return 1 if strict and total else 0

sys.exit(main())
