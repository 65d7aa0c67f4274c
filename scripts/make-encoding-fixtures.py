#!/usr/bin/env python3
"""Regenerate the legacy-encoding SRT fixtures in Fixtures/encodings/.

For every encoding name E below, the subtitle text lives in `E.utf8.srt`
(UTF-8, no BOM, LF line endings). This script transcodes it into encoding E
and writes `E.srt`. Every character must be representable in E; otherwise the
script fails loudly and writes nothing for that file.

Usage:
    python3 scripts/make-encoding-fixtures.py           # (re)write every E.srt
    python3 scripts/make-encoding-fixtures.py --check   # verify, write nothing

Python 3 standard library only.
"""

import argparse
import os
import re
import sys

# Fixture name -> Python codec. "-nobom" variants are written without a BOM.
ENCODINGS = {
    "windows-1250": "cp1250",
    "windows-1251": "cp1251",
    "windows-1252": "cp1252",
    "ISO-8859-1": "iso8859_1",
    "ISO-8859-2": "iso8859_2",
    "ISO-8859-5": "iso8859_5",
    "ISO-8859-7": "iso8859_7",
    "ISO-8859-9": "iso8859_9",
    "ISO-8859-15": "iso8859_15",
    "Shift_JIS": "shift_jis",
    "EUC-JP": "euc_jp",
    "EUC-KR": "euc_kr",
    "GB18030": "gb18030",
    "Big5": "big5",
    "KOI8-R": "koi8_r",
    "UTF-16LE-nobom": "utf_16_le",
    "UTF-16BE-nobom": "utf_16_be",
}

# Single-byte encodings whose fixtures must contain bytes 0x80-0x9F (so that a
# detector can tell them from the matching ISO-8859 part), and ISO-8859 parts
# whose fixtures must not (0x80-0x9F are C1 controls there).
NEED_C1 = {"windows-1250", "windows-1252"}
NO_C1 = {n for n in ENCODINGS if n.startswith("ISO-8859-")}
# Characters that must occur (at least `count` times) in a fixture.
MUST_CONTAIN = {
    "ISO-8859-15": {"\u20ac": 3, "\u0153": 3},  # euro sign, oe ligature
    "ISO-8859-9": {"\u011f": 1, "\u015f": 1, "\u0131": 1, "\u0130": 1},
}

TIMING = re.compile(
    r"^\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}$"
)


class FixtureError(Exception):
    pass


def check_srt(name, text):
    """Minimal structural check: numbered cues, timing line, 1+ text lines."""
    if text.startswith("\ufeff"):
        raise FixtureError(f"{name}: UTF-8 source must not start with a BOM")
    if "\r" in text:
        raise FixtureError(f"{name}: UTF-8 source must use LF line endings")
    if not text.endswith("\n"):
        raise FixtureError(f"{name}: UTF-8 source must end with a newline")
    blocks = text.rstrip("\n").split("\n\n")
    if not 6 <= len(blocks) <= 10:
        raise FixtureError(f"{name}: expected 6-10 cues, found {len(blocks)}")
    for i, block in enumerate(blocks, 1):
        lines = block.split("\n")
        if len(lines) < 3:
            raise FixtureError(f"{name}: cue {i} has no text")
        if lines[0] != str(i):
            raise FixtureError(f"{name}: cue {i} is numbered {lines[0]!r}")
        if not TIMING.match(lines[1]):
            raise FixtureError(f"{name}: cue {i} bad timing {lines[1]!r}")
        if any(not line.strip() for line in lines[2:]):
            raise FixtureError(f"{name}: cue {i} has an empty text line")


def encode(name, codec, text):
    try:
        data = text.encode(codec, errors="strict")
    except UnicodeEncodeError as e:
        bad = e.object[e.start:e.end]
        line = e.object.count("\n", 0, e.start) + 1
        raise FixtureError(
            f"{name}: {bad!r} (U+{ord(bad[0]):04X}) on line {line} "
            f"is not representable in {codec}"
        ) from None
    if data.decode(codec) != text:
        raise FixtureError(f"{name}: {codec} round trip changed the text")
    c1 = sum(1 for b in data if 0x80 <= b <= 0x9F)
    if name in NEED_C1 and c1 == 0:
        raise FixtureError(f"{name}: needs bytes in 0x80-0x9F, has none")
    if name in NO_C1 and c1:
        raise FixtureError(f"{name}: has {c1} bytes in 0x80-0x9F")
    for ch, count in MUST_CONTAIN.get(name, {}).items():
        if text.count(ch) < count:
            raise FixtureError(
                f"{name}: needs U+{ord(ch):04X} at least {count} times"
            )
    return data


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_dir = os.path.join(here, os.pardir, "Fixtures", "encodings")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", default=os.path.normpath(default_dir))
    ap.add_argument("--check", action="store_true",
                    help="verify that every E.srt is up to date; write nothing")
    args = ap.parse_args()

    errors = []
    for name, codec in ENCODINGS.items():
        src = os.path.join(args.dir, name + ".utf8.srt")
        dst = os.path.join(args.dir, name + ".srt")
        try:
            with open(src, "rb") as f:
                raw = f.read()
            try:
                text = raw.decode("utf-8", errors="strict")
            except UnicodeDecodeError as e:
                raise FixtureError(f"{name}: source is not UTF-8 ({e})")
            check_srt(name, text)
            data = encode(name, codec, text)
            if args.check:
                with open(dst, "rb") as f:
                    if f.read() != data:
                        raise FixtureError(f"{name}: {dst} is out of date")
                print(f"ok      {name}.srt ({codec}, {len(data)} bytes)")
            else:
                with open(dst, "wb") as f:
                    f.write(data)
                print(f"wrote   {name}.srt ({codec}, {len(data)} bytes)")
        except (OSError, FixtureError) as e:
            errors.append(str(e))
            print(f"FAILED  {e}", file=sys.stderr)
    if errors:
        sys.exit(f"{len(errors)} fixture(s) failed")


if __name__ == "__main__":
    main()
