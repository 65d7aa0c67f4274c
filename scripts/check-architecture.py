#!/usr/bin/env python3
"""Holds Legible's module structure to docs/architecture.md, as CI runs it (scripts/test.sh).

Two checks, both on the source text (no build needed):

1. Imports: every target imports only the modules its row of the table allows (system modules
   such as Foundation and Glibc are allowed everywhere but in TimedText, which imports nothing).
2. Format knowledge stays in its module: the public and package types a format module declares
   are named in code (comments and strings aside) only inside that module and in the format's one
   registry entry, `Sources/CaptionFormats/Formats/<Module>Format.swift`. A new format is then its
   module, one registry entry and its Package.swift lines.

Usage: python3 scripts/check-architecture.py [--report]
  --report  also lists, per format module, the files outside it that name its types
Exit 0 when both hold, 1 when one does not (each violation printed as path:line: message).
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# Target -> the Legible modules it may import (docs/architecture.md, "Modules").
FORMAT_BASE = {"TimedText", "TextScanning"}
ALLOWED = {
    "TimedText": set(),
    "TextScanning": {"TimedText", "CICU"},
    "XML": {"TimedText", "TextScanning"},
    "ClosedCaptionData": {"TimedText", "TextScanning"},
    "SubRip": FORMAT_BASE,
    "WebVTT": FORMAT_BASE,
    "SubStationAlpha": FORMAT_BASE,
    "TTML": FORMAT_BASE | {"XML"},
    "CEA608": FORMAT_BASE | {"ClosedCaptionData"},
    "CEA708": FORMAT_BASE | {"ClosedCaptionData"},
    "Timeline": {"TimedText"},
    "TrackSelection": {"TimedText", "CICU"},
    "CaptionStyling": {"TimedText"},
    "Rendering": {"TimedText", "Timeline", "CaptionStyling", "TextScanning", "CLibass", "CPNG"},
    "VideoIO": {"TimedText", "Timeline", "Rendering"},
    "CaptionFormats": {"TimedText", "TextScanning", "Timeline", "XML", "ClosedCaptionData", "SubRip", "WebVTT",
                       "SubStationAlpha", "TTML", "CEA608", "CEA708"},
    # CEA608 for its character tables alone: the cea608.* rules hold any document to 608's limits.
    "Validation": {"TimedText", "TextScanning", "Timeline", "CaptionFormats", "CEA608"},
    "MediaCaptions": {"TimedText", "TextScanning", "ClosedCaptionData", "CaptionFormats", "TrackSelection", "VideoIO",
                      "Rendering"},
    "BatchValidation": {"TimedText", "TextScanning", "CaptionFormats", "CaptionSources", "TrackSelection", "Validation", "VideoIO"},
    "CaptionSources": {"TimedText", "TextScanning", "CaptionFormats", "MediaCaptions", "TrackSelection", "Timeline",
                       "CaptionStyling", "Rendering"},
    "Legible": {"TimedText", "TextScanning", "XML", "ClosedCaptionData", "SubRip", "WebVTT", "SubStationAlpha", "TTML",
                "CEA608", "CEA708", "Timeline", "TrackSelection", "CaptionStyling", "Rendering", "VideoIO", "CaptionFormats",
                "Validation", "MediaCaptions", "BatchValidation", "CaptionSources", "Segmenting"},
    "Segmenting": {"TimedText", "TextScanning", "CaptionFormats", "TrackSelection", "Timeline"},
    "LegibleCLI": {"Legible", "CMalloc"},
    "legible": {"LegibleCLI"},
}
SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization"}
FORMAT_MODULES = ["SubRip", "WebVTT", "CEA608", "CEA708", "TTML", "SubStationAlpha"]
# The ids and registry values by which code outside a module could still single its format out
# (`format == .ttml`, `options.scc`): those are format knowledge too.
# The registry's list of built-in formats, which names each once.
REGISTRY_LIST = os.path.join("Sources", "CaptionFormats", "Formats", "BuiltInFormats.swift")
# Files outside a format module allowed to name it, with why (beyond its registry entry).
EXCEPTIONS = {
    ("CEA608", "Sources/Validation/CEA608Rules.swift"): "the cea608.* rules read the 608 character tables",
}
FORMAT_MEMBERS = {
    "SubRip": {"subRip"},
    "WebVTT": {"webVTT"},
    "CEA608": {"scc", "cea608"},
    "CEA708": {"cea708"},
    "TTML": {"ttml"},
    "SubStationAlpha": {"substationAlpha"},
}

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?import\s+(?:(?:struct|enum|class|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
DIAGNOSTIC_CODE = re.compile(r"^\s*(?:public |package )?static let ([a-z][A-Za-z0-9_]*): (?:Self|DiagnosticCode|RuleID) = \"")
DECLARATION = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(public|package)\s+(?:final\s+|indirect\s+)*(struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)")


def swift_files(folder):
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def code_lines(path):
    """The file's lines with comments and string literals blanked (a type named in a doc comment
    or a message is not a use of it)."""
    text = open(path, encoding="utf-8").read()
    out = []
    i, n = 0, len(text)
    block = 0
    while i < n:
        c = text[i]
        if block:
            if text.startswith("*/", i):
                block -= 1
                i += 2
            elif text.startswith("/*", i):
                block += 1
                i += 2
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            block = 1
            i += 2
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            depth = 0
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "(":
                    depth += 1
                    j += 2
                    continue
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == ")" and depth:
                    depth -= 1
                elif text[j] == '"' and not depth:
                    break
                j += 1
            out.append('""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out).split("\n")


def targets():
    """Source folders by target name: Sources/<Target>."""
    sources = os.path.join(ROOT, "Sources")
    return {name: os.path.join(sources, name) for name in sorted(os.listdir(sources))
            if os.path.isdir(os.path.join(sources, name))}


def check_imports(found):
    problems = []
    for target, folder in targets().items():
        if target.startswith("C") and target[1:2].isupper() and not any(swift_files(folder)):
            continue  # a C target
        if target not in ALLOWED:
            problems.append(f"Sources/{target}: a target docs/architecture.md does not list (add its row and ALLOWED)")
            continue
        allowed = ALLOWED[target] | (set() if target == "TimedText" else SYSTEM)
        for path in swift_files(folder):
            for number, line in enumerate(code_lines(path), 1):
                m = IMPORT.match(line)
                if m and m.group(1) not in allowed:
                    problems.append(f"{os.path.relpath(path, ROOT)}:{number}: {target} imports {m.group(1)}, which its row does not allow")
    found += problems


def declared(module, pattern, group):
    """The names a module declares on lines `pattern` matches: its public and package types
    (`DECLARATION`), or its diagnostic codes (`DIAGNOSTIC_CODE`: `static let assUnknownStyle: Self = "ass.…"`)."""
    names = set()
    for path in swift_files(os.path.join(ROOT, "Sources", module)):
        for line in open(path, encoding="utf-8"):
            m = pattern.match(line)
            if m:
                names.add(m.group(group))
    return names


def format_leaks():
    """Per format module: {file outside it: (line, what)} for the first line naming one of its
    types, or its format by id, registry value or diagnostic code (`.ttml`, `.assUnknownStyle`)."""
    leaks = {}
    for module in FORMAT_MODULES:
        names = declared(module, DECLARATION, 3)
        members = FORMAT_MEMBERS[module] | declared(module, DIAGNOSTIC_CODE, 1)
        alternatives = [r"\b(?:" + "|".join(sorted(names, key=len, reverse=True)) + r")\b"] if names else []
        alternatives.append(r"(?<![A-Za-z0-9_\"])\.(?:" + "|".join(sorted(members, key=len, reverse=True)) + r")\b")
        pattern = re.compile("(" + "|".join(alternatives) + ")")
        entry = os.path.join("Sources", "CaptionFormats", "Formats", module + "Format.swift")
        files = {}
        for target, folder in targets().items():
            if target == module:
                continue
            for path in swift_files(folder):
                rel = os.path.relpath(path, ROOT)
                if rel in (entry, REGISTRY_LIST) or (module, rel) in EXCEPTIONS:
                    continue
                for number, line in enumerate(code_lines(path), 1):
                    m = pattern.search(line)
                    if m:
                        files[rel] = (number, m.group(1))
                        break
        leaks[module] = files
    return leaks


def main():
    report = "--report" in sys.argv[1:]
    problems = []
    check_imports(problems)
    leaks = format_leaks()
    for module, files in leaks.items():
        for rel, (number, name) in sorted(files.items()):
            problems.append(f"{rel}:{number}: names {module}'s {name} outside the module and its registry entry")
    if report:
        for module, files in leaks.items():
            print(f"{module}: {len(files)} file(s) outside the module and its registry entry name its types")
            for rel in sorted(files):
                print(f"  {rel}")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"check-architecture: {len(problems)} problem(s); the rules are in docs/architecture.md", file=sys.stderr)
        return 1
    if not report:
        print("check-architecture: imports follow docs/architecture.md; format types stay in their modules and registry entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
