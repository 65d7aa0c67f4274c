#!/usr/bin/env python3
"""Writes a directory of caption files for the `legible validate` throughput benchmark.

usage: gen_validate_corpus.py DIR [FILES] [CUES]

FILES (default 10,000) files of CUES (default 120) cues each, in rotation SRT, WebVTT and TTML,
with the kinds of faults pipelines meet (a few overlaps, short gaps, long lines, fast cues,
empty cues, mojibake) so that the rules have findings to report. Deterministic (fixed seed).
"""
import os
import random
import sys

WORDS = ("the a we you they said never always tomorrow night house river light door open close "
         "why how what where maybe listen look here there again please thank sorry wait run stop").split()


def clock(ms, sep):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}{sep}{ms % 1000:03}"


def cues(rng, count):
    t = 1000
    for k in range(count):
        duration = rng.choice([400, 1500, 2200, 3000, 4000, 9000]) if rng.random() < 0.1 else rng.randint(1200, 4500)
        words = rng.randint(3, 14)
        text = " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."
        if len(text) > 40 and rng.random() < 0.8:
            cut = text.rfind(" ", 0, 40)
            text = text[:cut] + "\n" + text[cut + 1:]
        roll = rng.random()
        if roll < 0.01:
            text = ""
        elif roll < 0.02:
            text = "CafÃ© dÃ©jÃ  vu."
        yield k + 1, t, t + duration, text
        gap = rng.choice([-300, 20, 125, 250]) if rng.random() < 0.08 else rng.randint(500, 2000)
        t += duration + gap


def srt(rng, count):
    return "\n".join(f"{k}\n{clock(a, ',')} --> {clock(b, ',')}\n{text}\n" for k, a, b, text in cues(rng, count))


def vtt(rng, count):
    return "WEBVTT\n\n" + "\n".join(f"{k}\n{clock(a, '.')} --> {clock(b, '.')}\n{text}\n" for k, a, b, text in cues(rng, count))


def ttml(rng, count):
    def esc(s):
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\n", "<br/>")
    body = "\n".join(f'      <p begin="{a}ms" end="{b}ms">{esc(text)}</p>' for k, a, b, text in cues(rng, count))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en">\n'
            f"  <body>\n    <div>\n{body}\n    </div>\n  </body>\n</tt>\n")


def main():
    target = sys.argv[1]
    files = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 120
    rng = random.Random(9)
    writers = [("srt", srt), ("vtt", vtt), ("ttml", ttml)]
    total = 0
    for n in range(files):
        ext, write = writers[n % 3]
        folder = os.path.join(target, f"{n // 1000:02}")
        os.makedirs(folder, exist_ok=True)
        data = write(rng, count).encode("utf-8")
        with open(os.path.join(folder, f"episode{n:05}.{ext}"), "wb") as f:
            f.write(data)
        total += len(data)
    print(f"{files} files, {total} bytes in {target}", file=sys.stderr)


main()
